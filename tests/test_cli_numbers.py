"""Every number on the command line is range-checked: an id, a count, a port or seconds out of
range (or no number at all) is refused with one line, exit 2, nothing stored; never a traceback
(`tournament organiser-phones --revoke 99999999999999999999` was one: SQLite's 64 bits)."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest
from cli_runner import dump, ok, refused

from scorepad.cli import build_parser
from scorepad.errors import ScorepadError

pytestmark = pytest.mark.store

HUGE = "99999999999999999999"  # past SQLite's 64 bits


def number_options(parser: argparse.ArgumentParser, path: str = "scorepad"):
    """(command, option, its type) for every argument of every command that is not plain text."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from number_options(sub, f"{path} {name}")
        elif action.type is not None:
            yield path, action.dest, action.type


OPTIONS = list(number_options(build_parser()))


def test_the_command_lines_range_is_the_files():
    from scorepad.cli import numbers
    from scorepad.store import values

    assert (numbers.SQLITE_MIN, numbers.SQLITE_MAX) == (values.SQLITE_MIN, values.SQLITE_MAX)


def test_the_command_line_takes_numbers_at_all():
    assert len(OPTIONS) >= 20, OPTIONS


@pytest.mark.parametrize(("command", "option", "kind"), OPTIONS, ids=[f"{c} {o}" for c, o, _ in OPTIONS])
def test_every_number_option_refuses_a_number_past_its_range_with_a_refusal(command, option, kind):
    for text in (HUGE, "-" + HUGE, "abc", "", "1e400", "nan"):
        with pytest.raises(ScorepadError) as refusal:
            kind(text)
        assert repr(text) in str(refusal.value) and f"„{text}“" in refusal.value.german


@pytest.fixture
def db(tmp_path):
    return tmp_path / "scorepad.db"


@pytest.mark.parametrize("argv", [
    ("tournament", "organiser-phones", "--revoke", HUGE),
    ("tournament", "organiser-phones", "--revoke", "0"),
    ("tournament", "draw", HUGE),
    ("tournament", "new", "Clubabend", "--ruleset", "preisschafkopf-5-10-15", "--rounds", "51", "--games", "4",
     "A", "B", "C", "D"),
    ("tournament", "correct", "1", HUGE, "{}", "--pin", "1234"),
    ("show", HUGE), ("add", "1", "{}", "--expect-version", HUGE), ("delete", "1", "-" + HUGE),
    ("web", "--port", "70000"),
])
def test_a_number_out_of_range_is_refused_with_one_line_and_nothing_stored(capsys, db, argv):
    ok(capsys, "--db", db, "evenings")
    before = dump(db)
    line = refused(capsys, "--db", db, *argv)
    assert "not a whole number from" in line
    assert dump(db) == before


def test_revoking_a_huge_organiser_phone_id_in_a_real_process_prints_one_line(db):
    done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(db), "tournament", "organiser-phones",
                           "--revoke", HUGE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"'{HUGE}': not a whole number from 1 to" in done.stderr
