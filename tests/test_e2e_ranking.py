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
SMALL_PROJECTOR = {"width": 1280, "height": 720}
CLUB = [f"Spieler {k:02d}" for k in range(1, 21)]  # 20: more than a 720-line projector shows at once


@pytest.fixture
def server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path / "scorepad.db", wifi=True)
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


async def box(tab: Tab, key: str) -> dict:
    found = await tab.at(key).bounding_box()
    assert found is not None, f"{key} is not on the screen"
    return found


async def page_lines(tab: Tab, viewport: dict) -> list[int]:
    """The places the ranking shows on its page, each checked to lie whole between the headings
    and the footer (nothing over a line) and inside the window."""
    foot = await box(tab, "ranking-rule")
    places, heights = [], set()
    for rank in range(1, len(CLUB) + 1):
        if not await tab.has(f"rank-{rank}"):
            continue
        line = await box(tab, f"rank-{rank}")
        heights.add(round(line["height"]))  # a line cut at the footer would be shorter than the others
        assert line["y"] + line["height"] <= foot["y"] + 1, f"the footer lies over place {rank}"
        assert line["x"] >= 0 and line["x"] + line["width"] <= viewport["width"] + 1
        for field in ("name", "points"):
            cell = await box(tab, f"rank-{rank}-{field}")
            assert cell["x"] + cell["width"] <= viewport["width"] + 1, f"place {rank}: its {field} cut off"
            assert cell["width"] > 20, f"place {rank}: no room for its {field}"
        places.append(rank)
    assert foot["y"] + foot["height"] <= viewport["height"] + 1
    assert len(heights) <= 1, f"lines of different heights (one cut?): {heights}"
    return places


async def test_a_720_line_projector_and_a_phone_show_every_place_across_the_pages(server):
    """Issue 36, 3: at 1280x720 every place appears on a page, the footer over none; a phone shows
    place, name and points, no column cut, and the top bar's line whole."""
    with App.open(server.db) as app:
        tid = app.new_tournament("Kirta", RULES, 2, 4, CLUB, seed="1").id
        app.draw_round(tid)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            board = await Tab.open(await browser.new_context(viewport=SMALL_PROJECTOR), server, f"turnier/{tid}")
            await board.at("rank-1-name").wait_for(state="attached", timeout=20000)
            first = await page_lines(board, SMALL_PROJECTOR)
            pages = await board.text("ranking-page")
            assert pages == "Seite 1 von 2" and len(first) > 9 and first == list(range(1, len(first) + 1))
            await board.screenshot("ranking-720-page-1")
            await board.wait_text("ranking-page", "Seite 2 von 2", timeout=15)  # turns by itself
            second = await page_lines(board, SMALL_PROJECTOR)
            assert first + second == list(range(1, len(CLUB) + 1))
            await board.screenshot("ranking-720-page-2")
            phone = await Tab.open(browser, server, f"turnier/{tid}")
            await phone.at("rank-1-name").wait_for(state="attached", timeout=20000)
            shown = await page_lines(phone, {"width": 390, "height": 844})
            assert shown and not await phone.has("rank-1-solos")
            assert (await box(phone, "rank-1-name"))["height"] >= 24  # larger type than the projector's
            # the top bar's lines are not cut: the round's line ends before the bar's edge (a cut line
            # fills the width to its "…"), the page number beside the name, inside the window
            title, page, said = [await box(phone, k) for k in ("ranking-title", "ranking-page", "ranking-round")]
            assert said["x"] + said["width"] < page["x"] + page["width"] - 1, "the round's line is cut"
            assert page["x"] + page["width"] <= 390 + 1 and title["x"] >= 0
            assert await phone.text("ranking-round") == "Runde 1 von 2 · 0 von 20 Spielen"
            await phone.screenshot("ranking-phone")
        finally:
            await browser.close()


