"""The start screen on a club night (issue 36, 6): a tournament's tables grouped under Turnier ·
Runde, each named by its table; "Weiterspielen" resumes the evening this phone showed last, not
the newest table of the room."""

from __future__ import annotations

import pytest
from flet_harness import open_phone

pytestmark = pytest.mark.ui

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]


async def test_a_tournaments_tables_are_grouped_by_round_and_named_by_their_table(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    drawn = main.app.draw_round(tid)
    own = main.app.start_evening("schafkopf", ["Hias", "Wast", "Vroni", "Resi"]).id
    phone = await open_phone(main)
    assert phone.text_of(f"tables-{tid}-1") == "Turnier Kirta · Runde 1"
    for table in drawn.tables:
        assert phone.has(f"evening-{table.evening}")
    assert phone.has(f"evening-{own}")


async def test_continue_resumes_the_evening_this_phone_showed_last_not_the_newest(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    first, second = main.app.draw_round(tid).tables
    phone = await open_phone(main)
    await phone.tap(f"evening-{first.evening}")  # this phone sits at table 1
    again = await open_phone(main, storage=phone.storage)  # reloaded later
    assert again.text_of("continue-line").startswith("Kirta · Runde 1 · Tisch 1")
    await again.tap("continue")
    assert again.has(f"value-{first.seats[0]}") and not again.has(f"value-{second.seats[0]}")


async def test_a_phone_new_here_is_not_sent_to_a_tournament_table(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    main.app.draw_round(tid)
    phone = await open_phone(main)
    assert not phone.has("continue")
    main.app.start_evening("schafkopf", ["Hias", "Wast", "Vroni", "Resi"])
    phone = await open_phone(main)
    await phone.tap("continue")
    assert phone.has("value-Hias")
