"""Struliwuli: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad.fmt import money
from scorepad.games.struliwuli.rules import StruliwuliTable


def sheet(t: StruliwuliTable) -> list[tuple[str, list[str]]]:
    deal = [f"{n} Spieler: {', '.join(str(c) for c in s.hand_cards)} Karten, {s.partien_per_rad} Partien je Rad"
            for n, s in sorted(t.seats.items())]
    scoring = [f"Genau getroffen: {t.exact_bonus} + Stiche × {t.points_per_trick}; sonst {t.miss_points}.",
               "Neukirchner Regel: der Geber darf nicht so ansagen, dass es sich ausgeht." if t.neukirchner
               else "Ohne Neukirchner Regel.",
               f"Nach jedem Rad: der Erste bekommt vom Letzten die Differenz, der Zweite vom Vorletzten …, "
               f"{money(t.rate)} je Punkt."]
    return [("Geben", deal), ("Zählen", scoring)]
