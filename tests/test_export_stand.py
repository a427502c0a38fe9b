"""Issue 35: a paper list carries each player's Stand after every game, and so do the exports.
Both CSVs (each player's change in the hand, then after those columns each player's Stand) and
the print page (under each hand's change, the Stand after it). The Stand after hand n is the sum
of hands 1..n where the sheet runs all evening; where a game starts a fresh sheet (Schwarze Sau
after a lost game, the Ramsch after a Bolla, Struliwuli after a Rad) it is the hand on the fresh
sheet; the last Stand is the standings. The standings lines of the text say the number before
its word, agreeing with it: "1. Bernhard 31 Punkte", "1 Punkt", "+3,20 €"."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad import exports, fmt
from scorepad.devtools.bench import generate_session
from scorepad.engine import new_game, replay
from scorepad.exportparts import hand_money, places
from scorepad.games import family_of
from scorepad.summary import summarize
from scorepad.table_numbers import MONEY_KEYS
from scorepad.tables import builtin_tables, get_table, with_options

pytestmark = pytest.mark.unit

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# the games whose sheet runs all evening: the Stand is the sum of every hand so far
SHEET_ALL_EVENING = ["doppelkopf", "doppelkopf-haus", "preisschafkopf-5-10-15", "preisschafkopf-nurplus",
                     "preisschafkopf-plusminus", "saukopf", "saukopf-dreihaxer", "schafkopf"]
# the games that start a fresh sheet (at the table's start) when a game of theirs is over
FRESH_SHEETS = ["schwarze-sau", "struliwuli", "zaisertshofer-ramsch"]


def priced(table) -> dict[str, int]:
    """The game's prices asked when an evening starts, each at its highest offered value (a game
    whose money is no tally then has a money column too)."""
    return {path[-1]: max(values) for _, path, values in family_of(table).options
            if len(path) == 1 and path[-1] in MONEY_KEYS and all(isinstance(v, int) for v in values)}


def evening(ruleset: str, seats: int, n: int, seed: int, price: bool = False, settle_open: bool = False):
    """A generated evening of `n` hands at `seats` players: table, session, replay, summary."""
    table = get_table(ruleset)
    if price:
        table = with_options(table, priced(table))
    session = generate_session(table.model_copy(update={"players": [seats]}), n, seed=seed)
    session["players"] = session["players"][:seats]
    result = replay(table, session["players"], session["hands"], keep_boards=True)
    return table, session, result, summarize(table, session["players"], result, settle_open=settle_open)


def read(text: str, sep: str) -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=sep))
    return rows[0], rows[1:]


def columns(head: list[str], players: list[str]) -> list[tuple[str, str, int, int]]:
    """(player, column's word, the hand's column, the Stand's column) for each player's column."""
    out = []
    for i, h in enumerate(head):
        for p in players:
            if h.startswith(f"{p} ") and not h.startswith(f"{p} Stand "):
                out.append((p, h[len(p) + 1:], i, head.index(f"{p} Stand {h[len(p) + 1:]}")))
    return out


def number(cell: str, german: bool) -> int:
    """A cell as the number it holds: cents from a German euro amount ("-1,60"), else as is."""
    return round(float(cell.replace(",", ".")) * 100) if german and "," in cell else int(cell)


def stand_columns(ruleset: str, seats: int, n: int, seed: int, price: bool):
    """Each CSV's hand and Stand columns, read back as numbers, with the evening."""
    table, session, result, summary = evening(ruleset, seats, n, seed, price)
    players = session["players"]
    out = []
    for german, render in ((False, exports.to_csv), (True, exports.to_csv_de)):
        head, rows = read(render(table, session, result, summary), ";" if german else ",")
        found = columns(head, players)
        assert {p for p, *_ in found} == set(players) and len(head) == 3 + 2 * len(found)
        out.append({(p, word): ([number(r[i], german and "€" in word) for r in rows],
                                [number(r[j], german and "€" in word) for r in rows])
                    for p, word, i, j in found})
    plain, german = out
    # the CSV for German Excel says the same numbers (money in euros) under the same heads
    assert plain == {(p, w.replace("(€)", "(ct)")): v for (p, w), v in german.items()}
    return table, session, result, summary, plain


def tally_of(word: str, table) -> str | None:
    from scorepad.games import tally_name

    return next((t for t in table.tallies if word.startswith(tally_name(table, t))), None)


def seats_and_hands(ruleset: str):
    table = get_table(ruleset)
    return st.tuples(st.sampled_from(sorted(table.players)), st.integers(1, 40), st.integers(0, 10**6), st.booleans())


# --- the CSVs ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", SHEET_ALL_EVENING)
def test_the_stand_after_hand_n_is_the_sum_of_hands_1_to_n_in_both_csvs(ruleset):
    @SETTINGS
    @given(drawn=seats_and_hands(ruleset))
    def run(drawn):
        seats, n, seed, price = drawn
        table, session, result, summary, plain = stand_columns(ruleset, seats, n, seed, price)
        start = new_game(table, session["players"]).snapshot()
        for (p, word), (hands, stands) in plain.items():
            tally = tally_of(word, table)
            base = start[p][tally] if tally else 0
            assert stands == [base + sum(hands[:k + 1]) for k in range(n)], (p, word)

    run()


@pytest.mark.parametrize("ruleset", FRESH_SHEETS)
def test_each_stand_is_the_one_before_or_a_fresh_sheet_plus_the_hand(ruleset):
    @SETTINGS
    @given(drawn=seats_and_hands(ruleset))
    def run(drawn):
        seats, n, seed, price = drawn
        table, session, result, summary, plain = stand_columns(ruleset, seats, n, seed, price)
        start = new_game(table, session["players"]).snapshot()
        for (p, word), (hands, stands) in plain.items():
            tally = tally_of(word, table)
            base = start[p][tally] if tally else 0
            for k in range(n):
                before = stands[k - 1] if k else base
                assert stands[k] in (before + hands[k], base + hands[k]), (p, word, k)

    run()


@pytest.mark.parametrize("ruleset", sorted(builtin_tables()))
def test_the_last_stand_is_the_standings_and_the_money_the_balances(ruleset):
    @SETTINGS
    @given(drawn=seats_and_hands(ruleset))
    def run(drawn):
        seats, n, seed, price = drawn
        table, session, result, summary, plain = stand_columns(ruleset, seats, n, seed, price)
        for (p, word), (_, stands) in plain.items():
            tally = tally_of(word, table)
            if tally is not None and tally != "geld":
                assert stands[-1] == summary.standings[p][tally], (p, word)
            else:  # money: the Geld tally, or the money of a game whose money is no tally
                assert stands[-1] == summary.balances[p], (p, word)
        # every sheet after every hand, as the engine keeps it
        for (p, word), (_, stands) in plain.items():
            tally = tally_of(word, table)
            if tally is not None:
                assert stands == [board[p][tally] for board in result.boards], (p, word)

    run()


def test_a_game_whose_money_is_no_tally_adds_its_money_up_hand_by_hand():
    table, session, result, summary = evening("schwarze-sau", 3, 30, seed=4, price=True)
    money = hand_money(table, session["players"], result)
    assert money is not None
    head, rows = read(exports.to_csv(table, session, result, summary), ",")
    for p in session["players"]:
        stand = head.index(f"{p} Stand Geld (ct)")
        assert [int(r[stand]) for r in rows] == [sum(m[p] for m in money[:k + 1]) for k in range(len(rows))]


def test_the_settled_open_rad_row_brings_the_money_stand_to_the_balances():
    table, session, result, summary = evening("struliwuli", 4, 13, seed=2, settle_open=True)
    assert summary.open_rad is not None and summary.open_rad.settled
    head, rows = read(exports.to_csv_de(table, session, result, summary), ";")
    assert rows[-1][2] == "offener Rad, anteilig"
    for p in session["players"]:
        assert number(rows[-1][head.index(f"{p} Stand Geld (€)")], True) == summary.balances[p]
        assert number(rows[-1][head.index(f"{p} Geld (€)")], True) == summary.open_rad.cents[p]


def test_the_stand_columns_are_safe_for_spreadsheets_whatever_the_names():
    from scorepad.app import rename_in

    names = ["=SUM(A1)", "+cmd", "-1", "@x"]
    table, session, _, _ = evening("preisschafkopf-plusminus", 4, 6, seed=1)
    session = rename_in(session, dict(zip(session["players"], names)))
    result = replay(table, names, session["hands"], keep_boards=True)
    summary = summarize(table, names, result)
    for sep, render in ((",", exports.to_csv), (";", exports.to_csv_de)):
        head, _ = read(render(table, session, result, summary), sep)
        assert [h for h in head if " Stand " in h] == [f"'{p} Stand Punkte" for p in names]


# --- the print page ------------------------------------------------------------------------------------

def page_stands(page: str, players: list[str]) -> list[list[tuple[str, str]]]:
    """Each hand row of the page's hand table: (the change, the Stand) per player."""
    table = page.split('<table class="hands', 1)[1].split(">", 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    out = []
    for row in re.findall(r"<tr>(.*?)</tr>", body):
        cells = re.findall(r'<td class="n">([^<]*)<span class="s">(.*?)</span></td>', row)
        assert len(cells) == len(players)
        out.append([(html.unescape(a), html.unescape(b)) for a, b in cells])
    return out


@pytest.mark.parametrize("ruleset", sorted(builtin_tables()))
def test_the_print_page_has_the_stand_under_each_hands_change(ruleset):
    seats = max(get_table(ruleset).players)
    table, session, result, summary = evening(ruleset, seats, 20, seed=6)
    players, lead = session["players"], summary.tallies[0]
    page = exports.to_html(table, session, result, summary)
    rows = page_stands(page, players)
    money = lead == "geld"
    assert rows == [[(fmt.tally_value(lead, h.deltas[p][lead], True), fmt.tally_value(lead, board[p][lead], money))
                     for p in players] for h, board in zip(result.hands, result.boards)]
    assert rows[-1] == [(rows[-1][i][0], fmt.tally_value(lead, summary.standings[p][lead], money))
                        for i, p in enumerate(players)]
    assert "darunter fett der Stand danach." in page


# --- the standings lines: the number before its word --------------------------------------------------

@pytest.mark.parametrize("ruleset,one,many", [
    ("preisschafkopf-plusminus", "Punkt", "Punkte"), ("doppelkopf", "Punkt", "Punkte"),
    ("saukopf", "Fleischpunkt", "Fleischpunkte"), ("zaisertshofer-ramsch", "Strich", "Striche")])
def test_a_standings_line_says_the_number_before_its_word_agreeing_with_it(ruleset, one, many):
    @SETTINGS
    @given(n=st.integers(0, 12), seed=st.integers(0, 10**6))
    def run(n, seed):
        table, session, result, summary = evening(ruleset, min(get_table(ruleset).players), n, seed)
        lines = exports.to_text(table, session, result, summary).splitlines()
        lead = summary.tallies[0]
        for place, p in zip(places(summary), summary.ranking):
            v = summary.standings[p][lead]
            said = f"{place}. {p} {v} {one if abs(v) == 1 else many}"
            assert any(line == said or line.startswith(said + " · ") for line in lines), (said, lines)

    run()


def test_money_stands_signed_as_euros_and_every_tally_after_its_number():
    table, session, result, summary = evening("schafkopf", 4, 10, seed=3)
    lines = exports.to_text(table, session, result, summary).splitlines()
    for place, p in zip(places(summary), summary.ranking):
        assert f"{place}. {p} {fmt.money(summary.balances[p], signed=True)}" in lines
    table, session, result, summary = evening("schwarze-sau", 3, 10, seed=3)
    lines = exports.to_text(table, session, result, summary).splitlines()
    for place, p in zip(places(summary), summary.ranking):
        punkte, lost = summary.standings[p]["punkte"], summary.standings[p]["verloren"]
        assert (f"{place}. {p} {punkte} {'Punkt' if punkte == 1 else 'Punkte'} · "
                f"{lost} {'verlorenes Spiel' if lost == 1 else 'verlorene Spiele'}") in lines


def test_a_replay_without_its_sheets_is_scored_again_for_the_stand():
    table, session, kept, summary = evening("zaisertshofer-ramsch", 4, 15, seed=8)
    bare = replay(table, session["players"], session["hands"])
    assert bare.boards is None
    for render in (exports.to_csv, exports.to_csv_de, exports.to_html):
        assert render(table, session, bare, summary) == render(table, session, kept, summary)
