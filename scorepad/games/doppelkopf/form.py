"""Doppelkopf hand form, laid out to fit a phone's screen without a swipe: Spiel (the first normal
game preselected, the solos behind "Solo") → Re (two player chips, the soloist, or the Hochzeit
and its partner) → Gewinner (Re, Kontra or keiner) and how far the losers were played down (keine
90 / 60 / 30 / schwarz), or behind "Augen" the Augen der Re-Partei (a key for every line, a pad
behind "Zahl"; all Augen or none mean every trick unless told otherwise) → Ansagen (one chip per party, each tap one call
more) → Sonderpunkte (one chip per Sonderpunkt and party, each tap one more) → Speichern.
A normal game takes two names and the winner; each Ansage, Absage and Sonderpunkt one tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.games.doppelkopf.result import form_level, loser, loser_levels, result_augen
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.doppelkopf.scoring import impossible_augen
from scorepad.games.doppelkopf.words import PARTY, call_words
from scorepad.ui.forms import FormCtx, FormError, Put
from scorepad.ui.widgets import chip

DENSE = 8  # the room left and right of a chip's label: the form fits a phone's screen
KEY_WIDTH = 50  # an Augen or pad key
GAP = 5  # between chips
LEVEL_PAD = 4  # the losers' four levels and their party's name on one line of a phone
PAD_KEYS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]


def quick_augen(t: DoppelkopfTable) -> list[int]:
    """The Augen keys: the lowest of each kind of result (0, 30, 60, 90 and 120 for Kontra's
    side, 121, 151, 181, 211 for Re's) and all of them. Any number of Augen scores as the key
    below it does; the pad gives the exact number."""
    total = t.game_points.total
    half = total // 2
    marks = t.game_points.below
    keys = {0, half, half + 1, total} | set(marks) | {total - mark + 1 for mark in marks}
    return sorted(k for k in keys if 0 <= k <= total and k not in impossible_augen(total))


def default_game(t: DoppelkopfTable) -> str | None:
    """The game a fresh form starts with: the first normal game the table plays."""
    playable = [gid for gid, g in t.contracts.items() if g.enabled]
    normal = [gid for gid in playable if t.contracts[gid].kind == "normal"]
    return (normal or playable)[0] if playable else None


def game_chips(t: DoppelkopfTable) -> tuple[list[str], list[str]]:
    """The games of the Spiel row, and the solos behind its "Solo" chip (none: every solo in the
    row, when the table plays fewer than two)."""
    playable = [gid for gid, g in t.contracts.items() if g.enabled]
    solos = [gid for gid in playable if t.contracts[gid].kind == "solo"]
    if len(solos) < 2:
        return playable, []
    return [gid for gid in playable if gid not in solos], solos


def call_levels(t: DoppelkopfTable, party: str) -> list[str | None]:
    """What a party's chip says tap by tap: nothing, the Ansage, each Absage, and nothing again."""
    return [None, *t.call_names()[party]]


WINNER_CHIPS = {"re": "Re", "kontra": "Kontra", "none": "keiner"}


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if not existing:
        return {"game": default_game(c.table)}
    t: DoppelkopfTable = c.table
    d = dict(existing)
    if existing.get("winner") is not None:
        fits, level = form_level(t, existing)
        if fits:
            d["_level"] = level
            d.pop("levels", None)
        else:  # a result the rows cannot show: its Augen (they score the same: result.py)
            augen, tricks = result_augen(t.scale, existing["winner"], existing.get("levels") or {})
            d.update(augen=augen, all_tricks=tricks, _augen=True)
            d.pop("winner", None)
            d.pop("levels", None)
    elif existing.get("augen") is not None or existing.get("all_tricks"):
        d["_augen"] = True
    gtype = t.contracts.get(existing.get("game"))  # type: ignore[arg-type]
    re = list(existing.get("re") or [])
    if gtype is not None and gtype.kind == "hochzeit":
        d["_hochzeit"] = re[0] if re else None
        d["_partner"] = re[1] if len(re) > 1 else None
    total = t.game_points.total
    if existing.get("all_tricks") and existing.get("augen") is None:
        d["augen"] = total if existing["all_tricks"] == "re" else 0  # shown on its key
    if d.get("augen") is not None and d["augen"] not in quick_augen(t):
        d["_pad"] = True
    return d


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    t: DoppelkopfTable = c.table
    hand = {k: v for k, v in d.items() if not k.startswith("_") and v is not None}
    gtype = t.contracts.get(hand.get("game"))  # type: ignore[arg-type]
    if gtype is not None and gtype.kind == "hochzeit":
        hand["re"] = [p for p in (d.get("_hochzeit"), d.get("_partner")) if p]
    if not hand.get("re"):
        hand.pop("re", None)
    if d.get("_augen"):
        hand.pop("winner", None)
        hand.pop("levels", None)
        if hand.get("all_tricks"):
            hand.pop("augen", None)
    else:  # by result: the winner, and the level the loser was played down to
        hand.pop("augen", None)
        hand.pop("all_tricks", None)
        party = loser(d.get("winner"))
        if party and d.get("_level"):
            hand["levels"] = {party: d["_level"]}
    extras = {party: {sid: n for sid, n in counts.items() if n}
              for party, counts in (hand.get("sonderpunkte") or {}).items()}
    extras = {party: counts for party, counts in extras.items() if counts}
    if extras and _extras_offered(t, gtype, d):
        hand["sonderpunkte"] = extras
    else:
        hand.pop("sonderpunkte", None)
    return hand


def _solo(gtype: Any, d: dict[str, Any]) -> bool:
    """Whether the game is played one against three (a solo, a Hochzeit without a partner)."""
    return gtype is not None and (gtype.kind == "solo" or (gtype.kind == "hochzeit" and not d.get("_partner")))


def _extras_offered(t: DoppelkopfTable, gtype: Any, d: dict[str, Any]) -> bool:
    """Whether the form offers the Sonderpunkte: in a game of parties, and in a solo too where
    the house rule `sonderpunkte_in_solo` counts them there (as the engine does)."""
    return not _solo(gtype, d) or t.sonderpunkte_in_solo


# --- the rows ---------------------------------------------------------------------------------

def _label(title: str, below: str | None = None) -> ft.Control:
    """A row's name at its start (a second, smaller line if it needs one)."""
    lines: list[ft.Control] = [ft.Text(title, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT)]
    if below:
        lines.append(ft.Text(below, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Column(lines, spacing=0, tight=True)


def _row(items: list[ft.Control]) -> ft.Row:
    return ft.Row(items, wrap=True, spacing=GAP, run_spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _block(*rows: ft.Control, error: str | None = None) -> ft.Control:
    """Rows that belong together; a rule error right under them."""
    parts = list(rows)
    if error:
        parts.append(ft.Text(error, color=ft.Colors.ERROR, size=15, weight=ft.FontWeight.W_600))
    return ft.Column(parts, spacing=GAP, tight=True)


def _pick(label: str, selected: bool, on_click: Callable[..., Any], key: str, width: int | None = None,
          hint: str | None = None) -> ft.Control:
    return chip(label, selected, on_click, key=key, width=width, padding=DENSE, hint=hint)


def _games_block(t: DoppelkopfTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    row, solos = game_chips(t)
    game = d.get("game")
    gtype = t.contracts.get(game)  # type: ignore[arg-type]
    solos_open = game in solos or bool(d.get("_solos"))

    def pick(gid: str) -> None:
        keep = gtype is not None and gtype.kind == t.contracts[gid].kind
        put(game=gid, _solos=gid in solos, re=d.get("re") if keep else None,
            _hochzeit=d.get("_hochzeit") if keep else None, _partner=d.get("_partner") if keep else None)

    def open_solos() -> None:
        if game not in solos:
            put(game=None, _solos=True, re=None, _hochzeit=None, _partner=None)

    chips = [_pick(t.contracts[gid].name, gid == game, (lambda _e=None, gid=gid: pick(gid)), f"game-{gid}") for gid in row]
    if solos:
        chips.append(_pick("Solo", solos_open, lambda _e=None: open_solos(), "solos"))
    rows = [_row(chips)]
    if solos and solos_open:
        rows.append(_row([_pick(t.contracts[gid].name, gid == game, (lambda _e=None, gid=gid: pick(gid)), f"game-{gid}")
                          for gid in solos]))
    return _block(*rows, error=err.at("game"))


def _re_block(c: FormCtx, d: dict[str, Any], put: Put, err: FormError, kind: str) -> ft.Control:
    players = c.players
    re = list(d.get("re") or [])
    if kind == "normal":
        def toggle(p: str) -> None:
            put(re=[x for x in re if x != p] if p in re else (re + [p])[-2:])

        return _block(_row([_label("Re", "2 Spieler")] + [_pick(p, p in re, (lambda _e=None, p=p: toggle(p)), f"re-{p}")
                                                      for p in players]), error=err.at("re"))
    if kind == "solo":
        return _block(_row([_label("Solo")] + [_pick(p, re[:1] == [p], (lambda _e=None, p=p: put(re=[p])), f"solo-{p}")
                                                for p in players]), error=err.at("re"))
    hochzeit, partner = d.get("_hochzeit"), d.get("_partner")

    def marry(p: str) -> None:
        put(_hochzeit=p, _partner=None if partner == p else partner)

    rows = [_row([_label("Hochzeit")] + [_pick(p, p == hochzeit, (lambda _e=None, p=p: marry(p)), f"hochzeit-{p}")
                                         for p in players])]
    if hochzeit:
        mates = [(None, "keiner")] + [(p, p) for p in players if p != hochzeit]  # keiner: a solo
        rows.append(_row([_label("Partner")]
                         + [_pick(name, p == partner, (lambda _e=None, p=p: put(_partner=p)), f"partner-{p}")
                            for p, name in mates]))
    return _block(*rows, error=err.at("re"))


def _augen_block(t: DoppelkopfTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    """The Re party's Augen: two rows of keys (Kontra's side, Re's side), or the pad. All Augen
    (none) take every trick (none) until "nicht alle" says otherwise."""
    total = t.game_points.total
    augen = d.get("augen")
    tricks = d.get("all_tricks")

    def take(value: int | None) -> None:
        put(augen=value, all_tricks="re" if value == total else "kontra" if value == 0 else None)

    def key(value: int) -> ft.Control:
        return _pick(str(value), value == augen, (lambda _e=None, v=value: take(v)), f"quick-{value}", KEY_WIDTH)

    if d.get("_pad"):
        def digit(n: int) -> None:
            nxt = (augen or 0) * 10 + n
            take(nxt if nxt <= total else n)

        def back() -> None:
            take(None if augen is None or augen < 10 else augen // 10)

        pad = [_pick(str(n), False, (lambda _e=None, n=n: digit(n)), f"pad-{n}", KEY_WIDTH) for n in PAD_KEYS]
        rows = [_row([_label(f"Augen der Re-Partei: {'–' if augen is None else augen}")]),
                _row(pad[:6]),
                _row(pad[6:] + [_pick("Lösch", False, lambda _e=None: back(), "pad-back"),
                                _pick("Zahl", True, lambda _e=None: put(_pad=False), "pad-off")])]
    else:
        half = total // 2
        keys = quick_augen(t)
        rows = [_row([_label("Augen", "Re-Partei")] + [key(k) for k in keys if k <= half]),
                _row([key(k) for k in keys if k > half] + [_pick("Zahl", False, lambda _e=None: put(_pad=True), "pad-on")]
                     + [_pick("Ergebnis", False, lambda _e=None: put(_augen=False), "by-result")])]
    if augen in (0, total):
        party = "re" if augen == total else "kontra"
        rows.append(_row([
            _pick(f"{PARTY[party]} alle Stiche", tricks == party, (lambda _e=None, p=party: put(all_tricks=p)), f"all-{party}"),
            _pick("nicht alle Stiche", not tricks, lambda _e=None: put(all_tricks=None), "all-none")]))
    return _block(*rows, error=err.at("augen", "all_tricks"))


def _result_block(t: DoppelkopfTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    """Who won (or keiner: both missed what they announced) and how far the losers were played
    down, as lists write a game; "Augen" one tap away for a count."""
    won, level = d.get("winner"), d.get("_level")
    rows = [_row([_label("Gewinner")]
                 + [_pick(words, won == w, (lambda _e=None, w=w: put(winner=w)), f"won-{w}")
                    for w, words in WINNER_CHIPS.items()]
                 + [_pick("Augen", False, lambda _e=None: put(_augen=True), "by-augen")])]
    party = loser(won)
    if party:
        rows.append(_row([_label(PARTY[party])]
                         + [chip(name, name == level, (lambda _e=None, n=name: put(_level=None if n == level else n)),
                                 key=f"level-{name.replace(' ', '-')}", padding=LEVEL_PAD) for name in loser_levels(t)]))
    return _block(*rows, error=err.at("winner", "levels", "augen", "all_tricks"))


def _party_cells(t: DoppelkopfTable, d: dict[str, Any], put: Put, party: str, extras: bool) -> list[ft.Control]:
    """A party's column: its calls (each tap says one more: Re, keine 90, ..., schwarz, then
    nothing) and, in a game two against two, a chip per Sonderpunkt the table enters (each tap
    counts one more, past the most back to none)."""
    levels = call_levels(t, party)
    said = d.get(f"{party}_call")
    at = levels.index(said) if said in levels else 0
    words = PARTY[party] if said in (None, party) else f"{PARTY[party]}: {call_words(str(said))}"
    after = levels[(at + 1) % len(levels)]
    hint = "Ansage" if said is None else f"nochmal: {call_words(after)}" if after else "nochmal: nichts"
    cells = [_pick(words, said is not None, lambda _e=None: put(**{f"{party}_call": after}), f"{party}-call", hint=hint)]
    if not extras:
        return cells
    given: dict[str, dict[str, int]] = d.get("sonderpunkte") or {}
    for sid, sp in t.sonderpunkte.items():
        if not (sp.enabled and sp.when == "entered"):
            continue
        count = given.get(party, {}).get(sid, 0)

        def more(sid: str = sid, count: int = count, most: int = sp.most) -> None:
            put(sonderpunkte={**given, party: {**given.get(party, {}), sid: (count + 1) % (most + 1)}})

        cells.append(_pick(f"{sp.name} ×{count}" if count and sp.most > 1 else sp.name, count > 0,
                           lambda _e=None, more=more: more(), f"sp-{party}-{sid}", hint=f"Sonderpunkt {PARTY[party]}"))
    return cells


def _parties_block(t: DoppelkopfTable, d: dict[str, Any], put: Put, err: FormError, extras: bool) -> ft.Control:
    """Re's and Kontra's calls and Sonderpunkte side by side, a column each (the calls on top
    name the columns)."""
    columns: list[ft.Control] = [ft.Column(_party_cells(t, d, put, party, extras), spacing=GAP, expand=True,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH) for party in ("re", "kontra")]
    return _block(ft.Row(columns, spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.START),
                  error=err.at("re_call", "kontra_call", "sonderpunkte"))


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    t: DoppelkopfTable = c.table
    gtype = t.contracts.get(d.get("game"))  # type: ignore[arg-type]
    blocks: list[ft.Control] = [_games_block(t, d, put, err)]
    if gtype is not None:
        blocks.append(_re_block(c, d, put, err, gtype.kind))
        blocks.append(_augen_block(t, d, put, err) if d.get("_augen") else _result_block(t, d, put, err))
        blocks.append(_parties_block(t, d, put, err, extras=_extras_offered(t, gtype, d)))
    return [ft.Column(blocks, spacing=8, tight=True)]


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """Nothing: the whole form is on the screen, and the preview under it says the game."""
    return ""


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """Nothing to wait for: the engine says what is still open."""
    return None


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    return []
