"""The store commands: each opens the store (--db), asks the application layer and prints."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.cli.inout import hand_json, open_app, print_json, read_text
from scorepad.errors import ScorepadError
from scorepad.games import tally_name

if TYPE_CHECKING:
    from pydantic import BaseModel


def _print_change(result: BaseModel) -> int:
    print_json(result.model_dump())
    return 0


def cmd_start(args: argparse.Namespace) -> int:
    from scorepad.session import load_json

    options = load_json(args.options, "options") if args.options else None
    with open_app(args) as app:
        info = app.start_evening(args.ruleset, args.players, args.dealer, options, args.place, args.note)
    print(info.id)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    text = read_text(args.file, session=True)
    with open_app(args) as app:
        info = app.import_session(text, place=args.place, note=args.note)
    for notice in info.notices:  # an earlier release's long or multi-line place or note, fitted
        print(f"note: {notice}", file=sys.stderr)
    print(info.id)
    return 0


def cmd_evenings(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        evenings = app.list_evenings()
    if args.json:
        print_json([e.model_dump() for e in evenings])
        return 0
    rows = [("id", "date", "game", "players", "hands", "finished")]
    rows += [(str(e.id), e.date(), e.game, ", ".join(e.players), str(e.hands), "yes" if e.finished else "no")
             for e in evenings]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip())
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        print_json(app.show(args.id).as_dict())
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        hand = hand_json(args.hand, lambda: app.evening(args.id).hands + 1)
        return _print_change(app.add_hand(args.id, hand, args.expect_version))


def cmd_edit(args: argparse.Namespace) -> int:
    hand = hand_json(args.hand, lambda: args.number)
    with open_app(args) as app:
        return _print_change(app.edit_hand(args.id, args.number, hand, args.expect_version))


def cmd_delete(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        return _print_change(app.delete_hand(args.id, args.number, args.expect_version))


def cmd_undo(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        return _print_change(app.undo(args.id, args.expect_version))


def cmd_redo(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        return _print_change(app.redo(args.id, args.expect_version))


def cmd_history(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        changes = app.history(args.id)
    if args.json:
        print_json([c.model_dump() for c in changes])
        return 0
    for c in changes:
        what = c.action + (f" hand {c.number}" if c.number is not None else "")
        if c.undoes is not None:
            what += f" (change {c.undoes})"
        old = "" if c.old is None else json.dumps(c.old, ensure_ascii=False)
        new = "" if c.new is None else json.dumps(c.new, ensure_ascii=False)
        print(f"v{c.version}  {c.at}  {what}  {old}{' -> ' if old and new else ''}{new}".rstrip())
    return 0


def cmd_finish(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        info = app.finish_evening(args.id, args.expect_version, finished=not args.reopen)
    print(f"evening {info.id} {'finished' if info.finished else 'reopened'} (version {info.version})")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        text = app.export_session(args.id, args.format, settle_open=args.settle_open_rad)
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    if args.output in (None, "-"):
        if isinstance(text, bytes):  # a picture: bytes to a pipe or file, never onto a terminal
            if sys.stdout.isatty():
                raise ScorepadError("png_needs_file")
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return 0
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_bytes(data)
    except OSError as exc:
        raise ScorepadError("file_cannot_write", file=args.output, reason=exc.strerror) from None
    return 0


def cmd_players(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        for p in app.players():
            print(f"{p.name}  ({p.evenings} evening{'s' if p.evenings != 1 else ''})")
    return 0


def cmd_rename_player(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        info = app.rename_player(args.old, args.new)
    print(f"{args.old} is now {info.name} ({info.evenings} evening{'s' if info.evenings != 1 else ''})")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Report what is damaged in the file (exit 1), or that it is fine (exit 0); --repair
    moves damaged rows aside (table damaged_rows) and reports what is left."""
    with open_app(args) as app:
        path = app.store.path
        if args.repair:
            for line in app.repair():
                print(f"repaired: {line}")
        problems = app.check()
        if app.store.read_only is not None:
            print(f"{path}: read-only: {app.store.read_only}")
    for line in problems:
        print(line)
    if not problems:
        print(f"{path}: ok")
        return 0
    return 1


def cmd_pin(args: argparse.Namespace) -> int:
    """An evening's PIN, for the phones (a lost PIN is found here); --reset makes a new one."""
    with open_app(args) as app:
        if args.reset:
            pin = app.reset_pin(args.id)
            print(f"evening {args.id}: new PIN {pin} (every phone that kept score must enter it again; the "
                  "evening's tries start afresh)")
        else:
            print(f"evening {args.id}: PIN {app.pin(args.id)}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from scorepad import fmt

    with open_app(args) as app:
        season = app.season(args.ruleset, args.since, settle_open=args.settle_open_rad)
    if args.json:
        print_json(season.model_dump())
        return 0
    rows = season.rows
    what = [season.game or "alle Spiele", f"{season.evenings} {'Abend' if season.evenings == 1 else 'Abende'}"]
    if season.since:
        what.append(f"seit {fmt.day(season.since)}")
    if season.open_rads:
        what.append("1 offener Rad, anteilig" if season.open_rads == 1
                    else f"{season.open_rads} offene Rads, anteilig")
    print(" · ".join(what))
    if not rows:
        return 0
    tally = season.tally
    # no points column of a tally a game's own column adds up already (Ramsch's Bollas)
    points = tally is not None and tally not in {c.tally for c in season.columns}
    money = tally is None or any(r.money for r in rows)
    head = ["Name", "Abende", "Spiele"] + ([tally_name(None, tally)] if tally is not None and points else [])
    head += (["Saldo"] if money else []) + season.trophies
    head += [c.heading for c in season.columns]
    table = [head]
    for r in rows:
        line = [r.name, str(r.evenings), str(r.hands)] + ([str(r.points)] if points else [])
        line += ([fmt.money(r.money, signed=True)] if money else []) + [str(r.trophies[t]) for t in season.trophies]
        line += [str(r.own(c.key)) for c in season.columns]
        table.append(line)
    widths = [max(len(line[i]) for line in table) for i in range(len(head))]
    for line in table:
        print("  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(line, widths))).rstrip())
    return 0
