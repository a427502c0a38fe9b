"""The `scorepad` command: replay session files, list and check rule tables, benchmark, and
keep evenings in the store (import, show, add, edit, delete, undo, redo, history, export)."""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
from itertools import chain
from operator import attrgetter, itemgetter
from pathlib import Path

from scorepad.errors import ScorepadError


def _print_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def cmd_replay(args) -> int:
    # the cyclic collector is off for the whole command, as in the engine's replay: importing
    # scorepad, reading the file and playing its hands make many objects and no garbage cycles
    # (with it on, it would rescan them all again and again)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _replay(args)
    finally:
        if was_enabled:
            gc.enable()


def _replay(args) -> int:
    from scorepad.engine import new_game
    from scorepad.session import parse_session_text, session_table

    text = _read_text(args.file, session=True)
    session = parse_session_text(text)
    del text  # the decoded hands are all that is needed from here on
    table = session_table(session)
    # played one hand at a time, each hand's result kept only until it is text (a run of at
    # most HandsText.RUN hands at once) and each entered hand let go once played: memory stays
    # proportional to the file (see bench)
    game = new_game(table, session.players, session.first_dealer)
    hands, session.hands = session.hands, []
    writer = HandsText()
    play, keep, size = game.play, writer.run.append, HandsText.RUN
    for start in range(0, len(hands), size):  # a run of hands played, then written (no call per hand)
        for i in range(start, min(start + size, len(hands))):
            raw, hands[i] = hands[i], None
            keep(play(i + 1, raw))
        writer.write()
    chunks = writer.done()
    del hands, writer, play, keep
    out = sys.stdout
    if chunks:  # (written a chunk at a time: one text of them all would be a copy of them all)
        out.write('{\n  "hands": [\n')
        out.write(chunks[0])
        for chunk in chunks[1:]:
            out.write(",\n")
            out.write(chunk)
        out.write('\n  ],\n')
    else:
        out.write('{\n  "hands": [],\n')
    del chunks
    out.write('  "standings": ' + _indented(game.snapshot(), 2)[2:] + ",\n")
    out.write('  "state": ' + _indented(game.state(), 2)[2:] + "\n}\n")
    return 0


class HandsText:
    """The replay's hands, each as `_indented(result.as_dict(), 4)` writes it, in chunks to join
    with ",\n" (`done`). Written without json's indenting encoder, which is slow and builds a
    cycle of closures per call (piling up in a replay, with the cyclic collector off): the hands
    of an evening share their shape (the same players, the same columns), so the text around
    the values is a template made once per shape (`_hand_template`), and a run of hands of one
    shape is written at once: the template's text between its slots joined with each hand's
    number, dealer and values as %d / %s write them. A run whose values are not all whole
    numbers, or a shape with no value in a row, is written hand by hand (`_hand_text`).

    The hands are kept (`add`, or `run`) and looked at a run at a time (`write`): their shapes
    and values gathered by C loops (map, chain, itemgetter), not a step of Python per hand,
    which was most of what writing took (replay speed). A run of hands of more than one shape
    is written a run of one shape after another, as they come."""

    RUN = 500  # hands written at once at most

    def __init__(self) -> None:
        self.chunks: list[str] = []
        self.run: list = []  # the hands not written yet (`write` writes them)

    def add(self, result) -> None:
        run = self.run
        run.append(result)
        if len(run) >= self.RUN:
            self.write()

    def done(self) -> list[str]:
        self.write()
        return self.chunks

    def write(self) -> None:
        """The kept hands written (as a chunk, or more: a run of one shape each), and let go."""
        run = self.run
        if not run:
            return
        deltas = [*map(_DELTAS, run)]
        rows = [*_chain(map(dict.values, deltas))]
        values = _same_columns(rows)
        if values is not None and len({*map(tuple, deltas)}) == 1:  # all of one shape
            self._write_shape(run, deltas[0], values)
        else:  # each run of hands of one shape by itself, in order
            start = 0
            shape = _shape(deltas[0])
            for i in range(1, len(run) + 1):
                next_shape = _shape(deltas[i]) if i < len(run) else None
                if next_shape != shape:
                    part = run[start:i]
                    self._write_shape(part, part[0].deltas,
                                      [*_chain(map(dict.values, _chain(map(dict.values, map(_DELTAS, part)))))])
                    start, shape = i, next_shape
        run.clear()

    def _write_shape(self, run: list, deltas: dict, values: list) -> None:
        """Hands of one shape (that of `deltas`); `values`: their rows' values in order."""
        template = _shape_template(deltas)
        numbers = [*map(_NUMBER, run)]
        # %d writes a whole number as json does (and would write a flag or a fraction wrongly)
        if not template or {*map(type, numbers)} != _JUST_INT or {*map(type, values)} != _JUST_INT:
            self.chunks += [_hand_text(result.as_dict()) for result in run]
            return
        parts = _template_parts(template)
        n, slots = len(run), len(parts) - 1  # per hand: number, dealer, its values
        # the hands' texts joined: the template's text between its slots, then each slot's
        # value as %d and %s write it (each value's text made once per run: far fewer than the
        # values), so the template is not read again for every hand
        stride = 2 * slots + 1
        pieces: list = [None] * (n * stride)
        for j, part in enumerate(parts):
            pieces[2 * j::stride] = [part if j else ",\n" + part] * n
        pieces[0] = parts[0]
        pieces[1::stride] = map(int.__repr__, numbers)
        dealers = [*map(_DEALER, run)]
        if {*map(type, dealers)} == _JUST_STR:  # names: each one's text made once, then looked up
            for name in {*dealers}:
                _json_text(name)
            pieces[3::stride] = map(_JSON_TEXTS.__getitem__, dealers)
        else:
            pieces[3::stride] = map(_json_text, dealers)
        distinct = {*values}
        texts = dict(zip(distinct, map(int.__repr__, distinct)))
        each = slots - 2
        for j in range(each):
            pieces[5 + 2 * j::stride] = map(texts.__getitem__, values[j::each])
        self.chunks.append("".join(pieces))


