"""The choices a screen offers for a table (new evening, the evening's rules, house rules): each
family's OPTIONS and HOUSE (scorepad/games/<family>/choices.py), how a value reads, and what a
pick makes of the options (tables.deep_merge, the one merge of table values)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad import fmt
from scorepad.errors import ScorepadError
from scorepad.games import FAMILIES, Choice
from scorepad.games.family import Labelled, has_path, is_member_path, value_at_path
from scorepad.tables import deep_merge, with_options


def evening_choices(family: str) -> list[Choice]:
    """What a new evening of this family asks for."""
    return list(FAMILIES[family].options)


def all_choices(table: Any) -> list[Choice]:
    """What a table's own rules may change: the evening's choices and the house choices (as the
    table writes their values, where its game says how: points at a Preisschafkopf list)."""
    family = FAMILIES[table.family]
    house = family.house_for_table(table) if family.house_for_table is not None else family.house
    # (a choice about a game the table lacks, such as a Preisschafkopf list's Farbwenz, is left out)
    return [choice for choice in [*family.options, *house] if has_path(table, choice[1])]


def choice_label(path: tuple[str, ...], value) -> str:
    if isinstance(value, list) and all(isinstance(v, int) for v in value) and value:  # player counts
        return fmt.counts_words(value)
    if isinstance(value, list):
        return ", ".join(link["name"] for link in value) if value else "nicht"
    if isinstance(value, bool):
        return "an" if value else "aus"
    if path[-1] in ("tariff", "rate", "bolla_price", "chip_value", "drink_price", "schneider", "value", "stake"):
        return "aus" if value == 0 and path[-1] != "tariff" else fmt.money(value)
    return str(value)


def choice_values(path: tuple[str, ...], values: list[Any]) -> list[tuple[Any, str]]:
    """(value, label) for each value of a choice: a Labelled value's own words, else choice_label."""
    return [(v.value, v.label) if isinstance(v, Labelled) else (v, choice_label(path, v)) for v in values]


def fitting_table(table: Any, values: dict[str, Any]) -> Any:
    """The table with `values` applied, or None if they do not fit it."""
    try:
        return with_options(table, values)
    except ScorepadError:
        return None


def value_at(table, path: tuple[str, ...]):
    value = value_at_path(table, path)
    if isinstance(value, list):  # a list of table entries (the Kontra chain) compares as plain values
        return [v.model_dump(mode="json") if hasattr(v, "model_dump") else v for v in value]
    return value


def nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    """{"a": {"b": value}} for the path ("a", "b")."""
    out: dict[str, Any] = {}
    cur = out
    for part in path[:-1]:
        cur = cur.setdefault(part, {})
    cur[path[-1]] = value
    return out


def picked(options: dict[str, Any], path: tuple[str, ...], value: Any, table: Any = None) -> dict[str, Any]:
    """The options with one value picked. A path naming one word of a list of the table (a Bock
    trigger: family.is_member_path) puts the word into the list as `table` has it, or takes it out."""
    if table is not None and is_member_path(table, path):
        # the list as the options have it (the table shown may be the base, when they do not fit)
        own = value_at_path(options, path[:-1]) if has_path(options, path[:-1]) else None
        words = list(own if isinstance(own, list) else value_at_path(table, path[:-1]))
        words = [w for w in words if w != path[-1]] + ([path[-1]] if value else [])
        return deep_merge(options, nest(path[:-1], words))
    return deep_merge(options, nest(path, value))


def picker(options: dict[str, Any], set_options: Callable[[dict[str, Any]], Any],
           path: tuple[str, ...], table: Any = None) -> Callable[[Any], None]:
    """A chip row's callback: set the options with the tapped value picked at `path` (`table`:
    the table the screen shows, for a path into one of its lists)."""
    return lambda value: set_options(picked(options, path, value, table))
