"""What the store's schema upgrade asks the application layer (the store itself does not know
rule tables or player names): the rule table an old evening meant, and its hands with the
player names spelled as stored."""

from __future__ import annotations

from typing import Any

from scorepad.app.players import renamed_checked
from scorepad.session import SessionFile, session_table
from scorepad.tables import RuleTable


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
