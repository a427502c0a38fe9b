"""What a saukopf table asks for: OPTIONS when an evening starts, HOUSE besides for a table's own
rules (Hausregeln). Each choice is (label, option path, values); the screens merge a pick with
tables.deep_merge."""

from __future__ import annotations

OPTIONS = [("Chipwert je Fleischpunkt", ("chip_value",), [0, 5, 10, 20])]

HOUSE = [
    ("Stallgeruch im Trog: Verlierer unter", ("fleisch", "trog", "stallgeruch", "threshold"), [30, 31]),
    ("Stallgeruch im Napf: Verlierer über", ("fleisch", "napf", "stallgeruch", "threshold"), [89, 90]),
    ("Schlachtung im Trog", ("fleisch", "trog", "schlachtung", "points"), [1, 2, 3]),
    ("Schlachtung im Napf", ("fleisch", "napf", "schlachtung", "points"), [1, 2, 3]),
    ("Gegenhuftreter", ("rauborstig", "gegenhuftreter", "points"), [2, 3, 4]),
]
