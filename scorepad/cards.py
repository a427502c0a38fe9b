"""The cards: the four suits (as hands name them), and which card-point totals a set of cards
can make: the check behind "Augen that cannot be"."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, get_args

Suit = Literal["eichel", "gras", "herz", "schellen"]
SUITS: tuple[str, ...] = get_args(Suit)


@lru_cache(maxsize=64)
def reachable_sums(values: tuple[int, ...]) -> frozenset[int]:
    """Every total that some subset of cards with these point values adds up to."""
    reach = 1  # bit n set: total n is reachable
    for v in values:
        reach |= reach << v
    return frozenset(n for n in range(reach.bit_length()) if reach >> n & 1)


@lru_cache(maxsize=64)
def reachable_sums_of_size(values: tuple[int, ...], size: int) -> frozenset[int]:
    """Every total that exactly `size` of these cards add up to (e.g. the two cards of a Stock)."""
    layers: list[set[int]] = [set() for _ in range(size + 1)]
    layers[0].add(0)
    for v in values:
        for k in range(size, 0, -1):
            layers[k] |= {s + v for s in layers[k - 1]}
    return frozenset(layers[size])
