"""Doppelkopf in words: the line describing a game, what it is worth line by line, what comes next."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import SEP
from scorepad.games.base import HandResult
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look

PASSED = "Neu gegeben"
PARTY = {"re": "Re", "kontra": "Kontra"}


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def call_words(call: str) -> str:
    """A call as said at the table: "Re", "Kontra", "keine 90", "schwarz"."""
    return PARTY.get(call, call)


def said_words(party: str, call: str) -> str:
    """What a party said, as a line says it: "Re angesagt", "Kontra: keine 90"."""
    return f"{PARTY[party]} angesagt" if call == party else f"{PARTY[party]}: {call_words(call)}"


def item_words(table: DoppelkopfTable, what: str) -> str:
    """One line of the game points (points.game_items) or a Sonderpunkt, as the list says it."""
    if what in table.sonderpunkte:
        return table.sonderpunkte[what].name
    if what == "gewonnen":
        return "gewonnen"
    if what == "schwarz":
        return "schwarz gespielt"
    if what.startswith("unter_"):
        return f"unter {what.removeprefix('unter_')} gespielt"
    if what.startswith("erreicht_"):
        return f"{what.removeprefix('erreicht_')} erreicht"
    party, _, rest = what.partition("_")
    if rest == "angesagt":
        return f"{PARTY[party]} angesagt"
    return f"{PARTY[party]} {rest.replace('_', ' ')} abgesagt"


def describe(table: DoppelkopfTable, hand: dict[str, Any], result: HandResult | None) -> str:
    gtype = table.contracts.get(hand.get("game"))  # type: ignore[arg-type]
    re = list(hand.get("re") or [])
    parts = [f"{gtype.name if gtype else hand.get('game')} {_names(re) if re else ''}".strip()]
    if hand.get("all_tricks"):
        parts.append(f"{PARTY.get(hand['all_tricks'], hand['all_tricks'])} alle Stiche")
    elif hand.get("augen") is not None:
        parts.append(f"Re {fmt.counted(hand['augen'], 'Augen')}")
    for party in ("re", "kontra"):
        if hand.get(f"{party}_call"):
            parts.append(said_words(party, hand[f"{party}_call"]))
    if result is not None:
        won = result.info.get("winner")
        parts.append(f"{PARTY[won]} gewinnt" if won else "keiner gewinnt")
    for party, counts in (hand.get("sonderpunkte") or {}).items():
        said = [f"{item_words(table, sid)}{f' ×{n}' if n > 1 else ''}" for sid, n in counts.items() if n]
        if said:
            parts.append(f"{PARTY.get(party, party)}: {', '.join(said)}")
    return SEP.join(parts)


def value_words(table: DoppelkopfTable, result: HandResult) -> str:
    """What a game gives, in words: "Re gewinnt: gewonnen, unter 90 gespielt, Fuchs gefangen
    (Kontra) = 1 Punkt; Hias & Kathi je +1, Vroni & Wast je -1"."""
    info = result.info
    won = info.get("winner")
    lines = []
    for party, what, _points in info.get("items", []):
        words = item_words(table, what)
        if party != won:
            words += f" ({PARTY[party]})"
        lines.append(words)
    value = abs(info.get("value", 0))
    soloist = info.get("solo")
    if soloist:
        head = f"{soloist} {'gewinnt' if won == 're' else 'verliert' if won else 'gewinnt nicht'}"
    else:
        head = f"{PARTY[won]} gewinnt" if won else "Keiner gewinnt"
    text = f"{head}: {', '.join(lines) or 'nichts'} = {value} {'Punkt' if value == 1 else 'Punkte'}"
    if info.get("bock"):
        text += f", Bock ×{table.bock.factor ** info['bock']}"
    by_amount: dict[int, list[str]] = {}
    for player, row in result.deltas.items():
        if row.get("punkte") or player in info.get("re_party", []):
            by_amount.setdefault(row.get("punkte", 0), []).append(player)
    shares = [f"{_names(names)}{' je' if len(names) > 1 else ''} {amount:+d}"
              for amount, names in sorted(by_amount.items(), reverse=True)]
    return text + "; " + ", ".join(shares) if shares else text


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: DoppelkopfTable) -> str:
    parts = [f"Geber {state.get('next_dealer', '')}"]
    bock = state.get("bock") or []
    if bock:
        parts.append(f"Bock: noch {len(bock)} {'Spiel' if len(bock) == 1 else 'Spiele'}")
    if state.get("vorgefuehrt"):
        parts.append(f"{state['vorgefuehrt']} wird vorgeführt")
    elif state.get("pflichtsolo_owed"):
        parts.append(f"Pflichtsolo offen: {', '.join(state['pflichtsolo_owed'])}")
    if table.round_games and "round_played" in state:
        parts.append(f"Spiel {state['round_played'] + 1} von {table.round_games}")
    return SEP.join(parts)


def card_look(table: DoppelkopfTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def preview(table: DoppelkopfTable, hand: dict[str, Any], result: HandResult) -> str:
    """The hand screen's line: what the game gives, line by line (`value_words`)."""
    return value_words(table, result)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"
