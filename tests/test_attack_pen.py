"""Issue 23, "The pen cannot be taken": a stranger on the Wi-Fi tries to take the pen.

Every test here is an attack made as a stranger at the next table would make it: `scorepad web
--host 0.0.0.0` runs in its own process, and the attacker is a small client of Flet's websocket
protocol (scorepad/devtools/wire.py: taps by control key, the phone's storage answered from a
dict) connecting to the machine's LAN address (`lan_address()`), so the server sees a socket
from a non-loopback address, as it would see a phone. Evenings are made, and the store is read,
the way the table's own machine would: by the `scorepad` command line on the same file.

"Held" means the attack changed nothing the table relies on: no hand added, changed or taken
back, the PIN not seen and not changed, no house variant replaced; where a tap is refused the
phone says so in German. What each attack is, and what must hold:

1. Address claims, in every message kind. A phone claims to be the serving machine (which may
   always see an evening's PIN) or a new address (which got fresh PIN tries): by an update of
   the page's properties (`client_ip`), by the page patch of its registration (a new session
   and a resumed one), by `X-Forwarded-For`. Held: it is still a stranger (no PIN in anything
   it receives, no PIN screen for scorekeepers, no hand changed), and a claimed address gets no
   more PIN tries. (The serving machine itself, a socket from 127.0.0.1, still sees the PIN.)
2. Origin. A page of another site, open in a browser on the serving machine, opens the
   websocket (`Origin: http://evil.example`; DNS rebinding: `Origin` and `Host` both
   `attacker.test`). Held: refused before the app answers the registration; the app's own page
   (`Origin` its own address, by the LAN or by 127.0.0.1) is accepted.
3. Stale pens. `scorepad pin ID --reset` on the command line while phones hold the pen: one on
   the hand form, one about to set its own PIN, one that just saved a hand. Held: within 2 s
   none holds the pen; the form's Speichern is refused in words and its draft stays; "PIN
   festlegen" changes nothing (the PIN the command line printed stays); Rückgängig takes back
   nothing.
4. PIN guessing across addresses and devices. Wrong PINs from several phones (new device ids,
   new connections, where the machine allows it a second source address). Held: after 5 wrong
   tries in all, even the right PIN is refused for that evening (the PIN screen says to wait),
   also after a restart of the server; another evening is not affected; the scorekeeper's
   phone says that wrong PINs were tried.
5. House variants. A watcher (no PIN) saves house rules under the name of a variant an evening
   uses (by the form, and by pasted TOML). Held: refused in German, the variant unchanged; a new
   name is saved.
6. Held already, and must stay held: a watcher receives no PIN and no pen token; a forged pen
   token, or one of another evening, gives no pen.
7. A new PIN after a stranger's wrong PINs (issue 40). Five wrong PINs lock an evening, then
   `scorepad pin ID --reset`, or, at a tournament's table, "Neue PIN" on the organiser's screen
   (the serving machine's browser). Held: the new PIN's tries start afresh, and a new phone that
   types it takes the pen at once; a stranger who goes on from his address (where the machine
   has a second one) uses up only his share of them; the other table's PIN stays.

The tests assert what a phone sees over the wire and what the store holds, never how the
server does it. The control keys they use are the UI's own (scorepad/ui/screens), named once
below. The attacks that count PIN tries get a server of their own (the counts start from nothing); the
others share one, each on evenings of its own. Cost: about three minutes (29 tests, 11 servers).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack
import pytest
from conftest import SK4
from websockets.exceptions import WebSocketException

from scorepad.app import App
from scorepad.devtools.web import answering, free_port, stop
from scorepad.devtools.wire import (
    CONTROL_EVENT,
    INVOKE_METHOD,
    PATCH_CONTROL,
    REGISTER_CLIENT,
    UPDATE_CONTROL_PROPS,
    WireError,
    WirePhone,
    _ext,
)
from scorepad.ui.serve import lan_address

pytestmark = pytest.mark.wire  # real server processes and sockets (tests/conftest.py: the kinds)

# --- the controls the attacks touch: keys of the UI as it is (scorepad/ui/screens/*.py) ---------
EVENING = "evening-{}"          # start.py: an evening in the list
NEW_EVENING = "new-evening"     # start.py: "Neuer Abend"
CONTEXT = "context-line"        # table.py: the line under the standings (the table is shown)
UNLOCK = "unlock"               # table.py: "Mitschreiben: PIN eingeben" (a watcher's button)
NEXT_HAND = "next-hand"         # table.py: "Nächstes Spiel" (only with the pen)
SHOW_PIN = "show-pin"           # table.py: the key icon, "PIN zeigen"
UNDO = "undo"                   # table.py: Rückgängig in the header
HAND_ROW = "hand-{}"            # table.py: a hand in the list
NOTICE_ACTION = "notice-action"  # main.py: the notice line's button (Rückgängig after a save)
PIN_DIGIT = "pin-{}"            # pin.py: a key of the number pad
PIN_SHOWN = "pin-shown"         # pin.py: the four places ("1 2 _ _")
PIN_HERE = "pin-here"           # pin.py: "Auf diesem Rechner zu sehen: PIN ..."
PIN_CURRENT = "pin-current"     # pin.py: the PIN on the scorekeeper's PIN screen
NEW_PIN, NEW_PIN_YES, NEW_PIN_SET = "new-pin", "new-pin-yes", "new-pin-set"  # pin.py: "Neue PIN" ... "PIN festlegen"
SAVE = "save"                   # hand.py: Speichern
DELETE, CONFIRM_DELETE = "delete", "confirm-delete"  # hand.py
SAUSPIEL_TAPS = ("player-Hias", "partner-Wast", "result-won")  # the Schafkopf form: a Sauspiel won
TOURNAMENTS = "tournaments"     # start.py: "Turniere" (the serving machine's)
TOURNAMENT = "tournament-{}"    # tournaments.py: a tournament in the list
NEW_TABLE_PIN = "new-table-pin-{}"  # tournament.py: "Neue PIN" on a table's card
NEW_TABLE_PIN_YES, NEW_TABLE_PIN_SHOWN = "new-table-pin-yes", "new-table-pin-shown"  # its question, the new PIN
HOUSE_NEW = "house-new"         # new_evening.py: "Hausregeln anlegen"
HOUSE_NAME, HOUSE_SAVE = "house-name", "house-save"        # rules.py: the house rules form
HOUSE_PASTE, HOUSE_IMPORT = "house-paste", "house-import"  # rules.py: TOML pasted, "Übernehmen"

SAUSPIEL = {"game": "sauspiel", "player": "Hias", "partner": "Wast", "result": "won"}
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
MAX_WRONG = 5        # wrong PINs an evening takes in all (issue 23)
ADDRESS_SHARE = 3    # of them, one address's (issue 40)
REVOKE_S = 2.0       # a reset from the command line takes the pen within this
NO_PEN_S = 2.5       # how long a refused PIN is given to turn into the pen after all
WAIT_S = 20.0        # any answer a phone waits for (never reached when all is well)
# a second address of this machine for one attacker, where the tests may add one (root, `ip`)
SECOND_ADDRESS = "192.0.2.77"
# English words no German screen has (as tests/test_ui_german.py): a refusal must be German
ENGLISH = re.compile(r"\b(the|is|are|must|missing|cannot|needs|only|and|evening|hand|player|not|denied|"
                     r"forbidden|error|refused|wrong|try|wait)\b", re.IGNORECASE)


# --- the server, the command line, the store -----------------------------------------------------

class Server:
    """`scorepad web --host 0.0.0.0` in its own process on one store; the command line and the
    store beside it, as on the machine that serves the table."""

    def __init__(self, db: Path):
        self.lan = lan_address()
        if ipaddress.ip_address(self.lan).is_loopback:
            pytest.fail(f"this machine has no address but loopback ({self.lan}): the attacks must come from "
                        "a non-loopback address, so they cannot be made here")
        self.db = db
        self.port = free_port()
        self.url = f"http://{self.lan}:{self.port}/"
        self.origin = f"http://{self.lan}:{self.port}"
        self._start()

    def _start(self) -> None:
        with open(self.db.parent / "server.log", "ab") as log:  # a file: a full pipe would stop the server
            self.proc = subprocess.Popen([sys.executable, "-m", "scorepad", "web", "--host", "0.0.0.0", "--port",
                                          str(self.port), "--db", str(self.db)], stdout=log, stderr=subprocess.STDOUT)
        answering(self.proc, self.url, "scorepad web --host 0.0.0.0")

    def restart(self) -> None:
        stop(self.proc)
        self._start()

    def stop(self) -> None:
        stop(self.proc)

    def cli(self, *args: Any) -> str:
        """`scorepad --db <the store> ARGS` in its own process; its output (it must succeed)."""
        done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(self.db), *map(str, args)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"scorepad {' '.join(map(str, args))}: {done.stderr}"
        return done.stdout

    def evening(self, ruleset: str = "schafkopf", hands: int = 0) -> int:
        eid = int(self.cli("start", ruleset, *SK4).strip())
        for _ in range(hands):
            self.cli("add", eid, json.dumps(SAUSPIEL))
        return eid

    def pin(self, eid: int) -> str:
        """The evening's PIN as `scorepad pin ID` prints it ("evening 1: PIN 0497")."""
        return re.search(r"PIN (\d{4})", self.cli("pin", eid)).group(1)

    def reset_pin(self, eid: int) -> str:
        """`scorepad pin ID --reset`: the new PIN it printed."""
        return re.search(r"PIN (\d{4})", self.cli("pin", eid, "--reset")).group(1)

    def tries(self, eid: int) -> Any:
        """The evening's wrong PINs as the store holds them (how many, how many left)."""
        with App.open(self.db) as app:
            return app.pin_tries(eid)

    def tournament(self) -> tuple[int, list[int]]:
        """A tournament of eight on the command line, its first round drawn: its id, the tables' evenings."""
        tid = int(self.cli("tournament", "new", "Kirta", "--ruleset", "preisschafkopf-5-10-15", "--rounds", "2",
                           "--games", "4", "--seed", "1", *FIELD).strip())
        return tid, [t["evening"] for t in json.loads(self.cli("tournament", "draw", tid))["tables"]]

    def hands(self, eid: int) -> list[Any]:
        with App.open(self.db) as app:
            return app.hands(eid)

    def draft(self, eid: int, device: str) -> Any:
        with App.open(self.db) as app:
            return app.draft(eid, device)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the attacks that count no PIN tries; each makes its own evenings, and all
    of them together open about twenty sessions from this one address (should a cap of sessions
    per address come below that, these tests would take `own_server` instead)."""
    s = Server(tmp_path_factory.mktemp("attack-pen") / "scorepad.db")
    yield s
    s.stop()


@pytest.fixture
def own_server(tmp_path):
    """A server of the test's own, for the attacks that count PIN tries: the counts start from
    nothing, whatever an earlier attack left."""
    s = Server(tmp_path / "scorepad.db")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def second_address():
    """A second address of this machine on the LAN (`ip addr add`, removed afterwards), so that
    one attacker's sockets come from two addresses. Where it cannot be added (not root, no `ip`),
    None: the guessing attacks then differ by device and connection only, not by address."""
    lan = lan_address()
    if os.geteuid() != 0 or shutil.which("ip") is None:
        yield None
        return
    shown = subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True, text=True).stdout
    dev = next((line.split()[1] for line in shown.splitlines() if f" {lan}/" in line), None)
    if dev is None:
        yield None
        return
    added = subprocess.run(["ip", "addr", "add", f"{SECOND_ADDRESS}/32", "dev", dev],
                           capture_output=True).returncode == 0
    present = f" {SECOND_ADDRESS}/" in subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True,
                                                       text=True).stdout
    try:
        yield SECOND_ADDRESS if present and lan_address() == lan else None
    finally:
        if added:
            subprocess.run(["ip", "addr", "del", f"{SECOND_ADDRESS}/32", "dev", dev], capture_output=True)


# --- the attacker's phone ---------------------------------------------------------------------------

def _strings(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _strings(v, out)


class Phone(WirePhone):
    """A WirePhone that can lie: extra headers (Origin, Host, X-Forwarded-For), a source
    address, fields of its own in the registration's page patch, a session to resume. It keeps
    every word the server ever sent it (`heard`), to search for a PIN or a token."""

    def __init__(self, url: str, *, origin: str | None = None, headers: dict[str, str] | None = None,
                 host: str | None = None, source: str | None = None, claim: dict[str, Any] | None = None,
                 storage: dict | None = None, name: str = "phone"):
        super().__init__(url, storage=storage, name=name)
        self.origin, self.headers, self.host, self.source = origin, dict(headers or {}), host, source
        self.claim = dict(claim or {})
        self.heard: list[str] = []
        self.resumed = 0  # sessions resumed by `reconnect`

    async def connect(self, timeout: float = WAIT_S, session_id: str | None = None) -> Phone:
        from websockets.asyncio.client import connect

        options: dict[str, Any] = dict(max_size=None, compression="deflate", proxy=None, open_timeout=timeout,
                                       user_agent_header=f"scorepad-wire/{self.name}")
        if self.origin:
            options["origin"] = self.origin
        if self.headers:
            options["additional_headers"] = self.headers
        url = self.ws_url
        if self.host:  # the socket goes to the server; the request names another host (DNS rebinding)
            at = url.split("//", 1)[1].split("/", 1)[0]
            server_host, port = at.rsplit(":", 1)
            sock = socket.create_connection((server_host, int(port)), timeout,
                                            source_address=(self.source, 0) if self.source else None)
            options["sock"] = sock
            url = f"ws://{self.host}/ws"
        elif self.source:
            options["local_addr"] = (self.source, 0)
        self._ws = await asyncio.wait_for(connect(url, **options), timeout)
        self._reader = asyncio.create_task(self._read())
        await self._send(REGISTER_CLIENT, {"session_id": session_id, "page_name": "", "page": {
            "route": "/", "pwa": False, "web": True, "debug": False, "wasm": False, "test": False,
            "multi_view": False, "pyodide": False, "platform_brightness": "light",
            "width": self.width, "height": self.height, "platform": "android",
            "window": {}, "media": {"padding": {}, "view_padding": {}, "view_insets": {}}, **self.claim}})
        await self.until(self._registered.is_set, timeout, "the server did not answer the registration")
        return self

    async def reconnect(self, claim: dict[str, Any]) -> bool:
        """Close the socket and resume the same session on a new one, its registration's page
        patch carrying `claim` (as a browser tab resumes after a lost connection): whether the
        server resumed it (else the phone has a new session)."""
        session = self.session_id
        await self.quiet()  # (a socket closed while the server still sends leaves the session unresumable)
        await self.close()
        await asyncio.sleep(0.3)  # the server lets go of the old socket
        self._ws, self._reader, self.error = None, None, None
        self._registered = asyncio.Event()
        self.claim = dict(claim)
        await self.connect(session_id=session)
        self.resumed += self.session_id == session
        return self.session_id == session

    async def quiet(self, seconds: float = 0.5) -> None:
        """Wait until the server has sent nothing for `seconds` (never longer than WAIT_S)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT_S
        while loop.time() < deadline:
            seen = self.changed
            await asyncio.sleep(seconds)
            if self.changed == seen:
                return

    def receive(self, packet: bytes) -> dict | None:
        if packet and packet[0] == 0:
            action, body = msgpack.unpackb(packet[1:], strict_map_key=False, ext_hook=_ext, raw=False)
            if action == REGISTER_CLIENT:
                _strings(body.get("page_patch"), self.heard)
            elif action == PATCH_CONTROL:
                _strings(body.get("patch"), self.heard)
            elif action == INVOKE_METHOD:
                _strings(body.get("args"), self.heard)
        return super().receive(packet)

    async def set_page(self, **props: Any) -> None:
        """An update of the page's own properties, as the client sends one for a control's."""
        await self._send(UPDATE_CONTROL_PROPS, {"id": self.page.get("_i", 1), "props": props})

    async def click(self, key: str | None = None, *, control_id: int | None = None) -> bool:
        """A click event on the control with `key` (the newest of that key) or on `control_id`,
        sent whether or not the control is enabled or still shown: an attacker's client does
        not wait for a button. False where the phone never had such a control."""
        if control_id is None:
            found = self.keyed(key) if key else []
            if not found:
                return False
            control_id = found[-1]["_i"]
        await self._send(CONTROL_EVENT, {"target": control_id, "name": "click", "data": None})
        return True

    def id_of(self, key: str) -> int:
        return self.find(key)["_i"]

    def has_enabled(self, key: str) -> bool:
        return any(not c.get("disabled") for c in self.keyed(key))


