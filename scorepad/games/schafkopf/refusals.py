"""Schafkopf's own refusals: each code with its English (the command line) and German (the app)
words, merged into the one catalogue (scorepad/refusals/) when the game is loaded; the refusals
every game shares are in scorepad/refusals/games.py. FIELD_NAMES: the German names of its own
hand keys, for a refusal's `{field}`."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

REFUSALS: dict[str, Refusal] = {
    # -- its hands --------------------------------------------------------------------------------
    "partner_missing": Refusal("a {game} needs a partner", "Mitspieler ({game})", missing=True),
    "partner_missing_is": Refusal("a {game} needs a partner ({partner_is})",
                                  "Mitspieler ({game}: wer {partner_is}?)", missing=True),
    "no_partner": Refusal("a {game} has no partner", "{game}: ohne Mitspieler"),
    "passed_alone": Refusal("a passed hand (everyone passed) has no other keys",
                            "Alle haben gepasst: sonst nichts eintragen"),
    "ramsch_only_key": Refusal('only a Ramsch (game "ramsch") has this key', "Gibt es nur beim Ramsch"),
    "augen_not_number": Refusal("must be the Augen of the player party, a whole number "
                                "(each player's Augen are for a Ramsch)",
                                "Augen der Spielerpartei als eine Zahl (Augen je Spieler gibt es beim Ramsch)"),
    "no_tout": Refusal("this table plays no Tout (tout.enabled is off at {table})",
                       "An diesem Tisch ({table}) gibt es kein Tout"),
    "tout_solo_only": Refusal("only a solo game can be played Tout, not a {game}",
                              "Tout geht nur bei einem Solo, nicht beim {game}"),
    "tricks_game_no_augen": Refusal("a {game} is won by the tricks, not the Augen: give result won or lost",
                                    "{game} zählt Stiche, keine Augen: gewonnen oder verloren eintragen"),
    "tricks_game_won_or_lost": Refusal("a {game} knows no Schneider and no Schwarz: won or lost (got {result})",
                                       "{game} kennt kein Schneider und kein Schwarz: gewonnen oder verloren (nicht {result})"),
    "tout_augen_only": Refusal("a {game} is won by the tricks already: it cannot be played Tout",
                               "{game} zählt schon die Stiche: kein Tout"),
    "no_laufende": Refusal("a {game} has no trumps, so no Laufende (got {laufende})",
                           "{game} hat keine Trümpfe, also keine Laufenden (nicht {laufende})"),
    "sie_alone": Refusal("a Sie is won on the spot: no Augen, result or Laufende",
                         "Ein Sie ist sofort gewonnen: keine Augen, kein Ergebnis, keine Laufenden"),
    "no_ramsch": Refusal("this table plays no Ramsch (ramsch.enabled is off at {table})",
                         "An diesem Tisch ({table}) wird kein Ramsch gespielt"),
    "ramsch_no_party": Refusal("a Ramsch has no player party: give each player's augen "
                               "(and jungfrauen, durchmarsch, loser)",
                               "Beim Ramsch gibt es keine Spielerpartei: Augen je Spieler eintragen "
                               "(dazu Jungfrauen, Durchmarsch, Verlierer)"),
    "durchmarsch_no_jungfrauen": Refusal("a Durchmarsch ({player}) took every trick: no jungfrauen",
                                         "Durchmarsch ({player}) hat alle Stiche: keine Jungfrauen"),
    "durchmarsch_no_loser": Refusal("a Durchmarsch ({player}) has no loser: {player} wins",
                                    "Durchmarsch ({player}): kein Verlierer, {player} gewinnt"),
    "loser_tie_missing": Refusal("is missing: {tied:and} have the most Augen ({top} each); "
                                 "name who loses by the table's tie rule",
                                 "Verlierer: {tied:und} haben die meisten Augen (je {top}); "
                                 "wer verliert, sagt die Tischregel", missing=True),
    "loser_not_top": Refusal("must be one with the most Augen ({tied}: {top}), not {loser}",
                             "muss einer mit den meisten Augen sein ({tied}: {top}), nicht {loser}"),
    "ramsch_augen_missing": Refusal("is missing: a Ramsch needs each player's Augen ({{player: n}}, summing to {total})",
                                    "Augen je Spieler (zusammen {total})", missing=True),
    "ramsch_augen_not_map": Refusal("a Ramsch needs each player's Augen ({{player: n}}), not one number (got {augen!r})",
                                    "Beim Ramsch zählen die Augen je Spieler, keine Gesamtzahl ({augen!r})"),
    "ramsch_player_augen_missing": Refusal("{player}'s Augen are missing: a Ramsch needs every player's",
                                           "Augen von {player}", missing=True),
    "player_not_whole_number": Refusal("{player}: must be a whole number (got {value!r})",
                                       "{player}: muss eine ganze Zahl sein (nicht {value!r})"),
    "player_out_of_range": Refusal("{player}: must be 0..{max} (got {value})",
                                   "{player}: muss zwischen 0 und {max} liegen (nicht {value})"),
    "player_augen_impossible": Refusal("{player}: {augen} Augen cannot be made with these cards",
                                       "{player} mit {augen:Augen}: geht sich mit den Karten nicht aus"),
    "ramsch_augen_sum": Refusal("the players' Augen must sum to {total} (got {got})",
                                "Die Augen müssen zusammen {total} ergeben (jetzt {got})"),
    "durchmarsch_augen": Refusal("{player} took every trick, so has {total} Augen (got {augen})",
                                 "{player} hat alle Stiche, also {total:Augen} (nicht {augen})"),
    "jungfrau_augen": Refusal("{player} took no trick, so has 0 Augen (got {augen})",
                              "{player} hat keinen Stich, also 0 Augen (nicht {augen})"),
    "jungfrau_twice": Refusal("names a player twice", "nennt einen Spieler doppelt"),
    "jungfrauen_all": Refusal("if every other player took no trick, it is a Durchmarsch: give durchmarsch instead",
                              "Haben alle anderen keinen Stich, ist es ein Durchmarsch: bitte Durchmarsch eintragen"),
    "klopfer_range": Refusal("is the number of players who knocked: 0..{players} (got {klopfer})",
                             "Zahl der Klopfer: 0 bis {players} (nicht {klopfer})"),
    "no_klopfen": Refusal("this table plays no Klopfen (klopfen.enabled is off at {table})",
                          "An diesem Tisch ({table}) wird nicht geklopft"),
    "augen_and_result": Refusal("give either augen or result, not both", "Entweder Augen oder Ergebnis, nicht beides"),
    "result_missing": Refusal("is missing: give the result (won, lost, ...) or the augen of the player party",
                              "Ergebnis (gewonnen, verloren, ...) oder Augen der Spielerpartei", missing=True),
    "all_tricks_result": Refusal("{all_tricks} took every trick, but the result is {result}",
                                 "{all_tricks} hat alle Stiche, das Ergebnis ist aber {result}"),
    # Preisschafkopf lists (issue 27)
    "muss_no_passing": Refusal("nobody passes at this table: when everyone says weiter, a {game} is played",
                               "Hier wird nicht zamgschmissen: sagen alle weiter, wird {game} gespielt"),
    "suit_tariff_missing": Refusal("is missing: a {game} counts by its suit, which one was played?",
                                   "Farbe ({game} zählt je nach Farbe)", missing=True),

    # -- its rule tables ---------------------------------------------------------------------------
    "ramsch_contract": Refusal("is the game of the Ramsch (table key ramsch): name the contract otherwise",
                               "ist das Spiel des Ramsch (Schlüssel ramsch): das Spiel anders nennen"),
    "not_solo_contract": Refusal("must name a solo contract of this table (got {value!r})",
                                 "muss ein Solo dieser Tabelle nennen (nicht {value!r})"),
    "not_contract": Refusal("must name a contract of this table (got {value!r})",
                            "muss ein Spiel dieser Tabelle nennen (nicht {value!r})"),
    "won_by_solo_only": Refusal("only a solo can be won by tricks (no_trick, all_tricks), not a {kind} game",
                                "nur ein Solo wird über die Stiche gewonnen (kein Stich, alle Stiche), "
                                "kein Spiel der Art {kind}"),
    "augen_without_trumps": Refusal("a game without trumps (trump_count 0) is won by taking no trick or every "
                                    "trick: won_by no_trick (Bettel) or all_tricks",
                                    "ein Spiel ohne Trümpfe (trump_count 0) gewinnt mit keinem Stich oder allen "
                                    "Stichen: won_by no_trick (Bettel) oder all_tricks"),
    "sie_laufende_off": Refusal("a Sie with its Laufende needs Laufende on (laufende.enabled)",
                                "ein Sie mit Laufenden braucht Laufende (laufende.enabled)"),
    "tariff_set_twice": Refusal("the tariff set {name!r} is named twice", "den Tarif {name!r} gibt es doppelt"),
    "tariff_set_contract": Refusal("must name a game of this table with a tariff of its own (got {value!r})",
                                   "muss ein Spiel dieser Tabelle mit eigenem Tarif nennen (nicht {value!r})"),
    # Preisschafkopf lists (issue 27)
    "muss_not_contract": Refusal("must name a game of this table that is played (got {value!r}): "
                                 "the Muss-Spiel played when everyone says weiter",
                                 "muss ein gespieltes Spiel dieser Tabelle nennen (nicht {value!r}): "
                                 "das Muss-Spiel, wenn alle weiter sagen"),
    "winners_only_with": Refusal("a table where only the winners write (writes \"winners\") has no {key}: "
                                 "there each pays the others",
                                 "Wo nur die Gewinner schreiben (writes \"winners\"), gibt es kein {key}: "
                                 "dort zahlt jeder den anderen"),
    "suit_tariffs_no_suit": Refusal("a game's suit tariffs need a game played in a suit (needs_suit)",
                                    "Tarife je Farbe brauchen ein Spiel mit Farbe (needs_suit)"),
    "above_trump_count": Refusal("must be at most trump_count ({trumps})", "höchstens trump_count ({trumps})"),
    "below_laufende_from": Refusal("must be at least laufende_from ({value})", "mindestens laufende_from ({value})"),
}

FIELD_NAMES: dict[str, str] = {
    "result": "Ergebnis",
    "durchmarsch": "Durchmarsch",
    "suit": "Farbe",
    "tout": "Tout",
    "klopfer": "Klopfer",
    "jungfrauen": "Jungfrauen",
    "loser": "Verlierer",
}
