"""The Doppelkopf house rules of issue 37 on the phone (a real Flet session, tests/flet_harness.py):
each choice of the house-rules screen, tapped, is kept in the variant; the table calls a Bock
round with its button, stored in the evening for every phone; a watcher has no such button."""

from __future__ import annotations

import pytest
from flet_harness import open_phone

from scorepad.tables import builtin_tables
from scorepad.ui.choices import all_choices, choice_values, value_at

pytestmark = pytest.mark.ui

DK4 = ["Hias", "Vroni", "Wast", "Kathi"]
CALLED = {"bock": {"enabled": True, "called": True}}


@pytest.mark.parametrize("base", ["doppelkopf", "doppelkopf-haus"])
async def test_every_doppelkopf_house_choice_tapped_is_kept_in_the_variant(main, base):
    table = builtin_tables()[base]
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    await phone.tap(f"base-{base}")
    await phone.type("house-name", "Stammtisch")
    tapped = {}
    for _label, path, values in all_choices(table):
        other = next(v for v, _words in choice_values(path, values) if v != value_at(table, path))
        if path == ("pflichtsolo", "per") and other == "round":  # a round needs its games: none, then
            other = "evening"
        await phone.tap(f"house-{'.'.join(path)}-{other}")
        tapped[path] = other
    assert not phone.has("house-problem")
    await phone.tap("house-save")
    stored = main.app.house_table("Stammtisch")
    assert {path: value_at(stored, path) for path in tapped} == tapped


async def test_the_bockrunde_button_calls_a_bock_round_every_phone_sees(main):
    info = main.app.start_evening("doppelkopf", DK4, DK4[0], CALLED)
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    await phone.tap("call-bockrunde")
    assert main.app.session(info.id)["hands"] == [{"bockrunde": True}]
    assert "Bock: noch 4 Spiele" in phone.text_of("context-line")
    other = await open_phone(main)
    await other.tap(f"evening-{info.id}")
    assert "Bock: noch 4 Spiele" in other.text_of("context-line")
    assert any("Bockrunde ausgerufen" in text for text in other.texts())


async def test_no_bockrunde_button_where_the_table_calls_none(main):
    info = main.app.start_evening("doppelkopf", DK4, DK4[0], {"bock": {"enabled": True, "after": ["tie"]}})
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    assert phone.has("next-hand") and not phone.has("call-bockrunde")
