"""The session file (interchange format 1): one evening as entered, for replay, import, export.

    {"format": 1, "ruleset": id, "players": [names, clockwise], "first_dealer": name,
     "options": {table values to override}, "hands": [{hand keys of the game}, ...]}

See docs/session-format.md for the hand keys of each game.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scorepad.errors import SessionError, describe_validation_error
from scorepad.refusals import Names
from scorepad.tables import get_table, with_options

FORMAT = 1


class SessionFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal[1]
    ruleset: str
    players: list[str]
    first_dealer: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    hands: list[Any] = Field(default_factory=list)
    # an export's computed results ride along; they are never read back as truth
    results: dict[str, Any] | None = Field(default=None, exclude=True)

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"format": FORMAT, "ruleset": self.ruleset, "players": list(self.players)}
        if self.first_dealer is not None:
            out["first_dealer"] = self.first_dealer
        if self.options:
            out["options"] = self.options
        out["hands"] = list(self.hands)
        return out


def parse_session(data: Any) -> SessionFile:
    """A session from already-decoded JSON, or SessionError naming the key."""
    if not isinstance(data, dict):
        raise SessionError("file", "file_not_object")
    if data.get("format") != FORMAT and "format" in data:
        raise SessionError("format", "format_wrong", format=FORMAT, got=data.get("format"))
    try:
        return SessionFile.model_validate(data)
    except ValidationError as exc:
        key, code, params = describe_validation_error(exc)
        raise SessionError(key or "file", code, **params) from None


def parse_session_text(text: str) -> SessionFile:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SessionError("file", "not_json", reason=str(exc)) from None
    except (ValueError, RecursionError) as exc:  # a number too long to read, nesting too deep
        raise SessionError("file", "json_unreadable", reason=str(exc).splitlines()[0]) from None
    return parse_session(data)


def has_control_characters(text: str) -> bool:
    """Line breaks, tabs and the like: a name is one line of plain text."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text)


def check_players(table, players: list[str], first_dealer: str | None) -> None:
    """The seating fits the table: allowed count, real names, nobody twice, a seated dealer."""
    seen: dict[str, str] = {}
    for i, name in enumerate(players):
        if not name.strip():
            raise SessionError(f"players[{i}]", "seat_name_empty")
        if name != name.strip():
            raise SessionError(f"players[{i}]", "name_spaces", name=name)
        if has_control_characters(name):
            raise SessionError(f"players[{i}]", "name_control", name=name)
        folded = name.casefold()
        if folded in seen:
            raise SessionError("players", "name_twice", first=seen[folded], second=name)
        seen[folded] = name
    if len(players) not in table.players:
        raise SessionError("players", "player_count", table=table.name, allowed=Names(table.players),
                           count=len(players))
    if first_dealer is not None and first_dealer not in players:
        raise SessionError("first_dealer", "dealer_not_player", name=first_dealer)


def session_table(session: SessionFile):
    """The session's rule table with its options applied, its players checked."""
    table = with_options(get_table(session.ruleset), session.options)
    check_players(table, session.players, session.first_dealer)
    return table
