"""Zaisertshofer Ramsch's statistics: Bollas, and how often a player went out first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.games.family import Owed, StatColumn

if TYPE_CHECKING:
    from scorepad.games.base import HandResult, Replay
    from scorepad.games.ramsch.rules import RamschTable
    from scorepad.summary import EveningSummary, PlayerStats

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


def no_game(info: dict[str, Any]) -> bool:
    return False


def misdealt(info: dict[str, Any]) -> bool:
    return False


def owed(table: RamschTable, summary: EveningSummary) -> Owed | None:
    return None


def open_rad(table: RamschTable, players: list[str], result: Replay) -> tuple[int | None, int | None]:
    return None, None
