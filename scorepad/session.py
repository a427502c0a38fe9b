"""The session file (interchange format 1): one evening as entered, for replay, import, export.

    {"format": 1, "ruleset": id, "players": [names, clockwise], "first_dealer": name,
     "date": when it was played, "place": text, "note": text,
     "options": {table values to override}, "hands": [{hand keys of the game}, ...],
     "variant": {"id": ruleset, "extends": built-in id, table values} (a house variant inline)}

See docs/session-format.md for the hand keys of each game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Literal, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scorepad.errors import HandError, ScorepadError, SessionError, describe_validation_error
from scorepad.names import char_words, first_control, has_control_characters, name_key, normalize_name  # noqa: F401 (part of this module's API)
from scorepad.refusals import Names
from scorepad.tables import RuleTable, deep_merge, get_table, with_options

FORMAT = 1


# a session file larger than any real evening is refused before it is read: a long evening
# is a few hundred hands of about 100 bytes; these limits are a thousand times that
MAX_SESSION_BYTES = 20_000_000
MAX_HANDS = 100_000
# the longest player name (the app and every export lay it out)
MAX_NAME_CHARS = 40


class SessionFile(BaseModel):
    # strict: a JSON boolean, integer or string exactly where the format says ("1" is no number)
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)  # built when first read

    format: Literal[1]
    ruleset: str
    players: list[str]
    first_dealer: str | None = None
    # optional, still format 1: when and where the evening was played, and a note on it
    date: str | None = None
    place: str | None = None
    note: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    # a house variant carried inline, so the file is complete on its own: its id (= ruleset),
    # the built-in table it `extends`, and the values it changes (as `rulesets export` writes)
    variant: dict[str, Any] | None = None
    hands: list[Any] = Field(default_factory=list)
    # an export's computed results ride along; they are never read back as truth
    results: dict[str, Any] | None = Field(default=None, exclude=True)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "ruleset": self.ruleset, "players": list(self.players)}
        if self.first_dealer is not None:
            out["first_dealer"] = self.first_dealer
        for key in ("date", "place", "note"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.options:
            out["options"] = self.options
        if self.variant is not None:
            out["variant"] = self.variant
        out["hands"] = list(self.hands)
        return out


# --- strict JSON: no key twice, no broken characters, no NaN -----------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class _Twice(dict[str, Any]):
    """An object that gave a key twice (`twice`): JSON allows it, a session file does not."""

    __slots__ = ("twice",)
    twice: str


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                break
            seen.add(key)
        twice = _Twice(obj)
        twice.twice = key
        return twice
    return obj


class _Constant(ValueError):
    """NaN, Infinity or -Infinity in the text: Python's json reads them, JSON has no such number."""


def _no_constant(name: str) -> NoReturn:
    raise _Constant(f"{name} is not a JSON number")


# a JSON string, or one of the characters that open, close or part containers (what `_hand_at` follows)
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],:]')
# a JSON string, or a constant Python's json reads and JSON has not (outside a string)
_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|-?Infinity|NaN')


def _hand_at(text: str, pos: int) -> int | None:
    """The index in the top-level "hands" list of the hand the text at `pos` lies in (or where
    it would start), following the containers from the start; None when `pos` is elsewhere."""
    stack: list[list[Any]] = []  # per open container: its bracket, its current key or index, whether a key comes next
    key = None
    for found in _TOKEN.finditer(text, 0, pos):
        token = found.group()
        top = stack[-1] if stack else None
        if token[0] == '"':
            if top is not None and top[0] == "{" and top[2]:
                key = token
        elif token == ":":
            if top is not None and top[0] == "{":
                top[1], top[2] = key, False
        elif token == ",":
            if top is not None and top[0] == "{":
                top[2] = True
            elif top is not None:
                top[1] += 1
        elif token in "{[":
            stack.append([token, None if token == "{" else 0, True])
        elif stack:
            stack.pop()
    if len(stack) >= 2 and stack[0][:2] == ["{", '"hands"'] and stack[1][0] == "[":
        index: int = stack[1][1]
        return index
    return None


def _syntax_error(text: str, pos: int, reason: str, key: str, hands: bool) -> SessionError:
    """A JSON syntax error at `pos` as one line naming its line and column, and the hand it
    lies in (with `hands`): "hand 3: not JSON: line 14, column 9: Expecting ',' delimiter"."""
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    hand = _hand_at(text, pos) if hands else None
    return SessionError(key if hand is None else f"hand {hand + 1}", "not_json", line=line, column=column,
                        reason=reason)


def _constant_at(text: str) -> int:
    """Where the first NaN / Infinity / -Infinity outside a string is."""
    for found in _CONSTANT.finditer(text):
        if found.group()[0] != '"':
            return found.start()
    return 0


