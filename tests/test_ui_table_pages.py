"""A long evening on the table screen (issue 28): the screen lists the newest hands and the
older ones as the list is scrolled near its end, or by the button below it, so a render costs
the hands shown, not the evening's length, and every hand stays reachable, for the scorekeeper
and for a watcher alike; a new hand glows and sends its own row only."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest
from flet_harness import Phone, open_phone

from scorepad.devtools.bench import generate_session
from scorepad.tables import builtin_tables
from scorepad.ui.main import make_main
from scorepad.ui.screens import table as table_screen
from scorepad.ui.screens.table import PAGE

pytestmark = pytest.mark.ui

LONG = 1000


@pytest.fixture(scope="module")
def long_session() -> dict[str, Any]:
    """An evening of LONG Schafkopf hands and one more (to be saved during a test)."""
    return generate_session(builtin_tables()["schafkopf"], LONG + 1)


@pytest.fixture
def long_evening(db, long_session):
    """A phone server with a stored evening of LONG hands: (main, evening id)."""
    main = make_main(str(db))
    evening = main.app.import_session({**long_session, "hands": long_session["hands"][:LONG]}).id
    yield main, evening
    main.app.close()


def listed(phone: Phone) -> list[int]:
    """The hands the table lists, top to bottom (by their rows' keys)."""
    keys = [k for c in phone.controls() if isinstance(c, ft.ListTile) and isinstance(k := c.key, str)]
    return [int(k.removeprefix("hand-")) for k in keys if k.startswith("hand-")]


def hand_list(phone: Phone) -> Any:
    """The table screen's scrolling body: the column that hears where it is scrolled to."""
    [column] = [c for c in phone.controls() if isinstance(c, ft.Column) and c.on_scroll is not None]
    return column


async def scroll(phone: Phone, pixels: float, end: float = 20_000.0) -> None:
    """The finger moves the list to `pixels` of `end` (what Flutter reports while scrolling)."""
    await phone.session.dispatch_event(hand_list(phone)._i, "scroll", {
        "event_type": "update", "pixels": pixels, "min_scroll_extent": 0.0, "max_scroll_extent": end,
        "viewport_dimension": 700.0, "scroll_delta": 40.0})
    await phone.settle()


async def open_table(main, evening: int) -> Phone:
    phone = await open_phone(main)
    await phone.tap(f"evening-{evening}")
    return phone


async def test_a_long_evening_lists_the_newest_hands_first(long_evening):
    main, evening = long_evening
    phone = await open_table(main, evening)
    assert listed(phone) == list(range(LONG, LONG - PAGE, -1))
    assert phone.find("older-hands").content == f"Ältere Spiele zeigen ({LONG - PAGE} weitere)"


async def test_scrolling_to_the_end_of_the_list_reaches_hand_1(long_evening):
    main, evening = long_evening
    phone = await open_table(main, evening)
    scrolls = 0
    while 1 not in listed(phone):
        await scroll(phone, pixels=19_500.0)  # within a screen of the end: the next older hands
        scrolls += 1
        assert scrolls <= LONG // PAGE, "scrolling never reached hand 1"
    assert listed(phone) == list(range(LONG, 0, -1))  # every hand, in order, once
    assert not phone.has("older-hands")


async def test_scrolling_in_the_middle_of_the_list_loads_nothing(long_evening):
    main, evening = long_evening
    phone = await open_table(main, evening)
    await scroll(phone, pixels=5_000.0)
    assert len(listed(phone)) == PAGE


async def test_the_button_below_the_list_reaches_hand_1(long_evening):
    main, evening = long_evening
    phone = await open_table(main, evening)
    while phone.has("older-hands"):
        await phone.tap("older-hands")
    assert listed(phone)[-1] == 1 and len(listed(phone)) == LONG
    await phone.tap("hand-1")  # an old hand opens like a new one
    assert phone.has("save")


async def test_back_at_the_top_the_list_is_the_newest_hands_again(long_evening):
    main, evening = long_evening
    phone = await open_table(main, evening)
    await scroll(phone, pixels=19_500.0)
    assert len(listed(phone)) == 2 * PAGE
    await scroll(phone, pixels=0.0)
    assert listed(phone) == list(range(LONG, LONG - PAGE, -1))


async def test_a_watcher_reaches_hand_1_by_scrolling_and_sees_it(db, long_session):
    main = make_main(str(db), require_pin=True)
    try:
        evening = main.app.import_session({**long_session, "hands": long_session["hands"][:LONG]}).id
        phone = await open_table(main, evening)
        assert phone.has("unlock")  # a watcher: no pen
        while 1 not in listed(phone):
            await scroll(phone, pixels=19_500.0)
        await phone.tap("hand-1")
        assert phone.has("view-hand") and phone.has("view-back")
    finally:
        main.app.close()


async def test_a_new_hand_on_a_long_evening_glows_and_sends_its_own_row_only(long_evening, long_session, monkeypatch):
    monkeypatch.setattr(table_screen, "GLOW_S", 3600.0)  # (no fading while the test looks)
    main, evening = long_evening
    phone = await open_table(main, evening)
    before = {n: phone.find(f"hand-{n}") for n in listed(phone)}
    main.app.add_hand(evening, long_session["hands"][LONG])  # another phone's save
    await phone.settle()
    assert listed(phone) == list(range(LONG + 1, LONG + 1 - PAGE, -1))
    assert phone.text_of(f"new-{LONG + 1}") == "neu"
    kept = [n for n in listed(phone) if n in before]
    assert kept and all(phone.find(f"hand-{n}") is before[n] for n in kept)  # the rows it had: not built again
    assert not phone.has(f"hand-{LONG + 1 - PAGE}")  # the page moved on by one
    main.app.undo(evening)  # taken back: the row that went below the list comes back as it was
    await phone.settle()
    assert listed(phone) == list(range(LONG, LONG - PAGE, -1))
    assert phone.find(f"hand-{LONG + 1 - PAGE}") is before[LONG + 1 - PAGE]
    await phone.tap(f"hand-{LONG}")  # a row kept from before opens its hand as ever
    assert phone.has("save")


async def test_a_deleted_hand_moves_the_later_ones_up_and_their_rows_say_so(long_evening):
    main, evening = long_evening
    phone = await open_table(main, evening)
    newest = phone.find(f"hand-{LONG}").title.value
    main.app.delete_hand(evening, LONG - 1)
    await phone.settle()
    assert phone.find(f"hand-{LONG - 1}").title.value == newest.replace(f"{LONG} · ", f"{LONG - 1} · ", 1)
    assert not phone.has(f"hand-{LONG}")


async def test_the_history_still_lists_every_hand_entered(main):
    """The history is every change, newest first: a hand entered one by one is there by its number."""
    session = generate_session(builtin_tables()["schafkopf"], PAGE + 15)
    evening = main.app.import_session({**session, "hands": []}).id
    for hand in session["hands"]:
        main.app.add_hand(evening, hand)
    phone = await open_table(main, evening)
    assert 1 not in listed(phone)
    await phone.tap("history")
    texts = phone.texts()
    assert all(any(t.endswith(f"Spiel {n} eingetragen") for t in texts) for n in range(1, PAGE + 16))
