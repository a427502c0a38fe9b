"""Nothing takes a phone's app down (issue 35): a handler, an effect, a screen's drawing or a job
of the app that raises says one German line, logs its trace and the app goes on (no Flet crash
page, no phone that stops answering); what a
phone's browser refuses (the clipboard, the share sheet, saving or opening a file) has its
German way round. On the headless phone, which refuses every such call as a browser may."""

from __future__ import annotations

import logging

import flet as ft
import pytest
from conftest import VRONI4
from flet_harness import RecordingConnection, open_phone

from scorepad.ui import browser_calls
from scorepad.ui.failsafe import LINE
from scorepad.ui.flet_private import MessageAction
from scorepad.ui.nav import run_on

pytestmark = pytest.mark.ui


class Watched(RecordingConnection):
    """The headless phone's connection, keeping which messages went to the phone."""

    def __init__(self):
        super().__init__()
        self.actions: list[MessageAction] = []

    def send_message(self, message):
        self.actions.append(message.action)
        super().send_message(message)


def crashed(conn: Watched) -> bool:
    return MessageAction.SESSION_CRASHED in conn.actions


async def on_settle(main, conn: Watched | None = None, hands: int = 1):
    """A phone on the Abrechnung of a Schafkopf evening with `hands` Sauspiele."""
    eid = main.app.start_evening("schafkopf", VRONI4).id
    for _ in range(hands):
        main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    phone = await open_phone(main, connection=conn)
    await phone.tap(f"evening-{eid}")
    await phone.tap("settle")
    return phone, eid


async def test_a_handler_that_raises_says_one_german_line_and_the_app_goes_on(main, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("kaputt")

    conn = Watched()
    phone, eid = await on_settle(main, conn)
    monkeypatch.setattr(main.app, "export_session", broken)
    with caplog.at_level(logging.ERROR):
        await phone.tap("copy-text")
        for _ in range(50):  # (the export runs in a worker thread)
            if LINE in phone.texts():
                break
            await phone.settle()
    assert LINE in phone.texts()
    assert not crashed(conn)
    assert "ZeroDivisionError: kaputt" in caplog.text and "Traceback" in caplog.text
    await phone.tap("back")  # the app still answers
    assert phone.has("next-hand")


async def test_an_effect_that_raises_says_the_line_too(main, monkeypatch, caplog):
    def broken(listener):
        raise ZeroDivisionError("kaputt")

    monkeypatch.setattr(main.app, "subscribe", broken)  # the first effect of every phone's page
    conn = Watched()
    with caplog.at_level(logging.ERROR):
        phone = await open_phone(main, connection=conn)
    assert LINE in phone.texts()
    assert not crashed(conn)
    assert "ZeroDivisionError: kaputt" in caplog.text
    await phone.tap("new-evening")
    assert phone.has("start-evening")


async def test_a_screen_whose_drawing_raises_says_the_line_and_the_phone_still_answers(main, monkeypatch, caplog):
    eid = main.app.start_evening("schafkopf", VRONI4).id
    conn = Watched()
    phone = await open_phone(main, connection=conn)
    await phone.tap(f"evening-{eid}")
    summary = main.app.summary

    def broken(*args, **kwargs):
        raise ZeroDivisionError("kaputt")

    monkeypatch.setattr(main.app, "summary", broken)  # the Abrechnung cannot be drawn
    with caplog.at_level(logging.ERROR):
        await phone.tap("settle")
    assert LINE in phone.texts() and "ZeroDivisionError: kaputt" in caplog.text
    assert not crashed(conn)
    monkeypatch.setattr(main.app, "summary", summary)
    await phone.tap("back")  # the phone still answers: its updates go on
    assert phone.has("new-evening")
    await phone.tap(f"evening-{eid}")
    await phone.tap("settle")
    assert phone.has("finish")


async def test_a_job_on_the_phones_connection_that_raises_says_the_line(main, caplog):
    phone = await open_phone(main)

    async def broken() -> None:
        raise ZeroDivisionError("kaputt")

    with caplog.at_level(logging.ERROR):
        run_on(phone.page, broken)
        await phone.settle()
    assert LINE in phone.texts()
    assert "ZeroDivisionError: kaputt" in caplog.text


async def test_text_kopieren_without_a_clipboard_shows_the_text_to_copy_by_hand(main):
    conn = Watched()
    phone, eid = await on_settle(main, conn)
    await phone.tap("copy-text")
    for _ in range(50):
        if phone.has("copy-field"):
            break
        await phone.settle()
    field = phone.find("copy-field")
    assert field.value == main.app.export_session(eid, "text") and field.read_only
    assert phone.text_of("copy-hint") == browser_calls.COPY_HINT
    assert "Text kopiert: jetzt im Chat einfügen" not in phone.texts()
    await phone.tap("copy-close")
    assert not phone.has("copy-field")
    assert not crashed(conn)


async def test_sharing_at_the_pubs_address_downloads_the_file_and_says_so(main, monkeypatch):
    saved, shared = [], []

    async def save_file(self, file_name=None, src_bytes=None, **_):
        saved.append((file_name, src_bytes))

    async def share_files(self, files, **_):
        shared.append(files)

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)
    monkeypatch.setattr(ft.Share, "share_files", share_files)
    conn = Watched()
    conn.page_url = "ws://192.168.178.20:8550"  # plain http at the laptop's network address
    phone, eid = await on_settle(main, conn)
    await phone.tap("share-session")
    for _ in range(50):
        if browser_calls.NO_SHARE in phone.texts():
            break
        await phone.settle()
    assert browser_calls.NO_SHARE in phone.texts()
    assert shared == []  # no share sheet asked for: the browser has none there
    [(name, data)] = saved
    assert name.endswith(".json") and data == main.app.export_session(eid, "json").encode("utf-8")


async def test_a_download_the_browser_refuses_shows_the_files_text(main):
    phone, eid = await on_settle(main)
    await phone.tap("export-csv")
    for _ in range(50):
        if phone.has("copy-field"):
            break
        await phone.settle()
    assert phone.find("copy-field").value == main.app.export_session(eid, "csv")
    assert any(t.startswith(browser_calls.NO_SAVE) for t in phone.texts())


async def test_opening_a_file_the_browser_refuses_says_what_to_do_instead(main):
    phone = await open_phone(main)
    await phone.tap("import-evening")
    for _ in range(50):
        if browser_calls.NO_OPEN in phone.texts():
            break
        await phone.settle()
    assert browser_calls.NO_OPEN in phone.texts()
    assert main.app.list_evenings() == []


@pytest.mark.parametrize(("url", "secure"), [
    ("ws://192.168.178.20:8550", False),  # a phone at the pub
    ("http://192.0.2.2:8550/abend/3", False),
    ("ws://127.0.0.1:8550", True),  # the serving machine's own browser
    ("http://localhost:8550/", True),
    ("ws://[::1]:8550", True),
    ("https://scorepad.example/", True),  # the static site on a web host
    ("wss://scorepad.example", True),
    (None, None),  # unknown (no browser)
])
def test_only_https_or_the_machine_itself_is_a_secure_context(url, secure):
    class Page:
        pass

    page = Page()
    page.url = url
    assert browser_calls.secure_context(page) is secure
