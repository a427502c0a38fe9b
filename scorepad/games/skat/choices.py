"""What a Skat table asks for: OPTIONS when an evening starts (the list kept, cents per point),
HOUSE besides for a table's own rules: Spitzen only with Buben, Grand at 20, a lost Hand game
single, Kontra and Re (Ramsch and Bock are to come)."""

from __future__ import annotations

from scorepad.games.family import Choice, Labelled

OPTIONS: list[Choice] = [
    ("Liste", ("list_kind",), [Labelled("classic", "klassisch"), Labelled("seeger_fabian", "Seeger-Fabian")]),
    ("Cent je Punkt", ("tariff",), [0, 1, 2, 5, 10]),
]

HOUSE: list[Choice] = [
    ("Spitzen", ("spitzen", "suit"), [Labelled(11, "mit Farbspitzen"), Labelled(4, "nur Buben")]),
    ("Grand zählt", ("grundwerte", "grand"), [24, 20]),
    ("Verlorenes Handspiel", ("lost", "hand"), [Labelled(2, "doppelt"), Labelled(1, "einfach")]),
    ("Kontra und Re", ("kontra_re", "enabled"), [False, True]),
]
