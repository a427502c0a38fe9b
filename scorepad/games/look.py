"""The plain card of a player on the table screen, which each game's words.card_look starts
from: the lead tally's value in big (money signed, green for a gain, red for a loss), the other
tallies by name under it, the trophies the player holds."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.games import tally_name
from scorepad.games.family import CardLook


def trophy_titles(table: Any, player: str, state: dict[str, Any]) -> tuple[str, ...]:
    """The names of the table's trophies the player holds now (the game's state `trophies`)."""
    held = state.get("trophies", {})
    return tuple(trophy.name for tid, trophy in table.trophies.items() if player in held.get(tid, []))


def plain_look(table: Any, player: str, row: dict[str, int], state: dict[str, Any], **more: Any) -> CardLook:
    """The plain card of `player` with standings `row` (the table's tallies in order, the lead
    first); `more` sets any other part of the look (a game's own marks, bar, lines)."""
    lead, value = next(iter(row.items()))
    money = fmt.is_money(lead)
    look: dict[str, Any] = {
        "big": fmt.tally_value(lead, value, money),
        "small": tuple(f"{tally_name(table, t)} {fmt.tally_value(t, row[t])}" for t in list(row)[1:]),
        "tone": ("gain" if value > 0 else "loss" if value < 0 else "") if money else "",
        "titles": trophy_titles(table, player, state),
    }
    return CardLook(**{**look, **more})
