"""`scorepad bench --web`: what a phone's browser moves to open the table app, measured in
Debian's chromium (Playwright drives it; the tests' extra `test` installs Playwright).

A fresh browser profile opens `scorepad web` on 127.0.0.1 on a link throttled by chromium's own
network emulation (CDP `Network.emulateNetworkConditions`: 10 Mbit/s down and up, 40 ms
latency), waits until the start screen can be used (the "Neuer Abend" button is in the page),
and then reloads the page the same way. Measured for each load: the bytes on the wire (the sum
of CDP `Network.loadingFinished` encodedDataLength: headers and compressed bodies, 0 for what
came from the browser's cache; plus the websocket's frames), the requests, the requests to any
other host than the server (name resolution of every other host is switched off, so none
leaves the machine), and the seconds until the start screen was usable.

Both ways of serving are measured in the same run: scorepad's own (`web`) and plain Flet's as
served before (`web_before`, `SCOREPAD_PLAIN_FLET=1`).
"""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page, ViewportSize

CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         # every other host fails to resolve here: a request to it is seen, but never leaves
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PHONE: ViewportSize = {"width": 412, "height": 915}
LINK = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8, "uploadThroughput": 10_000_000 / 8}
READY = """() => {
  const p = document.querySelector('flt-semantics-placeholder');
  if (p) p.click();
  return !!document.querySelector('[flt-semantics-identifier="new-evening"]');
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def answering(proc: subprocess.Popen[bytes], url: str, what: str, seconds: float = 60) -> None:
    """Wait until `url` answers; RuntimeError (with the process's output, if it kept it) when
    the process ends first or `seconds` pass (then it is killed)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            said = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise RuntimeError(f"{what} ended: {said}".rstrip(": "))
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"{what} did not answer within {seconds:.0f} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a server process: asked first, killed after 10 s."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def web_process(db: Path, port: int, pin: bool = False, plain: bool = False,
                keep_output: bool = False, host: str = "127.0.0.1") -> subprocess.Popen[bytes]:
    """`scorepad web` on `port` of `host` (127.0.0.1; 0.0.0.0: the phones on the Wi-Fi too) with
    the store `db` (not waited for); `plain`: as Flet served it before (SCOREPAD_PLAIN_FLET);
    `keep_output`: its output is kept to tell why it ended."""
    env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
    env.pop("SCOREPAD_PLAIN_FLET", None)
    if plain:
        env["SCOREPAD_PLAIN_FLET"] = "1"
    args = [sys.executable, "-m", "scorepad", "web", "--host", host, "--port", str(port), "--db", str(db)] + (
        ["--pin"] if pin else [])
    out = subprocess.PIPE if keep_output else subprocess.DEVNULL
    return subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT if keep_output else subprocess.DEVNULL)


def start_server(db: Path, plain: bool = False, pin: bool = False) -> tuple[subprocess.Popen[bytes], str]:
    """`scorepad web` on a free port of 127.0.0.1 (`pin`: with --pin, a phone keeps score only
    with the evening's PIN); its process and address once it answers."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    proc = web_process(db, port, pin=pin, plain=plain)
    answering(proc, url, "scorepad web")
    return proc, url


def serve_folder(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The files of `folder` served by `python -m http.server` on a free port of 127.0.0.1 (any
    static server would do); its process and address once it answers."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    answering(proc, url, "python -m http.server", 30)
    return proc, url


class _Wire:
    """What one page moves, from chromium's network events."""

    def __init__(self, origin: str):
        self.origin = origin
        self.reset()

    def reset(self) -> None:
        self.http_bytes = 0
        self.ws_bytes = 0
        self.requests = 0
        self.cached = 0
        self.offhost: list[str] = []
        self.last = time.perf_counter()

    def sent(self, event: dict[str, Any]) -> None:
        self.last = time.perf_counter()
        url = event["request"]["url"]
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss"):
            self.requests += 1
            if f"{parts.scheme}://{parts.netloc}" != self.origin and not (
                    parts.scheme in ("ws", "wss") and parts.netloc == urlsplit(self.origin).netloc):
                self.offhost.append(url)

    def finished(self, event: dict[str, Any]) -> None:
        self.last = time.perf_counter()
        self.http_bytes += int(event.get("encodedDataLength") or 0)

    def response(self, event: dict[str, Any]) -> None:
        r = event.get("response", {})
        if r.get("fromDiskCache") or r.get("fromMemoryCache") or r.get("fromServiceWorker"):
            self.cached += 1

    def frame(self, event: dict[str, Any]) -> None:
        self.last = time.perf_counter()
        f = event.get("response", {})
        data = f.get("payloadData", "")
        self.ws_bytes += len(base64.b64decode(data)) if f.get("opcode") == 2 else len(data.encode())

    def figures(self, seconds: float) -> dict[str, Any]:
        return {"bytes": self.http_bytes + self.ws_bytes, "http_bytes": self.http_bytes,
                "websocket_bytes": self.ws_bytes, "requests": self.requests, "from_cache": self.cached,
                "offhost_requests": len(self.offhost), "offhost_urls": sorted(set(self.offhost))[:5],
                "ready_s": round(seconds, 2)}


