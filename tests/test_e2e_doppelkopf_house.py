"""The Doppelkopf house rules of issue 37 in chromium at 390x844, by finger taps, on a phone on the
Wi-Fi: the house-rules screen sets Armut, Sonderpunkte im Solo and Bock (a trigger, called by the
table, as points, side by side); an evening with them calls a Bock round with the table's
*Bockrunde* button, and the reloaded page still shows it. Screenshots in
tests/artifacts/doppelkopf-house/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from playwright.async_api import async_playwright

from scorepad.app import App

pytestmark = pytest.mark.browser

DK4 = ["Hias", "Vroni", "Wast", "Kathi"]
CHOICES = ["house-contracts.armut.enabled-True", "house-sonderpunkte_in_solo-True", "house-bock.enabled-True",
           "house-bock.after.tie-True", "house-bock.called-True", "house-bock.points-2",
           "house-bock.stacking-side_by_side"]


# the Bock round is no game: the round's first game still comes, Hias still deals
SHOWN = "Geber Hias · Bock: noch 4 Spiele · Pflichtsolo offen: Hias, Vroni, Wast, Kathi · Spiel 1 von 24"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM}"
    s = Server(tmp_path_factory.mktemp("doppelkopf-house") / "scorepad.db", wifi=True)
    yield s
    s.stop()


async def test_doppelkopf_house_rules_and_a_called_bockrunde_by_finger_taps(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(browser, server)
            await tab.tap("new-evening")
            await tab.tap("house-new")
            await tab.tap("base-doppelkopf")
            await tab.type("house-name", "Stammtisch Bock", enter=False)
            for key in CHOICES:
                await tab.tap(key)
            await tab.screenshot("doppelkopf-house/01-house-rules")
            await tab.tap("house-sheet-True")
            await tab.reveal("house-save")
            await tab.screenshot("doppelkopf-house/02-rule-sheet")
            await tab.tap("house-save")
            await tab.at("house-new").wait_for(state="attached", timeout=10000)
            with App.open(server.db) as app:
                [rules] = app.house_rules()
                table = app.house_table(rules.name)
            assert table.contracts["armut"].enabled and table.sonderpunkte_in_solo
            assert (table.bock.enabled, table.bock.after, table.bock.called, table.bock.points, table.bock.stacking) \
                == (True, ["tie"], True, 2, "side_by_side")
            await tab.tap(f"house-{rules.id}")
            for name in DK4:
                await tab.type("name-field", name)
            await tab.at(f"dealer-{DK4[-1]}").wait_for(state="attached", timeout=10000)
            await tab.tap("start-evening")
            await tab.tap("call-bockrunde")
            await tab.wait_text("context-line", SHOWN)
            await tab.screenshot("doppelkopf-house/03-bockrunde-called")
            await tab.reload()
            await tab.wait_text("context-line", SHOWN)
            assert await tab.has("hand-1")
        finally:
            await browser.close()
