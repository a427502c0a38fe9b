"""The taps a person makes to enter a Doppelkopf game on a fresh form: the keys of the controls,
in order (the form round-trip property and the browser tests tap them)."""

from __future__ import annotations

from typing import Any

from scorepad.games.doppelkopf.form import default_game, quick_augen
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.ui.forms import FormCtx
from scorepad.ui.forms.taps import pad


def offered(table: DoppelkopfTable, hand: dict[str, Any]) -> dict[str, Any]:
    """The form offers every key of a Doppelkopf hand: `hand` as it is."""
    return hand


def taps(table: DoppelkopfTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form at `table`."""
    game = hand["game"]
    kind = table.contracts[game].kind
    out: list[str] = [] if game == default_game(table) else [f"game-{game}"]
    re = hand["re"]
    if kind == "normal":
        out += [f"re-{p}" for p in re]
    elif kind == "solo":
        out.append(f"solo-{re[0]}")
    else:
        out.append(f"hochzeit-{re[0]}")
        if len(re) > 1:
            out.append(f"partner-{re[1]}")
    if hand.get("all_tricks"):
        out.append(f"all-{hand['all_tricks']}")
    else:
        out += pad(hand["augen"], quick_augen(table))
    for party in ("re", "kontra"):
        if hand.get(f"{party}_call"):
            out.append(f"{party}-call-{hand[f'{party}_call']}")
    for party, counts in (hand.get("sonderpunkte") or {}).items():
        out += [f"sp-{party}-{sid}-{n}" for sid, n in counts.items() if n]
    return out
