"""A stranger on the Wi-Fi against the websocket itself (issue 23: identity from the socket,
Origin, floods): `scorepad web --host 0.0.0.0` in its own process, spoken to in Flet's protocol
(scorepad/devtools/wire.py and plain websocket clients) from this machine's LAN address, which
the server sees as a phone's (only 127.0.0.1 is the serving machine).

What the limits are, and why: scorepad/ui/transport.py. The figures (a flooding phone's delay to
another table, memory after hostile connections) are printed; docs/benchmarks.md ("Floods")
gives them. About 2 minutes, most of it waiting for closed sessions to end."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from scorepad.app import App
from scorepad.devtools.sharing_ws import rss_bytes
from scorepad.devtools.web import answering, free_port, stop
from scorepad.devtools.wire import CONTROL_EVENT, REGISTER_CLIENT, UPDATE_CONTROL_PROPS, WireError, WirePhone, key_of
from scorepad.games import DEFAULT_RULESET
from scorepad.ui.serve import lan_address

pytestmark = pytest.mark.load

PLAYERS = ["Resi", "Hias", "Sepp", "Wast"]
LAN = lan_address()
REGISTER = {"session_id": None, "page_name": "", "page": {
    "route": "/", "pwa": False, "web": True, "debug": False, "wasm": False, "test": False, "multi_view": False,
    "pyodide": False, "platform_brightness": "light", "width": 412, "height": 915, "platform": "android",
    "window": {}, "media": {"padding": {}, "view_padding": {}, "view_insets": {}}}}


def frame(action: int, body) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


class LanServer:
    """`scorepad web --host 0.0.0.0` on a free port with its own store (one evening in it); its
    error output kept in a file."""

    def __init__(self, folder: Path):
        assert LAN != "127.0.0.1", "these tests need a network address besides loopback (serve.lan_address())"
        self.db = folder / "scorepad.db"
        with App.open(self.db) as app:
            self.evening = app.start_evening(DEFAULT_RULESET, PLAYERS).id
        self.port = free_port()
        self.errors = folder / "stderr.txt"
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
        env.pop("SCOREPAD_PLAIN_FLET", None)
        with open(self.errors, "wb") as err:
            self.proc = subprocess.Popen([sys.executable, "-m", "scorepad", "web", "--host", "0.0.0.0", "--port",
                                          str(self.port), "--db", str(self.db)], env=env,
                                         stdout=subprocess.DEVNULL, stderr=err)
        self.lan = f"http://{LAN}:{self.port}/"
        self.local = f"http://127.0.0.1:{self.port}/"
        self.ws = f"ws://{LAN}:{self.port}/ws"
        answering(self.proc, self.local, "scorepad web")

    def stderr(self) -> str:
        return self.errors.read_text(errors="replace")

    def rss_mb(self) -> float:
        return rss_bytes(self.proc.pid) / 1e6

    def sockets(self) -> int:
        """The sockets the server process holds open (its listening one among them)."""
        fd = Path(f"/proc/{self.proc.pid}/fd")
        count = 0
        for entry in fd.iterdir():
            try:
                count += os.readlink(entry).startswith("socket:")
            except OSError:
                pass
        return count

    def stop(self) -> None:
        stop(self.proc)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = LanServer(tmp_path_factory.mktemp("attack-floods"))
    yield s
    s.stop()
    assert "Traceback" not in s.stderr(), s.stderr()[-3000:]


@pytest.fixture
def own_server(tmp_path):
    s = LanServer(tmp_path)
    yield s
    s.stop()


async def closed_by_server(ws, seconds: float) -> float | None:
    """Seconds until the server closed `ws` (reading whatever it sends), None if it did not
    within `seconds`."""
    started = time.perf_counter()
    try:
        async with asyncio.timeout(seconds):
            async for _ in ws:
                pass
    except TimeoutError:
        return None
    except ConnectionClosed:
        pass
    return time.perf_counter() - started


# --- identity and Origin -----------------------------------------------------------------------

async def test_a_websocket_from_another_sites_page_is_refused_and_the_apps_own_page_is_not(server):
    port = server.port
    refused = {}
    for origin, host in [("http://evil.example", None), (f"http://evil.example:{port}", None),
                         (f"http://{LAN}:{port + 1}", None), (f"http://127.0.0.1:{port + 1}", None), ("null", None),
                         # DNS rebinding: a site whose name resolves to this machine; its Host matches its Origin
                         (f"http://rebind.example:{port}", f"rebind.example:{port}")]:
        headers = {"Host": host} if host else None
        try:
            ws = await connect(server.ws, origin=origin, additional_headers=headers)
            await ws.close()
            refused[origin] = "opened"
        except InvalidStatus as exc:
            refused[origin] = exc.response.status_code
    assert refused == {o: 403 for o in refused}, refused

    for origin in (f"http://{LAN}:{port}", f"http://127.0.0.1:{port}", f"http://localhost:{port}", None):
        async with connect(server.ws, origin=origin) as ws:
            await ws.send(frame(REGISTER_CLIENT, REGISTER))
            action, body = msgpack.unpackb((await asyncio.wait_for(ws.recv(), 30))[1:], strict_map_key=False)
            assert action == REGISTER_CLIENT and body["session_id"] and not body.get("error"), (origin, body)

    # the page itself: refused under a name that is not this machine's, served under its own
    def status(host: str | None) -> int:
        request = urllib.request.Request(server.lan, headers={"Host": host} if host else {})
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                return r.status
        except urllib.error.HTTPError as e:
            return e.code

    assert status(f"rebind.example:{port}") == 403
    assert status(None) == 200 and status(f"localhost:{port}") == 200


async def test_this_machine_is_the_socket_not_the_address_a_phone_claims(server):
    """The serving machine (its browser connects from 127.0.0.1) sees the evening's PIN; a
    phone that claims 127.0.0.1 as its page's client_ip does not."""
    here = await WirePhone(server.local, name="serving-machine").connect()
    phone = await WirePhone(server.lan, name="stranger").connect()
    try:
        await here.tap(f"evening-{server.evening}")
        await here.wait_for("show-pin")

        # the claim, as a page-properties update (Flet applies it to page.client_ip)
        await phone._send(UPDATE_CONTROL_PROPS, {"id": phone.page["_i"], "props": {"client_ip": "127.0.0.1"}})
        await phone.tap(f"evening-{server.evening}")
        await phone.wait_for("unlock")
        assert not phone.has("show-pin")
        await phone.tap("unlock")
        await phone.wait_for("pin-1")
        assert not phone.has("pin-here"), "the stranger sees the PIN"
    finally:
        await here.close()
        await phone.close()


