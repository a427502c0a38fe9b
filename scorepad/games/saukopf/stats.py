"""What the evening's statistics add for this game: nothing beyond the common ones."""

from __future__ import annotations


def finish(stats, standings_row: dict[str, int]) -> None:
    """Fill this game's own fields of one player's statistics."""


def open_rad(table, players: list[str], result) -> tuple[int | None, int | None]:
    """An unfinished round's progress: (hands played, of): nothing here."""
    return None, None
