"""The small client of Flet's protocol the load test drives `scorepad web` with (no browser)
lives in the package, since `scorepad bench` reports its figures too:
scorepad/devtools/wire.py (the client), scorepad/devtools/sharing_ws.py (the load loop)."""

from scorepad.devtools.wire import WireError, WirePhone, controls_in, key_of

__all__ = ["WireError", "WirePhone", "controls_in", "key_of"]
