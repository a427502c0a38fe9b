"""Driving the served table app in a real browser: Debian's chromium through Playwright, at a
phone's viewport, offline (every request not to our server is blocked)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PHONE = {"width": 412, "height": 915}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`scorepad web` on 127.0.0.1 with its own store, started and stopped by the test."""

    def __init__(self, db: Path, pin: bool = False):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.db = db
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="1")
        args = [sys.executable, "-m", "scorepad", "web", "--port", str(self.port), "--db", str(db)]
        self.proc = subprocess.Popen(args + (["--pin"] if pin else []),
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"scorepad web ended: {self.proc.stdout.read().decode(errors='replace')}")
            try:
                urllib.request.urlopen(self.url, timeout=1)
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("scorepad web did not answer within 60 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Tab:
    """One phone's browser tab with the app: tap by key, read texts, take screenshots."""

    def __init__(self, page, server: Server):
        self.page = page
        self.server = server

    @classmethod
    async def open(cls, browser, server: Server) -> "Tab":
        """A new tab on the app; `browser` may be a Browser or a BrowserContext."""
        page = await (browser.new_page(viewport=PHONE) if hasattr(browser, "contexts") else browser.new_page())

        async def only_ours(route):
            if route.request.url.startswith(server.url):
                await route.continue_()
            else:
                await route.abort()

        await page.route("**/*", only_ours)
        await page.goto(server.url)
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
        for _ in range(60):
            done = await self.page.evaluate(
                "() => { const p = document.querySelector('flt-semantics-placeholder');"
                " if (p) { p.click(); } return !!document.querySelector('flt-semantics'); }")
            if done:
                return
            await self.page.wait_for_timeout(250)
        raise AssertionError("the app's semantics never appeared")

    def at(self, key: str):
        return self.page.locator(f'[flt-semantics-identifier="{key}"]')

    async def tap(self, key: str) -> None:
        loc = self.at(key)
        await loc.wait_for(state="attached", timeout=10000)
        await loc.scroll_into_view_if_needed()
        await loc.click()
        await self.page.wait_for_timeout(150)

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

    async def type(self, key: str, value: str, enter: bool = True) -> None:
        """Tap a text field, type into it (as a keyboard would), and press Enter."""
        await self.tap(key)
        field = self.page.locator("input, textarea").first
        await field.wait_for(state="attached", timeout=10000)
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
        path.write_bytes(shot)
        return path
