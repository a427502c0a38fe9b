"""The registry of games: one package per game family, one line per family below.

Everything above the engine asks here (`find_family(name)`, `family_of(table)`) and never
branches on a game's name. A new game is one package beside these (see docs/architecture.md)
and one line in FAMILIES; the shared parts live in base, kontra and augen. A family brings its
own refusals (merged into the catalogue when it is first asked for: a code given twice is
refused) and its tallies with their German names (`tally_name`) and the words an amount of
each is said with (`tally_amount`: "31 Punkte", "1 Strich")."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any

from scorepad import fmt, refusals
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
            family: Family = importlib.import_module(entry).FAMILY
            self[name] = family
            return family
        return entry

    def __setitem__(self, name: str, family: Family) -> None:
        """The family registered, its refusals merged into the catalogue (a code given twice:
        ValueError, and the family is not registered)."""
        family.merge_refusals()
        self._entries[name] = family

    def __delitem__(self, name: str) -> None:
        del self._entries[name]
        refusals.drop(name)

    def loaded(self) -> list[Family]:
        """The families imported so far (no import)."""
        return [entry for entry in self._entries.values() if isinstance(entry, Family)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


FAMILIES = Registry({name: f"scorepad.games.{name}"
                     for name in ("schafkopf", "saukopf", "schwarze_sau", "struliwuli", "ramsch", "doppelkopf",
                                  "skat")})

# the game a new evening starts with
DEFAULT_RULESET = "schafkopf"

__all__ = ["DEFAULT_RULESET", "FAMILIES", "CardLook", "Choice", "Family", "every_family", "family_of", "find_family",
           "known_tallies", "registered", "tally_amount", "tally_name", "tally_unit"]


def find_family(name: str) -> Family | None:
    """The family of that name, or None."""
    return FAMILIES.get(name)


def family_of(table: Any) -> Family:
    """The family a rule table belongs to (its `family`)."""
    return FAMILIES[table.family]


def every_family() -> list[Family]:
    """Every registered family, each imported (and its refusals in the catalogue): for what
    lists or shows every game's (a test of the catalogue, a command that names any refusal).
    A start never needs this: it opens one game."""
    return [FAMILIES[name] for name in FAMILIES]


def known_tallies() -> list[str]:
    """Every tally a rule table may keep: money, then each game's, in the registry's order
    (a table has kept any game's tally since tallies were one list; every game imported)."""
    return list(dict.fromkeys([*fmt.TALLY_NAMES, *(t for family in every_family() for t in family.tallies)]))


def keeps_tally(family: Family, tally: object) -> bool:
    """A tally a table of `family` may keep: its own, money, or (rarely: every game imported
    then) another game's."""
    if not isinstance(tally, str):
        return False
    return tally in family.tallies or tally in fmt.TALLY_NAMES or tally in known_tallies()


def tally_name(table: Any, tally: str) -> str:
    """A tally's German name as the table's game says it (its package names its tallies);
    money's is every game's; another game's tally (a table may keep one) as that game names
    it; a name nobody gives, the tally itself."""
    family = FAMILIES.get(table.family) if table is not None else None
    if family is not None and tally in family.tally_names:
        return family.tally_names[tally]
    if tally in fmt.TALLY_NAMES:
        return fmt.TALLY_NAMES[tally]
    for others in (FAMILIES.loaded, every_family):  # the games imported already first
        for other in others():
            if tally in other.tally_names:
                return other.tally_names[tally]
    return tally


def tally_unit(table: Any, tally: str, value: int) -> str:
    """The word an amount of a tally is said with, agreeing with the number as the table's game
    says it ("1 Punkt", "-1 Punkt", "31 Punkte", "0 Punkte"): the table's game's first, then
    another game's (a table may keep one), else the tally's name."""
    family = FAMILIES.get(table.family) if table is not None else None
    units = family.tally_units.get(tally) if family is not None else None
    for others in (FAMILIES.loaded, every_family):  # the games imported already first
        if units is not None:
            break
        units = next((other.tally_units[tally] for other in others() if tally in other.tally_units), None)
    if units is None:
        return tally_name(table, tally)
    one, many = units
    return one if abs(value) == 1 else many


def tally_amount(table: Any, tally: str, value: int, signed: bool = False) -> str:
    """An amount of a tally as a German reader says it, the number before its word: "31 Punkte",
    "1 Strich", money as euros ("+3,20 €" signed)."""
    if fmt.is_money(tally):
        return fmt.money(value, signed=signed)
    return f"{fmt.signed(value) if signed else value} {tally_unit(table, tally, value)}"


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