def _same_columns(rows: list) -> list | None:
    """The rows' values in order, when every row has the same columns in the same order; else
    None. Rows of one column are told by their lengths and that column's value in each (its
    key missing in one: not the same), without a tuple per row."""
    if not rows:
        return None
    columns = tuple(rows[0])
    if len(columns) == 1:
        if {*map(len, rows)} != {1}:
            return None
        try:
            return [*map(itemgetter(columns[0]), rows)]
        except KeyError:
            return None
    if {*map(tuple, rows)} != {columns}:
        return None
    return [*_chain(map(itemgetter(*columns), rows))] if columns else []


_DELTAS, _NUMBER, _DEALER = attrgetter("deltas"), attrgetter("number"), attrgetter("dealer")


def _shape(deltas: dict) -> tuple:
    """The players and each row's columns of a hand's deltas."""
    return (*deltas, *map(tuple, deltas.values()))


def _hand_text(hand: dict) -> str:
    """One hand's result (as_dict) as `_indented(hand, 4)` writes it, from the template of its
    shape (see HandsText)."""
    deltas = hand.get("deltas")
    if len(hand) != 3 or not deltas or "number" not in hand or "dealer" not in hand:
        return _indented(hand, 4)
    template = _shape_template(deltas)
    if not template:
        return _indented(hand, 4)
    values = [hand["number"]]
    for row in deltas.values():
        values += row.values()
    if {*map(type, values)} == _JUST_INT:
        values.insert(1, _json_text(hand["dealer"]))
        return template % tuple(values)
    values = [_json_value(v) for v in values]
    values.insert(1, _json_value(hand["dealer"]))
    return _hand_template(tuple((p, tuple(row)) for p, row in deltas.items()), "%s") % tuple(values)


_TEMPLATES: dict[tuple, str] = {}  # one hand's text by its shape (players, each row's columns)
_PARTS: dict[str, list[str]] = {}  # a template's text around its slots


def _template_parts(template: str) -> list[str]:
    """The template's text around its slots (%d, %s), its %% as %: with each slot's text
    between them, these are what `template % values` writes. Made once per template."""
    parts = _PARTS.get(template)
    if parts is None:
        parts = [""]
        for i, piece in enumerate(re.split("%([%ds])", template)):
            if i % 2 == 0 or piece == "%":
                parts[-1] += piece
            else:
                parts.append("")
        _PARTS[template] = parts
    return parts


