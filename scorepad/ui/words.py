"""What the table screen says, in the games' own words: the preview of a hand before it is
saved, the line about what comes next, a tally's value."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import change_words, value_line


def tally_text(tally: str, value: int, signed: bool = False) -> str:
    return fmt.tally_value(tally, value, signed)


preview = change_words  # (its name here: the hand screen's words for each player's change)


def hand_preview(table, hand: dict[str, Any], result, tallies: list[str]) -> str:
    """What a hand does, as the hand screen shows it before it is saved: the game's own line
    (its words' `preview`, if it has one), else each player's change (`preview`)."""
    return value_line(table, hand, result, tallies)


def context_line(family: str, state: dict[str, Any], standings: dict[str, dict[str, int]], table) -> str:
    """One line under the standings: what comes next at this table (the family's words.py)."""
    from scorepad.games import FAMILIES

    line: str = FAMILIES[family].words.context_line(state, standings, table)
    if state.get("sitting_out"):  # more at the table than play: who sits the next hand out
        line += " · setzt aus: " + ", ".join(state["sitting_out"])
    return line
