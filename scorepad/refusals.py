"""Every refusal scorepad gives, once: a code, the command line's English and the app's German.

A refusal is raised with a code and its parameters (see scorepad/errors.py); the words live only
here, so the command line's line and the phone's text come from one source and never drift apart.
`missing` marks a refusal that only says something is not entered yet (the form is not finished)
rather than that an entry breaks a rule: the app shows those as "Noch offen: ...".

A German template may use `{field}`, the German name of the refused key (FIELD_NAMES), besides the
parameters the English template uses. A parameter given as `Names` is a list of names joined by
the format spec: `{tied:and}` "Hias and Wast", `{tied:und}` "Hias und Wast", `{tied}` "Hias, Wast".
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Refusal(NamedTuple):
    english: str
    german: str
    missing: bool = False


class Names(tuple):
    """Names in a refusal: the template says how to join them (`:and`, `:und`, `:or`, `:oder`)."""

    JOINERS = {"": ", ", "and": " and ", "und": " und ", "or": " or ", "oder": " oder "}

    def __format__(self, spec: str) -> str:
        return self.JOINERS[spec].join(str(n) for n in self)


# the German names of hand keys (the part before any "." or "["), for `{field}`
FIELD_NAMES = {
    "game": "Spiel", "player": "Spieler", "partner": "Mitspieler", "result": "Ergebnis", "augen": "Augen",
    "bid": "Grunzer", "points": "Punkte", "tricks": "Stiche", "bids": "Ansagen", "participants": "Wer geht mit",
    "achterbrief_loser": "Verlierer des Achterbriefs", "weg_order": "Reihenfolge beim Weggehen",
    "announcement": "Ansage", "durchmarsch": "Durchmarsch", "laufende": "Laufende", "all_tricks": "Alle Stiche",
    "suit": "Farbe", "tout": "Tout", "klopfer": "Klopfer", "jungfrauen": "Jungfrauen", "loser": "Verlierer",
    "penalties": "Strafen", "aside_augen": "Augen im Weggelegten", "passed": "Gepasst", "vergeben": "Vergeben",
    "kontra": "Kontra", "re": "Re", "hand": "Spiel", "players": "Spieler", "name": "Name",
    "place": "Ort", "note": "Notiz",
}


def field_name(key: str) -> str:
    """The German name of a key path ("tricks.Vroni" -> "Stiche"); the key itself if unknown."""
    return FIELD_NAMES.get(key.split(".")[0].split("[")[0], key) if key else ""


CATALOGUE: dict[str, Refusal] = {
    # -- any key checked by its type (pydantic, see errors.describe_validation_error) ----------
    "key_missing": Refusal("is missing", "{field}", missing=True),
    "unknown_key": Refusal("is not a known key here", "gibt es hier nicht"),
    "not_whole_number": Refusal("must be a whole number (got {value!r})", "muss eine ganze Zahl sein (nicht {value!r})"),
    "not_bool": Refusal("must be true or false (got {value!r})", "muss ja oder nein sein (nicht {value!r})"),
    "not_text": Refusal("must be text (got {value!r})", "muss ein Text sein (nicht {value!r})"),
    "not_object": Refusal("must be an object (got {value!r})", "muss ein Objekt sein (nicht {value!r})"),
    "not_list": Refusal("must be a list (got {value!r})", "muss eine Liste sein (nicht {value!r})"),
    "not_allowed_value": Refusal("must be {expected} (got {value!r})", "erlaubt: {expected} (nicht {value!r})"),
    "too_small": Refusal("must be {ge} or more (got {value!r})", "mindestens {ge} (nicht {value!r})"),
    "too_large": Refusal("must be {le} or less (got {value!r})", "höchstens {le} (nicht {value!r})"),
    "empty": Refusal("must not be empty", "darf nicht leer sein"),
    "invalid": Refusal("{reason}", "ungültig: {reason}"),
    "out_of_range": Refusal("must be 0..{max} (got {value})", "muss zwischen 0 und {max} liegen (nicht {value})"),

    # -- every game ---------------------------------------------------------------------------
    "hand_not_object": Refusal("must be an object of hand keys (got {type})",
                               "muss ein Objekt aus Spiel-Angaben sein (nicht {type})"),
    "not_plain_json": Refusal("must be plain JSON ({reason})", "geht nicht als JSON ({reason})"),
    "game_missing": Refusal("is missing ({playable})", "Spiel ({playable})", missing=True),
    "game_unknown": Refusal("unknown game {game!r} (known: {playable})", "Unbekanntes Spiel {game!r} (bekannt: {playable})"),
    "game_off": Refusal("{game} is not played at this table ({table})", "{game} wird an diesem Tisch ({table}) nicht gespielt"),
    "not_a_player": Refusal("{name!r} is not a player of this evening ({players})",
                            "{name!r} spielt heute nicht mit ({players})"),
    "sits_out": Refusal("{name!r} sits out this hand ({dealer} deals; in play: {in_play})",
                        "{name!r} setzt dieses Spiel aus ({dealer} gibt; es spielen {in_play})"),
    "player_missing": Refusal("is missing: who played the game?", "Spieler", missing=True),
    "partner_is_player": Refusal("the partner cannot be the player ({player})",
                                 "Der Mitspieler kann nicht der Spieler sein ({player})"),
    "partner_missing": Refusal("a {game} needs a partner", "Mitspieler ({game})", missing=True),
    "partner_missing_is": Refusal("a {game} needs a partner ({partner_is})",
                                  "Mitspieler ({game}: wer {partner_is}?)", missing=True),
    "no_partner": Refusal("a {game} has no partner", "{game}: ohne Mitspieler"),
    "doppel_partner_missing": Refusal("a {game} needs a partner", "Mitspieler beim {game}", missing=True),
    "solo_no_partner": Refusal("a {game} is a Solo: no partner", "{game} ist ein Solo: ohne Mitspieler"),
    "augen_impossible": Refusal("{augen} Augen cannot be made with these cards",
                                "{augen} Augen gehen sich mit den Karten nicht aus"),
    "augen_impossible_opponents": Refusal(
        "{augen} Augen cannot be made with these cards: the opponents would have {opponents}",
        "{augen} Augen gehen sich nicht aus: die Gegenspieler hätten {opponents}"),
    "all_tricks_player": Refusal("the player party took every trick, so it has {in_play} Augen (got {augen})",
                                 "Alle Stiche heißt {in_play} Augen (nicht {augen})"),
    "all_tricks_opponents": Refusal("the opponents took every trick, so the player party has 0 Augen (got {augen})",
                                    "Gegenspieler alle Stiche heißt 0 Augen (nicht {augen})"),
    "too_many_laufende": Refusal("a {game} has only {trumps} trumps (got {laufende})",
                                 "{game} hat nur {trumps} Trümpfe (nicht {laufende} Laufende)"),

    # -- Kontra, Re and the rest of the chain ---------------------------------------------------
    "chain_not_allowed": Refusal("a {game} knows no {step}", "Beim {game} gibt es kein {step}"),
    "chain_order": Refusal("{step} only comes after a {previous}", "{step} erst nach {previous}"),
    "chain_from_opponent": Refusal("{step} comes from an opponent, not from {who}",
                                   "{step} kommt von den Gegenspielern, nicht von {who}"),
    "chain_from_party": Refusal("{step} comes from the player party, not from {who}",
                                "{step} kommt von der Spielerpartei, nicht von {who}"),

    # -- Schafkopf --------------------------------------------------------------------------------
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
                                       "{player}: {augen} Augen gehen sich mit den Karten nicht aus"),
    "ramsch_augen_sum": Refusal("the players' Augen must sum to {total} (got {got})",
                                "Die Augen müssen zusammen {total} ergeben (jetzt {got})"),
    "durchmarsch_augen": Refusal("{player} took every trick, so has {total} Augen (got {augen})",
                                 "{player} hat alle Stiche, also {total} Augen (nicht {augen})"),
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

    # -- Saukopf ----------------------------------------------------------------------------------
    "passed_alone_saukopf": Refusal("a hand that is passed has no other keys",
                                    "Alle haben gepasst: sonst nichts eintragen"),
    "vergeben_alone": Refusal("a hand that is vergeben has no other keys", "Vergeben: sonst nichts eintragen"),
    "augen_missing": Refusal("is missing: the Augen of the player party", "Augen der Spielerpartei", missing=True),
    "bid_missing": Refusal("is missing: {game} needs the Grunzer ({min}..{max} or schwarz)",
                           "Grunzer für {game} ({min}..{max} oder schwarz)", missing=True),
    "bid_out_of_range": Refusal("must be {lowest}..{highest} or schwarz (got {bid})",
                                "muss zwischen {lowest} und {highest} liegen oder schwarz sein (nicht {bid})"),
    "bid_needs_schwarz": Refusal("{game} needs the bid schwarz", "{game} geht nur schwarz"),
    "bid_too_low": Refusal("{game} needs a bid of {min} or more", "{game} braucht mindestens {min}"),
    "bid_too_high": Refusal("{game} allows a bid of at most {max} (got {bid})", "{game} erlaubt höchstens {max} (nicht {bid})"),
    "no_chosen_trump": Refusal("{game} has no trump suit of the player's choice",
                               "Beim {game} sucht sich der Spieler keine Trumpffarbe aus"),
    "no_chosen_card": Refusal("{game} has no trump card of the player's choice",
                              "Beim {game} sucht sich der Spieler keine Trumpfkarte aus"),
    "not_a_card": Refusal("{value!r} is not a card of this deck (like {example!r})",
                          "{value!r} ist keine Karte dieses Blatts (so: {example!r})"),
    "no_aside": Refusal("no cards are laid aside at {table} (got {aside})",
                        "Bei {table} werden keine Karten weggelegt (nicht {aside})"),
    "aside_impossible": Refusal("{cards} cards laid aside cannot hold {aside} Augen",
                                "{cards} weggelegte Karten haben nie {aside} Augen"),

    # -- Zaisertshofer Ramsch ---------------------------------------------------------------------
    "penalty_must_play": Refusal("{player} has {penalty}, so must take part in the hand", "{player} hat {penalty} und muss mitgehen"),
    "penalty_not_out": Refusal("{penalty}: {player} did not go out in this hand", "{penalty}: {player} ist in diesem Spiel nicht weg"),
    "penalty_unknown": Refusal("unknown penalty {kind!r} (known: {known})", "Unbekannte Strafe {kind!r} (bekannt: {known})"),
    "penalty_dealer": Refusal("{penalty} is the dealer's penalty: {dealer} deals this hand, not {player}",
                              "{penalty} trifft den Geber: {dealer} gibt, nicht {player}"),
    "penalty_requires_weg": Refusal("{penalty}: {player} is not weg", "{penalty}: {player} ist nicht weg"),
    "penalty_weg": Refusal("{player} is weg and cannot get {penalty}", "{player} ist weg: kein {penalty}"),
    "named_twice": Refusal("{player} is named twice", "{player} steht doppelt da"),
    "weg_cannot_play": Refusal("{player} is weg and cannot take part", "{player} ist weg und kann nicht mitgehen"),
    "too_few_participants": Refusal("at least {min} must take part (got {got})", "Mindestens {min} müssen mitgehen (jetzt {got})"),
    "sat_out": Refusal("{player} sat this hand out and took no trick", "{player} ist nicht mitgegangen: kein Stich"),
    "participant_tricks_missing": Refusal("{players} missing: give each participant's tricks (0 too)",
                                          "Stiche von {players} (auch 0)", missing=True),
    "ramsch_tricks_sum": Refusal("the tricks must add up to {cards} (got {total})",
                                 "Die Stiche müssen zusammen {cards} ergeben (jetzt {total})"),
    "weg_order_missing": Refusal("is missing: {players} all went out in this hand; "
                                 "say in which order (the last one gets the Bolla)",
                                 "Reihenfolge beim Weggehen: {players} sind alle weg; wer zuletzt, kriegt die Bolla",
                                 missing=True),
    "weg_order_wrong": Refusal("must name exactly who went out in this hand ({players})",
                               "genau die, die in diesem Spiel weg sind ({players})"),

    # -- Schwarze Sau -----------------------------------------------------------------------------
    "achterbrief_not_owed": Refusal("no Achterbrief is owed: nobody is tied over {limit}",
                                    "Kein Achterbrief fällig: keiner steht gleich über {limit}"),
    "achterbrief_missing": Refusal("is missing: an Achterbrief between {between:and} is owed before the next round",
                                   "Verlierer des Achterbriefs zwischen {between:und}", missing=True),
    "achterbrief_alone": Refusal("an Achterbrief entry has no other keys", "Beim Achterbrief sonst nichts eintragen"),
    "achterbrief_not_between": Refusal("{loser!r} did not play the Achterbrief ({between:and})",
                                       "{loser!r} hat den Achterbrief nicht gespielt ({between:und})"),
    "one_special_result": Refusal("a round has one special result: an announced Durchmarsch goes under "
                                  "announcement, and a Durchmarsch leaves no Jungfrau",
                                  "Eine Runde hat nur ein besonderes Ergebnis: ein angesagter Durchmarsch gehört "
                                  "zur Ansage, und bei einem Durchmarsch gibt es keine Jungfrau"),
    "points_missing": Refusal("is missing: the card points of each player this round",
                              "Punkte jedes Spielers in dieser Runde", missing=True),
    "player_points_missing": Refusal("{players} missing: give every player's points (0 too)",
                                     "Punkte von {players} (auch 0)", missing=True),
    "points_sum": Refusal("a round's points sum to {sum} (got {total})",
                          "Die Punkte einer Runde ergeben zusammen {sum} (jetzt {total})"),
    "points_sum_stock": Refusal("a round's points sum to {sums} ({round_total} less what the Stock holds) (got {total})",
                                "Die Punkte einer Runde ergeben zusammen {sums} ({round_total} weniger, was im Stock liegt) "
                                "(jetzt {total})"),
    "durchmarsch_points": Refusal("{player} took every trick, so nobody else has points",
                                  "{player} hat alle Stiche: die anderen haben 0"),
    "jungfrau_points": Refusal("{player} made the Jungfrau (no trick), so has no points",
                               "{player} hat die Jungfrau gemacht (kein Stich), also 0 Punkte"),

    # -- Struliwuli -------------------------------------------------------------------------------
    "cards_out_of_range": Refusal("must be 0..{cards}: this hand has {cards} cards (got {value})",
                                  "muss zwischen 0 und {cards} liegen: es gibt {cards} Karten (nicht {value})"),
    "bids_missing": Refusal("{players} missing: give every player's bids (0 too)",
                            "Ansagen von {players} (auch 0)", missing=True),
    "tricks_missing": Refusal("{players} missing: give every player's tricks (0 too)",
                              "Stiche von {players} (auch 0)", missing=True),
    "neukirchner": Refusal("Neukirchner rule: the dealer {dealer} may not bid {bid}, "
                           "the bids would add up to the {cards} cards",
                           "Neukirchner Regel: {dealer} darf nicht {bid} ansagen, sonst geht es sich mit {cards} Karten aus"),
    "tricks_sum": Refusal("the tricks must add up to the {cards} cards of this hand (got {total})",
                          "Die Stiche müssen zusammen {cards} ergeben (jetzt {total})"),

    # -- session files and players ----------------------------------------------------------------
    "duplicate_key": Refusal("is given twice (a key counts once: which one is meant?)",
                             "steht doppelt da (welcher Wert gilt?)"),
    "broken_character": Refusal("holds a broken character (a lone surrogate {char}): not real text",
                                "enthält ein kaputtes Zeichen ({char}): kein echter Text"),
    "too_many_hands": Refusal("{count} hands, more than any real evening (at most {limit})",
                              "{count} Spiele, mehr als jeder echte Abend (höchstens {limit})"),
    "name_too_long": Refusal("{name!r} is longer than {max} characters", "{name!r} ist länger als {max} Zeichen"),
    "file_not_object": Refusal("must be a JSON object with format, ruleset, players and hands",
                               "muss ein JSON-Objekt mit format, ruleset, players und hands sein"),
    "format_wrong": Refusal("must be {format} (got {got!r}): this scorepad reads format {format}",
                            "muss {format} sein (nicht {got!r}): dieses scorepad liest Format {format}"),
    "not_json": Refusal("not JSON: line {line}, column {column}: {reason}",
                        "kein JSON: Zeile {line}, Spalte {column}: {reason}"),
    "json_unreadable": Refusal("cannot be read as JSON: {reason}", "als JSON nicht lesbar: {reason}"),
    "seat_name_empty": Refusal("a name must not be empty", "Ein Name darf nicht leer sein"),
    "name_empty": Refusal("a player's name must not be empty", "Ein Spielername darf nicht leer sein"),
    "name_spaces": Refusal("{name!r} has spaces at its start or end", "{name!r} hat Leerzeichen am Anfang oder Ende"),
    "name_control": Refusal("{name!r} has a line break or another control character",
                            "{name!r} enthält einen Zeilenumbruch oder ein Steuerzeichen"),
    "name_twice": Refusal("the same name twice: {first!r} and {second!r}", "Derselbe Name zweimal: {first!r} und {second!r}"),
    "player_count": Refusal("{table} is played by {allowed:or} players (got {count})",
                            "{table} spielt man zu {allowed:oder} (jetzt {count})"),
    "dealer_not_player": Refusal("{name!r} is not one of the players", "{name!r} spielt nicht mit"),

    # -- an evening's place and note (scorepad/texts.py) ------------------------------------------
    "text_line_break": Refusal("must be one line (no line break)", "{field}: nur eine Zeile, ohne Zeilenumbruch"),
    "text_control": Refusal("holds {char}: plain text only (no tab, control character or writing-direction mark)",
                            "{field} enthält {char}: nur einfacher Text (ohne Tabulator, Steuerzeichen "
                            "oder Schreibrichtungszeichen)"),
    "text_too_many_lines": Refusal("has {lines} lines, at most {max}", "{field}: höchstens {max} Zeilen (jetzt {lines})"),
    "text_too_long": Refusal("is {length} characters long, at most {max}",
                             "{field}: höchstens {max} Zeichen (jetzt {length})"),
    # a notice, not a refusal: a session file of an earlier release (which took any text) is read
    "text_fitted": Refusal("made to fit (at most {max} characters on {max_lines} line(s), no control characters); "
                           "kept as {shown!r}",
                           "{field} angepasst (höchstens {max} Zeichen auf {max_lines} Zeile(n), ohne Steuerzeichen): "
                           "{shown!r}"),

    # -- rule tables ------------------------------------------------------------------------------
    "no_such_file": Refusal("no such file", "Datei nicht gefunden"),
    "toml_invalid": Refusal("not valid TOML: {reason}", "kein gültiges TOML: {reason}"),
    "toml_not_utf8": Refusal("not UTF-8 text: {reason} at byte {byte}", "kein UTF-8-Text: {reason} bei Byte {byte}"),
    "cannot_read": Refusal("cannot read: {reason}", "nicht lesbar: {reason}"),
    "extends_not_id": Refusal("must be the id of another table", "muss die id einer anderen Tabelle sein"),
    "extends_circle": Refusal("tables extend each other in a circle ({chain})", "Tabellen erweitern sich im Kreis ({chain})"),
    "extends_unknown": Refusal("no table with the id {id!r}", "Keine Tabelle mit der id {id!r}"),
    "family_missing": Refusal("is missing: one of schafkopf, saukopf, schwarze_sau, struliwuli, ramsch "
                              "(or `extends` naming a table)",
                              "fehlt: schafkopf, saukopf, schwarze_sau, struliwuli oder ramsch "
                              "(oder `extends` mit einer Tabelle)"),
    "family_unknown": Refusal("must be one of schafkopf, saukopf, schwarze_sau, struliwuli, ramsch",
                              "muss schafkopf, saukopf, schwarze_sau, struliwuli oder ramsch sein"),
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
    "above_trump_count": Refusal("must be at most trump_count ({trumps})", "höchstens trump_count ({trumps})"),
    "below_laufende_from": Refusal("must be at least laufende_from ({value})", "mindestens laufende_from ({value})"),
    "chain_key_twice": Refusal("{key!r} appears twice", "{key!r} kommt doppelt vor"),
    "chain_alternates": Refusal("must be {want!r}: the chain alternates, starting with the opponents",
                                "muss {want!r} sein: abwechselnd, zuerst die Gegenspieler"),
    "bid_limit_range": Refusal("must be {lo}..{hi} or 'schwarz' (got {value})",
                               "muss zwischen {lo} und {hi} liegen oder 'schwarz' sein (nicht {value})"),
    "min_above_max": Refusal("must not be above max_bid ({max})", "darf nicht über max_bid ({max}) liegen"),
    "threshold_needed": Refusal("is needed for the condition {when!r}", "wird für die Bedingung {when!r} gebraucht"),
    "seat_missing": Refusal("is missing: the table allows {players} players",
                            "fehlt: die Tabelle erlaubt {players} Spieler"),
    "seat_cards": Refusal("{players} x {cards} cards + {stock} in the Stock is not {deck}",
                          "{players} x {cards} Karten + {stock} im Stock ergibt nicht {deck}"),
    "seat_cards_too_many": Refusal("{players} x {cards} cards is more than the deck of {deck}",
                                   "{players} x {cards} Karten sind mehr als das Blatt mit {deck}"),
    "sitting_out_not_played": Refusal("{game} is played by everyone at the table: nobody sits out a hand",
                                      "{game} spielen alle am Tisch mit: niemand setzt ein Spiel aus"),
    "sitting_out_how_many": Refusal("with {count} at the table and {in_play} in a hand, {out} sit out",
                                    "bei {count} am Tisch und {in_play} im Spiel setzen {out} aus"),
    "sitting_out_seat": Refusal("each seat once, counted from the dealer: 0..{last} with {count} at the table",
                                "jeder Platz einmal, vom Geber aus gezählt: 0 bis {last} bei {count} am Tisch"),
    "sitting_out_missing": Refusal("{count} players are allowed, but who of them sits out is not said "
                                   "({in_play} play a hand)",
                                   "{count} Spieler sind erlaubt, aber nicht, wer von ihnen aussetzt "
                                   "({in_play} spielen ein Spiel)"),
    "players_below_in_play": Refusal("{count} players are fewer than the {in_play} of a hand",
                                     "{count} Spieler sind weniger als die {in_play} eines Spiels"),
    "hand_players": Refusal("{game} is played by {plays:or} in a hand, {count} at the table would all play "
                            "(sitting_out says who sits out)",
                            "{game} spielen {plays:oder} ein Spiel; bei {count} am Tisch würden alle mitspielen "
                            "(sitting_out sagt, wer aussetzt)"),
    "tally_required": Refusal("must include {tally!r}: the {family} family keeps it",
                              "muss {tally!r} enthalten: die Familie {family} führt sie"),
    "tally_unknown": Refusal("{tally!r} is not one of the table's tallies", "{tally!r} wird an dieser Tabelle nicht geführt"),
    "ruleset_unknown": Refusal("unknown ruleset {ruleset!r} (known: {known})", "Unbekannter Regelsatz {ruleset!r} (bekannt: {known})"),
    "variant_id": Refusal("must be the session's ruleset {ruleset!r} (got {got!r})",
                          "muss der Regelsatz des Abends sein, {ruleset!r} (nicht {got!r})"),
    "variant_builtin": Refusal("{ruleset!r} is a built-in table, not a house variant",
                               "{ruleset!r} ist eine eingebaute Tabelle, keine Hausregel"),
    "options_not_object": Refusal("must be an object of table values to override",
                                  "muss ein Objekt mit zu ändernden Tabellenwerten sein"),
    "option_fixed": Refusal("cannot be overridden by a session", "lässt sich für einen Abend nicht ändern"),
    "house_name_missing": Refusal("a house variant needs a name", "Die Hausregel braucht einen Namen"),
    "house_extends": Refusal("a house variant names the built-in table it changes ({known})",
                             "Eine Hausregel nennt die eingebaute Tabelle, die sie ändert ({known})"),
    "house_not_changes": Refusal("cannot be kept as changes to its built-in table",
                                 "lässt sich nicht als Änderung der eingebauten Tabelle speichern"),
    "house_id_form": Refusal("a house variant's id is small letters, digits and dashes (got {id!r}): "
                             "write id = \"{write}\", or leave the id out (it is then {own!r})",
                             "Die Kennung einer Hausregel besteht aus Kleinbuchstaben, Ziffern und Bindestrichen "
                             "(nicht {id!r}): id = \"{write}\" schreiben oder weglassen (dann {own!r})"),
    "house_id_builtin": Refusal("{id!r} is the built-in table {other!r}: write another id, or leave the id out "
                                "(it is then {own!r})",
                                "{id!r} ist die eingebaute Tabelle {other!r}: eine andere Kennung schreiben "
                                "oder weglassen (dann {own!r})"),
    "house_id_taken_id": Refusal("its id {id!r} is already that of {other!r}: write another id, or leave the id "
                                 "out (it is then {own!r})",
                                 "Die Kennung {id!r} hat schon {other!r}: eine andere schreiben oder weglassen "
                                 "(dann {own!r})"),
    "house_id_taken": Refusal("its id {id!r} is already that of {other!r}; choose another name",
                              "Ihre Kennung {id!r} hat schon {other!r}; bitte einen anderen Namen wählen"),
    "no_house_variant": Refusal("no house variant named {name!r}", "Keine Hausregel namens {name!r}"),
    "no_rule_table": Refusal("no rule table {ruleset!r} (known: {known})", "Keine Regeltabelle {ruleset!r} (bekannt: {known})"),

    # -- evenings, players, the store -------------------------------------------------------------
    "stale_version": Refusal("evening {evening}: Inzwischen wurde ein Spiel eingetragen oder geändert "
                             "(version {found}, you had {expected}); reload and try again",
                             "Abend {evening}: Inzwischen wurde ein Spiel eingetragen oder geändert "
                             "(Stand {found}, hier noch {expected}); bitte neu laden und nochmal"),
    "evening_already_finished": Refusal("evening {evening} is already finished", "Abend {evening} ist schon abgeschlossen"),
    "evening_not_finished": Refusal("evening {evening} is not finished", "Abend {evening} ist noch nicht abgeschlossen"),
    "evening_finished": Refusal("evening {evening} is finished; reopen it to change its hands",
                                "Abend {evening} ist abgeschlossen; zum Ändern erst wieder öffnen"),
    "nothing_to_undo": Refusal("evening {evening}: nothing to undo", "Abend {evening}: nichts mehr rückgängig zu machen"),
    "nothing_to_redo": Refusal("evening {evening}: nothing to redo", "Abend {evening}: nichts zum Wiederholen"),
    "not_your_change_undo": Refusal(
        "evening {evening}: cannot undo: the last change (hand {number}) was made on another phone; "
        "a phone can only undo its own last change",
        "Abend {evening}: Spiel {number} hat zuletzt ein anderes Handy eingetragen oder geändert; "
        "Rückgängig nimmt nur die eigene letzte Änderung zurück"),
    "not_your_change_redo": Refusal(
        "evening {evening}: cannot redo: hand {number} was undone on another phone; "
        "only that phone can redo it",
        "Abend {evening}: Spiel {number} hat ein anderes Handy zurückgenommen; nur dort geht Wiederherstellen"),
    "no_hand_number": Refusal("evening {evening}: no hand {number!r} (hand numbers are whole numbers from 1)",
                              "Abend {evening}: kein Spiel {number!r} (Spiele zählen ab 1)"),
    "no_evening": Refusal("evening {evening}: no such evening", "Abend {evening} gibt es nicht"),
    "no_hand": Refusal("evening {evening}: no hand {number} (it has {count})", "Abend {evening}: kein Spiel {number} (es gibt {count})"),
    "log_hands_mismatch": Refusal("evening {evening}: the change log does not match its hands (hand {number} of {count})",
                                  "Abend {evening}: die Änderungsliste passt nicht zu den Spielen (Spiel {number} von {count})"),
    "log_undo_mismatch": Refusal("evening {evening}: the change log does not match its undo history (change {change})",
                                 "Abend {evening}: die Änderungsliste passt nicht zum Rückgängig-Verlauf (Änderung {change})"),
    "written_meanwhile": Refusal("evening {evening}: changed by another writer during this change; try again",
                                 "Abend {evening}: gleichzeitig woanders geändert; bitte nochmal"),
    "no_player_named": Refusal("no player named {name!r}", "Kein Spieler namens {name!r}"),
    "player_exists": Refusal("there is already a player named {name!r}", "Es gibt schon einen Spieler namens {name!r}"),
    "rename_changes_score": Refusal("cannot rename {pairs}: the name is used in the hands for something else "
                                    "than the player, so the evening would score differently",
                                    "Umbenennen geht nicht ({pairs}): der Name steht in den Spielen auch für etwas "
                                    "anderes, der Abend käme anders heraus"),
    "rename_no_replay": Refusal("cannot rename {name!r}: evening {evening} does not replay ({reason})",
                                "{name!r} umbenennen geht nicht: Abend {evening} lässt sich nicht nachrechnen ({reason})"),
    "pin_format": Refusal("a PIN is exactly four digits", "Eine PIN hat genau vier Ziffern"),
    "pin_wait": Refusal("evening {evening}: too many wrong PINs: the next try in {minutes} min",
                        "Abend {evening}: zu viele falsche PINs, nächster Versuch in {minutes} min"),
    "no_pen": Refusal("evening {evening}: this phone does not keep score: enter the evening's PIN first "
                      "(a new PIN takes the pen from every other phone)",
                      "Abend {evening}: nicht gespeichert, zum Eintragen braucht dieses Handy die PIN des Abends "
                      "(eine neue PIN nimmt sie allen anderen Handys); nach der PIN geht es weiter"),
    "pin_only_here": Refusal("evening {evening}: the PIN is shown and drawn anew only to the pen's holder and on "
                             "the machine that serves scorepad",
                             "Abend {evening}: die PIN zeigt und würfelt nur das Handy, das schreibt, oder der "
                             "Rechner, auf dem scorepad läuft"),
    "house_variant_in_use": Refusal("house rules {name!r} are played in evening {evening}: only a phone that keeps "
                                    "its score, or the machine that serves scorepad, may change them (save them "
                                    "under a new name)",
                                    "Die Hausregeln {name!r} gelten an Abend {evening}: ändern nur mit dessen PIN "
                                    "oder am Rechner, auf dem scorepad läuft (unter neuem Namen speichern geht)"),
    "rename_needs_pen": Refusal("cannot rename {name!r} from this phone: evening {evening} is not this phone's "
                                "to change (rename on the machine that serves scorepad)",
                                "{name!r} umbenennen geht nur mit der PIN von Abend {evening} oder am Rechner, "
                                "auf dem scorepad läuft"),
    "export_format_unknown": Refusal("unknown export format {format!r} (known: {known})",
                                     "Unbekanntes Exportformat {format!r} (bekannt: {known})"),
    "export_table_changed": Refusal("evening {evening}: the built-in table {ruleset!r} has changed since the "
                                    "evening was started in a way a session file (format 1) cannot carry",
                                    "Abend {evening}: die eingebaute Tabelle {ruleset!r} hat sich seit Beginn "
                                    "des Abends so geändert, dass eine Sitzungsdatei (Format 1) das nicht abbildet"),
    "not_a_date": Refusal("{value!r} is not a date (give 2026-11-29 or 2026-11-29T19:30:00+01:00)",
                          "{value!r} ist kein Datum (z. B. 2026-11-29 oder 2026-11-29T19:30:00+01:00)"),
    "png_needs_file": Refusal("export: png is a picture: give -o FILE or redirect the output",
                              "Export: PNG ist ein Bild: mit -o DATEI speichern oder die Ausgabe umleiten"),
    "not_a_day": Refusal("since: {value!r} is not a day (give 2026-11-29 or 29.11.2026)",
                         "seit: {value!r} ist kein Tag (z. B. 29.11.2026 oder 2026-11-29)"),
    "store_busy": Refusal("{path}: busy: another scorepad kept it locked for {seconds:g} s; nothing was stored, try again",
                          "{path}: belegt: ein anderes scorepad hielt die Datei {seconds:g} s gesperrt; "
                          "nichts gespeichert, bitte nochmal"),
    "store_failed": Refusal("{path}: {reason}", "{path}: Fehler der Datenbank: {reason}"),
    "store_cannot_open": Refusal("{path}: cannot open: {reason}", "{path}: lässt sich nicht öffnen: {reason}"),
    "store_too_new": Refusal("{path}: schema version {found} is newer than this scorepad understands "
                             "({supported}); update scorepad to open it (the file was not changed)",
                             "{path}: Schema-Version {found} ist neuer als dieses scorepad ({supported}); "
                             "bitte scorepad aktualisieren (die Datei blieb unverändert)"),
    "store_disk_full": Refusal("{path}: the disk is full: nothing was stored, and the file is fine "
                               "(free some space and try again; show, export, evenings and stats still work)",
                               "{path}: Speicher voll: nichts gespeichert, die Datei ist in Ordnung "
                               "(Platz schaffen und nochmal; anschauen geht weiter)"),
    "store_read_only": Refusal("{path}: no permission to write ({reason}): nothing was stored, and the file is "
                               "fine (show, export, evenings and stats still work)",
                               "{path}: keine Schreibrechte ({reason}): nichts gespeichert, die Datei ist in "
                               "Ordnung (anschauen geht weiter)"),
    "store_io_error": Refusal("{path}: the disk could not be read or written ({reason}): nothing was stored, "
                              "and the file itself is likely fine; check the disk and try again",
                              "{path}: Fehler beim Lesen oder Schreiben des Speichers ({reason}): nichts "
                              "gespeichert, die Datei ist wohl in Ordnung; Speicher prüfen und nochmal"),
    "hand_damaged": Refusal("evening {evening}: hand {number} is damaged in the file ({reason}); "
                            "`scorepad check --repair` moves it aside",
                            "Abend {evening}: Spiel {number} ist in der Datei beschädigt ({reason}); "
                            "`scorepad check --repair` legt es beiseite"),
    "hands_gap": Refusal("evening {evening}: hand {number} is missing from the file (after hand {before} "
                         "comes hand {after}); `scorepad check --repair` numbers the hands again",
                         "Abend {evening}: Spiel {number} fehlt in der Datei (nach Spiel {before} kommt "
                         "Spiel {after}); `scorepad check --repair` zählt die Spiele neu"),
    "hand_unscorable": Refusal("evening {evening}: hand {number} no longer scores ({key}: {reason}); "
                               "`scorepad check --repair` moves it aside",
                               "Abend {evening}: Spiel {number} lässt sich nicht mehr werten ({key}: {reason}); "
                               "`scorepad check --repair` legt es beiseite"),
    "rule_table_damaged": Refusal("evening {evening}: its stored rule table is damaged ({reason}); "
                                  "`scorepad check --repair` rebuilds it from the ruleset and options",
                                  "Abend {evening}: die gespeicherte Regeltabelle ist beschädigt ({reason}); "
                                  "`scorepad check --repair` baut sie neu"),
    "options_damaged": Refusal("evening {evening}: its stored options are damaged ({reason}); "
                               "`scorepad check --repair` rebuilds them from the rule table",
                               "Abend {evening}: die gespeicherten Tabellenwerte sind beschädigt ({reason}); "
                               "`scorepad check --repair` baut sie neu"),
    "change_damaged": Refusal("evening {evening}: change {change} of the change log is damaged ({reason}); "
                              "`scorepad check --repair` closes the undo history before it",
                              "Abend {evening}: Änderung {change} der Änderungsliste ist beschädigt ({reason}); "
                              "`scorepad check --repair` schließt den Rückgängig-Verlauf davor ab"),
    "store_not_scorepad": Refusal("{path}: not a scorepad file ({reason})", "{path}: keine scorepad-Datei ({reason})"),
    "store_no_schema": Refusal("{path}: not a scorepad file (it has tables but no scorepad schema version)",
                               "{path}: keine scorepad-Datei (Tabellen da, aber keine scorepad-Schema-Version)"),
    "store_upgrade_failed": Refusal("{path}: cannot upgrade from schema version {found}: {reason} "
                                    "(the file was not changed; a copy is at {backup})",
                                    "{path}: Umstellen von Schema-Version {found} ging nicht: {reason} "
                                    "(die Datei blieb unverändert; eine Kopie liegt in {backup})"),

    # -- the command line -------------------------------------------------------------------------
    "file_cannot_read": Refusal("{file}: cannot read: {reason}", "{file}: nicht lesbar: {reason}"),
    "file_not_utf8": Refusal("{file}: not UTF-8 text (byte {byte})", "{file}: kein UTF-8-Text (Byte {byte})"),
    "file_cannot_write": Refusal("{file}: cannot write: {reason}", "{file}: nicht schreibbar: {reason}"),
    "check_needs_file": Refusal("rulesets check: name the TOML file to check", "rulesets check: welche TOML-Datei?"),
    "import_needs_file": Refusal("rulesets import: name the TOML file", "rulesets import: welche TOML-Datei?"),
    "export_needs_name": Refusal("rulesets export: name the house variant", "rulesets export: welche Hausregel?"),
    "rulesets_action_unknown": Refusal("rulesets: unknown action {action!r} "
                                       "(use: scorepad rulesets [check FILE | import FILE | export NAME])",
                                       "rulesets: unbekannte Aktion {action!r} "
                                       "(so: scorepad rulesets [check FILE | import FILE | export NAME])"),
    "arg_not_utf8": Refusal("{value!r}: not UTF-8 text (byte {byte})", "{value!r}: kein UTF-8-Text (Byte {byte})"),
    "session_too_large": Refusal("{file}: {size} bytes, larger than any real evening (at most {limit} bytes); "
                                 "not read", "{file}: {size} Bytes, größer als jeder echte Abend (höchstens "
                                 "{limit}); nicht gelesen"),
    "hand_json_invalid": Refusal("HAND_JSON: not JSON: line {line}, column {column}: {reason}",
                                 "HAND_JSON: kein JSON: Zeile {line}, Spalte {column}: {reason}"),
}


# how much of a value a refusal shows: a quoted value ({value!r}) 60 characters, plain text
# (a list of known ids, a reason) 300, a file or path 400: a 20,000-character value is never
# echoed whole
EXCERPT_CHARS = 60
TEXT_CHARS = 300
EXCERPT_LIMITS = {"path": 400, "file": 400}


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` cut to `limit` characters, with … where it was cut."""
    return text if len(text) <= limit else text[:limit] + "…"


