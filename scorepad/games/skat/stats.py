"""Skat's statistics per player: games won as a defender (against a declarer who lost), Grand and
Null games declared, the average value of the games declared (games and wins as declarer are
the common statistics: the declarer is the game's player)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad import fmt
from scorepad.games.family import StatColumn
from scorepad.games.plainstats import misdealt as misdealt
from scorepad.games.plainstats import no_game as no_game
from scorepad.games.plainstats import open_rad as open_rad
from scorepad.games.plainstats import owed as owed

if TYPE_CHECKING:
    from scorepad.games.base import HandResult
    from scorepad.summary import PlayerStats

COLUMNS = (StatColumn("defender_wins", "als Gegenspieler gewonnen", season=True),
           StatColumn("grands", "Grand gespielt", season=True),
           StatColumn("nulls", "Null gespielt", season=True),
           StatColumn("average_value", "Spielwert im Schnitt"))
KEYS = tuple(c.key for c in COLUMNS)


def _add(stats: PlayerStats, key: str, n: int = 1) -> None:
    stats.set_own(key, (stats.own(key) or 0) + n)


def count(table: Any, players: list[str], games: list[HandResult], stats: dict[str, PlayerStats]) -> None:
    """Who won against a declarer who lost (the two who played it with him), who declared a Grand
    or a Null, and the average value of each declarer's games (rounded to whole points)."""
    values: dict[str, list[int]] = {}
    for hand in games:
        info = hand.info
        declarer = info.get("player")
        if declarer is None:  # eingepasst, or a Ramsch (house rule): no declarer, no defenders
            continue
        values.setdefault(declarer, []).append(int(info.get("value", 0)))
        if info.get("game") == "grand":
            _add(stats[declarer], "grands")
        elif info.get("game") == "null":
            _add(stats[declarer], "nulls")
        if not info.get("won"):
            for p in info.get("in_play", []):
                if p != declarer:
                    _add(stats[p], "defender_wins")
    for player, seen in values.items():
        stats[player].set_own("average_value", round(sum(seen) / len(seen)))


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    for key in KEYS:
        stats.set_own(key, stats.own(key) or 0)


def phrases(stats: PlayerStats) -> list[str]:
    out = [f"als Gegenspieler {stats.own('defender_wins')} gewonnen"]
    if stats.own("grands"):
        out.append(f"Grand {stats.own('grands')}×")
    if stats.own("nulls"):
        out.append(f"Null {stats.own('nulls')}×")
    if stats.own("average_value"):
        out.append(f"{fmt.counted(stats.own('average_value'), 'Punkte')} Spielwert im Schnitt")
    return out
