"""An evening's rules changed afterwards (what it would look like, then the change), and what
a stored rule table changes of its built-in one (table_diff: the options that make it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.app.errors import LaterHandError
from scorepad.app.guard import guarded
from scorepad.app.models import EveningInfo
from scorepad.engine import Replay, replay
from scorepad.errors import HandError
from scorepad.store import dumps
from scorepad.tables import RuleTable, get_table, table_as_dict, with_options

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings


def table_diff(base: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """The values of `stored` that differ from `base`, as session options (ids excluded)."""
    out: dict[str, Any] = {}
    for key, value in stored.items():
        if key in ("id", "family"):
            continue
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            sub = table_diff(base[key], value)
            if sub:
                out[key] = sub
        elif base.get(key, object()) != value:
            out[key] = value
    return out


def with_new_entries_off(stored: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """`stored` with the entries the built-in table `base` gained since (a contract, an item)
    that are switched off there (`enabled` false): such an entry scores nothing, so an old
    evening's table and today's with the same options score every hand alike."""
    out = dict(stored)
    for key, value in base.items():
        if key not in stored:
            if isinstance(value, dict) and value.get("enabled") is False:
                out[key] = value
        elif isinstance(value, dict) and isinstance(stored[key], dict):
            out[key] = with_new_entries_off(stored[key], value)
    return out


class Rules:
    """Other rules for an evening already played (scored again from its first hand)."""

    def __init__(self, evenings: Evenings):
        self.evenings = evenings
        self.store = evenings.store

    @guarded
    def rules_preview(self, evening_id: int, options: dict[str, Any]) -> tuple[RuleTable, Replay, Replay]:
        """What the evening would look like under other rules (its built-in table with
        `options`): (the new table, the replay now, the replay then). Stores nothing; a hand
        the new rules refuse raises HandError naming it."""
        with self.store.read():
            row = self.store.evening(evening_id)
            hands = self.store.hands(evening_id)
        table = with_options(get_table(row["ruleset"]), options)
        now_ = self.evenings.show(evening_id)
        then = replay(table, row["players"], hands, row["first_dealer"])
        return table, now_, then

    @guarded
    def change_rules(self, evening_id: int, options: dict[str, Any], expected_version: int | None = None) -> EveningInfo:
        """The evening scored by its built-in table with other `options` from now on: every hand
        is scored again. Refused (nothing changes) if a hand breaks the new rules."""
        with self.store.write():
            row = self.evenings.row(evening_id, expected_version, writable=True)
            self.evenings.intact(row)
            table = with_options(get_table(row["ruleset"]), options)
            hands = self.store.hands(evening_id)
            try:
                replay(table, row["players"], hands, row["first_dealer"])
            except HandError as err:
                raise LaterHandError("change the rules", err, err.number) from None
            old = {"game": row["game"], "options": self.evenings.options(row)}
            self.store.set_rules(evening_id, table.name, dumps(options), dumps(table_as_dict(table)))
            self.store.log_change(evening_id, row["version"], "rules", None, old,
                                  {"game": table.name, "options": options})
            info = self.evenings.info(evening_id)
        self.evenings.kept.drop(evening_id)
        self.evenings.changed(evening_id)
        return info
