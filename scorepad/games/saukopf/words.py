"""Saukopf in words: the line describing a hand, the line about what comes next, the cards."""

from __future__ import annotations

from typing import Any

from scorepad.describe import SEP, trick_game_words
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.saukopf.rules import SaukopfTable

PASSED = "Alle gequiekt: frisches Saufutter"


def describe(table: SaukopfTable, hand: dict[str, Any], result: HandResult | None) -> str:
    return SEP.join(trick_game_words(table, hand, result))


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: SaukopfTable) -> str:
    names = {t.name: state.get("trophies", {}).get(tid, []) for tid, t in table.trophies.items()}
    held = [f"{name}: {', '.join(who)}" for name, who in names.items() if who]
    return f"Geber {state.get('next_dealer', '')}" + (" · " + " · ".join(held) if held else "")


def card_look(table: SaukopfTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"
