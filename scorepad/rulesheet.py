"""A rule table as a readable rule sheet (German): what each game, bonus and penalty counts,
generated from the table itself, so a house variant reads as it will score."""

from __future__ import annotations

from typing import Any

from scorepad.fmt import counts_words
from scorepad.tables import RuleTable

KIND = {"partner": "mit Partner", "solo": "Solo", "sie": "sofort gewonnen", "doppel": "Doppel"}


def chain_words(table: Any) -> str:
    return ", ".join(f"{s.name} ×{s.factor}" for s in table.kontra_chain) or "keine"


def seat_words(seat: int, at_table: int) -> str:
    """A seat counted clockwise from the dealer (0), in words."""
    if seat == 0:
        return "der Geber"
    if 2 * seat == at_table:
        return "wer dem Geber gegenüber sitzt"
    return f"der {seat}. links vom Geber"


def sitting_out_words(table: RuleTable) -> list[str]:
    """Who sits out a hand when more sit at the table than play (`sitting_out`)."""
    sitting = table.sitting_out
    if sitting is None:
        return []
    lines = []
    for n in sorted(table.players):
        seats = table.sitting_out_seats(n)
        if seats:
            who = " und ".join(seat_words(s, n) for s in seats)
            lines.append(f"Bei {n} am Tisch spielen {sitting.in_play}; es setzt aus: {who}.")
    if lines:
        lines.append("Wer aussetzt, wechselt mit dem Geben; sein Stand bleibt für dieses Spiel, wie er ist.")
    return lines


def rule_sheet(table: RuleTable) -> list[tuple[str, list[str]]]:
    """(heading, lines) of the table's rule sheet, with who plays first."""
    head = [table.description] if table.description else []
    head.append(f"Für {counts_words(table.players)} Spieler.")
    head += sitting_out_words(table)
    from scorepad.games import family_of, tally_name  # the families' sheets use this module's helpers

    sections = [("Überblick", head)] + family_of(table).sheet(table)
    if table.trophies:
        sections.append(("Trophäen", [f"{t.name}: am meisten {tally_name(table, t.most)}" +
                                      (f", bei Gleichstand am wenigsten {tally_name(table, t.tie_fewest)}" if t.tie_fewest else "")
                                      for t in table.trophies.values()]))
    return sections
