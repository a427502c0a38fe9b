"""The ranges of a rule table's numbers (docs/rulesets.md "Numbers"), beyond what each key's
meaning already bounds: an amount of money (cents) at most MAX_CENTS (100.000,00 EUR a game: no
table plays for more), a factor at most MAX_FACTOR, any other number at most MAX_SAFE in size:
the largest whole number a browser (a JavaScript number, the phones' app) holds exactly."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

MAX_SAFE: Final = 2**53 - 1
MAX_CENTS: Final = 10_000_000
MAX_FACTOR: Final = 100
# the keys that hold money, by their name (`value` only under these tables), and factors
MONEY_KEYS: Final = frozenset({"tariff", "schneider", "schwarz", "stake", "chip_value", "drink_price",
                               "bolla_price", "rate"})
MONEY_VALUE_IN: Final = frozenset({"laufende", "ramsch"})
FACTOR_KEYS: Final = frozenset({"factor", "tariff_factor", "jungfrau_factor"})
# a cross-field problem of a table: (key path, refusal code, parameters)
Problem = tuple[str, str, dict[str, Any]]


def number_problems(raw: Any) -> Iterator[Problem]:
    """Every number of a table (as written, types already checked) within its range: money
    (cents) 0..MAX_CENTS, a factor up to MAX_FACTOR, any other number at most MAX_SAFE in size."""
    stack: list[tuple[Any, str, str, str]] = [(raw, "", "", "")]  # value, key path, its key, the key above
    while stack:
        value, path, key, above = stack.pop()
        if isinstance(value, dict):
            stack += [(v, f"{path}.{k}" if path else str(k), str(k), key) for k, v in reversed(value.items())]
        elif isinstance(value, list):
            stack += [(v, f"{path}[{i}]", key, above) for i, v in reversed(list(enumerate(value)))]
        elif type(value) is int:
            money = key in MONEY_KEYS or (key == "value" and above in MONEY_VALUE_IN) or above == "tariffs" \
                or (key == "laufende" and "tariff_sets" in path)
            limit = MAX_CENTS if money else MAX_FACTOR if key in FACTOR_KEYS else MAX_SAFE
            if value > limit:
                yield path, "too_large", {"le": limit, "value": value}
            elif value < -MAX_SAFE:
                yield path, "too_small", {"ge": -MAX_SAFE, "value": value}
