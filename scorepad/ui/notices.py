"""The notice line: one line above the bottom bar that says what just happened (maybe with a
button to take it back), and the words an undo or a redo says. Part of the layout (never over
the big button); it goes after NOTICE_SECONDS. Screens show it with `notice_line`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorepad.app import Reverted
from scorepad.ui.widgets import tag

NOTICE_SECONDS = 6  # how long a confirmation line stays
LINE_SCREENS = ("table", "hand", "pin", "pin-show")  # the screens with the notice line above their bottom bar


@dataclass(frozen=True)
class Notice:
    """One line above the bottom bar: what just happened, maybe a button to take it back.
    Part of the layout (never over the big button); it goes after NOTICE_SECONDS."""

    text: str
    action: str | None = None
    on_action: Callable[[], Any] | None = None


def notice_line(notice: Notice | None) -> ft.Control | None:
    """The notice as a line of the layout (keys: notice, notice-action), or None."""
    if notice is None:
        return None
    parts: list[ft.Control] = [tag(ft.Text(notice.text, size=15, weight=ft.FontWeight.W_600, expand=True,
                                           color=ft.Colors.ON_SECONDARY_CONTAINER, key="notice"))]
    if notice.action and notice.on_action is not None:
        act = notice.on_action
        parts.append(tag(ft.TextButton(content=ft.Text(notice.action, size=16, weight=ft.FontWeight.BOLD),
                                       on_click=lambda: act(), height=44, key="notice-action")))
    return ft.Container(ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12,
                        padding=ft.Padding.only(left=14, right=6, top=4, bottom=4))


def undone_text(words: str, reverted: Reverted) -> str:
    """What an undo says it took back."""
    return {"add": f"{words} rückgängig gemacht",
            "edit": f"Änderung rückgängig gemacht: wieder {words}",
            "delete": f"Löschen rückgängig gemacht: {words} ist wieder da"}.get(reverted.action, "Rückgängig gemacht")


def redone_text(words: str, reverted: Reverted) -> str:
    """What Wiederherstellen says it did again."""
    return {"add": f"{words} wiederhergestellt", "edit": f"Änderung an {words} wiederhergestellt",
            "delete": f"{words} wieder gelöscht"}.get(reverted.action, "Wiederhergestellt")
