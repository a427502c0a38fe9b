"""The organiser's own phone in a real browser (`scorepad web --host 0.0.0.0`, chromium opening this
machine's network address, so the server sees a phone from another machine): the code the laptop
made (here on the command line: the test's browsers all run on the serving machine, so the laptop's
own screen is covered without a browser, tests/test_ui_organiser_phone.py) typed on the keypad at
/turniere; the phone keeps its right across a reload (its browser storage) and draws a round; once
revoked from the command line, its open screen asks for a code again and nothing more is stored. Cost: one server, one browser,
about 20 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, PHONE, Server, Tab
from playwright.async_api import async_playwright

from scorepad.app import App
from scorepad.app.caller import Caller

pytestmark = pytest.mark.browser

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]


@pytest.fixture
def wifi_server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path / "scorepad.db", pin=True, wifi=True)
    yield s
    s.stop()


async def test_the_organisers_phone_types_the_code_keeps_its_right_across_a_reload_and_loses_it_when_revoked(
        wifi_server):
    server = wifi_server
    with App.open(server.db) as app:
        tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
        code = app.make_organiser_code().code  # (the laptop's button, or `scorepad tournament organiser-code`)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            phone = await Tab.open(browser, server, "turniere")
            await phone.at("organiser-code-ask").wait_for(state="attached", timeout=10000)
            assert not await phone.has("new-tournament")
            for digit in code:
                await phone.tap(f"pin-{digit}")
            await phone.at("organiser-allowed").wait_for(state="attached", timeout=10000)
            await phone.screenshot("organiser-phone/01-allowed")
            await phone.reload()  # the token is kept in the phone's own storage
            await phone.at("organiser-allowed").wait_for(state="attached", timeout=10000)
            await phone.tap(f"tournament-{tid}")
            await phone.tap("draw-round")
            await phone.wait_text("progress-1", "Tisch 1: 0 von 4 Spielen")
            assert await phone.has("print-at-laptop") and not await phone.has("print-sheets")
            # the cards show what the sheets say (issue 36): each table's PIN, its address at the
            # Wi-Fi address, its QR code; no loopback line; the exports download on the phone too
            with App.open(server.db) as app:
                cards = [(t.table, t.pin, t.evening) for t in app.tournament_round(tid).tables]
            for k, card_pin, evening in cards:
                await phone.wait_text(f"table-pin-{k}", f"PIN {card_pin}")
                await phone.wait_text(f"table-link-{k}", f"{server.url}abend/{evening}")
                assert await phone.has(f"table-qr-{k}")
            assert not await phone.has("loopback-line")
            await phone.screenshot("organiser-phone/015-cards")
            async with phone.page.expect_download() as got:
                await phone.tap("export-json")
            assert (await got.value).suggested_filename == f"turnier-{tid}-Kirta.json"
            await phone.screenshot("organiser-phone/016-exported")
            with App.open(server.db) as app:
                assert app.tournament(tid).open_round == 1
                assert app.revoke_organiser_phone() == 1  # the laptop revokes it (here: the command line)
            # the open screen asks for a code again at once (the server's store watch)
            await phone.at("organiser-code-ask").wait_for(state="attached", timeout=10000)
            assert not await phone.has("close-round")
            await phone.screenshot("organiser-phone/02-revoked")
            with App.open(server.db) as app:
                assert app.tournament(tid).open_round == 1  # the round is still being played
        finally:
            await browser.close()


class OwnBrowser:
    """The serving machine's own browser on a server served to the Wi-Fi: the same server at
    127.0.0.1 (where the organiser's laptop makes a phone's code), everything else as `server`."""

    def __init__(self, server: Server):
        self.server = server
        self.url = f"http://127.0.0.1:{server.port}/"
        self.wifi = False

    def __getattr__(self, name):
        return getattr(self.server, name)


async def test_the_code_screen_at_phone_size_gives_the_wifi_address_in_full_and_a_qr_the_phone_opens(wifi_server):
    """Issue 36, 2 and 7, at 390x844: the laptop's code screen names the address to open in full
    (the Wi-Fi address, not 127.0.0.1, not "…/turniere") with its QR code, nothing cut at the
    window's edge; the phone opens what the QR code says and the code lets it in; a table that
    strangers locked with five wrong PINs warns on the organiser's card."""
    server = wifi_server
    with App.open(server.db) as app:
        tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
        drawn = app.draw_round(tid)
        evening = drawn.tables[0].evening
        wrong = "0000" if app.pin(evening) != "0000" else "1111"
        for k in range(5):  # five strangers' wrong PINs: table 1 takes no more
            app.check_pin(evening, wrong, caller=Caller(f"stranger-{k}", address=f"192.0.2.{20 + k}"))
    address = f"{server.url}turniere"
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            laptop = await Tab.open(browser, OwnBrowser(server), "turniere")  # a phone-sized window
            await laptop.tap("organiser-code-make")
            code = (await laptop.text("organiser-code")).replace(" ", "")
            said = await laptop.text("organiser-code-address")
            assert f"Auf dem Handy {address} öffnen" in said and "…" not in said and "127.0.0.1" not in said
            label = await laptop.at("organiser-code-qr").evaluate(
                "n => [n, ...n.querySelectorAll('*')].map(e => e.getAttribute('aria-label') || '').join(' ')"
                " + ' ' + n.innerText")
            assert f"QR-Code: {address}" in label  # the QR code says the address in full
            for key in ("organiser-code-address", "organiser-code-qr", "organiser-code"):
                box = await laptop.at(key).bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, key
            assert not await laptop.has("loopback-line")
            await laptop.screenshot("organiser-phone/00-code-at-phone-size")
            await laptop.tap(f"tournament-{tid}")
            await laptop.at("table-locked-1").wait_for(state="attached", timeout=10000)
            assert (await laptop.text("table-locked-1")).startswith("Gesperrt: 5 falsche PINs")
            assert not await laptop.has("table-locked-2") and await laptop.has("new-table-pin-1")
            await laptop.reveal("table-locked-1")
            await laptop.screenshot("organiser-phone/005-locked-table-warns")
            phone = await Tab.open(browser, server, "turniere")  # what the QR code opens
            for digit in code:
                await phone.tap(f"pin-{digit}")
            await phone.at("organiser-allowed").wait_for(state="attached", timeout=10000)
        finally:
            await browser.close()
