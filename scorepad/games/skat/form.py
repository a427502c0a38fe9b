"""Skat hand form, laid out to fit a phone's screen: Spieler (who plays this game) → Spiel (Karo,
Herz, Pik, Kreuz, Grand, Null; Hand and ouvert beside them) → Spitzen ("mit" preselected, "ohne"
one tap; 1 to 11, in Grand 1 to 4) → Ergebnis (gewonnen or verloren, Schneider and Schwarz
beside them; the declarer's Augen one tap away on a pad) → Ansagen (Hand games: Schneider or
Schwarz angesagt) → Reizwert (optional, on a pad): a game the bid is not reached by is marked
"überreizt" right there, before it is saved. A won suit game with Spitzen: Spieler, Spiel,
Spitzen, gewonnen, Speichern. "Eingepasst" saves at once (a quick action). Where the table plays
Ramsch (house rule), "Ramsch" sits beside the players in the Spieler row (nobody declared): then
each player's Augen (0 one tap, the rest of 120 one tap for the last, else the pad), Jungfrau,
Durchmarsch, geschoben, and who loses when the most Augen are shared and the table decides."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
from pydantic import ValidationError

from scorepad.games.skat.hand import GAME_NAMES, SkatHand, SkatRefused
from scorepad.games.skat.rules import SkatTable
from scorepad.games.skat.value import bid_values, score
from scorepad.games.skat.words import PASSED, RAMSCH, game_label
from scorepad.ui.forms import FormCtx, FormError, Put, sit_out
from scorepad.ui.widgets import chip, tag

DENSE = 8  # the room left and right of a chip's label: the form fits a phone's screen
GAP = 5
NUMBER_WIDTH = 44  # a Spitzen chip
# the hand keys the draft keeps besides the form's own (those start with "_")
RESULT_KEYS = ("won", "schneider", "schwarz", "augen")
# a Ramsch's keys (house rule), left behind when "Ramsch" is tapped off again
RAMSCH_KEYS = ("ramsch", "ramsch_augen", "jungfrauen", "durchmarsch", "geschoben", "loser")


def quick_augen(t: SkatTable) -> list[int]:
    """The Augen keys: none, the Schneider line and one above, the half and the winning mark,
    the other side's Schneider line and one above, all of them."""
    total, win, cut = t.augen.total, t.augen.win, t.augen.schneider
    return sorted({0, cut, cut + 1, win - 1, win, total - cut - 1, total - cut, total})


def quick_bids(t: SkatTable) -> list[int]:
    """The Reizwerte said most at a table: the lowest ones, up to twice the lowest Grand."""
    return sorted(v for v in bid_values(t) if v <= 2 * t.grundwerte.grand)[:12]


def most_spitzen(t: SkatTable, game: str | None) -> int:
    return t.spitzen.grand if game == "grand" else t.spitzen.suit


def ramsch_players(c: FormCtx, d: dict[str, Any]) -> list[str]:
    """Who plays this Ramsch: who does not sit out (the draft's choice, else the deal's)."""
    game = c.game
    if game is None or not game.seats.out:
        return list(c.players)
    return sit_out.in_play(game, sit_out.chosen(game, d))


def ramsch_quick(t: SkatTable, augen: dict[str, int], player: str, players: list[str]) -> list[int]:
    """A player's Augen keys in a Ramsch: none, and once everyone else has his, the rest."""
    others = [augen.get(p) for p in players if p != player]
    if any(a is None for a in others):
        return [0]
    rest = t.augen.total - sum(a for a in others if a is not None)
    return sorted({0, rest}) if 0 <= rest <= t.augen.total else [0]


def ramsch_tied(t: SkatTable, augen: dict[str, int], players: list[str]) -> list[str]:
    """Who shares the most Augen when the table decides a tie and every Augen is in ([]: none)."""
    if t.ramsch.tie != "table" or any(augen.get(p) is None for p in players):
        return []
    top = max(augen[p] for p in players)
    tied = [p for p in players if augen[p] == top]
    return tied if len(tied) > 1 else []


