"""What a Doppelkopf table asks for: OPTIONS when an evening starts, HOUSE besides for a table's
own rules (Hausregeln). Each choice is (label, option path, values); a path ending in a Bock
trigger switches that trigger on or off in `bock.after` (family.value_at_path)."""

from __future__ import annotations

from scorepad.games.doppelkopf.sheet import BOCK_AFTER
from scorepad.games.family import Choice, Labelled

OPTIONS: list[Choice] = [("Cent je Punkt", ("tariff",), [0, 5, 10, 20, 50])]

HOUSE: list[Choice] = [
    ("Armut", ("contracts", "armut", "enabled"), [False, True]),
    ("Schweinchen", ("schweinchen",), [False, True]),
    ("Dulle gefangen", ("sonderpunkte", "dulle_gefangen", "enabled"), [False, True]),
    ("Karlchen gefangen", ("sonderpunkte", "karlchen_gefangen", "enabled"), [False, True]),
    ("Sonderpunkte auch im Solo", ("sonderpunkte_in_solo",), [False, True]),
    ("Bockrunden", ("bock", "enabled"), [False, True]),
    *[(f"Bockrunde nach: {words}", ("bock", "after", trigger), [False, True]) for trigger, words in BOCK_AFTER.items()],
    ("Bockrunde vom Tisch ausgerufen", ("bock", "called"), [False, True]),
    ("Ein Bockspiel zählt", ("bock", "points"),
     [Labelled(0, "mit Faktor"), Labelled(1, "+1 Punkt"), Labelled(2, "+2 Punkte")]),
    ("Bockrunden, die sich treffen", ("bock", "stacking"),
     [Labelled(False, "nacheinander"), Labelled(True, "verdoppeln"), Labelled("side_by_side", "nebeneinander")]),
    ("Ansagen verdoppeln", ("game_points", "doubling"), [False, True]),
    ("Es schreiben", ("writes",),
     [Labelled("zero_sum", "alle"), Labelled("winners", "nur Gewinner"), Labelled("losers", "nur Verlierer")]),
    ("Pflichtsolo", ("pflichtsolo", "per"),
     [Labelled("none", "keins"), Labelled("round", "je Runde"), Labelled("evening", "je Abend")]),
    ("Spiele je Runde", ("round_games",), [0, 20, 24, 30]),
]
