"""Zaisertshofer Ramsch's statistics: Bollas, and how often a player went out first."""

from __future__ import annotations


def finish(stats, standings_row: dict[str, int]) -> None:
    stats.bollas = standings_row["bolla"]
    stats.weg_first = stats.weg_first or 0


def open_rad(table, players: list[str], result) -> tuple[int | None, int | None]:
    return None, None
