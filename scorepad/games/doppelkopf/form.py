"""Doppelkopf hand form: Spiel → Re (two taps, the soloist, or the Hochzeit and its partner) →
Augen der Re-Partei → Ansagen → Sonderpunkte → Speichern. A normal game without Ansagen takes
the game's default, two names and one Augen key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.doppelkopf.scoring import impossible_augen
from scorepad.games.doppelkopf.words import PARTY, call_words, describe
from scorepad.ui.forms import FormCtx, FormError, Put, numpad
from scorepad.ui.widgets import chip, chip_row, choice_row, section


def quick_augen(t: DoppelkopfTable) -> list[int]:
    """The Augen keys: each side of every line (121 and 120, 151 and 150, 90 and 89, ...) and the ends."""
    total = t.game_points.total
    half = total // 2
    keys = {0, total, half, half + 1}
    for mark in t.game_points.below:
        keys |= {mark - 1, mark, total - mark, total - mark + 1}
    return sorted(k for k in keys if 0 <= k <= total and k not in impossible_augen(total))


def default_game(t: DoppelkopfTable) -> str | None:
    """The game a fresh form starts with: the first normal game the table plays."""
    playable = [gid for gid, g in t.contracts.items() if g.enabled]
    normal = [gid for gid in playable if t.contracts[gid].kind == "normal"]
    return (normal or playable)[0] if playable else None


def initial(c: FormCtx, existing: dict[str, Any] | None) -> dict[str, Any]:
    if not existing:
        return {"game": default_game(c.table)}
    d = dict(existing)
    gtype = c.table.contracts.get(existing.get("game"))
    re = list(existing.get("re") or [])
    if gtype is not None and gtype.kind == "hochzeit":
        d["_hochzeit"] = re[0] if re else None
        d["_partner"] = re[1] if len(re) > 1 else None
    return d


def to_hand(c: FormCtx, d: dict[str, Any]) -> dict[str, Any]:
    t: DoppelkopfTable = c.table
    hand = {k: v for k, v in d.items() if not k.startswith("_") and v is not None}
    gtype = t.contracts.get(hand.get("game"))  # type: ignore[arg-type]
    if gtype is not None and gtype.kind == "hochzeit":
        hand["re"] = [p for p in (d.get("_hochzeit"), d.get("_partner")) if p]
    if not hand.get("re"):
        hand.pop("re", None)
    if hand.get("all_tricks"):
        hand.pop("augen", None)
    extras = {party: {sid: n for sid, n in counts.items() if n}
              for party, counts in (hand.get("sonderpunkte") or {}).items()}
    extras = {party: counts for party, counts in extras.items() if counts}
    solo = gtype is not None and (gtype.kind == "solo" or (gtype.kind == "hochzeit" and not d.get("_partner")))
    if extras and not solo:
        hand["sonderpunkte"] = extras
    else:
        hand.pop("sonderpunkte", None)
    return hand


def _re_section(c: FormCtx, d: dict[str, Any], put: Put, err: FormError, kind: str) -> list[ft.Control]:
    players = c.players
    re = list(d.get("re") or [])
    if kind == "normal":
        def toggle(p: str) -> None:
            now = [x for x in re if x != p] if p in re else (re + [p])[-2:]
            put(re=now)

        chips = chip_row(chip(p, p in re, (lambda _e=None, p=p: toggle(p)), key=f"re-{p}") for p in players)
        return [section("Re (zwei Spieler)", chips, error=err.at("re"))]
    if kind == "solo":
        return [section("Solospieler", choice_row([(p, p) for p in players], re[0] if re else None,
                                                  lambda v: put(re=[v]), key_prefix="solo-"), error=err.at("re"))]
    hochzeit = d.get("_hochzeit")
    out: list[ft.Control] = [section("Hochzeit", choice_row([(p, p) for p in players], hochzeit,
                                         lambda v: put(_hochzeit=v, _partner=None if d.get("_partner") == v else d.get("_partner")),
                                         key_prefix="hochzeit-"), error=err.at("re"))]
    if hochzeit:
        mates: list[tuple[Any, str]] = [(None, "keiner: Solo")] + [(p, p) for p in players if p != hochzeit]
        out.append(section("Partner (Klärungsstich)", choice_row(mates, d.get("_partner"), lambda v: put(_partner=v),
                                                                key_prefix="partner-")))
    return out


def _calls_section(t: DoppelkopfTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control:
    rows: list[ft.Control] = []
    for party, names in t.call_names().items():
        key = f"{party}_call"

        def pick(value: Any, key: str = key) -> None:
            put(**{key: value})

        options: list[tuple[Any, str]] = [(None, "nichts")] + [(n, call_words(n)) for n in names]
        rows.append(ft.Column([ft.Text(PARTY[party], size=14),
                               choice_row(options, d.get(key), pick,
                                          key_prefix=f"{party}-call-")], spacing=4))
    return section("Ansagen und Absagen (die höchste)", *rows, error=err.at("re_call", "kontra_call"))


def _extras_section(t: DoppelkopfTable, d: dict[str, Any], put: Put, err: FormError) -> ft.Control | None:
    entered = [(sid, sp) for sid, sp in t.sonderpunkte.items() if sp.enabled and sp.when == "entered"]
    if not entered:
        return None
    given: dict[str, dict[str, int]] = d.get("sonderpunkte") or {}
    rows: list[ft.Control] = []
    for sid, sp in entered:
        for party in ("re", "kontra"):
            count = given.get(party, {}).get(sid, 0)

            def pick(n: int, party: str = party, sid: str = sid) -> None:
                counts = {**given.get(party, {}), sid: n}
                put(sonderpunkte={**given, party: counts})

            options = [(n, str(n)) for n in range(0, sp.most + 1)]
            rows.append(ft.Row([ft.Text(f"{sp.name} ({PARTY[party]})", size=14, width=190),
                                choice_row(options, count, pick, key_prefix=f"sp-{party}-{sid}-")], wrap=True))
    return section("Sonderpunkte", *rows, error=err.at("sonderpunkte"))


def view(c: FormCtx, d: dict[str, Any], put: Put, err: FormError) -> list[ft.Control]:
    t: DoppelkopfTable = c.table
    games = [(gid, g.name) for gid, g in t.contracts.items() if g.enabled]
    gtype = t.contracts.get(d.get("game"))  # type: ignore[arg-type]

    def pick_game(gid: str) -> None:
        kind = t.contracts[gid].kind
        keep = gtype is not None and gtype.kind == kind
        put(game=gid, re=d.get("re") if keep else None, _hochzeit=d.get("_hochzeit") if keep else None,
            _partner=d.get("_partner") if keep else None)

    out: list[ft.Control] = [section("Spiel", choice_row(games, d.get("game"), pick_game, key_prefix="game-"),
                                     error=err.at("game"))]
    if gtype is None:
        return out
    out.extend(_re_section(c, d, put, err, gtype.kind))
    total = t.game_points.total
    tricks = choice_row([(None, "normal"), ("re", "Re alle Stiche"), ("kontra", "Kontra alle Stiche")],
                        d.get("all_tricks"), lambda v: put(all_tricks=v), key_prefix="all-")
    augen = [] if d.get("all_tricks") else [numpad(d.get("augen"), lambda v: put(augen=v), quick_augen(t), total)]
    out.append(section("Augen der Re-Partei", tricks, *augen, error=err.at("augen", "all_tricks")))
    out.append(_calls_section(t, d, put, err))
    solo = gtype.kind == "solo" or (gtype.kind == "hochzeit" and not d.get("_partner"))
    if not solo:
        extras = _extras_section(t, d, put, err)
        if extras is not None:
            out.append(extras)
    return out


def summary(c: FormCtx, d: dict[str, Any]) -> str:
    """What is chosen so far, in one line."""
    t: DoppelkopfTable = c.table
    gtype = t.contracts.get(d.get("game"))  # type: ignore[arg-type]
    if gtype is None:
        return ""
    return describe(t, to_hand(c, d), None)  # the game in words, as the history will say it


def pending(c: FormCtx, d: dict[str, Any]) -> str | None:
    """Nothing to wait for: the engine says what is still open."""
    return None


def quick_actions(c: FormCtx, save: Callable[..., None]) -> list[ft.Control]:
    return []
