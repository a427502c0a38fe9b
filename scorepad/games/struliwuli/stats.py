"""Struliwuli's statistics: exact bids (how many, what share), and the open Rad's progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.games.family import StatColumn
from scorepad.games.plainstats import misdealt as misdealt
from scorepad.games.plainstats import no_game as no_game
from scorepad.games.plainstats import owed as owed

if TYPE_CHECKING:
    from scorepad.games.base import HandResult, Replay
    from scorepad.games.struliwuli.rules import StruliwuliTable
    from scorepad.summary import PlayerStats

COLUMNS = (StatColumn("exact_bids", "genau angesagt"), StatColumn("exact_bids_pct", "genau angesagt (%)"))


def count(table: StruliwuliTable, players: list[str], games: list[HandResult],
          stats: dict[str, PlayerStats]) -> None:
    """Each player's exact bids (made as many tricks as bid)."""
    for hand in games:
        for p in hand.info.get("exact", ()):
            stats[p].set_own("exact_bids", (stats[p].own("exact_bids") or 0) + 1)


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    exact = stats.own("exact_bids") or 0
    stats.set_own("exact_bids", exact)
    stats.set_own("exact_bids_pct", round(100 * exact / stats.hands_played, 1) if stats.hands_played else 0.0)


def phrases(stats: PlayerStats) -> list[str]:
    return [f"genau angesagt {str(stats.own('exact_bids_pct')).replace('.', ',')}\u00a0%"]


def open_rad(table: StruliwuliTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    """(hands of the unfinished Rad played, hands in a Rad)."""
    seats = table.seats[len(players)]
    of = seats.partien_per_rad * len(seats.hand_cards)
    hands = 0
    for hand in result.hands:
        hands = 0 if hand.info.get("rad_complete") else hands + 1
    return hands, of
