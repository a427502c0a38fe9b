"""Where this process serves the app: the address a phone on the Wi-Fi opens (what the
organiser's screens show for each table, with its QR code, and the table sheets print), and
whether that address is this machine's own (served on 127.0.0.1, the default: no phone can
open it, and the organiser's screens say how to serve for phones instead).

Set once by the web server when it is made (ui/webserve.py); the desktop window (no server for
phones) keeps the default, the loopback address."""

from __future__ import annotations

import base64
import io
import ipaddress
from urllib.parse import urlsplit

DEFAULT = "http://127.0.0.1:8550/"
SERVE_FOR_PHONES = "scripts/run web --host 0.0.0.0"  # (the README's command for the phones at the table)
LOOPBACK_LINE = (f"Nur auf diesem Rechner erreichbar (127.0.0.1): für die Handys „{SERVE_FOR_PHONES}“ "
                 "starten, dann zeigen Tischzettel und QR-Codes die Adresse im WLAN.")

_base = DEFAULT


def set_phone_base(base: str) -> None:
    """The address a phone opens (http://HOST:PORT/), as the server serves it."""
    global _base
    _base = base


def phone_base() -> str:
    return _base


def loopback_only(base: str | None = None) -> bool:
    """Whether `base` (default: the served address) is this machine's own: no phone opens it."""
    host = urlsplit(base or _base).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def qr_png(text: str, scale: int = 5) -> str | None:
    """`text` as a QR code picture for a screen (error correction M, as the sheets): a PNG as a
    data address (raw bytes are not drawn by a phone's browser at plain http, seen in chromium).
    None where segno is not at hand: the static site, which serves no phones."""
    try:
        import segno
    except ImportError:
        return None
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="png", scale=scale, border=4)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
