"""The Schafkopf house rules of issue 12 on the phone (a real Flet session, tests/flet_harness.py):
the house-rules form sets them, the hand form follows the contract, the rule sheet shows them."""

from __future__ import annotations

import pytest
from conftest import VRONI4
from flet_harness import open_phone

pytestmark = pytest.mark.ui

HOUSE_GAMES = {"contracts": {"bettel": {"enabled": True}, "hochzeit": {"enabled": True}}}


async def evening_phone(main, options=None):
    info = main.app.start_evening("schafkopf", VRONI4, VRONI4[0], options)
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    return phone, info.id


async def test_a_bettel_is_entered_won_or_lost_without_augen_laufende_or_tout(main):
    phone, eid = await evening_phone(main, {**HOUSE_GAMES, "tout": {"enabled": True}, "laufende": {"enabled": True}})
    await phone.tap("next-hand")
    for key in ["game-bettel", "player-Hias", "result-won"]:
        await phone.tap(key)
    assert not phone.has("mode-augen") and not phone.has("result-won_schneider")
    # Bettel at 0,50 €: each opponent pays 0,50 €
    assert phone.text_of("preview") == "Hias gewinnt: Bettel\xa00,50 € je Gegner; Hias +1,50 €, Vroni & Kathi & Wast je -0,50 €"
    await phone.tap("more")
    assert not phone.has("tout-True") and not phone.has("lauf-1")
    await phone.tap("save")
    assert main.app.session(eid)["hands"][0] == {"game": "bettel", "player": "Hias", "result": "won"}


async def test_the_partner_of_a_hochzeit_is_named_as_the_contract_says(main):
    phone, eid = await evening_phone(main, HOUSE_GAMES)
    await phone.tap("next-hand")
    assert "Mitspieler (hat die gerufene Sau)" in phone.texts()
    await phone.tap("game-hochzeit")
    texts = phone.texts()
    assert "Mitspieler (nimmt den angebotenen Trumpf)" in texts
    assert "Mitspieler (hat die gerufene Sau)" not in texts


async def test_the_house_rules_form_sets_the_new_keys(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    await phone.type("house-name", "Stammtisch Huber")
    for key in ["house-contracts.bettel.enabled-True", "house-tout.enabled-True", "house-tout.value-schwarz",
                "house-laufende.enabled-True", "house-laufende.counted_for-player",
                "house-contracts.sie.with_laufende-True", "house-ramsch.enabled-True",
                "house-ramsch.durchmarsch_value-ramsch", "house-ramsch.jungfrau_doubles-own"]:
        await phone.tap(key)
    await phone.tap("house-sheet-True")
    texts = phone.texts()
    assert "Bettel (Solo, gewonnen ohne einen Stich): 0,50 €, kein Schneider, kein Schwarz · Trümpfe: keine" in texts
    assert ("Tout: an; gewonnen oder verloren zählt wie gewonnen schwarz (Grundwert + Schneider + Schwarz + "
            "Laufende) × 2.") in texts
    assert "Sie (sofort gewonnen): jeder Gegner zahlt 3 × (0,50 € + 8 Laufende je 0,10 €)" in texts
    assert any(t.startswith("Laufende (nur die der Spieler): je 0,10 €") for t in texts)
    assert any("je Jungfrau (kein Stich): was ihr gezahlt wird × 2; Durchmarsch: jeder zahlt 0,20 € (wie im Ramsch)"
               in t for t in texts)
    await phone.tap("house-save")
    [rules] = main.app.house_rules()
    assert rules.options == {
        "name": "Stammtisch Huber", "contracts": {"bettel": {"enabled": True}, "sie": {"with_laufende": True}},
        "tout": {"enabled": True, "value": "schwarz"}, "laufende": {"enabled": True, "counted_for": "player"},
        "ramsch": {"enabled": True, "durchmarsch_value": "ramsch", "jungfrau_doubles": "own"}}


async def test_a_sie_with_laufende_needs_laufende_on_the_house_rules_form(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    await phone.type("house-name", "Stammtisch Huber")
    await phone.tap("house-contracts.sie.with_laufende-True")
    assert "ein Sie mit Laufenden braucht Laufende" in phone.text_of("house-problem")
    assert phone.find("house-save").disabled


async def test_the_house_rules_form_says_who_sits_out_at_a_skat_table_of_five(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    await phone.tap("base-skat")
    await phone.type("house-name", "Skat zu fünft")
    texts = phone.texts()
    assert "Zu fünft setzt außer dem Geber aus" in texts and "der 3. links vom Geber" in texts
    await phone.tap("house-sitting_out.seats.5-[0, 2]")
    await phone.tap("house-sheet-True")
    assert "Bei 5 am Tisch spielen 3; es setzt aus: der Geber und der 2. links vom Geber." in phone.texts()
    await phone.tap("house-save")
    assert main.app.house_table("Skat zu fünft").sitting_out_seats(5) == (0, 2)
    await phone.tap("house-new")
    await phone.tap("base-skat-seeger-fabian")  # a table of three and four: nobody to choose
    assert "Zu fünft setzt außer dem Geber aus" not in phone.texts()
