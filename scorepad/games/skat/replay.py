"""Skat: a session file's evening (format 1, docs/session-format.md) scored game by game, as
`scorepad replay` is to print it: for every game its value, won or lost, überreizt, the lines
that made its points, and each player's points in the evening's list and in the Seeger-Fabian
list. Pure: a dict in, plain JSON values out. (`scorepad replay` plays the registered family's
Game, scoring.py; this module scores a file with the engine alone, for its own tests and to check
a list from outside the app.)"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.lists import Line, money, play_evening, totals
from scorepad.games.skat.ramsch import RamschScored
from scorepad.games.skat.rules import ListKind, SkatRules, isko
from scorepad.games.skat.words import value_lines


def rules_of(session: dict[str, Any]) -> SkatRules:
    """The ISkO table with the session's `options` (e.g. {"list_kind": "seeger_fabian", "tariff": 5})."""
    options = session.get("options") or {}
    if not isinstance(options, dict):
        raise SkatRefused("skat_option_bad", "options", key="")
    base = isko().model_dump()
    for key, value in options.items():
        if key not in base:
            raise SkatRefused("skat_option_unknown", "options", key=key)
        base[key] = {**base[key], **value} if isinstance(value, dict) and isinstance(base[key], dict) else value
    try:
        return SkatRules.model_validate(base, strict=False)
    except ValidationError as exc:
        where = ".".join(str(part) for part in exc.errors()[0]["loc"])
        raise SkatRefused("skat_option_bad", "options", key=where) from None


def parse_hands(raw: list[Any]) -> list[SkatHand]:
    hands = []
    for number, keys in enumerate(raw, start=1):
        try:
            hands.append(SkatHand.model_validate(keys))
        except ValidationError as exc:
            where = ".".join(str(part) for part in exc.errors()[0]["loc"])
            raise SkatRefused("skat_unreadable", where, number=number, where=where or "das Spiel") from None
    return hands


def game_json(line: Line, rules: SkatRules) -> dict[str, Any]:
    scored = line.scored
    other: ListKind = "seeger_fabian" if rules.list_kind == "classic" else "classic"
    if isinstance(scored, RamschScored):  # house rule: no declarer; who lost, or who went through
        return {
            "number": line.number, "dealer": line.dealer, "in_play": list(line.in_play), "declarer": None,
            "value": scored.amount, "result": "ramsch", "losers": list(scored.losers),
            "durchmarsch": scored.durchmarsch, "ueberreizt": False, "lines": value_lines(scored, rules),
            "points": line.points(rules.list_kind), other: line.points(other),
        }
    return {
        "number": line.number,
        "dealer": line.dealer,
        "in_play": list(line.in_play),
        "declarer": scored.hand.declarer,
        "value": scored.value,
        "result": "eingepasst" if scored.eingepasst else ("gewonnen" if scored.won else "verloren"),
        "ueberreizt": scored.overbid,
        "lines": value_lines(scored, rules),
        "points": line.points(rules.list_kind),
        other: line.points(other),
    }


def replay(session: dict[str, Any]) -> dict[str, Any]:
    """The evening scored: `hands` (each game as `game_json`), `standings` (each player's sum in
    the evening's list, and in the Seeger-Fabian list), `money` (cents, when a tariff is set)
    and `state` (next_dealer). SkatRefused with the German message when a game cannot be."""
    rules = rules_of(session)
    players = [str(p) for p in session.get("players", [])]
    first = session.get("first_dealer")
    if first is not None and first not in players:
        raise SkatRefused("skat_not_seated", "first_dealer", name=first)
    lines = play_evening(rules, players, parse_hands(session.get("hands", [])), first)
    kept = totals(players, lines, rules.list_kind)
    assert kept is not None  # the evening's list is scored or play_evening refused it
    sf = totals(players, lines, "seeger_fabian")
    dealer_index = (players.index(first) if first else 0) + len(lines)
    out: dict[str, Any] = {
        "hands": [game_json(line, rules) for line in lines],
        "standings": {"liste": rules.list_kind, "punkte": kept, "seeger_fabian": sf},
        "state": {"next_dealer": players[dealer_index % len(players)]},
    }
    if rules.tariff:
        out["money"] = money(kept, rules.tariff)
    return out
