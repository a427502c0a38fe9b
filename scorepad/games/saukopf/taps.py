"""Saukopf's hands (and the Dreihaxer's) as a person taps them on the form (for the tests; see
scorepad/ui/forms/taps.py)."""

from __future__ import annotations

from typing import Any

from scorepad.games.saukopf.form import bid_options, quick_augen
from scorepad.games.saukopf.rules import SaukopfTable
from scorepad.ui.forms import FormCtx
from scorepad.ui.forms.taps import digits, pad


def taps(table: SaukopfTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form."""
    if hand.get("passed"):
        return ["passed"]
    if hand.get("vergeben"):
        return ["vergeben"]
    game = hand["game"]
    contract = table.contracts[game]
    out = []
    if contract.mode != "trog":
        out.append(f"mode-{contract.mode}")
    out += [f"game-{game}", f"player-{hand['player']}"]
    if contract.kind == "doppel":
        out.append(f"partner-{hand['partner']}")
    bid = hand.get("bid", contract.min_bid)
    if bid in [b for b, _ in bid_options(table, contract)]:
        out.append(f"bid-{bid}")
    else:
        out += ["bid-other"] + digits(bid, "bid-")
    if hand.get("spiess"):
        out.append("spiess")
    if hand.get("trump"):
        out.append(f"suit-{hand['trump']}")
    if hand.get("knorpel_card"):
        suit, _, rank = hand["knorpel_card"].partition("-")
        out += [f"kc-suit-{suit}", f"kc-rank-{rank}"]
    if hand.get("aside_augen"):
        out.append(f"aside-{hand['aside_augen']}")
    if hand.get("all_tricks"):
        out.append(f"all-{hand['all_tricks']}")
    else:
        out += pad(hand["augen"], quick_augen(table))
    if hand.get("laufende"):
        if hand["laufende"] < 0:
            out.append("lauf-sign--1")
        out.append(f"lauf-{abs(hand['laufende'])}")
    for step in table.kontra_chain:
        if hand.get(step.key):
            out.append(f"{step.key}-{hand[step.key]}")
    return out


def offered(table: SaukopfTable, hand: dict[str, Any]) -> dict[str, Any]:
    """`hand` without what the form does not offer: Laufende only where the game's Trog or Napf
    pays for them (an item for the winners "mit" or "ohne")."""
    game = table.contracts.get(hand.get("game"))  # type: ignore[arg-type]
    if game is None:
        return hand
    items = getattr(table.fleisch, game.mode).values()
    if any(i.enabled and i.when in ("winners_mit", "winners_ohne") for i in items):
        return hand
    return {k: v for k, v in hand.items() if k != "laufende"}
