"""Trophies of an evening (Schlachtmeister, Oberrauborstler, ...): who holds each right now."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorepad.tables import Trophy


def trophy_holders(board: dict[str, dict[str, int]], trophy: Trophy) -> list[str]:
    """Players with the most of the trophy's tally, ties broken by the fewest of another.

    Nobody holds a trophy while its tally is still 0 for everyone; a tie that the second
    tally cannot break leaves several holders, in seating order."""
    best = max((row[trophy.most] for row in board.values()), default=0)
    if best <= 0:
        return []
    holders = [p for p, row in board.items() if row[trophy.most] == best]
    if trophy.tie_fewest and len(holders) > 1:
        fewest = min(board[p][trophy.tie_fewest] for p in holders)
        holders = [p for p in holders if board[p][trophy.tie_fewest] == fewest]
    return holders