async def within(seconds: float, ready: Callable[[], bool]) -> bool:
    """Whether `ready()` comes true within `seconds` (looked at every 50 ms)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not ready():
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def pin_in(texts: list[str], pin: str) -> list[str]:
    """The texts that carry `pin` as a number of its own (not inside an id or a longer number)."""
    pattern = re.compile(rf"(?<![0-9A-Za-z.]){pin}(?![0-9A-Za-z])")  # not in an id, a number, a date
    return [t for t in texts if pattern.search(t)]


def german_news(phone: Phone, before: set[str]) -> list[str]:
    """Texts on the phone now that were not there in `before`, worded in German (no English)."""
    return [t for t in set(phone.texts()) - before if re.search(r"[A-Za-zÄÖÜäöüß]{3}", t) and not ENGLISH.search(t)]


async def pen_taken(phone: Phone, before: set[str]) -> list[str]:
    """Wait REVOKE_S for the phone to lose the pen; what it shows then, if it did not."""
    if await within(REVOKE_S, lambda: not holds_pen(phone, before)):
        return []
    return [f"{REVOKE_S:.0f} s after the reset the phone still holds the pen: {phone.texts()}"]


def holds_pen(phone: Phone, before: set[str]) -> bool:
    """Whether the phone still acts as a scorekeeper: it offers what only the pen offers
    (Nächstes Spiel, the PIN, Rückgängig, an enabled Speichern or "PIN festlegen") and has not
    been told, since `before`, anything about the PIN."""
    offers = any(phone.has(k) for k in (NEXT_HAND, SHOW_PIN, UNDO, PIN_CURRENT)) or \
        phone.has_enabled(SAVE) or phone.has_enabled(NEW_PIN_SET)
    told = any("PIN" in t for t in set(phone.texts()) - before)
    return offers and not told


# --- what a phone does ----------------------------------------------------------------------------------

@pytest.fixture
async def phones():
    """Make phones (connected); every one is closed after the test."""
    made: list[Phone] = []

    async def make(server: Server, name: str = "phone", *, url: str | None = None, origin: str | None = None,
                   connect: bool = True, **kw: Any) -> Phone:
        phone = Phone(url or server.url, origin=origin or (server.origin if url is None else None), name=name, **kw)
        made.append(phone)
        return await phone.connect() if connect else phone

    yield make
    for phone in made:
        await phone.close()


async def open_evening(phone: Phone, eid: int) -> None:
    """Into the evening from the start screen: its table screen (with the line of what comes
    next, or, at a tournament table whose games are all played, the round-over state)."""
    await phone.tap(EVENING.format(eid), WAIT_S)
    await within(WAIT_S, lambda: phone.has(CONTEXT) or phone.has("round-over"))


async def to_pin_screen(phone: Phone, eid: int) -> None:
    """From wherever the phone is to the evening's PIN screen (as a watcher gets there)."""
    if phone.has(PIN_SHOWN) and not phone.has(NEW_PIN_SET):
        return  # there already
    if not phone.has(UNLOCK):
        await open_evening(phone, eid)
    await phone.tap(UNLOCK, WAIT_S)
    await within(WAIT_S, lambda: not phone.has(UNLOCK))


