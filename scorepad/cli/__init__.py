"""The `scorepad` command: replay session files, list and check rule tables, benchmark, and
keep evenings in the store (import, show, add, edit, delete, undo, redo, history, export), and
run tournaments (`scorepad tournament ...`).

Here: reading the arguments and running the command; parser.py the arguments, commands.py and
evenings.py the commands, tournaments.py the tournament's, replay_json.py what `scorepad replay` writes."""

from __future__ import annotations

import sys

from scorepad.cli.commands import cmd_app
from scorepad.cli.parser import build_parser
from scorepad.errors import ScorepadError

__all__ = ["build_parser", "main"]


def _check_arguments(argv: list[str]) -> None:
    """Every argument is real text: a byte that is not UTF-8 (which Python keeps as a lone
    surrogate) is refused here, before it reaches a name or the store."""
    for arg in argv:
        for _i, ch in enumerate(arg):
            if 0xD800 <= ord(ch) <= 0xDFFF:
                byte = f"0x{ord(ch) - 0xDC00:02x}" if 0xDC80 <= ord(ch) <= 0xDCFF else f"\\u{ord(ch):04x}"
                raise ScorepadError("arg_not_utf8", value=arg.encode("utf-8", "replace").decode("utf-8"),
                                    byte=byte)


def _say(exc: ScorepadError) -> None:
    """The refusal's one line on stderr; half a character in it (a lone surrogate quoted
    from the input) is shown as its escape, never a crash."""
    print(str(exc).encode("utf-8", "backslashreplace").decode("utf-8"), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    if argv is None:
        argv = sys.argv[1:]
    try:
        _check_arguments(argv)
        args = parser.parse_args(argv)  # (a number out of range: a refusal, scorepad/cli/numbers.py)
    except ScorepadError as exc:
        _say(exc)
        return 2
    if not getattr(args, "func", None):
        args.func = cmd_app  # `scorepad` alone opens the app
    try:
        code: int = args.func(args)
        return code
    except ScorepadError as exc:
        _say(exc)
        return 2
    except BrokenPipeError:
        return 0
