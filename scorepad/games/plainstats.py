"""The parts of a game's stats module where it has nothing of its own: no statistics beyond the
common ones, no hand but a thrown-in one is no game, no misdeal, nothing owed besides money, no
round left open. A stats module imports those it shares (`from scorepad.games.plainstats import
owed as owed`)."""

from __future__ import annotations

from typing import Any

from scorepad.games.family import Owed


def count(table: Any, players: list[str], games: list[Any], stats: dict[str, Any]) -> None:
    """No statistics of the game's own to count from the hands."""


def finish(stats: Any, standings_row: dict[str, int]) -> None:
    """No statistics of the game's own from the standings."""


def phrases(stats: Any) -> list[str]:
    """No statistics of the game's own to say."""
    return []


def no_game(info: dict[str, Any]) -> bool:
    """Every hand not thrown in is a game."""
    return False


def misdealt(info: dict[str, Any]) -> bool:
    """No hand is misdealt."""
    return False


def owed(table: Any, summary: Any) -> Owed | None:
    """Nothing is owed besides money."""
    return None


def open_rad(table: Any, players: list[str], result: Any) -> tuple[int | None, int | None]:
    """No round pays only when it is done: nothing open."""
    return None, None
