"""A long evening in a real browser (issue 28): the table screen lists the newest hands; a thumb
scrolling the list down reaches the end of the evening, hand 1, and can open it."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, PHONE, Server, Tab
from playwright.async_api import async_playwright
from test_e2e_sharing import unlock

from scorepad.app import App
from scorepad.devtools.bench import generate_session
from scorepad.tables import builtin_tables
from scorepad.ui.screens.table import PAGE

pytestmark = pytest.mark.browser

HANDS = 120  # four times what the table lists at first
SHOTS = Path("/tmp/render-shots")


@pytest.fixture
def server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    assert HANDS > 3 * PAGE
    db = tmp_path / "scorepad.db"
    with App.open(db) as app:  # the evening through the app layer, as if entered hand by hand
        app.import_session(generate_session(builtin_tables()["schafkopf"], HANDS))
    s = Server(db)
    yield s
    s.stop()


async def test_scrolling_a_long_evening_down_reaches_hand_1(server):
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(browser, server)
            await tab.tap("evening-1")
            with App.open(server.db) as app:
                await unlock(tab, app.pin(1))  # the scorekeeper's phone (the evening came from a file)
            await tab.at(f"hand-{HANDS}").wait_for(state="attached", timeout=10000)
            await tab.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
            for _ in range(120):  # a thumb swiping the list up, again and again
                if await tab.has("hand-1"):
                    break
                await tab.page.mouse.wheel(0, 800)
                await tab.page.wait_for_timeout(120)
            assert await tab.has("hand-1"), "scrolling down never reached hand 1"
            for _ in range(40):  # on to the end of the list: hand 1 on the screen, above the big button
                box = await tab.at("hand-1").bounding_box()
                if box is not None and 0 < box["y"] and box["y"] + box["height"] < PHONE["height"] - 90:
                    break
                await tab.page.mouse.wheel(0, 800)
                await tab.page.wait_for_timeout(120)
            else:
                raise AssertionError(f"hand 1 never came into view: {box}")
            shot = await tab.screenshot("long-evening-bottom")
            SHOTS.mkdir(parents=True, exist_ok=True)
            (SHOTS / "long-evening-bottom.png").write_bytes(shot.read_bytes())
            assert not await tab.has("older-hands")  # nothing left to load
            await tab.tap("hand-1")  # a finger on it (hit-tested at its centre) opens it
            await tab.at("save").wait_for(state="attached", timeout=10000)
        finally:
            await browser.close()
