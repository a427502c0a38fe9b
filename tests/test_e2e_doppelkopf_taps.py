"""A Doppelkopf game entered on a phone (390×844, opened at the Wi-Fi address), counted by the
finger: from "Nächstes Spiel" to "Spiel n gespeichert" a plain normal game (Re's two players,
the winner and the losers' level: the form's default way, by result) and a won solo take at
most six taps, the Augen one tap more behind "Augen", each Ansage, Absage and
Sonderpunkt one tap more, and no tap needs a swipe: every control is on the screen, uncovered,
when its turn comes (the finger never scrolls; the form may scroll itself). Whole evenings
(examples/doppelkopf*.json, a house-rules evening at six with Armut and Bock) are tapped the
same way, each game by its result where the result rows can say it; a screenshot of every filled form before Speichern is kept in
tests/artifacts/doppelkopf/."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, HIT_CHECK, Server, Tab
from playwright.async_api import async_playwright

from scorepad.app import App
from scorepad.engine import before_hand
from scorepad.games import family_of
from scorepad.games.doppelkopf.bench import as_result
from scorepad.games.doppelkopf.form import quick_augen
from scorepad.games.doppelkopf.result import form_level
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import FormCtx

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PHONE_390 = {"width": 390, "height": 844}
PLAIN = 6  # taps of a plain game: "Nächstes Spiel", the form's, "Speichern"
# a house-rules evening at six (two sit out each game): Armut, Hochzeit, solos, Bock after a tie
HAUS_SIX = {
    "ruleset": "doppelkopf-haus",
    "players": ["Hias", "Vroni", "Wast", "Kathi", "Sepp", "Resi"],
    "hands": [
        {"game": "normal", "re": ["Wast", "Sepp"], "augen": 120},
        {"game": "armut", "re": ["Kathi", "Resi"], "augen": 163,
         "sonderpunkte": {"re": {"dulle_gefangen": 1}, "kontra": {"karlchen_gefangen": 1}}},
        {"game": "buben", "re": ["Hias"], "augen": 97, "kontra_call": "keine 90"},
        {"game": "hochzeit", "re": ["Vroni", "Wast"], "augen": 151, "re_call": "re",
         "sonderpunkte": {"re": {"doppelkopf": 2, "fuchs": 1}}},
    ],
}


class Finger:
    """Taps like `Tab.tap`, but never swipes: the control must already be on the screen, inside
    its scroll area and uncovered (after the app has settled and scrolled itself, if it does).
    Counts its taps."""

    def __init__(self, tab: Tab):
        self.tab = tab
        self.taps = 0

    async def tap(self, key: str, timeout: float = 10) -> None:
        loc = self.tab.at(key)
        await loc.wait_for(state="attached", timeout=timeout * 1000)
        deadline = time.time() + timeout
        box = problem = None
        while time.time() < deadline:
            previous, box = box, await loc.bounding_box()
            if box is None or box != previous:  # still moving (the form scrolling itself): look again
                await self.tab.page.wait_for_timeout(80)
                continue
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            problem = await loc.evaluate(HIT_CHECK, [x, y])
            if problem is None:
                await self.tab.tap_at(x, y)
                self.taps += 1
                return
            assert "off the screen" not in problem and "scroll area" not in problem, \
                f"{key!r} needs a swipe ({problem}) after {self.taps} taps"
            await self.tab.page.wait_for_timeout(100)  # covered for a moment (a tooltip): look again
            box = None
        raise AssertionError(f"a finger on {key!r} does not reach it: {problem or 'it never stood still'}")


def ctx_before(table, players: list[str], hands: list[dict]) -> FormCtx:
    """What the hand form knows before the next hand (as HandScreen builds it)."""
    game = before_hand(table, players, hands, None, None)
    return FormCtx(table=table, players=list(game.players), dealer=game.seats.dealer, state=game.state(),
                   board=game.snapshot(), number=None, game=game)


def allowed_taps(table, hand: dict) -> int:
    """The taps a hand may take: six (a plain game by result), one more for each call said (an
    Absage says the Ansage before it: "keine 90" is two), each Sonderpunkt, the losers' level;
    by Augen one more ("Augen") and Augen off the quick keys one per digit (the pad)."""
    levels = {party: [None, *names] for party, names in table.call_names().items()}
    calls = sum(levels[party].index(hand.get(f"{party}_call")) for party in ("re", "kontra"))
    sonder = sum(n for counts in (hand.get("sonderpunkte") or {}).values() for n in counts.values())
    if hand.get("winner"):
        return PLAIN + calls + sonder + (1 if form_level(table, hand)[1] else 0)
    augen = hand.get("augen")
    pad = 0 if hand.get("all_tricks") or augen in quick_augen(table) else len(str(augen))
    return PLAIN + calls + sonder + 1 + pad


async def enter_by_finger(tab: Tab, table, players: list[str], hands: list[dict], shots: str,
                          opened: bool = False) -> list[int]:
    """Every hand by finger on a fresh form; the taps each took, "Nächstes Spiel" to saved.
    With `opened`, a screenshot of each form as it opens too (the last game's notice above it)."""
    counts, entered = [], []
    for number, hand in enumerate(hands, start=1):
        keys = family_of(table).taps_module().taps(table, ctx_before(table, players, entered), hand)
        finger = Finger(tab)
        await finger.tap("next-hand")
        if opened:
            await tab.screenshot(f"doppelkopf/{shots}-{number}-opened")
        for key in keys:
            await finger.tap(key)
        await tab.screenshot(f"doppelkopf/{shots}-{number}")
        await finger.tap("save")
        await tab.wait_text("notice", f"Spiel {number} gespeichert")
        counts.append(finger.taps)
        entered.append(hand)
    return counts


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path_factory.mktemp("doppelkopf-taps") / "scorepad.db", wifi=True)
    yield s
    s.stop()


