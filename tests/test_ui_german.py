"""Only German on the German screen: whole evenings of every game tapped in on a phone (no
browser), all a person reads and a screen reader says (texts, buttons, tooltips, semantics
labels, a field's label and error, a dialog's label) checked after every tap, the other screens
of each evening and the screens around it; Flutter's own words (a field's counter, a dialog's
close) come from the German locale. "German" is what tests/german.py checks: no English, a
number agrees with the word it counts ("1 Punkt", "2 Punkte"), „…“ not '…', no brackets in
brackets; the first test shows that each check can fail."""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
import pytest
from conftest import VRONI4
from flet_harness import open_phone
from german import disagreeing, english, not_german

from scorepad.engine import before_hand
from scorepad.games import family_of
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import FormCtx

pytestmark = pytest.mark.ui

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
QUICK_SAVES = {"passed", "vergeben", "eingepasst"}
# a Preisschafkopf list: points, not money, and the Muss-Spiel's partner
PREISSCHAFKOPF = {"format": 1, "ruleset": "preisschafkopf-plusminus", "players": VRONI4, "first_dealer": "Wast",
                  "hands": [{"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "suit": "gras", "result": "won"},
                            {"game": "muss", "player": "Hias", "partner": "Wast", "suit": "schellen", "result": "lost"},
                            {"game": "wenz", "player": "Kathi", "result": "won_schneider"}]}
EVENINGS = {**{game: json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))
               for game in ["schafkopf", "saukopf", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch", "doppelkopf",
                           "skat"]},
            "preisschafkopf": PREISSCHAFKOPF}


def test_the_checks_find_english_disagreeing_numbers_english_quotes_and_brackets_in_brackets():
    # what the testers heard and read (issue 35), and the command line's English
    heard = ["80 characters remaining", "Alert", "Close", "Dismiss", "Back", "'Clara' is longer than 40 characters",
             "the opponents would have 60"]
    assert english(heard) == heard
    counted = ["Vroni & Kathi je +1 Punkte", "Wast -1 Striche", "1 Augen gehen sich nicht aus", "noch 1 Spiele",
               "3 Spiel", "0 Punkt", "Re 2 Auge"]
    assert disagreeing(counted) == counted
    bad = heard + counted + ["'Clara' ist länger als 40 Zeichen", "Mitspieler (hat die gerufene Sau (der Alte muss spielen))"]
    assert not_german(bad) == bad
    good = ["Noch 80 Zeichen", "Schließen", "Benachrichtigung", "Zurück", "Vroni & Kathi je +1 Punkt", "Wast -1 Strich",
            "2 Punkte", "0 Punkte", "21 Punkte", "1,5 Punkte", "8, 7, 6, 5, 4, 3, 2, 1 Karten", "Spiel 1 löschen?",
            "„Clara“ ist länger als 40 Zeichen", "Mitspieler (hat die Sau, die der Alte ruft)", "Solo 1× (1 gewonnen)",
            "Nur auf Wunsch (scorepad export --settle-open-rad)", "Hias & Wast je -0,20 €", "geht's"]
    assert not_german(good) == []


def form_ctx(table, players, hands, first_dealer) -> FormCtx:
    game = before_hand(table, players, hands, None, first_dealer)
    return FormCtx(table=table, players=list(players), dealer=game.seats.dealer, state=game.state(),
                   board=game.snapshot(), number=None, game=game)


@pytest.mark.parametrize("game", list(EVENINGS))
async def test_a_whole_evening_says_only_german(main, game):
    session = EVENINGS[game]
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
            assert not_german(phone.words()) == [], f"hand {number}, before {key}"
            await phone.tap(key)
        assert not_german(phone.words()) == [], f"hand {number}, saved"
        entered.append(hand)
    assert main.app.hands(eid) == main.app.hands(main.app.import_session(json.dumps(session)).id)
    for screen in ["history", "rules", "settle", "hand-1"]:  # each from the table, on a fresh phone
        other = await open_phone(main)
        await other.tap(f"evening-{eid}")
        while screen == "hand-1" and not other.has(screen):  # a long evening lists its newest hands first
            assert not_german(other.words()) == [], "the table's list, longer"
            await other.tap("older-hands")
        await other.tap(screen)
        assert not_german(other.words()) == [], screen


async def test_the_screens_around_the_evenings_say_only_german(db):
    """The start, a new evening (its rules shown, a name refused), house rules (their sheet, the
    line after saving them), the PIN, a hand asked to be deleted, and a phone on the Wi-Fi that
    types the PIN wrong."""
    from scorepad.ui.main import make_main

    main = make_main(str(db), require_pin=True)
    try:
        phone = await open_phone(main, client_ip="127.0.0.1")
        seen = {"start": phone.words()}
        for key in ["new-evening", "show-rules"]:
            await phone.tap(key)
        seen["new evening"] = phone.words()
        await phone.type("name-field", "Maximiliane Theodora von und zu Guttenberg")
        await phone.tap("add-player")
        seen["a name refused"] = phone.words()
        await phone.tap("house-new")
        await phone.tap("house-sheet-True")
        seen["house rules"] = phone.words()
        await phone.type("house-name", "Stammtisch")
        await phone.tap("house-save")
        seen["house rules saved"] = phone.words()
        for name in VRONI4:
            await phone.type("name-field", name, submit=True)
        await phone.tap("start-evening")
        await phone.tap("next-hand")
        for key in ["player-Vroni", "partner-Kathi", "result-won", "save", "show-pin"]:
            await phone.tap(key)
        seen["the PIN"] = phone.words()
        for key in ["back", "hand-1", "delete"]:
            await phone.tap(key)
        seen["delete?"] = phone.words()
        [evening] = main.app.list_evenings()
        other = await open_phone(main, client_ip="192.0.2.7")
        for key in [f"evening-{evening.id}", "unlock", "pin-0", "pin-0", "pin-0", "pin-0"]:
            await other.tap(key)
        seen["a wrong PIN"] = other.words()
        assert "Hinzufügen" in seen["new evening"] and "Name" in seen["new evening"]  # a tooltip, a field's label
        assert "„Maximiliane Theodora von und zu Guttenberg“ ist länger als 40 Zeichen" in seen["a name refused"]
        assert "Spiel 1 löschen?" in seen["delete?"] and "Abbrechen" in seen["delete?"]
        assert {screen: not_german(words) for screen, words in seen.items() if not_german(words)} == {}
    finally:
        main.app.close()


async def test_flutters_own_words_are_german(main):
    """What Flutter itself says (a field's counter "Noch 28 Zeichen", a dialog's "Schließen"),
    from the German of Flet's client (tests/test_e2e_pen.py hears it in chromium)."""
    phone = await open_phone(main)
    assert phone.page.locale_configuration == ft.LocaleConfiguration(
        supported_locales=[ft.Locale("de", "DE")], current_locale=ft.Locale("de", "DE"))
