"""Schwarze Sau in words: the line describing a hand, the line about what comes next (who is
near the limit), the cards (red and a bar near the limit)."""

from __future__ import annotations

from typing import Any

from scorepad.describe import SEP
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.schwarze_sau.rules import SchwarzeSauTable

PASSED = "Alle gequiekt: frisches Saufutter"


def near_game_over(table: SchwarzeSauTable, punkte: int) -> bool:
    """A player close to losing the game, as the table sets it (warn_within)."""
    return punkte > table.game_over_above - table.warn_within


def describe(table: SchwarzeSauTable, hand: dict[str, Any], result: HandResult | None) -> str:
    if hand.get("achterbrief_loser"):
        return f"Achterbrief: {hand['achterbrief_loser']} verliert"
    ann = hand.get("announcement")
    if ann:
        kind = "Jungfrau" if ann.get("kind") == "jungfrau" else "Durchmarsch angesagt"
        return f"{kind} {ann.get('by')}{SEP}{'geschafft' if ann.get('success') else 'nicht geschafft'}"
    if hand.get("durchmarsch"):
        return f"Durchmarsch {hand['durchmarsch']}"
    return "Runde"


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: SchwarzeSauTable) -> str:
    if state.get("achterbrief_owed"):
        return f"Achterbrief zwischen {' und '.join(state['achterbrief_between'])}!"
    near = [p for p, row in standings.items() if near_game_over(table, row["punkte"])]
    line = f"Spiel {state['game']} · Geber {state.get('next_dealer', '')}"
    if near:
        line += f" · knapp an {table.game_over_above}: " + ", ".join(near)
    return line


def card_look(table: SchwarzeSauTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    value, limit = next(iter(row.values())), table.game_over_above
    return plain_look(table, player, row, state, warn=near_game_over(table, value), progress=min(value, limit) / limit)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Achterbrief eintragen" if state.get("achterbrief_owed") else "Nächstes Spiel"
