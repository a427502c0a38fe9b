"""By finger in chromium at a phone's size (issue 12 items 1 and 9): a new Schafkopf evening
with a tariff set picked (its tariffs shown before the start) and five at the table: the table
screen marks who sits out, the hand form offers only the four in play, and the cards move for
those four only. Screenshots: tests/artifacts/seats/*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from playwright.async_api import async_playwright

from scorepad import fmt
from scorepad.app import App

pytestmark = pytest.mark.browser

FIVE = ["Vroni", "Hias", "Kathi", "Wast", "Girgl"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    db = tmp_path_factory.mktemp("seats") / "scorepad.db"
    with App.open(db) as app:  # the five played here before: their names are offered to tap
        app.start_evening("schafkopf", FIVE)
    s = Server(db)
    yield s
    s.stop()


async def test_five_at_the_table_with_a_tariff_set_by_finger(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(browser, server)
            await tab.tap("new-evening")
            await tab.tap("tariff-set-10/50")
            lines = await tab.text("tariff-set-lines")
            assert "Sauspiel: 0,10 € · Schneider +0,10 € · Schwarz +0,10 €" in lines
            assert "Solo: 0,50 € · Schneider +0,50 € · Schwarz +0,50 €" in lines
            await tab.screenshot("seats/new-evening-tariff-set")
            for name in FIVE:
                await tab.tap(f"known-{name}")
            await tab.at(f"dealer-{FIVE[-1]}").wait_for(state="attached", timeout=10000)
            await tab.tap("start-evening")
            await tab.at("next-hand").wait_for(state="attached", timeout=10000)
            # Vroni deals the first hand and sits it out
            assert await tab.has("sits-out-Vroni") and not await tab.has("sits-out-Hias")
            await tab.wait_text("context-line", "Geber Vroni · raus kommt Hias · setzt aus: Vroni")
            await tab.screenshot("seats/table-five")
            await tab.tap("next-hand")
            await tab.at("player-Hias").wait_for(state="attached", timeout=10000)
            assert not await tab.has("player-Vroni")
            await tab.tap("player-Hias")
            await tab.tap("partner-Girgl")
            await tab.tap("result-won")
            await tab.wait_text("preview", "Hias & Girgl gewinnen: Sauspiel 0,10 € je Gegner; "
                                           "Hias & Girgl je +0,10 €, Kathi & Wast je -0,10 €")
            await tab.screenshot("seats/hand-form-five")
            await tab.tap("save")
            await tab.at("next-hand").wait_for(state="attached", timeout=10000)
            shown = {"Vroni": 0, "Hias": 10, "Kathi": -10, "Wast": -10, "Girgl": 10}
            for p, cents in shown.items():
                await tab.wait_text(f"value-{p}", fmt.money(cents, signed=True))
            # then Hias deals and sits out
            assert await tab.has("sits-out-Hias") and not await tab.has("sits-out-Vroni")
            await tab.screenshot("seats/table-five-after")
        finally:
            await browser.close()
