"""The taps a person makes to enter a Skat game on a fresh form: the keys of the controls, in
order (the form round-trip property and the browser tests tap them)."""

from __future__ import annotations

from typing import Any

from scorepad.games.skat.form import quick_augen, quick_bids, ramsch_players, ramsch_quick
from scorepad.games.skat.rules import SkatTable
from scorepad.ui.forms import FormCtx
from scorepad.ui.forms.taps import digits


def offered(table: SkatTable, hand: dict[str, Any]) -> dict[str, Any]:
    """`hand` as the form enters it: an ouvert suit or Grand game is Schwarz angesagt by itself,
    so the form asks for no announcement there (a file may name it; it scores alike)."""
    if hand.get("ouvert") and hand.get("game") != "null":
        return {k: v for k, v in hand.items() if k not in ("schneider_angesagt", "schwarz_angesagt")}
    return hand


def number(n: int, quick: list[int], prefix: str) -> list[str]:
    """A number on the form: its key, or "Zahl" and its digits on the pad."""
    return [f"{prefix}quick-{n}"] if n in quick else [f"{prefix}pad-on", *digits(n, prefix)]


def taps(table: SkatTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form at `table`."""
    if hand.get("eingepasst"):
        return ["eingepasst"]
    if hand.get("ramsch"):
        return ramsch_taps(table, ctx, hand)
    game = hand["game"]
    out = [f"declarer-{hand['declarer']}", f"game-{game}"]
    out += [key for key in ("hand", "ouvert") if hand.get(key)]
    if game != "null":
        out += (["spitzen-ohne"] if hand.get("mit") is False else []) + [f"spitzen-{hand['spitzen']}"]
        out += [key.replace("_", "-") for key in ("schneider_angesagt", "schwarz_angesagt") if hand.get(key)]
    if hand.get("augen") is not None:
        out += ["by-augen"] + number(hand["augen"], quick_augen(table), "augen-")
        out += ["schwarz"] if hand.get("schwarz") else []
    else:
        out.append("won-yes" if hand["won"] else "won-no")
        out += [key for key in ("schneider", "schwarz") if hand.get(key)]
    out += [key for key in ("kontra", "re") if hand.get(key)]
    if hand.get("reizwert") is not None:
        out += ["reizwert-on"] + number(hand["reizwert"], quick_bids(table), "reiz-")
    return out


def ramsch_taps(table: SkatTable, ctx: FormCtx, hand: dict[str, Any]) -> list[str]:
    """A Ramsch (house rule): "Ramsch", the Durchmarsch or each player's Augen in seating order
    (the last one's the rest, one tap) and the Jungfrauen, a tie's loser, geschoben."""
    out = ["ramsch"]
    if hand.get("durchmarsch"):
        out.append(f"durchmarsch-{hand['durchmarsch']}")
    else:
        players = ramsch_players(ctx, {})
        entered: dict[str, int] = {}
        for p in players:
            augen = hand["ramsch_augen"][p]
            out += number(augen, ramsch_quick(table, entered, p, players), f"ramsch-{p}-")
            entered[p] = augen
        out += [f"jungfrau-{p}" for p in hand.get("jungfrauen") or []]
        if hand.get("loser"):
            out.append(f"loser-{hand['loser']}")
    if hand.get("geschoben"):
        out.append(f"geschoben-{hand['geschoben']}")
    return out
