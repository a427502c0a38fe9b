"""Who sits the hand out, chosen on the hand screen (someone goes to the bar), for every game
with more seated than play a hand: a row of the seated players above the game's own form, the
deal's order chosen until a tap says otherwise. The hand key is `sitting_out`
(docs/session-format.md); the engine seats the hand so (games/base.py `Seating.choose_out`)."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorepad.ui.forms import Put
from scorepad.ui.widgets import chip

DRAFT_KEY = "_sitting_out"  # the draft's choice (a form's private key: not a hand key)
HAND_KEY = "sitting_out"


def chosen(game: Any, draft: dict[str, Any]) -> list[str]:
    """Who sits out: the draft's choice, else the deal's."""
    return list(draft.get(DRAFT_KEY) or game.seats.sitting_out)


def in_play(game: Any, out: list[str]) -> list[str]:
    """Who plays when `out` sit out, in seating order."""
    return [p for p in game.seated if p not in out]


def with_choice(game: Any, draft: dict[str, Any], hand: dict[str, Any]) -> dict[str, Any]:
    """The form's hand with the key `sitting_out` when the choice is not the deal's."""
    hand = {k: v for k, v in hand.items() if k != HAND_KEY}
    out = chosen(game, draft)
    if sorted(out) != sorted(game.seats.sitting_out):
        hand[HAND_KEY] = out
    return hand


def split_existing(existing: dict[str, Any] | None) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """A stored hand opened to fix it: the hand for the game's form, and the draft's choice."""
    if not existing or HAND_KEY not in existing:
        return existing, {}
    return {k: v for k, v in existing.items() if k != HAND_KEY}, {DRAFT_KEY: list(existing[HAND_KEY])}


def row(game: Any, draft: dict[str, Any], put: Put) -> ft.Control | None:
    """The row "Setzt aus": a chip per seated player, those sitting out filled; a tap seats
    that player out in place of the one longest chosen. None where everyone plays."""
    count = len(game.seats.out)
    if not count:
        return None
    out = chosen(game, draft)

    def pick(p: str) -> None:
        if p not in out:
            put(**{DRAFT_KEY: [*out, p][-count:]})

    label = ft.Text("Setzt aus", size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT)
    chips = [chip(p, p in out, (lambda _e=None, p=p: pick(p)), key=f"sit-out-{p}", padding=8) for p in game.seated]
    return ft.Row([label, *chips], wrap=True, spacing=5, run_spacing=5,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)
