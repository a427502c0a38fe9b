"""Struliwuli's statistics: exact bids (how many, what share), and the open Rad's progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorepad.games.base import Replay
    from scorepad.games.struliwuli.rules import StruliwuliTable
    from scorepad.summary import PlayerStats


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    stats.exact_bids = stats.exact_bids or 0
    stats.exact_bids_pct = round(100 * stats.exact_bids / stats.hands_played, 1) if stats.hands_played else 0.0


def open_rad(table: StruliwuliTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    """(hands of the unfinished Rad played, hands in a Rad)."""
    seats = table.seats[len(players)]
    of = seats.partien_per_rad * len(seats.hand_cards)
    hands = 0
    for hand in result.hands:
        hands = 0 if hand.info.get("rad_complete") else hands + 1
    return hands, of
