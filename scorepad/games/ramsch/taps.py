"""Zaisertshofer Ramsch's hands as a person taps them on the form (for the tests; see
scorepad/ui/forms/taps.py)."""

from __future__ import annotations

from typing import Any

from scorepad.games.ramsch.rules import RamschTable
from scorepad.ui.forms import FormCtx


def taps(table: RamschTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form."""
    out = []
    pens = hand.get("penalties") or []
    if pens:  # first: a penalty can bring a weg player back in
        out.append("show-pen")
        out += [f"pen-{e['player']}-{e['kind']}" for e in pens]
    back = {e["player"] for e in pens if table.penalties[e["kind"]].back_in}
    fresh = [p for p in ctx.players if p in ctx.state.get("still_in", ctx.players)]
    want = set(hand["participants"])
    for p in ctx.players:
        if (p in fresh) != (p in want) and (p in fresh or p in back):
            out.append(f"mit-{p}")
    mit = [p for p in ctx.players if p in want]
    out += [f"tr-{p}-{hand['tricks'][p]}" for p in mit[:-1]]
    out += [f"order-{p}" for p in hand.get("weg_order") or []]
    return out


def offered(table: RamschTable, hand: dict[str, Any]) -> dict[str, Any]:
    """The form offers every note of a hand."""
    return hand
