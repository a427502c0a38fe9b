"""What the evening's statistics add for this game: nothing beyond the common ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorepad.games.base import Replay
    from scorepad.games.saukopf.rules import SaukopfTable
    from scorepad.summary import PlayerStats


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    """Fill this game's own fields of one player's statistics."""


def open_rad(table: SaukopfTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    """An unfinished round's progress: (hands played, of): nothing here."""
    return None, None
