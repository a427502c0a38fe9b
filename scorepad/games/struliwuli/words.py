"""Struliwuli in words: the line describing a hand, the line about what comes next (Rad, Partie,
cards, the Neukirchner rule), the cards."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import SEP, Reckoning, reckoning_line
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


def reckonings(table: StruliwuliTable, hand: dict[str, Any], result: HandResult) -> list[Reckoning]:
    """Each player's points of the hand, read from the table: a bid made exactly scores
    `exact_bonus` + the tricks × `points_per_trick`, a bid missed `miss_points`."""
    bids, tricks = hand.get("bids") or {}, hand.get("tricks") or {}
    out = []
    for p in result.deltas:
        bid, made = bids.get(p), tricks.get(p)
        head = f"{p} {bid} angesagt, {made} gemacht"
        items: tuple[tuple[str, int], ...]
        if bid == made:
            items = (("genau", table.exact_bonus), (f"{fmt.counted(made or 0, 'Stiche')} × {table.points_per_trick}",
                                                   (made or 0) * table.points_per_trick))
        else:
            items = (("daneben", table.miss_points),)
        out.append(Reckoning(head, "punkte", items))
    return out


def rad_lines(table: StruliwuliTable, result: HandResult) -> list[str]:
    """A Rad ended with this hand: paid out by the ranking (the first from the last, ...)."""
    if not result.info.get("rad_complete"):
        return []
    return [f"Rad fertig, ausgezahlt nach Platz: der Erste vom Letzten, der Zweite vom Vorletzten, je Punkt "
            f"Unterschied {fmt.money(table.rate)}"]


def preview(table: StruliwuliTable, hand: dict[str, Any], result: HandResult) -> str:
    """Each player's points of the hand (`reckonings`), short enough for a phone: who bid
    exactly with their sum ("genau: Hias 10 + 1 × 1 = 11"), who missed ("daneben: Vroni, Wast je
    0"), then a Rad's payout."""
    lines = reckonings(table, hand, result)
    exact = [r for r in lines if r.items[0][0] == "genau"]
    missed = [r.head.split(" ", 1)[0] for r in lines if r.items[0][0] != "genau"]
    said = []
    if exact:
        said.append("genau: " + ", ".join(
            f"{r.head.split(' ', 1)[0]} {table.exact_bonus} + {r.items[1][0]} = {r.total}" for r in exact))
    if missed:
        said.append(f"daneben: {', '.join(missed)}{' je' if len(missed) > 1 else ''} {table.miss_points}")
    return reckoning_line(table, [], result, [*said, *rad_lines(table, result)])
