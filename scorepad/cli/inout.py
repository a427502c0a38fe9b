"""What the commands share: JSON printed as the command line prints it, a file's text (- for
standard input), HAND_JSON, and the store opened."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.errors import ScorepadError

if TYPE_CHECKING:
    import argparse

    from scorepad.app import App


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def write_out(text: str, output: str | None) -> None:
    """Text to standard output, or (`-o FILE`) to a file."""
    if output in (None, "-"):
        sys.stdout.write(text)
        return
    try:
        Path(output).write_bytes(text.encode("utf-8"))  # (the text's own line ends, also on Windows)
    except OSError as exc:
        raise ScorepadError("file_cannot_write", file=output, reason=exc.strerror) from None


def open_app(args: argparse.Namespace) -> App:
    from scorepad.app import App

    return App.open(args.db)


def hand_json(text: str, number: Callable[[], int]) -> Any:
    """HAND_JSON from the command line: JSON text, or @FILE to read it from a file. A key
    given twice or a broken character names the hand (`number()`: the number it gets)."""
    from scorepad.errors import SessionError
    from scorepad.session import load_json

    if text.startswith("@"):
        text = read_text(text[1:])
    try:
        return load_json(text, "HAND_JSON", hand_number=number)
    except SessionError as exc:
        if exc.code == "not_json":
            raise ScorepadError("hand_json_invalid", **exc.params) from None
        raise


def read_text(name: str, session: bool = False) -> str:
    """A file's text (- for standard input); a session file larger than any real evening
    (MAX_SESSION_BYTES) is refused before it is read."""
    from scorepad.session import MAX_SESSION_BYTES, session_text

    limit = MAX_SESSION_BYTES if session else None
    try:
        if name == "-":
            data = sys.stdin.buffer.read(limit + 1) if limit else sys.stdin.buffer.read()
            size = len(data)
        else:
            path = Path(name)
            size = path.stat().st_size
            data = None
        if limit is not None and size > limit:
            raise ScorepadError("session_too_large", file=name, size=size, limit=limit)
        if data is None:
            data = path.read_bytes()
        return session_text(data, name) if session else data.decode("utf-8")
    except OSError as exc:
        raise ScorepadError("file_cannot_read", file=name, reason=exc.strerror) from None
    except UnicodeDecodeError as exc:
        raise ScorepadError("file_not_utf8", file=name, byte=exc.start) from None
