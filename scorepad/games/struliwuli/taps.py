"""Struliwuli's hands as a person taps them on the form (for the tests; see
scorepad/ui/forms/taps.py)."""

from __future__ import annotations

from typing import Any

from scorepad.games.struliwuli.form import order
from scorepad.games.struliwuli.rules import StruliwuliTable
from scorepad.ui.forms import FormCtx


def taps(table: StruliwuliTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form: the bids, then the tricks."""
    seq = order(ctx)
    out = [f"bid-{p}-{hand['bids'][p]}" for p in seq] + ["bids-done"]
    out += [f"tr-{p}-{hand['tricks'][p]}" for p in seq[:-1]]
    return out


def offered(table: StruliwuliTable, hand: dict[str, Any]) -> dict[str, Any]:
    """The form offers every note of a hand."""
    return hand