def _shape_template(deltas: dict) -> str:
    """The template of a hand with these deltas' shape (%d for the number and each value, %s
    for the dealer), made once per shape; "" for no rows or a row without columns (json writes
    each {})."""
    shape = _shape(deltas)
    template = _TEMPLATES.get(shape)
    if template is None:
        usable = bool(deltas) and all(deltas.values())
        template = _TEMPLATES[shape] = (
            _hand_template(tuple((p, tuple(row)) for p, row in deltas.items())) if usable else "")
    return template


_JSON = json.JSONEncoder(ensure_ascii=False).encode


_JUST_INT, _JUST_STR = {int}, {str}
_chain = chain.from_iterable
_JSON_TEXTS: dict[str, str] = {}


def _json_value(v) -> str:
    """A value as json.dumps writes it."""
    return int.__repr__(v) if type(v) is int else _JSON(v)


def _json_text(v) -> str:
    """A (player's) name as json.dumps writes it, made once per name."""
    text = _JSON_TEXTS.get(v) if type(v) is str else None
    if text is None:
        text = _json_value(v)
        if type(v) is str:
            _JSON_TEXTS[v] = text
    return text


def _hand_template(shape: tuple, slot: str = "%d") -> str:
    """The text of a hand of this shape: `slot` for the number and each value, %s for the dealer."""
    def q(text: str) -> str:
        return _JSON(text).replace("%", "%%")

    lines = ["    {", f'      "number": {slot},', '      "dealer": %s,', '      "deltas": {']
    for i, (player, columns) in enumerate(shape):
        lines.append(f"        {q(player)}: {{")
        last = len(columns) - 1
        lines += [f"          {q(t)}: {slot}{',' if j < last else ''}" for j, t in enumerate(columns)]
        lines.append("        }" + ("," if i < len(shape) - 1 else ""))
    lines += ["      }", "    }"]
    return "\n".join(lines)


def _indented(value, by: int) -> str:
    """`value` as _print_json prints it, nested `by` spaces deep (the first line too)."""
    pad = " " * by
    return pad + json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + pad)


def cmd_rulesets(args) -> int:
    from scorepad.tables import builtin_tables

    if args.action == "check":
        if not args.file:
            raise ScorepadError("check_needs_file")
        # the verdict `rulesets import` acts on (app.house.read_house_file); with a store named,
        # also that no other variant there has the id
        if args.db or os.environ.get("SCOREPAD_DB"):
            with _app(args) as app:
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
        with _app(args) as app:
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
        with _app(args) as app:
            for rules in app.house_rules():
                table = app.house_table(rules.name)
                rows.append((rules.ruleset, f"{rules.name} (Hausregel, {rules.base})",
                             "/".join(str(n) for n in table.players)))
    width = max(len(r[0]) for r in rows)
    name_width = max(len(r[1]) for r in rows)
    for rid, name, players in rows:
        print(f"{rid:<{width}}  {name:<{name_width}}  {players} players")
    return 0


def cmd_bench(args) -> int:
    from scorepad.devtools.bench import run_bench

    _print_json(run_bench(hands=args.hands, rulesets=args.ruleset or None, store_hands=args.store_hands,
                          store_samples=args.store_samples, sharing_tables=args.sharing_tables,
                          sharing_seconds=args.sharing_seconds, file_hands=args.file_hands,
                          output=args.replay_output, web=args.web, tap_hands=args.tap_hands,
                          sharing_ws_seconds=args.sharing_ws_seconds))
    return 0


# --- the store commands ----------------------------------------------------------------------

DB_HELP = ("the scorepad file (default: $SCOREPAD_DB, else scorepad.db in your data directory); "
           "may stand before or after the command")


def _app(args):
    from scorepad.app import App

    return App.open(args.db)


def _hand_json(text: str, number):
    """HAND_JSON from the command line: JSON text, or @FILE to read it from a file. A key
    given twice or a broken character names the hand (`number()`: the number it gets)."""
    from scorepad.errors import SessionError
    from scorepad.session import load_json

    if text.startswith("@"):
        text = _read_text(text[1:])
    try:
        return load_json(text, "HAND_JSON", hand_number=number)
    except SessionError as exc:
        if exc.code == "not_json":
            raise ScorepadError("hand_json_invalid", **exc.params) from None
        raise


def _read_text(name: str, session: bool = False) -> str:
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


def _print_change(result) -> int:
    _print_json(result.model_dump())
    return 0


def cmd_start(args) -> int:
    from scorepad.session import load_json

    options = load_json(args.options, "options") if args.options else None
    with _app(args) as app:
        info = app.start_evening(args.ruleset, args.players, args.dealer, options, args.place, args.note)
    print(info.id)
    return 0


