"""The command line's arguments: every command, its options and its help."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from scorepad.cli.commands import cmd_app, cmd_bench, cmd_replay, cmd_rulesets, cmd_static, cmd_web
from scorepad.cli.evenings import (
    cmd_add,
    cmd_check,
    cmd_delete,
    cmd_edit,
    cmd_evenings,
    cmd_export,
    cmd_finish,
    cmd_history,
    cmd_import,
    cmd_pin,
    cmd_players,
    cmd_redo,
    cmd_rename_player,
    cmd_show,
    cmd_start,
    cmd_stats,
    cmd_undo,
)
from scorepad.cli.numbers import COUNT, HAND, ID, PORT, VERSION, seconds
from scorepad.cli.tournaments import add_parser as tournament_parser

# a command: the parsed arguments in, the exit code out
Command = Callable[[argparse.Namespace], int]
# an argument as `add` takes it: its names, then add_argument's keywords
Argument = tuple[tuple[str, ...], dict[str, Any]]

SECONDS = seconds(24 * 3600.0)  # a bench figure's seconds or pace

DB_HELP = ("the scorepad file (default: $SCOREPAD_DB, else scorepad.db in your data directory); "
           "may stand before or after the command")


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
    p.add_argument("--lines", action="store_true",
                   help="with each hand the German lines that made its points (what it was; the winner, each item, the factors)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("rulesets", parents=[db_parent],
                       help="list the rule tables and house variants; rulesets check FILE | import FILE | export NAME")
    p.add_argument("action", nargs="?", choices=None)
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_rulesets)

    p = sub.add_parser("bench", help="measure replay speed on generated evenings")
    p.add_argument("--hands", type=COUNT, default=100_000)
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--store-hands", type=COUNT, default=1000,
                   help="also time adding a hand to a stored evening of this many hands (0: skip)")
    p.add_argument("--store-samples", type=COUNT, default=200, help="timed adds per store figure (their p50 and p95)")
    p.add_argument("--sharing-tables", type=COUNT, default=20,
                   help="also time tables of 4 phones on one app server, each saving hands (0: skip)")
    p.add_argument("--sharing-seconds", type=SECONDS, default=20.0, help="how long the tables keep saving")
    p.add_argument("--sharing-ws-seconds", type=SECONDS, default=60.0,
                   help="also run the tables over the real websocket (scorepad web in its own process) "
                        "this long: save-to-seen times, server memory per phone (0: skip)")
    p.add_argument("--tournament-tables", type=COUNT, default=50,
                   help="also run a Preisschafkopf tournament of this many tables of four phones over the real websocket, "
                        "with two ranking screens: save-to-seen times on the watchers and the ranking, server CPU and "
                        "memory (0: skip)")
    p.add_argument("--tournament-seconds", type=SECONDS, default=90.0, help="how long its tables keep saving (0: skip)")
    p.add_argument("--tournament-pace", type=SECONDS, default=20.0,
                   help="each scorekeeper waits from half to one and a half times this many seconds before each hand "
                        "(20: a hand about every 20 s a table, several times a real table's pace; 6: the stress "
                        "figure; 2: as the sharing figures)")
    p.add_argument("--file-hands", type=COUNT, default=100_000,
                   help="also measure `scorepad replay` of a session file this long: seconds, peak memory (0: skip)")
    p.add_argument("--tap-hands", type=COUNT, default=1000,
                   help="also time a tap on the hand form at 10 and at this many hands, per ruleset (0: skip)")
    p.add_argument("--render-hands", type=COUNT, default=1000,
                   help="also time the table screen's render on a watching phone at 10 and at this many hands (0: skip)")
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
    p.add_argument("--port", type=PORT, default=8550)
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
    tournament_parser(sub, db_parent)
    return parser


def _store_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser], db_parent: argparse.ArgumentParser) -> None:
    """The subcommands that work on the store; each takes --db too."""
    from scorepad.exportformats import NAMES as EXPORT_FORMAT_NAMES

    def add(name: str, func: Command, help: str, *arguments: Argument) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, parents=[db_parent])
        for names, kwargs in arguments:
            p.add_argument(*names, **kwargs)
        p.set_defaults(func=func)
        return p

    evening = (("id",), {"type": ID, "help": "the evening's id (see: scorepad evenings)"})
    number = (("number",), {"type": HAND, "help": "the hand's number (1 = first hand)"})
    hand = (("hand",), {"metavar": "HAND_JSON", "help": "the hand's keys as JSON (or @FILE)"})
    expect = (("--expect-version",), {"type": VERSION, "metavar": "V",
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
        (("--reset",), {"action": "store_true", "help": "a new random PIN: every phone must enter it again; the evening's tries start afresh"}))
    add("players", cmd_players, "list the players")
    add("rename-player", cmd_rename_player, "rename a player in every evening",
        (("old",), {}), (("new",), {}))


    add("stats", cmd_stats, "a season table per player over the stored evenings (money or points, trophies, "
        "Bollas, games lost)",
        (("--ruleset",), {"metavar": "ID", "help": "only the evenings of this rule table (see: scorepad rulesets)"}),
        (("--since",), {"metavar": "DATE", "help": "only the evenings from this day on (2026-11-29 or 29.11.2026)"}),
        (("--json",), {"action": "store_true", "help": "print the table as JSON (money in cents)"}),
        settle_open_rad)
