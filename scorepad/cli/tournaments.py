"""`scorepad tournament ...`: a tournament run from the command line, through the application
layer as the organiser's screens do. Its tables' hands are entered with `scorepad add EVENING
HAND_JSON` like any evening's.

    new NAME --ruleset ID --rounds R --games G PLAYER...   prints the tournament's id
                      --games 36/48: one count per table size (smallest first: Skat's tables of
                      3 and 4); --fee 50,50,50,100: the lost-game fee in cents for a player's
                      1st, 2nd, ... lost game of a round (a Skat series), the last repeating
    draw TID          draws the next round: {"round", "tables": [{"table", "evening", "seats",
                      "sitting_out"}], "repeat_meetings"}
    standings TID [--json]   the ranking ([{"rank", "name", "points", "solos_won", "games", "won", "lost",
                      "fees"}]; the table's tie-breaks' columns as text; fees: the lost-game fee in cents)
                      --format html [--prizes N] [-o FILE]: the ranking list (the prize list) to print
    export TID --format csv-de|html|json [-o FILE]
    finish TID [--force]
    enter TID NAME [--number N] / withdraw TID NAME   late arrivals and withdrawals
    close TID [--force]   close the round being played
    correct EVENING N HAND_JSON --pin PIN   a table's hand corrected with the table's PIN
    fees TID [--json]   the lost-game fee per player and round, each player's total and the pot
    progress TID [--json] / sheets TID [--round N]     every table's games; the table sheets
                      (--format html [--server URL] [-o FILE]: to print, one A4 page per table)
    organiser-code    a one-time code that lets a phone run tournaments (valid 10 minutes, one use)
    organiser-phones [--revoke ID | --revoke-all]   the phones allowed; revoke one or all
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from scorepad import fmt
from scorepad.cli.inout import hand_json, open_app, print_json, write_out
from scorepad.cli.numbers import HAND, ID, whole
from scorepad.errors import ScorepadError

STANDING_KEYS = ("rank", "name", "points", "solos_won", "games", "won", "lost", "fees")


def games_counts(text: str) -> list[int]:
    """An argparse type: the games per table and round, "32" or per table size "36/48"."""
    from scorepad.tournament.event import split_counts
    from scorepad.tournament.limits import GAMES_MAX

    return [whole(1, GAMES_MAX)(part) for part in split_counts(text)]


def fee_cents(text: str) -> list[int]:
    """An argparse type: the lost-game fee, cents for the 1st, 2nd, ... lost game ("50,50,50,100",
    a flat "50"; "0": none)."""
    from scorepad.tournament.limits import FEE_MAX, FEE_STEPS_MAX

    parts = [p.strip() for p in text.split(",")]
    if len(parts) > FEE_STEPS_MAX or not all(p.isascii() and p.isdigit() and len(p) <= 6 and int(p) <= FEE_MAX
                                             for p in parts):
        raise ScorepadError("tournament_fee", max=FEE_MAX, steps=FEE_STEPS_MAX, value=text)
    return [int(p) for p in parts]


games_counts.__name__ = "games"  # (argparse names the type in its own messages)
fee_cents.__name__ = "fee"


def add_parser(sub: Any, db_parent: argparse.ArgumentParser) -> None:
    """The `tournament` command and its subcommands."""
    from scorepad.tournament.export import FORMATS
    from scorepad.tournament.limits import NUMBER_MAX, ROUNDS_MAX

    top = sub.add_parser("tournament", help="a tournament (club night): new, draw, standings, export, finish; "
                                            "enter, withdraw, close, correct, progress, sheets")
    actions = top.add_subparsers(dest="action", required=True, metavar="ACTION")
    tid = (("tid",), {"type": ID, "metavar": "TID", "help": "the tournament's id"})

    def action(name: str, help: str, func: Any, *arguments: tuple[tuple[str, ...], dict[str, Any]]) -> None:
        p = actions.add_parser(name, help=help, parents=[db_parent])
        for names, kwargs in arguments:
            p.add_argument(*names, **kwargs)
        p.set_defaults(func=func)

    action("new", "a new tournament; prints its id", cmd_new, (("name",), {}),
           (("--ruleset",), {"required": True, "metavar": "ID", "help": "the rule table every table plays"}),
           (("--rounds",), {"type": whole(1, ROUNDS_MAX), "required": True, "metavar": "R"}),
           (("--games",), {"type": games_counts, "required": True, "metavar": "G",
                           "help": "games per table and round: one count, or one per table size, smallest first "
                                   "(36/48: 36 at a table of 3, 48 at a table of 4)"}),
           (("--fee",), {"type": fee_cents, "metavar": "CENTS", "default": None,
                         "help": "the lost-game fee (Verlustspielgeld) in cents for a player's 1st, 2nd, ... lost "
                                 "game of a round, the last repeating: 50,50,50,100; 50 flat (default: none)"}),
           (("--seed",), {"help": "the seed of the draws and the lot (default: a random one, kept)"}),
           (("--numbers",), {"action": "store_true", "help": "number the players 1, 2, ... in the order given"}),
           (("--options",), {"help": "table values to override (JSON)"}),
           (("players",), {"nargs": "+", "metavar": "PLAYER"}))
    action("draw", "draw the next round (the round before must be played out) and print it as JSON", cmd_draw, tid)
    output = (("-o", "--output"), {"metavar": "FILE", "help": "write to FILE instead of standard output"})
    action("standings", "the ranking: points, then the table's tie-breaks, then the lot", cmd_standings, tid,
           (("--json",), {"action": "store_true"}),
           (("--format",), {"choices": ("text", "json", "html"), "default": None,
                            "help": "html: the ranking list to print (A4)"}),
           (("--prizes",), {"type": ID, "metavar": "N", "help": "with --format html: the prize list, the first N places"}),
           output)
    action("export", "the whole tournament", cmd_export, tid, (("--format",), {"choices": FORMATS, "default": "json"}),
           output)
    action("finish", "finish the tournament (its last round closed)", cmd_finish, tid,
           (("--force",), {"action": "store_true", "help": "close the round even if a table has games to play"}))
    action("enter", "a late arrival, drawn from the next round on", cmd_enter, tid, (("name",), {}),
           (("--number",), {"type": whole(1, NUMBER_MAX)}))
    action("withdraw", "a withdrawal: not drawn from the next round on", cmd_withdraw, tid, (("name",), {}))
    action("close", "close the round being played", cmd_close, tid,
           (("--force",), {"action": "store_true", "help": "even if a table has games to play"}))
    action("correct", "correct a table's hand with the table's PIN (also after its round is closed)", cmd_correct,
           (("evening",), {"type": ID, "help": "the table's evening"}), (("number",), {"type": HAND}),
           (("hand",), {"metavar": "HAND_JSON"}), (("--pin",), {"required": True, "help": "the table's PIN"}))
    action("fees", "the lost-game fee per player and round, each player's total and the pot", cmd_fees, tid,
           (("--json",), {"action": "store_true"}))
    action("progress", "every table's games: Tisch 7: 28 von 32 Spielen", cmd_progress, tid,
           (("--json",), {"action": "store_true"}))
    action("sheets", "the table sheets of a round (with each table's PIN)", cmd_sheets, tid,
           (("--round",), {"type": ID, "metavar": "N", "help": "default: the last drawn"}),
           (("--format",), {"choices": ("text", "html"), "default": "text",
                            "help": "html: to print, one A4 page per table with the QR code of its evening"}),
           (("--server",), {"metavar": "URL", "help": "the address the phones open, as `scorepad web --host 0.0.0.0` "
                                                      "prints it (default: this machine's network address, port "
                                                      "8550)"}),
           output)
    action("organiser-code", "a one-time code that lets a phone run tournaments (10 minutes, one use)",
           cmd_organiser_code)
    action("organiser-phones", "the phones allowed to run tournaments; revoke one or all", cmd_organiser_phones,
           (("--revoke",), {"type": ID, "metavar": "ID", "help": "revoke the phone with this id"}),
           (("--revoke-all",), {"action": "store_true", "help": "revoke every phone"}))


def cmd_organiser_code(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        made = app.make_organiser_code()
    print(made.code)
    return 0


def cmd_organiser_phones(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        if args.revoke is not None or args.revoke_all:
            print(app.revoke_organiser_phone(None if args.revoke_all else args.revoke))
            return 0
        for p in app.organiser_phones():
            print(f"{p.id}  {p.label}  {p.granted_at}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from scorepad.session import load_json

    options = load_json(args.options, "options") if args.options else None
    numbers: list[int | None] | None = list(range(1, len(args.players) + 1)) if args.numbers else None
    with open_app(args) as app:
        games = args.games[0] if len(args.games) == 1 else args.games
        info = app.new_tournament(args.name, args.ruleset, args.rounds, games, args.players, numbers,
                                  args.seed, options, args.fee)
    print(info.id)
    return 0


def cmd_draw(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        print_json(app.draw_round(args.tid).model_dump())
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    form = args.format or ("json" if args.json else "text")
    if args.json and form != "json":
        raise ScorepadError("tournament_option_needs", option="--json", format="json")
    if args.prizes is not None and form != "html":
        raise ScorepadError("tournament_option_needs", option="--prizes", format="html")
    with open_app(args) as app:
        if form == "html":
            write_out(app.printed_standings(args.tid, args.prizes), args.output)
            return 0
        rows = app.tournament_standings(args.tid)
        info = app.tournament(args.tid)
    if form == "json":
        write_out(json.dumps([row.model_dump(include=set(STANDING_KEYS)) for row in rows], ensure_ascii=False,
                             indent=2) + "\n", args.output)
        return 0
    from scorepad.tournament import tie_breaks

    breaks = tie_breaks.of(info.tie_breaks)  # their columns (Schafkopf: Soli; Skat: Gew., Verl.)
    paid = ("Verlustspielgeld",) if info.fees else ()
    lines = [("Platz", "Nr.", "Name", "Punkte", *(t.head for t in breaks), "Spiele", *paid)]
    lines += [(f"{r.rank}.", "" if r.number is None else str(r.number), r.name, fmt.tally_value(info.tally, r.points),
               *(str(getattr(r, t.field)) for t in breaks), str(r.games), *((fmt.money(r.fees),) if paid else ()))
              for r in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    write_out("".join("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() + "\n" for line in lines),
              args.output)
    return 0


def cmd_fees(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        fees = app.tournament_fees(args.tid)
    if args.json:
        print_json(fees.model_dump())
        return 0
    rounds = max((len(p.rounds) for p in fees.players), default=0)
    lines = [("Nr.", "Name", *(f"{fees.round_word} {k}" for k in range(1, rounds + 1)), "Summe")]
    for p in fees.players:
        cells = ["" if r is None else f"{fmt.money(r.fee)} ({r.lost})" for r in p.rounds]
        lines.append(("" if p.number is None else str(p.number), p.name, *cells, fmt.money(p.total)))
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    print(f"Verlustspielgeld: {fees.words}")
    for line in lines:
        print("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip())
    print(f"Kasse: {fmt.money(fees.total)}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        write_out(app.export_tournament(args.tid, args.format), args.output)
    return 0


def cmd_finish(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        app.finish_tournament(args.tid, force=args.force)
    return 0


def cmd_enter(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        app.enter_tournament_player(args.tid, args.name, args.number)
    return 0


def cmd_withdraw(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        app.withdraw_tournament_player(args.tid, args.name)
    return 0


def cmd_close(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        app.close_round(args.tid, force=args.force)
    return 0


def cmd_correct(args: argparse.Namespace) -> int:
    hand = hand_json(args.hand, lambda: args.number)
    with open_app(args) as app:
        print_json(app.correct_table_hand(args.evening, args.number, hand, args.pin).model_dump())
    return 0


def cmd_progress(args: argparse.Namespace) -> int:
    with open_app(args) as app:
        tables = app.tournament_progress(args.tid)
        word = app.tournament(args.tid).round_word  # the table's word for a round (Skat: Serie)
    if args.json:
        print_json([t.model_dump() for t in tables])
        return 0
    for t in tables:
        print(f"{word} {t.round}, {t.german()}" + (" (abgeschlossen)" if t.finished else ""))
    return 0


def cmd_sheets(args: argparse.Namespace) -> int:
    if args.format == "html":
        server = args.server or default_server()
        with open_app(args) as app:
            write_out(app.printed_sheets(args.tid, server, args.round), args.output)
        return 0
    with open_app(args) as app:
        sheets = app.table_sheets(args.tid, args.round)
    if not sheets:
        raise ScorepadError("tournament_no_round_open", tournament=args.tid)
    write_out("\n\n".join("\n".join(sheet.lines()) for sheet in sheets) + "\n", args.output)
    return 0


def default_server() -> str:
    """The address the phones open when the app is served on the network (`scorepad web --host
    0.0.0.0` on its default port): this machine's network address."""
    from scorepad.ui.hosts import lan_address
    from scorepad.ui.serve import DEFAULT_PORT

    return f"http://{lan_address()}:{DEFAULT_PORT}/"
