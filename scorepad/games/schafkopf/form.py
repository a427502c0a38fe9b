"""Schafkopf hand form: Spielart → Spieler → Mitspieler → Ergebnis → (Kontra/Re) → Speichern.
A Sauspiel takes four taps: Spieler, Mitspieler, Ergebnis, Speichern."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad import fmt
from scorepad.cards import SUITS
from scorepad.describe import RESULT_WORDS, TOUT_WORDS, chain_words, laufende_words, tout_won
from scorepad.games.schafkopf.rules import SchafkopfContract, SchafkopfTable
from scorepad.games.schafkopf.sheet import ramsch_loser, sie_worth, suit_words
from scorepad.ui.forms import FormCtx, FormError, Put, laufende_section, numpad, setter
from scorepad.ui.widgets import chip, chip_row, choice_row, section, suit_chip

TRICKS_WORDS = {"no_trick": "gewonnen heißt: kein Stich", "all_tricks": "gewonnen heißt: alle Stiche"}
RESULTS = [("won", "gewonnen"), ("won_schneider", "Schneider"), ("won_schwarz", "schwarz"),
           ("lost", "verloren"), ("lost_schneider", "Schneider"), ("lost_schwarz", "schwarz")]
# a Tout is won only with every trick, else lost, and knows no Schneider (rules.py Tout): these two
TOUT_RESULTS = [("won_schwarz", TOUT_WORDS[True]), ("lost", TOUT_WORDS[False])]


def quick_augen(t: SchafkopfTable) -> list[int]:
    """The quick Augen keys: each side of the table's thresholds (win, Schneider) and the ends."""
    total, th = t.deck.total, t.thresholds
    keys = {0, total, th.player_free - 1, th.player_free, th.player_wins - 1, th.player_wins,
            total - th.opponents_free, total - th.opponents_free + 1}
    return sorted(k for k in keys if 0 <= k <= total)


def counts_laufende(t: SchafkopfTable, contract: SchafkopfContract) -> bool:
    """Whether this table counts Laufende in this game (on at the table, the game has trumps)."""
    return t.laufende.enabled and contract.trump_count > 0


def counts_ohne(t: SchafkopfTable) -> bool:
    """Whether the opponents' Laufende ("ohne") count too, not only the player party's."""
    return t.laufende.counted_for != "player"


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if existing:
        draft = dict(existing)
        draft["_augen_mode"] = "augen" in existing
        if existing.get("game") == "ramsch":
            for p, v in (existing.get("augen") or {}).items() if isinstance(existing.get("augen"), dict) else []:
                draft[f"_aug:{p}"] = v
            draft["_jf"] = list(existing.get("jungfrauen") or [])
            draft.pop("augen", None)
            draft.pop("jungfrauen", None)
        if existing.get("laufende"):
            draft["_lauf_sign"] = -1 if existing["laufende"] < 0 else 1
        if existing.get("tout"):  # an older Tout's result as the form offers it, as the engine booked it
            draft.update(booked_tout(existing))
            draft["_augen_mode"] = draft.get("augen") is not None
        return draft
    first = next(cid for cid, con in c.table.contracts.items() if con.enabled)
    return {"game": first}


def _ramsch_on(c: FormCtx) -> bool:
    ramsch = getattr(c.table, "ramsch", None)
    return bool(ramsch is not None and ramsch.enabled)


