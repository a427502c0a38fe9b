"""Several phones in chromium (issue 15), finger taps only: the pen survives a reload, a closed
tab and a server restart, and a new PIN takes it; a double save shows the other phone's hand;
watchers see a new hand glow, who keeps score and a hand read-only; the PIN screen, its wait and
a new PIN that ends it (issue 40)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from conftest import VRONI4
from german import not_german
from playwright.async_api import async_playwright
from test_e2e_sharing import enter_sauspiel, evening_pin, phones, start_evening, stored, unlock

from scorepad.app import App
from scorepad.ui.notices import NOTICE_SECONDS
from scorepad.ui.screens.table import GLOW_S

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path / "scorepad.db", pin=True)
    yield s
    s.stop()


async def boxes(tab: Tab, *keys: str) -> dict[str, dict]:
    out = {}
    for key in keys:
        await tab.reveal(key)
        out[key] = await tab.at(key).bounding_box()
    return out


async def reopen(tab: Tab, server: Server) -> Tab:
    """Close the phone's tab and open the address again in a new one (same phone: same storage)."""
    context = tab.page.context
    await tab.page.close()
    return await Tab.open(context, server)


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


async def test_the_pen_survives_a_reload_and_a_restart_and_a_new_pin_takes_it(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            [keeper] = await phones(browser, server, 1)
            await start_evening(keeper)
            keeper = await reopen(keeper, server)  # the tab closed, the address opened again
            await keeper.tap("continue")
            await keeper.at("next-hand").wait_for(state="attached", timeout=10000)
            assert (await keeper.text("pen-line")).startswith("Du schreibst mit (Handy ")

            server.restart()  # the laptop's server stopped and started again
            keeper = await reopen(keeper, server)
            await keeper.tap("continue")
            await keeper.at("next-hand").wait_for(state="attached", timeout=10000)
            await keeper.screenshot("pen/01-pen-kept-after-a-restart")
            await enter_sauspiel(keeper)
            await keeper.wait_text("value-Vroni", "+0,20 €")

            [stranger] = await phones(browser, server, 1)  # a new phone has no pen
            await stranger.tap("continue")
            await stranger.at("unlock").wait_for(state="attached", timeout=10000)
            assert not await stranger.has("next-hand")

            # the PIN is lost: the serving machine resets it; every old pen is gone
            eid, _ = stored(server)
            reset = subprocess.run([sys.executable, "-m", "scorepad", "pin", str(eid), "--reset", "--db", str(server.db)],
                                   capture_output=True, text=True, check=True)
            new_pin = reset.stdout.split("new PIN ")[1][:4]
            keeper = await reopen(keeper, server)
            await keeper.tap("continue")
            await keeper.at("unlock").wait_for(state="attached", timeout=10000)
            assert not await keeper.has("next-hand")
            # a phone on the Wi-Fi is told the new PIN (only the serving machine's own browser sees
            # it on the PIN screen: tests/test_ui_pen.py)
            await keeper.tap("unlock")
            await keeper.at("pin-1").wait_for(state="attached", timeout=10000)
            assert not await keeper.has("pin-here")
            await keeper.screenshot("pen/02-pin-screen-after-a-reset")
            for digit in new_pin:
                await keeper.tap(f"pin-{digit}")
            await keeper.at("next-hand").wait_for(state="attached", timeout=10000)
        finally:
            await browser.close()


async def same_hand_on_two_phones(browser, server: Server) -> tuple[Tab, Tab]:
    """Two phones holding the pen, each with the same hand tapped into its form, not yet saved."""
    one, two = await phones(browser, server, 2)
    await start_evening(one)
    await two.tap("continue")
    await unlock(two, evening_pin(server))
    for tab in (one, two):
        await tab.tap("next-hand")
        for key in ["player-Vroni", "partner-Kathi", "result-won"]:
            await tab.tap(key)
    return one, two


async def test_a_double_save_shows_the_other_hand_and_verwerfen_keeps_one(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            one, two = await same_hand_on_two_phones(browser, server)
            # both fingers find Speichern first, then come down together (looking for it after the
            # other phone's hand arrived would wait for a button that has made way)
            points = await asyncio.gather(one.finger_point("save"), two.finger_point("save"))
            await asyncio.gather(one.tap_at(*points[0]), two.tap_at(*points[1]))
            await one.page.wait_for_timeout(1500)
            _, result = stored(server)
            assert len(result.hands) == 1
            refused = one if await one.has("stale") else two
            await refused.wait_text("stale", "Inzwischen wurde ein Spiel eingetragen. Das gleiche Spiel?")
            assert await refused.text("stale-other") == "Anderes Handy: Spiel 1 · Sauspiel Vroni + Kathi · gewonnen"
            assert await refused.text("stale-mine") == "Dieses Handy: Sauspiel Vroni + Kathi · gewonnen"
            assert not await refused.has("save")
            shown = await boxes(refused, "stale-mine", "preview", "discard", "save-anyway")
            for a, b in [("stale-mine", "preview"), ("preview", "discard"), ("preview", "save-anyway"),
                         ("stale-mine", "save-anyway")]:
                assert not overlap(shown[a], shown[b]), (a, b)  # the message lies beside, not over
            await refused.screenshot("pen/03-the-same-hand")
            await refused.page.wait_for_timeout(NOTICE_SECONDS * 1000)  # nothing goes away by itself here
            assert await refused.has("stale-other")
            await refused.wait_enabled("discard")
            await refused.tap("discard")
            await refused.at("next-hand").wait_for(state="attached", timeout=10000)
            await refused.wait_text("notice", "Verworfen: dieses Spiel wurde nicht eingetragen")
            _, result = stored(server)
            assert len(result.hands) == 1  # a double save never doubles a hand
        finally:
            await browser.close()


async def test_a_finger_on_speichern_as_the_other_hand_arrives_enters_it_once(server):
    """The second phone's finger comes down on Speichern just as the first phone's hand arrives:
    where Speichern stood, "Trotzdem eintragen" now stands. The tap enters nothing."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            one, two = await same_hand_on_two_phones(browser, server)
            x, y = await two.finger_point("save")
            await one.tap("save")
            await two.at("stale").wait_for(state="attached", timeout=10000)
            await two.page.mouse.click(x, y)  # the finger that was on its way to Speichern
            await two.page.wait_for_timeout(1500)
            _, result = stored(server)
            assert len(result.hands) == 1
            assert await two.has("stale")  # still asked: the same hand, or a second one?
        finally:
            await browser.close()


async def test_trotzdem_eintragen_enters_it_after_the_other_hand(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            one, two = await phones(browser, server, 2)
            await start_evening(one)
            await two.tap("continue")
            await unlock(two, evening_pin(server))
            await two.tap("next-hand")
            for key in ["game-wenz", "player-Hias", "result-lost"]:
                await two.tap(key)
            await enter_sauspiel(one)
            await two.wait_text("stale-other", "Anderes Handy: Spiel 1 · Sauspiel Vroni + Kathi · gewonnen")
            await two.wait_enabled("save-anyway")
            await two.tap("save-anyway")
            await two.wait_text("notice", "Spiel 2 gespeichert")
            _, result = stored(server)
            assert [h.info["game"] for h in result.hands] == ["sauspiel", "wenz"]
        finally:
            await browser.close()


async def test_a_watcher_sees_the_new_hand_glow_who_writes_and_a_hand_read_only(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            keeper, other = await phones(browser, server, 2)
            await start_evening(keeper)
            await other.tap("continue")
            await other.at("unlock").wait_for(state="attached", timeout=10000)
            writer = (await keeper.text("pen-line")).removeprefix("Du schreibst mit (").removesuffix(")")
            assert (await other.text("pen-line")).startswith(f"Es schreibt: {writer} · du schaust zu (Handy ")
            await enter_sauspiel(keeper)
            t0 = time.monotonic()
            await other.wait_text("new-1", "neu", timeout=5)
            await other.screenshot("pen/04-watcher-sees-the-new-hand")
            await other.wait_text("context-line", "Geber Hias · raus kommt Kathi")
            left = GLOW_S + 3 - (time.monotonic() - t0)
            await other.page.wait_for_timeout(max(left, 0) * 1000)
            assert not await other.has("new-1") and await other.has("hand-1")  # only for a moment
            await other.tap("hand-1")
            await other.wait_text("view-hand", "Sauspiel Vroni + Kathi · gewonnen")
            assert await other.text("view-deltas") == ("Vroni & Kathi gewinnen: Sauspiel 0,20 € je Gegner; "
                                                        "Vroni & Kathi je +0,20 €, Hias & Wast je -0,20 €")
            assert not await other.has("save")
            await other.screenshot("pen/05-a-hand-read-only")
            await other.tap("view-back")
            await other.at("unlock").wait_for(state="attached", timeout=10000)
        finally:
            await browser.close()


@pytest.fixture
def wifi_server(tmp_path):
    """`scorepad web --host 0.0.0.0`, the phones on this machine's network address (strangers)."""
    s = Server(tmp_path / "scorepad.db", pin=True, wifi=True)
    yield s
    s.stop()


# what a screen reader reads of the page: every semantics node's label and its own text
HEARD = """() => Array.from(document.querySelectorAll('flt-semantics, input, textarea')).flatMap(n =>
  [n.getAttribute('aria-label'), n.getAttribute('aria-description'), n.getAttribute('title'),
   Array.from(n.childNodes).filter(c => c.nodeType === 3 || c.tagName === 'SPAN').map(c => c.textContent).join(' ')])
  .map(t => (t || '').replace(/\\s+/g, ' ').trim()).filter(Boolean)"""


async def start_evening_hearing_german(tab: Tab) -> None:
    """start_evening, listening as a screen reader on the Wi-Fi phone (issue 35): Flutter's own
    words are German (the name field's counter, a message's close button), and nothing heard is
    English (tests/german.py)."""
    await tab.tap("new-evening")
    await tab.type("name-field", "Bernhard von Au", enter=False)  # 15 of 40
    await tab.page.get_by_text("Noch 25 Zeichen").wait_for(state="attached", timeout=10000)
    heard = await tab.page.evaluate(HEARD)
    assert "Noch 25 Zeichen" in heard and not any("remaining" in t for t in heard), heard
    assert not_german(heard) == [], heard
    await tab.tap("house-new")
    await tab.type("house-name", "Stammtisch", enter=False)
    await tab.tap("house-save")
    await tab.page.get_by_role("button", name="Schließen", exact=True).wait_for(state="attached", timeout=10000)
    heard = await tab.page.evaluate(HEARD)
    assert "Hausregeln „Stammtisch“ gespeichert" in heard and "Close" not in heard, heard
    assert not_german(heard) == [], heard
    await tab.screenshot("pen/05-german-for-a-screen-reader")
    for name in VRONI4:
        await tab.type("name-field", name)
    await tab.at(f"dealer-{VRONI4[-1]}").wait_for(state="attached", timeout=10000)
    await tab.tap("start-evening")
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)


async def test_the_pin_screen_keypad_names_new_pin_singular_and_the_evenings_wait(wifi_server):
    server = wifi_server
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            keeper, other = await phones(browser, server, 2)
            await start_evening_hearing_german(keeper)
            # the header's icon buttons are buttons with their names, for a screen reader
            for name in ["Zurück", "PIN zeigen", "Rückgängig", "Abrechnung"]:
                assert await keeper.page.get_by_role("button", name=name, exact=True).count() == 1, name
            assert await keeper.at("undo").get_attribute("role") == "button"

            # Neue PIN: behind a question, then the pad, then "PIN festlegen"
            await keeper.tap("show-pin")
            await keeper.tap("new-pin")
            assert not await keeper.has("pin-4")
            await keeper.tap("new-pin-yes")
            for digit in "4711":
                await keeper.tap(f"pin-{digit}")
            await keeper.screenshot("pen/06-new-pin-confirm")
            with App.open(server.db) as app:
                assert app.pin(stored(server)[0]) != "4711"
            await keeper.tap("new-pin-set")
            await keeper.wait_text("notice", "Neue PIN 4711: die anderen Handys brauchen sie jetzt")
            # accessibility is on in this browser: still no message stays on screen
            await keeper.page.wait_for_timeout((NOTICE_SECONDS + 1.5) * 1000)
            assert not await keeper.has("notice")
            assert await keeper.page.get_by_text("Neue PIN 4711").count() == 0
            await keeper.tap("back")

            await other.tap("continue")
            await other.tap("unlock")
            pad = await boxes(other, *[f"pin-{d}" for d in "1234567890"])
            assert pad["pin-1"]["y"] == pad["pin-2"]["y"] == pad["pin-3"]["y"]
            assert pad["pin-1"]["x"] < pad["pin-2"]["x"] < pad["pin-3"]["x"]
            assert pad["pin-4"]["x"] == pad["pin-1"]["x"] and pad["pin-4"]["y"] > pad["pin-1"]["y"]
            assert pad["pin-7"]["y"] > pad["pin-4"]["y"] and pad["pin-0"]["x"] == pad["pin-8"]["x"]
            assert pad["pin-0"]["y"] > pad["pin-8"]["y"]
            await other.tap("pin-1")
            await other.tap("pin-back")  # the delete key takes the digit back
            await other.wait_text("pin-shown", "_ _ _ _")
            await other.screenshot("pen/07-keypad")
            for _ in range(2):  # one phone (its address) has three of the evening's five tries
                for digit in "0000":
                    await other.tap(f"pin-{digit}")
            await other.wait_text("pin-message", "Falsche PIN (noch 1 Versuch)")
            for digit in "0000":
                await other.tap(f"pin-{digit}")
            await other.wait_text("pin-message", "Zu viele falsche PINs für diesen Abend: nächster Versuch in 10 min")
            await other.wait_text("pin-wait-help", "Sofort geht es mit einer neuen PIN vom Rechner, auf dem scorepad "
                                                   "läuft.")
            assert not await other.is_enabled("pin-1")
            await other.screenshot("pen/08-the-evening-waits-for-the-next-pin")
            # the scorekeeper's table says so, and the pen stays with it
            await keeper.at("pin-alarm").wait_for(state="attached", timeout=10000)
            alarm = await keeper.text("pin-alarm")
            assert alarm.startswith("Achtung: 3 falsche PINs eingegeben, zuletzt um "), alarm
            await keeper.screenshot("pen/09-the-scorekeeper-sees-the-wrong-pins")
            # a new PIN gives the tries back at once (issue 40): the waiting phone types it and writes
            await keeper.tap("show-pin")
            await keeper.tap("new-pin")
            await keeper.tap("new-pin-yes")
            for digit in "2580":
                await keeper.tap(f"pin-{digit}")
            await keeper.tap("new-pin-set")
            await other.wait_enabled("pin-1")
            assert not await other.has("pin-wait-help")
            for digit in "2580":
                await other.tap(f"pin-{digit}")
            await other.at("next-hand").wait_for(state="attached", timeout=10000)
            await other.screenshot("pen/10-a-new-pin-and-the-waiting-phone-writes")
        finally:
            await browser.close()
