"""A stranger on the Wi-Fi tries to become the organiser: it guesses the laptop's one-time code and
forges organiser tokens, while the organiser's own phone is allowed with the right code.

`scorepad web --host 0.0.0.0` runs in its own process; the phones are clients of the real websocket
(scorepad/devtools/wire.py) connecting to the machine's LAN address (the server sees a socket from
another machine); the laptop connects from 127.0.0.1. The stranger records every packet it
receives from the moment before the laptop makes a code. Held: the code is in nothing the stranger
receives; a used code gives nothing; three wrong codes from its address and even the right code is
refused; a forged token (random, or the hash the store keeps) is refused and offered nothing; the
organiser's phone with the right code runs the tournament until the laptop revokes it, and then
its open screen asks for a code again. Cost: one server, about 15 s."""

from __future__ import annotations

import hashlib
import ipaddress
import json
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgpack
import pytest

from scorepad.app import App
from scorepad.devtools.web import answering, free_port, stop, web_process
from scorepad.devtools.wire import REGISTER_CLIENT, WirePhone
from scorepad.ui.pen import ORGANISER_KEY
from scorepad.ui.serve import lan_address

pytestmark = pytest.mark.wire  # a real server process and sockets

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
ORGANISER_KEYS = ("draw-round", "close-round", "finish", "new-tournament", "organiser-code-make", "organiser-phones",
                  "organiser-allowed", "print-sheets", "new-table-pin-1")
WAIT_S = 20.0


class Phone(WirePhone):
    """A phone that opens the app at `route`; it may claim the serving machine's address (the
    server does not believe it) and keeps every packet it receives."""

    def __init__(self, url: str, route: str, name: str, storage: dict[str, Any] | None = None, claim: bool = False):
        super().__init__(url, name=name, storage=storage)
        self.route, self.claim = route, claim
        self.packets: list[bytes] = []

    async def _send(self, action: int, body: Any) -> None:
        if action == REGISTER_CLIENT:
            body["page"].update(route=self.route, **({"client_ip": "127.0.0.1"} if self.claim else {}))
        await super()._send(action, body)

    def receive(self, packet: bytes) -> dict[str, Any] | None:
        self.packets.append(packet)
        return super().receive(packet)

    def received_strings(self) -> list[str]:
        """Every string in every message the server sent this phone."""
        out: list[str] = []

        def walk(v: Any) -> None:
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, dict):
                for k, x in v.items():
                    walk(k)
                    walk(x)
            elif isinstance(v, (list, tuple)):
                for x in v:
                    walk(x)

        for p in self.packets:
            if p and p[0] == 0:
                walk(msgpack.unpackb(p[1:], strict_map_key=False, raw=False,
                                     ext_hook=lambda code, data: data.decode("utf-8", "replace")))
        return out


def cli(db: Path, *args: Any) -> str:
    done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(db), *map(str, args)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    lan = lan_address()
    if ipaddress.ip_address(lan).is_loopback:
        pytest.fail(f"this machine has no address but loopback ({lan}): the attack must come from another address")
    db = tmp_path_factory.mktemp("attack-organiser-phone") / "scorepad.db"
    tid = int(cli(db, "tournament", "new", "Kirta", "--ruleset", RULES, "--rounds", "2", "--games", "4",
                  "--seed", "1", *FIELD).strip())
    port = free_port()
    proc = web_process(db, port, host="0.0.0.0")
    try:
        answering(proc, f"http://{lan}:{port}/", "scorepad web --host 0.0.0.0")
        yield {"db": db, "tid": tid, "lan": f"http://{lan}:{port}/", "here": f"http://127.0.0.1:{port}/"}
    finally:
        stop(proc)


async def opened(url: str, route: str, name: str, **kwargs: Any) -> Phone:
    phone = Phone(url, route, name, **kwargs)
    await phone.connect(WAIT_S)
    await phone.until(lambda: bool(phone.texts()), WAIT_S, "no screen")
    return phone


def filled(phone: Phone) -> int:
    found = phone.keyed("pin-shown")
    return sum(1 for ch in str(found[-1].get("value") or "") if ch not in "_ ") if found else -1


async def type_code(phone: Phone, code: str) -> str:
    """The six digits on the pad, each after the last shows; the line the screen answers with."""
    await phone.wait_for("pin-shown", WAIT_S)
    for i, digit in enumerate(code):
        await phone.until(lambda i=i: filled(phone) == i, WAIT_S, f"digit {i} shown")
        await phone.tap(f"pin-{digit}", WAIT_S)
    # the sixth digit: the pad empties (a refusal below it) or goes (the phone is allowed)
    await phone.until(lambda: filled(phone) in (0, -1), WAIT_S, "an answer to the code")
    found = phone.keyed("organiser-code-message")
    return str(found[-1].get("value")) if found else ""


