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
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         # every other host fails to resolve here: a request to it is seen, but never leaves
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PHONE = {"width": 412, "height": 915}
LINK = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8, "uploadThroughput": 10_000_000 / 8}
READY = """() => {
  const p = document.querySelector('flt-semantics-placeholder');
  if (p) p.click();
  return !!document.querySelector('[flt-semantics-identifier="new-evening"]');
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, plain: bool = False) -> tuple[subprocess.Popen, str]:
    """`scorepad web` on a free port of 127.0.0.1; its process and address once it answers."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
    env.pop("SCOREPAD_PLAIN_FLET", None)
    if plain:
        env["SCOREPAD_PLAIN_FLET"] = "1"
    proc = subprocess.Popen([sys.executable, "-m", "scorepad", "web", "--port", str(port), "--db", str(db)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("scorepad web ended at once")
        try:
            urllib.request.urlopen(url, timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("scorepad web did not answer within 60 s")


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

    def sent(self, event: dict) -> None:
        self.last = time.perf_counter()
        url = event["request"]["url"]
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss"):
            self.requests += 1
            if f"{parts.scheme}://{parts.netloc}" != self.origin and not (
                    parts.scheme in ("ws", "wss") and parts.netloc == urlsplit(self.origin).netloc):
                self.offhost.append(url)

    def finished(self, event: dict) -> None:
        self.last = time.perf_counter()
        self.http_bytes += int(event.get("encodedDataLength") or 0)

    def response(self, event: dict) -> None:
        r = event.get("response", {})
        if r.get("fromDiskCache") or r.get("fromMemoryCache") or r.get("fromServiceWorker"):
            self.cached += 1

    def frame(self, event: dict) -> None:
        self.last = time.perf_counter()
        f = event.get("response", {})
        data = f.get("payloadData", "")
        self.ws_bytes += len(base64.b64decode(data)) if f.get("opcode") == 2 else len(data.encode())

    def figures(self, seconds: float) -> dict:
        return {"bytes": self.http_bytes + self.ws_bytes, "http_bytes": self.http_bytes,
                "websocket_bytes": self.ws_bytes, "requests": self.requests, "from_cache": self.cached,
                "offhost_requests": len(self.offhost), "offhost_urls": sorted(set(self.offhost))[:5],
                "ready_s": round(seconds, 2)}


async def _until_ready(page, wire: _Wire, timeout: float = 120) -> float:
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


async def _measure(url: str, throttled: bool = True) -> dict:
    from playwright.async_api import async_playwright

    origin = url.rstrip("/")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
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
            out = {}
            for name, go in (("first_load", lambda: page.goto(url, wait_until="commit")),
                             ("reload", lambda: page.reload(wait_until="commit"))):
                wire.reset()
                await go()
                ready = await _until_ready(page, wire)
                out[name] = wire.figures(ready)
            return out
        finally:
            await browser.close()


def bench_web(plain: bool = False) -> dict:
    """The first load and a reload of the table app in chromium on a throttled link."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"scorepad bench --web needs chromium ({CHROMIUM})")
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(Path(folder) / "bench.db", plain=plain)
        try:
            loads = asyncio.run(_measure(url))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    first, reload = loads["first_load"], loads["reload"]
    return {"first_load_bytes": first["bytes"], "reload_bytes": reload["bytes"],
            "offhost_requests": first["offhost_requests"] + reload["offhost_requests"],
            "throttled_ready_s": first["ready_s"], "throttled_reload_ready_s": reload["ready_s"],
            "link": "10 Mbit/s, 40 ms (chromium network emulation)",
            "first_load": first, "reload": reload}