async def phone(browser, server: Server, eid: int) -> Tab:
    """The scorekeeper's phone on the evening, its pen taken with the evening's PIN."""
    context = await browser.new_context(viewport=PHONE_390)
    tab = await Tab.open(context, server)
    await tab.tap(f"evening-{eid}")
    await tab.tap("unlock")
    with App.open(server.db) as app:
        pin = app.pin(eid)
    for digit in pin:
        await tab.tap(f"pin-{digit}")
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)
    return tab


def evening(server: Server, ruleset: str, players: list[str], options: dict | None = None) -> int:
    with App.open(server.db) as app:
        return app.start_evening(ruleset, players, None, options).id


async def test_a_plain_normal_game_and_a_won_solo_take_at_most_six_taps_without_a_swipe(server):
    players = ["Hias", "Vroni", "Wast", "Kathi"]
    table = get_table("doppelkopf")
    hands = [{"game": "normal", "re": ["Vroni", "Kathi"], "winner": "re", "levels": {"kontra": "keine 90"}},
             {"game": "damen", "re": ["Wast"], "winner": "re"}]
    eid = evening(server, "doppelkopf", players)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await phone(browser, server, eid)
            counts = await enter_by_finger(tab, table, players, hands, "plain", opened=True)
        finally:
            await browser.close()
    assert counts[0] <= PLAIN, f"a plain normal game took {counts[0]} taps"
    assert counts[1] <= PLAIN, f"a won solo took {counts[1]} taps"
    with App.open(server.db) as app:
        assert app.session(eid)["hands"] == hands


@pytest.mark.parametrize("example", ["doppelkopf", "doppelkopf-fuenf", "haus-six"])
async def test_each_ansage_and_sonderpunkt_is_one_tap_more_without_a_swipe(server, example):
    session = HAUS_SIX if example == "haus-six" else json.loads((EXAMPLES / f"{example}.json").read_text("utf-8"))
    table = with_options(get_table(session["ruleset"]), session.get("options"))
    players = session["players"]
    hands = [as_result(table, hand) or hand for hand in session["hands"]]  # each by result where it can be
    assert any("winner" in hand for hand in hands)
    eid = evening(server, session["ruleset"], players, session.get("options"))
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await phone(browser, server, eid)
            counts = await enter_by_finger(tab, table, players, hands, example)
        finally:
            await browser.close()
    for hand, count in zip(hands, counts, strict=True):
        assert count <= allowed_taps(table, hand), f"{hand} took {count} taps"
    with App.open(server.db) as app:
        assert app.session(eid)["hands"] == hands


async def test_at_five_who_sits_out_is_chosen_on_the_form_by_finger(server):
    """Kathi goes to the bar: one tap on the row "Setzt aus", and the game by result, no swipe."""
    players = ["Hias", "Vroni", "Wast", "Kathi", "Sepp"]
    eid = evening(server, "doppelkopf", players)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await phone(browser, server, eid)
            finger = Finger(tab)
            await finger.tap("next-hand")
            for key in ["sit-out-Kathi", "re-Hias", "re-Vroni", "won-re", "level-keine-90"]:
                await finger.tap(key)
            await tab.screenshot("doppelkopf/sit-out-five")
            await finger.tap("save")
            await tab.wait_text("notice", "Spiel 1 gespeichert")
        finally:
            await browser.close()
    assert finger.taps <= PLAIN + 1  # one more: the choice of who sits out
    with App.open(server.db) as app:
        assert app.session(eid)["hands"] == [{"game": "normal", "re": ["Hias", "Vroni"], "winner": "re",
                                              "levels": {"kontra": "keine 90"}, "sitting_out": ["Kathi"]}]
        assert app.show(eid).standings["Kathi"]["punkte"] == 0
