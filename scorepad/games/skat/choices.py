"""What a Skat table asks for: OPTIONS when an evening starts (the list kept, cents per point),
HOUSE besides for a table's own rules (none yet: Ramsch, Bock, Kontra are to come)."""

from __future__ import annotations

from scorepad.games.family import Choice, Labelled

OPTIONS: list[Choice] = [
    ("Liste", ("list_kind",), [Labelled("classic", "klassisch"), Labelled("seeger_fabian", "Seeger-Fabian")]),
    ("Cent je Punkt", ("tariff",), [0, 1, 2, 5, 10]),
]

HOUSE: list[Choice] = []
