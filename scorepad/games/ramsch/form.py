"""Zaisertshofer Ramsch hand form: Wer geht mit? → Stiche (the last one filled in) → Strafen →
Speichern. Still-in players are preselected; weg players can't be chosen."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.errors import HandError
from scorepad.ui.forms import FormCtx, FormError, Put, setter
from scorepad.ui.widgets import chip, chip_row, choice_row, section, tag


def still_in(c: FormCtx) -> list[str]:
    return [p for p in c.players if p in c.state.get("still_in", c.players)]


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if not existing:
        return {"_mit": still_in(c)}
    d = {"_mit": list(existing.get("participants", [])), "_pen": [dict(e) for e in existing.get("penalties", [])]}
    for p, v in existing.get("tricks", {}).items():
        d[f"tr:{p}"] = v
    if existing.get("weg_order"):
        d["_order"] = list(existing["weg_order"])
    return d


def _tricks(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    mit = [p for p in c.players if p in d.get("_mit", [])]
    tricks = {p: d.get(f"tr:{p}") for p in mit}
    if mit and all(tricks[p] is not None for p in mit[:-1]):
        tricks[mit[-1]] = c.table.tricks_per_hand - sum(tricks[p] or 0 for p in mit[:-1])
    return tricks


def _entered(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    """The hand without the order of going out."""
    mit = [p for p in c.players if p in d.get("_mit", [])]
    hand: dict[str, Any] = {"participants": mit,
                  "tricks": {p: v for p, v in _tricks(c, d).items() if v is not None}}
    if d.get("_pen"):
        hand["penalties"] = d["_pen"]
    return hand


def _trial(game: Any) -> Any:
    """A copy of the game before this hand to try the hand on (the form's game stays as it is)."""
    trial = copy.copy(game)
    trial.board = {p: dict(row) for p, row in game.board.items()}
    trial.seats = copy.copy(game.seats)
    trial.weg = list(game.weg)
    return trial


def went_out(c: FormCtx, d: dict[str, Any]) -> list[str]:
    """Who goes out in this hand as entered: asked of the engine, not worked out here. When the
    engine needs the order (everyone still in goes out at once), all who take part go out."""
    if c.game is None:
        return []
    hand = _entered(c, d)
    for attempt in (hand, {**hand, "weg_order": hand["participants"]}):
        try:
            return list(_trial(c.game).play(c.number or 0, attempt).info["went_out"])
        except HandError:
            continue
    return []


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    hand = _entered(c, d)
    if d.get("_order"):
        out = went_out(c, d)
        order = [p for p in d["_order"] if p in out] if out else list(d["_order"])
        if order:
            hand["weg_order"] = order
    return hand


def penalties_of(c: FormCtx, player: str, pens: list[dict[str, Any]]) -> list[str]:
    """The penalties the table has that `player` can get in this hand (the dealer's only the
    dealer's), and any already entered."""
    return [kind for kind, pen in c.table.penalties.items()
            if (pen.enabled and (pen.who != "dealer" or player == c.dealer))
            or {"player": player, "kind": kind} in pens]


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    t = c.table
    mit = d.get("_mit", [])
    ins = still_in(c)
    back = {e["player"] for e in d.get("_pen", []) if t.penalties.get(e["kind"]) and t.penalties[e["kind"]].back_in}

    def toggle(p: str) -> None:
        put(_mit=[q for q in c.players if (q in mit) != (q == p)])

    who = chip_row(chip(p if (p in ins or p in back) else f"{p} (weg)", p in mit, (lambda _e=None, p=p: toggle(p)),
                        disabled=p not in ins and p not in back, key=f"mit-{p}") for p in c.players)
    out: list[ft.Control] = [section("Wer geht mit?", who, error=err.at("participants"))]
    order = [p for p in c.players if p in mit]
    tricks = _tricks(c, d)
    for p in order[:-1]:
        out.append(section(f"Stiche {p}", choice_row([(v, str(v)) for v in range(t.tricks_per_hand + 1)],
                                                     d.get(f"tr:{p}"), setter(put, f"tr:{p}"), width=52,
                                                     key_prefix=f"tr-{p}-"), error=err.at(f"tricks.{p}")))
    if order:
        last = order[-1]
        shown = "–" if tricks.get(last) is None else str(tricks[last])
        out.append(section(f"Stiche {last}", tag(ft.Text(f"{shown} (der Rest)", size=20, weight=ft.FontWeight.BOLD,
                                                         key=f"tr-{last}-rest")), error=err.at("tricks")))
    pens = d.get("_pen", [])
    if d.get("_show_pen") or pens or err.at("penalties"):
        rows = []
        for p in c.players:
            def flip(kind: str, p: str = p) -> None:
                entry = {"player": p, "kind": kind}
                put(_pen=[e for e in pens if e != entry] if entry in pens else pens + [entry])
            rows.append(section(f"Strafe {p}", chip_row(
                chip(t.penalties[kind].name, {"player": p, "kind": kind} in pens,
                     (lambda _e=None, kind=kind, flip=flip: flip(kind)), key=f"pen-{p}-{kind}")
                for kind in penalties_of(c, p, pens))))
        out.append(section("Strafen", *rows, error=err.at("penalties")))
    elif any(pen.enabled for pen in t.penalties.values()):  # a table without penalties offers none
        out.append(chip_row([chip("Strafe …", False, lambda: put(_show_pen=True), key="show-pen")]))
    gone = went_out(c, d)
    if len(gone) > 1 or err.at("weg_order"):
        chosen = [p for p in d.get("_order", []) if p in gone]
        out.append(section("Wer ging zuerst weg? (der Reihe nach antippen)",
                           chip_row(chip(f"{chosen.index(p) + 1}. {p}" if p in chosen else p, p in chosen,
                                         (lambda _e=None, p=p: put(_order=[q for q in chosen if q != p] if p in chosen else chosen + [p])),
                                         key=f"order-{p}") for p in (gone or order)),
                           error=err.at("weg_order")))
    return out


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """What is chosen so far, in one line (stays in view while the form scrolls)."""
    mit = [p for p in c.players if p in d.get("_mit", [])]
    tricks = _tricks(c, d)
    parts = [", ".join(f"{p} {'–' if tricks.get(p) is None else tricks[p]}" for p in mit)]
    for e in d.get("_pen", []):
        pen = c.table.penalties.get(e["kind"])
        parts.append(f"{pen.name if pen else e['kind']} {e['player']}")
    if d.get("_order"):
        parts.append("weg: " + ", ".join(d["_order"]))
    return " · ".join(x for x in parts if x)


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    return []


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """Nothing to wait for: the engine says what is still open."""
    return None
