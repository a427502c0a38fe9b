"""One table, several phones: every phone sees a save at once; only PIN holders change the
evening; two saves at the same moment never both land."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest
from conftest import VRONI4
from flet_harness import open_phone

from scorepad.ui.main import make_main
from scorepad.ui.screens import hand as hand_screen
from scorepad.ui.screens.hand import STALE

pytestmark = pytest.mark.ui

SAUSPIEL = ["player-Vroni", "partner-Kathi", "result-won"]


@pytest.fixture
def shared(tmp_path):
    m = make_main(str(tmp_path / "shared.db"), require_pin=True)
    yield m
    m.app.close()


async def scorekeeper(main):
    """The phone that starts the evening: it keeps score without typing the PIN."""
    phone = await open_phone(main)
    await phone.tap("new-evening")
    for name in VRONI4:
        await phone.type("name-field", name, submit=True)
    await phone.tap("start-evening")
    [evening] = main.app.list_evenings()
    return phone, evening.id


async def watcher(main, evening_id, **kw):
    phone = await open_phone(main, **kw)
    await phone.tap(f"evening-{evening_id}")
    return phone


async def enter_pin(phone, pin: str) -> None:
    """The watcher taps "Mitschreiben: PIN eingeben" and types the PIN."""
    await phone.tap("unlock")
    for digit in pin:
        await phone.tap(f"pin-{digit}")


async def test_a_save_on_one_phone_shows_on_every_other_phone(shared):
    keeper, eid = await scorekeeper(shared)
    others = [await watcher(shared, eid) for _ in range(3)]
    await keeper.tap("next-hand")
    for key in SAUSPIEL + ["save"]:
        await keeper.tap(key)
    for phone in others:
        await phone.settle()
        assert phone.text_of("value-Vroni") == "+0,20 €"
        assert phone.has("hand-1")


async def test_a_watcher_without_the_pin_cannot_change_the_evening(shared):
    keeper, eid = await scorekeeper(shared)
    await keeper.tap("next-hand")
    for key in SAUSPIEL + ["save"]:
        await keeper.tap(key)
    phone = await watcher(shared, eid)
    assert not phone.has("next-hand") and not phone.has("undo")
    assert phone.has("unlock")
    await phone.tap("hand-1")  # a watcher gets a read-only view of the hand, not the form
    assert phone.has("view-hand") and not phone.has("save") and not phone.has("delete")
    assert keeper.has("next-hand") and keeper.has("show-pin")


async def test_the_right_pin_makes_a_watcher_a_scorekeeper(shared):
    keeper, eid = await scorekeeper(shared)
    phone = await watcher(shared, eid)
    await enter_pin(phone, shared.app.pin(eid))
    assert phone.has("next-hand")
    await phone.tap("next-hand")
    for key in SAUSPIEL + ["save"]:
        await phone.tap(key)
    assert shared.app.evening(eid).hands == 1


async def test_wrong_pins_make_the_phone_wait(shared):
    keeper, eid = await scorekeeper(shared)
    right = shared.app.pin(eid)
    wrong = "0000" if right != "0000" else "1111"
    wait = "Zu viele falsche PINs für diesen Abend: nächster Versuch in 10 min"
    phones = []
    for address, attempts in (("10.0.0.8", 3), ("10.0.0.9", 2)):  # one address has three of the evening's five
        phone = await watcher(shared, eid, client_ip=address)
        await phone.tap("unlock")
        for _attempt in range(attempts):
            for digit in wrong:
                await phone.tap(f"pin-{digit}")
        phones.append(phone)
    for phone in phones:
        await phone.settle()
        assert phone.text_of("pin-message") == wait
        assert all(phone.find(f"pin-{d}").disabled for d in right)  # even the right PIN waits now
        assert not phone.has("next-hand")
    other = await watcher(shared, eid, client_ip="10.0.0.10")  # another phone, another address: the same evening
    await other.tap("unlock")
    assert other.text_of("pin-message") == wait
    await keeper.settle()
    assert keeper.text_of("pin-alarm").startswith("Achtung: 5 falsche PINs eingegeben, zuletzt um ")
    assert keeper.text_of("pin-alarm").endswith("(Neue PIN unter „PIN zeigen“, dem 123)")  # the icon it names (issue 36)
    assert keeper.find("show-pin").icon == ft.Icons.PIN


async def test_the_scorekeeper_can_change_the_pin(shared):
    keeper, eid = await scorekeeper(shared)
    await keeper.tap("show-pin")
    assert keeper.text_of("pin-current") == shared.app.pin(eid)
    await keeper.tap("new-pin")
    await keeper.tap("new-pin-yes")
    for digit in "4711":
        await keeper.tap(f"pin-{digit}")
    await keeper.tap("new-pin-set")
    assert shared.app.pin(eid) == "4711"
    assert shared.app.check_pin(eid, "4711") and not shared.app.check_pin(eid, "4712")


async def test_two_saves_at_once_store_one_and_refuse_the_other(shared):
    keeper, eid = await scorekeeper(shared)
    second = await watcher(shared, eid)
    await enter_pin(second, shared.app.pin(eid))
    await keeper.tap("next-hand")
    await second.tap("next-hand")
    for key in SAUSPIEL:
        await keeper.tap(key)
    for key in ["game-wenz", "player-Hias", "result-lost"]:
        await second.tap(key)
    await keeper.tap("save")
    await second.settle()
    assert second.text_of("stale") == f"{STALE}. Das gleiche Spiel?"
    assert not second.has("save")  # no second tap that stores it without a look
    assert shared.app.evening(eid).hands == 1
    assert isinstance(second.find("player-Hias"), ft.FilledButton)  # the taps are still there
    assert shared.app.show(eid).hands[0].info["game"] == "sauspiel"
    await asyncio.sleep(hand_screen.ARM_S + 0.1)  # the choice is greyed for a moment after it appears
    await second.settle()
    await second.tap("save-anyway")  # not the same hand: saved now, after the other hand
    assert [h.info["game"] for h in shared.app.show(eid).hands] == ["sauspiel", "wenz"]
