"""The `scorepad` command: replay session files, list and check rule tables, benchmark."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scorepad.errors import ScorepadError


def _print_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def cmd_replay(args) -> int:
    from scorepad.engine import replay
    from scorepad.session import parse_session_text, session_table

    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScorepadError(f"{args.file}: cannot read: {exc.strerror}") from None
    session = parse_session_text(text)
    table = session_table(session)
    result = replay(table, session.players, session.hands, session.first_dealer)
    _print_json(result.as_dict())
    return 0


def cmd_rulesets(args) -> int:
    from scorepad.tables import builtin_tables, load_table_file

    if args.action == "check":
        if not args.file:
            raise ScorepadError("rulesets check: name the TOML file to check")
        table = load_table_file(args.file)
        print(f"{args.file}: ok ({table.id}: {table.name}, {table.family}, "
              f"{'/'.join(str(n) for n in table.players)} players)")
        return 0
    if args.action is not None:
        raise ScorepadError(f"rulesets: unknown action {args.action!r} (use: scorepad rulesets [check FILE])")
    rows = [(t.id, t.name, "/".join(str(n) for n in t.players)) for t in builtin_tables().values()]
    width = max(len(r[0]) for r in rows)
    name_width = max(len(r[1]) for r in rows)
    for rid, name, players in rows:
        print(f"{rid:<{width}}  {name:<{name_width}}  {players} players")
    return 0


def cmd_bench(args) -> int:
    from scorepad.bench import run_bench

    _print_json(run_bench(hands=args.hands, rulesets=args.ruleset or None))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorepad", description="Score-keeping companion for real card tables.")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("replay", help="score a session file and print every hand, the standings and what comes next")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("rulesets", help="list the rule tables, or check one: rulesets check FILE")
    p.add_argument("action", nargs="?", choices=None)
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_rulesets)

    p = sub.add_parser("bench", help="measure replay speed on generated evenings")
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except ScorepadError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
