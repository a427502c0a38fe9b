"""The taps a person makes to enter a hand: for each game, the keys of the controls to tap, in
order, starting from a fresh form (`form.initial(ctx, None)`).

Shared by the round-trip property test (tests/test_form_roundtrip.py, which calls each
control's tap handler) and the browser test (which taps the same keys with a finger in
chromium). Only taps on visible controls, each after the choice that reveals it; a quick
action (Zamgschmissen, Vergeben) is the tap of its key."""

from __future__ import annotations

from typing import Any

from scorepad.ui.forms import FormCtx


def taps(table: Any, ctx: FormCtx, hand: dict) -> list[str]:
    """The keys to tap, in order, to enter exactly `hand` on a fresh form at `table`."""
    return {"schafkopf": _schafkopf, "saukopf": _saukopf, "schwarze_sau": _schwarze_sau,
            "struliwuli": _struliwuli, "ramsch": _ramsch}[table.family](table, ctx, hand)


def offered(table: Any, hand: dict) -> dict:
    """`hand` as its game's form enters it: without the notes the table does not count (an old
    file may hold them, the engine keeps accepting them and scores the hand alike). Read off the
    rules, not the form: Schafkopf's Laufende count only where the table has them on, in a game
    with trumps, and "ohne" only where the opponents' count too; a suit is noted only for a game
    that has one (`needs_suit`: not Wenz, Geier, Bettel); Saukopf's Laufende only where the
    game's Trog or Napf pays for them (an item for the winners "mit" or "ohne")."""
    game = table.contracts.get(hand.get("game")) if hasattr(table, "contracts") else None
    if game is None:
        return hand
    drop = set()
    if table.family == "schafkopf":
        lauf = table.laufende
        if not (lauf.enabled and game.trump_count and ((hand.get("laufende") or 0) > 0 or lauf.counted_for == "both")):
            drop.add("laufende")
        if not game.needs_suit:
            drop.add("suit")
    if table.family == "saukopf":
        items = getattr(table.fleisch, game.mode).values()
        if not any(i.enabled and i.when in ("winners_mit", "winners_ohne") for i in items):
            drop.add("laufende")
    return {k: v for k, v in hand.items() if k not in drop}


def digits(n: int, prefix: str = "") -> list[str]:
    """A number typed on the form's pad (from an empty pad)."""
    return [f"{prefix}pad-{d}" for d in str(n)]


def pad(n: int, quick: list[int], prefix: str = "") -> list[str]:
    """A number on a pad with quick keys: the quick key if there is one, else its digits."""
    return [f"{prefix}quick-{n}"] if n in quick else digits(n, prefix)


# --- Schafkopf -------------------------------------------------------------------------------

def _schafkopf(t, c: FormCtx, h: dict) -> list[str]:
    from scorepad.games.schafkopf.form import more_names, quick_augen

    if h.get("passed"):
        return ["passed"]
    if h.get("game") == "ramsch":
        return _schafkopf_ramsch(t, c, h)
    game = h["game"]
    contract = t.contracts[game]
    out = [f"game-{game}", f"player-{h['player']}"]
    if contract.kind == "partner":
        out.append(f"partner-{h['partner']}")
    if contract.kind == "sie":
        if h.get("klopfer"):
            out.append(f"klopfer-{h['klopfer']}")
        return out
    if h.get("augen") is not None:
        out.append("mode-augen")
        out += pad(h["augen"], quick_augen(t))
        if h.get("all_tricks"):
            out.append(f"all-{h['all_tricks']}")
    else:
        out.append(f"result-{h['result']}")
    said = [step.key for step in t.kontra_chain if h.get(step.key)]
    if (said or h.get("laufende") or h.get("tout") or h.get("klopfer") or h.get("suit")) and more_names(t, contract):
        out.append("more")
    for key in said:
        out.append(f"{key}-{h[key]}")
    if h.get("tout"):
        out.append("tout-True")
    if h.get("klopfer"):
        out.append(f"klopfer-{h['klopfer']}")
    if h.get("laufende"):
        if h["laufende"] < 0:
            out.append("lauf-sign--1")
        out.append(f"lauf-{abs(h['laufende'])}")
    if h.get("suit"):
        out.append(f"suit-{h['suit']}")
    return out


