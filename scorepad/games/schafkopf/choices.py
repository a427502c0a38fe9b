"""What a schafkopf table asks for: OPTIONS when an evening starts, HOUSE besides for a table's own
rules (Hausregeln). Each choice is (label, option path, values); the screens merge a pick with
tables.deep_merge."""

from __future__ import annotations

from typing import Any

from scorepad.games.family import Choice, Labelled, has_path, value_at_path
from scorepad.games.schafkopf.sheet import worth


def _chain(*links: tuple[str, str, str]) -> list[dict[str, Any]]:
    return [{"key": key, "name": name, "by": by, "factor": 2} for key, name, by in links]


BOCK_TRIGGERS = ["kontra_lost", "60_60"]  # the built-in table's triggers (rulesets/schafkopf.toml)

KONTRA, RE = ("kontra", "Kontra", "opponents"), ("re", "Re", "player_party")
SUB, HIRSCH = ("sub", "Sub", "opponents"), ("hirsch", "Hirsch", "player_party")


# the tariffs themselves: the table's `tariff_sets` (each sets every tariff at once), offered
# by the new-evening screen from the table (Table.value_sets); a single tariff is a house rule
OPTIONS: list[Choice] = [
    ("Laufende", ("laufende", "enabled"), [False, True]),
]

HOUSE: list[Choice] = [
    ("Sauspiel-Tarif", ("contracts", "sauspiel", "tariff"), [10, 20, 50, 100]),
    ("Solo-Tarif", ("contracts", "solo", "tariff"), [50, 100, 200]),
    # five or six at the table: the dealer (with six also the one opposite) sits out (`sitting_out`)
    ("Spieler am Tisch", ("players",), [[4], [4, 5], [4, 5, 6]]),
    ("Wenz-Tarif", ("contracts", "wenz", "tariff"), [50, 100, 200]),
    ("Farbwenz-Tarif", ("contracts", "farbwenz", "tariff"), [30, 50, 100]),
    ("Geier-Tarif", ("contracts", "geier", "tariff"), [50, 100]),
    ("Schneider im Sauspiel", ("contracts", "sauspiel", "schneider"), [10, 20, 50]),
    ("Wert je Laufendem", ("laufende", "value"), [10, 20, 50]),
    ("Laufende zählen für", ("laufende", "counted_for"),
     [Labelled("both", "beide Parteien"), Labelled("player", "nur die Spieler")]),
    ("Hochzeit", ("contracts", "hochzeit", "enabled"), [False, True]),
    ("Bettel", ("contracts", "bettel", "enabled"), [False, True]),
    ("Bettel Brett", ("contracts", "bettel_brett", "enabled"), [False, True]),
    ("Sie zählt", ("contracts", "sie", "with_laufende"),
     [Labelled(False, "nur den Tarif"), Labelled(True, "mit allen Laufenden")]),
    ("Tout", ("tout", "enabled"), [False, True]),
    ("Tout zählt", ("tout", "value"),
     [Labelled("grundwert", "Grundwert und Laufende"), Labelled("schwarz", "wie gewonnen schwarz")]),
    ("Klopfen", ("klopfen", "enabled"), [False, True]),
    ("Stock, wenn alle weiter sagen", ("stock", "enabled"), [False, True]),
    ("Stock-Einsatz", ("stock", "stake"), [10, 20, 50]),
    ("Bockrunden", ("bock", "enabled"), [False, True]),
    ("Bock auch nach Zamgschmissen", ("bock", "triggers"),
     [Labelled(BOCK_TRIGGERS, "nein"), Labelled([*BOCK_TRIGGERS, "passed"], "ja")]),
    ("Ramsch, wenn alle weiter sagen", ("ramsch", "enabled"), [False, True]),
    ("Durchmarsch im Ramsch zählt", ("ramsch", "durchmarsch_value"),
     [Labelled("schwarz", "Solo schwarz"), Labelled("tariff", "Solo-Tarif"), Labelled("ramsch", "Ramsch-Preis")]),
    ("Jungfrau verdoppelt", ("ramsch", "jungfrau_doubles"),
     [Labelled("all", "alles"), Labelled("own", "nur ihren Anteil")]),
    ("Verdoppeln", ("kontra_chain",), [_chain(KONTRA, RE), _chain(KONTRA, RE, SUB), _chain(KONTRA, RE, SUB, HIRSCH)]),
]

# what a house rule may set a value to at a Preisschafkopf list, which writes points, not cents
# (HOUSE's money values above would read as 10, 20, 50, 100 points)
POINT_VALUES: dict[tuple[str, ...], list[int]] = {
    ("contracts", "sauspiel", "tariff"): [1, 5, 10],
    ("contracts", "solo", "tariff"): [5, 10, 20, 30],
    ("contracts", "wenz", "tariff"): [5, 10, 20, 30],
    ("contracts", "farbwenz", "tariff"): [5, 10, 20, 30],
    ("contracts", "geier", "tariff"): [5, 10, 20, 30],
    ("contracts", "sauspiel", "schneider"): [1, 5, 10],
    ("laufende", "value"): [1, 5, 10],
    ("stock", "stake"): [1, 5, 10],
}
MONEY_PATHS = frozenset(path for _label, path, values in HOUSE
                        if values and all(type(v) is int for v in values))


WINNERS_WITHOUT = ("stock", "ramsch")  # what a table where only the winners write cannot have


def house_for_table(table: Any) -> list[Choice]:
    """HOUSE as this table writes its values: euros at a money table, points at a Preisschafkopf
    list (its own value among them, so the chip of what stands is lit)."""
    out: list[Choice] = []
    for label, path, values in HOUSE:
        if path[0] in WINNERS_WITHOUT and table.writes == "winners":
            continue  # only plus points write no Stock and no Ramsch (each pays the others)
        if path == ("players",):  # only the counts the table says who sits out at
            values = [v for v in values if all(n <= (table.sitting_out.in_play if table.sitting_out else 4)
                                               or table.sitting_out_seats(n) for n in v)]
        if path in MONEY_PATHS and has_path(table, path):
            if table.tally != "geld":
                current = value_at_path(table, path)
                values = sorted({*POINT_VALUES[path], *([current] if isinstance(current, int) else [])})
            values = [Labelled(v, worth(table, v)) for v in values]
        out.append((label, path, values))
    return out

