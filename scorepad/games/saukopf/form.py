"""Saukopf hand form: Trog/Napf → Spiel → Spieler (+ Mitspieler) → Grunzer → Spieß → Augen →
Laufende → Huftritt → Speichern."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad import fmt
from scorepad.cards import SUITS, reachable_sums_of_size
from scorepad.describe import chain_words, laufende_words
from scorepad.games.saukopf.rules import SaukopfContract, SaukopfTable
from scorepad.tables import SCHWARZ, Bid
from scorepad.ui.forms import FormCtx, FormError, Put, laufende_section, numpad, setter
from scorepad.ui.widgets import chip, chip_row, choice_row, rank_label, section, suit_chip


def quick_augen(t: SaukopfTable) -> list[int]:
    """The quick Augen keys: each side of the table's lines (the lowest Grunzer of each game,
    the Schlachtfest's Augen thresholds, e.g. Stallgeruch) and the ends."""
    total = t.deck.total
    keys = {0, total}
    for con in t.contracts.values():
        if con.enabled and isinstance(con.min_bid, int):  # a game bid "schwarz" has no Augen line
            keys |= {con.min_bid - 1, con.min_bid}
    for items in (t.fleisch.trog, t.fleisch.napf):
        for item in items.values():
            if item.enabled and item.threshold is not None and item.when == "losers_augen_below":
                keys |= {item.threshold - 1, item.threshold, total - item.threshold, total - item.threshold + 1}
            elif item.enabled and item.threshold is not None and item.when == "losers_augen_above":
                keys |= {item.threshold, item.threshold + 1, total - item.threshold, total - item.threshold - 1}
    return sorted(k for k in keys if 0 <= k <= total)


def counts_laufende(t: SaukopfTable, contract: SaukopfContract) -> bool:
    """Whether this table's Schlachtfest counts Laufende in this game: the game has trumps and
    its Trog or Napf has an item for the winners "mit" or "ohne" (Glücksschwein, Ohne Schwarte)."""
    items = getattr(t.fleisch, contract.mode).values()
    return contract.trump_count > 0 and any(item.enabled and item.when in ("winners_mit", "winners_ohne")
                                            for item in items)


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if existing:
        d = dict(existing)
        contract = c.table.contracts.get(existing.get("game"))
        d["_mode"] = contract.mode if contract else "trog"
        if existing.get("laufende"):
            d["_lauf_sign"] = -1 if existing["laufende"] < 0 else 1
        if contract is not None and existing.get("bid") not in [b for b, _ in bid_options(c.table, contract)]:
            d["_bid_pad"] = True
        if existing.get("knorpel_card"):
            d["_kc_suit"], _, d["_kc_rank"] = existing["knorpel_card"].partition("-")
        return d
    return {"_mode": "trog"}


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    hand = {k: v for k, v in d.items() if not k.startswith("_") and v is not None}
    if hand.get("passed") or hand.get("vergeben"):
        return {k: True for k in ("passed", "vergeben") if hand.get(k)}
    contract = c.table.contracts.get(hand.get("game"))
    if contract is not None and contract.kind != "doppel":
        hand.pop("partner", None)
    if not hand.get("spiess"):
        hand.pop("spiess", None)
    if not hand.get("laufende") or (contract is not None and not counts_laufende(c.table, contract)):
        hand.pop("laufende", None)  # none, or a note the table does not count (an old file's)
    if hand.get("all_tricks"):
        hand.pop("augen", None)
    chosen = contract.chosen_trump if contract is not None else "none"
    if chosen == "free":  # a table from before the check: the notes stay as they were written
        return hand
    if chosen != "suit":
        hand.pop("trump", None)
    hand.pop("knorpel_card", None)
    if chosen == "card" and d.get("_kc_suit") and d.get("_kc_rank"):
        hand["knorpel_card"] = f"{d['_kc_suit']}-{d['_kc_rank']}"
    return hand


