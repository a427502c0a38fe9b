"""Struliwuli hand form, in two steps like at the table: the bids before play (in bidding
order, the dealer's forbidden bid greyed out), then the tricks after play (the last one filled
in). The bids are kept as a draft while the cards are played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.games.struliwuli.scoring import forbidden_bid
from scorepad.ui.forms import FormCtx, FormError, Put, setter
from scorepad.ui.widgets import chip, chip_row, choice_row, section, tag


def _all_but(bad: int | None) -> Callable[[Any], bool] | None:
    """The bid chips' check: only the forbidden bid (Neukirchner Regel) is greyed out."""
    return None if bad is None else (lambda v: v == bad)


def cards(c: FormCtx) -> int:
    return int(c.extra.get("cards") or c.state["cards"])


def order(c: FormCtx) -> list[str]:
    """Bidding order: left of this hand's dealer first, the dealer last."""
    i = c.players.index(c.dealer)
    return c.players[i + 1:] + c.players[:i + 1]


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if not existing:
        return {"_phase": "bids"}
    d = {"_phase": "tricks"}
    for p, v in existing.get("bids", {}).items():
        d[f"bid:{p}"] = v
    for p, v in existing.get("tricks", {}).items():
        d[f"tr:{p}"] = v
    return d


def _tricks(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    tricks = {p: d.get(f"tr:{p}") for p in c.players}
    seq = order(c)
    if all(tricks[p] is not None for p in seq[:-1]):
        tricks[seq[-1]] = cards(c) - sum(tricks[p] or 0 for p in seq[:-1])
    return tricks


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    bids = {p: d.get(f"bid:{p}") for p in c.players}
    hand: dict[str, Any] = {"bids": {p: v for p, v in bids.items() if v is not None}}
    tricks = _tricks(c, d) if d.get("_phase") == "tricks" else {}
    hand["tricks"] = {p: v for p, v in tricks.items() if v is not None}
    return hand


def bids_complete(c: FormCtx, d: dict[str, Any]) -> bool:
    return all(d.get(f"bid:{p}") is not None for p in c.players)


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """What the form still waits for, in the table's words (before the engine can say)."""
    if d.get("_phase") != "tricks":
        return "Erst ansagen, dann „Ansagen fertig: spielen“" if bids_complete(c, d) else "Ansagen eintragen"
    return None


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    n = cards(c)
    seq = order(c)
    out: list[ft.Control] = [ft.Text(f"{n} {'Karte' if n == 1 else 'Karten'} · Geber {c.dealer}", size=16,
                                     weight=ft.FontWeight.BOLD)]
    if d.get("_phase") != "tricks":
        for p in seq:
            bad = None
            if p == c.dealer and c.table.neukirchner and all(d.get(f"bid:{q}") is not None for q in seq[:-1]):
                bad = forbidden_bid(n, [d[f"bid:{q}"] for q in seq[:-1]])
            hint = f"darf nicht {bad} ansagen (Neukirchner Regel)" if bad is not None else None
            out.append(section(f"{p} sagt an" + (" (Geber, zuletzt)" if p == c.dealer else ""),
                               choice_row([(v, str(v)) for v in range(n + 1)], d.get(f"bid:{p}"),
                                          setter(put, f"bid:{p}"), width=52,
                                          disabled=_all_but(bad), key_prefix=f"bid-{p}-"),
                               hint=hint, error=err.at(f"bids.{p}")))
        out.append(chip_row([chip("Ansagen fertig: spielen", False, lambda: put(_phase="tricks"),
                                  disabled=not bids_complete(c, d), key="bids-done")]))
        return out
    bids = ", ".join(f"{p} {d.get(f'bid:{p}')}" for p in seq)
    out.append(ft.Text(f"Angesagt: {bids}", size=15))
    tricks = _tricks(c, d)
    for p in seq[:-1]:
        out.append(section(f"{p} hat gemacht", choice_row([(v, str(v)) for v in range(n + 1)], d.get(f"tr:{p}"),
                                                          setter(put, f"tr:{p}"), width=52,
                                                          key_prefix=f"tr-{p}-"),
                           error=err.at(f"tricks.{p}")))
    last = seq[-1]
    shown = "–" if tricks[last] is None else str(tricks[last])
    out.append(section(f"{last} hat gemacht", tag(ft.Text(f"{shown} (der Rest)", size=20, weight=ft.FontWeight.BOLD,
                                                          key=f"tr-{last}-rest")), error=err.at("tricks")))
    out.append(chip_row([chip("Ansagen ändern", False, lambda: put(_phase="bids"), key="bids-edit")]))
    return out


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """What is entered so far, in one line (stays in view while the form scrolls)."""
    seq = order(c)
    bids = ", ".join(f"{p} {'–' if d.get(f'bid:{p}') is None else d[f'bid:{p}']}" for p in seq)
    if d.get("_phase") != "tricks":
        return f"Ansagen: {bids}"
    tricks = _tricks(c, d)
    made = ", ".join(f"{p} {'–' if tricks[p] is None else tricks[p]}" for p in seq)
    return f"Gemacht: {made}"


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    return []