async def _until_ready(page: Page, wire: _Wire, timeout: float = 120) -> float:
    """Seconds until the start screen is usable, then wait until the network is quiet (1.5 s)."""
    start = time.perf_counter()
    while not await page.evaluate(READY):
        if time.perf_counter() - start > timeout:
            raise RuntimeError("the start screen never came")
        await asyncio.sleep(0.05)
    ready = time.perf_counter() - start
    while time.perf_counter() - wire.last < 1.5:
        await asyncio.sleep(0.1)
    return ready


async def _measure(url: str, throttled: bool = True) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    origin = url.rstrip("/")
    host = urlsplit(url).hostname or "127.0.0.1"
    flags = FLAGS if host == "127.0.0.1" else [*FLAGS[:-1], f"{FLAGS[-1]}, EXCLUDE {host}"]  # (a phone's way: the network address)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=flags)
        try:
            context = await browser.new_context(viewport=PHONE)
            page = await context.new_page()
            cdp = await context.new_cdp_session(page)
            wire = _Wire(origin)
            cdp.on("Network.requestWillBeSent", wire.sent)
            cdp.on("Network.webSocketCreated", lambda e: wire.sent({"request": {"url": e["url"]}}))
            cdp.on("Network.loadingFinished", wire.finished)
            cdp.on("Network.responseReceived", wire.response)
            cdp.on("Network.webSocketFrameReceived", wire.frame)
            cdp.on("Network.webSocketFrameSent", wire.frame)
            await cdp.send("Network.enable")
            if throttled:
                await cdp.send("Network.emulateNetworkConditions", LINK)
            out: dict[str, Any] = {}
            visits: tuple[tuple[str, Callable[[], Awaitable[object]]], ...] = (
                ("first_load", lambda: page.goto(url, wait_until="commit")),
                ("reload", lambda: page.reload(wait_until="commit")))
            for name, go in visits:
                wire.reset()
                await go()
                ready = await _until_ready(page, wire)
                out[name] = wire.figures(ready)
            return out
        finally:
            await browser.close()


def bench_web(plain: bool = False) -> dict[str, Any]:
    """The first load and a reload of the table app in chromium on a throttled link."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"scorepad bench --web needs chromium ({CHROMIUM})")
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(Path(folder) / "bench.db", plain=plain)
        try:
            loads = asyncio.run(_measure(url))
        finally:
            stop(proc)
    first, reload = loads["first_load"], loads["reload"]
    return {"first_load_bytes": first["bytes"], "reload_bytes": reload["bytes"],
            "offhost_requests": first["offhost_requests"] + reload["offhost_requests"],
            "throttled_ready_s": first["ready_s"], "throttled_reload_ready_s": reload["ready_s"],
            "link": "10 Mbit/s, 40 ms (chromium network emulation)",
            "first_load": first, "reload": reload}


# --- the static site (`scorepad static`) beside the served app -------------------------------
# Python's worker and the service worker fetch files chromium's per-page network emulation does
# not see: both ways of serving are measured instead through one throttled link of our own, a
# TCP relay on 127.0.0.1 (the same 10 Mbit/s each way, 20 ms each way), which counts every byte
# it carries (HTTP, the websocket, the service worker's downloads).


class Link:
    """A throttled TCP relay to a server on 127.0.0.1: every chunk waits for the link's rate
    (shared by all connections, per direction) and the one-way latency; bytes are counted."""

    def __init__(self, port: int, rate: float = LINK["downloadThroughput"], one_way_s: float = LINK["latency"] / 2000,
                 target_host: str = "127.0.0.1", listen_port: int = 0):
        self.target = port
        self.target_host = target_host
        self.listen_port = listen_port
        self.rate = rate
        self.one_way = one_way_s
        self.busy = {"down": 0.0, "up": 0.0}
        self.bytes = 0
        self.last = time.perf_counter()
        self.server: asyncio.base_events.Server | None = None
        self.port = 0

    async def start(self) -> str:
        self.server = await asyncio.start_server(self._connection, "127.0.0.1", self.listen_port)
        self.port = self.server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{self.port}/"

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()

    async def _connection(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        try:
            server_r, server_w = await asyncio.open_connection(self.target_host, self.target)
        except OSError:
            client_w.close()
            return
        await asyncio.gather(self._pump(client_r, server_w, "up"), self._pump(server_r, client_w, "down"),
                             return_exceptions=True)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, direction: str) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes | None]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                at, data = await queue.get()
                if data is None:
                    break
                delay = at - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                writer.write(data)
                await writer.drain()
                self.last = time.perf_counter()
            writer.close()

        task = asyncio.create_task(deliver())
        try:
            while data := await reader.read(65536):
                now = loop.time()
                self.busy[direction] = max(now, self.busy[direction]) + len(data) / self.rate
                self.bytes += len(data)
                self.last = time.perf_counter()
                await queue.put((self.busy[direction] + self.one_way, data))
        finally:
            await queue.put((0, None))
            await task


# the static site keeps what Python compiled after its first start (scorepad/staticsite/browser.py,
# keep_compiled) and the memory snapshot made from it (compile-worker.js): all three files
COMPILED_STATUS = """async () => Promise.all(
  ["compiled/python_stdlib.zip", "compiled/app.bundle", "compiled/python.snapshot"].map(
    async (u) => (await fetch(u, { method: "HEAD" })).status))"""


async def wait_compiled(page: Page, timeout: float = 180) -> None:
    """Until the static site open in `page` has kept its compiled files (a start from the cache
    is one after that); the bench and tests/test_static_site.py."""
    start = time.perf_counter()
    while await page.evaluate(COMPILED_STATUS) != [200, 200, 200]:
        if time.perf_counter() - start > timeout:
            raise RuntimeError("the static site never kept its compiled files")
        await asyncio.sleep(0.5)


# the static site's start, phase by phase: the marks of the page and of Python's worker
# (python-worker.js, browser.py), in seconds from the page's navigation
MARKS = """() => Object.fromEntries(performance.getEntriesByType("mark").filter((m) => m.name.startsWith("scorepad:"))
  .map((m) => [m.name.slice(9), performance.timeOrigin + m.startTime]))"""


async def phases(page: Page) -> dict[str, float]:
    """When each phase of the static site's start ended, in seconds after navigation ({} elsewhere)."""
    origin = await page.evaluate("performance.timeOrigin")
    marks = await page.evaluate(MARKS)
    for worker in page.workers:
        if worker.url.endswith("/python-worker.js"):
            marks.update(await worker.evaluate(MARKS))
    return {name: round((at - origin) / 1000, 2) for name, at in sorted(marks.items(), key=lambda m: m[1])}


