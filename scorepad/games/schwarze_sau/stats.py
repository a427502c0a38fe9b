"""Schwarze Sau's statistics: games lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorepad.games.base import Replay
    from scorepad.games.schwarze_sau.rules import SchwarzeSauTable
    from scorepad.summary import PlayerStats


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    stats.games_lost = standings_row["verloren"]


def open_rad(table: SchwarzeSauTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    return None, None
