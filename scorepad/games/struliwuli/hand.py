"""The Struliwuli hand as entered: the session file's keys (docs/session-format.md)."""

from __future__ import annotations

from scorepad.games.base import HandModel


class StruliwuliHand(HandModel):
    bids: dict[str, int]
    tricks: dict[str, int]