async def laptop_code(laptop: Phone) -> str:
    old = [str(c.get("value")) for c in laptop.keyed("organiser-code")]
    await laptop.tap("organiser-code-make", WAIT_S)
    await laptop.until(lambda: [str(c.get("value")) for c in laptop.keyed("organiser-code")] not in ([], old),
                       WAIT_S, "no code")
    return str(laptop.find("organiser-code")["value"]).replace(" ", "")


def wrong(code: str, k: int) -> str:
    return f"{(int(code) + 1 + k) % 1_000_000:06d}"


async def test_a_stranger_cannot_guess_the_code_nor_forge_a_token_the_organisers_phone_can(served):
    tid = served["tid"]
    stranger = await opened(served["lan"], "/turniere", "stranger", claim=True)
    laptop = await opened(served["here"], "/turniere", "laptop")
    organiser_storage: dict[str, Any] = {}
    phones = [stranger, laptop]
    try:
        await stranger.wait_for("organiser-code-ask", WAIT_S)
        code = await laptop_code(laptop)
        # the organiser's phone types the right code and runs the tournament
        organiser = await opened(served["lan"], f"/turniere/{tid}", "organiser", storage=organiser_storage)
        phones.append(organiser)
        assert await type_code(organiser, code) == ""
        await organiser.tap("draw-round", WAIT_S)
        await organiser.wait_for("progress-1", WAIT_S)
        await organiser.tap("new-table-pin-1", WAIT_S)  # a table's new PIN (issue 40): the organiser's too
        await organiser.tap("new-table-pin-yes", WAIT_S)
        await organiser.wait_for("new-table-pin-shown", WAIT_S)
        with App.open(served["db"]) as app:
            first = app.tournament_round(tid).tables[0].evening
            assert organiser.text("new-table-pin-shown") == app.pin(first)
        token = organiser_storage[ORGANISER_KEY]
        seen = stranger.received_strings()  # everything up to here: the code made and used meanwhile
        # the stranger: the used code gives nothing
        assert "kein Code" in await type_code(stranger, code)
        # a new code: two more wrong ones from the stranger (the used code was its first), then even
        # the right one is refused
        second = await laptop_code(laptop)
        await stranger.until(lambda: stranger.has("organiser-code-message"), WAIT_S, "no screen")
        before_typing = stranger.received_strings()  # (what it types itself it may see again)
        for k in range(2):
            assert (await type_code(stranger, wrong(second, k))).startswith("Falscher Code")
        assert "Zu viele falsche Codes" in await type_code(stranger, second)
        assert not stranger.has("organiser-allowed")
        # nothing the stranger received holds a code or the organiser's token
        assert not [s for s in before_typing if second in s.replace(" ", "")]
        assert not [s for s in seen if code in s.replace(" ", "")]
        assert not [s for s in stranger.received_strings() if token in s]
        # forged tokens: random, or the hash the store keeps of the real one
        for forged in ("Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQ", hashlib.sha256(token.encode()).hexdigest()):
            forger = await opened(served["lan"], f"/turniere/{tid}", "forger", storage={ORGANISER_KEY: forged},
                                  claim=True)
            phones.append(forger)
            await forger.wait_for("organiser-code-ask", WAIT_S)
            assert [k for k in ORGANISER_KEYS if forger.has(k)] == []
        with App.open(served["db"]) as app:
            assert len(app.organiser_phones()) == 1 and app.tournament(tid).drawn == 1
        # the laptop revokes the organiser's phone: its open screen asks for a code at once
        await laptop.until(lambda: laptop.has("organiser-phones-list"), WAIT_S, "no phone listed")
        await laptop.tap("organiser-phones-list", WAIT_S)
        await organiser.wait_for("organiser-code-ask", WAIT_S)
        assert not organiser.has("close-round")
        with App.open(served["db"]) as app:
            assert app.organiser_phones() == [] and app.tournament(tid).open_round == 1
            assert json.dumps(app.tournament_data(tid))  # the store reads as before
    finally:
        for p in phones:
            await p.close()


# --- issue 36 (16): one phone cannot void the code -----------------------------------------------------------

def own_addresses() -> list[str]:
    shown = subprocess.run(["ip", "-o", "addr", "show"], capture_output=True, text=True).stdout
    return [line.split()[3].split("/")[0] for line in shown.splitlines() if " inet" in line]