# --- floods --------------------------------------------------------------------------------------

async def test_a_socket_that_does_not_register_is_closed_within_seconds(server):
    lan = [await connect(server.ws) for _ in range(8)]
    local = [await connect(f"ws://127.0.0.1:{server.port}/ws") for _ in range(8)]
    closed = await asyncio.gather(*(closed_by_server(ws, 10) for ws in lan + local))
    print("no registration: closed after", sorted(round(c, 1) for c in closed if c is not None))
    assert all(c is not None and c < 7 for c in closed), closed


async def test_sockets_from_one_address_are_capped_and_this_machine_is_not(server):
    phones = [await WirePhone(server.lan, name=f"tab{i}").connect() for i in range(8)]
    try:
        with pytest.raises(InvalidStatus) as refused:
            await connect(server.ws)
        assert refused.value.response.status_code == 403
        local = [await WirePhone(server.local, name=f"here{i}").connect() for i in range(10)]
        for p in local:
            await p.close()
        await phones.pop().close()
        await asyncio.sleep(0.5)
        phones.append(await WirePhone(server.lan, name="tab-again").connect())  # one closed: one may open
    finally:
        for p in phones:
            await p.close()


BAD_FIRST_FRAMES = [
    b"\x00not msgpack at all",
    frame(CONTROL_EVENT, {"target": 1, "name": "click", "data": None}),  # an event before registering
    frame(REGISTER_CLIENT, {"sessionid": None}),  # a registration Flet cannot read
    frame(REGISTER_CLIENT, ["not", "a", "map"]),
    frame(99, {}),
    b"\x00" + msgpack.packb({"a": 1}),
    b"\x07unknown packet type",
    b"\x01\x00\x00\x00\x00a data channel's frame",
    "a text frame",
]


