"""Driving the served table app in a real browser as a phone at the table does: Debian's chromium
through Playwright, at a phone's viewport (390 x 844), opening `scorepad web` at this machine's
network address over plain http (so no secure context: no clipboard, no share sheet), offline:
every request not to our server is blocked and counted in OFFHOST. A test fails
(tests/conftest.py) when its pages asked another host, when a page threw an uncaught error or
Flet's crash page ("Error running app") came, or when a server's output shows a traceback or an
ERROR line (PROBLEMS, each server's `log`)."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

from scorepad.devtools.web import CHROMIUM, answering, free_port, serve_folder, stop, web_process  # noqa: F401 (CHROMIUM: for the tests)
from scorepad.ui.serve import lan_address

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}  # a phone's viewport (an iPhone 12 to 15's CSS pixels)
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# every request a test's page made to another host than its server (blocked): must stay empty
OFFHOST: list[str] = []
# what went wrong in a test's pages: an uncaught error, Flet's crash page: must stay empty
PROBLEMS: list[str] = []
# every server a test started, for its output (tests/conftest.py reads what each wrote meanwhile)
SERVERS: list[Server] = []
# a line of a server's output that means something failed
FAILED_LINE = re.compile(r"Traceback \(most recent call last\)|^(ERROR|CRITICAL)\b|^\S*Error: ")
# what Flet's web client throws (uncaught) at each reconnect that finds no server, and how long
# after a server is back such a throw may still come in
RECONNECT_FAILED = "Exception"
BACK_S = 2.0
# Flet's SESSION_CRASHED message as it comes down the socket: 0x00, then msgpack [6, {...}]
CRASHED_FRAME = b"\x00\x92\x06"


class Server:
    """`scorepad web` with its own store, started and stopped by the test, served as at the pub:
    to the local network (`--host 0.0.0.0`, so changing an evening needs its PIN: the phone
    that starts an evening holds the pen) and opened at this machine's network address, as a
    phone on the same Wi-Fi does (the server sees a stranger; the browser no secure context).
    `wifi=False` only for a test about the serving machine's own browser (127.0.0.1: the
    organiser's screens, a lost PIN seen there)."""

    def __init__(self, db: Path, pin: bool = False, wifi: bool = True):
        self.port = free_port()
        self.wifi = wifi
        self.host = "0.0.0.0" if wifi else "127.0.0.1"
        address = lan_address() if wifi else "127.0.0.1"
        assert not (wifi and address.startswith("127.")), "a Wi-Fi phone needs this machine's network address"
        self.url = f"http://{address}:{self.port}/"
        self.db = db
        self.pin = pin
        self.log: list[str] = []  # what the server wrote (stdout and stderr), line by line
        self.checked = 0  # how much of `log` the tests have looked at
        self.away_until: float | None = 0.0  # None: stopped; else when it last came back
        self._start()
        SERVERS.append(self)

    def _start(self) -> None:
        self.proc = web_process(self.db, self.port, pin=self.pin, keep_output=True, host=self.host)
        answering(self.proc, self.url, "scorepad web")
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()
        self.away_until = time.monotonic() + BACK_S

    def away(self) -> bool:
        """Whether the server is stopped, or just came back (its pages' reconnects then fail)."""
        return self.away_until is None or time.monotonic() < self.away_until

    def _read(self, proc) -> None:
        """Keep what the server writes (and keep its pipe from filling up)."""
        for line in iter(proc.stdout.readline, b""):
            self.log.append(line.decode(errors="replace").rstrip("\n"))

    def failures(self) -> list[str]:
        """The lines written since the last look that mean something failed (and the ones after
        a traceback's first line, to tell what)."""
        new, self.checked = self.log[self.checked:], len(self.log)
        bad = [k for k, line in enumerate(new) if FAILED_LINE.search(line)]
        return new[max(0, bad[0] - 2):bad[0] + 30] if bad else []

    def restart(self) -> None:
        """Stop the server and start it again on the same address and file (the phones'
        storage belongs to the address, so it must stay the same)."""
        self.stop()
        self._start()

    def stop(self) -> None:
        self.away_until = None
        stop(self.proc)


