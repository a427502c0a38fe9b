"""The refusals of tournaments: the field, the draw, the rounds, the tables' game counts."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

TOURNAMENTS: dict[str, Refusal] = {
    "no_tournament": Refusal("tournament {tournament}: no such tournament", "Turnier {tournament} gibt es nicht"),
    "tournament_name": Refusal("a tournament's name must be one line of 1 to {max} characters (got {value!r})",
                               "Der Name eines Turniers: eine Zeile mit 1 bis {max} Zeichen (nicht {value!r})"),
    "tournament_name_control": Refusal("a tournament's name holds {char}: plain text only (no control character, "
                                       "line separator or writing-direction mark)",
                                       "Der Name des Turniers enthält {char_kind} ({char}): nur einfacher Text (ohne Steuerzeichen, "
                                       "Zeilentrenner oder Schreibrichtungszeichen)"),
    "tournament_round_drawn": Refusal("round {round} is drawn already (by another draw at the same moment)",
                                      "Runde {round} ist schon ausgelost (von einer anderen Auslosung im selben "
                                      "Moment)"),
    "tournament_rounds_count": Refusal("the rounds must be a whole number from 1 to {max} (got {value!r})",
                                       "Runden: eine ganze Zahl von 1 bis {max} (nicht {value!r})"),
    "tournament_games_count": Refusal("the games per table and round must be a whole number from 1 to {max} "
                                      "(got {value!r})",
                                      "Spiele je Tisch und Runde: eine ganze Zahl von 1 bis {max} (nicht {value!r})"),
    "tournament_games_sizes": Refusal("the games per table and round: one count for every table, or one per table "
                                      "size separated by /, for tables of {sizes} in this order (got {value!r})",
                                      "Spiele je Tisch und Runde: eine Zahl für jeden Tisch, oder eine je Tischgröße, "
                                      "durch / getrennt, für Tische zu {sizes} in dieser Reihenfolge (nicht {value!r})"),
    "tournament_fee": Refusal("the lost-game fee: amounts of 0 to {max} cents for a player's 1st, 2nd, ... lost game "
                              "of a round (a Skat series), at most {steps} (got {value!r})",
                              "Verlustspielgeld: Beträge von 0 bis {max} Cent für das 1., 2., ... verlorene Spiel "
                              "eines Spielers in einer Runde (Skat: Serie), höchstens {steps} (nicht {value!r})"),
    "tournament_fee_euros": Refusal("the lost-game fee in euros, e.g. 0,50 or 0,50/0,50/0,50/1,00 (got {value!r})",
                                    "Verlustspielgeld in Euro, z. B. „0,50“ oder „0,50/0,50/0,50/1,00“ "
                                    "(nicht {value!r})"),
    "tournament_number": Refusal("a player's number must be a whole number from 1 to {max} (got {value!r})",
                                 "Startnummer: eine ganze Zahl von 1 bis {max} (nicht {value!r})"),
    "tournament_number_taken": Refusal("number {number} is {name!r}'s already", "Die Nummer {number} hat schon {name!r}"),
    "tournament_table_size": Refusal("rule table {ruleset} seats no table of {size} (it seats {allowed})",
                                     "Regeltabelle {ruleset} hat keinen Tisch für {size} Spieler (nur {allowed})"),
    "tournament_cannot_seat": Refusal("{count} players cannot be seated at tables of {usual} and {rest}",
                                      "{count} Spieler passen nicht an Tische zu {usual} und zu {rest}"),
    "tournament_finished": Refusal("tournament {tournament} is finished", "Turnier {tournament} ist beendet"),
    "tournament_rounds_done": Refusal("tournament {tournament}: all {rounds} rounds are drawn",
                                      "Turnier {tournament}: alle {rounds} Runden sind ausgelost"),
    "tournament_round_open": Refusal("tournament {tournament}: round {round} is still being played at table(s) "
                                     "{tables} (games played of games)",
                                     "Turnier {tournament}: Runde {round} läuft noch an Tisch {tables} "
                                     "(gespielt von Spielen)"),
    "tournament_no_round_open": Refusal("tournament {tournament}: no round is being played",
                                        "Turnier {tournament}: keine Runde läuft"),
    "tournament_table_complete": Refusal("evening {evening} is table {table} of round {round}: its {games} games "
                                         "are played, it takes no further hand",
                                         "Tisch {table} (Runde {round}, Abend {evening}): alle {games} Spiele "
                                         "gespielt, kein weiteres Spiel"),
    "tournament_not_a_table": Refusal("evening {evening} is no tournament's table", "Abend {evening} ist kein Turniertisch"),
    "tournament_pin_wrong": Refusal("evening {evening} (table {table} of round {round}): wrong PIN",
                                    "Tisch {table} (Runde {round}, Abend {evening}): falsche PIN"),
    "tournament_player_entered": Refusal("{name!r} is entered in tournament {tournament} already",
                                         "{name!r} spielt schon im Turnier {tournament}"),
    "tournament_player_unknown": Refusal("{name!r} is not entered in tournament {tournament}",
                                         "{name!r} spielt nicht im Turnier {tournament}"),
    "tournament_player_withdrawn": Refusal("{name!r} has withdrawn from tournament {tournament} already",
                                           "{name!r} ist vom Turnier {tournament} schon abgemeldet"),
    "tournament_export_format": Refusal("unknown tournament export format {format!r} (known: {known})",
                                        "Unbekanntes Format {format!r} (bekannt: {known})"),
    "tournament_prize_places": Refusal("the prize list's places must be a whole number from 1 to {max} (got {value!r})",
                                       "Plätze der Preisliste: eine ganze Zahl von 1 bis {max} (nicht {value!r})"),
    "tournament_round_not_drawn": Refusal("tournament {tournament}: round {round} is not drawn (drawn: {drawn})",
                                          "Turnier {tournament}: Runde {round} ist nicht ausgelost "
                                          "(ausgelost: {drawn})"),
    "tournament_option_needs": Refusal("{option} goes only with --format {format}",
                                       "{option} geht nur mit --format {format}"),
    "tournament_server_address": Refusal("the server's address must be http://HOST:PORT/ (got {value!r})",
                                         "Die Adresse des Servers: http://RECHNER:PORT/ (nicht {value!r})"),
    "organiser_only": Refusal("only the tournament's organiser may do this, on the machine that serves scorepad, "
                              "on the command line or on a phone allowed there with a code (this phone is not)",
                              "Das darf nur der Veranstalter: am Rechner, auf dem scorepad läuft, oder auf einem "
                              "Handy, das dort mit einem Code zugelassen wurde"),
    "organiser_code_here": Refusal("only the machine that serves scorepad (or the command line) makes organiser "
                                   "codes and allows or revokes organiser phones",
                                   "Codes und Organisator-Handys gibt es nur am Rechner, auf dem scorepad läuft"),
    "organiser_code_none": Refusal("no organiser code is valid now: make a new one on the machine that serves scorepad",
                                   "Gerade gilt kein Code: am Organisator-Laptop einen neuen machen"),
    "organiser_code_wrong": Refusal("wrong organiser code", "Falscher Code"),
    "organiser_code_wait": Refusal("too many wrong organiser codes from this phone or its network: next try in "
                                   "{minutes} min",
                                   "Zu viele falsche Codes von diesem Handy oder aus seinem Netz: nächster Versuch "
                                   "in {minutes} min"),
}
