"""What a struliwuli table asks for: OPTIONS when an evening starts, HOUSE besides for a table's own
rules (Hausregeln). Each choice is (label, option path, values); the screens merge a pick with
tables.deep_merge."""

from __future__ import annotations

OPTIONS = [
    ("Geld je Punkt", ("rate",), [1, 2, 5, 10]),
    ("Neukirchner Regel", ("neukirchner",), [True, False]),
]

HOUSE = [("Genau getroffen zählt", ("exact_bonus",), [10, 20])]