def _ramsch_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    """The draft as a Ramsch: only the Ramsch's keys, of who plays it."""
    players = ramsch_players(c, d)
    hand: dict[str, Any] = {"ramsch": True}
    if d.get("geschoben"):
        hand["geschoben"] = d["geschoben"]
    if d.get("durchmarsch") in players:
        hand["durchmarsch"] = d["durchmarsch"]
        return hand
    augen = {p: a for p, a in (d.get("ramsch_augen") or {}).items() if p in players and a is not None}
    if augen:
        hand["ramsch_augen"] = augen
    jungfrauen = [p for p in players if p in (d.get("jungfrauen") or [])]
    if jungfrauen:
        hand["jungfrauen"] = jungfrauen
    if d.get("loser") in ramsch_tied(c.table, augen, players):
        hand["loser"] = d["loser"]
    return hand


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if not existing:
        return {}
    d = dict(existing)
    if existing.get("ramsch"):
        d["_ramsch_pad"] = [p for p, a in (existing.get("ramsch_augen") or {}).items() if a]
        return d
    if existing.get("augen") is not None:
        d["_augen"] = True
        d["_augen_pad"] = existing["augen"] not in quick_augen(c.table)
    if existing.get("reizwert") is not None:
        d["_reiz"] = True
        d["_reiz_pad"] = existing["reizwert"] not in quick_bids(c.table)
    return d


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    if d.get("ramsch"):
        return _ramsch_hand(c, d)
    hand = {k: v for k, v in d.items() if not k.startswith("_") and v is not None and v is not False
            and k not in RAMSCH_KEYS}
    if d.get("mit") is False and hand.get("game") not in (None, "null"):
        hand["mit"] = False
    if hand.get("game") == "null":
        for key in ("spitzen", "mit", "schneider_angesagt", "schwarz_angesagt", "schneider", "schwarz", "augen"):
            hand.pop(key, None)
    if not (hand.get("hand") or c.table.announce_without_hand) or hand.get("ouvert"):
        hand.pop("schneider_angesagt", None)
        hand.pop("schwarz_angesagt", None)
    if d.get("_augen") and hand.get("game") != "null":
        hand.pop("won", None)
        hand.pop("schneider", None)
        if hand.get("augen") not in (0, c.table.augen.total):
            hand.pop("schwarz", None)
    else:
        hand.pop("augen", None)
        if "won" not in hand and d.get("won") is False:
            hand["won"] = False
    if not d.get("_reiz"):
        hand.pop("reizwert", None)
    return hand


# --- the rows ---------------------------------------------------------------------------------

def _label(title: str) -> ft.Control:
    return ft.Text(title, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT)


def _row(items: list[ft.Control]) -> ft.Row:
    return ft.Row(items, wrap=True, spacing=GAP, run_spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _block(*rows: ft.Control, error: str | None = None) -> ft.Control:
    parts = list(rows)
    if error:
        parts.append(ft.Text(error, color=ft.Colors.ERROR, size=15, weight=ft.FontWeight.W_600))
    return ft.Column(parts, spacing=GAP, tight=True)


def _pick(label: str, selected: bool, on_click: Callable[..., Any], key: str, width: int | None = None) -> ft.Control:
    return chip(label, selected, on_click, key=key, width=width, padding=DENSE)


KEY_WIDTH = 50  # a number key
PAD_KEYS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]


