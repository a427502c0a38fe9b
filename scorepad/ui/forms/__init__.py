"""What every hand form shares (each family's form is scorepad/games/<family>/form.py). A form only turns taps into the session file's hand keys;
the engine checks and scores the hand (see ui/screens/hand.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import flet as ft


@dataclass
class FormCtx:
    """What a form needs to know about the table before this hand."""

    table: Any
    players: list[str]
    dealer: str
    state: dict[str, Any]
    board: dict[str, dict[str, int]]
    number: int | None = None  # None: a new hand
    game: Any = None  # the engine's Game before this hand (read-only)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class FormError:
    key: str
    text: str

    def at(self, *keys: str) -> str | None:
        """The error text if it belongs to one of these hand keys (or a sub-key of them)."""
        for k in keys:
            if self.key == k or self.key.startswith(k + ".") or self.key.startswith(k + "["):
                return self.text
        return None


NO_ERROR = FormError("", "")

Put = Callable[..., None]


def setter(put: Put, key: str) -> Callable[[Any], None]:
    """A chip row's callback that puts the picked value under `key` of the form's draft."""
    return lambda value: put(**{key: value})


class HandForm(Protocol):
    """A family's `form` module (scorepad/games/<family>/form.py): taps into a draft, the draft
    into the session file's hand keys. It offers only what the evening's table counts."""

    def initial(self, c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
        """The draft of a new hand (`existing` None) or of a stored hand opened to fix it."""

    def to_hand(self, c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
        """The hand the draft stands for, as the engine reads it."""

    def view(self, c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
        """The form's controls for the draft; a tap calls `put` with what changes."""

    def summary(self, c: FormCtx, d: dict[str, Any]) -> str:
        """What is chosen so far, in one line."""

    def pending(self, c: FormCtx, d: dict[str, Any]) -> str | None:
        """What the form still waits for before the engine can say anything (None: nothing)."""

    def quick_actions(self, c: FormCtx, save: Callable[[dict[str, Any]], None]) -> list[ft.Control]:
        """Entries that need no form (everyone passed): each saves its hand at once."""


def form_for(family: str) -> HandForm:
    """The family's hand form (scorepad/games/<family>/form.py), through the registry."""
    from scorepad.games import FAMILIES

    return FAMILIES[family].form_module()


def numpad(value: int | None, on_value: Callable[[int | None], None], quick: list[int], maximum: int,
           label: str = "Augen", key_prefix: str = "") -> ft.Control:
    """A number pad with quick keys: no keyboard during play."""
    from scorepad.ui.widgets import chip, chip_row

    shown = "–" if value is None else str(value)

    def digit(d: int) -> None:
        base = 0 if value is None else value
        nxt = base * 10 + d
        on_value(nxt if nxt <= maximum else d)

    def back() -> None:
        on_value(None if value is None or value < 10 else value // 10)

    keys = [chip(str(d), False, (lambda _e=None, d=d: digit(d)), width=64, key=f"{key_prefix}pad-{d}") for d in [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]]
    keys.append(chip("Löschen", False, back, width=104, key=f"{key_prefix}pad-back"))  # as the PIN pad says it
    return ft.Column([
        ft.Row([ft.Text(f"{label}: ", size=18), ft.Text(shown, size=28, weight=ft.FontWeight.BOLD, key=f"{key_prefix}pad-value")]),
        chip_row(chip(str(q), value == q, (lambda _e=None, q=q: on_value(q)), width=64, key=f"{key_prefix}quick-{q}") for q in quick),
        chip_row(keys),
    ], spacing=8)


def laufende_section(d: dict[str, Any], put: Put, err: FormError, trumps: int, title: str,
                     ohne: bool = True) -> ft.Control:
    """Laufende (Schafkopf's, Saukopf's): "mit"/"ohne" and the number are two taps, in any order
    (the sign is kept apart). Without `ohne` (a table that counts only the player party's), the
    number alone: they are "mit"."""
    from scorepad.ui.widgets import choice_row, section

    lauf = d.get("laufende") or 0
    sign = (d.get("_lauf_sign") or (-1 if lauf < 0 else 1)) if ohne else 1
    signs = [choice_row([(1, "mit"), (-1, "ohne")], sign, lambda v: put(_lauf_sign=v, laufende=v * abs(lauf) or None),
                        key_prefix="lauf-sign-")] if ohne else []
    return section(
        title,
        *signs,
        choice_row([(0, "keine")] + [(n, str(n)) for n in range(1, trumps + 1)], abs(lauf),
                   lambda v: put(laufende=sign * v or None), key_prefix="lauf-"),
        error=err.at("laufende"))