async def test_a_table_phone_says_where_it_belongs_and_after_its_round_where_to_sit_next(server):
    """Issue 36, 4 and 6: the title says Turnier · Runde · Tisch and Spiel n von m (the start
    screen groups the tables, Weiterspielen resumes this one); once the round is closed: no
    dealer, no pen, no entry, that the round is over, and after the next draw each player's next
    table."""
    with App.open(server.db) as app:
        tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
        table = app.draw_round(tid).tables[1]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            phone = await Tab.open(browser, server, f"abend/{table.evening}")
            await phone.wait_text("table-title", "Tisch 2 · Runde 1 · Kirta", timeout=20)
            assert (await phone.text("table-title-sub")).startswith("Spiel 1 von 4")
            assert await phone.has("unlock") and await phone.has(f"dealer-{table.seats[0]}")
            await phone.screenshot("table-phone-title")
            await phone.tap("back")  # the start screen: the tables grouped; Weiterspielen: this table
            await phone.wait_text(f"tables-{tid}-1", "Turnier Kirta · Runde 1")
            assert (await phone.text("continue-line")).startswith("Kirta · Runde 1 · Tisch 2 · ")
            await phone.screenshot("start-club-night")
            await phone.tap("continue")
            await phone.wait_text("table-title", "Tisch 2 · Runde 1 · Kirta")
            with App.open(server.db) as app:
                app.close_round(tid, force=True)  # the organiser ends the round early
            await phone.wait_text("round-over", "Runde 1 ist beendet. Die nächste Runde ist noch nicht ausgelost.")
            assert not await phone.has("unlock") and not await phone.has("next-hand")
            assert not await phone.has(f"dealer-{table.seats[0]}") and not await phone.has("pen-line")
            with App.open(server.db) as app:
                second = app.draw_round(tid)
            where = {name: t.table for t in second.tables for name in t.seats}
            await phone.wait_text("round-over", "Runde 1 ist beendet. Runde 2 ist ausgelost:")
            for name in table.seats:
                await phone.wait_text(f"next-table-{name}", f"{name}: Tisch {where[name]}")
            assert (await phone.text("table-title-sub")).startswith("Runde 1 beendet")
            await phone.screenshot("table-phone-round-over")
        finally:
            await browser.close()


async def test_a_skat_ranking_shows_won_and_lost_games_on_a_720_line_projector_and_a_phone(server):
    """Skat's tie-breaks have their columns (Gew., Verl.) and the decided words beside the name
    and points, every column inside a 1280x720 window; a phone shows place, name and points."""
    from tests.skat_tournament import FIELD as SKAT_FIELD
    from tests.skat_tournament import play_skat_tournament

    with App.open(server.db) as app:
        tid, *_ = play_skat_tournament(app)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            board = await Tab.open(await browser.new_context(viewport=SMALL_PROJECTOR), server, f"turnier/{tid}")
            await board.at("rank-1-name").wait_for(state="attached", timeout=20000)
            assert [await board.text(f"ranking-head-{k}") for k in ("won", "lost")] == ["Gew.", "Verl."]
            right = 0.0
            for rank in range(1, len(SKAT_FIELD) + 1):
                for field in ("place", "name", "points", "won", "lost", "games", "decided"):
                    cell = await box(board, f"rank-{rank}-{field}")
                    assert cell["x"] >= right - 1 or field == "place", f"place {rank}: {field} over the one before"
                    right = cell["x"] + cell["width"]
                    assert right <= SMALL_PROJECTOR["width"] + 1, f"place {rank}: its {field} cut off"
                assert (await box(board, f"rank-{rank}-name"))["width"] > 200, f"place {rank}: no room for the name"
            assert await board.text("rank-2-decided") == "mehr gewonnene Spiele"
            assert await board.text("rank-4-decided") == "weniger verlorene Spiele"
            await board.screenshot("ranking-skat-720")
            phone = await Tab.open(browser, server, f"turnier/{tid}")
            await phone.at("rank-1-name").wait_for(state="attached", timeout=20000)
            shown = await page_lines(phone, {"width": 390, "height": 844})
            assert shown and not await phone.has("rank-1-won") and not await phone.has("rank-1-decided")
            await phone.screenshot("ranking-skat-phone")
        finally:
            await browser.close()
