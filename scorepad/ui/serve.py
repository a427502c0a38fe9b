"""Running the table app: served to phone browsers on the local network, entirely offline
(Flet's web client comes from the flet-web package, compressed and cached: see `webserve`), or
in a desktop window where flet-desktop is installed and a screen is there."""

from __future__ import annotations

import ipaddress
import os
import socket
import sys

from scorepad.ui.hosts import lan_address

DEFAULT_PORT = 8550


def qr_text(url: str) -> str | None:
    """The address as a QR code for the terminal, if the small `segno` library is installed."""
    try:
        import segno
    except ImportError:
        return None
    import io

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True)
    return out.getvalue()


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(socket.gethostbyname(host)).is_loopback
    except (OSError, ValueError):
        return False


def serve(host: str = "127.0.0.1", port: int = DEFAULT_PORT, db: str | None = None,
          require_pin: bool = False) -> None:
    """Serve the app in the browser until interrupted; prints the address to open. Off this
    machine (a host that is not loopback) changing an evening always needs its PIN."""
    import logging

    import flet as ft

    from scorepad.ui.main import make_main

    # warnings and errors (a phone's handler that failed: ui/failsafe.py) with their level and source
    logging.basicConfig(format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")
    shown = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{shown}:{port}/"
    print(f"scorepad läuft: {url}", flush=True)
    qr = qr_text(url) if shown not in ("127.0.0.1", "localhost") else None
    if qr:
        print(qr, flush=True)
    pin = require_pin or not is_loopback(host)
    if pin:
        print("Mitschreiben nur mit der PIN des Abends (steht auf dem Handy, das den Abend beginnt).", flush=True)
    main = make_main(db, require_pin=pin)
    if os.environ.get("SCOREPAD_PLAIN_FLET"):  # served as Flet serves it (the bench's "before")
        ft.run(main, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True)
        return
    from scorepad.ui import webserve

    webserve.run(main, host=host, port=port)


def open_app(db: str | None = None) -> None:
    """A desktop window where one can open (flet-desktop installed, a screen present);
    otherwise the app in the browser on this machine."""
    import importlib.util

    desktop = importlib.util.find_spec("flet_desktop") is not None
    has_screen = sys.platform in ("win32", "darwin") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if desktop and has_screen and not os.environ.get("FLET_FORCE_WEB_SERVER"):
        import flet as ft

        from scorepad.ui.main import make_main

        ft.run(make_main(db))
        return
    serve(db=db)
