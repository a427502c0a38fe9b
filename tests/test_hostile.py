"""Hostile input and broken disks (issue 13): every bad input and every disk fault gets one
clear line (exit 2) that says what is really wrong, nothing is stored silently wrong, and a
file that cannot be written can still be read.

How the faults are made (tests may run as root, where chmod stops no write, and a tmpfs
cannot be mounted in a container):
- a file that cannot be written: every connection the store opens is opened by SQLite itself
  with `mode=ro`, so SQLite refuses each write with its own "attempt to write a readonly
  database" (as a real read-only file would); a chmod test runs too where it means something;
- a full disk / a failing disk: a connection whose statements raise SQLite's own errors
  ("database or disk is full", "disk I/O error") and a disk that reports 0 bytes free.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import sys
import tracemalloc
import unicodedata
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from cli_runner import dump, ok, refused, run
from conftest import SK4, sauspiel
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import scorepad
from scorepad.cli import main
from scorepad.devtools.bench import generate_session
from scorepad.errors import ScorepadError
from scorepad.store import opening as store_module  # where the store opens SQLite connections
from scorepad.tables import get_table

pytestmark = pytest.mark.store

SAUSPIEL = sauspiel(70)


@pytest.fixture
def evening(db, capsys):
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    for _ in range(3):
        ok(capsys, "--db", db, "add", 1, json.dumps(SAUSPIEL))
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    ok(capsys, "--db", db, "add", 2, json.dumps(SAUSPIEL))
    return db


# --- 1. a true diagnosis: a full disk, a read-only file ----------------------------------------


class _ShimSqlite:
    """sqlite3 as the store sees it, with `connect` replaced (everything else the real one)."""

    def __init__(self, connect):
        self._connect = connect

    def __getattr__(self, name):
        return getattr(sqlite3, name)

    def connect(self, *args, **kwargs):
        return self._connect(*args, **kwargs)


def _read_only_connect(target, *args, **kwargs):
    """Every connection opened as SQLite opens a file it cannot write (mode=ro)."""
    if not kwargs.get("uri"):
        target = f"file:{Path(target).absolute()}?mode=ro"
        kwargs["uri"] = True
    return sqlite3.connect(target, *args, **kwargs)


@pytest.fixture
def read_only(monkeypatch):
    monkeypatch.setattr(store_module, "sqlite3", _ShimSqlite(_read_only_connect))


def test_a_file_that_cannot_be_written_is_still_read_and_writes_say_why(evening, capsys, read_only):
    before = dump(evening)
    assert json.loads(ok(capsys, "--db", evening, "show", 1))["standings"]
    assert "Hias" in ok(capsys, "--db", evening, "evenings")
    assert json.loads(ok(capsys, "--db", evening, "export", 1))["hands"]
    ok(capsys, "--db", evening, "stats")
    for argv in (("add", 1, json.dumps(SAUSPIEL)), ("undo", 1), ("start", "schafkopf", *SK4)):
        err = refused(capsys, "--db", evening, *argv)
        assert "no permission to write" in err and "nothing was stored" in err, err
        assert "not a scorepad file" not in err
    assert dump(evening) == before


def test_a_read_only_folder_by_chmod(evening, tmp_path):
    """A real read-only folder. Root writes through any chmod, so as root the command runs
    without the capabilities that let root ignore file permissions (setpriv, util-linux)."""
    import shutil
    import subprocess
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="scorepad-ro-"))
    try:
        copy = folder / "s.db"
        shutil.copy(evening, copy)
        for p in folder.iterdir():
            p.chmod(0o444)
        folder.chmod(0o555)
        plain_user = (["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"]
                      if os.geteuid() == 0 else [])

        def cli(*argv):
            return subprocess.run(plain_user + [sys.executable, "-m", "scorepad", "--db", str(copy), *map(str, argv)],
                                  capture_output=True, text=True, timeout=60)

        shown = cli("show", 1)
        assert shown.returncode == 0, shown.stderr
        assert json.loads(shown.stdout)["hands"]
        added = cli("add", 1, json.dumps(SAUSPIEL))
        assert added.returncode == 2 and "no permission to write" in added.stderr, added.stderr
        assert added.stderr.count("\n") == 1 and "Traceback" not in added.stderr
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def _failing_connect(message: str, when=lambda sql: True):
    class Failing(sqlite3.Connection):
        def execute(self, sql, *args):
            if when(sql):
                raise sqlite3.OperationalError(message)
            return super().execute(sql, *args)

    def connect(target, *args, **kwargs):
        if kwargs.get("uri") and ("mode=ro" in str(target) or "immutable" in str(target)):
            return sqlite3.connect(target, *args, **kwargs)  # reading still works
        return sqlite3.connect(target, *args, factory=Failing, **kwargs)

    return connect


@pytest.mark.parametrize("free, says", [(0, "the disk is full"), (10**10, "the disk could not be read or written")])
def test_a_disk_that_fails_while_opening_is_not_called_a_foreign_file(evening, capsys, monkeypatch, free, says):
    before = dump(evening)
    monkeypatch.setattr(store_module, "sqlite3", _ShimSqlite(_failing_connect("disk I/O error")))
    monkeypatch.setattr(store_module.shutil, "disk_usage", lambda p: type("U", (), {"free": free})())
    assert json.loads(ok(capsys, "--db", evening, "show", 1))["hands"]
    err = refused(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))
    assert says in err and "not a scorepad file" not in err and "nothing was stored" in err, err
    assert dump(evening) == before


def test_a_full_disk_while_writing_says_so(evening, capsys, monkeypatch):
    before = dump(evening)
    monkeypatch.setattr(store_module, "sqlite3", _ShimSqlite(
        _failing_connect("database or disk is full", lambda sql: sql.lstrip().upper().startswith("INSERT"))))
    err = refused(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))
    assert "the disk is full: nothing was stored" in err, err
    assert dump(evening) == before


# --- 2. nothing silently wrong: strict types, no key twice --------------------------------------


@pytest.mark.parametrize("hand, key", [
    ({**SAUSPIEL, "klopfer": True}, "klopfer"),
    ({**SAUSPIEL, "augen": "70"}, "augen"),
    ({**SAUSPIEL, "augen": True}, "augen"),
    ({**SAUSPIEL, "tout": 1}, "tout"),
    ({**SAUSPIEL, "laufende": 3.0}, "laufende"),
])
def test_a_hand_of_the_wrong_types_is_refused(evening, capsys, hand, key):
    before = dump(evening)
    err = refused(capsys, "--db", evening, "add", 1, json.dumps(hand))
    assert err.startswith(f"hand 4: {key}: must be"), err
    assert "Augen cannot be made" not in err
    assert dump(evening) == before


def test_a_key_given_twice_is_refused_naming_it(evening, capsys):
    before = dump(evening)
    text = json.dumps(SAUSPIEL)[:-1] + ', "augen": 20}'
    # (the hand it would be, issue 24: evening 1 has three hands)
    assert refused(capsys, "--db", evening, "add", 1, text).startswith("hand 4: augen: is given twice")
    assert dump(evening) == before


def test_a_saukopf_bid_as_text_is_refused(db, capsys):
    ok(capsys, "--db", db, "start", "saukopf", *SK4)
    hand = {"game": "sauspiel", "player": "Hias", "bid": "1", "augen": 70}
    assert "hand 1: bid" in refused(capsys, "--db", db, "add", 1, json.dumps(hand))


@pytest.mark.parametrize("options, key", [
    ({"contracts": {"sauspiel": {"tariff": "20"}}}, "options.contracts.sauspiel.tariff"),
    ({"laufende": {"enabled": "yes"}}, "options.laufende.enabled"),
])
def test_options_of_the_wrong_types_are_refused(db, capsys, options, key):
    err = refused(capsys, "--db", db, "start", "schafkopf", *SK4, "--options", json.dumps(options))
    assert err.startswith(key), err
    assert not db.exists() or "INSERT INTO \"evenings\"" not in "".join(dump(db))


@pytest.mark.parametrize("text, starts", [
    ('{"format": true, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "Kathi"], "hands": []}',
     "format:"),
    ('{"format": 1, "ruleset": "schafkopf", "players": ["A", "B", "C", "D"], '
     '"players": ["Hias", "Vroni", "Wast", "Kathi"], "hands": []}', "players: is given twice"),
    ('{"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "Kathi"], '
     '"hands": [{"game": "sauspiel", "player": "Hias", "partner": "Wast", "suit": "gras", "augen": 70, "augen": 20}]}',
     "hand 1: augen: is given twice"),
    ('{"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "Kathi"], '
     '"hands": [{"game": "sauspiel", "player": "Hias", "partner": "Wast", "suit": "gras", "augen": 70, "klopfer": true}]}',
     "hand 1: klopfer: must be a whole number"),
    ('{"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "K\\ud800thi"], "hands": []}',
     "players[3]: holds a broken character"),
    ('{"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "Kathi"], "hands": [], "x": NaN}',
     "file: not JSON: line 1, column 104: NaN is not a JSON number"),
])
def test_a_session_file_is_read_strictly(db, capsys, tmp_path, text, starts):
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    assert refused(capsys, "replay", path).startswith(starts)
    assert refused(capsys, "--db", db, "import", path).startswith(starts)
    assert not db.exists() or "INSERT INTO \"evenings\"" not in "".join(dump(db))


# --- 3. no tracebacks --------------------------------------------------------------------------


def test_options_that_are_not_json(db, capsys):
    err = refused(capsys, "--db", db, "start", "schafkopf", *SK4, "--options", "{laufende: {enabled: true}}")
    assert err.startswith("options: not JSON")


def test_a_byte_that_is_not_utf8_on_the_command_line(evening, capsys):
    name = os.fsdecode(b"M\xfcller")  # as Python hands such an argument over
    assert "not UTF-8 text (byte 0xfc)" in refused(capsys, "--db", evening, "start", "schafkopf", "Hias", "Vroni",
                                                   "Wast", name)
    assert "not UTF-8" in refused(capsys, "--db", evening, "rename-player", name, "Sepp")
    assert "not UTF-8" in refused(capsys, "--db", evening, "rename-player", "Hias", name)


@pytest.mark.parametrize("big", [2**63, 2**64 + 5, -(2**63) - 1, 10**30])
def test_numbers_beyond_64_bits(evening, capsys, big):
    before = dump(evening)
    # (the command line's range: one line naming the number, scorepad/cli/numbers.py)
    out_of_range = f"{str(big)!r}: not a whole number from"
    assert out_of_range in refused(capsys, "--db", evening, "show", big)
    assert out_of_range in refused(capsys, "--db", evening, "add", big, json.dumps(SAUSPIEL))
    assert out_of_range in refused(capsys, "--db", evening, "edit", 1, big, json.dumps(SAUSPIEL))
    assert out_of_range in refused(capsys, "--db", evening, "delete", 1, big)
    assert dump(evening) == before


# --- 4. a damaged stored hand, rule table, options; a gap ---------------------------------------


def _poke(path, sql, *params):
    conn = sqlite3.connect(path)
    conn.execute(sql, params)
    conn.commit()
    conn.close()


def test_a_damaged_hand_is_named_the_rest_stays_readable_and_check_repairs_it(evening, capsys):
    _poke(evening, "UPDATE hands SET data = CAST(? AS TEXT) WHERE evening_id = 1 AND number = 2",
          b'{"game":"sauspiel","player":"Hi\xe1s","partner":"Wast","suit":"gras","augen":70')
    for argv in (("show", 1), ("add", 1, json.dumps(SAUSPIEL)), ("export", 1), ("undo", 1)):
        assert refused(capsys, "--db", evening, *argv).startswith("evening 1: hand 2 is damaged in the file")
    assert json.loads(ok(capsys, "--db", evening, "show", 2))["hands"]
    assert json.loads(ok(capsys, "--db", evening, "export", 2))["hands"]
    assert "Hias" in ok(capsys, "--db", evening, "evenings")
    code, out, err = run(capsys, "--db", evening, "check")
    assert code == 1 and err == "" and out.startswith("evening 1: hand 2 is damaged"), out
    code, out, err = run(capsys, "--db", evening, "check", "--repair")
    assert code == 0 and "hand 2 moved to damaged_rows" in out and out.endswith(": ok\n"), out
    assert len(json.loads(ok(capsys, "--db", evening, "show", 1))["hands"]) == 2
    conn = sqlite3.connect(evening)
    kept = conn.execute("SELECT source, evening_id, number, data FROM damaged_rows").fetchall()
    conn.close()
    assert kept[0][:3] == ("hands", 1, 2) and b"Hi\xe1s" in kept[0][3]
    assert "nothing to undo" in refused(capsys, "--db", evening, "undo", 1)  # no way back past a repair
    ok(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))


def _damage_under_sqlite(path, number, data):
    """Hand `number` of evening 1 damaged as a failing disk damages it: below SQLite, so no
    trigger fires and the evening's checkpoint stays (it is put back as it was)."""
    conn = sqlite3.connect(path)
    kept = conn.execute("SELECT * FROM checkpoints WHERE evening_id = 1").fetchall()
    conn.execute("UPDATE hands SET data = CAST(? AS TEXT) WHERE evening_id = 1 AND number = ?", [data, number])
    conn.executemany(f"INSERT OR REPLACE INTO checkpoints VALUES ({', '.join('?' * len(kept[0]))})", kept)
    conn.commit()
    conn.close()