def _first_problem(data: Any) -> tuple[list[str | int], str, dict[str, str]] | None:
    """Where the decoded value first gives a key twice or holds a lone surrogate: (path, code,
    parameters), or None. Iterative, so any depth JSON could be read at is fine."""
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            found = _SURROGATE.search(value)
            if found:
                return path, "broken_character", {"char": f"\\u{ord(found.group()):04x}"}
        elif isinstance(value, dict):
            if isinstance(value, _Twice):
                return path + [value.twice], "duplicate_key", {}
            for key, item in reversed(list(value.items())):
                broken = _SURROGATE.search(key)
                if broken:
                    return path + [key], "broken_character", {"char": f"\\u{ord(broken.group()):04x}"}
                stack.append((item, path + [key]))
        elif isinstance(value, list):
            stack.extend((item, path + [i]) for i, item in reversed(list(enumerate(value))))
    return None


def key_path(path: list[str | int]) -> str:
    """["hands", 3, "augen"] -> "hands[3].augen"."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def load_json(text: str, key: str = "file", hands: bool = False, hand_number: Callable[[], int] | None = None) -> Any:
    """JSON text read strictly: a syntax error, NaN / Infinity, a key given twice or a lone
    surrogate (half of a character) is refused naming where: the line and column of a syntax
    error, the key of the others; with `hands`, a problem under "hands" names the hand ("hand 4:
    augen: ...", "hand 4: not JSON: line 14, column 9: ..."). `key` names the whole text
    ("file", "options", "HAND_JSON"); with `hand_number` (the number it would get, asked only
    when needed), the text is one hand, named so: "hand 4: player: ..."."""
    seen: list[bool] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:  # called for every object in the text: the usual case in as few steps as can be
        obj = dict(items)
        if len(obj) != len(items):
            obj = _pairs(items)
            seen.append(True)
        return obj

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _syntax_error(text, exc.pos, exc.msg, key, hands) from None
    except _Constant as exc:
        raise _syntax_error(text, _constant_at(text), str(exc), key, hands) from None
    except (ValueError, RecursionError) as exc:  # a number too long to read, nesting too deep
        raise SessionError(key, "json_unreadable", reason=str(exc).splitlines()[0]) from None
    # (a text of ASCII only has no half character in it: the scan for one is left out)
    if seen or _SURROGATE_ESCAPE.search(text) or (not text.isascii() and _SURROGATE.search(text)):
        problem = _first_problem(data)
        if problem is not None:
            path, code, params = problem
            if hands and len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
                raise HandError(path[1] + 1, key_path(path[2:]) or "hand", code, **params)
            if hand_number is not None:
                raise HandError(hand_number(), key_path(path) or "hand", code, **params)
            where = key_path(path) if key == "file" else key_path([key, *path])
            raise SessionError(where or key, code, **params)
    return data


def parse_session(data: Any) -> SessionFile:
    """A session from already-decoded JSON, or SessionError naming the key."""
    if not isinstance(data, dict):
        raise SessionError("file", "file_not_object")
    if isinstance(data.get("hands"), list) and len(data["hands"]) > MAX_HANDS:
        raise SessionError("hands", "too_many_hands", count=len(data["hands"]), limit=MAX_HANDS)
    if "format" in data and (type(data["format"]) is not int or data["format"] != FORMAT):  # true is no 1
        raise SessionError("format", "format_wrong", format=FORMAT, got=data.get("format"))
    try:
        session = SessionFile.model_validate(data)
    except ValidationError as exc:
        key, code, params = describe_validation_error(exc)
        raise SessionError(key or "file", code, **params) from None
    if session.date is not None:
        started_at(session.date)  # refuses what is no date
    if session.variant is not None:
        variant_table(session.ruleset, session.variant)  # refuses a wrong variant naming its key
    return read_as_written(normalize_session(session))


def read_as_written(session: SessionFile) -> SessionFile:
    """The file read as the release that wrote it read it: a file without a key means what it
    meant before the key existed (docs/rulesets.md, "Compatibility"). Its table says which
    options do so for these hands (`options_before`, e.g. a Saukopf trump noted in any words);
    they go into the session's options, so an import keeps them. A file whose table cannot be
    made is left as it is: reading it refuses it in the usual place."""
    if not session.hands:
        return session
    try:
        plain = plain_session(session)
        table = with_options(get_table(plain.ruleset), plain.options)
    except ScorepadError:
        return session
    before = table.options_before(session.hands)
    if not before:
        return session
    return session.model_copy(update={"options": deep_merge(session.options, before)})


def variant_table(ruleset: str, variant: dict[str, Any]) -> RuleTable:
    """A house variant carried inline: its `id` is the session's ruleset, it `extends` a
    built-in table and changes only table values (checked as `options` are, the key named under
    `variant`). The variant's table, or SessionError."""
    from scorepad.tables import builtin_tables

    if variant.get("id") != ruleset:
        raise SessionError("variant.id", "variant_id", ruleset=ruleset, got=variant.get("id"))
    if ruleset in builtin_tables():
        raise SessionError("variant.id", "variant_builtin", ruleset=ruleset)
    base = variant.get("extends")
    if not isinstance(base, str) or base not in builtin_tables():
        raise SessionError("variant.extends", "house_extends", known=", ".join(builtin_tables()))
    values = {k: v for k, v in variant.items() if k not in ("id", "extends")}
    try:
        return with_options(get_table(base), values)
    except SessionError as exc:
        raise SessionError("variant" + exc.key.removeprefix("options"), exc.code, **exc.params) from None


def plain_session(session: SessionFile) -> SessionFile:
    """The session on its built-in table: an inline variant becomes that table's id and options
    (the variant's values, then the session's own options over them). A store keeps an evening
    so; a session without a variant is returned as it is."""
    if session.variant is None:
        return session
    variant_table(session.ruleset, session.variant)
    values = {k: v for k, v in session.variant.items() if k not in ("id", "extends")}
    return session.model_copy(update={"ruleset": session.variant["extends"], "variant": None,
                                      "options": deep_merge(values, session.options)})


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



def normalize_session(session: SessionFile) -> SessionFile:
    """The session with its players' names normalized (`normalize_name`), and every text in
    its hands that names a player the same way spelled as that player is now."""
    players = [normalize_name(p) for p in session.players]
    dealer = normalize_name(session.first_dealer) if session.first_dealer is not None else None
    if players == session.players and dealer == session.first_dealer and all(p.isascii() for p in players):
        return session
    known = {normalize_name(p): p for p in players}
    session.players, session.first_dealer = players, dealer
    session.hands = [_names_in(h, known) for h in session.hands]
    return session


def names_in(hand: Any, players: list[str]) -> Any:
    """`hand` with every text that names one of `players` otherwise (NFD, extra spaces)
    spelled as that player."""
    if all(p.isascii() for p in players) and json_ascii(hand):
        return hand
    return _names_in(hand, {normalize_name(p): p for p in players})


def json_ascii(value: Any) -> bool:
    try:
        return json.dumps(value, ensure_ascii=False).isascii()
    except (TypeError, ValueError):
        return False


def _names_in(value: Any, known: dict[str, str]) -> Any:
    if isinstance(value, str):
        return value if value in known else known.get(normalize_name(value), value)
    if isinstance(value, list):
        return [_names_in(v, known) for v in value]
    if isinstance(value, dict):
        return {_names_in(k, known): _names_in(v, known) for k, v in value.items()}
    return value


def session_text(data: bytes, name: str) -> str:
    """A session file's bytes (`name`: the file, for the message) as text: refused when larger
    than any real evening (MAX_SESSION_BYTES) or not UTF-8."""
    if len(data) > MAX_SESSION_BYTES:
        raise ScorepadError("session_too_large", file=name, size=len(data), limit=MAX_SESSION_BYTES)
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScorepadError("file_not_utf8", file=name, byte=exc.start) from None


def parse_session_text(text: str) -> SessionFile:
    """A session from its text, read strictly (see `load_json`)."""
    if len(text) > MAX_SESSION_BYTES:
        raise SessionError("file", "session_too_large", file="file", size=len(text.encode("utf-8")),
                           limit=MAX_SESSION_BYTES)
    return parse_session(load_json(text, "file", hands=True))


def check_players(table: RuleTable, players: list[str], first_dealer: str | None) -> None:
    """The seating fits the table: allowed count, real names, nobody twice, a seated dealer."""
    seen: dict[str, str] = {}
    for i, name in enumerate(players):
        if not name.strip():
            raise SessionError(f"players[{i}]", "seat_name_empty")
        if name != name.strip():
            raise SessionError(f"players[{i}]", "name_spaces", name=name)
        if (bad := first_control(name)) is not None:
            raise SessionError(f"players[{i}]", "name_control", name=name, **char_words(bad))
        if len(name) > MAX_NAME_CHARS:
            raise SessionError(f"players[{i}]", "name_too_long", name=name, max=MAX_NAME_CHARS)
        folded = name_key(name)
        if folded in seen:
            raise SessionError("players", "name_twice", first=seen[folded], second=name)
        seen[folded] = name
    if len(players) not in table.players:
        raise SessionError("players", "player_count", table=table.name, allowed=Names(table.players),
                           count=len(players))
    if first_dealer is not None and first_dealer not in players:
        raise SessionError("first_dealer", "dealer_not_player", name=first_dealer)


def session_table(session: SessionFile) -> RuleTable:
    """The session's rule table (its inline variant's, if any) with its options applied, its
    players checked."""
    session = plain_session(session)
    table = with_options(get_table(session.ruleset), session.options)
    check_players(table, session.players, session.first_dealer)
    return table
