"""The name field of a new evening (issue 35, items 4 to 6): no forced capital on every word
("von", "de" stay small), at most the app's MAX_NAME_CHARS characters in the field itself, and
the name taken on Hinzufügen or on Abend starten is the field's last text, also when the phone
types faster than a busy server renders (ui/fields.py says why it was not)."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import msgpack
import pytest
from flet import BaseControl
from flet_harness import open_phone

from scorepad.session import MAX_NAME_CHARS
from scorepad.ui.flet_private import configure_encode_object_for_msgpack, decode_ext_from_msgpack

pytestmark = pytest.mark.ui

NAMES = ["Clara", "Bernhard von Au", "Anna-Lena de Vries", "Xaver"]


def listed(phone) -> list[str]:
    return [t.split(". ", 1)[1] for t in phone.texts() if t[:1].isdigit() and t[1:3] == ". "]


async def new_evening(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    return phone


def texts_sent(phone) -> list[str]:
    """Every text the server sends this phone from now on (as the websocket encodes it)."""
    sent: list[str] = []
    connection = phone.session.connection
    send = connection.send_message
    encode = configure_encode_object_for_msgpack(BaseControl)

    def strings(value: Any) -> None:
        if isinstance(value, str):
            sent.append(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                strings(k)
                strings(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                strings(v)

    def recording(message) -> None:
        strings(msgpack.unpackb(msgpack.packb([message.action, message.body], default=encode),
                                ext_hook=decode_ext_from_msgpack, strict_map_key=False))
        send(message)

    connection.send_message = recording
    return sent


async def test_the_name_field_capitalises_the_first_letter_only(main):
    phone = await new_evening(main)
    assert phone.find("name-field").capitalization == ft.TextCapitalization.SENTENCES


async def test_the_name_field_holds_at_most_the_apps_name_length_with_a_counter(main):
    phone = await new_evening(main)
    field = phone.find("name-field")
    assert field.max_length == MAX_NAME_CHARS == 40  # the app's rule (session.py), not a second number
    assert field.counter is None  # Flutter's own counter: "12/40", for a screen reader "Noch 28 Zeichen"


async def test_a_name_longer_than_the_rule_is_refused_at_its_field_and_not_listed(main):
    phone = await new_evening(main)
    long = "Maximiliane Theodora von und zu Guttenberg"  # 42, as a client that ignored max_length sent it
    await phone.type("name-field", long)
    await phone.tap("add-player")
    assert listed(phone) == []
    assert phone.find("name-field").error == f"„{long}“ ist länger als 40 Zeichen"
    assert phone.find("name-field").value == long  # kept to be shortened
    await phone.type("name-field", long[:40].rstrip())
    assert phone.find("name-field").error is None
    await phone.tap("add-player")
    assert listed(phone) == [long[:40].rstrip()]


async def test_names_typed_faster_than_the_server_renders_are_added_whole(main):
    phone = await new_evening(main)
    sent = texts_sent(phone)
    for name in NAMES:
        tasks = phone.type_fast("name-field", name)
        tasks.append(phone.tap_fast("add-player"))  # right behind the last letter
        await asyncio.gather(*tasks)
    await phone.settle()
    assert listed(phone) == NAMES
    assert phone.find("name-field").value == ""
    # the phone is never sent back a name's beginning it had typed past
    beginnings = {name[:i] for name in NAMES for i in range(1, len(name))}
    assert beginnings.isdisjoint(sent), sorted(beginnings & set(sent))


async def test_a_name_still_in_the_field_joins_on_abend_starten_whole(main):
    phone = await new_evening(main)
    for name in NAMES[:3]:
        await phone.type("name-field", name, submit=True)
    await phone.type("name-field", NAMES[3])  # rendered: Abend starten is offered
    assert not phone.find("start-evening").disabled
    tasks = phone.type_fast("name-field", " Huber", after=NAMES[3])
    tasks.append(phone.tap_fast("start-evening"))
    await asyncio.gather(*tasks)
    await phone.settle()
    [evening] = main.app.list_evenings()
    assert main.app.evening(evening.id).players == NAMES[:3] + ["Xaver Huber"]


async def test_the_place_taken_on_abend_starten_is_the_fields_last_text(main):
    phone = await new_evening(main)
    for name in NAMES:
        await phone.type("name-field", name, submit=True)
    tasks = phone.type_fast("place-field", "Gasthaus zur Post")
    tasks.append(phone.tap_fast("start-evening"))
    await asyncio.gather(*tasks)
    await phone.settle()
    [evening] = main.app.list_evenings()
    assert evening.place == "Gasthaus zur Post"
