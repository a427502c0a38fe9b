"""Saukopf in words: the line describing a hand, the line about what comes next, the cards."""

from __future__ import annotations

from typing import Any

from scorepad.describe import SEP, Reckoning, reckoning_line, trick_game_words
from scorepad.games.augen import OPPONENTS, PLAYER
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.saukopf.rules import SaukopfTable
from scorepad.games.saukopf.scoring import RAUBORSTIG_PAYS, Saukopf, fleisch_points

PASSED = "Alle gequiekt: frisches Saufutter"


def describe(table: SaukopfTable, hand: dict[str, Any], result: HandResult | None) -> str:
    return SEP.join(trick_game_words(table, hand, result))


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: SaukopfTable) -> str:
    names = {t.name: state.get("trophies", {}).get(tid, []) for tid, t in table.trophies.items()}
    held = [f"{name}: {', '.join(who)}" for name, who in names.items() if who]
    return f"Geber {state.get('next_dealer', '')}" + (" · " + " · ".join(held) if held else "")


def card_look(table: SaukopfTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def reckonings(table: SaukopfTable, hand: dict[str, Any], result: HandResult) -> list[Reckoning]:
    """The Schlachtfest line by line, read from the table and the engine's result: each item
    of the game's mode (Trog, Napf) the hand met, with its Fleischpunkte (`fleisch_points`,
    the engine's own), times each Huftritt said; what each winner gets."""
    info = result.info
    if "game" not in info:
        return []
    contract = table.contracts[info["game"]]
    won, laufende, all_tricks = info["won"], hand.get("laufende") or 0, hand.get("all_tricks")
    party = [p for p in (info["player"], info.get("partner")) if p]
    winners = party if won else [p for p in result.deltas if p not in party]
    winning_side, losing_side = (PLAYER, OPPONENTS) if won else (OPPONENTS, PLAYER)
    augen, opp_augen = info["augen"], info["in_play"] - info["augen"]
    facts = {"won": True, "w": laufende if won else -laufende, "losers_augen": opp_augen if won else augen,
             "solo": contract.kind == "solo", "winners_all_tricks": all_tricks == winning_side,
             "winners_no_trick": all_tricks == losing_side, "against_spiess": bool(info.get("spiess")) and not won}
    items = []
    for item in getattr(table.fleisch, contract.mode).values():
        points = fleisch_points(item, facts) if item.enabled else 0
        if points:
            per = abs(facts["w"]) if item.per_laufende and points != item.points else 0
            items.append((f"{item.name} ({per} × {item.points})" if per else item.name, points))
    factors = [(step.factor, f"{step.name} {who}") for step, who in zip(table.kontra_chain, info.get("kontra") or [])
               if who is not None and step.factor != 1]
    head = f"{_names(winners)} {'gewinnt' if len(winners) == 1 else 'gewinnen'}"
    return [Reckoning(head, "fleisch", tuple(items) or (("nichts", 0),), tuple(factors),
                      " je Gewinner" if len(winners) > 1 else "")]


def rauborstig_lines(table: SaukopfTable, info: dict[str, Any]) -> list[Reckoning]:
    """Rauborstigkeit: each item the hand met, to whom (`Saukopf._rauborstig_to`, the engine's)."""
    if "game" not in info:
        return []
    said = any(who is not None for who in info.get("kontra") or [])
    out = []
    for item in table.rauborstig.values():
        if not item.enabled or (info["won"], said) not in RAUBORSTIG_PAYS.get(item.when, ()):
            continue
        who = Saukopf._rauborstig_to(item, info["won"], info["player"], info["bid"], bool(info.get("spiess")),
                                     info.get("kontra") or [])
        if who is not None:
            out.append(Reckoning(who, "rauborstig", ((item.name, item.points),)))
    return out


def preview(table: SaukopfTable, hand: dict[str, Any], result: HandResult) -> str:
    """What made the hand's points (`reckonings`, Rauborstigkeit), then each player's change."""
    return reckoning_line(table, reckonings(table, hand, result) + rauborstig_lines(table, result.info), result)
