"""A whole evening of every game, entered by finger in chromium: each hand of
examples/<game>.json tapped on a fresh hand form (the game's taps, scorepad/games/<name>/taps.py), then the
player cards, `scorepad show` and the stored hands compared with `scorepad replay` of the file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from playwright.async_api import async_playwright

from scorepad import fmt
from scorepad.app import App
from scorepad.engine import before_hand
from scorepad.games import family_of
from scorepad.games.ramsch.words import tally_marks
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import FormCtx

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
QUICK_SAVES = {"passed", "vergeben", "eingepasst"}
GAMES = ["schafkopf", "saukopf", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch", "doppelkopf", "doppelkopf-fuenf",
         "skat", "skat-vier"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path_factory.mktemp("games") / "scorepad.db")
    yield s
    s.stop()


def scorepad(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "scorepad", *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def card_text(ruleset: str, row: dict[str, int]) -> str:
    """What a player's card shows in big for these standings."""
    lead = next(iter(row))
    if ruleset == "zaisertshofer-ramsch":
        return tally_marks(row[lead]) if row[lead] else "weg"
    if lead == "geld":
        return fmt.money(row[lead], signed=True)
    return str(row[lead])


def form_ctx(table, players: list[str], hands: list, first_dealer: str | None) -> FormCtx:
    """What the hand form knows before the next hand (as HandScreen builds it)."""
    game = before_hand(table, players, hands, None, first_dealer)
    return FormCtx(table=table, players=list(players), dealer=game.seats.dealer, state=game.state(),
                   board=game.snapshot(), number=None, game=game)


async def start(tab: Tab, ruleset: str, players: list[str], first_dealer: str | None,
                options: dict | None = None) -> None:
    await tab.tap("new-evening")
    await tab.tap(f"rules-{ruleset}")
    for name in players:
        await tab.type("name-field", name)
    await tab.at(f"dealer-{players[-1]}").wait_for(state="attached", timeout=10000)
    if first_dealer:
        await tab.tap(f"dealer-{first_dealer}")
    for path, value in (options or {}).items():  # the evening's options, each a chip of its row
        await tab.tap(f"opt-{path}-{value}")
    await tab.tap("start-evening")
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)


async def enter_evening(tab: Tab, session: dict) -> None:
    """Every hand of the session file, by finger, each on a fresh form."""
    players, first_dealer = session["players"], session.get("first_dealer")
    table = with_options(get_table(session["ruleset"]), session.get("options"))
    entered: list = []
    for number, hand in enumerate(session["hands"], start=1):
        keys = family_of(table).taps_module().taps(table, form_ctx(table, players, entered, first_dealer), hand)
        await tab.tap("next-hand")
        quick = keys[-1] in QUICK_SAVES  # Zamgschmissen, Vergeben: the tap saves
        for key in keys + ([] if quick else ["save"]):
            await tab.tap(key)
        await tab.wait_text("notice", f"Spiel {number} gespeichert")
        entered.append(hand)


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_evening_entered_by_finger(server, game, tmp_path):
    path = EXAMPLES / f"{game}.json"
    session = json.loads(path.read_text(encoding="utf-8"))
    ruleset, players = session["ruleset"], session["players"]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(browser, server)
            await start(tab, ruleset, players, session.get("first_dealer"), session.get("options"))
            with App.open(server.db) as app:
                eid = max(e.id for e in app.list_evenings())
            await enter_evening(tab, session)
            expected = scorepad("replay", str(path))
            for p in players:
                key = f"{'marks' if ruleset == 'zaisertshofer-ramsch' else 'value'}-{p}"
                await tab.wait_text(key, card_text(ruleset, expected["standings"][p]))
            await tab.screenshot(f"games/{game}-evening")
        finally:
            await browser.close()
    assert scorepad("show", str(eid), "--db", str(server.db)) == expected
    with App.open(server.db) as app:
        stored = app.session(eid)["hands"]
    with App.open(tmp_path / "reference.db") as app:  # the file as the store keeps it
        reference = app.import_session(path.read_text(encoding="utf-8"))
        wanted = app.session(reference.id)["hands"]
    assert stored == wanted