def watch(page) -> None:
    """Count what goes wrong in `page` in PROBLEMS: an uncaught error in the page, and Flet's
    crash page (the SESSION_CRASHED message on the socket, which replaces the app by "Error
    running app")."""
    def uncaught(error) -> None:
        if error.message == RECONNECT_FAILED and any(server.away() for server in SERVERS):
            return  # a phone whose server is stopped (a restart in the test) tries in vain: not a failure
        PROBLEMS.append(f"an uncaught error in the page: {error.name}: {error.message} {(error.stack or '')[:300]}")

    page.on("pageerror", uncaught)

    def frames(ws) -> None:
        def received(payload) -> None:
            if isinstance(payload, bytes) and payload.startswith(CRASHED_FRAME):
                PROBLEMS.append(f"Flet's crash page (Error running app): {payload[3:400]!r}")

        ws.on("framereceived", received)

    page.on("websocket", frames)


class StaticSite:
    """A site built by `scorepad static`, served by `python -m http.server` on 127.0.0.1 (any
    static server would do: nothing but files)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.proc, self.url = serve_folder(folder)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def stop(self) -> None:
        stop(self.proc)


# Run on the tagged semantics node `t` with a point [x, y]: null if a finger at that point hits
# `t` (or something inside it), else what is in the way. Flutter's semantics nodes lie in paint
# order (siblings by z-index, then document order); most have pointer-events: none, so
# document.elementsFromPoint() misses a snackbar's text or a dialog's body: compare rectangles.
HIT_CHECK = """(t, [x, y]) => {
  const name = n => {
    const id = n.getAttribute('flt-semantics-identifier'), role = n.getAttribute('role');
    const label = (n.getAttribute('aria-label') || n.textContent || '').trim().slice(0, 60);
    return [id && '#' + id, role, label && '"' + label + '"'].filter(Boolean).join(' ') || n.id;
  };
  const inside = n => { const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && x >= r.left && x < r.right && y >= r.top && y < r.bottom; };
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return 'its centre is off the screen';
  const chain = [];
  for (let a = t; a && a.tagName === 'FLT-SEMANTICS'; a = a.parentElement) chain.push(a);
  for (const a of chain.slice(1)) {
    if (a.style.overflow !== 'visible' && !inside(a)) return 'its centre is outside its scroll area ' + name(a);
  }
  const z = n => parseInt(n.style.zIndex || '0', 10);
  const above = n => {
    let prev = n, c = n.parentElement;
    while (c && !chain.includes(c)) { prev = c; c = c.parentElement; }
    if (!c) return false;
    const mine = chain[chain.indexOf(c) - 1];
    if (z(prev) !== z(mine)) return z(prev) > z(mine);
    return !!(mine.compareDocumentPosition(prev) & Node.DOCUMENT_POSITION_FOLLOWING);
  };
  const over = Array.from(document.querySelectorAll('flt-semantics'))
    .filter(n => n !== t && !t.contains(n) && !n.contains(t) && inside(n) && above(n));
  const hit = document.elementsFromPoint(x, y).find(n => n.tagName === 'FLT-SEMANTICS');
  if (hit && hit !== t && !t.contains(hit) && !over.includes(hit) && !hit.contains(t)) over.push(hit);
  return over.length ? 'covered by ' + over.map(name).join(', ') : null;
}"""


# While a finger taps, the semantics DOM lets every pointer through to <flutter-view>, so that
# a (trusted) page.mouse.click takes Flutter's own hit test. Without this the click lands on the
# topmost tappable <flt-semantics> node there, which Flutter turns into a semantics tap on that
# node without hit-testing: tried, "Nächstes Spiel" opened the form through the SnackBar's text
# covering it; pointer events given to <flutter-view> itself were swallowed by the SnackBar.
SEE_THROUGH = """on => {
  let style = document.getElementById('finger-see-through');
  if (on && !style) {
    style = document.createElement('style');
    style.id = 'finger-see-through';
    style.textContent = 'flt-semantics, flt-semantics * { pointer-events: none !important; }';
    document.head.appendChild(style);
  } else if (!on && style) {
    style.remove();
  }
}"""
# The rectangle of the scroll area around the semantics node (its nearest clipping ancestor).
SCROLL_AREA = """t => {
  for (let a = t.parentElement; a && a.tagName === 'FLT-SEMANTICS'; a = a.parentElement) {
    if (a.style.overflow !== 'visible') { const r = a.getBoundingClientRect();
      return {x: r.left, y: r.top, width: r.width, height: r.height}; }
  }
  return {x: 0, y: 0, width: innerWidth, height: innerHeight};
}"""
# The page's last change (a MutationObserver's time stamp), installed once per page.
OBSERVE = """
  if (window.__changed === undefined) {
    window.__changed = performance.now();
    new MutationObserver(() => { window.__changed = performance.now(); })
      .observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  }"""
# Resolves once the page has answered a tap: it changed (or `wait` ms passed without a change)
# and then stayed `quiet` ms without one (at most 5 s). One round trip, the waiting in the page;
# the finger's see-through (SEE_THROUGH) is switched off first.
SETTLED = """([quiet, wait]) => new Promise(resolve => {
  const style = document.getElementById('finger-see-through');
  if (style) style.remove();""" + OBSERVE + """
  const start = performance.now();
  const look = () => {
    const now = performance.now(), since = now - window.__changed, elapsed = now - start;
    if (((window.__changed > start || elapsed > wait) && since > quiet) || elapsed > 5000) resolve();
    else setTimeout(look, 20);
  };
  look();
})"""
# Where a finger on the tagged node `sel` lands (the fractions `fx`, `fy` of its box) once it
# stands still (the page unchanged for `still` ms; or, where something keeps changing, its box
# the same twice `still` ms apart), and what lies over that point (HIT_CHECK; null: nothing).
# {missing: true}: no such node (yet); {moving: true}: it never stood still within 2 s.
FINGER = """([sel, fx, fy, still]) => new Promise(resolve => {
  const hitCheck = """ + HIT_CHECK + """;""" + OBSERVE + """
  const start = performance.now();
  let previous = null;
  const look = () => {
    const t = document.querySelector(sel);
    if (!t) return resolve({missing: true});
    const now = performance.now(), r = t.getBoundingClientRect();
    const box = [r.left, r.top, r.width, r.height].join();
    const still_ = now - window.__changed >= still || box === previous;
    if (!still_) {
      if (now - start > 2000) return resolve({moving: true});
      previous = now - start > 500 ? box : null;
      setTimeout(look, now - start > 500 ? still : 20);
      return;
    }
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    resolve({x, y, problem: hitCheck(t, [x, y])});
  };
  look();
})"""
STILL_MS = 60


class Tab:
    """One phone's browser tab with the app: tap by key, read texts, take screenshots."""

    def __init__(self, page, server: Server):
        self.page = page
        self.server = server

    @classmethod
    async def open(cls, browser, server: Server, path: str = "") -> Tab:
        """A new tab on the app (at `path` under the server's address: a scanned QR code, a typed
        address). `browser` may be a Browser (a new phone: its own context, so its own storage)
        or a BrowserContext (another tab on the same phone)."""
        if hasattr(browser, "contexts"):
            browser = await browser.new_context(viewport=PHONE)
        page = await browser.new_page()
        watch(page)

        async def only_ours(route):
            if route.request.url.startswith(server.url):
                await route.continue_()
            else:
                OFFHOST.append(route.request.url)
                await route.abort()

        def websocket(ws):  # not routed: only seen
            if not ws.url.startswith(server.url.replace("http://", "ws://", 1)):
                OFFHOST.append(ws.url)

        await page.route("**/*", only_ours)
        page.on("websocket", websocket)
        await page.goto(server.url + path)
        if getattr(server, "wifi", False):  # as at the pub: plain http at the network address
            assert await page.evaluate("window.isSecureContext") is False, "a phone at the pub has no secure context"
        await page.locator("flutter-view").wait_for(state="attached", timeout=30000)
        tab = cls(page, server)
        await tab.semantics_on()
        return tab

    async def reload(self) -> None:
        """The phone reloads the page (or the tab was closed and opened again)."""
        await self.page.reload()
        await self.page.locator("flutter-view").wait_for(state="attached", timeout=30000)
        await self.page.wait_for_timeout(1000)
        await self.semantics_on()

    async def semantics_on(self) -> None:
        """Flutter paints to a canvas; its semantics tree is what a test (or screen reader) reads."""
        for _ in range(300):
            done = await self.page.evaluate(
                "() => { const p = document.querySelector('flt-semantics-placeholder');"
                " if (p) { p.click(); } return !!document.querySelector('flt-semantics'); }")
            if done:
                return
            await self.page.wait_for_timeout(50)
        raise AssertionError("the app's semantics never appeared")

    def at(self, key: str):
        return self.page.locator(f'[flt-semantics-identifier="{key}"]')

    async def tap(self, key: str, timeout: float = 10, where: tuple[float, float] = (0.5, 0.5)) -> None:
        """Tap like a finger: the semantics tree only finds the control (and scrolls it into
        view); the tap is a mouse click at the control's centre that Flutter hit-tests itself, after
        checking that nothing (a snackbar, a dialog, the edge of its scroll area) lies over that
        point. Fails naming what covers it. `where`: the point as fractions of the control's
        width and height (a thumb on the right part of a wide button: (0.85, 0.5))."""
        await self.tap_at(*await self.finger_point(key, timeout, where))

    async def tap_at(self, x: float, y: float) -> None:
        """The finger down and up at a point `finger_point` found (tap's second half: two phones'
        fingers at the same moment find their points first, then tap together)."""
        await self.page.evaluate(SEE_THROUGH, True)
        try:
            await self.page.mouse.click(x, y)
            await self.page.mouse.move(0, 0)  # a finger lifts: no hover (tooltips) over what it tapped
        except BaseException:
            await self.page.evaluate(SEE_THROUGH, False)
            raise
        await self.settled()  # (which takes the see-through away first)

    async def settled(self, quiet_ms: float = 120, wait_ms: float = 400) -> None:
        """After a tap: wait for the app to answer (the page changes; at most `wait_ms`),
        then for `quiet_ms` without a change, so the next tap finds things where they stay."""
        await self.page.evaluate(SETTLED, [quiet_ms, wait_ms])

    async def finger_point(self, key: str, timeout: float = 10,
                           where: tuple[float, float] = (0.5, 0.5)) -> tuple[float, float]:
        """A point of the control `key` (its centre), once it stands still and a finger there hits it."""
        loc = self.at(key)
        selector = f'[flt-semantics-identifier="{key}"]'
        deadline = time.time() + timeout
        problem = None
        while time.time() < deadline:
            found = await self.page.evaluate(FINGER, [selector, where[0], where[1], STILL_MS])
            if found.get("missing"):
                await self.reveal(key, max(0.5, deadline - time.time()))
                continue
            if found.get("moving"):  # scrolling, a transition: look again
                continue
            x, y, problem = found["x"], found["y"], found["problem"]
            if problem is None:
                return x, y
            area = await loc.evaluate(SCROLL_AREA)
            if area is not None and ("scroll area" in problem or "off the screen" in problem):
                # swipe it into view, as a thumb would: the wheel over the middle of its scroll area
                ax, ay = area["x"] + area["width"] / 2, area["y"] + area["height"] / 2
                await self.page.mouse.move(ax, ay)
                await self.page.mouse.wheel(0, y - ay)
                await self.settled()
            else:
                await self.page.wait_for_timeout(100)
        raise AssertionError(f"a finger on {key!r} does not reach it: {problem or 'it never stood still'}")

    async def reveal(self, key: str, timeout: float = 10) -> None:
        """Wait for `key` in the semantics tree; Flutter leaves out what is scrolled far out of
        view, so if it does not come, swipe (wheel) the screen down, then up, until it does."""
        loc = self.at(key)
        try:
            await loc.wait_for(state="attached", timeout=min(timeout, 3) * 1000)
            return
        except Exception:
            pass
        size = self.page.viewport_size or PHONE
        await self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        deadline = time.time() + timeout
        for step in [400] * 8 + [-400] * 16:
            if await loc.count() or time.time() > deadline:
                break
            await self.page.mouse.wheel(0, step)
            await self.page.wait_for_timeout(150)
        await loc.wait_for(state="attached", timeout=1000)

    async def wait_said(self, text: str, timeout: float = 10) -> None:
        """Wait until the app says `text` (a floating message, a line): Flutter writes a
        message's words as its node's text or, when it merges them with a close button, as the
        node's label."""
        quoted = text.replace('\\', '\\\\').replace('"', '\\"')
        said = self.page.locator(f'flt-semantics[aria-label*="{quoted}"]').or_(self.page.get_by_text(text))
        await said.first.wait_for(state="attached", timeout=timeout * 1000)

    async def text(self, key: str) -> str:
        loc = self.at(key)
        await loc.wait_for(state="attached", timeout=10000)
        return " ".join((await loc.inner_text()).split())

    async def wait_text(self, key: str, expected: str, timeout: float = 10) -> None:
        deadline = time.time() + timeout
        got = None
        while time.time() < deadline:
            got = await self.text(key)
            if got == expected:
                return
            await self.page.wait_for_timeout(100)
        raise AssertionError(f"{key}: expected {expected!r}, shown {got!r}")

    async def has(self, key: str) -> bool:
        return await self.at(key).count() > 0

    async def is_enabled(self, key: str) -> bool:
        """Whether the button inside the tagged node can be tapped."""
        return await self.at(key).evaluate(
            "n => { const b = n.querySelector('[role=button]') || n; return b.getAttribute('aria-disabled') !== 'true'; }")

    async def wait_enabled(self, key: str, timeout: float = 10) -> None:
        """Wait until the button can be tapped (a choice greyed for a moment when it appears)."""
        deadline = time.time() + timeout
        while not await self.is_enabled(key):
            assert time.time() < deadline, f"{key} still greyed after {timeout} s"
            await self.page.wait_for_timeout(100)

    async def type(self, key: str, value: str, enter: bool = True) -> None:
        """Tap a text field, type into it (as a keyboard would), and press Enter."""
        await self.tap(key)
        field = self.page.locator("input, textarea").first
        await field.wait_for(state="attached", timeout=10000)
        focused = self.page.locator("input:focus, textarea:focus")  # (two fields on a screen: the one tapped)
        if await focused.count():
            field = focused.first
        await field.fill("")
        await field.press_sequentially(value, delay=20)
        await self.page.wait_for_timeout(150)
        if enter:
            await field.press("Enter")
        await self.page.wait_for_timeout(400)

    async def screenshot(self, name: str) -> Path:
        """A settled frame (the semantics update before the canvas: wait for two equal frames)."""
        ARTIFACTS.mkdir(exist_ok=True)
        previous = None
        shot = b""
        for _ in range(20):
            await self.page.wait_for_timeout(200)
            shot = await self.page.screenshot()
            if shot == previous:
                break
            previous = shot
        path = ARTIFACTS / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(shot)
        return path