def test_a_damaged_evening_refuses_every_change_until_repaired(evening, capsys):
    """Issue 24 item 4: one damaged hand and the evening takes no change at all (not even one
    the checkpoint would let it play) with its damage line; `show` names it; after
    `scorepad check --repair` it takes changes again."""
    ok(capsys, "--db", evening, "undo", 1)  # (something to redo)
    _damage_under_sqlite(evening, 2, b'{"game":"sauspiel","player":"Hias","partner":"Wast","suit":"gras","augen":7')
    line = ("evening 1: hand 2 is damaged in the file (not JSON: Expecting ',' delimiter: line 1 column 76 (char 75)); "
            "`scorepad check --repair` moves it aside")
    before = dump(evening)
    for argv in (("add", 1, json.dumps(SAUSPIEL)), ("edit", 1, 1, json.dumps(SAUSPIEL)), ("delete", 1, 1),
                 ("undo", 1), ("redo", 1), ("finish", 1), ("rename-player", "Hias", "Matthias")):
        assert refused(capsys, "--db", evening, *argv) == line, argv
    from scorepad.app import App

    with App.open(evening) as app, pytest.raises(ScorepadError) as info:
        app.change_rules(1, {"laufende": {"enabled": True}})
    assert str(info.value) == line
    assert dump(evening) == before
    assert refused(capsys, "--db", evening, "show", 1) == line  # show names it
    assert run(capsys, "--db", evening, "check", "--repair")[0] == 0
    ok(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))
    ok(capsys, "--db", evening, "finish", 1)


