"""Schwarze Sau hand form: each player's points as chips, the last one filled in from 15
(3 players: the Stock's points are asked instead); or a Jungfrau / Durchmarsch; or, when
owed, who lost the Achterbrief."""

from __future__ import annotations

import flet as ft

from scorepad.ui.forms import FormCtx, FormError
from scorepad.ui.widgets import choice_row, section, tag

SPECIALS = [("", "normal"), ("jungfrau", "Jungfrau"), ("durchmarsch", "Durchmarsch angesagt"),
            ("stiller", "Durchmarsch")]


def _three(c: FormCtx) -> bool:
    return c.table.seats[len(c.players)].stock_cards > 0


def initial(c: FormCtx, existing: dict | None) -> dict:
    if not existing:
        return {}
    d: dict = {}
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


def _filled(c: FormCtx, d: dict) -> tuple[dict, str | None]:
    """Points per player; the last player's follow from the rest (and from the Stock)."""
    total = c.game.round_total if c.game else 15
    if _three(c):
        total -= d.get("_stock") or 0
    points = {p: d.get(f"pt:{p}") for p in c.players}
    last = c.players[-1]
    given = [points[p] for p in c.players[:-1]]
    if all(v is not None for v in given):
        points[last] = total - sum(given)
    return points, last


def to_hand(c: FormCtx, d: dict) -> dict:
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


def view(c: FormCtx, d: dict, put, err: FormError) -> list[ft.Control]:
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
    maximum = c.game.round_total if c.game else 15
    if _three(c):
        stock_options = sorted(c.game.stock_holds) if c.game else [0]
        out.append(section("Punkte im Stock", choice_row([(v, str(v)) for v in stock_options], d.get("_stock", 0),
                                                         lambda v: put(_stock=v), key_prefix="stock-")))
    points, last = _filled(c, d)
    for p in c.players[:-1]:
        out.append(section(p, choice_row([(v, str(v)) for v in range(maximum + 1)], d.get(f"pt:{p}"),
                                         lambda v, p=p: put(**{f"pt:{p}": v}), key_prefix=f"pt-{p}-", width=52),
                           error=err.at(f"points.{p}")))
    shown = "–" if points[last] is None else str(points[last])
    out.append(section(last, tag(ft.Text(f"{shown} (der Rest)", size=20, weight=ft.FontWeight.BOLD, key=f"pt-{last}-rest")),
                       error=err.at("points")))
    return out


def quick_actions(c: FormCtx, save) -> list[ft.Control]:
    return []
