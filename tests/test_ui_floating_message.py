"""The floating message (a SnackBar off the table and the hand form) says what just happened:
a newer one replaces the one on screen instead of waiting behind it, and no message hides a
screen's last row for good (the body ends in room for one)."""

from __future__ import annotations

import flet as ft
import pytest
from conftest import VRONI4
from flet_harness import open_phone

from scorepad.ui.widgets import NOTICE_ROOM

pytestmark = pytest.mark.ui


def open_bars(phone) -> list[str]:
    """The texts of the floating messages open on the phone."""
    return [b.content.value for b in phone.controls() if isinstance(b, ft.SnackBar) and b.open]


async def on_settle(main):
    eid = main.app.start_evening("schafkopf", VRONI4).id
    main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("settle")
    return phone


async def test_a_new_message_replaces_the_one_on_screen(main):
    phone = await on_settle(main)
    await phone.tap("finish")
    assert open_bars(phone) == ["Abend beendet"]
    await phone.tap("finish")
    assert open_bars(phone) == ["Abend wieder offen"]  # not queued behind "Abend beendet"
    await phone.tap("finish")
    assert open_bars(phone) == ["Abend beendet"]


async def test_a_screens_body_ends_in_room_for_a_message(main):
    phone = await on_settle(main)
    bodies = [c for c in phone.controls() if isinstance(c, ft.Column) and c.scroll is not None]
    assert bodies
    for body in bodies:
        last = body.controls[-1]
        assert isinstance(last, ft.Container) and last.height == NOTICE_ROOM and last.content is None
