"""No English on the German screen: whole evenings of every game tapped in on a phone (no
browser), every screen text read after every tap, and the other screens of each evening."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flet_harness import open_phone

from scorepad.engine import before_hand
from scorepad.games import family_of
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import FormCtx

pytestmark = pytest.mark.ui

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = ["schafkopf", "saukopf", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch"]
QUICK_SAVES = {"passed", "vergeben"}
# words of English sentences (German has no such lowercase words) and the engine's English phrases
ENGLISH = re.compile(r"\b(the|is|are|must|missing|cannot|needs|only|and|evening|hand|player|partner|"
                     r"got|won|lost|nothing|given|not a|of the)\b")


def english(texts: list[str]) -> list[str]:
    return [t for t in texts if ENGLISH.search(t)]


def form_ctx(table, players, hands, first_dealer) -> FormCtx:
    game = before_hand(table, players, hands, None, first_dealer)
    return FormCtx(table=table, players=list(players), dealer=game.seats.dealer, state=game.state(),
                   board=game.snapshot(), number=None, game=game)


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_evening_shows_no_english(main, game):
    session = json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))
    players, dealer = session["players"], session.get("first_dealer")
    table = with_options(get_table(session["ruleset"]), session.get("options"))
    eid = main.app.start_evening(session["ruleset"], players, dealer, session.get("options")).id
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    entered: list = []
    for number, hand in enumerate(session["hands"], start=1):
        keys = family_of(table).taps_module().taps(table, form_ctx(table, players, entered, dealer), hand)
        await phone.tap("next-hand")
        for key in keys + ([] if keys[-1] in QUICK_SAVES else ["save"]):
            assert english(phone.texts()) == [], f"hand {number}, before {key}"
            await phone.tap(key)
        assert english(phone.texts()) == [], f"hand {number}, saved"
        entered.append(hand)
    assert main.app.hands(eid) == main.app.hands(main.app.import_session(json.dumps(session)).id)
    for screen in ["history", "rules", "settle", "hand-1"]:  # each from the table, on a fresh phone
        other = await open_phone(main)
        await other.tap(f"evening-{eid}")
        while screen == "hand-1" and not other.has(screen):  # a long evening lists its newest hands first
            assert english(other.texts()) == [], "the table's list, longer"
            await other.tap("older-hands")
        await other.tap(screen)
        assert english(other.texts()) == [], screen