def _schafkopf_ramsch(t, c: FormCtx, h: dict) -> list[str]:
    out = ["game-ramsch"]
    if h.get("klopfer"):
        out.append(f"klopfer-{h['klopfer']}")
    if h.get("durchmarsch"):
        return out + [f"ramsch-dm-{h['durchmarsch']}"]
    for p in c.players[:-1]:
        out.append(f"ramsch-who-{p}")
        out += digits(h["augen"][p])
    for p in h.get("jungfrauen") or []:
        out.append(f"ramsch-jf-{p}")
    if h.get("loser"):
        out.append(f"ramsch-loser-{h['loser']}")
    return out


# --- Saukopf (and the Dreihaxer) -------------------------------------------------------------

def _saukopf(t, c: FormCtx, h: dict) -> list[str]:
    from scorepad.games.saukopf.form import bid_options, quick_augen

    if h.get("passed"):
        return ["passed"]
    if h.get("vergeben"):
        return ["vergeben"]
    game = h["game"]
    contract = t.contracts[game]
    out = []
    if contract.mode != "trog":
        out.append(f"mode-{contract.mode}")
    out += [f"game-{game}", f"player-{h['player']}"]
    if contract.kind == "doppel":
        out.append(f"partner-{h['partner']}")
    bid = h.get("bid", contract.min_bid)
    if bid in [b for b, _ in bid_options(t, contract)]:
        out.append(f"bid-{bid}")
    else:
        out += ["bid-other"] + digits(bid, "bid-")
    if h.get("spiess"):
        out.append("spiess")
    if h.get("trump"):
        out.append(f"suit-{h['trump']}")
    if h.get("knorpel_card"):
        suit, _, rank = h["knorpel_card"].partition("-")
        out += [f"kc-suit-{suit}", f"kc-rank-{rank}"]
    if h.get("aside_augen"):
        out.append(f"aside-{h['aside_augen']}")
    if h.get("all_tricks"):
        out.append(f"all-{h['all_tricks']}")
    else:
        out += pad(h["augen"], quick_augen(t))
    if h.get("laufende"):
        if h["laufende"] < 0:
            out.append("lauf-sign--1")
        out.append(f"lauf-{abs(h['laufende'])}")
    for step in t.kontra_chain:
        if h.get(step.key):
            out.append(f"{step.key}-{h[step.key]}")
    return out


# --- Schwarze Sau ----------------------------------------------------------------------------

def _schwarze_sau(t, c: FormCtx, h: dict) -> list[str]:
    if c.state.get("achterbrief_owed"):
        return [f"loser-{h['achterbrief_loser']}"]
    ann = h.get("announcement")
    if ann:
        return [f"special-{ann['kind']}", f"by-{ann['by']}", f"success-{ann['success']}"]
    if h.get("durchmarsch"):
        return ["special-stiller", f"by-{h['durchmarsch']}"]
    out = []
    points = h["points"]
    if c.table.seats[len(c.players)].stock_cards > 0:
        stock = c.game.round_total - sum(points.values())
        if stock:
            out.append(f"stock-{stock}")
    for p in c.players[:-1]:
        out.append(f"pt-{p}-{points[p]}")
    return out


# --- Struliwuli ------------------------------------------------------------------------------

def _struliwuli(t, c: FormCtx, h: dict) -> list[str]:
    from scorepad.games.struliwuli.form import order

    seq = order(c)
    out = [f"bid-{p}-{h['bids'][p]}" for p in seq] + ["bids-done"]
    out += [f"tr-{p}-{h['tricks'][p]}" for p in seq[:-1]]
    return out


# --- Zaisertshofer Ramsch --------------------------------------------------------------------

def _ramsch(t, c: FormCtx, h: dict) -> list[str]:
    out = []
    pens = h.get("penalties") or []
    if pens:  # first: a penalty can bring a weg player back in
        out.append("show-pen")
        out += [f"pen-{e['player']}-{e['kind']}" for e in pens]
    back = {e["player"] for e in pens if t.penalties[e["kind"]].back_in}
    fresh = [p for p in c.players if p in c.state.get("still_in", c.players)]
    want = set(h["participants"])
    for p in c.players:
        if (p in fresh) != (p in want) and (p in fresh or p in back):
            out.append(f"mit-{p}")
    mit = [p for p in c.players if p in want]
    out += [f"tr-{p}-{h['tricks'][p]}" for p in mit[:-1]]
    out += [f"order-{p}" for p in h.get("weg_order") or []]
    return out
