"""The pages to print, served by scorepad's own web server (ui/webserve.py) beside the app: a
round's table sheets (one A4 page per table, each with its PIN and QR code), the ranking list and
the prize list, as the application layer makes them (App.printed_sheets, App.printed_standings).
The organiser's screen opens them in a new tab (ui/screens/tournament.py), where the browser prints.

    /druck/turnier/ID/tische/R    round R's table sheets
    /druck/turnier/ID/rangliste   the ranking list
    /druck/turnier/ID/preise/N    the prize list: the first N places

Who may read them is decided by the application layer, as for every organiser operation
(app/organiser.py): the caller is the serving machine only if the request's socket comes from
it (the ASGI scope's client, as the server saw it; nothing the request says). Anyone else gets 403.
The answer is never cached and carries no CORS header, so another site's page cannot read it.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from scorepad.app.caller import Caller
from scorepad.app.errors import OrganiserError
from scorepad.errors import ScorepadError
from scorepad.ui.peer import is_loopback_ip

PREFIX = "/druck/"
PATH = re.compile(r"/druck/turnier/(\d{1,9})/(?:(tische)/(\d{1,3})|(rangliste)|(preise)/(\d{1,5}))/?")
HEADERS = [(b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"cross-origin-resource-policy", b"same-origin"),
           (b"x-frame-options", b"DENY")]


def sheets_path(tournament_id: int, round: int) -> str:
    return f"{PREFIX}turnier/{tournament_id}/tische/{round}"


def ranking_path(tournament_id: int) -> str:
    return f"{PREFIX}turnier/{tournament_id}/rangliste"


def prizes_path(tournament_id: int, places: int) -> str:
    return f"{PREFIX}turnier/{tournament_id}/preise/{places}"


def printed_page(app: Any, path: str, caller: Caller, server: str) -> tuple[int, str]:
    """(HTTP status, HTML) for a print path: 200 and the page, 403 for a caller not the
    organiser, 404 for a path or a tournament that is not there (in German, then English)."""
    found = PATH.fullmatch(path)
    if found is None:
        return 404, _words("Diese Seite gibt es nicht.", "No such page.")
    tid = int(found.group(1))
    try:
        if found.group(2):
            return 200, app.printed_sheets(tid, server, int(found.group(3)), caller=caller)
        places = int(found.group(6)) if found.group(5) else None
        return 200, app.printed_standings(tid, places, caller=caller)
    except OrganiserError as exc:
        return 403, _words(exc.german, exc.english)
    except ScorepadError as exc:
        return 404, _words(exc.german, exc.english)


def _words(german: str, english: str) -> str:
    from html import escape

    return (f'<!doctype html><html lang="de"><meta charset="utf-8"><title>scorepad</title>'
            f"<p>{escape(german)}</p><p><small>({escape(english)})</small></p></html>")


async def serve_printed(scope: dict[str, Any], send: Any, app: Any, server: str) -> None:
    """Answer a GET (or HEAD) of a print path; the app is asked in a thread (it reads the store)."""
    client = scope.get("client")
    caller = Caller(device="druck", local=is_loopback_ip(str(client[0]) if client else None))
    status, page = await asyncio.to_thread(printed_page, app, scope["path"], caller, server)
    body = page.encode("utf-8")
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(body)).encode()), *HEADERS]})
    await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