def typed(phone: Phone) -> int | None:
    """How many places of the PIN pad are filled; None without a pad."""
    found = phone.keyed(PIN_SHOWN)
    if not found:
        return None
    value = str(found[-1].get("value") or "")
    return sum(1 for ch in value if ch not in "_ ")


async def type_pin(phone: Phone, pin: str) -> None:
    """The four digits on the pad, each after the last one shows (a tap on an older pad would
    lose a digit). The clicks are sent to a disabled pad too (an attacker's client ignores
    `disabled`), but then not waited for long. Returns once the server answered the fourth."""
    for i, digit in enumerate(pin, 1):
        key = PIN_DIGIT.format(digit)
        locked = phone.has(key) and not phone.has_enabled(key)
        sent = phone.changed
        if not await phone.click(key):
            return  # no pad to type on
        if i < len(pin) and not await within(1.0 if locked else WAIT_S, lambda i=i: (typed(phone) or 0) >= i):
            return  # the pad took no digit
    await within(1.0 if locked else WAIT_S, lambda: typed(phone) in (0, None) or phone.changed > sent)
    await asyncio.sleep(0.1)


async def try_pin(phone: Phone, pin: str, wait: float = NO_PEN_S) -> bool:
    """The phone, on the PIN screen, types `pin`: whether it then holds the pen (Nächstes Spiel)."""
    await type_pin(phone, pin)
    return await within(wait, lambda: phone.has(NEXT_HAND))