async def test_bad_first_frames_leave_no_handler_and_no_memory_behind(own_server):
    server = own_server

    refused = []

    async def one(i: int) -> float | None:
        try:
            async with connect(server.ws) as ws:
                await ws.send(BAD_FIRST_FRAMES[i % len(BAD_FIRST_FRAMES)])
                return await closed_by_server(ws, 10)
        except InvalidStatus as exc:  # refused before it opened: the address keeps sending too much
            refused.append(exc.response.status_code)
            return 0.0

    async def many(n: int, start: int = 0) -> list[float | None]:
        out: list[float | None] = []
        for batch in range(start, start + n, 8):  # 8 at once: the most one address may have open
            out += await asyncio.gather(*(one(i) for i in range(batch, min(batch + 8, start + n))))
        return out

    assert await one(0) is not None, "the server kept a socket with a bad first frame open"
    assert all(c is not None for c in await many(200)), "the server kept a socket with a bad first frame open"
    await asyncio.sleep(1)  # after a warm-up (what the server makes once; the allocator's first growth)
    rss, sockets = server.rss_mb(), server.sockets()
    started = time.perf_counter()
    closed = await many(400, 200)
    ran = time.perf_counter() - started
    await asyncio.sleep(2)
    rss_after, sockets_after = server.rss_mb(), server.sockets()
    assert set(refused) <= {403}, refused
    waited = [c if c is not None else float("inf") for c in closed]
    print(f"400 bad first frames in {ran:.1f} s ({len(refused)} sockets refused before they opened): closed after p50 {statistics.median(waited):.2f} s, "
          f"max {max(waited):.2f} s; RSS {rss:.1f} -> {rss_after:.1f} MB; sockets {sockets} -> {sockets_after}")
    assert all(c is not None for c in closed), "the server kept a socket with a bad first frame open"
    assert sockets_after <= sockets
    assert rss_after - rss < 4.0, (rss, rss_after)
    assert "Traceback" not in server.stderr(), server.stderr()[-3000:]


async def resume(url: str, phone: WirePhone) -> str:
    """The session the server gives `phone` when it comes back with its session id (the
    same id: resumed; another: its session was gone)."""
    async with connect(url.replace("http://", "ws://") + "ws", user_agent_header=f"scorepad-wire/{phone.name}") as ws:
        await ws.send(frame(REGISTER_CLIENT, {**REGISTER, "session_id": phone.session_id}))
        action, body = msgpack.unpackb((await asyncio.wait_for(ws.recv(), 30))[1:], strict_map_key=False)
        assert action == REGISTER_CLIENT, action
        return body["session_id"]


async def tap_and_wait(phone: WirePhone, key: str, timeout: float = 30) -> None:
    """A tap, then wait until the server answered it (any update of this phone)."""
    before = phone.changed
    await phone.tap(key, timeout)
    await phone.until(lambda: phone.changed > before, timeout, f"no answer to the tap on {key!r}")


def chosen(phone: WirePhone) -> set[str]:
    """The keys of the buttons shown as chosen (filled)."""
    return {k for c in phone.controls() if c.get("_c") == "FilledButton" and (k := key_of(c))}


async def choose(phone: WirePhone, key: str) -> None:
    """Tap `key` until the phone shows it chosen (a tap on a button the next update replaced
    is tapped again)."""
    for _ in range(10):
        if key in chosen(phone):
            return
        await phone.tap(key)
        try:
            await phone.until(lambda: key in chosen(phone), 2, f"{key} not chosen")
        except WireError:
            pass
    raise WireError(f"{phone.name}: {key} not chosen after 10 taps")


async def start_evening(phone: WirePhone) -> None:
    """The phone starts an evening of the players the store knows (and so holds its pen)."""
    await phone.tap("new-evening")
    for name in PLAYERS:  # a chip tapped before the screen's last update came is tapped again
        for _ in range(10):
            if not phone.has(f"known-{name}") and phone.has("start-evening"):
                break
            await phone.tap(f"known-{name}")
            try:
                await phone.until(lambda n=name: not phone.has(f"known-{n}"), 2, f"{name} not added")
            except WireError:
                pass
    await phone.wait_for("start-evening", enabled=True)
    await phone.tap("start-evening")
    await phone.wait_for("next-hand")


