"""Schwarze Sau's statistics: games lost."""

from __future__ import annotations


def finish(stats, standings_row: dict[str, int]) -> None:
    stats.games_lost = standings_row["verloren"]


def open_rad(table, players: list[str], result) -> tuple[int | None, int | None]:
    return None, None
