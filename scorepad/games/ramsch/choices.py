"""What a ramsch table asks for: OPTIONS when an evening starts, HOUSE besides for a table's own
rules (Hausregeln). Each choice is (label, option path, values); the screens merge a pick with
tables.deep_merge."""

from __future__ import annotations

OPTIONS = [("Bolla-Preis", ("bolla_price",), [0, 50, 100, 200])]

HOUSE = [
    ("Striche am Anfang", ("start_striche",), [5, 7, 9]),
    ("Ramsch (kein Stich)", ("ramsch_striche",), [1, 2, 3]),
]
