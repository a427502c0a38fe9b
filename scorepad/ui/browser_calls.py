"""The calls a phone's browser may refuse, each with its German way round.

A phone at the table opens plain http at the serving machine's network address
(http://192.168.x.y:8550): that is no secure context, and there the browser has no clipboard
and no share sheet (both APIs need one); any browser may refuse to save or open a file.
Flet reports a refusal as a RuntimeError (the browser's answer) or never answers (TimeoutError
here). What each does instead:

- copy: the text in a dialog, selectable, "lange drücken zum Kopieren";
- share: the file downloaded, and said so;
- save: a text file's text in that dialog (a picture: said why not);
- open a file: said why not, and what to do instead."""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Any
from urllib.parse import urlsplit

import flet as ft

from scorepad.ui.widgets import tag

ANSWER_S = 10.0  # how long the browser may take to answer a question (the clipboard, the share sheet)
REFUSED = (RuntimeError, TimeoutError)
COPY_HINT = "Lange drücken zum Kopieren, dann im Chat einfügen."
NO_SHARE = "Teilen geht in diesem Browser nicht: Datei gespeichert"
NO_SAVE = "Dieser Browser speichert keine Datei"
NO_OPEN = "Dieser Browser öffnet hier keine Datei: am Rechner mit „scorepad import“ einlesen"


def secure_context(page: Any) -> bool | None:
    """Whether the phone's browser runs the app in a secure context (https, or an address of its
    own machine), the only place it has a clipboard and a share sheet; None where unknown. Read
    from the address it opened (Flet's page.url: the websocket's for `scorepad web`, the
    page's for the static site)."""
    try:
        url = page.url
    except (AttributeError, RuntimeError):  # no page, or its connection is gone
        return None
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme in ("https", "wss"):
        return True
    host = parts.hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def show_text(page: Any, title: str, text: str) -> None:
    """`text` in a dialog to copy by hand: a read-only field (the browser's own selection, which
    copies without the clipboard API), the hint above it and Schließen."""
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Column([
            tag(ft.Text(COPY_HINT, size=15, key="copy-hint")),
            tag(ft.TextField(value=text, read_only=True, multiline=True, min_lines=4, max_lines=12, text_size=14,
                             key="copy-field")),
        ], tight=True, spacing=10, width=420),
        actions=[tag(ft.TextButton("Schließen", on_click=lambda: page.pop_dialog(), key="copy-close"))],
        scrollable=True,
    ))


async def copy_text(nav: Any, title: str, text: str, done: str) -> None:
    """`text` to the phone's clipboard, said with `done`; where the browser has none (or
    refuses), shown to copy by hand (`title`)."""
    if secure_context(nav.page) is not False:
        try:
            await asyncio.wait_for(ft.Clipboard().set(text), ANSWER_S)
        except REFUSED:
            pass
        else:
            nav.notify(done)
            return
    show_text(nav.page, title, text)


async def save_file(nav: Any, name: str, data: bytes, said: str) -> None:
    """`data` as the file `name` (a download in the browser), then `said`; refused: a text
    file's text to copy by hand, else why not."""
    try:
        await ft.FilePicker().save_file(file_name=name, src_bytes=data)
    except REFUSED:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            nav.notify(f"{NO_SAVE}: {name}")
            return
        show_text(nav.page, f"{NO_SAVE}: {name}", text)
        return
    nav.notify(said)


async def share_file(nav: Any, name: str, data: bytes, mime: str, title: str) -> None:
    """`data` as the file `name` to another app (the phone's share sheet, which is all it says);
    where the browser has none (no secure context: Flet's share would download the file without
    a word) or refuses, downloaded, and said so."""
    if secure_context(nav.page) is not False:
        try:  # (no time limit: the sheet answers when the person has chosen)
            await ft.Share().share_files([ft.ShareFile.from_bytes(data, mime_type=mime, name=name)], title=title)
            return
        except RuntimeError:
            pass
    await save_file(nav, name, data, NO_SHARE)


async def pick_file(nav: Any, title: str, extensions: list[str]) -> tuple[str, bytes] | None:
    """A file the phone picks (its name and bytes); None if it picked none, or the browser
    refused (then said so)."""
    try:
        files = await ft.FilePicker().pick_files(dialog_title=title, allowed_extensions=extensions, with_data=True)
    except REFUSED:
        nav.notify(NO_OPEN)
        return None
    if not files or files[0].bytes is None:
        return None
    return files[0].name, files[0].bytes
