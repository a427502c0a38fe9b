"""Building blocks for thumbs: big chips, player buttons, headers, the save bar.

Plain functions that return controls; the screens compose them. Every target is at least
48 px high, choices are chips in rows (never dropdowns), labels are German."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import flet as ft

TARGET = 48  # px: the smallest touch target
SUIT_COLOURS = {"eichel": "#7b4a1e", "gras": "#2e7d32", "herz": "#c62828", "schellen": "#f9a825"}
SUIT_LETTERS = {"eichel": "E", "gras": "G", "herz": "H", "schellen": "S"}


def tag(control: ft.Control, key: str | None = None) -> ft.Control:
    """The control with its key as a semantics identifier, so a browser test (and nothing a
    user sees) can find it: `[flt-semantics-identifier="player-Vroni"]`."""
    key = key or getattr(control, "key", None)
    if not key:
        return control
    return ft.Semantics(identifier=key, content=control, expand=control.expand, col=control.col)


def chip(label: str, selected: bool, on_click: Callable[..., Any] | None, *, disabled: bool = False,
         tooltip: str | None = None, key: str | None = None, colour: str | None = None,
         width: int | None = None, padding: int = 14, hint: str | None = None) -> ft.Control:
    """A choice among several: filled when chosen, outlined otherwise. `padding`: the room
    left and right of the label (a form that must fit a phone's screen takes less); `hint`: a
    small second line under the label (what another tap does)."""
    style = ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=padding, vertical=2 if hint else 10),
        shape=ft.RoundedRectangleBorder(radius=12),
    )
    content: ft.Control = ft.Text(label, size=16, weight=ft.FontWeight.W_600 if selected else ft.FontWeight.NORMAL,
                                  text_align=ft.TextAlign.CENTER)
    if hint:
        content = ft.Column([content, ft.Text(hint, size=11, text_align=ft.TextAlign.CENTER)], spacing=0, tight=True,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER)
    common: dict[str, Any] = dict(content=content,
                  on_click=None if disabled else on_click, disabled=disabled, tooltip=tooltip, style=style,
                  height=TARGET, width=width, key=key)
    if selected:
        if colour:
            common["bgcolor"] = colour
            common["color"] = ft.Colors.WHITE
        return tag(ft.FilledButton(**common))
    return tag(ft.OutlinedButton(**common))


def chip_row(items: Iterable[ft.Control], spacing: int = 8) -> ft.Row:
    return ft.Row(list(items), wrap=True, spacing=spacing, run_spacing=spacing)


def choice_row(options: Sequence[tuple[Any, str]], value: Any, on_pick: Callable[[Any], object], *,
               disabled: Callable[[Any], bool] | None = None, width: int | None = None,
               key_prefix: str = "") -> ft.Row:
    """One chip per option; tapping the chosen one again keeps it chosen."""
    return chip_row(
        chip(label, v == value, (lambda _e=None, v=v: on_pick(v)), disabled=bool(disabled and disabled(v)),
             width=width, key=f"{key_prefix}{v}" if key_prefix else None)
        for v, label in options
    )


def section(title: str, *controls: ft.Control, error: str | None = None, hint: str | None = None) -> ft.Column:
    """A labelled block of the hand form; a rule error shows right under its title."""
    parts: list[ft.Control] = [ft.Text(title, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT)]
    if hint:
        parts.append(ft.Text(hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    parts.extend(controls)
    if error:
        parts.append(ft.Text(error, color=ft.Colors.ERROR, size=15, weight=ft.FontWeight.W_600))
    return ft.Column(parts, spacing=8)


def icon_action(icon, label: str, on_click: Callable[..., Any] | None, *, key: str | None = None,
                icon_size: int | None = None) -> ft.Control:
    """An icon button in a header: one node for a screen reader, a button named `label` (the
    tooltip says the same), carrying the key as its semantics identifier. Without this the
    name sat on a wrapper and the tappable button inside had none (checked in chromium)."""
    return ft.Semantics(identifier=key, label=label, button=True, container=True, exclude_semantics=True,
                        on_tap=on_click,  # a screen reader's activation; a finger hits the IconButton
                        content=ft.IconButton(icon, on_click=on_click, tooltip=label, icon_size=icon_size, key=key))


def header(title: str, on_back: Callable[..., Any] | None = None, actions: list[ft.Control] | None = None,
           subtitle: str | None = None, key: str | None = None) -> ft.Control:
    """The top bar of a screen: back, title, a few actions (`key`: the title's, for tests)."""
    left: list[ft.Control] = []
    if on_back:
        left.append(icon_action(ft.Icons.ARROW_BACK, "Zurück", on_back, key="back", icon_size=26))
    # one line: a long name ("Zaisertshofer Ramsch") gets a smaller size, never a second line
    named: ft.Control = ft.Text(title, size=20 if len(title) <= 14 else 18, weight=ft.FontWeight.BOLD,
                                max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, key=key)
    titles: list[ft.Control] = [tag(named) if key else named]
    if subtitle:
        line: ft.Control = ft.Text(subtitle, size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                                   key=f"{key}-sub" if key else None)
        titles.append(tag(line) if key else line)
    return ft.Container(
        ft.Row(left + [ft.Column(titles, spacing=0, expand=True)] + (actions or []),
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.only(left=8, right=8, top=6, bottom=6),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )


def big_button(label: str, on_click: Callable[..., Any] | None, *, icon=None, disabled: bool = False,
               key: str | None = None, tooltip: str | None = None) -> ft.Control:
    return tag(ft.FilledButton(
        content=ft.Text(label, size=18, weight=ft.FontWeight.BOLD), icon=icon, on_click=on_click,
        disabled=disabled, height=56, expand=True, key=key, tooltip=tooltip,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14)),
    ))


NOTICE_ROOM = 56  # a floating message's height and gap, left empty at the end of a scrolling body


def screen(top: ft.Control, body: list[ft.Control], bottom: ft.Control | None = None,
           on_scroll: Callable[[Any], Any] | None = None) -> ft.Column:
    """A phone screen: a fixed header, a scrolling body and a fixed bottom bar. `on_scroll`
    hears where the body is scrolled to (at most five times a second). The body ends in room
    for a floating message (Nav.notify's SnackBar): the last row scrolls clear of it."""
    parts: list[ft.Control] = [
        top,
        ft.Container(ft.Column([*body, ft.Container(height=NOTICE_ROOM)], spacing=16, scroll=ft.ScrollMode.AUTO,
                               expand=True, on_scroll=on_scroll, scroll_interval=200),
                     padding=ft.Padding.symmetric(horizontal=14, vertical=10), expand=True),
    ]
    if bottom is not None:
        parts.append(ft.Container(bottom, padding=ft.Padding.only(left=14, right=14, bottom=12, top=6)))
    return ft.Column(parts, spacing=0, expand=True)


def error_screen(title: str, on_back: Callable[..., Any], exc: Exception) -> ft.Column:
    """A screen that could not load (an evening gone, a file busy): says why, offers the way back."""
    return screen(header(title, on_back=on_back), [ft.Text(getattr(exc, "german", str(exc)), color=ft.Colors.ERROR, size=16)])


def suit_chip(suit: str, selected: bool, on_click: Callable[..., Any], key_prefix: str = "suit-") -> ft.Control:
    """Suits as coloured chips with their letter (the German suits Eichel and Gras have no emoji)."""
    return chip(SUIT_LETTERS[suit], selected, on_click, colour=SUIT_COLOURS[suit], width=56,
                tooltip=suit.capitalize(), key=f"{key_prefix}{suit}")


def rank_label(rank: str) -> str:
    """A card's rank as the table says it ("koenig" -> "König")."""
    return rank.replace("oe", "ö").capitalize()
