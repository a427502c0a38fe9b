"""The registry of games: one package per game family, one line per family below.

Everything above the engine asks here (`find_family(name)`, `family_of(table)`) and never
branches on a game's name. A new game is one package beside these (see docs/architecture.md)
and one line in FAMILIES; the shared parts live in base, kontra and augen."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from scorepad.games.family import CardLook, Choice, Family
from scorepad.games.ramsch import FAMILY as RAMSCH
from scorepad.games.saukopf import FAMILY as SAUKOPF
from scorepad.games.schafkopf import FAMILY as SCHAFKOPF
from scorepad.games.schwarze_sau import FAMILY as SCHWARZE_SAU
from scorepad.games.struliwuli import FAMILY as STRULIWULI

FAMILIES: dict[str, Family] = {f.name: f for f in (SCHAFKOPF, SAUKOPF, SCHWARZE_SAU, STRULIWULI, RAMSCH)}

# the game a new evening starts with
DEFAULT_RULESET = SCHAFKOPF.name

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
