"""The screens and an evening's texts (issue 23, item 7): a huge place an earlier release stored is
shown shortened (never sent whole to every phone), the Ort field refuses what the place refuses,
and the Abrechnung makes its exports off the event loop (one phone's picture of a long evening
keeps no other phone waiting)."""

from __future__ import annotations

import asyncio
import threading

import flet as ft
import pytest
from conftest import VRONI4
from flet_harness import open_phone

pytestmark = pytest.mark.ui


async def test_the_start_screen_shows_a_huge_stored_place_shortened(main):
    eid = main.app.start_evening("schafkopf", VRONI4, "Vroni").id
    place = "Gasthaus\nzur Post " * 300_000  # 5.4 MB, as an earlier release took it
    with main.app.store.write() as db:
        db.execute("UPDATE evenings SET place = ? WHERE id = ?", [place, eid])
    phone = await open_phone(main)
    shown = [t for t in phone.texts() if "Gasthaus" in t]
    assert len(shown) == 2  # the running evening and the list
    place_shown = ("Gasthaus zur Post " * 5)[:79].rstrip() + "…"  # 80 characters, one line
    assert all(t.endswith(f" · {place_shown}") and len(t) < 110 for t in shown), shown


async def test_the_ort_field_refuses_a_writing_direction_mark(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    for name in VRONI4:
        await phone.type("name-field", name, submit=True)
    assert phone.find("place-field").max_length == 80
    await phone.type("place-field", "Gasthaus \u202etsoP")
    await phone.tap("start-evening")
    assert phone.text_of("new-problem").startswith("Ort enthält ein Richtungszeichen (U+202E): nur einfacher Text")
    assert main.app.list_evenings() == []


async def test_the_abrechnung_makes_its_exports_off_the_event_loop(main, monkeypatch):
    eid = main.app.start_evening("schafkopf", VRONI4, "Vroni").id
    main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "suit": "gras", "augen": 70})
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("settle")
    loop_thread = threading.get_ident()
    made_on: list[tuple[str, int]] = []
    export = main.app.export_session

    def slow_export(evening_id, kind="json", settle_open=False):
        made_on.append((kind, threading.get_ident()))
        return export(evening_id, kind, settle_open)

    monkeypatch.setattr(main.app, "export_session", slow_export)
    saved: list[str] = []

    async def save_file(self, file_name=None, src_bytes=None, **_):  # the phone's download
        saved.append(file_name)

    async def share_files(self, files, **_):  # the phone's share sheet
        saved.extend(f.name for f in files)

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)
    monkeypatch.setattr(ft.Share, "share_files", share_files)
    keys = ["export-png", "export-html", "share-session"]  # (the headless phone has no clipboard)
    for i, key in enumerate(keys, 1):
        await phone.tap(key)
        for _ in range(100):  # the export runs in a worker thread: wait for it
            if len(made_on) == i:
                break
            await asyncio.sleep(0.02)
    assert [kind for kind, _ in made_on] == ["png", "html", "json"]
    assert [name.rsplit(".", 1)[1] for name in saved] == ["png", "html", "json"]
    assert all(thread != loop_thread for _, thread in made_on), made_on
