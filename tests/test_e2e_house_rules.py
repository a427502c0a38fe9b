"""The Schafkopf house rules of issue 12 in chromium, by finger taps: the house-rules form sets
Bettel, Hochzeit and how Tout and Laufende count; an evening with them enters a Bettel (won or
lost only) and names the Hochzeit's partner as the contract says. Screenshots in
tests/artifacts/house-rules/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from conftest import VRONI4
from playwright.async_api import async_playwright

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM}"
    s = Server(tmp_path_factory.mktemp("web") / "scorepad.db")
    yield s
    s.stop()


async def test_house_rules_of_issue_12_by_finger_taps(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(browser, server)
            await tab.tap("new-evening")
            await tab.tap("house-new")
            await tab.type("house-name", "Stammtisch Bettel", enter=False)
            for key in ["house-contracts.hochzeit.enabled-True", "house-contracts.bettel.enabled-True",
                        "house-laufende.enabled-True", "house-laufende.counted_for-player",
                        "house-tout.enabled-True", "house-tout.value-grundwert"]:
                await tab.tap(key)
            await tab.screenshot("house-rules/01-house-rules-form")
            await tab.tap("house-sheet-True")
            await tab.reveal("house-save")
            await tab.screenshot("house-rules/02-house-rules-sheet")
            await tab.tap("house-save")
            await tab.at("house-new").wait_for(state="attached", timeout=10000)
            house = await tab.page.evaluate(
                "() => Array.from(document.querySelectorAll('[flt-semantics-identifier^=\"house-\"]'))"
                ".map(n => n.getAttribute('flt-semantics-identifier')).filter(k => /^house-[0-9]+$/.test(k))")
            assert len(house) == 1
            await tab.tap(house[0])
            for name in VRONI4:
                await tab.type("name-field", name)
            await tab.at(f"dealer-{VRONI4[-1]}").wait_for(state="attached", timeout=10000)
            await tab.tap("start-evening")
            # a Bettel: won or lost, no Augen, no Laufende, no Tout
            await tab.tap("next-hand")
            for key in ["game-bettel", "player-Hias", "result-won", "more"]:
                await tab.tap(key)
            await tab.wait_text("preview", "Hias gewinnt: Bettel 0,50 € je Gegner; "
                                           "Hias +1,50 €, Vroni & Kathi & Wast je -0,50 €")
            assert not await tab.has("mode-augen") and not await tab.has("tout-True") and not await tab.has("lauf-1")
            await tab.screenshot("house-rules/03-bettel")
            await tab.tap("save")
            await tab.wait_text("value-Hias", "+1,50 €")
            # a Hochzeit: the partner takes the offered trump
            await tab.tap("next-hand")
            for key in ["game-hochzeit", "player-Vroni", "partner-Kathi", "result-won"]:
                await tab.tap(key)
            await tab.wait_text("preview", "Vroni & Kathi gewinnen: Hochzeit 0,20 € je Gegner; "
                                           "Vroni & Kathi je +0,20 €, Hias & Wast je -0,20 €")
            await tab.screenshot("house-rules/04-hochzeit")
            await tab.tap("save")
            await tab.wait_text("value-Hias", "+1,30 €")
        finally:
            await browser.close()
