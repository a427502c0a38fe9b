"""Saukopf's statistics: the common ones, and a misdealt hand (vergeben) is no game but a misdeal."""

from __future__ import annotations

from typing import Any

from scorepad.games.family import StatColumn
from scorepad.games.plainstats import count as count
from scorepad.games.plainstats import finish as finish
from scorepad.games.plainstats import open_rad as open_rad
from scorepad.games.plainstats import owed as owed
from scorepad.games.plainstats import phrases as phrases

COLUMNS: tuple[StatColumn, ...] = ()


def no_game(info: dict[str, Any]) -> bool:
    """A misdealt hand (vergeben) is no game."""
    return misdealt(info)


def misdealt(info: dict[str, Any]) -> bool:
    return bool(info.get("vergeben"))
