"""The address that opens an evening in the served app: BASE/abend/ID (what a table sheet's QR
code holds; the app opens that evening's table on the phone that opens it)."""

from __future__ import annotations

import re

EVENING_PATH = "abend"
_EVENING_ROUTE = re.compile(rf"/{EVENING_PATH}/([1-9][0-9]{{0,17}})/?")


def evening_address(base: str, evening: int) -> str:
    """The address that opens `evening` in the app served at `base` (http://HOST:PORT/)."""
    return f"{base.rstrip('/')}/{EVENING_PATH}/{evening}"


def evening_of_route(route: str | None) -> int | None:
    """The evening an app route names (/abend/ID, as the page's route reads the address), if any."""
    found = _EVENING_ROUTE.fullmatch((route or "").split("?", 1)[0])
    return int(found.group(1)) if found else None
