"""How values are kept in the file: compact JSON (and what is wrong with a damaged one), times
as sortable text, integers in SQLite's 64 bits, a PIN."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

# SQLite keeps integers in 64 bits: an id or number outside this range names nothing stored
SQLITE_MIN, SQLITE_MAX = -(2**63), 2**63 - 1


def in_sqlite_range(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and SQLITE_MIN <= value <= SQLITE_MAX


def now() -> str:
    """The current time, UTC, ISO 8601 with milliseconds: sorts as text."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    """Compact JSON for a stored value; refuses NaN and infinities, which JSON can't carry."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def damage(data: bytes | str | None, kind: type | tuple[type, ...] = object) -> str | None:
    """What is wrong with a stored JSON value (not UTF-8, not JSON, not of `kind`), or None."""
    if data is None:
        return "empty"
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        value = json.loads(text)
    except UnicodeDecodeError as exc:
        return f"not UTF-8 at byte {exc.start}"
    except (ValueError, RecursionError) as exc:
        return f"not JSON: {str(exc).splitlines()[0]}"
    if not isinstance(value, kind):
        return f"not a JSON {'object' if kind is dict else 'value'}"
    return None


def new_pin() -> str:
    """Four random digits."""
    return f"{secrets.randbelow(10_000):04d}"