async def scorekeeper(make, server: Server, eid: int, name: str = "keeper") -> Phone:
    """A phone that entered the evening's right PIN and is on the table with the pen."""
    phone = await make(server, name)
    await to_pin_screen(phone, eid)
    assert await try_pin(phone, server.pin(eid), WAIT_S), f"setup: {name}'s right PIN gave no pen: {phone.texts()}"
    return phone


def wrong(pin: str, i: int) -> str:
    return f"{(int(pin) + 1 + i) % 10000:04d}"


async def tap_and_settle(phone: Phone, key: str) -> None:
    """A tap, then wait until the server answered it (any update of this phone)."""
    before = phone.changed
    await phone.tap(key, WAIT_S)
    await within(WAIT_S, lambda: phone.changed > before)
    await asyncio.sleep(0.05)


async def try_to_write(phone: Phone, eid: int) -> None:
    """Everything a phone can tap to change the evening's hands: Nächstes Spiel and Speichern,
    a hand's Löschen, Rückgängig, where it is offered."""
    if phone.has(NEXT_HAND):
        await tap_and_settle(phone, NEXT_HAND)
        for key in SAUSPIEL_TAPS:
            await phone.click(key)
            await asyncio.sleep(0.2)
        await phone.click(SAVE)
        await asyncio.sleep(0.5)
        await open_evening_again(phone, eid)
    if phone.has(HAND_ROW.format(1)):
        await tap_and_settle(phone, HAND_ROW.format(1))
        if phone.has(DELETE):
            await tap_and_settle(phone, DELETE)
            await phone.click(CONFIRM_DELETE)
            await asyncio.sleep(0.5)
        await open_evening_again(phone, eid)
    if phone.has(UNDO):
        await phone.click(UNDO)
        await asyncio.sleep(0.5)


async def open_evening_again(phone: Phone, eid: int) -> None:
    """Back to the start screen and into the evening (the table drawn afresh)."""
    while not phone.has(EVENING.format(eid)) and phone.has("back"):
        await tap_and_settle(phone, "back")
    await open_evening(phone, eid)


# === 2. Origin ========================================================================================

async def registered(phone: Phone) -> bool:
    """Whether the server answered the phone's registration (else: the handshake was refused or
    the socket closed, or no answer in 5 s)."""
    try:
        await phone.connect(timeout=5.0)
    except (TimeoutError, WebSocketException, WireError, OSError):  # a 403, a closed socket, no answer
        return False
    return phone.session_id is not None and phone.error is None


@pytest.mark.parametrize("origin, host", [
    ("http://evil.example", None),
    ("http://evil.example:{port}", None),
    ("http://attacker.test:{port}", "attacker.test:{port}"),  # DNS rebinding: the name now points here
], ids=["other-site", "other-site-same-port", "dns-rebinding"])
async def test_a_websocket_opened_by_another_sites_page_is_refused(server, phones, origin, host):
    phone = await phones(server, "evil-page", origin=origin.format(port=server.port),
                         host=host and host.format(port=server.port), connect=False)
    assert not await registered(phone), f"a websocket with Origin {phone.origin} was answered: {phone.texts()}"


@pytest.mark.parametrize("by", ["lan", "loopback"])
async def test_a_websocket_opened_by_the_apps_own_page_is_accepted(server, phones, by):
    if by == "lan":
        phone = await phones(server, "own-page", origin=server.origin, connect=False)
    else:
        phone = await phones(server, "own-page", url=f"http://127.0.0.1:{server.port}/",
                             origin=f"http://127.0.0.1:{server.port}", connect=False)
    assert await registered(phone), f"the app's own page (Origin {phone.origin}) was refused: {phone.error}"
    await phone.wait_for(NEW_EVENING, WAIT_S)


# === 6. Held, and must stay held =========================================================================

async def test_a_watcher_receives_neither_the_pin_nor_a_pen_token(server, phones):
    eid = server.evening(hands=1)
    keeper = await scorekeeper(phones, server, eid)
    token = json.loads(keeper.storage["scorepad.pen"])[str(eid)]
    watcher = await phones(server, "watcher")
    await open_evening(watcher, eid)
    for key in (HAND_ROW.format(1), "settle", "history", "rules", UNLOCK):
        await tap_and_settle(watcher, key)
        if key != UNLOCK:
            await open_evening_again(watcher, eid)
    await type_pin(watcher, wrong(server.pin(eid), 0))
    assert pin_in(watcher.heard, server.pin(eid)) == []
    assert [t for t in watcher.heard if token in t] == []


