"""Zaisertshofer Ramsch in words: the line describing a hand, the line about what comes next
(who is weg, the Bolla), the cards (Striche as tally marks, who is weg)."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import PENALTY_FALLBACK, SEP, Reckoning, reckoning_line
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.ramsch.rules import RamschTable

PASSED = "Alle gequiekt: frisches Saufutter"


def describe(table: RamschTable, hand: dict[str, Any], result: HandResult | None) -> str:
    parts = [f"mit: {', '.join(hand.get('participants', []))}"]
    for entry in hand.get("penalties") or []:
        pen = table.penalties.get(entry.get("kind"))
        parts.append(f"{pen.name if pen else PENALTY_FALLBACK} {entry.get('player')}")
    if result is not None and result.info.get("bolla_to"):
        parts.append(f"Bolla {result.info['bolla_to']}")
    return SEP.join(parts)


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: RamschTable) -> str:
    dealer = state.get("next_dealer", "")
    line = f"Partie {state['partie']} · Geber {dealer}"
    if state.get("bolla_to"):
        line = f"Bolla für {state['bolla_to']}! Nächste Partie startet mit {table.start_striche} · Geber {dealer}"
    elif state.get("weg"):
        line += " · weg: " + ", ".join(f"{i}. {p}" for i, p in enumerate(state["weg"], 1))
    return line


def tally_marks(n: int) -> str:
    """Striche as on the slate, one mark each, in groups of five: ||||| || for 7."""
    return " ".join(["|||||"] * (n // 5) + (["|" * (n % 5)] if n % 5 else [])) or "–"


def card_look(table: RamschTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    """Striche as tally marks ("weg" at none, the card faded), the place among those weg."""
    value = next(iter(row.values()))
    weg = {p: i for i, p in enumerate(state.get("weg", []), 1)}
    return plain_look(table, player, row, state, big=tally_marks(value) if value else "weg", marks=True,
                      small=(fmt.counted(value, "Striche"), f"Bolla {row['bolla']}"), faded=value == 0,
                      notes=(f"{weg[player]}. weg",) if player in weg else ())


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"


def reckonings(table: RamschTable, hand: dict[str, Any], result: HandResult) -> list[Reckoning]:
    """Each player's Striche of the hand, read from the table: a penalty's Striche (back in
    with the starting Striche after "Karten berührt"), each trick taken off
    (`strich_per_trick`), a hand without a trick going Ramsch (`ramsch_striche`); where the
    Striche run out before the tricks do, the rest is not taken off (nobody goes below 0)."""
    if hand.get("passed") or "participants" not in result.info:
        return []
    participants, tricks = result.info["participants"], hand.get("tricks") or {}
    out = []
    for p in result.deltas:
        items: list[tuple[str, int]] = []
        for entry in hand.get("penalties") or []:
            pen = table.penalties.get(entry.get("kind"))
            if pen is None or entry.get("player") != p:
                continue
            if pen.back_in:
                items.append((f"{pen.name}: wieder drin mit", table.start_striche))
            if pen.striche:
                items.append((pen.name, pen.striche))
        if p in participants:
            taken = tricks.get(p, 0)
            items.append(("kein Stich, ging Ramsch", table.ramsch_striche) if taken == 0 else
                         (f"{fmt.counted(taken, 'Stiche')} × {table.strich_per_trick}", -taken * table.strich_per_trick))
        change = result.deltas[p]["striche"]
        rest = change - sum(amount for _, amount in items)
        if items and rest:  # below 0 there is nothing to take off: weg
            items.append(("bis 0, weg", rest))
        if items:
            out.append(Reckoning(p, "striche", tuple(items)))
    return out


def bolla_lines(table: RamschTable, hand: dict[str, Any], result: HandResult) -> list[str]:
    """Who went out, and the Bolla: for the one left, or a penalty's (with its price)."""
    info, lines = result.info, []
    if info.get("went_out"):
        lines.append(f"weg: {', '.join(info['went_out'])}")
    for p, row in result.deltas.items():
        if row.get("bolla"):
            price = f", zahlt jedem {fmt.money(table.bolla_price * row['bolla'])}" if table.bolla_price else ""
            lines.append(f"Bolla für {p}{price}")
    return lines


def preview(table: RamschTable, hand: dict[str, Any], result: HandResult) -> str:
    """Each player's Striche of the hand (`reckonings`), who went out, the Bolla."""
    return reckoning_line(table, reckonings(table, hand, result), result, bolla_lines(table, hand, result))