def test_an_evening_with_damaged_options_refuses_every_change_until_repaired(evening, capsys):
    _poke(evening, "UPDATE evenings SET options = '{' WHERE id = 1")
    before = dump(evening)
    for argv in (("add", 1, json.dumps(SAUSPIEL)), ("delete", 1, 1), ("finish", 1)):
        assert refused(capsys, "--db", evening, *argv).startswith("evening 1: its stored options are damaged"), argv
    assert dump(evening) == before
    assert run(capsys, "--db", evening, "check", "--repair")[0] == 0
    ok(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))


def test_a_hand_that_no_longer_scores_refuses_changes_and_repair_moves_it_aside(evening, capsys):
    _poke(evening, "UPDATE hands SET data = ? WHERE evening_id = 1 AND number = 2",
          json.dumps({**SAUSPIEL, "augen": 700}))
    line = ("evening 1: hand 2 no longer scores (augen: must be 0..120 (got 700)); "
            "`scorepad check --repair` moves it aside")
    before = dump(evening)
    assert refused(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL)) == line
    assert refused(capsys, "--db", evening, "finish", 1) == line
    assert dump(evening) == before
    assert run(capsys, "--db", evening, "check")[1] == line + "\n"
    code, out, _ = run(capsys, "--db", evening, "check", "--repair")
    assert code == 0 and "evening 1: hand 2 (no longer scored) moved to damaged_rows" in out, out
    assert len(json.loads(ok(capsys, "--db", evening, "show", 1))["hands"]) == 2
    ok(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))