async def test_a_forged_pen_token_gives_no_pen(server, phones):
    eid = server.evening(hands=1)
    forger = await phones(server, "forger", storage={"scorepad.device": "forger-device-1",
                                                     "scorepad.pen": json.dumps({str(eid): "00ab" * 16})})
    await open_evening(forger, eid)
    await asyncio.sleep(0.5)
    assert forger.has(UNLOCK) and not forger.has(NEXT_HAND)
    await try_to_write(forger, eid)
    assert server.hands(eid) == [SAUSPIEL]


async def test_a_pen_token_of_another_evening_gives_no_pen(server, phones):
    first, second = server.evening(hands=1), server.evening()
    keeper = await scorekeeper(phones, server, second, "keeper-of-the-second")
    device, token = keeper.storage["scorepad.device"], json.loads(keeper.storage["scorepad.pen"])[str(second)]
    crosser = await phones(server, "crosser", storage={"scorepad.device": device,
                                                       "scorepad.pen": json.dumps({str(first): token})})
    await open_evening(crosser, first)
    await asyncio.sleep(0.5)
    assert crosser.has(UNLOCK) and not crosser.has(NEXT_HAND)
    await try_to_write(crosser, first)
    assert server.hands(first) == [SAUSPIEL]


# === 1. Address claims: "this machine" ====================================================================

async def test_the_serving_machine_itself_still_sees_the_pin(server, phones):
    """The one way to find a lost PIN on a screen: a browser on the serving machine (a socket
    from 127.0.0.1). This is what the claims below pretend to be."""
    eid = server.evening()
    local = await phones(server, "this-machine", url=f"http://127.0.0.1:{server.port}/",
                         origin=f"http://127.0.0.1:{server.port}")
    await to_pin_screen(local, eid)
    shown = await within(5.0, lambda: bool(pin_in(local.texts(), server.pin(eid))))
    assert shown, f"the serving machine's own browser does not see the PIN: {local.texts()}"


async def claimant(make, server: Server, kind: str, address: str, phone: Phone | None = None) -> Phone:
    """A phone that claims `address` by one message kind: `props` an update of the page's
    `client_ip`, `register-new` the page patch of a new session's registration,
    `register-resumed` that of a resumed session's, `forwarded` the proxy headers. `phone`: the
    claimant of the kind's last claim, to claim again on the same session (props, resumed).
    A claim the server refuses (the socket closed, the session not resumed) is held as well:
    the attacker goes on with the phone it has, or a new one."""
    try:
        if kind == "props":
            if phone is None or phone.error is not None:
                phone = await make(server, "claims-by-props")
            await phone.set_page(client_ip=address)
            await asyncio.sleep(0.1)
        elif kind == "register-resumed":
            if phone is None or phone.error is not None:
                phone = await make(server, "claims-by-resuming")
            await phone.reconnect({"client_ip": address})
        elif kind == "register-new":
            phone = await make(server, "claims-by-registering", claim={"client_ip": address})
        elif kind == "forwarded":
            phone = await make(server, "claims-by-headers", headers={
                "X-Forwarded-For": address, "X-Real-IP": address, "Forwarded": f'for="{address}"'})
        else:
            raise ValueError(kind)
    except (TimeoutError, WireError, WebSocketException, OSError):
        phone = None
    if phone is None or phone.error is not None:
        phone = await make(server, f"{kind}-refused-goes-on")
    return phone


CLAIMS = [("props", "127.0.0.1"), ("props", "::1"), ("register-new", "127.0.0.1"),
          ("register-resumed", "127.0.0.1"), ("forwarded", "127.0.0.1")]


@pytest.mark.parametrize("kind, address", CLAIMS, ids=[f"{k}-{a}" for k, a in CLAIMS])
async def test_a_phone_claiming_the_serving_machines_address_is_still_a_stranger(server, phones, kind, address):
    eid = server.evening(hands=1)
    pin = server.pin(eid)
    phone = await claimant(phones, server, kind, address)
    await open_evening(phone, eid)
    if kind in ("props", "register-resumed"):  # claimed again while the evening is shown
        phone = await claimant(phones, server, kind, address, phone)
        if not phone.has(CONTEXT):
            await open_evening(phone, eid)
    await asyncio.sleep(0.3)
    assert not phone.has(SHOW_PIN), "the table offers the PIN screen to a phone that claimed this machine's address"
    if phone.has(UNLOCK):
        await to_pin_screen(phone, eid)
        await asyncio.sleep(0.5)
        assert not phone.has(PIN_HERE), f"the PIN screen shows the PIN: {phone.texts()}"
        await open_evening_again(phone, eid)
    await try_to_write(phone, eid)
    assert pin_in(phone.heard, pin) == [], f"the phone received the PIN {pin}"
    assert not phone.has(PIN_CURRENT)
    assert server.hands(eid) == [SAUSPIEL], "a phone that claimed the serving machine's address changed the hands"


# === 1. Address claims, 4. guessing: every try counts for the evening ======================================

TRY_CLAIMS = ["props", "register-resumed", "register-new", "forwarded"]


@pytest.mark.parametrize("kind", TRY_CLAIMS)
async def test_a_claimed_address_gets_no_more_pin_tries(own_server, phones, kind):
    """Before each wrong PIN the phone claims a new address; after five, it claims this machine's
    and types the right PIN: refused."""
    server = own_server
    eid = server.evening()
    pin = server.pin(eid)
    phone = None
    for i in range(MAX_WRONG):
        phone = await claimant(phones, server, kind, f"10.23.0.{i + 1}", phone)
        await to_pin_screen(phone, eid)
        assert not await try_pin(phone, wrong(pin, i), 0.2), "setup: a wrong PIN gave the pen"
    phone = await claimant(phones, server, kind, "127.0.0.1", phone)
    await to_pin_screen(phone, eid)
    took = await try_pin(phone, pin)
    assert not took, (f"after {MAX_WRONG} wrong PINs, each from a newly claimed address ({kind}), the right PIN "
                      "still gave the pen: the claims bought fresh tries")


# === 4. Guessing across devices, connections and addresses ==============================================

async def guess(make, server: Server, eid: int, tries: int, sources: list[str | None]) -> None:
    """`tries` wrong PINs, each from a new phone (a new device id, a new connection), the
    sources taken in turn."""
    pin = server.pin(eid)
    for i in range(tries):
        phone = await make(server, f"guesser-{i}", source=sources[i % len(sources)])
        await to_pin_screen(phone, eid)
        assert not await try_pin(phone, wrong(pin, i), 0.2), "setup: a wrong PIN gave the pen"
        await phone.close()


