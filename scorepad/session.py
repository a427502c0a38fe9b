"""The session file (interchange format 1): one evening as entered, for replay, import, export.

    {"format": 1, "ruleset": id, "players": [names, clockwise], "first_dealer": name,
     "date": when it was played, "place": text, "note": text,
     "options": {table values to override}, "hands": [{hand keys of the game}, ...]}

See docs/session-format.md for the hand keys of each game.
"""

from __future__ import annotations

import json
import unicodedata
from datetime import date, datetime
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
    # optional, still format 1: when and where the evening was played, and a note on it
    date: str | None = None
    place: str | None = None
    note: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    hands: list[Any] = Field(default_factory=list)
    # an export's computed results ride along; they are never read back as truth
    results: dict[str, Any] | None = Field(default=None, exclude=True)

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"format": FORMAT, "ruleset": self.ruleset, "players": list(self.players)}
        if self.first_dealer is not None:
            out["first_dealer"] = self.first_dealer
        for key in ("date", "place", "note"):
            if getattr(self, key):
                out[key] = getattr(self, key)
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
        session = SessionFile.model_validate(data)
    except ValidationError as exc:
        key, code, params = describe_validation_error(exc)
        raise SessionError(key or "file", code, **params) from None
    if session.date is not None:
        started_at(session.date)  # refuses what is no date
    return session


def started_at(value: str) -> str:
    """The session's `date` as a start time with its zone: a day alone (2026-11-29) is noon
    local time that day; a time without a zone is local time. SessionError if it is no date."""
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise SessionError("date", "not_a_date", value=value) from None
    if len(value.strip()) == 10:  # a day alone
        when = datetime.combine(date.fromisoformat(value.strip()), datetime.min.time()).replace(hour=12)
    if when.tzinfo is None:
        return when.astimezone().isoformat(timespec="milliseconds")
    return value


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
