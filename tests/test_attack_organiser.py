"""A stranger on the Wi-Fi tries to run the tournament: draw, close a round, correct a table's
hand, finish, read the table sheets (every table's PIN).

`scorepad web --host 0.0.0.0` runs in its own process; the attacker is a client of the real
websocket (scorepad/devtools/wire.py) connecting to the machine's LAN address, so the server sees
a socket from another machine, as from a phone. It opens the organiser's addresses (/turniere,
/turniere/ID) directly, claiming in its registration to be the serving machine (`client_ip`
127.0.0.1), and asks the print pages over HTTP with `X-Forwarded-For: 127.0.0.1`. Held: the app
layer refuses it in German (the screen offers nothing: no draw, no close, no correction, no
finish, no sheets), the print pages answer 403 without a PIN, and the store holds what it held.
A browser on the serving machine (a socket from 127.0.0.1) at the same address is offered all of
it: the attack fails for the right reason. Cost: one server, about 10 s."""

from __future__ import annotations

import ipaddress
import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from scorepad.app import App
from scorepad.devtools.web import answering, free_port, stop, web_process
from scorepad.devtools.wire import REGISTER_CLIENT, WirePhone
from scorepad.ui.printroute import prizes_path, ranking_path, sheets_path
from scorepad.ui.serve import lan_address

pytestmark = pytest.mark.wire  # a real server process and sockets (tests/conftest.py: the kinds)

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
# the organiser's controls (scorepad/ui/screens/tournament.py, tournaments.py, start.py)
ORGANISER_KEYS = ("draw-round", "close-round", "close-force", "finish", "finish-last", "correct-table-1",
                  "print-sheets", "print-ranking", "progress-1", "withdraw-Alois", "late-add", "new-tournament",
                  "tournament-create", "tournaments", "new-table-pin-1")
REFUSED = "Das darf nur der Veranstalter"
WAIT_S = 20.0


class Attacker(WirePhone):
    """A phone that opens the app at `route` and claims the serving machine's address."""

    def __init__(self, url: str, route: str):
        super().__init__(url, name="stranger")
        self.route = route

    async def _send(self, action: int, body: Any) -> None:
        if action == REGISTER_CLIENT:
            body["page"].update(route=self.route, client_ip="127.0.0.1")
        await super()._send(action, body)


def cli(db: Path, *args: Any) -> str:
    done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(db), *map(str, args)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def get(url: str, **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=WAIT_S) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A tournament in round 1 (one hand at table 1), served to the Wi-Fi."""
    lan = lan_address()
    if ipaddress.ip_address(lan).is_loopback:
        pytest.fail(f"this machine has no address but loopback ({lan}): the attack must come from another address")
    db = tmp_path_factory.mktemp("attack-organiser") / "scorepad.db"
    tid = int(cli(db, "tournament", "new", "Kirta", "--ruleset", RULES, "--rounds", "2", "--games", "4",
                  "--seed", "1", *FIELD).strip())
    drawn = json.loads(cli(db, "tournament", "draw", tid))
    first = drawn["tables"][0]
    cli(db, "add", first["evening"], json.dumps({"game": "solo", "player": first["seats"][1], "suit": "herz",
                                                 "augen": 70}))
    port = free_port()
    proc = web_process(db, port, host="0.0.0.0")
    try:
        answering(proc, f"http://{lan}:{port}/", "scorepad web --host 0.0.0.0")
        yield {"db": db, "tid": tid, "lan": f"http://{lan}:{port}", "here": f"http://127.0.0.1:{port}",
               "evening": first["evening"]}
    finally:
        stop(proc)


def stored(db: Path, tid: int) -> Any:
    with App.open(db) as app:
        return app.tournament_data(tid), [(e.id, e.version, e.finished) for e in app.list_evenings()]


async def opened(url: str, route: str) -> Attacker:
    phone = Attacker(url, route)
    await phone.connect(WAIT_S)
    await phone.until(lambda: bool(phone.texts()), WAIT_S, "no screen")
    return phone


@pytest.mark.parametrize("route", ["/turniere/{tid}", "/turniere", "/"])
async def test_a_stranger_at_the_organisers_address_is_refused_and_offered_nothing(served, route):
    before = stored(served["db"], served["tid"])
    stranger = await opened(served["lan"] + "/", route.format(tid=served["tid"]))
    try:
        if route != "/":
            await stranger.until(lambda: any(REFUSED in t for t in stranger.texts()), WAIT_S, "no refusal")
        assert [k for k in ORGANISER_KEYS if stranger.has(k)] == []
        pin_words = " ".join(stranger.texts())
        with App.open(served["db"]) as app:
            assert all(sheet.pin not in pin_words for sheet in app.table_sheets(served["tid"]))
    finally:
        await stranger.close()
    assert stored(served["db"], served["tid"]) == before


async def test_the_serving_machines_browser_at_the_same_address_is_the_organiser(served):
    here = await opened(served["here"] + "/", f"/turniere/{served['tid']}")
    try:
        await here.wait_for("progress-1", WAIT_S)
        assert all(here.has(k) for k in ("close-round", "finish", "correct-table-1", "print-sheets", "new-table-pin-1"))
    finally:
        await here.close()


def test_a_stranger_cannot_read_the_table_sheets_or_the_lists(served):
    tid = served["tid"]
    with App.open(served["db"]) as app:
        pins = [sheet.pin for sheet in app.table_sheets(tid)]
    for path in (sheets_path(tid, 1), ranking_path(tid), prizes_path(tid, 3)):
        status, page = get(served["lan"] + path, **{"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1"})
        assert status == 403, path
        assert REFUSED in page and not any(pin in page for pin in pins)
    status, page = get(served["here"] + sheets_path(tid, 1))  # the organiser, on the serving machine
    assert status == 200 and all(pin in page for pin in pins)
    assert served["lan"].split("//")[1] in page  # the QR codes' address is the one the phones open
