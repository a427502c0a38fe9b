"""Schwarze Sau's statistics: games lost (rounds of drinks owed); a lost Achterbrief paid is no game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad import fmt
from scorepad.games.family import Owed, StatColumn
from scorepad.games.plainstats import misdealt as misdealt
from scorepad.games.plainstats import open_rad as open_rad

if TYPE_CHECKING:
    from scorepad.games.base import HandResult
    from scorepad.games.schwarze_sau.rules import SchwarzeSauTable
    from scorepad.summary import EveningSummary, PlayerStats

COLUMNS = (StatColumn("games_lost", "Verloren", season=True, tally="verloren"),)


def count(table: SchwarzeSauTable, players: list[str], games: list[HandResult],
          stats: dict[str, PlayerStats]) -> None:
    """Games lost are the standings' (see `finish`)."""


def finish(stats: PlayerStats, standings_row: dict[str, int]) -> None:
    stats.set_own("games_lost", standings_row["verloren"])


def phrases(stats: PlayerStats) -> list[str]:
    return [f"Runden zu zahlen: {stats.own('games_lost')}"]


def no_game(info: dict[str, Any]) -> bool:
    """A lost Achterbrief paid is no game."""
    return "achterbrief_loser" in info


def owed(table: SchwarzeSauTable, summary: EveningSummary) -> Owed | None:
    """Who pays how many rounds of drinks (and, with a drink price, what each costs)."""
    price = table.drink_price or 0
    lines = []
    for s in summary.stats:
        lost = s.own("games_lost")
        if lost:
            line = f"{s.name} zahlt {lost} {'Runde' if lost == 1 else 'Runden'}"
            if price:
                line += f" (je verlorenes Spiel {fmt.money(price)} an jeden anderen)"
            lines.append(line)
    return Owed("Wer zahlt eine Runde", lines) if lines else None
