"""Schwarze Sau's hands as a person taps them on the form (for the tests; see
scorepad/ui/forms/taps.py)."""

from __future__ import annotations

from typing import Any

from scorepad.games.schwarze_sau.rules import SchwarzeSauTable
from scorepad.ui.forms import FormCtx


def taps(table: SchwarzeSauTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form."""
    if ctx.state.get("achterbrief_owed"):
        return [f"loser-{hand['achterbrief_loser']}"]
    ann = hand.get("announcement")
    if ann:
        return [f"special-{ann['kind']}", f"by-{ann['by']}", f"success-{ann['success']}"]
    if hand.get("durchmarsch"):
        return ["special-stiller", f"by-{hand['durchmarsch']}"]
    out = []
    points = hand["points"]
    if ctx.table.seats[len(ctx.players)].stock_cards > 0:
        stock = ctx.game.round_total - sum(points.values())
        if stock:
            out.append(f"stock-{stock}")
    for p in ctx.players[:-1]:
        out.append(f"pt-{p}-{points[p]}")
    return out


def offered(table: SchwarzeSauTable, hand: dict[str, Any]) -> dict[str, Any]:
    """The form offers every note of a hand."""
    return hand
