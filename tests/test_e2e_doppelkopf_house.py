"""The Doppelkopf house rules of issue 37 in chromium at 390x844, by finger taps, on a phone on the
Wi-Fi: the house-rules screen sets Armut, Sonderpunkte im Solo and Bock (a trigger, called by the
table, as points, side by side); an evening with them calls a Bock round with the table's
*Bockrunde* button, and the reloaded page still shows it. An evening of five at those rules is
tapped by result (no Augen): who sits out chosen on the form, a called Bockrunde, a solo with a
Sonderpunkt, a second Bockrunde called inside the first (side by side: at single Bock, fewer
games left than queued), Bock as points; the saved hands, the standings and what the table screen says next are the
engine's. Screenshots in tests/artifacts/doppelkopf-house/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from playwright.async_api import async_playwright
from test_e2e_doppelkopf_taps import Finger, allowed_taps, ctx_before, phone

from scorepad.app import App
from scorepad.describe import hand_lines
from scorepad.engine import before_hand, replay
from scorepad.games import family_of
from scorepad.tables import get_table, with_options
from scorepad.ui.words import context_line

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


FIVE = ["Hias", "Vroni", "Wast", "Kathi", "Sepp"]
HOUSE = {"sonderpunkte_in_solo": True,
         "bock": {"enabled": True, "after": ["tie"], "called": True, "points": 2, "stacking": "side_by_side"}}
BY_RESULT = [  # the house's evening as the list keeps it: who won and the level, no Augen
    {"game": "normal", "re": ["Hias", "Vroni"], "winner": "re", "levels": {"kontra": "keine 90"},
     "sitting_out": ["Kathi"]},  # Kathi is at the bar: Hias deals, Kathi sits out
    {"bockrunde": True},  # the table calls a Bock round (a round of drinks)
    {"game": "damen", "re": ["Wast"], "winner": "re", "sonderpunkte": {"re": {"fuchs": 1}}},  # Sonderpunkt in a solo
    {"bockrunde": True},  # called again inside the round (the 120:120 the table counted by hand): beside it
    {"game": "normal", "re": ["Hias", "Kathi"], "winner": "kontra"},
    {"game": "normal", "re": ["Vroni", "Sepp"], "winner": "re", "sonderpunkte": {"kontra": {"doppelkopf": 1}}},
]


async def test_a_house_evening_of_five_tapped_by_result_with_a_called_bockrunde_scores_as_the_engine(server):
    table = with_options(get_table("doppelkopf"), HOUSE)
    with App.open(server.db) as app:
        eid = app.start_evening("doppelkopf", FIVE, None, HOUSE).id
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await phone(browser, server, eid)
            for number, hand in enumerate(BY_RESULT, start=1):
                done = BY_RESULT[:number - 1]
                finger = Finger(tab)
                if hand.get("bockrunde"):
                    await finger.tap("call-bockrunde")
                else:
                    await finger.tap("next-hand")
                    keys = family_of(table).taps_module().taps(table, ctx_before(table, FIVE, done), hand)
                    out = hand.get("sitting_out") or []
                    for key in [f"sit-out-{p}" for p in out] + keys:
                        await finger.tap(key)
                    await tab.screenshot(f"doppelkopf-house/five-{number}")
                    await finger.tap("save")
                    await tab.wait_text("notice", f"Spiel {number} gespeichert")
                    assert finger.taps <= allowed_taps(table, hand) + len(out), f"{hand} took {finger.taps} taps"
                    assert "by-augen" not in keys  # by result: no Augen asked
                game = before_hand(table, FIVE, BY_RESULT[:number], None, None)
                await tab.wait_text("context-line", context_line("doppelkopf", game.state(), game.snapshot(), table))
            await tab.screenshot("doppelkopf-house/five-table")
            await tab.tap(f"hand-{len(BY_RESULT)}")  # the last game opened: what made its points
            await tab.screenshot("doppelkopf-house/five-last-game")
        finally:
            await browser.close()
    result = replay(table, FIVE, BY_RESULT)
    with App.open(server.db) as app:
        assert app.session(eid)["hands"] == BY_RESULT
        assert app.show(eid).standings == result.standings
    assert result.hands[0].deltas["Kathi"]["punkte"] == 0 and result.hands[0].deltas["Hias"]["punkte"] > 0  # at the bar
    queued = replay(with_options(get_table("doppelkopf"), {**HOUSE, "bock": {**HOUSE["bock"], "stacking": False}}),
                    FIVE, BY_RESULT)
    assert len(result.state["bock"]) < len(queued.state["bock"])  # side by side: the rounds overlap
    last = hand_lines(table, BY_RESULT[-1], result.hands[-1], ["punkte"])[1].replace("\xa0", " ")
    assert ", Bock +2 = 2 Punkte" in last  # two rounds side by side: still a single Bock, as points
    solo = hand_lines(table, BY_RESULT[2], result.hands[2], ["punkte"])[1].replace("\xa0", " ")
    assert "Fuchs gefangen +1" in solo and "Bock +2" in solo
