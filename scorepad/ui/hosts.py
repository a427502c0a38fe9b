"""Which addresses are this machine's own: what the Host header of a request and the Origin of
a websocket may name (scorepad/ui/webserve.py, scorepad/ui/transport.py).

A web page from another site, open in a browser on the serving machine or on a phone at the
table, may open a websocket to scorepad; the browser then sends that site as the `Origin`.
Such a socket is refused: only the app's own page (served from this machine, on this port)
may speak to it. The Origin is compared with this machine's names and addresses, not with the
request's own Host header: a site whose name resolves to this machine (DNS rebinding) sends a
Host that matches its Origin. For the same reason a request whose Host names no address of
this machine is refused too.

This machine's names: loopback (localhost, 127.0.0.1, ::1), its addresses on every network
interface (the one a phone opens: `lan_address()`), its hostname (and hostname.local),
and the `--host` it serves on. The list is read again (at most every REFRESH_S seconds) when
a request names an address not in it: a laptop that joins another Wi-Fi keeps working.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import struct
import sys
import threading
import time
from urllib.parse import urlsplit

from scorepad.ui.peer import is_loopback_ip

REFRESH_S = 10.0
LOOPBACK = ("localhost", "localhost.localdomain", "127.0.0.1", "::1")
ANY = ("", "0.0.0.0", "::")


def _interface_addresses() -> set[str]:
    """The addresses of this machine's network interfaces (Linux: asked of the kernel; elsewhere
    what the hostname resolves to and the route's address)."""
    found: set[str] = set()
    if sys.platform.startswith("linux"):
        try:
            import fcntl

            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                for _, name in socket.if_nameindex():
                    try:
                        packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                             struct.pack("256s", name.encode()[:15]))
                        found.add(socket.inet_ntoa(packed[20:24]))
                    except OSError:
                        pass  # an interface without an IPv4 address
        except (OSError, ImportError):
            pass
        try:
            with open("/proc/net/if_inet6", encoding="ascii") as f:
                for line in f:
                    hexed = line.split()[0]
                    found.add(str(ipaddress.IPv6Address(bytes.fromhex(hexed))))
        except (OSError, ValueError, IndexError):
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.add(str(info[4][0]).split("%")[0])
    except OSError:
        pass
    return found


def _canonical(host: str) -> str:
    """A host as compared: lower case, no brackets, no trailing dot, an IP address written
    the one way (::ffff:192.0.2.2 as 192.0.2.2)."""
    host = host.strip().lower().rstrip(".")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    host = host.split("%")[0]  # an IPv6 zone
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return str(ip)


def host_of(header: str) -> str:
    """The host of a Host header ("192.0.2.2:8550", "[::1]:8550", "localhost")."""
    header = header.strip()
    if header.startswith("["):
        return _canonical(header[: header.find("]") + 1] if "]" in header else header)
    if header.count(":") == 1:
        header = header.split(":", 1)[0]
    return _canonical(header)


def lan_address() -> str:
    """This machine's address on the local network (what a phone on the same Wi-Fi opens)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the route
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class OwnAddresses:
    """This machine's names and addresses, for a server on `host`:`port`."""

    def __init__(self, host: str, port: int):
        self.port = port
        self.host = _canonical(host) if host not in ANY else ""
        self._lock = threading.Lock()
        self._names: frozenset[str] = frozenset()
        self._read_at = float("-inf")
        self.refresh()

    def refresh(self) -> None:
        """Read this machine's addresses again (a few milliseconds; may ask the resolver)."""
        names = {*LOOPBACK, lan_address(), *_interface_addresses()}
        try:
            hostname = socket.gethostname()
            names.update({hostname, f"{hostname}.local"})
        except OSError:
            pass
        if self.host:
            names.add(self.host)
        with self._lock:
            self._names = frozenset(_canonical(n) for n in names if n)
            self._read_at = time.monotonic()

    def _known(self, host: str) -> bool:
        return host in self._names or is_loopback_ip(host)

    def _origin_host(self, header: bytes) -> str | None:
        """The host of an Origin header if it is this app's kind (http or https, the port
        served); None for any other (another port, another scheme, "null", nonsense)."""
        try:
            origin = urlsplit(header.decode("latin-1").strip())
            port = origin.port or {"http": 80, "https": 443}.get(origin.scheme)
        except ValueError:
            return None
        if origin.scheme not in ("http", "https") or not origin.hostname or port != self.port:
            return None
        return _canonical(origin.hostname)

    async def refusal(self, headers: dict[bytes, bytes], websocket: bool = False) -> str | None:
        """Why a request is refused (None: it is not): its Host header names no address of this
        machine, or (a websocket) its Origin is not this app's own page. No Host, no Origin:
        not a browser, accepted. A name not known reads the machine's addresses again first
        (in a thread, at most every REFRESH_S seconds)."""
        names: list[str] = []
        host = headers.get(b"host")
        if host:
            names.append(host_of(host.decode("latin-1")))
        origin = headers.get(b"origin") if websocket else None
        if origin is not None:
            origin_host = self._origin_host(origin)
            if origin_host is None:
                return "origin"
            names.append(origin_host)
        if all(self._known(n) for n in names):
            return None
        if time.monotonic() - self._read_at >= REFRESH_S:
            await asyncio.to_thread(self.refresh)
        for what, name in zip(("host", "origin"), names):
            if not self._known(name):
                return what
        return None
