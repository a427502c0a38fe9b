"""The taps a person makes to enter a hand on a game's form, for the tests: each game's
scorepad/games/<name>/taps.py says, for a hand the engine accepts, the keys of the controls to
tap in order on a fresh form (`form.initial(ctx, None)`), only controls in view, each after the
choice that shows it; a quick action (Zamgschmissen, Vergeben) is the tap of its key. The
round-trip property test calls each control's handler, the browser tests tap with a finger;
both find a game's taps through the registry (Family.taps_module)."""

from __future__ import annotations

from typing import Any, Protocol

from scorepad.ui.forms import FormCtx


class HandTaps(Protocol):
    """A family's `taps` module."""

    def taps(self, table: Any, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
        """The keys to tap, in order, to enter exactly `hand` on a fresh form at `table`."""

    def offered(self, table: Any, hand: dict[str, Any]) -> dict[str, Any]:
        """`hand` as the form enters it: without the notes the table does not count (an old
        file may hold them; the engine keeps accepting them and scores the hand alike)."""


def digits(n: int, prefix: str = "") -> list[str]:
    """A number typed on the form's pad (from an empty pad)."""
    return [f"{prefix}pad-{d}" for d in str(n)]


def pad(n: int, quick: list[int], prefix: str = "") -> list[str]:
    """A number on a pad with quick keys: the quick key if there is one, else its digits."""
    return [f"{prefix}quick-{n}"] if n in quick else digits(n, prefix)