CPU_PHONE = 4  # a mid-range phone runs WebAssembly and Flutter about four times slower than this machine
RELOADS = 3  # starts from the cache after the first visit, for the static site and the served app alike


class _Phone:
    """One phone (a fresh browser profile) on one app through its own link: its first visit, then
    starts from its caches, each timed to the start screen with the bytes the link carried.
    `cpu`: chromium's CPU throttled that many times (CDP Emulation.setCPUThrottlingRate;
    CPU_PHONE: a mid-range phone)."""

    def __init__(self, link: Link, cpu: float = 1):
        self.link = link
        self.cpu = cpu
        self.page: Page | None = None
        self.cdp: Any = None
        self.out: dict[str, Any] = {"cached_starts": []}

    async def open(self, browser: Browser) -> None:
        context = await browser.new_context(viewport=PHONE)
        self.page = await context.new_page()
        self.cdp = await context.new_cdp_session(self.page)  # kept over the reloads: the page's target stays

    async def throttle(self, rate: float) -> None:
        """Chromium's CPU throttling: a throttled page keeps about one core busy even when idle
        (measured here: 0.9 CPU s per s), so a phone is throttled only while it starts."""
        if self.cpu != 1:
            await self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    async def close(self) -> None:
        if self.page is not None:
            await self.page.context.close()

    async def start(self, fill_s: float = 0) -> None:
        """The first visit, or (once there was one) a reload. `fill_s`: how long to wait after the
        first start for what goes on in the background (the service worker filling its cache; the
        static site compiling Python's files, which it keeps)."""
        assert self.page is not None
        page, link, first = self.page, self.link, "first_visit" not in self.out
        await self.throttle(self.cpu)
        before = link.bytes
        start = time.perf_counter()
        if first:
            await page.goto(await link.start(), wait_until="commit")
        else:
            await page.reload(wait_until="commit")
        while not await page.evaluate(READY):
            if time.perf_counter() - start > 180 * self.cpu:
                raise RuntimeError(f"the start screen never came ({page.url})")
            await asyncio.sleep(0.05)
        ready = time.perf_counter() - start
        at_ready = link.bytes - before
        if first and fill_s:
            await asyncio.sleep(fill_s)
            await wait_compiled(page, 180 * self.cpu)
        while time.perf_counter() - link.last < 2:
            await asyncio.sleep(0.1)
        figures = {"ready_s": round(ready, 2), "bytes_until_ready": at_ready, "bytes": link.bytes - before,
                   "phases_s": await phases(page)}
        await self.throttle(1)
        if first:
            self.out["first_visit"] = figures
        else:
            self.out["cached_starts"].append(figures)

    def figures(self) -> dict[str, Any]:
        """"cached_start" is the median of the reloads; "cached_starts" all of them, in order (the
        first is the browser's first run of the cached code: V8 keeps compiled code for the runs
        after)."""
        starts = self.out["cached_starts"]
        return self.out | {"cached_start": sorted(starts, key=lambda f: f["ready_s"])[len(starts) // 2]}


async def _side_by_side(browser: Browser, site_port: int, served_port: int, cpu: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """The static site and the served app on two phones of the same CPU: each one's first visit,
    then RELOADS starts from the caches, the two apps in turn (served, static, served, ...), so
    that whatever else the machine does at a moment weighs on both alike."""
    # `scorepad web` takes a websocket only from a page of its own port (ui/hosts.py): it serves
    # on 127.0.0.2 at the port the link takes on 127.0.0.1
    served = _Phone(Link(served_port, target_host="127.0.0.2", listen_port=served_port), cpu)
    static = _Phone(Link(site_port), cpu)
    try:
        for phone in (served, static):
            await phone.open(browser)
        await served.start()
        await static.start(fill_s=20)
        for _ in range(RELOADS):
            await served.start()
            await static.start()
        return static.figures(), served.figures()
    finally:
        for phone in (served, static):
            await phone.close()
            await phone.link.stop()


async def _static_and_served(site_port: int, served_port: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            out = {}
            out["static"], out["served"] = await _side_by_side(browser, site_port, served_port, 1)
            out["static_cpu4x"], out["served_cpu4x"] = await _side_by_side(browser, site_port, served_port, CPU_PHONE)
            return out
        finally:
            await browser.close()


def bench_static() -> dict[str, Any]:
    """`scorepad static` built into a temporary folder and served by `python -m http.server`,
    against `scorepad web`, in the same run and through the same throttled link: bytes of the
    first visit (everything the service worker fetches included) and seconds to the start
    screen on the first visit (cold) and on reloads (from the caches: the median of RELOADS,
    and the first of them on its own)."""
    from scorepad.staticsite.assemble import build

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"scorepad bench --web needs chromium ({CHROMIUM})")
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        built = build(site)
        files, files_url = serve_folder(site)
        served_port = free_port()
        served = web_process(Path(folder) / "bench.db", served_port, host="127.0.0.2")
        try:
            answering(served, f"http://127.0.0.2:{served_port}/", "scorepad web")
        except RuntimeError:
            stop(files)
            raise
        try:
            loads = asyncio.run(_static_and_served(urlsplit(files_url).port or 0, served_port))
        finally:
            for proc in (files, served):
                stop(proc)
    static, app = loads["static"], loads["served"]
    phone, phone_app = loads["static_cpu4x"], loads["served_cpu4x"]
    return {"link": "10 Mbit/s each way, 40 ms round trip (a TCP relay on 127.0.0.1; counts every byte)",
            "site_files": built["files"], "site_bytes_on_disk": built["bytes"],
            "first_visit_bytes": static["first_visit"]["bytes"],
            "first_visit_bytes_until_ready": static["first_visit"]["bytes_until_ready"],
            "cold_start_s": static["first_visit"]["ready_s"], "cached_start_s": static["cached_start"]["ready_s"],
            "cached_starts_s": [f["ready_s"] for f in static["cached_starts"]],
            "served_first_visit_bytes": app["first_visit"]["bytes"],
            "served_cold_start_s": app["first_visit"]["ready_s"], "served_cached_start_s": app["cached_start"]["ready_s"],
            "served_cached_starts_s": [f["ready_s"] for f in app["cached_starts"]],
            "cold_vs_served": round(static["first_visit"]["ready_s"] / app["first_visit"]["ready_s"], 2),
            "cached_vs_served": round(static["cached_start"]["ready_s"] / app["cached_start"]["ready_s"], 2),
            "first_cached_vs_served": round(static["cached_starts"][0]["ready_s"] / app["cached_starts"][0]["ready_s"], 2),
            "cpu4x": {"cached_start_s": phone["cached_start"]["ready_s"],
                      "served_cached_start_s": phone_app["cached_start"]["ready_s"],
                      "ratio": round(phone["cached_start"]["ready_s"] / phone_app["cached_start"]["ready_s"], 2),
                      "cached_starts_s": [f["ready_s"] for f in phone["cached_starts"]],
                      "served_cached_starts_s": [f["ready_s"] for f in phone_app["cached_starts"]],
                      "cold_start_s": phone["first_visit"]["ready_s"],
                      "served_cold_start_s": phone_app["first_visit"]["ready_s"]},
            "static": static, "served": app, "static_cpu4x": phone, "served_cpu4x": phone_app}
