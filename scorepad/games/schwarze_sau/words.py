"""Schwarze Sau in words: the line describing a hand, the line about what comes next (who is
near the limit), the cards (red and a bar near the limit)."""

from __future__ import annotations

from typing import Any

from scorepad.describe import SEP, Reckoning, reckoning_line
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.schwarze_sau.rules import SchwarzeSauTable

PASSED = "Alle gequiekt: frisches Saufutter"


def near_game_over(table: SchwarzeSauTable, punkte: int) -> bool:
    """A player close to losing the game, as the table sets it (warn_within)."""
    return punkte > table.game_over_above - table.warn_within


def describe(table: SchwarzeSauTable, hand: dict[str, Any], result: HandResult | None) -> str:
    if hand.get("achterbrief_loser"):
        return f"Achterbrief: {hand['achterbrief_loser']} verliert"
    ann = hand.get("announcement")
    if ann:
        kind = "Jungfrau" if ann.get("kind") == "jungfrau" else "Durchmarsch angesagt"
        return f"{kind} {ann.get('by')}{SEP}{'geschafft' if ann.get('success') else 'nicht geschafft'}"
    if hand.get("durchmarsch"):
        return f"Durchmarsch {hand['durchmarsch']}"
    return "Runde"


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: SchwarzeSauTable) -> str:
    if state.get("achterbrief_owed"):
        return f"Achterbrief zwischen {' und '.join(state['achterbrief_between'])}!"
    near = [p for p, row in standings.items() if near_game_over(table, row["punkte"])]
    line = f"Spiel {state['game']} · Geber {state.get('next_dealer', '')}"
    if near:
        line += f" · knapp an {table.game_over_above}: " + ", ".join(near)
    return line


def card_look(table: SchwarzeSauTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    value, limit = next(iter(row.values())), table.game_over_above
    return plain_look(table, player, row, state, warn=near_game_over(table, value), progress=min(value, limit) / limit)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Achterbrief eintragen" if state.get("achterbrief_owed") else "Nächstes Spiel"


def reckonings(table: SchwarzeSauTable, hand: dict[str, Any], result: HandResult) -> list[Reckoning]:
    """Each player's points of the round, read from the hand and the table: the card points
    taken, or what a Jungfrau or a Durchmarsch (announced or not) gives instead (the table's
    `specials`); an Achterbrief's loser his lost game."""
    if hand.get("passed") or hand.get("vergeben"):
        return []
    if hand.get("achterbrief_loser"):
        loser = hand["achterbrief_loser"]
        return [Reckoning(loser, "verloren", (("Achterbrief verloren", result.deltas[loser]["verloren"]),))]
    sp, ann = table.specials, hand.get("announcement")
    if hand.get("durchmarsch"):
        why, by, made = "Durchmarsch", hand["durchmarsch"], True
        each, own = sp.durchmarsch, 0
    elif ann:
        made, by = bool(ann.get("success")), ann.get("by")
        kind = "Jungfrau" if ann.get("kind") == "jungfrau" else "Durchmarsch angesagt"
        why = f"{kind} {'geschafft' if made else 'nicht geschafft'}"
        if ann.get("kind") == "jungfrau":
            each, own = (sp.jungfrau_made, 0) if made else (0, sp.jungfrau_failed)
        else:
            each, own = (sp.durchmarsch_announced_made, 0) if made else (0, sp.durchmarsch_announced_failed)
    else:
        points = hand.get("points") or {}
        return [Reckoning(p, "punkte", (("Kartenpunkte", points.get(p, 0)),)) for p in result.deltas]
    return [Reckoning(p, "punkte", ((f"{why} ({by})", own if p == by else each),)) for p in result.deltas]


def game_over_lines(table: SchwarzeSauTable, result: HandResult) -> list[str]:
    """Who went over the limit and lost the game (a round of drinks, the table's price), or
    between whom an Achterbrief decides."""
    info = result.info
    if info.get("achterbrief_between"):
        return [f"über {table.game_over_above} gleichauf: Achterbrief zwischen {' und '.join(info['achterbrief_between'])}"]
    loser = info.get("game_lost_by")
    if not loser:
        return []
    # (a drink price is money at the end of the evening, not this hand's: said there)
    return [f"{loser} verliert das Spiel (über {table.game_over_above}): gibt eine Runde aus"]


def preview(table: SchwarzeSauTable, hand: dict[str, Any], result: HandResult) -> str:
    """Each player's points of the round (`reckonings`, one line: "Kartenpunkte: Uli 6, Fritz 0"),
    and who lost the game."""
    lines = reckonings(table, hand, result)
    why = {r.items[0][0] for r in lines}
    if len(why) == 1 and all(r.tally == "punkte" for r in lines):
        said = f"{why.pop()}: " + ", ".join(f"{r.head} {r.total}" for r in lines)
        return reckoning_line(table, [], result, [said, *game_over_lines(table, result)])
    return reckoning_line(table, lines, result, game_over_lines(table, result))
