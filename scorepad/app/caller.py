"""Who asks for a change: a phone of the table app, as the server knows it.

The command line on the machine that keeps the store asks as `None` (it may do anything).
A phone brings what it kept in its own browser (its id and its pen tokens), which the
application layer checks at the moment of every change (app/access.py), and one fact the
phone cannot choose: whether its socket comes from this machine (ui/peer.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Caller:
    device: str  # the phone's random id, kept in its browser (its drafts, its changes)
    pens: Mapping[int, str] = field(default_factory=dict)  # evening -> pen token the phone kept
    local: bool = False  # a browser on the machine that serves scorepad (may see a lost PIN)

    def pen(self, evening_id: int) -> str | None:
        return self.pens.get(evening_id)
