"""The application layer's checks of what callers hand in (hands, hand numbers, names, texts,
days) and the one rewrite of a value under renamed players. Pure: no store, no engine."""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

from scorepad.app.errors import PlayerNameError
from scorepad.errors import HandError, ScorepadError, SessionError
from scorepad.names import char_words, first_control, normalize_name
from scorepad.session import MAX_NAME_CHARS
from scorepad.store import NotFoundError, dumps, in_sqlite_range
from scorepad.texts import NOTE, PLACE, check_free_text, fit_text


def rename_in(value: Any, mapping: dict[str, str]) -> Any:
    """`value` with every string equal to a key of `mapping` (values and dict keys) replaced."""
    if not mapping:
        return value
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, list):
        return [rename_in(v, mapping) for v in value]
    if isinstance(value, dict):
        return {mapping.get(k, k) if isinstance(k, str) else k: rename_in(v, mapping) for k, v in value.items()}
    return value


def plain_hand(hand: Any, number: int) -> Any:
    """The hand exactly as it will be stored and replayed (a JSON round trip), or HandError."""
    try:
        return json.loads(dumps(hand))
    except (TypeError, ValueError) as exc:
        raise HandError(number, "hand", "not_plain_json", reason=str(exc)) from None


def check_number(evening_id: int, number: Any) -> int:
    """A hand number as the API takes it: a whole number (a bool or text is no hand number)."""
    if not in_sqlite_range(number):
        raise NotFoundError("no_hand_number", evening=evening_id, number=number)
    return int(number)


def check_text(key: str, value: Any) -> str | None:
    """An optional free text of an evening (place, note)."""
    if value is not None and not isinstance(value, str):
        raise SessionError(key, "not_text", value=value)
    return value or None


def evening_texts(place: Any, note: Any, from_file: Any = None) -> tuple[str | None, str | None, list[SessionError]]:
    """An evening's place and note: those given are new input, checked (refused naming the
    field); where none is given, the session file's (`from_file`) is taken, fitted if it breaks
    a limit (an earlier release took any text there), with a notice saying so."""
    texts: dict[str, str | None] = {}
    notices: list[SessionError] = []
    for rule, given in ((PLACE, place), (NOTE, note)):
        text = check_free_text(rule, given)
        if text is None and from_file is not None:
            text, fitted = fit_text(rule, getattr(from_file, rule.key))
            if fitted:
                notices.append(SessionError(rule.key, "text_fitted", max=rule.max_chars, max_lines=rule.max_lines,
                                            shown=text or ""))
        texts[rule.key] = text
    return texts["place"], texts["note"], notices


def check_name(name: Any) -> str:
    """A new player name, normalized (NFC, trimmed, inner spaces collapsed) and checked."""
    if not isinstance(name, str) or not name.strip():
        raise PlayerNameError("name_empty")
    if (bad := first_control(name)) is not None:
        raise PlayerNameError("name_control", name=name, **char_words(bad))
    name = normalize_name(name)
    assert isinstance(name, str)
    if name != name.strip():
        raise PlayerNameError("name_spaces", name=name)
    if len(name) > MAX_NAME_CHARS:
        raise PlayerNameError("name_too_long", name=name, max=MAX_NAME_CHARS)
    return name


def parse_day(value: date | str | None) -> date | None:
    """A day as 2026-11-29 or 29.11.2026 (or a date), for `since`."""
    if value is None or isinstance(value, date):
        return value
    text = str(value).strip()
    for pattern in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise ScorepadError("not_a_day", value=value)


def local_day(started_at: str) -> date:
    """The local day an evening started (as the evening list and the exports show it)."""
    return datetime.fromisoformat(started_at).astimezone().date()
