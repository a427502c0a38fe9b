"""Who asks for a change: a phone of the table app, as the server knows it.

The command line on the machine that keeps the store asks as `None` (it may do anything).
A phone brings what it kept in its own browser (its id, its pen tokens, an organiser token),
which the application layer checks at the moment of every change (app/access.py,
app/organiser_phones.py), and what the phone cannot choose: its socket's address and whether it
comes from this machine (ui/peer.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Caller:
    device: str  # the phone's random id, kept in its browser (its drafts, its changes)
    pens: Mapping[int, str] = field(default_factory=dict)  # evening -> pen token the phone kept
    local: bool = False  # a browser on the machine that serves scorepad (may see a lost PIN)
    organiser: str = ""  # the organiser token the phone kept (app/organiser_phones.py), checked at every call
    address: str = ""  # where the phone's socket comes from, as the server saw it (wrong codes are counted by it)

    def pen(self, evening_id: int) -> str | None:
        return self.pens.get(evening_id)


def here(caller: Caller | None) -> bool:
    """The command line, or a browser on the serving machine (it may see an evening's PIN)."""
    return caller is None or caller.local