def sources_of(server: Server, second: str | None) -> list[str | None]:
    return [None, second] if second else [None]


async def test_five_wrong_pins_in_all_lock_the_evening_for_every_phone_and_address(own_server, phones,
                                                                                   second_address):
    server = own_server
    eid = server.evening()
    await guess(phones, server, eid, MAX_WRONG, sources_of(server, second_address))
    late = await phones(server, "right-pin-too-late", source=second_address)
    await to_pin_screen(late, eid)
    took = await try_pin(late, server.pin(eid))
    assert not took, (f"after {MAX_WRONG} wrong PINs from {MAX_WRONG} phones "
                      f"({'two addresses' if second_address else 'one address'}), a new phone's right PIN gave the pen")
    says_wait = [t for t in late.texts() if re.search(r"wart|später|nächster Versuch", t, re.IGNORECASE)]
    assert says_wait and not ENGLISH.search(says_wait[0]), f"the PIN screen does not say to wait: {late.texts()}"


async def test_the_pin_lock_is_kept_across_a_restart_of_the_server(own_server, phones, second_address):
    server = own_server
    eid = server.evening()
    await guess(phones, server, eid, MAX_WRONG, sources_of(server, second_address))
    server.restart()
    late = await phones(server, "after-the-restart")
    await to_pin_screen(late, eid)
    assert not await try_pin(late, server.pin(eid)), "a restart of the server gave the guessers their tries back"


async def test_a_locked_evening_leaves_another_evening_open(own_server, phones):
    server = own_server
    locked, other = server.evening(), server.evening()
    await guess(phones, server, locked, MAX_WRONG, [None])  # all from this one address
    phone = await phones(server, "other-table")
    await to_pin_screen(phone, other)
    assert await try_pin(phone, server.pin(other), WAIT_S), \
        f"the right PIN of another evening was refused: {phone.texts()}"


async def test_the_scorekeeper_sees_that_wrong_pins_were_tried(own_server, phones):
    server = own_server
    eid = server.evening()
    keeper = await scorekeeper(phones, server, eid)
    await guess(phones, server, eid, 2, [None])

    def told() -> bool:
        return any("falsche pin" in t.casefold() for t in keeper.texts())

    if not await within(5.0, told):
        await open_evening_again(keeper, eid)  # the table drawn afresh
    assert await within(5.0, told), f"the scorekeeper's table does not say wrong PINs were tried: {keeper.texts()}"


# === 3. Stale pens after `scorepad pin ID --reset` ===========================================================

async def test_a_reset_from_the_command_line_takes_the_pen_from_a_phone_on_the_hand_form(server, phones):
    eid = server.evening(hands=1)
    phone = await scorekeeper(phones, server, eid, "on-the-form")
    device = phone.storage["scorepad.device"]
    await tap_and_settle(phone, NEXT_HAND)
    for key in SAUSPIEL_TAPS:
        await tap_and_settle(phone, key)
    assert await within(WAIT_S, lambda: phone.has_enabled(SAVE)), "setup: the hand is not complete"
    draft = server.draft(eid, device)
    assert draft, "setup: the form's taps are not kept as a draft"
    save_id = phone.id_of(SAVE)
    before = set(phone.texts())

    new_pin = server.reset_pin(eid)
    problems = await pen_taken(phone, before)
    if not await phone.click(SAVE):  # Speichern, as the phone has it now, else as it had it
        await phone.click(control_id=save_id)
    def says_why() -> list[str]:  # in German, that the PIN is needed (it changed)
        return [t for t in german_news(phone, before) if "PIN" in t]

    await within(3.0, lambda: bool(says_why()))
    await asyncio.sleep(0.5)
    if server.hands(eid) != [SAUSPIEL]:
        problems.append(f"the save was stored: {server.hands(eid)}")
    if not says_why():
        problems.append(f"the refused save says nothing in German about the PIN: {phone.texts()}")
    if server.draft(eid, device) != draft:
        problems.append(f"the draft was not kept: {server.draft(eid, device)!r} (was {draft!r})")
    if pin_in(phone.heard, new_pin):
        problems.append(f"the phone received the new PIN {new_pin}")
    assert not problems, "\n".join(problems)


async def test_a_reset_from_the_command_line_takes_the_pen_from_a_phone_setting_a_new_pin(server, phones):
    eid = server.evening()
    phone = await scorekeeper(phones, server, eid, "setting-a-pin")
    await tap_and_settle(phone, SHOW_PIN)
    await phone.wait_for(PIN_CURRENT, WAIT_S)
    await tap_and_settle(phone, NEW_PIN)
    await tap_and_settle(phone, NEW_PIN_YES)
    own = "4711"
    for i, digit in enumerate(own, 1):
        await phone.click(PIN_DIGIT.format(digit))
        await within(3.0, lambda i=i: (typed(phone) or 0) >= i or phone.has(NEW_PIN_SET))
    await phone.wait_for(NEW_PIN_SET, WAIT_S, enabled=True)
    set_id = phone.id_of(NEW_PIN_SET)
    before = set(phone.texts())

    new_pin = server.reset_pin(eid)
    problems = await pen_taken(phone, before)
    await phone.click(control_id=set_id)  # "PIN festlegen", as the phone had it
    await asyncio.sleep(1.0)
    if server.pin(eid) != new_pin:
        problems.append(f"the phone set its own PIN {server.pin(eid)} over the reset's {new_pin}")
    if pin_in(phone.heard, new_pin):
        problems.append(f"the phone received the new PIN {new_pin}")
    assert not problems, "\n".join(problems)


async def test_a_phone_whose_pen_was_revoked_cannot_take_back_its_hand(server, phones):
    eid = server.evening()
    phone = await scorekeeper(phones, server, eid, "saved-a-hand")
    await tap_and_settle(phone, NEXT_HAND)
    for key in SAUSPIEL_TAPS:
        await tap_and_settle(phone, key)
    await phone.tap(SAVE, WAIT_S)
    await phone.wait_for(HAND_ROW.format(1), WAIT_S)
    await phone.wait_for(NOTICE_ACTION, WAIT_S)  # "Spiel 1 gespeichert" · Rückgängig
    taps = [phone.id_of(NOTICE_ACTION), phone.id_of(UNDO)]
    saved = server.hands(eid)
    assert len(saved) == 1, "setup: the hand was not saved"
    before = set(phone.texts())

    server.reset_pin(eid)
    problems = await pen_taken(phone, before)
    # Rückgängig on the notice line and in the header, as the phone had them, then as it has them now
    for what, control in [("the notice's Rückgängig", taps[0]), ("the header's Rückgängig", taps[1]),
                          ("the header's Rückgängig now", (phone.keyed(UNDO) or [{}])[-1].get("_i"))]:
        if control is None:
            continue
        await phone.click(control_id=control)
        await asyncio.sleep(0.5)
        if server.hands(eid) != saved:
            problems.append(f"{what} took the hand back without the pen: {server.hands(eid)}")
            break
    assert not problems, "\n".join(problems)


