"""End to end, as a person at the table does it: `scorepad web` on the Wi-Fi, Debian's chromium
at a phone's size opening it at the laptop's network address (plain http: no secure context),
every game: start an evening, enter hands by touch (one refused), fix one, and compare what the
cards show with the engine; the Abrechnung's exports, copy and share there. Screenshots go to
tests/artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from conftest import VRONI4
from playwright.async_api import async_playwright

from scorepad import fmt
from scorepad.app import App
from scorepad.engine import replay
from scorepad.exportformats import downloads
from scorepad.tables import get_table
from scorepad.ui.browser_calls import COPY_HINT, NO_SHARE

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path_factory.mktemp("web") / "scorepad.db")
    yield s
    s.stop()


async def with_tab(server, scenario):
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(browser, server)
            await scenario(tab)
        finally:
            await browser.close()


async def new_evening(tab: Tab, game_key: str, players: list[str], shot: str | None = None) -> None:
    await tab.tap("new-evening")
    await tab.tap(f"rules-{game_key}")
    for name in players:
        await tab.type("name-field", name)
    await tab.at(f"dealer-{players[-1]}").wait_for(state="attached", timeout=10000)  # all names are in
    if shot:
        await tab.screenshot(shot)
    await tab.tap("start-evening")
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)


async def assert_cards(tab: Tab, ruleset: str, players: list[str], hands: list[dict], show) -> None:
    """What each player's card shows equals the engine's standings for the same hands."""
    standings = replay(get_table(ruleset), players, hands).standings
    for p in players:
        await tab.wait_text(f"{'marks' if ruleset == 'zaisertshofer-ramsch' else 'value'}-{p}", show(standings[p]))


def money(row) -> str:
    return fmt.money(row["geld"], signed=True)


async def test_schafkopf_evening_in_the_browser(server):
    async def scenario(tab: Tab):
        await tab.screenshot("01-start")
        await new_evening(tab, "schafkopf", VRONI4, shot="02-new-evening")
        await tab.screenshot("03-table-empty")
        hands = []
        # a Sauspiel in four taps
        await tab.tap("next-hand")
        for key in ["player-Vroni", "partner-Kathi", "result-won"]:
            await tab.tap(key)
        await tab.wait_text("preview", "Vroni & Kathi gewinnen: Sauspiel 0,20 € je Gegner; "
                                       "Vroni & Kathi je +0,20 €, Hias & Wast je -0,20 €")
        await tab.screenshot("04-schafkopf-hand")
        await tab.tap("save")
        hands.append({"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
        # a refused one: 1 Auge cannot be made; Speichern stays off; then a valid count
        await tab.tap("next-hand")
        for key in ["game-solo", "player-Hias", "mode-augen", "pad-1"]:
            await tab.tap(key)
        await tab.wait_text("preview", "1 Auge: geht sich mit den Karten nicht aus")
        assert not await tab.is_enabled("save")
        await tab.screenshot("05-refused-hand")
        await tab.tap("quick-91")  # 91: the opponents are Schneider
        await tab.wait_text("preview", "Hias gewinnt: Solo 0,50 € + Schneider 0,50 € = 1,00 € je Gegner; "
                                       "Hias +3,00 €, Vroni & Kathi & Wast je -1,00 €")
        await tab.tap("save")
        hands.append({"game": "solo", "player": "Hias", "augen": 91})
        await assert_cards(tab, "schafkopf", VRONI4, hands, money)
        # fix the first hand: it was lost
        await tab.tap("hand-1")
        await tab.tap("result-lost")
        await tab.tap("save")
        hands[0]["result"] = "lost"
        await assert_cards(tab, "schafkopf", VRONI4, hands, money)
        await tab.screenshot("06-schafkopf-table")
        await tab.tap("settle")
        await tab.at("finish").wait_for(state="attached")
        await tab.screenshot("07-settle")

    await with_tab(server, scenario)


async def test_saukopf_evening_in_the_browser(server):
    players = ["Sepp", "Resi", "Alois", "Zenzi"]

    async def scenario(tab: Tab):
        await new_evening(tab, "saukopf", players)
        await tab.tap("next-hand")
        for key in ["game-sauerei", "player-Sepp", "partner-Zenzi", "quick-60", "lauf-1", "kontra-Resi"]:
            await tab.tap(key)
        await tab.wait_text("preview", "Resi & Alois gewinnen: Schlachtung 2 + Ohne Schwarte 1 = 3 × 2 (Huftritt Resi) = "
                                       "6 Fleischpunkte je Gewinner; Resi & Alois je +6 Fleisch")  # the sheet's Beispiel 1
        await tab.screenshot("08-saukopf-hand")
        await tab.tap("save")
        await tab.tap("next-hand")
        for key in ["mode-napf", "game-mast", "player-Alois"]:
            await tab.tap(key)
        assert not await tab.has("bid-90")  # a Mast needs 91 or more: nothing lower is offered
        for key in ["bid-95", "all-opponents"]:
            await tab.tap(key)
        await tab.tap("save")
        hands = [{"game": "sauerei", "player": "Sepp", "partner": "Zenzi", "bid": 61, "augen": 60, "laufende": 1,
                  "kontra": "Resi"},
                 {"game": "mast", "player": "Alois", "bid": 95, "all_tricks": "opponents"}]
        await assert_cards(tab, "saukopf", players, hands, lambda row: str(row["fleisch"]))
        await tab.screenshot("09-saukopf-table")

    await with_tab(server, scenario)


async def test_schwarze_sau_evening_in_the_browser(server):
    players = ["Uli", "Fritz", "Guido", "Tim"]

    async def scenario(tab: Tab):
        await new_evening(tab, "schwarze-sau", players)
        await tab.tap("next-hand")
        for key in ["pt-Uli-10", "pt-Fritz-10", "pt-Guido-0"]:  # 20 of 15: refused
            await tab.tap(key)
        assert not await tab.is_enabled("save")
        for key in ["who-Uli", "pt-Uli-6", "pt-Fritz-4"]:  # back to Uli: the pad moves on by itself
            await tab.tap(key)
        await tab.wait_text("pt-Tim-rest", "5 (der Rest)")
        await tab.screenshot("10-schwarze-sau-hand")
        await tab.tap("save")
        await tab.tap("next-hand")
        for key in ["special-jungfrau", "by-Fritz", "success-True"]:
            await tab.tap(key)
        await tab.tap("save")
        hands = [{"points": {"Uli": 6, "Fritz": 4, "Guido": 0, "Tim": 5}},
                 {"announcement": {"kind": "jungfrau", "by": "Fritz", "success": True}}]
        await assert_cards(tab, "schwarze-sau", players, hands, lambda row: str(row["punkte"]))
        await tab.screenshot("11-schwarze-sau-table")

    await with_tab(server, scenario)


async def test_struliwuli_evening_in_the_browser(server):
    players = ["Vroni", "Hias", "Kathi", "Wast", "Resi"]

    async def scenario(tab: Tab):
        await new_evening(tab, "struliwuli", players)
        await tab.wait_text("context-line", "Rad 1 · Partie 1 von 5 · 7 Karten · Geber Vroni · "
                                            "Ansagen dürfen nicht 7 ergeben")
        await tab.tap("next-hand")
        for key in ["bid-Hias-2", "bid-Kathi-1", "bid-Wast-0", "bid-Resi-3"]:
            await tab.tap(key)
        assert not await tab.is_enabled("bid-Vroni-1")  # Neukirchner: 1 would make 7
        await tab.tap("bid-Vroni-2")
        await tab.screenshot("12-struliwuli-bids")
        await tab.tap("bids-done")
        await tab.at("bids-edit").wait_for(state="attached", timeout=10000)  # the draft is stored
        # the tab is closed while the cards are played; the bids are this phone's draft in the
        # store, found again by the phone's id in its browser storage
        phone = tab.page.context
        await tab.page.close()
        tab = await Tab.open(phone, tab.server)
        await tab.tap("continue")  # the running evening, one tap
        await tab.wait_text("next-hand", "Stiche eintragen")
        await tab.tap("next-hand")
        for key in ["tr-Hias-2", "tr-Kathi-1", "tr-Wast-0", "tr-Resi-2"]:
            await tab.tap(key)
        await tab.wait_text("tr-Vroni-rest", "2 (der Rest)")
        await tab.tap("save")
        hands = [{"bids": {"Vroni": 2, "Hias": 2, "Kathi": 1, "Wast": 0, "Resi": 3},
                  "tricks": {"Vroni": 2, "Hias": 2, "Kathi": 1, "Wast": 0, "Resi": 2}}]
        await assert_cards(tab, "struliwuli", players, hands, lambda row: str(row["punkte"]))
        await tab.screenshot("13-struliwuli-table")

    await with_tab(server, scenario)


async def test_ramsch_evening_in_the_browser(server):
    async def scenario(tab: Tab):
        await new_evening(tab, "zaisertshofer-ramsch", VRONI4)
        await tab.tap("next-hand")
        for key in ["tr-Vroni-3", "tr-Hias-2", "tr-Kathi-0"]:
            await tab.tap(key)
        await tab.wait_text("tr-Wast-rest", "0 (der Rest)")
        await tab.screenshot("14-ramsch-hand")
        await tab.tap("save")
        await tab.tap("next-hand")
        await tab.tap("mit-Kathi")  # Kathi sits this one out
        for key in ["tr-Vroni-4", "tr-Hias-1"]:
            await tab.tap(key)
        await tab.tap("save")
        hands = [{"participants": VRONI4, "tricks": {"Vroni": 3, "Hias": 2, "Kathi": 0, "Wast": 0}},
                 {"participants": ["Vroni", "Hias", "Wast"], "tricks": {"Vroni": 4, "Hias": 1, "Wast": 0}}]
        from scorepad.games.ramsch.words import tally_marks
        await assert_cards(tab, "zaisertshofer-ramsch", VRONI4, hands,
                           lambda row: tally_marks(row["striche"]) if row["striche"] else "weg")
        await tab.screenshot("15-ramsch-table")

    await with_tab(server, scenario)


async def test_the_saved_line_never_covers_the_next_hand_button(server):
    """After Speichern a thumb goes straight for "Nächstes Spiel" (right part of it, 1 s later;
    the middle, 8 s later): the form opens and every saved hand stays stored."""
    async def scenario(tab: Tab):
        await new_evening(tab, "schafkopf", VRONI4)
        eid = newest_evening(server)
        await tab.tap("next-hand")
        for n, (wait_ms, where) in enumerate([(1000, (0.85, 0.5)), (8000, (0.5, 0.5))], start=1):
            for key in ["player-Vroni", "partner-Kathi", "result-won", "save"]:
                await tab.tap(key)
            await tab.wait_text("notice", f"Spiel {n} gespeichert")
            if n == 1:
                await tab.screenshot("23-saved-line")
            await tab.page.wait_for_timeout(wait_ms)
            await tab.tap("next-hand", where=where)
            await tab.at("save").wait_for(state="attached", timeout=10000)
            with App.open(server.db) as app:
                assert app.evening(eid).hands == n
        assert not await tab.has("notice")  # the line went away by itself

    await with_tab(server, scenario)


def newest_evening(server) -> int:
    with App.open(server.db) as app:
        return max(e.id for e in app.list_evenings())


async def test_a_killed_server_loses_no_saved_hand(tmp_path):
    """Saved is saved: the server is killed (SIGKILL) right after a save and started again."""
    db = tmp_path / "scorepad.db"
    first = Server(db)
    try:
        async def scenario(tab: Tab):
            await new_evening(tab, "schafkopf", VRONI4)
            await tab.tap("next-hand")
            for key in ["game-wenz", "player-Wast", "result-won_schneider", "save"]:
                await tab.tap(key)
            await tab.at("hand-1").wait_for(state="attached")

        await with_tab(first, scenario)
    finally:
        first.proc.kill()
        first.proc.wait()
    second = Server(db)
    try:
        async def after(tab: Tab):
            await tab.tap("continue")
            await assert_cards(tab, "schafkopf", VRONI4, [{"game": "wenz", "player": "Wast", "result": "won_schneider"}],
                               money)

        await with_tab(second, after)
    finally:
        second.stop()


async def test_the_abrechnung_at_the_pub_downloads_every_export_copies_in_a_dialog_and_shares_as_a_download(server):
    """Plain http at the laptop's network address: no clipboard, no share sheet. Every export
    arrives as a download; Text kopieren shows the chat text to copy by a long press; Abend
    teilen downloads the session file and says so (the guard in conftest.py: no crash page)."""
    async def scenario(tab: Tab):
        await new_evening(tab, "schafkopf", VRONI4)
        await tab.tap("next-hand")
        for key in ["player-Kathi", "partner-Hias", "result-lost_schneider", "save"]:
            await tab.tap(key)
        eid = newest_evening(server)
        await tab.tap("settle")
        for f in downloads():
            async with tab.page.expect_download(timeout=15000) as info:
                await tab.tap(f"export-{f.name}")
            download = await info.value
            assert download.suggested_filename.endswith(f.file_name("")), f.name
            body = Path(await download.path()).read_bytes()
            assert body, f"{f.name}: an empty download"
            if f.name == "csv":
                assert "Kathi" in body.decode("utf-8") and "-40" in body.decode("utf-8")
            elif f.name == "html":
                assert "-0,40 €" in body.decode("utf-8")
        await tab.screenshot("24-settle-after-the-downloads")

        await tab.tap("copy-text")
        await tab.at("copy-field").wait_for(state="attached", timeout=10000)
        with App.open(server.db) as app:
            text = app.export_session(eid, "text")
        assert await tab.text("copy-hint") == COPY_HINT
        await tab.screenshot("25-copy-text-dialog")
        await tab.tap("copy-field")  # the browser's own text field: selectable, copied by the phone itself
        field = tab.page.locator("textarea:focus")
        await field.wait_for(state="attached", timeout=10000)
        assert await field.input_value() == text
        await field.press("Control+a")
        assert await field.evaluate("t => t.value.substring(t.selectionStart, t.selectionEnd)") == text
        await tab.tap("copy-close")
        await tab.at("copy-field").wait_for(state="detached", timeout=10000)

        async with tab.page.expect_download(timeout=15000) as info:
            await tab.tap("share-session")
        shared = await info.value
        assert shared.suggested_filename.endswith(".json")
        with App.open(server.db) as app:
            assert Path(await shared.path()).read_text(encoding="utf-8") == app.export_session(eid, "json")
        await tab.wait_said(NO_SHARE)
        await tab.screenshot("26-shared-as-a-download")

    await with_tab(server, scenario)


async def test_small_phone_in_dark_mode_fits_the_screen(server):
    """360 x 640 in the dark: every tappable chip lies inside the screen's width."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = await browser.new_context(viewport={"width": 360, "height": 640}, color_scheme="dark")
            tab = await Tab.open(context, server)
            await new_evening(tab, "zaisertshofer-ramsch", VRONI4)
            await tab.screenshot("16-small-dark-table")
            await tab.tap("next-hand")
            await tab.screenshot("17-small-dark-hand")
            right_edges = await tab.page.evaluate(
                "() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))"
                ".map(n => n.getBoundingClientRect()).filter(r => r.width > 0).map(r => r.right)")
            assert right_edges and max(right_edges) <= 360
        finally:
            await browser.close()


async def test_house_rules_and_rule_sheet_in_the_browser(server):
    async def scenario(tab: Tab):
        await tab.tap("new-evening")
        await tab.tap("house-new")
        await tab.type("house-name", "Stammtisch Huber", enter=False)
        await tab.tap("house-contracts.sauspiel.tariff-10")
        await tab.screenshot("20-house-rules")
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
        await tab.tap("next-hand")
        for key in ["player-Vroni", "partner-Kathi", "result-won"]:
            await tab.tap(key)
        await tab.wait_text("preview", "Vroni & Kathi gewinnen: Sauspiel 0,10 € je Gegner; "  # the house tariff
                                       "Vroni & Kathi je +0,10 €, Hias & Wast je -0,10 €")
        await tab.tap("save")
        await tab.tap("rules")
        await tab.tap("rules-edit")
        await tab.tap("rules-contracts.sauspiel.tariff-20")
        await tab.screenshot("21-change-rules")
        await tab.tap("rules-apply")
        await tab.page.wait_for_timeout(500)
        await tab.screenshot("22-rule-sheet")

    await with_tab(server, scenario)
