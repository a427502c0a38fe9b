"""Schafkopf's statistics: the common ones only (who played what and won, Kontra, best and worst hand)."""

from __future__ import annotations

from scorepad.games.family import StatColumn
from scorepad.games.plainstats import count as count
from scorepad.games.plainstats import finish as finish
from scorepad.games.plainstats import misdealt as misdealt
from scorepad.games.plainstats import no_game as no_game
from scorepad.games.plainstats import open_rad as open_rad
from scorepad.games.plainstats import owed as owed
from scorepad.games.plainstats import phrases as phrases

COLUMNS: tuple[StatColumn, ...] = ()
