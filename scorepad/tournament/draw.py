"""A round's draw: who sits at which table, in which seat.

Tables of four; where the count does not divide by four, tables of five (at a table of five
the dealer sits out each hand, as the rule table's `sitting_out` says), or of three where the
rule table says so (Skat: `[tournament] tables = [4, 3]`). A field the sizes cannot seat (four
and five: fewer than four, six, seven or eleven) is refused.

The draw keeps players who already sat together apart as far as possible: it seats the field
with the fewest repeat meetings (pairs at one table this round who sat together in an earlier
round; of two seatings with as many, the one whose pairs met fewer times before). A small field
(up to EXACT_MAX players) is searched exhaustively (branch and bound), so its repeat meetings
are the fewest possible; a larger one by a local search (swaps of two players from seeded
starts), which finds none where none are needed in practice. Everything random comes from
`random.Random` seeded with the tournament's seed and the round: the same field, history and
seed always draw the same tables.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scorepad.errors import ScorepadError

# up to this many players the draw is exact (exhaustive branch and bound)
EXACT_MAX = 13
# a repeated pair outweighs any sum of earlier meetings: fewer repeated pairs always wins
REPEAT = 1 << 20
# a Schafkopf club night's tables: of four, and of five where the count does not divide
STANDARD = (4, 5)

Pair = frozenset[str]


def table_sizes(count: int, sizes: tuple[int, int] = STANDARD) -> tuple[int, ...]:
    """The tables for `count` players at `sizes` (the rule table's `tournament.tables`: the
    usual size, then the size of the tables that take the rest): as many of the first as can
    be, the rest at the second (first sizes first). Refuses a field they cannot seat
    (fours and fives: fewer than 4, 6, 7, 11; fours and threes: fewer than 3, 5)."""
    usual, rest = sizes
    for tables in range(count // usual, -1, -1):
        left = count - tables * usual
        if left % rest == 0 and count >= min(sizes):
            return (usual,) * tables + (rest,) * (left // rest)
    raise ScorepadError("tournament_cannot_seat", count=count, usual=usual, rest=rest)


def meetings(rounds: Iterable[Iterable[Iterable[str]]]) -> Counter[Pair]:
    """How often each pair of players sat at one table, over the given rounds' tables."""
    met: Counter[Pair] = Counter()
    for tables in rounds:
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                met[frozenset((a, b))] += 1
    return met


def repeats(tables: Iterable[Iterable[str]], met: Mapping[Pair, int]) -> int:
    """The repeat meetings of a seating: pairs at one table who sat together before."""
    return sum(1 for table in tables for a, b in itertools.combinations(table, 2) if met.get(frozenset((a, b))))


@dataclass(frozen=True)
class Draw:
    """A round's tables, each in seating order (clockwise; the first seat deals first), and
    how many repeat meetings they hold."""

    tables: tuple[tuple[str, ...], ...]
    repeat_meetings: int


def draw(players: Sequence[str], met: Mapping[Pair, int], seed: str, table_kinds: tuple[int, int] = STANDARD) -> Draw:
    """Seat `players` (each once) at tables of `table_kinds` (see `table_sizes`: four and five,
    or four and three) with the fewest repeat meetings after `met` (the earlier rounds'
    meetings); `seed` makes the draw repeatable."""
    if len(set(players)) != len(players):
        raise ValueError("a player twice in the draw")
    sizes = table_sizes(len(players), table_kinds)
    rng = random.Random(f"draw:{seed}")
    order = sorted(players)
    rng.shuffle(order)
    n = len(order)
    weight = [[0] * n for _ in range(n)]
    for i, j in itertools.combinations(range(n), 2):
        times = met.get(frozenset((order[i], order[j])), 0)
        weight[i][j] = weight[j][i] = (REPEAT + times) if times else 0
    groups = _exact(n, sizes, weight) if n <= EXACT_MAX else _search(n, sizes, weight, rng)
    groups.sort(key=lambda g: table_kinds.index(len(g)))  # the tables of the rest get the last numbers
    tables = []
    for group in groups:
        seats = [order[i] for i in group]
        rng.shuffle(seats)
        tables.append(tuple(seats))
    return Draw(tuple(tables), repeats(tables, met))


def _group_cost(group: Sequence[int], weight: list[list[int]]) -> int:
    return sum(weight[a][b] for a, b in itertools.combinations(group, 2))


def _exact(n: int, sizes: tuple[int, ...], weight: list[list[int]]) -> list[list[int]]:
    """The seating of least cost, by branch and bound: the lowest unseated player opens the
    next table, with every choice of company; a branch that cannot beat the best is cut."""
    best: list[list[int]] = []
    best_cost = [float("inf")]
    groups: list[list[int]] = []

    kinds = tuple(dict.fromkeys(sizes))  # the sizes in the order they come (the usual first)

    def go(remaining: list[int], left: Counter[int], cost: int) -> None:
        if not remaining:
            best_cost[0] = cost
            best[:] = [list(g) for g in groups]
            return
        first, rest = remaining[0], remaining[1:]
        for size in kinds:
            if not left[size]:
                continue
            for others in itertools.combinations(rest, size - 1):
                group = [first, *others]
                total = cost + _group_cost(group, weight)
                if total >= best_cost[0]:
                    continue
                groups.append(group)
                taken = set(others)
                left[size] -= 1
                go([r for r in rest if r not in taken], left, total)
                left[size] += 1
                groups.pop()
                if best_cost[0] == 0:
                    return

    go(list(range(n)), Counter(sizes), 0)
    return best


def _search(n: int, sizes: tuple[int, ...], weight: list[list[int]], rng: random.Random) -> list[list[int]]:
    """A good seating of a large field: greedy starts (seeded) each improved by swapping two
    players of different tables while that lowers the cost; the best of a few starts."""
    best: list[list[int]] = []
    best_cost = float("inf")
    for _ in range(max(3, 400 // n)):
        groups = _greedy(n, sizes, weight, rng)
        cost = _improve(groups, weight)
        if cost < best_cost:
            best, best_cost = groups, cost
        if best_cost == 0:
            break
    return best


def _greedy(n: int, sizes: tuple[int, ...], weight: list[list[int]], rng: random.Random) -> list[list[int]]:
    """Players in a seeded order, each to the table with room where they meet the least."""
    order = list(range(n))
    rng.shuffle(order)
    groups: list[list[int]] = [[] for _ in sizes]
    for p in order:
        open_ = [g for g, size in enumerate(sizes) if len(groups[g]) < size]
        g = min(open_, key=lambda g: (sum(weight[p][q] for q in groups[g]), len(groups[g]), g))
        groups[g].append(p)
    return groups


def _improve(groups: list[list[int]], weight: list[list[int]]) -> int:
    """Swap two players of different tables while a swap lowers the cost; the cost after."""
    where = {p: g for g, group in enumerate(groups) for p in group}

    def cost_at(p: int, g: int, skip: int) -> int:
        return sum(weight[p][q] for q in groups[g] if q != p and q != skip)

    improved = True
    while improved:
        improved = False
        for a in list(where):
            if cost_at(a, where[a], -1) == 0:  # (a pair of two who meet nobody gains nothing)
                continue
            for b in list(where):
                ga, gb = where[a], where[b]
                if ga == gb:
                    continue
                before = cost_at(a, ga, -1) + cost_at(b, gb, -1)
                if cost_at(a, gb, b) + cost_at(b, ga, a) < before:
                    groups[ga][groups[ga].index(a)] = b
                    groups[gb][groups[gb].index(b)] = a
                    where[a], where[b] = gb, ga
                    improved = True
    return sum(_group_cost(g, weight) for g in groups)
