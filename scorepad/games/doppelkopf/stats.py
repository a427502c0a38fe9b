"""Doppelkopf's statistics per player: games of two against two won as Re and as Kontra, the
Sonderpunkte the player's party made (solos played and won are the common statistics: the
soloist is the game's player)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad import fmt
from scorepad.games.family import StatColumn
from scorepad.games.plainstats import misdealt as misdealt
from scorepad.games.plainstats import open_rad as open_rad
from scorepad.games.plainstats import owed as owed

if TYPE_CHECKING:
    from scorepad.games.base import HandResult
    from scorepad.games.doppelkopf.rules import DoppelkopfTable
    from scorepad.summary import PlayerStats

DECLARED = "Solo"  # the common statistics' "Spieler 2× (1 gewonnen)": here the solos played ("Solo 2×")
COLUMNS = (StatColumn("re_wins", "als Re gewonnen", season=True),
           StatColumn("kontra_wins", "als Kontra gewonnen", season=True),
           StatColumn("sonderpunkte", "Sonderpunkte", season=True))
KEYS = tuple(c.key for c in COLUMNS)


def no_game(info: dict[str, Any]) -> bool:
    """A Bock round the table called is no game."""
    return bool(info.get("bockrunde"))


def _add(stats: PlayerStats, key: str, n: int = 1) -> None:
    stats.set_own(key, (stats.own(key) or 0) + n)


def count(table: DoppelkopfTable, players: list[str], games: list[HandResult],
          stats: dict[str, PlayerStats]) -> None:
    """Who won as Re or as Kontra in a game of two against two, and each party's Sonderpunkte
    for its players."""
    for hand in games:
        info = hand.info
        parties = {"re": info.get("re_party", []), "kontra": info.get("kontra_party", [])}
        if not info.get("solo") and info.get("winner"):
            for p in parties[info["winner"]]:
                _add(stats[p], f"{info['winner']}_wins")
        for party, what, _points in info.get("items", []):
            if what in table.sonderpunkte:
                for p in parties[party]:
                    _add(stats[p], "sonderpunkte")


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    for key in KEYS:
        stats.set_own(key, stats.own(key) or 0)


def phrases(stats: PlayerStats) -> list[str]:
    out = [f"als Re {stats.own('re_wins')}, als Kontra {stats.own('kontra_wins')} gewonnen"]
    if stats.own("sonderpunkte"):
        out.append(fmt.counted(stats.own("sonderpunkte"), "Sonderpunkte"))
    return out
