"""Schafkopf's hands as a person taps them on the form (for the tests; see scorepad/ui/forms/taps.py)."""

from __future__ import annotations

from typing import Any

from scorepad.games.schafkopf.form import booked_tout, more_names, offers_tout, quick_augen
from scorepad.games.schafkopf.hand import RAMSCH
from scorepad.games.schafkopf.rules import SchafkopfTable
from scorepad.ui.forms import FormCtx
from scorepad.ui.forms.taps import digits, pad


def taps(table: SchafkopfTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form."""
    if hand.get("passed"):
        return ["passed"]
    if hand.get("game") == RAMSCH:
        return _ramsch(ctx, hand)
    game = hand["game"]
    contract = table.contracts[game]
    out = [f"game-{game}", f"player-{hand['player']}"]
    if contract.kind == "partner":
        out.append(f"partner-{hand['partner']}")
    if contract.kind == "sie":
        if hand.get("klopfer"):
            out.append(f"klopfer-{hand['klopfer']}")
        return out
    if hand.get("augen") is not None:
        out.append("mode-augen")
        out += pad(hand["augen"], quick_augen(table))
        if hand.get("all_tricks"):
            out.append(f"all-{hand['all_tricks']}")
    else:
        out.append(f"result-{hand['result']}")
    said = [step.key for step in table.kontra_chain if hand.get(step.key)]
    if (said or hand.get("laufende") or hand.get("tout") or hand.get("klopfer") or hand.get("suit")) \
            and more_names(table, contract):
        out.append("more")
    for key in said:
        out.append(f"{key}-{hand[key]}")
    if hand.get("tout"):
        out.append("tout-True")
    if hand.get("klopfer"):
        out.append(f"klopfer-{hand['klopfer']}")
    if hand.get("laufende"):
        if hand["laufende"] < 0:
            out.append("lauf-sign--1")
        out.append(f"lauf-{abs(hand['laufende'])}")
    if hand.get("suit"):
        out.append(f"suit-{hand['suit']}")
    return out


def _ramsch(ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    out = ["game-ramsch"]
    if hand.get("klopfer"):
        out.append(f"klopfer-{hand['klopfer']}")
    if hand.get("durchmarsch"):
        return out + [f"ramsch-dm-{hand['durchmarsch']}"]
    for p in ctx.players[:-1]:
        out.append(f"ramsch-who-{p}")
        out += digits(hand["augen"][p])
    for p in hand.get("jungfrauen") or []:
        out.append(f"ramsch-jf-{p}")
    if hand.get("loser"):
        out.append(f"ramsch-loser-{hand['loser']}")
    return out


def offered(table: SchafkopfTable, hand: dict[str, Any]) -> dict[str, Any]:
    """`hand` without what the form does not offer: Laufende count only where the table has
    them on, in a game with trumps, and "ohne" only where the opponents' count too; a suit is
    noted only for a game that has one (`needs_suit`: not Wenz, Geier, Bettel); a Tout's result
    is "gewonnen – alle Stiche" or "verloren" (or its Augen: form.booked_tout)."""
    game = table.contracts.get(hand.get("game"))  # type: ignore[arg-type]
    if game is None:
        return hand
    drop = set()
    lauf = table.laufende
    if not (lauf.enabled and game.trump_count and ((hand.get("laufende") or 0) > 0 or lauf.counted_for == "both")):
        drop.add("laufende")
    if not game.needs_suit:
        drop.add("suit")
    if hand.get("tout") and offers_tout(table, game):
        hand = {k: v for k, v in {**hand, **booked_tout(hand)}.items() if v is not None}
    return {k: v for k, v in hand.items() if k not in drop}
