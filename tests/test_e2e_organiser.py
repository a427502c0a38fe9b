"""The organiser runs a round on the served app (`scorepad web`, real chromium, a phone-sized
window on the serving machine): a tournament of 8 players typed in, round 1 drawn, table 1's
progress following a save there; on the laptop's screen each table's PIN and address (no QR
code: served at 127.0.0.1, a phone could not open it), the line how to serve for phones and
the exports downloaded (issue 36); the table sheets opened to print, a table's new PIN
(issue 40), the round closed."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, PHONE, Server, Tab
from playwright.async_api import async_playwright

from scorepad.app import App

pytestmark = pytest.mark.browser

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
LAPTOP = {"width": 1280, "height": 720}  # the organiser's laptop


@pytest.fixture
def server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    # loopback on purpose: the organiser's screens are the serving machine's own browser's (a
    # phone on the Wi-Fi gets them only with a code: test_e2e_organiser_phone.py)
    s = Server(tmp_path / "scorepad.db", wifi=False)
    yield s
    s.stop()


async def test_the_organiser_draws_a_round_follows_its_tables_and_closes_it(server):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(browser, server)
            await tab.tap("tournaments")
            await tab.tap("new-tournament")
            await tab.type("tournament-name", "Kirta", enter=False)
            await tab.tap(f"rules-{RULES}")
            await tab.tap("rounds-2")
            await tab.tap("games-8")
            await tab.type("tournament-players", "\n".join(f"{k} {name}" for k, name in enumerate(FIELD, 1)),
                           enter=False)
            await tab.wait_text("tournament-field", "8 Spieler · 2 Tische zu 4")
            await tab.screenshot("organiser-new")
            await tab.tap("tournament-create")
            await tab.tap("draw-round")
            await tab.wait_text("progress-1", "Tisch 1: 0 von 8 Spielen")
            await tab.wait_text("progress-2", "Tisch 2: 0 von 8 Spielen")
            with App.open(server.db) as app:
                tid = app.list_tournaments()[0].id
                table = app.tournament_round(tid).tables[0]
                pin = app.table_sheets(tid)[0].pin
                assert sorted(n for t in app.tournament_round(tid).tables for n in t.seats) == sorted(FIELD)
            await tab.screenshot("organiser-round")
            # the organiser's laptop (issue 36): each card the table's PIN, address and QR code; served
            # at 127.0.0.1 the line how to serve for phones; the tournament's exports download
            await tab.page.set_viewport_size(LAPTOP)
            with App.open(server.db) as app:
                cards = [(t.table, t.pin, t.evening) for t in app.tournament_round(tid).tables]
            for k, card_pin, evening in cards:
                await tab.wait_text(f"table-pin-{k}", f"PIN {card_pin}")
                await tab.wait_text(f"table-link-{k}", f"{server.url}abend/{evening}")
                assert not await tab.has(f"table-qr-{k}")  # (a phone scanning it would open its own 127.0.0.1)
            assert "scripts/run web --host 0.0.0.0" in await tab.text("loopback-line")
            await tab.screenshot("organiser-cards-laptop")
            for fmt, ending in (("csv-de", ".csv"), ("html", ".html"), ("json", ".json")):
                async with tab.page.expect_download() as got:
                    await tab.tap(f"export-{fmt}")
                download = await got.value
                assert download.suggested_filename == f"turnier-{tid}-Kirta{ending}"
                data = Path(await download.path()).read_bytes()
                assert b"Alois" in data
                if fmt == "csv-de":
                    assert data.startswith("\ufeff".encode()) and b";" in data
            await tab.page.set_viewport_size(PHONE)
            with App.open(server.db) as app:  # table 1's scorekeeper saves a hand (`scorepad add`)
                app.add_hand(table.evening, {"game": "solo", "player": table.seats[1], "suit": "herz", "augen": 70})
            await tab.wait_text("progress-1", "Tisch 1: 1 von 8 Spielen")
            async with tab.page.context.expect_page() as opened:  # the table sheets, in a new tab, to print
                await tab.tap("print-sheets")
            sheets = await opened.value
            await sheets.wait_for_load_state()
            printed = await sheets.content()
            assert "Tisch 1" in printed and "Tisch 2" in printed and pin in printed
            await sheets.close()
            # a table's new PIN (issue 40): behind a question, then shown to take to the table
            with App.open(server.db) as app:
                second = app.tournament_round(tid).tables[1].evening
                old = app.pin(second)
            await tab.tap("new-table-pin-2")
            await tab.screenshot("organiser-new-pin-ask")
            await tab.tap("new-table-pin-yes")
            shown = await tab.text("new-table-pin-shown")
            with App.open(server.db) as app:
                assert shown == app.pin(second) != old and app.pin(table.evening) == pin
            await tab.screenshot("organiser-new-pin")
            await tab.tap("new-table-pin-done")
            await tab.tap("close-round")
            await tab.screenshot("organiser-close")
            await tab.tap("close-force")
            await tab.wait_text("round-title", "Runde 1 von 2 · abgeschlossen")
            await tab.at("draw-round").wait_for(state="attached", timeout=10000)
            with App.open(server.db) as app:
                assert app.tournament(tid).open_round is None
                assert app.evening(table.evening).finished
            await tab.screenshot("organiser-closed")
        finally:
            await browser.close()
