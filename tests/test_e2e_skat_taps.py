"""A Skat game entered on a phone (390×844, opened at the Wi-Fi address), counted by the finger:
a won suit game with Spitzen is five taps from "Nächstes Spiel" on the form (Spieler, Spiel,
Spitzen, gewonnen, Speichern), no tap needs a swipe; a Reizwert the game does not reach is
marked "Überreizt" on the form before Speichern; whole evenings at three and four (the
examples) by finger. Screenshots of the filled forms in tests/artifacts/skat/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server
from playwright.async_api import async_playwright
from test_e2e_doppelkopf_taps import Finger, evening, phone

from scorepad.app import App
from scorepad.engine import before_hand
from scorepad.games import family_of
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import FormCtx

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
THREE = ["Anna", "Ben", "Cem"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path_factory.mktemp("skat-taps") / "scorepad.db", wifi=True)
    yield s
    s.stop()


def ctx_before(table, players: list[str], hands: list[dict]) -> FormCtx:
    game = before_hand(table, players, hands, None, None)
    return FormCtx(table=table, players=list(game.players), dealer=game.seats.dealer, state=game.state(),
                   board=game.snapshot(), number=None, game=game)


async def test_a_won_suit_game_with_spitzen_is_five_taps_and_an_overbid_game_is_marked(server):
    table = get_table("skat")
    eid = evening(server, "skat", THREE)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await phone(browser, server, eid)
            await tab.tap("next-hand")
            finger = Finger(tab)
            for key in ["declarer-Ben", "game-kreuz", "spitzen-2", "won-yes"]:
                await finger.tap(key)
            await tab.screenshot("skat/won-suit-game")
            await finger.tap("save")
            await tab.wait_text("notice", "Spiel 1 gespeichert")
            assert finger.taps == 5
            await tab.wait_text("value-Ben", "36")  # Kreuz mit 2: 3 × 12
            # an overbid game: Herz mit 1 (20) after a bid of 30, marked before Speichern
            await tab.tap("next-hand")
            keys = ["declarer-Cem", "game-herz", "spitzen-1", "won-yes", "reizwert-on", "reiz-quick-30"]
            for key in keys:
                await finger.tap(key)
            assert "Überreizt: Herz mit 1 ist 20 wert, gereizt 30" in await tab.text("ueberreizt")
            await tab.screenshot("skat/overbid-marked")
            await finger.tap("save")
            await tab.wait_text("notice", "Spiel 2 gespeichert")
            await tab.wait_text("value-Cem", "-60")
        finally:
            await browser.close()
    with App.open(server.db) as app:
        assert app.session(eid)["hands"] == [
            {"declarer": "Ben", "game": "kreuz", "spitzen": 2, "won": True},
            {"declarer": "Cem", "game": "herz", "spitzen": 1, "won": True, "reizwert": 30}]
    assert ctx_before(table, THREE, []).dealer == "Anna"


@pytest.mark.parametrize("example", ["skat", "skat-vier"])
async def test_a_skat_evening_by_finger_without_a_swipe(server, example):
    session = json.loads((EXAMPLES / f"{example}.json").read_text("utf-8"))
    table = with_options(get_table(session["ruleset"]), session.get("options"))
    players, hands = session["players"], session["hands"]
    eid = evening(server, session["ruleset"], players, session.get("options"))
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await phone(browser, server, eid)
            entered: list[dict] = []
            for number, hand in enumerate(hands, start=1):
                keys = family_of(table).taps_module().taps(table, ctx_before(table, players, entered), hand)
                finger = Finger(tab)
                await finger.tap("next-hand")
                for key in keys:
                    await finger.tap(key)
                if keys != ["eingepasst"]:
                    await tab.screenshot(f"skat/{example}-{number}")
                    await finger.tap("save")
                await tab.wait_text("notice", f"Spiel {number} gespeichert")
                entered.append(hand)
        finally:
            await browser.close()
    with App.open(server.db) as app:
        assert app.session(eid)["hands"] == hands


async def test_a_ramsch_evening_by_finger_without_a_swipe(server):
    """House rule Ramsch: "Ramsch" beside the players, each player's Augen (the last one the
    rest, one tap), a Jungfrau, a push, a Durchmarsch; the preview says the Ramsch before Speichern."""
    options = {"ramsch": {"enabled": True}}
    table = with_options(get_table("skat"), options)
    hands = [{"ramsch": True, "ramsch_augen": {"Anna": 58, "Ben": 0, "Cem": 62}, "jungfrauen": ["Ben"], "geschoben": 1},
             {"declarer": "Ben", "game": "kreuz", "spitzen": 2, "won": True},
             {"ramsch": True, "durchmarsch": "Anna"}]
    eid = evening(server, "skat", THREE, options)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await phone(browser, server, eid)
            entered: list[dict] = []
            for number, hand in enumerate(hands, start=1):
                keys = family_of(table).taps_module().taps(table, ctx_before(table, THREE, entered), hand)
                finger = Finger(tab)
                await finger.tap("next-hand")
                for key in keys:
                    await finger.tap(key)
                if number == 1:
                    assert "Ramsch: Cem verliert 62 Augen, Jungfrau (Ben): × 2, geschoben 1-mal: × 2 = -248" \
                        in await tab.text("preview")
                await tab.screenshot(f"skat/ramsch-{number}")
                await finger.tap("save")
                await tab.wait_text("notice", f"Spiel {number} gespeichert")
                entered.append(hand)
            await tab.wait_text("value-Cem", "-248")
        finally:
            await browser.close()
    with App.open(server.db) as app:
        assert app.session(eid)["hands"] == hands