# === 5. House variants ========================================================================================

def house_variant(server: Server, name: str) -> str:
    """A house variant `name` made on the machine (TOML imported), and an evening started on it:
    the variant's id."""
    path = server.db.parent / f"{re.sub(r'[^a-z]', '-', name.lower())}.toml"
    path.write_text(f'extends = "schafkopf"\nname = "{name}"\n[contracts.sauspiel]\ntariff = 10\n'
                    '[laufende]\nenabled = true\n', encoding="utf-8")
    server.cli("rulesets", "import", path)
    rid = "schafkopf-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    server.cli("start", rid, *SK4)
    return rid


async def to_house_form(phone: Phone) -> None:
    await phone.tap(NEW_EVENING, WAIT_S)
    await phone.tap(HOUSE_NEW, WAIT_S)
    await phone.wait_for(HOUSE_NAME, WAIT_S)


async def answered(phone: Phone, before: set[str]) -> None:
    """Wait until the phone shows something new (a notice, another screen)."""
    await within(5.0, lambda: set(phone.texts()) - before != set())
    await asyncio.sleep(0.3)


async def test_a_watcher_cannot_overwrite_a_house_variant_an_evening_uses(server, phones):
    name = "Stammtisch Huber"
    house_variant(server, name)
    kept = server.cli("rulesets", "export", name)
    watcher = await phones(server, "watcher-with-rules")
    problems = []

    await to_house_form(watcher)  # pasted TOML: the same name, other values
    await watcher.type(HOUSE_PASTE, f'extends = "schafkopf"\nname = "{name}"\n[contracts.sauspiel]\ntariff = 50\n')
    await watcher.wait_for(HOUSE_IMPORT, WAIT_S, enabled=True)
    before = set(watcher.texts())
    await watcher.tap(HOUSE_IMPORT)
    await answered(watcher, before)
    if server.cli("rulesets", "export", name) != kept:
        problems.append(f"pasted TOML replaced the variant: {server.cli('rulesets', 'export', name)}")
    if not german_news(watcher, before) or f"Hausregeln „{name}“ übernommen" in watcher.texts():
        problems.append(f"the paste was not refused in German: {german_news(watcher, before)}")

    watcher = await phones(server, "another-watcher-with-rules")  # (a notice of its own, not the first's)
    await to_house_form(watcher)  # the form: the same name, the built-in values
    await watcher.type(HOUSE_NAME, name)
    await watcher.wait_for(HOUSE_SAVE, WAIT_S, enabled=True)
    before = set(watcher.texts())
    await watcher.tap(HOUSE_SAVE)
    await answered(watcher, before)
    if server.cli("rulesets", "export", name) != kept:
        problems.append(f"the form replaced the variant: {server.cli('rulesets', 'export', name)}")
    if not german_news(watcher, before) or f"Hausregeln „{name}“ gespeichert" in watcher.texts():
        problems.append(f"the save was not refused in German: {german_news(watcher, before)}")
    assert not problems, "\n".join(problems)


async def test_a_watcher_may_save_house_rules_under_a_new_name(server, phones):
    house_variant(server, "Stammtisch Wirt")
    watcher = await phones(server, "watcher-new-rules")
    await to_house_form(watcher)
    name = "Runde am Fenster"
    await watcher.type(HOUSE_NAME, name)
    await watcher.wait_for(HOUSE_SAVE, WAIT_S, enabled=True)
    before = set(watcher.texts())
    await watcher.tap(HOUSE_SAVE)
    await answered(watcher, before)
    assert 'name = "Runde am Fenster"' in server.cli("rulesets", "export", name)


# === 7. A new PIN gives the table its tries back ================================================================

async def test_a_reset_after_a_strangers_five_wrong_pins_lets_a_new_phone_take_the_pen(own_server, phones,
                                                                                        second_address):
    server = own_server
    eid = server.evening()
    await guess(phones, server, eid, MAX_WRONG, sources_of(server, second_address))
    assert server.tries(eid).left == 0, "setup: five wrong PINs left the evening tries"
    new_pin = server.reset_pin(eid)
    assert server.tries(eid).wrong == 0, "the wrong PINs before the reset still count"
    if second_address:  # the stranger goes on from his own address: only his share of the new PIN's tries
        await guess(phones, server, eid, ADDRESS_SHARE + 1, [second_address])
        assert server.tries(eid).wrong == ADDRESS_SHARE, f"one address typed {server.tries(eid).wrong} wrong PINs"
    taker = await phones(server, "takes-over")  # the scorekeeper's battery died: another phone
    await to_pin_screen(taker, eid)
    assert await try_pin(taker, new_pin, WAIT_S), \
        f"after the reset, the new PIN gave a new phone no pen: {taker.texts()}"


async def test_the_organisers_new_pin_for_a_locked_tournament_table_lets_its_phone_take_the_pen(own_server, phones,
                                                                                                second_address):
    server = own_server
    tid, (first, second) = server.tournament()
    other = server.pin(second)
    await guess(phones, server, first, MAX_WRONG, sources_of(server, second_address))
    assert server.tries(first).left == 0, "setup: five wrong PINs left the table tries"
    organiser = await phones(server, "organiser", url=f"http://127.0.0.1:{server.port}/")  # the serving machine
    await organiser.tap(TOURNAMENTS, WAIT_S)
    await organiser.tap(TOURNAMENT.format(tid), WAIT_S)
    await organiser.tap(NEW_TABLE_PIN.format(1), WAIT_S)  # "Neue PIN" on table 1's card
    await organiser.tap(NEW_TABLE_PIN_YES, WAIT_S)  # the question: yes
    await organiser.wait_for(NEW_TABLE_PIN_SHOWN, WAIT_S)
    shown = organiser.text(NEW_TABLE_PIN_SHOWN)
    assert shown == server.pin(first), f"the organiser was shown {shown!r}, the table's PIN is {server.pin(first)}"
    assert server.pin(second) == other and server.tries(first).left == MAX_WRONG
    taker = await phones(server, "table-1-takes-over")
    await to_pin_screen(taker, first)
    assert await try_pin(taker, shown, WAIT_S), \
        f"the organiser's new PIN gave the table's new phone no pen: {taker.texts()}"


