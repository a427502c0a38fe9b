"""Saukopf hand form: Trog/Napf → Spiel → Spieler (+ Mitspieler) → Grunzer → Spieß → Augen →
Laufende → Huftritt → Speichern."""

from __future__ import annotations

import flet as ft

from scorepad.cards import reachable_sums_of_size
from scorepad.ui.forms import FormCtx, FormError, numpad
from scorepad.ui.widgets import chip, chip_row, choice_row, section

QUICK_AUGEN = [0, 29, 30, 60, 61, 90, 91, 120]


def initial(c: FormCtx, existing: dict | None) -> dict:
    if existing:
        d = dict(existing)
        contract = c.table.contracts.get(existing.get("game"))
        d["_mode"] = contract.mode if contract else "trog"
        return d
    return {"_mode": "trog"}


def to_hand(c: FormCtx, d: dict) -> dict:
    hand = {k: v for k, v in d.items() if not k.startswith("_") and v is not None}
    if hand.get("passed") or hand.get("vergeben"):
        return {k: True for k in ("passed", "vergeben") if hand.get(k)}
    contract = c.table.contracts.get(hand.get("game"))
    if contract is not None and contract.kind != "doppel":
        hand.pop("partner", None)
    if not hand.get("spiess"):
        hand.pop("spiess", None)
    if not hand.get("laufende"):
        hand.pop("laufende", None)
    if hand.get("all_tricks"):
        hand.pop("augen", None)
    return hand


def _bid_options(t, contract) -> list:
    if contract.min_bid == "schwarz":
        return [("schwarz", "schwarz")]
    top = 120 if contract.max_bid == "schwarz" else contract.max_bid
    bids = [b for b in (t.bids.presets or range(contract.min_bid, top + 1)) if contract.min_bid <= b <= top]
    if contract.min_bid not in bids:
        bids.insert(0, contract.min_bid)
    options = [(b, str(b)) for b in bids]
    if contract.max_bid == "schwarz":
        options.append(("schwarz", "schwarz"))
    return options


def view(c: FormCtx, d: dict, put, err: FormError) -> list[ft.Control]:
    t = c.table
    mode = d.get("_mode", "trog")
    contract = t.contracts.get(d.get("game"))
    games = [(cid, con.name) for cid, con in t.contracts.items() if con.enabled and con.mode == mode]

    def pick_game(cid):
        con = t.contracts[cid]
        bid = con.min_bid if d.get("bid") is None or d.get("game") != cid else d.get("bid")
        put(game=cid, bid=bid)

    out: list[ft.Control] = [
        choice_row([("trog", "Trog (sauber)"), ("napf", "Napf (unrein)")], mode,
                   lambda v: put(_mode=v, game=None, bid=None), key_prefix="mode-", width=170),
        section("Spiel", choice_row(games, d.get("game"), pick_game, key_prefix="game-"), error=err.at("game")),
        section("Spieler", choice_row([(p, p) for p in c.players], d.get("player"), lambda v: put(player=v),
                                      key_prefix="player-"), error=err.at("player")),
    ]
    if contract is None:
        return out
    if contract.kind == "doppel":
        mates = [(p, p) for p in c.players if p != d.get("player")]
        out.append(section("Mitspieler", choice_row(mates, d.get("partner"), lambda v: put(partner=v),
                                                    key_prefix="partner-"), error=err.at("partner")))
    out.append(section("Grunzer", choice_row(_bid_options(t, contract), d.get("bid"), lambda v: put(bid=v),
                                              key_prefix="bid-"), error=err.at("bid")))
    out.append(chip_row([chip("am Spieß", bool(d.get("spiess")), lambda: put(spiess=not d.get("spiess")), key="spiess")]))
    if t.aside_cards:
        possible = sorted(reachable_sums_of_size(t.deck.values, t.aside_cards))
        out.append(section("Augen der 2 Karten draußen", choice_row([(v, str(v)) for v in possible],
                                                                   d.get("aside_augen", 0), lambda v: put(aside_augen=v),
                                                                   key_prefix="aside-"), error=err.at("aside_augen")))
    tricks = choice_row([(None, "normal"), ("player", "Spieler alle Stiche"), ("opponents", "Gegner alle Stiche")],
                        d.get("all_tricks"), lambda v: put(all_tricks=v), key_prefix="all-")
    augen = [] if d.get("all_tricks") else [numpad(d.get("augen"), lambda v: put(augen=v), QUICK_AUGEN, 120)]
    out.append(section("Augen der Spielerpartei", tricks, *augen, error=err.at("augen", "all_tricks")))
    lauf = d.get("laufende") or 0
    sign = -1 if lauf < 0 else 1
    if contract.trump_count:
        out.append(section(
            "Laufende (Spielerpartei)",
            choice_row([(1, "mit"), (-1, "ohne")], sign, lambda v: put(laufende=v * abs(lauf) or None), key_prefix="lauf-sign-"),
            choice_row([(0, "keine")] + [(n, str(n)) for n in range(1, min(contract.trump_count, 8) + 1)], abs(lauf),
                       lambda v: put(laufende=sign * v or None), key_prefix="lauf-"),
            error=err.at("laufende")))
    party = {d.get("player"), d.get("partner") if contract.kind == "doppel" else None} - {None}
    opponents = [p for p in c.players if p not in party]
    for i, step in enumerate(t.kontra_chain):
        if i > 0 and not d.get(t.kontra_chain[i - 1].key):
            break
        side = opponents if step.by == "opponents" else [p for p in c.players if p in party]
        out.append(section(f"{step.name} von", choice_row([(None, "keiner")] + [(p, p) for p in side], d.get(step.key),
                                                          lambda v, k=step.key: put(**{k: v}), key_prefix=f"{step.key}-"),
                           error=err.at(step.key)))
    return out


def quick_actions(c: FormCtx, save) -> list[ft.Control]:
    return [chip("Frisches Saufutter", False, lambda: save({"passed": True}), key="passed"),
            chip("Vergeben", False, lambda: save({"vergeben": True}), key="vergeben")]
