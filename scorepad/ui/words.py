"""What the table screen says, in the games' own words: the preview of a hand before it is
saved, the line about what comes next, a tally's value."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.games import tally_name


def tally_text(tally: str, value: int, signed: bool = False) -> str:
    return fmt.tally_value(tally, value, signed)


def preview(deltas: dict[str, dict[str, int]], tallies: list[str], table: Any = None) -> str:
    """What a hand will do, in words: "Vroni & Kathi je +0,20 €, Hias & Wast je -0,20 €" (each
    tally named as the table's game names it)."""
    parts = []
    for tally in tallies:
        groups: dict[int, list[str]] = {}
        for p, row in deltas.items():
            if row.get(tally):
                groups.setdefault(row[tally], []).append(p)
        if not groups:
            continue
        name = tally_name(table, tally)
        for value, who in sorted(groups.items(), key=lambda kv: -kv[0]):
            each = " je" if len(who) > 1 else ""
            amount = (tally_text(tally, value, signed=True) if fmt.is_money(tally)
                      else fmt.counted(value, name, with_sign=True))  # "+1 Punkt", "+2 Punkte"
            parts.append(f"{' & '.join(who)}{each} {amount}")
    return ", ".join(parts) if parts else "Keine Punkte: es wird nur weitergegeben"


def hand_preview(table, hand: dict[str, Any], result, tallies: list[str]) -> str:
    """What a hand does, as the hand screen shows it before it is saved: the game's own line
    (its words' `preview`, if it has one), else each player's change (`preview`)."""
    from scorepad.games import family_of

    own = family_of(table).preview_line(table, hand, result)
    return own if own is not None else preview(result.deltas, tallies, table)


def context_line(family: str, state: dict[str, Any], standings: dict[str, dict[str, int]], table) -> str:
    """One line under the standings: what comes next at this table (the family's words.py)."""
    from scorepad.games import FAMILIES

    line: str = FAMILIES[family].words.context_line(state, standings, table)
    if state.get("sitting_out"):  # more at the table than play: who sits the next hand out
        line += " · setzt aus: " + ", ".join(state["sitting_out"])
    return line