# === 9. A tournament table's rules, finish and reopen are the organiser's (issue 36) ===========================

RULES_KEYS = ("rules-base", "rules-edit", "rules-apply", "rules-problem")


def evening_now(server: Server, eid: int) -> Any:
    with App.open(server.db) as app:
        return app.evening(eid)


def table_hand(server: Server, eid: int) -> dict[str, Any]:
    """A Sauspiel won by the table's first two seats (a hand any Schafkopf table takes)."""
    players = evening_now(server, eid).players
    return {"game": "sauspiel", "player": players[0], "partner": players[1], "suit": "gras", "augen": 70}


async def test_a_tables_keeper_cannot_change_its_tournament_tables_rules(server, phones):
    tid, (first, second) = server.tournament()
    kept = evening_now(server, first).options
    keeper = await scorekeeper(phones, server, first, "table-keeper-rules")
    await tap_and_settle(keeper, "rules")
    if await keeper.click("rules-edit"):  # (a screen that offers no change is as good: the store decides)
        await within(WAIT_S, lambda: keeper.has("rules-apply"))
        for key in [k for k in keeper.shown_keys() if k.startswith("rules-") and k not in RULES_KEYS]:
            if keeper.has_enabled("rules-apply"):
                break
            if not keeper.chosen(key):
                await keeper.click(key)
                await within(2.0, lambda: keeper.has_enabled("rules-apply"))
        before = set(keeper.texts())
        await keeper.click("rules-apply")  # sent whether or not the button is enabled
        await answered(keeper, before)
    assert evening_now(server, first).options == kept, \
        f"the table's keeper changed table 1's rules: {evening_now(server, first).options}"
    assert evening_now(server, second).options == kept


async def test_after_the_tournament_is_finished_a_tables_keeper_can_neither_reopen_nor_delete(server, phones):
    tid, (first, _) = server.tournament()
    server.cli("add", first, json.dumps(table_hand(server, first)))
    keeper = await scorekeeper(phones, server, first, "table-keeper-finished")
    server.cli("tournament", "finish", tid, "--force")
    assert evening_now(server, first).finished, "setup: finishing the tournament left table 1 open"
    saved = server.hands(first)
    await open_evening_again(keeper, first)
    await tap_and_settle(keeper, "settle")  # Abrechnung: "Abend wieder öffnen"
    before = set(keeper.texts())
    if await keeper.click("finish"):
        await answered(keeper, before)
    problems = []
    if not evening_now(server, first).finished:
        problems.append("the keeper opened a finished tournament's table again")
    await open_evening_again(keeper, first)
    await try_to_write(keeper, first)
    if server.hands(first) != saved:
        problems.append(f"the keeper changed a finished tournament's hands: {server.hands(first)}")
    assert not problems, "\n".join(problems)


# === 10. A variant a tournament plays is not a stranger's to replace (issue 36) =================================

async def test_a_stranger_cannot_replace_the_variant_a_tournament_plays_before_its_first_draw(server, phones):
    name = "Clubabend Kirta"
    path = server.db.parent / "clubabend-kirta.toml"
    path.write_text(f'extends = "preisschafkopf-5-10-15"\nname = "{name}"\n[contracts.sauspiel]\ntariff = 10\n',
                    encoding="utf-8")
    server.cli("rulesets", "import", path)
    rid = "preisschafkopf-5-10-15-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    tid = int(server.cli("tournament", "new", "Kirta am Fenster", "--ruleset", rid, "--rounds", "2", "--games", "4",
                         "--seed", "1", *FIELD).strip())
    kept = server.cli("rulesets", "export", name)
    stranger = await phones(server, "stranger-with-rules")  # no PIN, no organiser code
    await to_house_form(stranger)
    await stranger.type(HOUSE_PASTE, f'extends = "preisschafkopf-5-10-15"\nname = "{name}"\n'
                                     '[contracts.sauspiel]\ntariff = 50\n')
    await stranger.wait_for(HOUSE_IMPORT, WAIT_S, enabled=True)
    before = set(stranger.texts())
    await stranger.tap(HOUSE_IMPORT)
    await answered(stranger, before)
    problems = []
    if server.cli("rulesets", "export", name) != kept:
        problems.append(f"the stranger replaced the tournament's variant: {server.cli('rulesets', 'export', name)}")
    if not german_news(stranger, before) or f"Hausregeln „{name}“ übernommen" in stranger.texts():
        problems.append(f"the paste was not refused in German: {german_news(stranger, before)}")
    drawn = json.loads(server.cli("tournament", "draw", tid))["tables"]
    with App.open(server.db) as app:
        tariffs = {app.table(t["evening"]).contracts["sauspiel"].tariff for t in drawn}
    if tariffs != {10}:
        problems.append(f"the draw gave the tables the tariff(s) {tariffs}")
    assert not problems, "\n".join(problems)


# === 10. One text rule for every name, where the text comes in (issue 36, item 11) ======================

@pytest.mark.parametrize("mark", ["\u202e", "\u200e", "\u2028", "\x7f"], ids=["rlo", "lrm", "line-separator", "del"])
async def test_a_strangers_house_rules_name_with_a_hidden_character_is_refused_and_nothing_stored(server, phones,
                                                                                                 mark):
    """A phone with no PIN types a variant's name with a character pasted from a chat (a
    writing-direction mark, a line separator, DEL) and sends "Speichern" whether the button is
    enabled or not: refused in German, and no variant of that name is stored."""
    stranger = await phones(server, f"stranger-name-{ord(mark):x}")
    with sqlite3.connect(server.db) as db:
        kept = {row[0] for row in db.execute("SELECT name FROM house_rules")}  # the other tests' variants
    await to_house_form(stranger)
    name = f"Club{mark}abend"
    await stranger.type(HOUSE_NAME, name)
    await asyncio.sleep(0.3)
    before = set(stranger.texts())
    await stranger.click(HOUSE_SAVE)
    await answered(stranger, before)
    with sqlite3.connect(server.db) as db:
        stored = {row[0] for row in db.execute("SELECT name FROM house_rules")}
    assert stored == kept, f"a name with U+{ord(mark):04X} was stored: {sorted(stored - kept)}"
    said = [t for t in stranger.texts() if f"U+{ord(mark):04X}" in t]  # the character named
    assert said and not any(ENGLISH.search(t) for t in said), f"the refusal names no character: {stranger.texts()}"
