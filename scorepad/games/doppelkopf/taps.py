"""The taps a person makes to enter a Doppelkopf game on a fresh form: the keys of the controls,
in order (the form round-trip property and the browser tests tap them)."""

from __future__ import annotations

from typing import Any

from scorepad.games.doppelkopf.form import call_levels, default_game, game_chips, quick_augen
from scorepad.games.doppelkopf.result import form_level
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.ui.forms import FormCtx
from scorepad.ui.forms.taps import digits


def offered(table: DoppelkopfTable, hand: dict[str, Any]) -> dict[str, Any]:
    """The form offers every key of a Doppelkopf hand: `hand` as it is."""
    return hand


def result_taps(table: DoppelkopfTable, hand: dict[str, Any]) -> list[str]:
    """A game by result (the form's default): the winner, the losers' level if any."""
    _fits, level = form_level(table, hand)
    return [f"won-{hand['winner']}"] + ([f"level-{level.replace(' ', '-')}"] if level else [])


def augen_taps(table: DoppelkopfTable, hand: dict[str, Any]) -> list[str]:
    """The Augen behind "Augen": a key (all Augen or none take every trick or none, unless
    "nicht alle"), or "Zahl" and the digits on the pad."""
    total = table.game_points.total
    if hand.get("all_tricks"):
        return ["by-augen", f"quick-{total if hand['all_tricks'] == 're' else 0}"]
    augen = hand["augen"]
    if augen in quick_augen(table):
        return ["by-augen", f"quick-{augen}"] + (["all-none"] if augen in (0, total) else [])
    return ["by-augen", "pad-on"] + digits(augen)


def taps(table: DoppelkopfTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form at `table`."""
    game = hand["game"]
    kind = table.contracts[game].kind
    out: list[str] = []
    if game != default_game(table):
        out += (["solos"] if game in game_chips(table)[1] else []) + [f"game-{game}"]
    re = hand["re"]
    if kind == "normal":
        out += [f"re-{p}" for p in re]
    elif kind == "solo":
        out.append(f"solo-{re[0]}")
    else:
        out.append(f"hochzeit-{re[0]}")
        if len(re) > 1:
            out.append(f"partner-{re[1]}")
    out += result_taps(table, hand) if hand.get("winner") else augen_taps(table, hand)
    for party in ("re", "kontra"):
        out += [f"{party}-call"] * call_levels(table, party).index(hand.get(f"{party}_call"))
    for party, counts in (hand.get("sonderpunkte") or {}).items():
        for sid, n in counts.items():
            out += [f"sp-{party}-{sid}"] * n
    return out
