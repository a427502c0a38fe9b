"""What the evening's statistics add for this game: nothing beyond the common ones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.games.family import Owed, StatColumn

if TYPE_CHECKING:
    from scorepad.games.base import HandResult, Replay
    from scorepad.games.schafkopf.rules import SchafkopfTable
    from scorepad.summary import EveningSummary, PlayerStats

COLUMNS: tuple[StatColumn, ...] = ()


def count(table: SchafkopfTable, players: list[str], games: list[HandResult], stats: dict[str, PlayerStats]) -> None:
    """Fill this game's own fields of the players' statistics from the hands: none here."""


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    """Fill this game's own fields of one player's statistics."""


def phrases(stats: PlayerStats) -> list[str]:
    return []


def no_game(info: dict[str, Any]) -> bool:
    return False


def misdealt(info: dict[str, Any]) -> bool:
    return False


def owed(table: SchafkopfTable, summary: EveningSummary) -> Owed | None:
    return None


def open_rad(table: SchafkopfTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    """An unfinished round's progress: (hands played, of): nothing here."""
    return None, None
