"""The figures every benchmark reports alike: milliseconds as they are printed, the
nearest-rank percentile, and how long a phone may take to show a saved hand."""

from __future__ import annotations

# the longest a phone may take to show a saved hand before the sharing bench gives up
WAIT_S = 30.0


def ms(seconds: float) -> float:
    """Seconds as the benchmarks print milliseconds (two decimals)."""
    return round(seconds * 1000, 2)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile q (0..100) of values."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]
