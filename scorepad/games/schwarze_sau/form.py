"""Schwarze Sau hand form: each player's points as chips (two compact rows per player), the last
one filled in from the round's total (3 players: the Stock's points are asked too); or a
Jungfrau / Durchmarsch; or, when owed, who lost the Achterbrief."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.ui.forms import FormCtx, FormError, Put
from scorepad.ui.widgets import TARGET, chip, chip_row, choice_row, section, tag

SPECIALS = [("", "normal"), ("jungfrau", "Jungfrau"), ("durchmarsch", "Durchmarsch angesagt"),
            ("stiller", "Durchmarsch")]


DONE_WORDS: dict[bool | None, str] = {True: " geschafft", False: " nicht geschafft", None: ""}


def _three(c: FormCtx) -> bool:
    return bool(c.table.seats[len(c.players)].stock_cards > 0)


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if not existing:
        return {}
    d: dict[str, Any] = {}
    if existing.get("achterbrief_loser"):
        d["achterbrief_loser"] = existing["achterbrief_loser"]
    ann = existing.get("announcement")
    if ann:
        d.update(_special=ann["kind"], _by=ann["by"], _success=ann["success"])
    elif existing.get("durchmarsch"):
        d.update(_special="stiller", _by=existing["durchmarsch"])
    points = existing.get("points") or {}
    for p, v in points.items():
        d[f"pt:{p}"] = v
    if points and _three(c):
        d["_stock"] = c.game.round_total - sum(points.values()) if c.game else 0
    return d


def _round_total(c: FormCtx) -> int:
    return c.game.round_total if c.game else sum(c.table.card_values())


def _point_values(c: FormCtx) -> list[int]:
    """The points one player can have in a round (what the scoring cards can add up to)."""
    total = _round_total(c)
    if c.game is None:
        return list(range(total + 1))
    return sorted(v for v in c.game.possible_points if v <= total)


def _focus(c: FormCtx, d: dict[str, Any]) -> str:
    """Whose points the pad enters: the one tapped, else the first without points yet."""
    entering = c.players[:-1]
    if d.get("_focus") in entering:
        return str(d["_focus"])
    return next((p for p in entering if d.get(f"pt:{p}") is None), entering[0])


def _points_pad(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    """One row of players (tap whose points to enter) and one pad of the points a player can
    have: a tap enters them and moves on to the next player, as the sheet is read out."""
    focus = _focus(c, d)
    entering = c.players[:-1]

    def pick(v: int) -> None:
        after = entering[entering.index(focus) + 1:]
        put(**{f"pt:{focus}": v, "_focus": after[0] if after else focus})

    who = chip_row(chip(f"{p} {'–' if d.get(f'pt:{p}') is None else d[f'pt:{p}']}", p == focus,
                        (lambda _e=None, p=p: put(_focus=p)), key=f"who-{p}") for p in entering)
    pad = chip_row((chip(str(v), d.get(f"pt:{focus}") == v, (lambda _e=None, v=v: pick(v)), width=TARGET,
                         key=f"pt-{focus}-{v}") for v in _point_values(c)), spacing=6)
    errors = [ft.Text(err.at(f"points.{p}") or "", color=ft.Colors.ERROR, size=15, weight=ft.FontWeight.W_600)
              for p in entering if err.at(f"points.{p}")]
    return [section("Punkte je Spieler", who, ft.Text(f"Punkte von {focus}", size=14), pad, *errors)]


def _filled(c: FormCtx, d: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Points per player; the last player's follow from the rest (and from the Stock)."""
    total = _round_total(c)
    if _three(c):
        total -= d.get("_stock") or 0
    points = {p: d.get(f"pt:{p}") for p in c.players}
    last = c.players[-1]
    given = [points[p] for p in c.players[:-1]]
    if all(v is not None for v in given):
        points[last] = total - sum(v or 0 for v in given)
    return points, last


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    if c.state.get("achterbrief_owed"):
        return {"achterbrief_loser": d.get("achterbrief_loser")} if d.get("achterbrief_loser") else {}
    special = d.get("_special") or ""
    if special in ("jungfrau", "durchmarsch"):
        return {"announcement": {"kind": special, "by": d.get("_by"), "success": bool(d.get("_success"))}} \
            if d.get("_by") and d.get("_success") is not None else {"announcement": None}
    if special == "stiller":
        return {"durchmarsch": d["_by"]} if d.get("_by") else {"durchmarsch": None}
    points, _ = _filled(c, d)
    if any(v is None for v in points.values()):
        return {"points": {p: v for p, v in points.items() if v is not None}}
    return {"points": points}


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    if c.state.get("achterbrief_owed"):
        tied = c.state.get("achterbrief_between", [])
        return [section("Achterbrief: wer hat verloren?",
                        choice_row([(p, p) for p in tied], d.get("achterbrief_loser"),
                                   lambda v: put(achterbrief_loser=v), key_prefix="loser-"),
                        error=err.at("achterbrief_loser"))]
    special = d.get("_special") or ""
    out: list[ft.Control] = [choice_row(SPECIALS, special, lambda v: put(_special=v, _by=None, _success=None),
                                        key_prefix="special-")]
    if special:
        out.append(section("Wer?", choice_row([(p, p) for p in c.players], d.get("_by"), lambda v: put(_by=v),
                                              key_prefix="by-"), error=err.at("announcement", "durchmarsch")))
        if special in ("jungfrau", "durchmarsch"):
            out.append(choice_row([(True, "geschafft"), (False, "nicht geschafft")], d.get("_success"),
                                  lambda v: put(_success=v), key_prefix="success-", width=170))
        return out
    if _three(c):
        stock_options = sorted(c.game.stock_holds) if c.game else [0]
        out.append(section("Punkte im Stock", choice_row([(v, str(v)) for v in stock_options], d.get("_stock", 0),
                                                         lambda v: put(_stock=v), key_prefix="stock-")))
    points, last = _filled(c, d)
    out.extend(_points_pad(c, d, put, err))
    shown = "–" if points[last] is None else str(points[last])
    out.append(section(last, tag(ft.Text(f"{shown} (der Rest)", size=20, weight=ft.FontWeight.BOLD, key=f"pt-{last}-rest")),
                       error=err.at("points")))
    return out


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """What is chosen so far, in one line (stays in view while the form scrolls)."""
    if c.state.get("achterbrief_owed"):
        return f"Achterbrief verloren: {d['achterbrief_loser']}" if d.get("achterbrief_loser") else "Achterbrief"
    special = d.get("_special") or ""
    if special:
        words = dict(SPECIALS)[special]
        by = f" {d['_by']}" if d.get("_by") else ""
        done = DONE_WORDS[d.get("_success")]
        return f"{words}{by}{done if special != 'stiller' else ''}"
    points, _ = _filled(c, d)
    parts = [f"{p} {'–' if v is None else v}" for p, v in points.items()]
    if _three(c) and d.get("_stock"):
        parts.append(f"Stock {d['_stock']}")
    return ", ".join(parts)


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    return []


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """Nothing to wait for: the engine says what is still open."""
    return None
