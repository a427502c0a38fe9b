"""Who asks for a change: a phone of the table app, as the server knows it.

The command line on the machine that keeps the store asks as `None` (it may do anything).
A phone brings what it kept in its own browser (its id, its pen tokens, an organiser token),
which the application layer checks at the moment of every change (app/access.py,
app/organiser_phones.py), and what the phone cannot choose: its socket's address and whether it
comes from this machine (ui/peer.py)."""

from __future__ import annotations

import ipaddress
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


def network_of(address: str) -> str:
    """Whom a limit on guessing counts, from the socket's address: an IPv4 address; an IPv6 one
    by its /64 (a phone may take any address of its prefix); an IPv4-mapped IPv6 address is its
    IPv4 address; anything else as it is ("?" for none)."""
    try:
        ip = ipaddress.ip_address((address or "").split("%", 1)[0])
    except ValueError:
        return address or "?"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)
