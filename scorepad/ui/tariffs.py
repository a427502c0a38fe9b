"""The table's value sets ("10/50": every tariff at once) as chips, and the tariffs they come
to, for the new-evening and the house-rules screens (the sets are the table's `value_sets`)."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorepad.games import family_of
from scorepad.tables import deep_merge, table_as_dict
from scorepad.ui.choices import fitting_table
from scorepad.ui.widgets import choice_row, section, tag


def tariff_set_section(table, options: dict[str, Any], set_options, key_prefix: str = "tariff-set-") -> list[ft.Control]:
    """A "Tarif" section: one chip per set of the table (the one the table now stands at is
    chosen), a tap merges the set into `options`; below, the tariffs as they stand. Nothing
    for a table without sets."""
    sets = table.value_sets()
    if not sets:
        return []
    now = table_as_dict(table)
    current = next((name for name, values in sets.items()
                    if (after := fitting_table(table, values)) is not None and table_as_dict(after) == now), None)
    lines = family_of(table).tariffs
    shown = [tag(ft.Text("\n".join(lines(table)), size=14, key=f"{key_prefix}lines"))] if lines else []
    return [section("Tarif", choice_row([(name, name) for name in sets], current,
                                        lambda name: set_options(deep_merge(options, sets[name])),
                                        key_prefix=key_prefix), *shown)]
