"""The registry of games: one package per game family, one line per family below.

Everything above the engine asks here (`find_family(name)`, `family_of(table)`) and never
branches on a game's name. A new game is one package beside these (see docs/architecture.md)
and one line in FAMILIES; the shared parts live in base, kontra and augen."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any

from scorepad.games.family import CardLook, Choice, Family


class Registry(MutableMapping[str, Family]):
    """The families by name. A family's package is imported the first time it is asked for:
    a start opens one game, not all of them (on a phone, Python in the browser takes about
    0.1 s to import every game's rules, scoring and words)."""

    def __init__(self, packages: dict[str, str]):
        self._entries: dict[str, Family | str] = dict(packages)  # a package's name until imported

    def __getitem__(self, name: str) -> Family:
        entry = self._entries[name]
        if isinstance(entry, str):
            entry = self._entries[name] = importlib.import_module(entry).FAMILY
        return entry

    def __setitem__(self, name: str, family: Family) -> None:
        self._entries[name] = family

    def __delitem__(self, name: str) -> None:
        del self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


FAMILIES = Registry({name: f"scorepad.games.{name}"
                     for name in ("schafkopf", "saukopf", "schwarze_sau", "struliwuli", "ramsch")})

# the game a new evening starts with
DEFAULT_RULESET = "schafkopf"

__all__ = ["DEFAULT_RULESET", "FAMILIES", "CardLook", "Choice", "Family", "family_of", "find_family", "registered"]


def find_family(name: str) -> Family | None:
    """The family of that name, or None."""
    return FAMILIES.get(name)


def family_of(table: Any) -> Family:
    """The family a rule table belongs to (its `family`)."""
    return FAMILIES[table.family]


@contextmanager
def registered(family: Family) -> Iterator[Family]:
    """The family in the registry for a while (a test's toy game); whatever was there before
    is back afterwards."""
    before = FAMILIES.get(family.name)
    FAMILIES[family.name] = family
    try:
        yield family
    finally:
        if before is None:
            del FAMILIES[family.name]
        else:
            FAMILIES[family.name] = before