def test_a_running_app_refuses_a_change_to_an_evening_damaged_under_it(evening):
    """The app keeps the evening it showed; another process damages a hand of it: the next
    change is refused (the phones' path, not only the command line's)."""
    from scorepad.app import App

    with App.open(evening) as app:
        assert len(app.show(1).hands) == 3
        _poke(evening, "UPDATE hands SET data = ? WHERE evening_id = 1 AND number = 1",
              json.dumps({**SAUSPIEL, "augen": 1}))
        before = dump(evening)
        with pytest.raises(ScorepadError, match=r"^evening 1: hand 1 no longer scores \(augen: 1 Augen cannot"):
            app.add_hand(1, SAUSPIEL)
        assert dump(evening) == before


def test_a_gap_in_the_hand_numbers(evening, capsys):
    _poke(evening, "DELETE FROM hands WHERE evening_id = 1 AND number = 2")
    assert "hand 2 is missing from the file" in refused(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))
    assert run(capsys, "--db", evening, "check", "--repair")[0] == 0
    assert len(json.loads(ok(capsys, "--db", evening, "show", 1))["hands"]) == 2


@pytest.mark.parametrize("column, says", [("rule_table", "stored rule table is damaged"),
                                          ("options", "stored options are damaged")])
def test_a_damaged_rule_table_or_options(evening, capsys, column, says):
    _poke(evening, f"UPDATE evenings SET {column} = substr({column}, 1, 9) || '\"' WHERE id = 1")
    assert says in refused(capsys, "--db", evening, "export", 1)
    assert "Hias" in ok(capsys, "--db", evening, "evenings")
    assert run(capsys, "--db", evening, "check")[0] == 1
    assert run(capsys, "--db", evening, "check", "--repair")[0] == 0
    assert json.loads(ok(capsys, "--db", evening, "export", 1))["hands"]


