"""Schafkopf in words: the line describing a hand, the line about what comes next, the cards."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import SEP, trick_game_words
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.schafkopf.hand import RAMSCH
from scorepad.games.schafkopf.rules import SchafkopfTable
from scorepad.games.schafkopf.sheet import ramsch_loser

PASSED = "Zamgschmissen"


def describe(table: SchafkopfTable, hand: dict[str, Any], result: HandResult | None) -> str:
    if hand.get("game") == RAMSCH:
        if hand.get("durchmarsch"):
            return f"Ramsch{SEP}Durchmarsch {hand['durchmarsch']}"
        loser = result.info.get("loser") if result is not None else hand.get("loser")
        jf = hand.get("jungfrauen") or []
        if not loser:
            return "Ramsch"
        return f"Ramsch{SEP}{ramsch_loser(table)}: {loser}" + (f"{SEP}Jungfrau: {', '.join(jf)}" if jf else "")
    return SEP.join(trick_game_words(table, hand, result))


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: SchafkopfTable) -> str:
    dealer = state.get("next_dealer", "")
    line = f"Geber {dealer}"
    seats = list(standings)  # the players in seating order, clockwise
    if dealer in seats:
        line += f" · raus kommt {seats[(seats.index(dealer) + 1) % len(seats)]}"
    if state.get("stock"):
        stock = state["stock"]
        line += f" · im Stock {fmt.money(stock) if table.tally == 'geld' else fmt.counted(stock, 'Punkte')}"
    if state.get("bock"):
        line += f" · Bock ×{state['bock_factor']}: noch {fmt.counted(max(state['bock']), 'Spiele')}"
    return line


def card_look(table: SchafkopfTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"
