"""Zaisertshofer Ramsch's statistics: Bollas, and how often a player went out first."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorepad.games.base import Replay
    from scorepad.games.ramsch.rules import RamschTable
    from scorepad.summary import PlayerStats


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    stats.bollas = standings_row["bolla"]
    stats.weg_first = stats.weg_first or 0


def open_rad(table: RamschTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    return None, None