def cmd_import(args) -> int:
    text = _read_text(args.file, session=True)
    with _app(args) as app:
        info = app.import_session(text, place=args.place, note=args.note)
    for notice in info.notices:  # an earlier release's long or multi-line place or note, fitted
        print(f"note: {notice}", file=sys.stderr)
    print(info.id)
    return 0


def cmd_evenings(args) -> int:
    with _app(args) as app:
        evenings = app.list_evenings()
    if args.json:
        _print_json([e.model_dump() for e in evenings])
        return 0
    rows = [("id", "date", "game", "players", "hands", "finished")]
    rows += [(str(e.id), e.date(), e.game, ", ".join(e.players), str(e.hands), "yes" if e.finished else "no")
             for e in evenings]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip())
    return 0


def cmd_show(args) -> int:
    with _app(args) as app:
        _print_json(app.show(args.id).as_dict())
    return 0


def cmd_add(args) -> int:
    with _app(args) as app:
        hand = _hand_json(args.hand, lambda: app.evening(args.id).hands + 1)
        return _print_change(app.add_hand(args.id, hand, args.expect_version))


def cmd_edit(args) -> int:
    hand = _hand_json(args.hand, lambda: args.number)
    with _app(args) as app:
        return _print_change(app.edit_hand(args.id, args.number, hand, args.expect_version))


def cmd_delete(args) -> int:
    with _app(args) as app:
        return _print_change(app.delete_hand(args.id, args.number, args.expect_version))


def cmd_undo(args) -> int:
    with _app(args) as app:
        return _print_change(app.undo(args.id, args.expect_version))


def cmd_redo(args) -> int:
    with _app(args) as app:
        return _print_change(app.redo(args.id, args.expect_version))


def cmd_history(args) -> int:
    with _app(args) as app:
        changes = app.history(args.id)
    if args.json:
        _print_json([c.model_dump() for c in changes])
        return 0
    for c in changes:
        what = c.action + (f" hand {c.number}" if c.number is not None else "")
        if c.undoes is not None:
            what += f" (change {c.undoes})"
        old = "" if c.old is None else json.dumps(c.old, ensure_ascii=False)
        new = "" if c.new is None else json.dumps(c.new, ensure_ascii=False)
        print(f"v{c.version}  {c.at}  {what}  {old}{' -> ' if old and new else ''}{new}".rstrip())
    return 0


def cmd_finish(args) -> int:
    with _app(args) as app:
        info = app.finish_evening(args.id, args.expect_version, finished=not args.reopen)
    print(f"evening {info.id} {'finished' if info.finished else 'reopened'} (version {info.version})")
    return 0


def cmd_export(args) -> int:
    with _app(args) as app:
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


def cmd_players(args) -> int:
    with _app(args) as app:
        for p in app.players():
            print(f"{p.name}  ({p.evenings} evening{'s' if p.evenings != 1 else ''})")
    return 0


def cmd_rename_player(args) -> int:
    with _app(args) as app:
        info = app.rename_player(args.old, args.new)
    print(f"{args.old} is now {info.name} ({info.evenings} evening{'s' if info.evenings != 1 else ''})")
    return 0


def cmd_check(args) -> int:
    """Report what is damaged in the file (exit 1), or that it is fine (exit 0); --repair
    moves damaged rows aside (table damaged_rows) and reports what is left."""
    with _app(args) as app:
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


def cmd_pin(args) -> int:
    """An evening's PIN, for the phones (a lost PIN is found here); --reset makes a new one."""
    with _app(args) as app:
        if args.reset:
            pin = app.reset_pin(args.id)
            print(f"evening {args.id}: new PIN {pin} (every phone that kept score must enter it again)")
        else:
            print(f"evening {args.id}: PIN {app.pin(args.id)}")
    return 0


