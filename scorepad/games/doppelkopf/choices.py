"""What a Doppelkopf table asks for: OPTIONS when an evening starts, HOUSE besides for a table's
own rules (Hausregeln). Each choice is (label, option path, values)."""

from __future__ import annotations

OPTIONS = [("Cent je Punkt", ("tariff",), [0, 5, 10, 20, 50])]

HOUSE = [
    ("Armut", ("games", "armut", "enabled"), [False, True]),
    ("Schweinchen", ("schweinchen",), [False, True]),
    ("Dulle gefangen", ("sonderpunkte", "dulle_gefangen", "enabled"), [False, True]),
    ("Karlchen gefangen", ("sonderpunkte", "karlchen_gefangen", "enabled"), [False, True]),
    ("Bockrunden", ("bock", "enabled"), [False, True]),
    ("Bockrunden stapeln", ("bock", "stacking"), [False, True]),
    ("Ansagen verdoppeln", ("points", "doubling"), [False, True]),
    ("Es schreiben", ("writes",), ["zero_sum", "winners", "losers"]),
    ("Pflichtsolo", ("pflichtsolo", "per"), ["none", "round", "evening"]),
    ("Spiele je Runde", ("round_games",), [0, 20, 24, 30]),
]