# --- 5. one person, one player -------------------------------------------------------------------


def test_nfc_and_nfd_are_one_player(db, capsys):
    nfc, nfd = unicodedata.normalize("NFC", "Müller"), unicodedata.normalize("NFD", "Müller")
    ok(capsys, "--db", db, "start", "schafkopf", nfc, "Vroni", "Wast", "Kathi")
    ok(capsys, "--db", db, "start", "schafkopf", nfd, "Vroni", " Wast ", "Kathi")
    ok(capsys, "--db", db, "start", "schafkopf", "Hias   Sepp", "Vroni", "Wast", "Kathi")
    players = ok(capsys, "--db", db, "players").splitlines()
    assert players == ["Hias Sepp  (1 evening)", "Kathi  (3 evenings)", f"{nfc}  (2 evenings)",
                       "Vroni  (3 evenings)", "Wast  (3 evenings)"]
    hand = {**SAUSPIEL, "player": nfd, "partner": "Wast"}
    ok(capsys, "--db", db, "add", 2, json.dumps(hand))


def test_a_name_has_a_maximum_length(db, capsys):
    err = refused(capsys, "--db", db, "start", "schafkopf", "x" * 41, "Vroni", "Wast", "Kathi")
    assert "is longer than 40 characters" in err
    ok(capsys, "--db", db, "start", "schafkopf", "x" * 40, "Vroni", "Wast", "Kathi")
    assert "longer than 40" in refused(capsys, "--db", db, "rename-player", "Vroni", "y" * 41)


# --- 6. short lines ----------------------------------------------------------------------------


def test_a_long_value_is_quoted_as_an_excerpt(evening, capsys):
    err = refused(capsys, "--db", evening, "add", 1, json.dumps({**SAUSPIEL, "player": "x" * 20_000}))
    assert len(err) < 300 and "xxx…" in err, err
    err = refused(capsys, "--db", evening, "add", 1, json.dumps({**SAUSPIEL, "x" * 20_000: 1}))
    assert len(err) < 300, len(err)


