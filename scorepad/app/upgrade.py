"""What the store's schema upgrade asks the application layer (the store itself does not know
rule tables or player names): the rule table an old evening meant, its hands with the player
names spelled as stored, and a stored rule table with the keys added since it was stored
written as the evening was scored (docs/rulesets.md, "Compatibility")."""

from __future__ import annotations

from typing import Any

from scorepad.app.players import renamed_checked
from scorepad.session import SessionFile, session_table
from scorepad.tables import RuleTable, stored_table_as_then


def migration_table(ruleset: str, players: list[str], first_dealer: str | None, options: dict[str, Any]) -> RuleTable:
    """For the schema upgrade: the rule table an old evening meant (its ruleset and options now)."""
    table: RuleTable = session_table(SessionFile(format=1, ruleset=ruleset, players=players, first_dealer=first_dealer,
                                                 options=options))
    return table


def migration_hands(evening: dict[str, Any], renames: dict[str, str]) -> list[Any]:
    """For the schema upgrade: an old evening's hands with player names spelled as stored."""
    if not renames:
        return list(evening["hands"])
    table = migration_table(evening["ruleset"], evening["players"], evening["first_dealer"], evening["options"])
    return renamed_checked(table, evening["players"], evening["first_dealer"], evening["hands"], renames)


def migration_stored_table(raw: dict[str, Any]) -> dict[str, Any]:
    """For the schema upgrade: a stored rule table with every key scorepad gained since it was
    stored written with the value it was scored by (its family's `stored_before`)."""
    upgraded: dict[str, Any] = stored_table_as_then(raw)
    return upgraded
