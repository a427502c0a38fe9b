"""Where a phone connects from, as the server saw it: the one fact about a phone that the
phone itself cannot change.

Flet keeps the address on `page.client_ip`, but that is a page property, and a client can
overwrite page properties with one message (an update of the page's props, or the page patch
of a resumed session's registration). So the server takes the address from the socket itself
when the websocket opens (scorepad/ui/webserve.py) and keeps it here, by the connection, out of
the client's reach. "This machine" (may see a lost PIN) and nothing else is decided by it.
"""

from __future__ import annotations

import ipaddress
import threading
import weakref
from typing import Any

_peers: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def remember_peer(connection: Any, address: str) -> None:
    """The address `connection`'s socket came from (called by the server as the socket opens)."""
    with _lock:
        _peers[connection] = address


def forget_peer(connection: Any) -> None:
    with _lock:
        _peers.pop(connection, None)


def peer_address(page: Any) -> str | None:
    """The address the phone's current connection came from; None where the server does not
    know it (no connection, a connection scorepad did not open)."""
    try:
        connection = page.session.connection
    except (AttributeError, RuntimeError):
        return None
    if connection is None:
        return None
    with _lock:
        return _peers.get(connection)


def is_loopback_ip(ip: str | None) -> bool:
    """Whether `ip` is this machine's own (127.0.0.0/8, ::1)."""
    try:
        return bool(ip) and ipaddress.ip_address(str(ip)).is_loopback
    except ValueError:
        return False


def is_local(page: Any) -> bool:
    """Whether the phone is a browser on the machine that serves scorepad, by its socket."""
    return is_loopback_ip(peer_address(page))
