"""The commands besides the store's: replay a session file, the rule tables, the benchmark,
and the table app (served, as a static site, or in a window)."""

from __future__ import annotations

import argparse
import gc
import os
import sys

from scorepad.cli.inout import open_app, print_json, read_text
from scorepad.errors import ScorepadError


def cmd_replay(args: argparse.Namespace) -> int:
    # the cyclic collector is off for the whole command, as in the engine's replay: importing
    # scorepad, reading the file and playing its hands make many objects and no garbage cycles
    # (with it on, it would rescan them all again and again)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        from scorepad.cli.replay_json import write_replay
        from scorepad.session import parse_session_text

        text = read_text(args.file, session=True)
        session = parse_session_text(text)
        del text  # the decoded hands are all that is needed from here on
        if getattr(args, "lines", False):
            from scorepad.cli.replay_json import write_replay_lines

            write_replay_lines(session, sys.stdout)
        else:
            write_replay(session, sys.stdout)
        return 0
    finally:
        if was_enabled:
            gc.enable()


def cmd_rulesets(args: argparse.Namespace) -> int:
    from scorepad.tables import builtin_tables

    if args.action == "check":
        if not args.file:
            raise ScorepadError("check_needs_file")
        # the verdict `rulesets import` acts on (app.house.read_house_file); with a store named,
        # also that no other variant there has the id
        if args.db or os.environ.get("SCOREPAD_DB"):
            with open_app(args) as app:
                found = app.check_house_rules(args.file)
        else:
            from scorepad.app.house import read_house_file

            found = read_house_file(args.file)
        table = found.table
        print(f"{args.file}: ok ({found.ruleset}: {table.name}, {table.family}, "
              f"{'/'.join(str(n) for n in table.players)} players; a house variant of {found.base})")
        return 0
    if args.action in ("import", "export"):
        if not args.file:
            raise ScorepadError("import_needs_file" if args.action == "import" else "export_needs_name")
        with open_app(args) as app:
            if args.action == "import":
                rules = app.import_house_rules(args.file)
                print(f"house variant {rules.name!r} of {rules.base} kept as {rules.ruleset}")
            else:
                sys.stdout.write(app.export_house_rules(args.file))
        return 0
    if args.action is not None:
        raise ScorepadError("rulesets_action_unknown", action=args.action)
    rows = [(t.id, t.name, "/".join(str(n) for n in t.players)) for t in builtin_tables().values()]
    if args.db or os.environ.get("SCOREPAD_DB"):
        with open_app(args) as app:
            for rules in app.house_rules():
                table = app.house_table(rules.name)
                rows.append((rules.ruleset, f"{rules.name} (Hausregel, {rules.base})",
                             "/".join(str(n) for n in table.players)))
    width = max(len(r[0]) for r in rows)
    name_width = max(len(r[1]) for r in rows)
    for rid, name, players in rows:
        print(f"{rid:<{width}}  {name:<{name_width}}  {players} players")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from scorepad.devtools.bench import run_bench

    print_json(run_bench(hands=args.hands, rulesets=args.ruleset or None, store_hands=args.store_hands,
                          store_samples=args.store_samples, sharing_tables=args.sharing_tables,
                          sharing_seconds=args.sharing_seconds, file_hands=args.file_hands,
                          output=args.replay_output, web=args.web, tap_hands=args.tap_hands,
                          sharing_ws_seconds=args.sharing_ws_seconds, tournament_tables=args.tournament_tables,
                          tournament_seconds=args.tournament_seconds, tournament_pace=args.tournament_pace,
                          render_hands=args.render_hands))
    return 0


def cmd_web(args: argparse.Namespace) -> int:
    from scorepad.ui.serve import serve

    serve(host=args.host, port=args.port, db=args.db, require_pin=args.pin)
    return 0


def cmd_static(args: argparse.Namespace) -> int:
    from scorepad.staticsite.assemble import build

    print_json(build(args.outdir, wheels=args.wheels))
    return 0


def cmd_app(args: argparse.Namespace) -> int:
    from scorepad.ui.serve import open_app

    open_app(db=args.db)
    return 0