def bid_options(t: SaukopfTable, contract: SaukopfContract) -> list[tuple[Bid, str]]:
    """The Grunzer chips: the table's presets the game allows (any other bid on the pad)."""
    low = contract.min_bid
    if not isinstance(low, int):  # only "schwarz" may be bid
        return [(SCHWARZ, "schwarz")]
    top = contract.max_bid if isinstance(contract.max_bid, int) else t.bids.highest
    bids = [b for b in (t.bids.presets or range(low, top + 1)) if low <= b <= top]
    if low not in bids:
        bids.insert(0, low)
    options: list[tuple[Bid, str]] = [(b, str(b)) for b in bids]
    if contract.max_bid == SCHWARZ:
        options.append((SCHWARZ, "schwarz"))
    return options


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    t = c.table
    mode = d.get("_mode", "trog")
    contract = t.contracts.get(d.get("game"))
    games = [(cid, con.name) for cid, con in t.contracts.items() if con.enabled and con.mode == mode]

    def pick_game(cid: str) -> None:
        con = t.contracts[cid]
        bid = con.min_bid if d.get("bid") is None or d.get("game") != cid else d.get("bid")
        put(game=cid, bid=bid, _bid_pad=None if bid in [b for b, _ in bid_options(t, con)] else d.get("_bid_pad"))

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
    options = bid_options(t, contract)
    top = t.bids.highest if contract.max_bid == SCHWARZ else contract.max_bid
    grunzer: list[ft.Control] = [choice_row(options, None if d.get("_bid_pad") else d.get("bid"), lambda v: put(bid=v, _bid_pad=None),
                          key_prefix="bid-")]
    if d.get("_bid_pad"):
        bid = d.get("bid") if isinstance(d.get("bid"), int) else None
        grunzer.append(numpad(bid, lambda v: put(bid=v), [], top, label="Grunzer", key_prefix="bid-"))
    elif contract.min_bid != SCHWARZ and len([b for b, _ in options if b != SCHWARZ]) < top - contract.min_bid + 1:
        grunzer.append(chip_row([chip("anderer Grunzer", False, lambda: put(bid=None, _bid_pad=True), key="bid-other")]))
    out.append(section("Grunzer", *grunzer, error=err.at("bid")))
    out.append(chip_row([chip("am Spieß", bool(d.get("spiess")), lambda: put(spiess=not d.get("spiess")), key="spiess")]))
    out.extend(chosen_trump_section(t, contract, d, put, err))
    if t.aside_cards:
        possible = sorted(reachable_sums_of_size(t.deck.values, t.aside_cards))
        out.append(section(f"Augen der {t.aside_cards} Karten draußen", choice_row([(v, str(v)) for v in possible],
                                                                   d.get("aside_augen", 0), lambda v: put(aside_augen=v),
                                                                   key_prefix="aside-"), error=err.at("aside_augen")))
    tricks = choice_row([(None, "normal"), ("player", "Spieler alle Stiche"), ("opponents", "Gegner alle Stiche")],
                        d.get("all_tricks"), lambda v: put(all_tricks=v), key_prefix="all-")
    in_play = t.deck.total - (d.get("aside_augen") or 0)
    augen = [] if d.get("all_tricks") else [numpad(d.get("augen"), lambda v: put(augen=v), quick_augen(t), in_play)]
    out.append(section("Augen der Spielerpartei", tricks, *augen, error=err.at("augen", "all_tricks")))
    if counts_laufende(t, contract):  # only what the Schlachtfest counts
        out.append(laufende_section(d, put, err, contract.trump_count, "Laufende (Spielerpartei)"))
    party = {d.get("player"), d.get("partner") if contract.kind == "doppel" else None} - {None}
    opponents = [p for p in c.players if p not in party]
    for i, step in enumerate(t.kontra_chain):
        if i > 0 and not d.get(t.kontra_chain[i - 1].key):
            break
        side = opponents if step.by == "opponents" else [p for p in c.players if p in party]
        out.append(section(f"{step.name} von", choice_row([(None, "keiner")] + [(p, p) for p in side], d.get(step.key),
                                                          setter(put, step.key), key_prefix=f"{step.key}-"),
                           error=err.at(step.key)))
    return out


def chosen_trump_section(t: SaukopfTable, contract: SaukopfContract, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    """The trump the player picked, for the record: a suit (Keiler, Hauer) or one card (Knorpel)."""
    suits = SUITS[:t.deck.suits]
    if contract.chosen_trump == "suit":
        return [section("Trumpffarbe (nur zur Erinnerung)", chip_row(
            suit_chip(s, d.get("trump") == s, lambda _e=None, s=s: put(trump=None if d.get("trump") == s else s))
            for s in suits), error=err.at("trump"))]
    if contract.chosen_trump == "card":
        def pick(key: str, value: str) -> None:
            put(**{key: None if d.get(key) == value else value})

        return [section("Trumpfkarte (nur zur Erinnerung)",
                        chip_row(suit_chip(s, d.get("_kc_suit") == s, lambda _e=None, s=s: pick("_kc_suit", s),
                                           key_prefix="kc-suit-") for s in suits),
                        chip_row(chip(rank_label(r), d.get("_kc_rank") == r, (lambda _e=None, r=r: pick("_kc_rank", r)),
                                      key=f"kc-rank-{r}") for r in t.deck.card_points),
                        error=err.at("knorpel_card"))]
    return []


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """What is chosen so far, in one line (stays in view while the form scrolls)."""
    t = c.table
    contract = t.contracts.get(d.get("game"))
    if contract is None:
        return ""
    parts = [contract.name]
    who = " + ".join(x for x in (d.get("player"), d.get("partner") if contract.kind == "doppel" else None) if x)
    if who:
        parts.append(who)
    if d.get("bid") is not None:
        parts.append(f"Grunzer {d['bid']}" + (" am Spieß" if d.get("spiess") else ""))
    if d.get("all_tricks"):
        parts.append("Spieler alle Stiche" if d["all_tricks"] == "player" else "Gegner alle Stiche")
    elif d.get("augen") is not None:
        parts.append(fmt.counted(d["augen"], "Augen"))
    if d.get("laufende") and counts_laufende(t, contract):
        parts.append(laufende_words(d["laufende"]))
    return " · ".join(parts + chain_words(t, d))


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    return [chip("Frisches Saufutter", False, lambda: save({"passed": True}), key="passed"),
            chip("Vergeben", False, lambda: save({"vergeben": True}), key="vergeben")]


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """Nothing to wait for: the engine says what is still open."""
    return None