async def save_a_hand(phone: WirePhone) -> None:
    """The scorekeeper enters a Sauspiel (a change every page of the server hears of)."""
    await tap_and_wait(phone, "next-hand")
    for key in (f"player-{PLAYERS[0]}", f"partner-{PLAYERS[2]}", "result-won"):
        await choose(phone, key)
    await phone.tap("save")
    await phone.wait_for("next-hand")


async def test_closed_sessions_end_within_a_minute_and_their_listeners_with_them(own_server):
    """120 sessions opened and closed (60 from this machine, as fast as they open; 60 from a
    phone's address, as far as its limits let them): when an evening changes, the closed
    sessions' change listeners call nothing (no traceback); a phone back within 30 s finds its
    session, one back after a minute gets a new one. (The memory: printed. The allocator keeps
    what it once had, so RSS does not fall back; it is used again: see the next test.)"""
    server = own_server
    keeper = await WirePhone(server.local, name="keeper").connect()  # keeps score throughout
    await start_evening(keeper)
    await asyncio.sleep(2)  # the app's screens imported (once per server)
    sem = asyncio.Semaphore(8)
    refused: list[str] = []

    async def one(url: str, name: str) -> WirePhone | None:
        async with sem:
            phone = WirePhone(url, name=name)
            try:
                await phone.connect()
                await phone.wait_for("new-evening")
                return phone
            except Exception as exc:  # noqa: BLE001 -- over its address's budget or open sockets
                refused.append(f"{name}: {exc}"[:160])
                return None
            finally:
                await phone.close()

    async def hundred_twenty(round: int) -> list[WirePhone]:
        opened = await asyncio.gather(*(one(server.local, f"here{round}-{i}") for i in range(60)),
                                      *(one(server.lan, f"lan{round}-{i}") for i in range(60)))
        return [p for p in opened if p is not None]

    rss_start = server.rss_mb()
    started = time.perf_counter()
    opened = await hundred_twenty(1)
    closed_at = time.perf_counter()
    rss_peak = server.rss_mb()
    assert len([p for p in opened if p.name.startswith("here")]) == 60 and len(opened) >= 80, refused
    assert all("too many messages" in r or "HTTP 403" in r for r in refused), refused  # the address's limits

    await save_a_hand(keeper)  # every page hears of it; the closed ones' listeners must do nothing
    back_soon, back_late = opened[0], opened[1]
    await asyncio.sleep(30 - (time.perf_counter() - closed_at))
    assert await resume(server.local, back_soon) == back_soon.session_id, "a phone back within 30 s is a stranger"
    await save_a_hand(keeper)
    await asyncio.sleep(61 - (time.perf_counter() - closed_at))
    assert await resume(server.local, back_late) != back_late.session_id, "a session closed a minute ago was kept"
    rss_end = server.rss_mb()
    again = await hundred_twenty(2)
    rss_again = server.rss_mb()
    await keeper.close()
    print(f"120 sessions opened and closed in {closed_at - started:.1f} s ({len(opened)} opened, the rest refused by "
          f"their address's limits); RSS {rss_start:.1f} MB before, {rss_peak:.1f} MB with them, {rss_end:.1f} MB a "
          f"minute later, {rss_again:.1f} MB with the next 120 ({len(again)} opened)")
    errors = server.stderr()
    assert "Traceback" not in errors and "listener failed" not in errors, errors[-3000:]


# how long the hostile address keeps opening sessions: 60 s in CI; docs/benchmarks.md's ten minutes with
# SCOREPAD_FLOOD_S=600 pytest tests/test_attack_floods.py -k without_end -s --timeout 900
FLOOD_S = float(os.environ.get("SCOREPAD_FLOOD_S", "60"))


