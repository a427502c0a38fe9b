"""Who wins a Doppelkopf game (DDV TSR 7.1) and what it is worth (TSR 7.2): pure arithmetic on
what the table saw, every figure from the rule table's `points`.

A party's call is a level: 0 nothing said, 1 "Re" or "Kontra", then one level per Absage in the
table's order ("keine 90", "keine 60", "keine 30"), the last level "schwarz". A higher level
includes the lower ones (who says "keine 60" has said "keine 90" and "Re")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Literal, NamedTuple

Party = Literal["re", "kontra"]
PARTIES: tuple[Party, Party] = ("re", "kontra")
NO_EXTRAS: Mapping[str, int] = MappingProxyType({})  # a party's Sonderpunkte when none were entered (read-only)


def other(party: Party) -> Party:
    return "kontra" if party == "re" else "re"


class Item(NamedTuple):
    """One line of a game's value: a party gets `points` for `what` (an id of TSR 7.2.2's list,
    or of the table's Sonderpunkte). A tuple: immutable, so the lines a table can give are made
    once (Lines) and every game shares them."""

    party: Party
    what: str
    points: int


class Lines:
    """Every line of TSR 7.2.2 one party can get under a scale, made once per table, so a
    game's value only picks them (a replay of many games formats no names and makes no Items)."""

    __slots__ = ("won", "below", "schwarz", "calls", "reached")

    def __init__(self, scale: Scale, party: Party) -> None:
        self.won = Item(party, "gewonnen", scale.won)
        # (a) "unter 90 / 60 / 30 gespielt", each with its mark, and "schwarz gespielt"
        self.below = tuple((mark, Item(party, f"unter_{mark}", scale.below_points)) for mark in scale.below)
        self.schwarz = Item(party, "schwarz", scale.schwarz)
        # (b)-(d), by the calling party: its lines of levels 1, 2, ... (a call of level n gets the first n)
        absagen = [f"keine_{mark}" for mark in scale.below] + ["schwarz"]
        self.calls = {caller: (Item(party, f"{caller}_angesagt", scale.announced),
                               *(Item(party, f"{caller}_{name}", scale.absage) for name in absagen))
                      for caller in PARTIES}
        # (e), (f): the Augen to reach against the other's Absage of level 2, 3, ... and its line
        self.reached = tuple((mark, Item(party, f"erreicht_{mark}", scale.reached))
                             for mark in (scale.total // 2, *scale.below))


@dataclass(frozen=True)
class Scale:
    """The figures of TSR 7.1 and 7.2.2 as one table has them."""

    total: int = 240  # the deck's Augen
    below: tuple[int, ...] = (90, 60, 30)  # "unter 90 / 60 / 30 gespielt", and the Absagen "keine 90 ..."
    won: int = 1  # (a) Grundwert
    below_points: int = 1  # (a) each "unter ... gespielt"
    schwarz: int = 1  # (a) "schwarz gespielt"
    announced: int = 2  # (b) "Re" angesagt, "Kontra" angesagt, each
    absage: int = 1  # (c), (d) each Absage of either party
    reached: int = 1  # (e), (f) 120 against "keine 90", 90 against "keine 60", ...
    doubling: bool = False  # house rule: each Ansage and Absage doubles the value instead of adding

    @property
    def schwarz_level(self) -> int:
        """The call level of "schwarz" abgesagt."""
        return len(self.below) + 2

    def absage_threshold(self, level: int) -> int | None:
        """The Augen an Absage of this level denies the opponents (90 for "keine 90"); None for schwarz."""
        return self.below[level - 2] if 2 <= level < self.schwarz_level else None

    def reached_mark(self, level: int) -> int:
        """The Augen a party reaches against the opponents' Absage of this level for the extra
        point (e, f): 120 against "keine 90", 90 against "keine 60", ..., 30 against "schwarz"."""
        marks = (self.total // 2, *self.below)
        return marks[level - 2]

    @cached_property
    def lines(self) -> dict[Party, Lines]:
        """Each party's lines (see Lines), made when first asked."""
        return {party: Lines(self, party) for party in PARTIES}


class Play(NamedTuple):
    """What one party did in a game (a tuple: two are made per game)."""

    augen: int
    call: int = 0  # the level it said (see the module's docstring)
    tricks: bool = True  # took at least one trick
    extras: Mapping[str, int] = NO_EXTRAS  # Sonderpunkte by the table's id, counted


Need = tuple[Literal["augen", "all_tricks", "a_trick"], int]


def needs(scale: Scale, plays: dict[Party, Play], party: Party) -> Need:
    """What `party` needs to win (TSR 7.1.1, 7.1.2): so many Augen, all tricks (its own
    "schwarz"), or one trick (against the other's "schwarz", with no Absage of its own)."""
    own, theirs = plays[party].call, plays[other(party)].call
    if own >= 2:  # its own Absage
        mark = scale.absage_threshold(own)
        return ("all_tricks", 0) if mark is None else ("augen", scale.total - mark + 1)
    if theirs >= 2:  # the other party's Absage, none of its own
        mark = scale.absage_threshold(theirs)
        return ("a_trick", 0) if mark is None else ("augen", mark)
    only_kontra = plays["kontra"].call >= 1 and plays["re"].call == 0
    half = scale.total // 2
    if party == "re":
        return "augen", half if only_kontra else half + 1
    return "augen", half + 1 if only_kontra else half


def wins(scale: Scale, plays: dict[Party, Play], party: Party) -> bool:
    """Whether `party` reached what it needs."""
    rule, augen = needs(scale, plays, party)
    if rule == "all_tricks":
        return not plays[other(party)].tricks
    if rule == "a_trick":
        return plays[party].tricks
    return plays[party].augen >= augen


def winner(scale: Scale, plays: dict[Party, Play]) -> Party | None:
    """The party that won, or None when neither reached its announced target (TSR 7.1.3)."""
    for party in PARTIES:
        if wins(scale, plays, party):
            return party
    return None


def _below_items(lines: Lines, loser: Play) -> list[Item]:
    items = [item for mark, item in lines.below if loser.augen < mark]
    if not loser.tricks:
        items.append(lines.schwarz)
    return items


def _reached_items(lines: Lines, augen: int, theirs: int) -> list[Item]:
    """(e), (f) for a party of `augen` against the other's call level `theirs` (levels 2 up)."""
    if theirs < 2:
        return []
    return [item for mark, item in lines.reached[:theirs - 1] if augen >= mark]


def game_items(scale: Scale, plays: dict[Party, Play], won: Party | None | Literal[False] = False) -> list[Item]:
    """The game points of TSR 7.2.2 as lines, each for the party that gets it: all for the
    winner; when nobody won (7.1.3) only (a)'s "unter ..." lines and (e), (f) for each party.
    `won`: `winner`'s answer when the caller has it already (not asked again)."""
    if won is False:
        won = winner(scale, plays)
    if won is None:
        items = []
        for party in PARTIES:
            lines, theirs = scale.lines[party], plays[other(party)]
            items += _below_items(lines, theirs)
            items += _reached_items(lines, plays[party].augen, theirs.call)
        return items
    lines, loser = scale.lines[won], plays[other(won)]
    items = [lines.won, *_below_items(lines, loser)]
    if not scale.doubling:  # with it they double the value instead (doublings)
        for party in PARTIES:
            call = plays[party].call
            if call:
                items += lines.calls[party][:call]
    items += _reached_items(lines, plays[won].augen, loser.call)
    return items


def extra_items(plays: dict[Party, Play], points: dict[str, int]) -> list[Item]:
    """The Sonderpunkte each party made (normal games only: the caller decides), `points` the
    table's worth of each by id."""
    return [Item(party, what, points[what] * count) for party in PARTIES
            for what, count in plays[party].extras.items() if count]


def doublings(scale: Scale, plays: dict[Party, Play]) -> int:
    """How often the game's value doubles under the house rule `doubling`: once for each
    Ansage and each Absage of either party (none without the rule)."""
    return sum(plays[party].call for party in PARTIES) if scale.doubling else 0


def re_value(items: list[Item]) -> int:
    """What the lines give Re, less what they give Kontra."""
    value = 0
    for party, _what, points in items:
        value += points if party == "re" else -points
    return value