def _ramsch_augen(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    """Each player's Augen; the last player's follow from the deck's total."""
    augen = {p: d.get(f"_aug:{p}") for p in c.players}
    if all(augen[p] is not None for p in c.players[:-1]):
        augen[c.players[-1]] = c.table.deck.total - sum(augen[p] or 0 for p in c.players[:-1])
    return augen


def _ramsch_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    hand: dict[str, Any] = {"game": "ramsch"}
    if d.get("durchmarsch"):
        hand["durchmarsch"] = d["durchmarsch"]
    else:
        hand["augen"] = {p: v for p, v in _ramsch_augen(c, d).items() if v is not None}
        if d.get("_jf"):
            hand["jungfrauen"] = [p for p in c.players if p in d["_jf"]]
        if d.get("loser"):
            hand["loser"] = d["loser"]
    if d.get("klopfer"):
        hand["klopfer"] = d["klopfer"]
    return hand


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    if d.get("game") == "ramsch":
        return _ramsch_hand(c, d)
    hand = {k: v for k, v in d.items() if not k.startswith("_") and v is not None}
    if hand.get("passed"):
        return {"passed": True}
    contract = c.table.contracts.get(hand.get("game"))
    if contract is not None and contract.kind != "partner":
        hand.pop("partner", None)
    if contract is not None and contract.won_by != "augen":  # won by the tricks: won or lost only
        hand.pop("augen", None)
        hand.pop("all_tricks", None)
        hand.pop("tout", None)
    elif d.get("_augen_mode"):
        hand.pop("result", None)
        if hand.get("augen") not in (0, c.table.deck.total):
            hand.pop("all_tricks", None)
    else:
        hand.pop("augen", None)
        hand.pop("all_tricks", None)
    if not hand.get("klopfer"):
        hand.pop("klopfer", None)
    if not hand.get("laufende"):
        hand.pop("laufende", None)
    if contract is not None and not counted(c.table, contract, hand):
        hand.pop("laufende", None)  # a note the table does not count (an old file's): not offered, not kept
    if contract is not None and not contract.needs_suit:
        hand.pop("suit", None)
    if contract is not None and contract.kind == "sie":
        for k in ("augen", "result", "all_tricks", "laufende", "suit", "tout", *[s.key for s in c.table.kontra_chain]):
            hand.pop(k, None)
    return hand


def offers_tout(t: SchafkopfTable, contract: SchafkopfContract) -> bool:
    """Tout where the table has it: a solo won by the Augen, announced to take every trick."""
    return t.tout.enabled and contract.kind == "solo" and contract.won_by == "augen"


def booked_tout(hand: dict[str, Any]) -> dict[str, Any]:
    """A Tout's result as the form offers it, read as the engine books it: won only with every
    trick ("gewonnen – alle Stiche", result won_schwarz), else lost ("verloren": a result of
    gewonnen or Schneider scores as lost, and a Tout knows no Schneider); lost schwarz (the
    player party took no trick, which may start a Bock round) as its Augen, 0 and every trick
    to the opponents. The changes to make to `hand` (none for Augen or won_schwarz)."""
    result = hand.get("result")
    if result is None or result == "won_schwarz":
        return {}
    if result == "lost_schwarz":
        return {"result": None, "augen": 0, "all_tricks": "opponents"}
    return {"result": "lost"}


def tout_switched(d: dict[str, Any], on: bool) -> dict[str, Any]:
    """The draft's changes when Tout is tapped on or off: on, a result the Tout does not offer
    goes (gewonnen, Schneider: asked again, as only every trick wins it; verloren Schneider is
    verloren; verloren schwarz its Augen, see booked_tout)."""
    if not on:
        return {"tout": None}
    changes = booked_tout(d)
    if d.get("result") in ("won", "won_schneider"):
        changes = {"result": None}
    if changes.get("augen") is not None:
        changes["_augen_mode"] = True
    return {"tout": True, **changes}


def more_names(t: SchafkopfTable, contract: SchafkopfContract) -> list[str]:
    """What the chip under the result opens, by name (Kontra / Re / Laufende / Farbe); none: no
    chip, Geklopft (if the table has it) is shown at once."""
    return ([step.name for step in t.kontra_chain[:2]] + ["Laufende"] * counts_laufende(t, contract)
            + ["Farbe"] * (contract.needs_suit and not contract.suit_tariffs) + ["Tout"] * (offers_tout(t, contract) and not t.kontra_chain))


def counted(t: SchafkopfTable, contract: SchafkopfContract, hand: dict[str, Any]) -> bool:
    """Whether the hand's Laufende are what the table counts: Laufende on, a game with trumps,
    "ohne" only where the opponents' count."""
    laufende = hand.get("laufende") or 0
    return counts_laufende(t, contract) and (laufende > 0 or counts_ohne(t))


def _klopfen(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    klopfen = getattr(c.table, "klopfen", None)
    if klopfen is None or not klopfen.enabled:
        return []
    return [section("Geklopft (wie viele)",
                    choice_row([(n, str(n)) for n in range(len(c.players) + 1)], d.get("klopfer") or 0,
                               lambda v: put(klopfer=v or None), key_prefix="klopfer-"),
                    error=err.at("klopfer"))]


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    t = c.table
    contract = t.contracts.get(d.get("game"))
    games = [(cid, con.name) for cid, con in t.contracts.items() if con.enabled]
    if _ramsch_on(c):
        games.append(("ramsch", "Ramsch"))
    out: list[ft.Control] = [
        section("Spiel", choice_row(games, d.get("game"), lambda v: put(game=v), key_prefix="game-"),
                error=err.at("game")),
        section("Spieler", choice_row([(p, p) for p in c.players], d.get("player"),
                                      lambda v: put(player=v, partner=None if d.get("partner") == v else d.get("partner")),
                                      key_prefix="player-"),
                error=err.at("player")),
    ]
    if d.get("game") == "ramsch":
        return out[:1] + _ramsch_view(c, d, put, err)
    if contract is None:
        return out
    if contract.kind == "partner":
        mates = [(p, p) for p in c.players if p != d.get("player")]
        out.append(section(f"Mitspieler ({contract.partner_is})" if contract.partner_is else "Mitspieler",
                           choice_row(mates, d.get("partner"), lambda v: put(partner=v), key_prefix="partner-"),
                           error=err.at("partner")))
    if contract.kind == "sie":  # what it counts; who gets and gives it, the preview says
        worth = f", zählt {sie_worth(t, contract)}" if contract.tariff_of in t.contracts else ""
        out.append(ft.Text(f"{contract.name}: sofort gewonnen{worth}.", size=15))
        return out + _klopfen(c, d, put, err)

    total = t.deck.total
    tout = bool(d.get("tout")) and offers_tout(t, contract)
    if contract.won_by != "augen":  # Bettel, Tout: won or lost, no Augen
        out.append(section(f"Ergebnis ({TRICKS_WORDS[contract.won_by]})",
                           choice_row([RESULTS[0], RESULTS[3]], d.get("result"), lambda v: put(result=v),
                                      key_prefix="result-", width=116),
                           error=err.at("result", "augen", "all_tricks")))
    elif d.get("_augen_mode"):
        every = []
        augen = d.get("augen")
        if augen in (0, total):
            everything = "player" if augen == total else "opponents"
            words = "Spielerpartei" if everything == "player" else "Gegner"
            every = [section("Alle Stiche? (sonst Schneider, mit allen Stichen schwarz)",
                             choice_row([(None, "nicht alle"), (everything, f"{words}: alle Stiche")],
                                        d.get("all_tricks") if d.get("all_tricks") == everything else None,
                                        lambda v: put(all_tricks=v), key_prefix="all-"))]
        out.append(section("Augen der Spielerpartei",
                           numpad(augen, lambda v: put(augen=v), quick_augen(t), total),
                           *every,
                           chip_row([chip("Ergebnis statt Augen", False, lambda: put(_augen_mode=False), key="mode-result")]),
                           error=err.at("augen", "result", "all_tricks")))
    elif tout:  # announced to take every trick: won with all of them, else lost
        out.append(section("Ergebnis (Tout: gewonnen nur mit allen Stichen)",
                           choice_row(TOUT_RESULTS, d.get("result"), lambda v: put(result=v), key_prefix="result-"),
                           chip_row([chip("Augen zählen", False, lambda: put(_augen_mode=True), key="mode-augen")]),
                           error=err.at("result", "augen", "all_tricks")))
    else:
        rows = [choice_row(RESULTS[:3], d.get("result"), lambda v: put(result=v), key_prefix="result-", width=116),
                choice_row(RESULTS[3:], d.get("result"), lambda v: put(result=v), key_prefix="result-", width=116),
                chip_row([chip("Augen zählen", False, lambda: put(_augen_mode=True), key="mode-augen")])]
        out.append(section("Ergebnis (Spielerpartei)", *rows, error=err.at("result", "augen", "all_tricks")))

    party = {d.get("player"), d.get("partner") if contract.kind == "partner" else None} - {None}
    opponents = [p for p in c.players if p not in party]
    offers_laufende = counts_laufende(t, contract)
    names = more_names(t, contract)
    more = (d.get("_more") or any(d.get(step.key) for step in t.kontra_chain) or d.get("laufende")
            or d.get("tout") or d.get("klopfer") or d.get("suit") or d.get("_lauf_sign"))
    if not more:
        if contract.suit_tariffs:  # the suit counts (a Herz-Solo): asked at once, not behind the chip
            out.append(_suit_section(t, contract, d, put, err))
        if names:
            out.append(chip_row([chip(" / ".join(names), False, lambda: put(_more=True), key="more")]))
        else:
            out += _klopfen(c, d, put, err)  # nothing else to add: Geklopft right here
        return out
    sayers = []
    for i, step in enumerate(t.kontra_chain):
        side = opponents if step.by == "opponents" else [p for p in c.players if p in party]
        if i > 0 and not d.get(t.kontra_chain[i - 1].key):
            break
        options = [(None, "keiner")] + [(p, p) for p in side]
        sayers.append(section(f"{step.name} von", choice_row(options, d.get(step.key), setter(put, step.key),
                                                              key_prefix=f"{step.key}-"),
                              error=err.at(step.key)))
    out.extend(sayers)
    if offers_tout(t, contract):
        out.append(section("Tout (angesagt: alle Stiche)",
                           choice_row([(False, "nein"), (True, "Tout")], bool(d.get("tout")),
                                      lambda v: put(**tout_switched(d, v)), key_prefix="tout-"), error=err.at("tout")))
    out += _klopfen(c, d, put, err)
    # only what the table counts: Laufende where they count (a game without trumps, Bettel, has
    # none), "ohne" where the opponents' count; the suit (a note) where the game has one
    if offers_laufende:
        out.append(laufende_section(d, put, err, contract.trump_count, laufende_title(t), ohne=counts_ohne(t)))
    if contract.needs_suit:
        out.append(_suit_section(t, contract, d, put, err))
    return out


def _suit_section(t: SchafkopfTable, contract: SchafkopfContract, d: dict[str, Any], put: Put,
                  err: FormError) -> ft.Control:
    """The suit: a note, or where the game is worth more in some suits (Herz-Solo) what counts."""
    counts = suit_words(t, contract).strip(" ()")  # "Herz 25 Punkte"
    title = f"Farbe (zählt: {counts})" if counts else "Farbe (nur zur Erinnerung)"
    return section(title, chip_row(
        suit_chip(s, d.get("suit") == s, lambda _e=None, s=s: put(suit=None if d.get("suit") == s else s))
        for s in SUITS), error=err.at("suit") if contract.suit_tariffs else None)


def laufende_title(t: SchafkopfTable) -> str:
    return "Laufende (zählen nur für die Spieler)" if not counts_ohne(t) else "Laufende"


def _ramsch_view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    """Ramsch (everyone passed): each player's Augen, who took no trick, or a Durchmarsch."""
    out: list[ft.Control] = _klopfen(c, d, put, err)
    out += [section("Durchmarsch (einer macht alle Stiche)",
                                     choice_row([(None, "keiner")] + [(p, p) for p in c.players], d.get("durchmarsch"),
                                                lambda v: put(durchmarsch=v), key_prefix="ramsch-dm-"),
                                     error=err.at("durchmarsch"))]
    if d.get("durchmarsch"):
        return out
    augen = _ramsch_augen(c, d)
    focus = d.get("_focus") or c.players[0]
    who = chip_row(chip(f"{p} {'–' if augen[p] is None else augen[p]}", p == focus,
                        (lambda _e=None, p=p: put(_focus=p)), disabled=p == c.players[-1], key=f"ramsch-who-{p}")
                   for p in c.players)
    out.append(section("Augen je Spieler (der Letzte ist der Rest)", who,
                       numpad(d.get(f"_aug:{focus}"), lambda v: put(**{f"_aug:{focus}": v}), [], c.table.deck.total,
                              label=focus),
                       error=err.at("augen")))
    jf = d.get("_jf") or []
    out.append(section("Jungfrau (kein Stich)", chip_row(
        chip(p, p in jf, (lambda _e=None, p=p: put(_jf=[q for q in jf if q != p] if p in jf else jf + [p])),
             key=f"ramsch-jf-{p}") for p in c.players), error=err.at("jungfrauen")))
    if err.at("loser") or d.get("loser") or all(v is not None for v in augen.values()):
        out.append(section(f"Wer {ramsch_loser(c.table)}? (bei Gleichstand nach eurer Regel)",
                           choice_row([(p, p) for p in c.players], d.get("loser"),
                                      lambda v: put(loser=None if d.get("loser") == v else v), key_prefix="ramsch-loser-"),
                           error=err.at("loser")))
    return out


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """What is chosen so far, in one line (stays in view while the form scrolls)."""
    t = c.table
    if d.get("game") == "ramsch":
        parts = ["Ramsch"]
        if d.get("durchmarsch"):
            parts.append(f"Durchmarsch {d['durchmarsch']}")
        else:
            augen = _ramsch_augen(c, d)
            given = [f"{p} {v}" for p, v in augen.items() if v is not None]
            if given:
                parts.append(", ".join(given))
    else:
        contract = t.contracts.get(d.get("game"))
        parts = [contract.name] if contract else []
        who = " + ".join(x for x in (d.get("player"), d.get("partner") if contract and contract.kind == "partner" else None) if x)
        if who:
            parts.append(who)
        if contract is not None and contract.kind != "sie":
            tout = bool(d.get("tout")) and offers_tout(t, contract)
            if tout:
                parts.append("Tout")
            augen_mode = d.get("_augen_mode") and contract.won_by == "augen"
            if augen_mode:
                if d.get("augen") is not None:
                    parts.append(fmt.counted(d["augen"], "Augen") + (" (alle Stiche)" if d.get("all_tricks") else ""))
            elif d.get("result") and not tout:
                parts.append(RESULT_WORDS[d["result"]])
            if tout and (d.get("augen") is not None if augen_mode else d.get("result")):  # won only with every trick
                parts.append(TOUT_WORDS[tout_won(to_hand(c, d))])
            parts += chain_words(t, d)
            if d.get("laufende") and counted(t, contract, d):
                parts.append(laufende_words(d["laufende"]) or "")
    if d.get("klopfer"):
        parts.append(f"{d['klopfer']}x geklopft")
    return " · ".join(parts)


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    """Entries that need no form: everyone passed (not where a Muss-Spiel is played then)."""
    muss = getattr(c.table, "muss", None)
    if muss is not None and muss.enabled:
        return []
    return [chip("Zamgschmissen", False, lambda: save({"passed": True}), key="passed")]


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """Nothing to wait for: the engine says what is still open."""
    return None
