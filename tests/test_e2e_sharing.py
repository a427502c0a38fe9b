"""Several phones on one table, in real browsers: `scorepad web --pin` and separate chromium
contexts (each its own phone): one enters, the others see it; watchers cannot edit without the
PIN; two saves at once store one hand; a phone that was offline catches up."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, PHONE, Server, Tab
from conftest import VRONI4
from playwright.async_api import async_playwright

from scorepad.app import App

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path / "scorepad.db", pin=True)
    yield s
    s.stop()


async def phones(browser, server, n):
    """n phones: separate browser contexts (own cookies, own sessions)."""
    out = []
    for _ in range(n):
        context = await browser.new_context(viewport=PHONE)
        out.append(await Tab.open(context, server))
    return out


async def start_evening(tab: Tab) -> None:
    await tab.tap("new-evening")
    for name in VRONI4:
        await tab.type("name-field", name)
    await tab.at(f"dealer-{VRONI4[-1]}").wait_for(state="attached", timeout=10000)
    await tab.tap("start-evening")
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)


async def enter_sauspiel(tab: Tab, player="Vroni", partner="Kathi", result="won") -> None:
    await tab.tap("next-hand")
    for key in [f"player-{player}", f"partner-{partner}", f"result-{result}", "save"]:
        await tab.tap(key)


async def unlock(tab: Tab, pin: str) -> None:
    await tab.tap("unlock")
    for digit in pin:
        await tab.tap(f"pin-{digit}")
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)


def evening_pin(server) -> str:
    """The PIN of the one evening on the server, as its scorekeeper's phone shows it."""
    eid, _ = stored(server)
    with App.open(server.db) as app:
        return app.pin(eid)


def stored(server) -> tuple[int, dict]:
    with App.open(server.db) as app:
        [evening] = app.list_evenings()
        return evening.id, app.show(evening.id)


async def test_four_phones_follow_one_table(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            keeper, *others = await phones(browser, server, 4)
            await start_evening(keeper)
            for tab in others:
                await tab.tap("continue")
                await tab.at("unlock").wait_for(state="attached", timeout=10000)
                assert not await tab.has("next-hand")  # watching only
            await enter_sauspiel(keeper)
            t0 = time.monotonic()
            for tab in others:
                await tab.wait_text("value-Vroni", "+0,20 €", timeout=5)
            seen_after = time.monotonic() - t0
            await others[0].screenshot("18-watcher-sees-the-save")
            assert seen_after < 5

            # a watcher taps a hand: a read-only view, no form without the PIN
            await others[0].tap("hand-1")
            await others[0].at("view-hand").wait_for(state="attached", timeout=10000)
            assert not await others[0].has("save")
            await others[0].tap("view-back")

            # the second phone takes the PIN and keeps score too
            pin = evening_pin(server)
            await unlock(others[0], pin)
            await enter_sauspiel(others[0], "Hias", "Wast", "lost")
            await keeper.wait_text("value-Hias", "-0,40 €", timeout=5)
        finally:
            await browser.close()


async def test_two_saves_at_the_same_moment_store_one_hand(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            one, two = await phones(browser, server, 2)
            await start_evening(one)
            await two.tap("continue")
            pin = evening_pin(server)
            await unlock(two, pin)
            await one.tap("next-hand")
            await two.tap("next-hand")
            for key in ["player-Vroni", "partner-Kathi", "result-won"]:
                await one.tap(key)
            for key in ["game-wenz", "player-Hias", "result-lost"]:
                await two.tap(key)
            # both fingers on Speichern at the same moment: each point found before either taps
            # (else the first save's hand can reach the second phone, whose form then asks
            # "Trotzdem eintragen" where Speichern stood, before its finger has found Speichern)
            points = await asyncio.gather(one.finger_point("save"), two.finger_point("save"))
            await asyncio.gather(one.tap_at(*points[0]), two.tap_at(*points[1]))
            await one.page.wait_for_timeout(1500)
            _, result = stored(server)
            assert len(result.hands) == 1  # exactly one of the two landed
            games = [h.info["game"] for h in result.hands]
            refused = two if games == ["sauspiel"] else one
            assert await refused.has("save-anyway")  # the refused phone is still on its form, taps kept
            await refused.screenshot("19-second-save-refused")
            await refused.wait_enabled("save-anyway")  # greyed for a moment after it appears
            await refused.tap("save-anyway")  # not the same hand: saved now, after the other hand
            await refused.page.wait_for_timeout(1000)
            _, result = stored(server)
            assert sorted(h.info["game"] for h in result.hands) == ["sauspiel", "wenz"]
        finally:
            await browser.close()


async def test_a_phone_back_from_offline_catches_up(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            keeper, away = await phones(browser, server, 2)
            await start_evening(keeper)
            await away.tap("continue")
            await away.at("unlock").wait_for(state="attached", timeout=10000)
            await away.page.context.set_offline(True)
            await enter_sauspiel(keeper, result="lost")
            await keeper.wait_text("value-Vroni", "-0,20 €")
            await away.page.wait_for_timeout(1000)
            await away.page.context.set_offline(False)
            await away.wait_text("value-Vroni", "-0,20 €", timeout=20)  # no reload
        finally:
            await browser.close()
