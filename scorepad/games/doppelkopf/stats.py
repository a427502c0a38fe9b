"""What the evening's statistics add for Doppelkopf: nothing beyond the common ones yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorepad.games.base import Replay
    from scorepad.games.doppelkopf.rules import DoppelkopfTable
    from scorepad.summary import PlayerStats


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    """Fill this game's own fields of one player's statistics."""


def open_rad(table: DoppelkopfTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    """An unfinished round's progress: (games played, of) when the table has rounds."""
    return None, None
