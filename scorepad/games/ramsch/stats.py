"""Zaisertshofer Ramsch's statistics: Bollas, and how often a player went out first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.games.family import StatColumn
from scorepad.games.plainstats import misdealt as misdealt
from scorepad.games.plainstats import no_game as no_game
from scorepad.games.plainstats import open_rad as open_rad
from scorepad.games.plainstats import owed as owed

if TYPE_CHECKING:
    from scorepad.games.base import HandResult
    from scorepad.games.ramsch.rules import RamschTable
    from scorepad.summary import PlayerStats

COLUMNS = (StatColumn("bollas", "Bolla", season=True, tally="bolla"), StatColumn("weg_first", "zuerst weg"))


def count(table: RamschTable, players: list[str], games: list[HandResult], stats: dict[str, PlayerStats]) -> None:
    """Who went out first in each Partie (a Partie ends with a Bolla paid)."""
    partie_open = True
    for hand in games:
        info = hand.info
        if "went_out" in info:
            if partie_open and info["went_out"]:
                first = stats[info["went_out"][0]]
                first.set_own("weg_first", (first.own("weg_first") or 0) + 1)
                partie_open = False
            if info.get("bolla_to"):
                partie_open = True


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    stats.set_own("bollas", standings_row["bolla"])
    stats.set_own("weg_first", stats.own("weg_first") or 0)


def phrases(stats: PlayerStats) -> list[str]:
    return [f"Bolla {stats.own('bollas')}, zuerst weg {stats.own('weg_first')}×"]
