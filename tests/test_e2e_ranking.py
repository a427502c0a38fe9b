"""A tournament's ranking screen on a projector-sized browser while two tables' phones tap in
hands in theirs (`scorepad web` on the Wi-Fi, real chromium at its network address; each table's
scorekeeper types the PIN of its table sheet): each save moves the ranking on the big screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from playwright.async_api import async_playwright
from test_e2e_sharing import unlock

from scorepad.app import App
from scorepad.engine import before_hand
from scorepad.games import family_of
from scorepad.ui.forms import FormCtx

pytestmark = pytest.mark.browser

RULES = "preisschafkopf-5-10-15"  # Herz-Solo 25, its Schneider +5 (rulesets/preisschafkopf-5-10-15.toml)
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture
def server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path / "scorepad.db")
    yield s
    s.stop()


def hand_taps(app: App, evening_id: int, hand: dict) -> list[str]:
    """The taps that enter `hand` on the evening's form (the game's own taps module)."""
    table, info = app.table(evening_id), app.evening(evening_id)
    game = before_hand(table, info.players, app.hands(evening_id), None, info.first_dealer)
    ctx = FormCtx(table=table, players=list(info.players), dealer=game.seats.dealer, state=game.state(),
                  board=game.snapshot(), number=None, game=game)
    return family_of(table).taps_module().taps(table, ctx, hand)


async def tap_in(tab: Tab, app: App, evening_id: int, hand: dict) -> None:
    keys = hand_taps(app, evening_id, hand)
    await tab.tap("next-hand")
    for key in keys + ["save"]:
        await tab.tap(key)
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)


async def ranking_order(tab: Tab, count: int) -> list[str]:
    return [await tab.text(f"rank-{k}-name") for k in range(1, count + 1)]


async def test_two_tables_tap_in_hands_and_the_ranking_screen_shows_the_new_order(server):
    with App.open(server.db) as app:
        tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
        first, second = app.draw_round(tid).tables
    one, two = first.seats[1], second.seats[2]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            board = await Tab.open(await browser.new_context(viewport=PROJECTOR), server)
            await board.tap(f"ranking-{tid}")
            await board.wait_text("ranking-round", "Runde 1 von 2 · 0 von 8 Spielen")
            tables = []
            with App.open(server.db) as app:
                pins = {sheet.evening: sheet.pin for sheet in app.table_sheets(tid)}
            for drawn in (first, second):  # each table's scorekeeper: the table's PIN from its sheet
                phone = await Tab.open(browser, server)
                await phone.tap(f"evening-{drawn.evening}")
                await unlock(phone, pins[drawn.evening])
                tables.append(phone)
            with App.open(server.db) as app:
                await tap_in(tables[0], app, first.evening, {"game": "solo", "player": one, "suit": "herz", "result": "won"})
                await board.wait_text("rank-1-name", one)
                await board.wait_text("rank-1-points", "75")
                await tap_in(tables[1], app, second.evening,
                             {"game": "solo", "player": two, "suit": "herz", "result": "won_schneider"})
                await board.wait_text("rank-1-name", two)
                expected = [s.name for s in app.tournament_standings(tid)]
            assert await board.text("rank-1-points") == "90"  # (25 + 5 Schneider) from each of three
            assert await ranking_order(board, 2) == [two, one]
            assert await ranking_order(board, 8) == expected
            assert await board.text("ranking-round") == "Runde 1 von 2 · 2 von 8 Spielen"
            await board.screenshot("ranking-projector")
        finally:
            await browser.close()


async def test_a_table_sheets_address_opens_its_evening_and_turnier_id_the_ranking(server):
    """The QR code of a table sheet is BASE/abend/ID: scanned (a phone's browser opens it), the
    phone opens that table; a projector opened at BASE/turnier/ID shows the ranking."""
    with App.open(server.db) as app:
        tid = app.new_tournament("Kirta", RULES, 1, 4, FIELD, seed="1").id
        table = app.draw_round(tid).tables[1]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            phone = await Tab.open(browser, server, f"abend/{table.evening}")
            await phone.at("unlock").wait_for(state="attached", timeout=20000)  # its table (the PIN on its sheet to keep score)
            for seat in table.seats:
                await phone.at(f"value-{seat}").wait_for(state="attached", timeout=10000)
            board = await Tab.open(await browser.new_context(viewport=PROJECTOR), server, f"turnier/{tid}")
            await board.wait_text("ranking-round", "Runde 1 von 1 · 0 von 8 Spielen")
        finally:
            await browser.close()


async def test_an_address_typed_into_a_tab_that_shows_the_app_opens_that_table(server):
    """A phone's tab already shows the app (Flet resumes its session there): the table sheet's
    address typed or scanned into that same tab opens the table, not the screen it showed."""
    with App.open(server.db) as app:
        tid = app.new_tournament("Kirta", RULES, 1, 4, FIELD, seed="1").id
        table = app.draw_round(tid).tables[1]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            phone = await Tab.open(browser, server)
            await phone.at("new-evening").wait_for(state="attached", timeout=20000)
            await phone.page.goto(server.url + f"abend/{table.evening}")
            await phone.page.locator("flutter-view").wait_for(state="attached", timeout=30000)
            await phone.semantics_on()
            await phone.at("unlock").wait_for(state="attached", timeout=20000)  # its table (the PIN on its sheet to keep score)
            for seat in table.seats:
                await phone.at(f"value-{seat}").wait_for(state="attached", timeout=10000)
        finally:
            await browser.close()
