"""A Doppelkopf game entered by its result, as many lists write it: who won (or nobody, TSR
7.1.3) and how far a party was played down ("keine 90", ..., "schwarz"), no Augen counted.

A game's points depend on Re's Augen only through the bands between the table's marks (TSR
7.1, 7.2.2: 30, 60, 90, 120 and their mirrors 121, 151, 181, 211, and every trick). A party's
level names its band from below: "keine 120" (fewer than half), "keine 90", "keine 60",
"keine 30" (fewer than that many), "schwarz" (no trick); "120" (the half) is 120:120. One
party's level fixes the other's Augen. So a result stands for one band of Augen, and is
scored as the lowest Augen of that band: exactly as every Augen-hand of the band."""

from __future__ import annotations

from typing import Any, Literal

from scorepad.games.doppelkopf.points import Party, Scale

WINNERS = ("re", "kontra", "none")  # the hand's `winner`: "none" when both missed what they announced
SCHWARZ = "schwarz"


def level_names(scale: Scale) -> list[str]:
    """The levels a party can be played down to, mildest first: "keine 120", "keine 90", ...,
    "schwarz"; the half ("120") stands apart (120:120)."""
    return [f"keine {mark}" for mark in (scale.total // 2, *scale.below)] + [SCHWARZ]


def half_name(scale: Scale) -> str:
    return str(scale.total // 2)


def _augen_at(scale: Scale, level: str) -> int:
    """The lowest Augen of a party played down to `level` (a "keine" level: the next mark below,
    or 0 under the lowest mark)."""
    if level == half_name(scale):
        return scale.total // 2
    marks = [scale.total // 2, *scale.below, 0]
    names = level_names(scale)
    return marks[names.index(level) + 1]


def result_augen(scale: Scale, winner: str, levels: dict[str, str]) -> tuple[int, Literal["re", "kontra"] | None]:
    """Re's Augen and who took every trick (None: both took tricks) that stand for the result.
    `levels` names at most one party (both only at 120:120; the caller checked the names). A
    result without levels: the winner (Re when nobody won) had more than half."""
    total = scale.total
    named = [(p, lvl) for p, lvl in levels.items() if lvl != half_name(scale)] or list(levels.items())
    if not named:
        return (total // 2 - 1 if winner == "kontra" else total // 2 + 1), None
    party, level = named[0]
    if level == SCHWARZ:
        return (0, "kontra") if party == "re" else (total, "re")
    augen = _augen_at(scale, level)
    return (augen if party == "re" else total - augen), None


def levels_of(scale: Scale, augen: int, all_tricks: str | None) -> dict[Party, str]:
    """The other way round: the level of the party that had less than half (the lowest level
    it stayed under), or the half at 120:120. The result with these levels and the game's
    winner stands for the same band of Augen."""
    total, half = scale.total, scale.total // 2
    if augen == half:
        return {"re": half_name(scale)}
    party: Party = "re" if augen < half else "kontra"
    own = augen if party == "re" else total - augen
    if all_tricks is not None and all_tricks != party:
        return {party: SCHWARZ}
    marks = [half, *scale.below]
    names = level_names(scale)
    level = names[0]
    for mark, name in zip(marks, names, strict=False):
        if own < mark:
            level = name
    return {party: level}


def loser_levels(t: Any) -> list[str]:
    """The levels the form offers for the losing party: "keine 90", ..., "schwarz" (a plain loss,
    below half, is no chip; the rarer results, the winner's own level and 120:120, by Augen)."""
    return level_names(t.scale)[1:]


def loser(winner: str | None) -> str | None:
    return {"re": "kontra", "kontra": "re"}.get(winner or "")


def form_level(t: Any, hand: dict[str, Any]) -> tuple[bool, str | None]:
    """Whether a hand entered by result fits the result rows (a winner and at most the loser's
    level on a chip), and that level."""
    levels = dict(hand.get("levels") or {})
    if not levels:
        return True, None
    party = loser(hand.get("winner"))
    if party is None or list(levels) != [party] or levels[party] not in loser_levels(t):
        return False, None
    return True, levels[party]