def _number_rows(title: str, value: int | None, on_value: Callable[[int | None], None], quick: list[int],
                 maximum: int, prefix: str, pad: bool, put_pad: Callable[[bool], None],
                 more: list[ft.Control]) -> list[ft.Control]:
    """A number as the form takes it without a swipe: a key for each number said most, "Zahl"
    for the pad (its digits in two short rows); `more`: chips after them ("gewonnen / verloren")."""
    if pad:
        def digit(n: int) -> None:
            nxt = (value or 0) * 10 + n
            on_value(nxt if nxt <= maximum else n)

        keys = [_pick(str(n), False, (lambda _e=None, n=n: digit(n)), f"{prefix}pad-{n}", KEY_WIDTH) for n in PAD_KEYS]
        back = _pick("Lösch", False, lambda _e=None: on_value(None if value is None or value < 10 else value // 10),
                     f"{prefix}pad-back")
        return [_row([_label(f"{title}: {'–' if value is None else value}")] + keys[:5]),
                _row(keys[5:] + [back, _pick("Zahl", True, lambda _e=None: put_pad(False), f"{prefix}pad-off")] + more)]
    chips = [_pick(str(q), q == value, (lambda _e=None, q=q: on_value(q)), f"{prefix}quick-{q}", KEY_WIDTH) for q in quick]
    return [_row([_label(title)] + chips + [_pick("Zahl", False, lambda _e=None: put_pad(True), f"{prefix}pad-on")] + more)]


def _declarer_block(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    """The players, and "Ramsch" beside them where the table plays it (nobody declared)."""
    ramsch = bool(d.get("ramsch"))
    chips = [_pick(p, not ramsch and d.get("declarer") == p, (lambda _e=None, p=p: put(declarer=p, ramsch=None)),
                   f"declarer-{p}") for p in c.players]
    if c.table.ramsch.enabled:
        chips.append(_pick(RAMSCH, ramsch, lambda _e=None: put(ramsch=None if ramsch else True), "ramsch"))
    return _block(_row([_label("Spieler")] + chips), error=err.at("declarer", "ramsch"))


def _ramsch_blocks(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    """A Ramsch: Durchmarsch, else each player's Augen and the Jungfrauen; geschoben; who loses
    a tie the table decides."""
    t: SkatTable = c.table
    players = ramsch_players(c, d)
    durch = d.get("durchmarsch")
    blocks = [_block(_row([_label("Durchmarsch")] + [
        _pick(p, durch == p, (lambda _e=None, p=p: put(durchmarsch=None if durch == p else p)), f"durchmarsch-{p}")
        for p in players]), error=err.at("durchmarsch"))]
    if durch not in players:
        augen = {p: a for p, a in (d.get("ramsch_augen") or {}).items() if a is not None}
        padded = list(d.get("_ramsch_pad") or [])
        rows: list[ft.Control] = [_label(f"Augen (zusammen {t.augen.total})")]
        for p in players:
            def set_augen(v: int | None, p: str = p) -> None:
                put(ramsch_augen={**{k: a for k, a in augen.items() if k != p}, **({} if v is None else {p: v})})

            def set_pad(on: bool, p: str = p) -> None:
                put(_ramsch_pad=[*padded, p] if on else [k for k in padded if k != p])

            rows += _number_rows(p, augen.get(p), set_augen, ramsch_quick(t, augen, p, players),
                                 t.augen.total, f"ramsch-{p}-", p in padded, set_pad, [])
        blocks.append(_block(*rows, error=err.at("ramsch_augen")))
        jungfrauen = list(d.get("jungfrauen") or [])
        blocks.append(_block(_row([_label("Jungfrau")] + [
            _pick(p, p in jungfrauen, (lambda _e=None, p=p: put(
                jungfrauen=[k for k in jungfrauen if k != p] if p in jungfrauen else [*jungfrauen, p])),
                  f"jungfrau-{p}") for p in players]), error=err.at("jungfrauen")))
        tied = ramsch_tied(t, augen, players)
        if tied:
            blocks.append(_block(_row([_label("Verliert")] + [
                _pick(p, d.get("loser") == p, (lambda _e=None, p=p: put(loser=p)), f"loser-{p}") for p in tied]),
                error=err.at("loser")))
    pushed = d.get("geschoben") or 0
    blocks.append(_block(_row([_label("Geschoben")] + [
        _pick(f"{n}×", pushed == n, (lambda _e=None, n=n: put(geschoben=None if pushed == n else n)), f"geschoben-{n}",
              NUMBER_WIDTH) for n in range(1, len(players) + 1)]), error=err.at("geschoben")))
    return blocks


def _game_block(t: SkatTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    game = d.get("game")

    def pick(g: str) -> None:
        spitzen = d.get("spitzen")
        put(game=g, spitzen=spitzen if g != "null" and spitzen is not None and spitzen <= most_spitzen(t, g) else None)

    games = [_pick(name, game == g, (lambda _e=None, g=g: pick(g)), f"game-{g}") for g, name in GAME_NAMES.items()]
    marks = [_pick("Hand", bool(d.get("hand")), lambda _e=None: put(hand=not d.get("hand")), "hand"),
             _pick("ouvert", bool(d.get("ouvert")), lambda _e=None: put(ouvert=not d.get("ouvert")), "ouvert")]
    return _block(_row([_label("Spiel")] + games + marks), error=err.at("game", "hand", "ouvert"))


def _spitzen_block(t: SkatTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    mit = d.get("mit") is not False
    spitzen = d.get("spitzen")
    signs = [_pick("mit", mit, lambda _e=None: put(mit=None), "spitzen-mit"),
             _pick("ohne", not mit, lambda _e=None: put(mit=False), "spitzen-ohne")]
    numbers = [_pick(str(n), spitzen == n, (lambda _e=None, n=n: put(spitzen=n)), f"spitzen-{n}", NUMBER_WIDTH)
               for n in range(1, most_spitzen(t, d.get("game")) + 1)]
    return _block(_row([_label("Spitzen")] + signs + numbers), error=err.at("spitzen", "mit"))


def _result_block(t: SkatTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    """Gewonnen or verloren (Schneider, Schwarz beside them), or the Augen behind "Augen"."""
    null = d.get("game") == "null"
    if d.get("_augen") and not null:
        augen = d.get("augen")
        back = [_pick("gewonnen / verloren", False, lambda _e=None: put(_augen=False), "by-result")]
        if augen in (0, t.augen.total):
            back.append(_pick("Schwarz (kein Stich)", bool(d.get("schwarz")),
                              lambda _e=None: put(schwarz=not d.get("schwarz")), "schwarz"))
        rows = _number_rows("Augen", augen, lambda v: put(augen=v), quick_augen(t), t.augen.total, "augen-",
                            bool(d.get("_augen_pad")), lambda on: put(_augen_pad=on), back)
        return _block(*rows, error=err.at("augen", "schwarz", "won"))
    won = d.get("won")
    chips = [_pick("gewonnen", won is True, lambda _e=None: put(won=True), "won-yes"),
             _pick("verloren", won is False, lambda _e=None: put(won=False), "won-no")]
    if not null:
        chips += [_pick("Schneider", bool(d.get("schneider")), lambda _e=None: put(schneider=not d.get("schneider")),
                        "schneider"),
                  _pick("Schwarz", bool(d.get("schwarz")), lambda _e=None: put(schwarz=not d.get("schwarz")), "schwarz"),
                  _pick("Augen", False, lambda _e=None: put(_augen=True), "by-augen")]
    return _block(_row([_label("Ergebnis")] + chips), error=err.at("won", "schneider", "schwarz", "augen"))


def _announce_block(d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    return _block(_row([_label("Angesagt")] + [
        _pick("Schneider", bool(d.get("schneider_angesagt")),
              lambda _e=None: put(schneider_angesagt=not d.get("schneider_angesagt")), "schneider-angesagt"),
        _pick("Schwarz", bool(d.get("schwarz_angesagt")),
              lambda _e=None: put(schwarz_angesagt=not d.get("schwarz_angesagt")), "schwarz-angesagt")]),
        error=err.at("schneider_angesagt", "schwarz_angesagt"))


def _kontra_block(d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    """House rule: Kontra (the defenders), then Re (the declarer's answer)."""
    kontra = bool(d.get("kontra"))
    chips = [_pick("Kontra", kontra, lambda _e=None: put(kontra=not kontra, re=None if kontra else d.get("re")), "kontra")]
    if kontra:
        chips.append(_pick("Re", bool(d.get("re")), lambda _e=None: put(re=not d.get("re")), "re"))
    return _block(_row([_label("Gesagt")] + chips), error=err.at("kontra", "re"))


def overbid_words(c: FormCtx, d: dict[str, Any]) -> str | None:
    """"Überreizt: ..." when the game as entered so far does not reach the Reizwert."""
    try:
        scored = score(SkatHand.model_validate(to_hand(c, d)), c.table)
    except (SkatRefused, ValidationError):
        return None
    if not scored.overbid:
        return None
    return (f"Überreizt: {game_label(to_hand(c, d))} ist {scored.reached} wert, gereizt {scored.hand.reizwert} – "
            f"verloren, es zählt {scored.value}")


def _bid_block(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    t: SkatTable = c.table
    if not d.get("_reiz"):
        rows: list[ft.Control] = [_row([_pick("Reizwert", False, lambda _e=None: put(_reiz=True), "reizwert-on")])]
    else:
        off = [_pick("ohne", False, lambda _e=None: put(_reiz=False, _reiz_pad=False, reizwert=None), "reizwert-off")]
        rows = _number_rows("Reizwert", d.get("reizwert"), lambda v: put(reizwert=v), quick_bids(t), max(bid_values(t)),
                            "reiz-", bool(d.get("_reiz_pad")), lambda on: put(_reiz_pad=on), off)
    over = overbid_words(c, d)
    if over:
        rows.append(tag(ft.Text(over, key="ueberreizt", color=ft.Colors.ERROR, size=15, weight=ft.FontWeight.W_600)))
    return _block(*rows, error=err.at("reizwert"))


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    t: SkatTable = c.table
    game = d.get("game")
    if d.get("ramsch") and t.ramsch.enabled:
        return [ft.Column([_declarer_block(c, d, put, err), *_ramsch_blocks(c, d, put, err)], spacing=8, tight=True)]
    blocks: list[ft.Control] = [_declarer_block(c, d, put, err), _game_block(t, d, put, err)]
    if game is not None:
        if game != "null":
            blocks.append(_spitzen_block(t, d, put, err))
        blocks.append(_result_block(t, d, put, err))
        if game != "null" and (d.get("hand") or t.announce_without_hand) and not d.get("ouvert"):
            blocks.append(_announce_block(d, put, err))
        if t.kontra_re.enabled:
            blocks.append(_kontra_block(d, put, err))
        blocks.append(_bid_block(c, d, put, err))
    return [ft.Column(blocks, spacing=8, tight=True)]


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """Nothing: the whole form is on the screen, and the preview under it says the game."""
    return ""


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """Nothing to wait for: the engine says what is still open."""
    return None


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    """All three passed: a game worth 0, saved at once."""
    return [chip(PASSED, False, lambda _e=None: save({"eingepasst": True}), key="eingepasst")]
