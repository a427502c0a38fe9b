"""Skat in words: the lines that made a game's points ("Kreuz mit 2, Hand: 4 × 12 = 48"),
for replay, history and the form's preview. German only."""

from __future__ import annotations

from scorepad.games.skat.hand import GAME_NAMES
from scorepad.games.skat.rules import SkatRules
from scorepad.games.skat.value import Scored, null_name


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def game_words(scored: Scored) -> str:
    """"Kreuz mit 2, Hand, Schneider angesagt" / "Null ouvert Hand" / "eingepasst"."""
    hand = scored.hand
    if scored.eingepasst:
        return "eingepasst"
    assert hand.game is not None
    if hand.game == "null":
        return null_name(hand)
    marks = [f"{GAME_NAMES[hand.game]} {'mit' if hand.mit else 'ohne'} {hand.spitzen}"]
    if hand.ouvert:
        marks.append("ouvert")
    elif hand.hand:
        marks.append("Hand")
    levels = scored.levels
    assert levels is not None
    if not hand.ouvert:
        if levels.schwarz_angesagt:
            marks.append("Schwarz angesagt")
        elif levels.schneider_angesagt:
            marks.append("Schneider angesagt")
    if levels.schwarz and not levels.schwarz_angesagt:
        marks.append("Schwarz")
    elif levels.schneider and not levels.schneider_angesagt and not levels.schwarz:
        marks.append("Schneider")
    return ", ".join(marks)


def value_lines(scored: Scored, rules: SkatRules) -> list[str]:
    """The lines that made the game's points, in German."""
    if scored.eingepasst:
        return ["eingepasst: 0"]
    hand = scored.hand
    first = game_words(scored)
    if scored.levels is None:  # Null
        lines = [f"{first}: {scored.value}"]
    else:
        lines = [f"{first}: {scored.levels.factor} × {scored.base} = {scored.reached}"]
    if scored.overbid:
        lines.append(f"überreizt (gereizt {hand.bid}): {scored.value // scored.base} × {scored.base} = {scored.value}")
    if scored.won:
        lines.append(f"gewonnen: {signed(scored.entry)}")
    else:
        lines.append(f"verloren: −{rules.lost.factor} × {scored.value} = {signed(scored.entry)}")
    return lines