async def test_a_phone_opening_sessions_without_end_holds_bounded_memory(own_server):
    """One address opens sessions for FLOOD_S (60 s) without pause (four at a time, each closed
    once its start screen came): the server's memory levels off (the sessions it keeps for that
    address are capped, the oldest closed ones end; after some 200 sessions the allocator has what
    it needs), no growth in the last 20 s."""
    server = own_server
    await (await WirePhone(server.local, name="warm-up").connect()).close()
    await asyncio.sleep(2)
    rss = [server.rss_mb()]
    counts = {"opened": 0, "refused": 0}
    end = time.perf_counter() + FLOOD_S
    samples = max(6, round(FLOOD_S / 10))

    async def worker(w: int) -> None:
        n = 0
        while time.perf_counter() < end:
            phone = WirePhone(server.lan, name=f"hostile{w}-{n}")
            n += 1
            try:
                await phone.connect(10)
                await phone.wait_for("new-evening", 10)
                counts["opened"] += 1
            except Exception:  # noqa: BLE001 -- refused by the address's limits
                counts["refused"] += 1
                await asyncio.sleep(0.05)
            finally:
                await phone.close()

    async def sample() -> None:
        for _ in range(samples):
            await asyncio.sleep(10)
            rss.append(server.rss_mb())

    await asyncio.gather(sample(), *(worker(w) for w in range(4)))
    print(f"one address opening sessions for {FLOOD_S:g} s: {counts['opened']} opened, {counts['refused']} refused; "
          f"RSS every 10 s: {', '.join(f'{r:.1f}' for r in rss)} MB")
    assert rss[-1] - rss[-3] < 2.0, rss
    assert "Traceback" not in server.stderr(), server.stderr()[-3000:]


def percentiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p95 and the longest, in milliseconds."""
    ordered = sorted(values)
    return (statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] * 1000,
            ordered[-1] * 1000)


async def round_trips(phone: WirePhone, seconds: float) -> list[float]:
    """For `seconds`: a tap (a player of the hand form, two in turn), the time until the
    server's answer came, a pause of 50 ms, the next tap."""
    times: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        before = phone.changed
        shown = chosen(phone)
        key = next(f"player-{p}" for p in PLAYERS if f"player-{p}" not in shown)  # one not chosen yet
        target = phone.find(key)["_i"]
        sent = time.perf_counter()
        await phone._send(CONTROL_EVENT, {"target": target, "name": "click", "data": None})
        await phone.until(lambda before=before: phone.changed > before, 30, f"no answer to the tap on {key!r}")
        times.append(time.perf_counter() - sent)
        await asyncio.sleep(0.05)
    return times


FLOOD_WINDOW_S = 4.0


async def test_one_flooding_phone_delays_another_table_by_under_100_ms(own_server):
    """A phone in its hand form sends 300 taps, one every 2 ms, each on a player button as it
    last saw it (most of them gone by then: Flet then looks for the control through the whole
    page, some milliseconds each). Three other tables tap a player of their own hand forms
    and time the answer, for 4 s without the flood and for the 4 s from its start."""
    server = own_server
    tables = [await WirePhone(server.local, name=f"table{i}").connect() for i in range(3)]
    flooder = await WirePhone(server.lan, name="flooder").connect()
    try:
        for phone in (*tables, flooder):
            await start_evening(phone)
            await tap_and_wait(phone, "next-hand")
            await phone.wait_for(f"player-{PLAYERS[0]}")

        quiet = [t for ts in await asyncio.gather(*(round_trips(p, FLOOD_WINDOW_S) for p in tables)) for t in ts]

        async def flood() -> None:
            for i in range(300):
                target = flooder.find(f"player-{PLAYERS[i % 2]}")["_i"]
                await flooder._send(CONTROL_EVENT, {"target": target, "name": "click", "data": None})
                await asyncio.sleep(0.002)

        flooding = asyncio.create_task(flood())
        loud = [t for ts in await asyncio.gather(*(round_trips(p, FLOOD_WINDOW_S) for p in tables)) for t in ts]
        try:
            await flooding
        except Exception:  # noqa: BLE001 -- the server closed the flooder's socket
            pass
        (q50, q95, qmax), (l50, l95, lmax) = percentiles(quiet), percentiles(loud)
        print(f"another table's tap (3 tables, {len(quiet)} and {len(loud)} taps): p50 {q50:.0f} ms, p95 {q95:.0f} ms, "
              f"longest {qmax:.0f} ms without a flood; p50 {l50:.0f} ms, p95 {l95:.0f} ms, longest {lmax:.0f} ms in the "
              f"{FLOOD_WINDOW_S:.0f} s from the start of one phone's 300 taps (flooder: {flooder.error or 'still open'})")
        assert l95 - q95 < 100, (q95, l95)
    finally:
        for phone in (*tables, flooder):
            await phone.close()
