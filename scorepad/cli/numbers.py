"""The numbers the command line takes (ids, counts, ports, seconds): one argparse type for
each kind, range-checked, so that a number out of range or no number at all is refused with
one line (a refusal of the catalogue, exit 2) before it reaches the application layer or
SQLite (an id past SQLite's 64 bits was a traceback there)."""

from __future__ import annotations

import math
from collections.abc import Callable

from scorepad.errors import ScorepadError

# SQLite's 64 bits (scorepad/store/values.py has them too; not imported: `scorepad replay` loads no store)
SQLITE_MIN, SQLITE_MAX = -(2**63), 2**63 - 1
DIGITS_MAX = 25  # no number the command line takes has more digits: int() of a longer text is not even tried


def whole(low: int, high: int = SQLITE_MAX) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, else the refusal `cli_number`."""

    def parse(text: str) -> int:
        stripped = text.strip()
        digits = stripped.lstrip("+-")
        if digits.isascii() and digits.isdigit() and len(digits) <= DIGITS_MAX:
            value = int(stripped)
            if low <= value <= high:
                return value
        raise ScorepadError("cli_number", value=text, low=low, high=high)

    parse.__name__ = "whole number"  # (argparse names the type in its own messages)
    return parse


def seconds(high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from 0 to `high` (a decimal point allowed)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= DIGITS_MAX else math.nan
        except ValueError:
            value = math.nan
        if 0 <= value <= high:  # (NaN is in no range)
            return value
        raise ScorepadError("cli_seconds", value=text, high=high)

    parse.__name__ = "number of seconds"
    return parse


ID = whole(1)  # a stored row's id (evening, tournament, organiser phone), a round, a count of places
HAND = whole(SQLITE_MIN)  # a hand's number: any the file can hold (the app names "no hand 0")
VERSION = whole(0)  # an evening's version (0: nothing entered yet)
PORT = whole(1, 65535)
COUNT = whole(0, 10_000_000)  # a bench figure's size (0: skip it)