@pytest.fixture
def ipv6_net(tmp_path):
    """`scorepad web --host ::` on a store of its own, reached over this machine's global IPv6
    address; two more addresses added for the test (root, `ip`): one in the same /64 (a phone
    takes any address of its prefix, as privacy addresses do) and one in the next /64 (the
    organiser's phone). The test cannot run without them."""
    v6 = next((a for a in own_addresses() if ":" in a and ipaddress.ip_address(a).is_global
               or ":" in a and ipaddress.ip_address(a).is_private and not ipaddress.ip_address(a).is_link_local
               and not ipaddress.ip_address(a).is_loopback), None)
    if v6 is None:
        pytest.fail(f"this machine has no IPv6 address but loopback and link-local: {own_addresses()}")
    net = ipaddress.IPv6Network(f"{v6}/64", strict=False)
    same, other = str(net[0x77]), str(ipaddress.IPv6Network((int(net.network_address) + (1 << 64), 64))[2])
    dev = subprocess.run(["ip", "-o", "-6", "addr", "show"], capture_output=True, text=True).stdout
    dev_name = next(line.split()[1] for line in dev.splitlines() if f" {v6}/" in line)
    added = [a for a in (same, other) if a not in own_addresses() and subprocess.run(
        ["ip", "-6", "addr", "add", f"{a}/128", "dev", dev_name, "nodad"], capture_output=True).returncode == 0]
    port = free_port()
    proc = web_process(tmp_path / "scorepad.db", port, host="::")
    try:
        if not {same, other} <= set(own_addresses()):
            pytest.fail(f"this attack needs two more IPv6 addresses of this machine ({same}, {other}): not root?")
        answering(proc, f"http://[{v6}]:{port}/", "scorepad web --host ::")
        yield {"url": f"http://[{v6}]:{port}/", "here": f"http://[::1]:{port}/", "same": same, "other": other,
               "db": tmp_path / "scorepad.db"}
    finally:
        stop(proc)
        for a in added:
            subprocess.run(["ip", "-6", "addr", "del", f"{a}/128", "dev", dev_name], capture_output=True)


async def test_one_phone_taking_addresses_of_its_prefix_cannot_void_the_organisers_code(ipv6_net):
    phones: list[Phone] = []

    async def phone(name: str, source: str | None = None, url: str = ipv6_net["url"]) -> Phone:
        p = Phone(url, "/turniere", name)
        p.source = source
        phones.append(p)
        await p.connect(WAIT_S)
        await p.until(lambda: bool(p.texts()), WAIT_S, "no screen")
        return p

    try:
        laptop = await phone("laptop", url=ipv6_net["here"])
        code = await laptop_code(laptop)
        answers = []
        for k in range(5):  # a new "phone" (another id) for every try, from two addresses of one /64
            stranger = await phone(f"stranger-{k}", source=None if k < 3 else ipv6_net["same"])
            answers.append(await type_code(stranger, wrong(code, k)))
        organiser = await phone("organiser", source=ipv6_net["other"])  # the organiser's phone: its own network
        said = await type_code(organiser, code)
        if said == "":  # the pad went: the screen that says so comes with the next render
            await organiser.until(lambda: organiser.has("organiser-allowed"), WAIT_S, "no organiser screen")
        assert said == "" and organiser.has("organiser-allowed"), \
            f"after a stranger's wrong codes ({answers}) the organiser's phone with the right code was told {said!r}"
        assert any("Zu viele falsche Codes" in a for a in answers), f"the stranger was never throttled: {answers}"
    finally:
        for p in phones:
            await p.close()


# --- issue 36 (13): an organiser phone's token ends with its tournament day -----------------------------------

async def test_an_organiser_phone_allowed_at_last_weeks_night_runs_no_tournament_of_tonight(ipv6_net):
    db = ipv6_net["db"]
    storage: dict[str, Any] = {}
    phones: list[Phone] = []
    try:
        laptop = Phone(ipv6_net["here"], "/turniere", "laptop")
        phones.append(laptop)
        await laptop.connect(WAIT_S)
        code = await laptop_code(laptop)
        helper = Phone(ipv6_net["url"], "/turniere", "helper", storage=storage)
        helper.source = ipv6_net["other"]
        phones.append(helper)
        await helper.connect(WAIT_S)
        said = await type_code(helper, code)
        assert said == "", f"setup: the helper was not allowed: {said!r}"
        await helper.until(lambda: bool(storage.get(ORGANISER_KEY)), WAIT_S, "setup: the helper kept no token")
        await helper.close()
        # a week later: the same phone, its token kept; the store says when it was allowed
        conn = sqlite3.connect(db)
        conn.execute("UPDATE organiser_phones SET granted_at = ?",
                     [(datetime.now(UTC) - timedelta(days=7)).isoformat(timespec="milliseconds")])
        conn.commit()
        conn.close()
        tid = int(cli(db, "tournament", "new", "Kirta", "--ruleset", RULES, "--rounds", "2", "--games", "4",
                      "--seed", "1", *FIELD).strip())
        later = Phone(ipv6_net["url"], f"/turniere/{tid}", "helper-a-week-later", storage=storage)
        later.source = ipv6_net["other"]
        phones.append(later)
        await later.connect(WAIT_S)
        await later.until(lambda: bool(later.texts()), WAIT_S, "no screen")
        await later.quiet(0.5)
        offered = [k for k in ORGANISER_KEYS if later.has(k)]
        if later.has("draw-round"):
            await later.tap("draw-round", WAIT_S)
        with App.open(db) as app:
            drawn = app.tournament(tid).drawn
        assert not offered and drawn == 0, f"a week-old organiser token was offered {offered}, drew {drawn} round(s)"
    finally:
        for p in phones:
            await p.close()