def _store_commands(sub, db_parent) -> None:
    """The subcommands that work on the store; each takes --db too."""
    from scorepad.fmt import EXPORT_FORMAT_NAMES

    def add(name, func, help, *arguments):
        p = sub.add_parser(name, help=help, parents=[db_parent])
        for names, kwargs in arguments:
            p.add_argument(*names, **kwargs)
        p.set_defaults(func=func)
        return p

    evening = (("id",), {"type": int, "help": "the evening's id (see: scorepad evenings)"})
    number = (("number",), {"type": int, "help": "the hand's number (1 = first hand)"})
    hand = (("hand",), {"metavar": "HAND_JSON", "help": "the hand's keys as JSON (or @FILE)"})
    expect = (("--expect-version",), {"type": int, "metavar": "V",
                                      "help": "refuse unless the evening is still at version V"})
    place = (("--place",), {"help": "where the evening is played (one line, at most 80 characters)"})
    note = (("--note",), {"help": "a note on the evening (at most 5 lines, 500 characters)"})
    settle_open_rad = (("--settle-open-rad",), {"action": "store_true",
                                                "help": "Struliwuli: settle an unfinished Rad pro rata (offener Rad, "
                                                        "anteilig); without it only finished Rads are money"})
    add("start", cmd_start, "start a new evening and print its id",
        (("ruleset",), {}), (("players",), {"nargs": "+", "metavar": "PLAYER", "help": "clockwise"}),
        (("--dealer",), {"help": "who deals first"}), (("--options",), {"help": "table values to override (JSON)"}),
        place, note)
    add("import", cmd_import, "store a session file as a new evening and print its id",
        (("file",), {"help": "the session file (- for standard input)"}), place, note)
    add("evenings", cmd_evenings, "list the evenings (id, date, game, players, hands, finished)",
        (("--json",), {"action": "store_true"}))
    add("show", cmd_show, "print an evening as `scorepad replay` prints a session file", evening)
    add("add", cmd_add, "add the next hand to an evening", evening, hand, expect)
    add("edit", cmd_edit, "replace hand N; the hands after it are scored again", evening, number, hand, expect)
    add("delete", cmd_delete, "delete hand N; later hands move up and are scored again", evening, number, expect)
    add("undo", cmd_undo, "undo the evening's last add, edit or delete", evening, expect)
    add("redo", cmd_redo, "redo the change undone last", evening, expect)
    add("history", cmd_history, "show an evening's change log", evening, (("--json",), {"action": "store_true"}))
    add("finish", cmd_finish, "mark an evening finished (--reopen to open it again)", evening, expect,
        (("--reopen",), {"action": "store_true"}))
    add("export", cmd_export, "write an evening as a session file",
        evening, (("--format",), {"choices": list(EXPORT_FORMAT_NAMES), "default": "json"}),
        (("-o", "--output"), {"metavar": "FILE", "help": "write to FILE instead of standard output"}),
        settle_open_rad)
    add("check", cmd_check, "check the file: report damaged hands, rule tables and change-log rows "
        "(exit 1 if any); --repair moves them aside into the table damaged_rows, losing nothing",
        (("--repair",), {"action": "store_true", "help": "move damaged rows aside and number the hands again"}))
    add("pin", cmd_pin, "show an evening's PIN (for the phones); --reset sets a new random one and takes the "
        "pen from every phone", evening,
        (("--reset",), {"action": "store_true", "help": "a new random PIN: every phone must enter it again"}))
    add("players", cmd_players, "list the players")
    add("rename-player", cmd_rename_player, "rename a player in every evening",
        (("old",), {}), (("new",), {}))

    def cmd_stats(args) -> int:
        from scorepad import fmt

        with _app(args) as app:
            season = app.season(args.ruleset, args.since, settle_open=args.settle_open_rad)
        if args.json:
            _print_json(season.model_dump())
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
        points = season.tally is not None and season.tally not in ("bolla", "verloren")
        money = season.tally is None or any(r.money for r in rows)
        head = ["Name", "Abende", "Spiele"] + ([fmt.TALLY_NAMES.get(season.tally, season.tally)] if points else [])
        head += (["Saldo"] if money else []) + season.trophies
        head += (["Bolla"] if rows[0].bollas is not None else []) + (["Verloren"] if rows[0].games_lost is not None else [])
        table = [head]
        for r in rows:
            line = [r.name, str(r.evenings), str(r.hands)] + ([str(r.points)] if points else [])
            line += ([fmt.money(r.money, signed=True)] if money else []) + [str(r.trophies[t]) for t in season.trophies]
            line += ([str(r.bollas)] if r.bollas is not None else []) + ([str(r.games_lost)] if r.games_lost is not None else [])
            table.append(line)
        widths = [max(len(line[i]) for line in table) for i in range(len(head))]
        for line in table:
            print("  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(line, widths))).rstrip())
        return 0

    add("stats", cmd_stats, "a season table per player over the stored evenings (money or points, trophies, "
        "Bollas, games lost)",
        (("--ruleset",), {"metavar": "ID", "help": "only the evenings of this rule table (see: scorepad rulesets)"}),
        (("--since",), {"metavar": "DATE", "help": "only the evenings from this day on (2026-11-29 or 29.11.2026)"}),
        (("--json",), {"action": "store_true", "help": "print the table as JSON (money in cents)"}),
        settle_open_rad)


def cmd_web(args) -> int:
    from scorepad.ui.serve import serve

    serve(host=args.host, port=args.port, db=args.db, require_pin=args.pin)
    return 0


def cmd_static(args) -> int:
    from scorepad.staticsite.assemble import build

    _print_json(build(args.outdir, wheels=args.wheels))
    return 0


def cmd_app(args) -> int:
    from scorepad.ui.serve import open_app

    open_app(db=args.db)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorepad", description="Score-keeping companion for real card tables.",
        epilog="The store commands keep evenings in one SQLite file: --db PATH (before or after the "
               "command) or $SCOREPAD_DB choose it; the default is scorepad.db in your data directory.")
    parser.add_argument("--db", metavar="PATH", default=None, help=DB_HELP)
    db_parent = argparse.ArgumentParser(add_help=False)
    db_parent.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=DB_HELP)
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("replay", help="score a session file and print every hand, the standings and what comes next")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("rulesets", parents=[db_parent],
                       help="list the rule tables and house variants; rulesets check FILE | import FILE | export NAME")
    p.add_argument("action", nargs="?", choices=None)
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_rulesets)

    p = sub.add_parser("bench", help="measure replay speed on generated evenings")
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--store-hands", type=int, default=1000,
                   help="also time adding a hand to a stored evening of this many hands (0: skip)")
    p.add_argument("--store-samples", type=int, default=200, help="timed adds per store figure (their p50 and p95)")
    p.add_argument("--sharing-tables", type=int, default=20,
                   help="also time tables of 4 phones on one app server, each saving hands (0: skip)")
    p.add_argument("--sharing-seconds", type=float, default=20.0, help="how long the tables keep saving")
    p.add_argument("--sharing-ws-seconds", type=float, default=60.0,
                   help="also run the tables over the real websocket (scorepad web in its own process) "
                        "this long: save-to-seen times, server memory per phone (0: skip)")
    p.add_argument("--file-hands", type=int, default=100_000,
                   help="also measure `scorepad replay` of a session file this long: seconds, peak memory (0: skip)")
    p.add_argument("--tap-hands", type=int, default=1000,
                   help="also time a tap on the hand form at 10 and at this many hands, per ruleset (0: skip)")
    p.add_argument("--no-replay-output", dest="replay_output", action="store_false",
                   help="skip timing `scorepad replay FILE > /dev/null` per ruleset against json.loads")
    p.add_argument("--web", action="store_true",
                   help="also load the table app in chromium on a throttled link, served as now and as plain Flet "
                        "served it: bytes, reload bytes, requests to other hosts, seconds to the start screen")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("web", parents=[db_parent],
                       help="serve the table app to phones and browsers (prints the address to open)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for phones on the same Wi-Fi)")
    p.add_argument("--port", type=int, default=8550)
    p.add_argument("--pin", action="store_true",
                   help="changing an evening needs its PIN even here (always so with a non-loopback --host)")
    p.set_defaults(func=cmd_web)

    p = sub.add_parser("static", help="build the table app as a static site that runs in the phone's browser "
                                      "(offline once opened; each phone keeps its own evenings)")
    p.add_argument("outdir", help="folder to write the site into (serve it with any static server)")
    p.add_argument("--wheels", metavar="DIR", default=None,
                   help="take the browser's packages from this folder of wheels instead of the package index")
    p.set_defaults(func=cmd_static)

    p = sub.add_parser("app", parents=[db_parent], help="open the table app (a window, else the browser); "
                                                       "the same as scorepad without a command")
    p.set_defaults(func=cmd_app)

    _store_commands(sub, db_parent)
    return parser


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
    except ScorepadError as exc:
        _say(exc)
        return 2
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args.func = cmd_app  # `scorepad` alone opens the app
    try:
        return args.func(args)
    except ScorepadError as exc:
        _say(exc)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