class Quoted:
    """A value a refusal quotes: its repr (`{value!r}`), str or format, cut by `excerpt`."""

    __slots__ = ("value", "limit")

    def __init__(self, value: Any, limit: int = TEXT_CHARS):
        self.value, self.limit = value, limit

    def __repr__(self) -> str:
        return excerpt(_safe(repr, self.value), min(self.limit, EXCERPT_CHARS))

    def __str__(self) -> str:
        return excerpt(_safe(str, self.value), self.limit)

    def __format__(self, spec: str) -> str:
        return excerpt(_safe(lambda v: format(v, spec), self.value), self.limit)


def _safe(show, value) -> str:
    try:
        return show(value)
    except ValueError:  # an int too long to print (Python's digit limit)
        return f"<a number of about {value.bit_length() * 3 // 10} digits>" if isinstance(value, int) else "?"


def quoted(name: str, value: Any) -> Any:
    """The parameter as a refusal shows it: numbers and name lists as they are, anything
    else (text, lists, objects, a number too long to read) as a short excerpt."""
    if isinstance(value, Names) or value is None or isinstance(value, (bool, float)):
        return value
    if isinstance(value, int) and -10**30 < value < 10**30:
        return value
    return Quoted(value, EXCERPT_LIMITS.get(name, TEXT_CHARS))


def render(code: str, params: dict[str, Any], german: bool = False, key: str = "") -> str:
    """A refusal's text: the English line for the command line, or the German for the app.
    Every value it quotes is cut to a short excerpt (`quoted`)."""
    entry = CATALOGUE[code]
    shown = {name: quoted(name, value) for name, value in params.items()}
    if german:
        return entry.german.format(**shown, field=field_name(key))
    return entry.english.format(**shown)
