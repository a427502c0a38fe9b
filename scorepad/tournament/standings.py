"""The tournament's ranking: each player's points over every table of every round (the table's
lead tally: Preisschafkopf's points, Skat's list), then the tie-breaks the game's table names
(tie_breaks.py: Preisschafkopf won solos; Skat more won games, then fewer lost games), then the lot.

The lot is drawn once per tournament from its seed: the players' names in casefolded order,
shuffled by `random.Random("lot:" + seed)`; of two players level on points and on every
tie-break, the one drawn earlier ranks higher. So the ranking never has a tie, and the same
tournament always ranks alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from scorepad.tournament.tie_breaks import DEFAULT, LOT, of


@dataclass(frozen=True)
class Score:
    """What one player scored at one table (or over several, added up)."""

    points: int = 0
    solos_won: int = 0
    games: int = 0  # hands the player played (not sitting out)
    won: int = 0  # games the player declared (played alone or called) and won
    lost: int = 0  # ... and lost (Skat's tie-breaks and its lost-game fee count these)

    def __add__(self, other: Score) -> Score:
        return Score(self.points + other.points, self.solos_won + other.solos_won, self.games + other.games,
                     self.won + other.won, self.lost + other.lost)


class Ranked(Protocol):
    """A line of a ranking, as far as the tie-break looks."""

    @property
    def points(self) -> int: ...
    @property
    def solos_won(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def lost(self) -> int: ...


@dataclass(frozen=True)
class Standing:
    """One line of the ranking."""

    rank: int
    name: str
    number: int | None
    points: int
    solos_won: int
    games: int
    won: int = 0
    lost: int = 0


def lot_order(names: Iterable[str], seed: str) -> dict[str, int]:
    """Each name's place in the tournament's lot (0 is drawn first)."""
    drawn = sorted(names, key=lambda n: (n.casefold(), n))
    random.Random(f"lot:{seed}").shuffle(drawn)
    return {name: place for place, name in enumerate(drawn)}


def rank(players: Sequence[tuple[str, int | None]], tables: Iterable[Mapping[str, Score]], seed: str,
         more_is_better: bool = True, tie_breaks: Sequence[str] = DEFAULT) -> list[Standing]:
    """The ranking of `players` (name, number) over the `tables` (each: name -> that table's
    score), best first: most points (fewest, for a tally where less is better), then each of
    the `tie_breaks` in turn (tie_breaks.py), then the lot. A player at no table yet has 0 of
    everything."""
    totals = {name: Score() for name, _ in players}
    for table in tables:
        for name, score in table.items():
            if name in totals:
                totals[name] = totals[name] + score
    lot = lot_order(totals, seed)
    sign = -1 if more_is_better else 1
    breaks = [(t.field, -1 if t.more else 1) for t in of(tie_breaks)]
    numbers = dict(players)
    order = sorted(totals, key=lambda n: (sign * totals[n].points,
                                          *(way * getattr(totals[n], field) for field, way in breaks), lot[n]))
    return [Standing(rank=i, name=n, number=numbers[n], points=totals[n].points, solos_won=totals[n].solos_won,
                     games=totals[n].games, won=totals[n].won, lost=totals[n].lost)
            for i, n in enumerate(order, 1)]


def decided_by(standings: Sequence[Ranked], tie_breaks: Sequence[str] = DEFAULT) -> list[str | None]:
    """What put each line below the one above it: None where the points did (or the first
    line), the first of the `tie_breaks` ("solos", "won", "lost") where the points were level
    and it was not, "lot" where all were level (the ranking screen shows the tie-break where
    it decided)."""
    fields = [(t.key, t.field) for t in of(tie_breaks)]
    out: list[str | None] = [None]
    for above, line in zip(standings, standings[1:]):
        if above.points != line.points:
            out.append(None)
        else:
            out.append(next((key for key, field in fields if getattr(above, field) != getattr(line, field)), LOT))
    return out[:len(standings)]
