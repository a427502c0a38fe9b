"""Struliwuli in words: the line describing a hand, the line about what comes next (Rad, Partie,
cards, the Neukirchner rule), the cards."""

from __future__ import annotations

from typing import Any

from scorepad.describe import SEP
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.struliwuli.rules import StruliwuliTable

PASSED = "Alle gequiekt: frisches Saufutter"


def describe(table: StruliwuliTable, hand: dict[str, Any], result: HandResult | None) -> str:
    cards = result.info.get("cards") if result else sum((hand.get("tricks") or {}).values())
    exact = result.info.get("exact", []) if result else []
    bidders = len(hand.get("bids") or {}) or len(exact)
    made = f"{len(exact)} von {bidders} genau angesagt" if exact else "keiner genau angesagt"
    return f"{cards} {'Karte' if cards == 1 else 'Karten'}{SEP}{made}"


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: StruliwuliTable) -> str:
    line = (f"Rad {state['rad']} · Partie {state['partie']} von {state['partien_per_rad']} · "
            f"{state['cards']} {'Karte' if state['cards'] == 1 else 'Karten'} · Geber {state.get('next_dealer', '')}")
    if state.get("bids_may_not_total") is not None:
        line += f" · Ansagen dürfen nicht {state['bids_may_not_total']} ergeben"
    return line


def card_look(table: StruliwuliTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Stiche eintragen" if draft and draft.get("_phase") == "tricks" else "Ansagen"