# --- 7. big files ---------------------------------------------------------------------------------


def test_a_session_file_larger_than_any_evening_is_refused(tmp_path, capsys, monkeypatch):
    import scorepad.session as session_module

    monkeypatch.setattr(session_module, "MAX_SESSION_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(generate_session(get_table("schafkopf"), 50, seed=1)), encoding="utf-8")
    err = refused(capsys, "replay", path)
    assert "larger than any real evening (at most 1000 bytes)" in err


def test_too_many_hands_are_refused(tmp_path, capsys, monkeypatch):
    import scorepad.session as session_module

    monkeypatch.setattr(session_module, "MAX_HANDS", 10)
    path = tmp_path / "many.json"
    path.write_text(json.dumps(generate_session(get_table("schafkopf"), 11, seed=1)), encoding="utf-8")
    assert refused(capsys, "replay", path) == "hands: 11 hands, more than any real evening (at most 10)"


def test_replay_memory_is_proportional_to_the_file(tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(generate_session(get_table("schafkopf"), 20_000, seed=2)), encoding="utf-8")
    size = path.stat().st_size
    tracemalloc.start()
    try:
        with redirect_stdout(io.StringIO()):
            assert main(["replay", str(path)]) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 25 * size, f"peak {peak / 1e6:.0f} MB for a file of {size / 1e6:.1f} MB"


# --- 8. the settings that make a committed hand survive power loss -------------------------------


def test_every_connection_has_synchronous_full(evening, capsys, monkeypatch, tmp_path):
    seen = []

    class Spy(sqlite3.Connection):
        def close(self):
            seen.append(self.execute("PRAGMA synchronous").fetchone()[0])
            super().close()

    def connect(target, *args, **kwargs):
        return sqlite3.connect(target, *args, factory=Spy, **kwargs)

    monkeypatch.setattr(store_module, "sqlite3", _ShimSqlite(connect))
    ok(capsys, "--db", evening, "add", 1, json.dumps(SAUSPIEL))
    ok(capsys, "--db", evening, "show", 1)
    old = tmp_path / "old.db"  # an upgrade makes a backup through two more connections
    old.write_bytes((Path(__file__).parent / "fixtures" / "scorepad-v2.db").read_bytes())
    ok(capsys, "--db", old, "evenings")
    assert len(seen) >= 5 and set(seen) == {2}, seen  # 2 = FULL
    conn = sqlite3.connect(evening)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_only_the_store_opens_sqlite_connections():
    root = Path(scorepad.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        calls = text.count("sqlite3.connect(")
        if path == Path(store_module.__file__):
            assert calls == 2, "store.connect is the one place that opens a connection"
        else:
            assert calls == 0, f"{path}: opens SQLite itself; use scorepad.store.connect"


# --- garbage in, one line out, nothing stored -----------------------------------------------------

ODD_TEXT = st.sampled_from(["", " ", "Hias", "Mu\u0308ller", "\u200b", "x" * 500, "\ud800", "\U0001F600", "null",
                            "Hias ", "\t", "0", "-1", "1e999", "schwarz", "sauspiel"])
ODD_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                       st.floats(allow_nan=False, allow_infinity=False), ODD_TEXT)
ODD_VALUE = st.recursive(ODD_SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(ODD_TEXT, inner, max_size=4)), max_leaves=12)
KEYS = ["game", "player", "partner", "suit", "augen", "result", "klopfer", "tout", "laufende", "kontra",
        "passed", "bid", "format", "ruleset", "players", "hands", "options", "enabled", "tariffs"]


@st.composite
def garbage_object(draw) -> str:
    """JSON object text with odd values, sometimes a key twice, sometimes a valid base."""
    pairs = []
    if draw(st.booleans()):
        pairs += [(k, v) for k, v in SAUSPIEL.items()]
    for _ in range(draw(st.integers(1, 4))):
        pairs.append((draw(st.sampled_from(KEYS) | ODD_TEXT), draw(ODD_VALUE)))
    if draw(st.booleans()) and pairs:
        pairs.append(draw(st.sampled_from(pairs)))
    return "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in pairs) + "}"


