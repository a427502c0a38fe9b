"""Zaisertshofer Ramsch in words: the line describing a hand, the line about what comes next
(who is weg, the Bolla), the cards (Striche as tally marks, who is weg)."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import PENALTY_FALLBACK, SEP
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