@st.composite
def garbage_session(draw) -> str:
    hands = draw(st.lists(garbage_object(), max_size=3))
    players = draw(st.sampled_from([json.dumps(SK4), json.dumps(SK4[:3] + ["\ud800"]), json.dumps(SK4 + SK4[:1]),
                                    json.dumps([1, 2, 3, 4]), "true"]))
    extra = draw(st.sampled_from(["", ', "format": 1', ', "options": {"tariffs": {"sauspiel": "20"}}',
                                  ', "hands": []', ', "x": 1']))
    fmt = draw(st.sampled_from(["1", "true", '"1"', "1.0"]))
    return (f'{{"format": {fmt}, "ruleset": "schafkopf", "players": {players}, '
            f'"hands": [{", ".join(hands)}]{extra}}}')


def _accepts(capsys, argv) -> str | None:
    """What the command printed if it did its work; None if it refused with exactly one line."""
    code, out, err = run(capsys, *argv)
    if code == 0:
        return out
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, (argv, code, err)
    return None


GARBAGE = settings(max_examples=60, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@GARBAGE
@given(text=garbage_session())
@example(text='{"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "\\ud800"], "hands": []}')
@example(text='{"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "Kathi"], "hands": '
              '[{"game": "sauspiel", "player": "Hias", "partner": "Wast", "suit": "gras", "augen": "70"}]}')
def test_garbage_session_files_to_replay_and_import(evening, capsys, tmp_path, text):
    path = tmp_path / "garbage.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = dump(evening)
    replayed = _accepts(capsys, ["replay", path]) is not None
    imported = _accepts(capsys, ["--db", evening, "import", path])
    assert replayed == (imported is not None), text
    if imported is None:
        assert dump(evening) == before
    else:  # what was stored is exactly a session of plain types
        for hand in json.loads(ok(capsys, "--db", evening, "export", imported.strip()))["hands"]:
            assert not isinstance(hand.get("augen"), (bool, str)) and not isinstance(hand.get("klopfer"), bool)


@GARBAGE
@given(text=garbage_object())
@example(text='{"game": "sauspiel", "player": "Hias", "partner": "Wast", "suit": "gras", "augen": "70"}')
@example(text='{"game": "sauspiel", "player": "Hias", "partner": "Wast", "suit": "gras", "augen": 70, "augen": 20}')
def test_garbage_hands_to_add(evening, capsys, text):
    before = dump(evening)
    if _accepts(capsys, ["--db", evening, "add", 1, text]) is None:
        assert dump(evening) == before
    else:  # what was stored is exactly a hand of plain types
        hand = json.loads(ok(capsys, "--db", evening, "export", 1))["hands"][-1]
        assert not isinstance(hand.get("augen"), (bool, str)) and not isinstance(hand.get("klopfer"), bool)
        ok(capsys, "--db", evening, "undo", 1)


@GARBAGE
@given(text=garbage_object())
@example(text='{"laufende": {"enabled": "yes"}}')
@example(text="{laufende: {enabled: true}}")
def test_garbage_options_to_start(evening, capsys, text):
    before = dump(evening)
    started = _accepts(capsys, ["--db", evening, "start", "schafkopf", *SK4, "--options", text])
    if started is None:
        assert dump(evening) == before
    else:
        options = json.loads(ok(capsys, "--db", evening, "export", started.strip())).get("options", {})
        assert "yes" not in json.dumps(options)


# --- the app on a file it cannot write -----------------------------------------------------------


async def test_the_app_says_it_is_read_only(evening, monkeypatch):
    from flet_harness import open_phone

    from scorepad.ui.main import make_main

    monkeypatch.setattr(store_module, "sqlite3", _ShimSqlite(_read_only_connect))
    main = make_main(str(evening))
    try:
        assert main.app.store.read_only is not None
        phone = await open_phone(main)
        assert phone.text_of("read-only").startswith("Nur anschauen: ")
        assert "keine Schreibrechte" in phone.text_of("read-only")
        assert phone.has("evening-1")
    finally:
        main.app.close()
