"""The store file itself: where it lives, its schema version, upgrades, refusals, locking."""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import SK4

from scorepad.app import App
from scorepad.engine import replay
from scorepad.store import SCHEMA_VERSION, Store, StoreError, default_db_path
from scorepad.tables import get_table, table_as_dict, with_options

pytestmark = pytest.mark.store

FIXTURES = Path(__file__).parent / "fixtures"
SAUSPIEL = {"game": "sauspiel", "player": "Hias", "partner": "Wast", "suit": "gras", "augen": 70}

sys.path.insert(0, str(FIXTURES))
import make_schema_v1  # noqa: E402  (the fixture's own description of its evenings)


def pragma(path: Path, name: str):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        conn.close()


def dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


# --- a new file ----------------------------------------------------------------------------------


def test_a_new_file_is_created_on_first_use_with_the_current_schema(tmp_path):
    path = tmp_path / "deep" / "er" / "scorepad.db"
    with App.open(path) as app:
        assert app.list_evenings() == []
    assert pragma(path, "user_version") == SCHEMA_VERSION == 12
    assert pragma(path, "journal_mode") == "wal"
    assert pragma(path, "integrity_check") == "ok"
    conn = sqlite3.connect(path)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert {"players", "evenings", "seats", "hands", "changes"} <= tables


def test_the_default_file_is_in_the_users_data_directory(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    monkeypatch.setattr("platformdirs.user_data_path", lambda *a, **k: tmp_path / "data" / "scorepad")
    assert default_db_path() == tmp_path / "data" / "scorepad" / "scorepad.db"
    with App.open() as app:
        app.start_evening("schafkopf", SK4)
    assert (tmp_path / "data" / "scorepad" / "scorepad.db").is_file()


def test_scorepad_db_in_the_environment_chooses_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREPAD_DB", str(tmp_path / "elsewhere.db"))
    assert default_db_path() == tmp_path / "elsewhere.db"
    with App.open() as app:
        assert app.store.path == tmp_path / "elsewhere.db"


def test_every_committed_write_calls_the_after_commit_hooks_and_a_refused_one_does_not(tmp_path, monkeypatch):
    """The static site writes the file back to the browser's storage after each commit
    (store.AFTER_COMMIT): once per saved change, never for one rolled back."""
    from scorepad.errors import ScorepadError
    from scorepad.store import opening

    calls = []
    monkeypatch.setattr(opening, "AFTER_COMMIT", [lambda: calls.append(1)])  # (store.AFTER_COMMIT is that list)
    with App.open(tmp_path / "s.db") as app:
        evening = app.start_evening("schafkopf", SK4)
        after_start = len(calls)
        assert after_start >= 1
        app.add_hand(evening.id, SAUSPIEL)
        assert len(calls) == after_start + 1
        with pytest.raises(ScorepadError):
            app.add_hand(evening.id, {"game": "sauspiel", "player": "Nobody", "partner": "Kathi", "result": "won"})
        assert len(calls) == after_start + 1


def test_the_change_log_is_append_only(tmp_path):
    with App.open(tmp_path / "s.db") as app:
        evening = app.start_evening("schafkopf", SK4)
        app.add_hand(evening.id, SAUSPIEL)
    conn = sqlite3.connect(tmp_path / "s.db")
    for sql in ("UPDATE changes SET action = 'x'", "DELETE FROM changes"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute(sql)
    conn.close()


def test_two_hands_can_never_share_a_number(tmp_path):
    with App.open(tmp_path / "s.db") as app:
        evening = app.start_evening("schafkopf", SK4)
        app.add_hand(evening.id, SAUSPIEL)
    conn = sqlite3.connect(tmp_path / "s.db")
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("INSERT INTO hands (evening_id, number, data) VALUES (?, 1, '{}')", [evening.id])
    conn.close()


# --- files scorepad must not touch ------------------------------------------------------------------


def test_a_newer_schema_is_refused_and_the_file_left_alone(tmp_path):
    path = tmp_path / "future.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE evenings (id INTEGER PRIMARY KEY, hologram BLOB)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as info:
        App.open(path)
    assert str(info.value) == (f"{path}: schema version {SCHEMA_VERSION + 1} is newer than this scorepad "
                               f"understands ({SCHEMA_VERSION}); "
                               "update scorepad to open it (the file was not changed)")
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("future.db.bak*"))


@pytest.mark.parametrize("content", [b"this is no database at all, just text " * 200, None])
def test_a_file_that_is_not_a_scorepad_file_is_refused(tmp_path, content):
    path = tmp_path / "other.db"
    if content is None:  # an SQLite file of some other program
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
        conn.commit()
        conn.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a scorepad file"):
        App.open(path)
    assert path.read_bytes() == before


def test_a_folder_that_cannot_be_made_is_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="cannot open"):
        App.open(tmp_path / "file" / "scorepad.db")


# --- upgrading a schema 1 file ----------------------------------------------------------------------


@pytest.fixture
def v1_copy(tmp_path) -> Path:
    path = tmp_path / "scorepad.db"
    shutil.copy(FIXTURES / "scorepad-v1.db", path)
    assert pragma(path, "user_version") == 1
    return path


def test_a_schema_1_file_is_upgraded_in_place_after_a_copy_is_kept(v1_copy):
    original = dump(v1_copy)
    with App.open(v1_copy) as app:
        evenings = app.list_evenings()
        assert pragma(v1_copy, "user_version") == SCHEMA_VERSION
        backup = v1_copy.with_name("scorepad.db.bak-v1")
        assert dump(backup) == original and pragma(backup, "user_version") == 1
        assert [(e.id, e.ruleset, e.players, e.hands, e.finished, e.version) for e in evenings] == [
            (1, "schafkopf", SK4, 4, True, 1),
            (2, "zaisertshofer-ramsch", ["Vroni", "Hias", "Kathi", "Wast"], 3, False, 1),
        ]
        first = evenings[0]
        assert (first.first_dealer, first.place, first.started_at) == ("Vroni", "Gasthof Post",
                                                                      "2026-03-06T18:30:00.000+00:00")
        assert [(p.name, p.evenings) for p in app.players()] == [("Hias", 2), ("Kathi", 2), ("Vroni", 2), ("Wast", 2)]
        for eid, ruleset, players, dealer, options, _, _, _, hands in make_schema_v1.EVENINGS:
            table = with_options(get_table(ruleset), options)
            expected = replay(table, players, hands, dealer).as_dict()
            if "vroni" in players:  # the same person as "Vroni": her hands now say so
                expected = json.loads(json.dumps(expected).replace('"vroni"', '"Vroni"'))
            assert app.show(eid).as_dict() == expected
            assert json.loads(app.store.evening(eid)["rule_table"]) == table_as_dict(table)
            assert [(c.action, c.version) for c in app.history(eid)] == [("migrate", 1)]
        assert app.add_hand(2, {"participants": ["Vroni", "Hias"], "tricks": {"Vroni": 2, "Hias": 3}}).number == 4
        assert app.undo(2).hands == 3
    assert pragma(v1_copy, "integrity_check") == "ok"
    with App.open(v1_copy) as app:  # opened again: already current, no second copy
        assert len(app.list_evenings()) == 2
    assert sorted(p.name for p in v1_copy.parent.iterdir() if ".bak" in p.name) == ["scorepad.db.bak-v1"]


def test_an_upgrade_that_fails_changes_nothing(v1_copy):
    conn = sqlite3.connect(v1_copy)
    conn.execute("UPDATE evenings SET ruleset = 'tarock' WHERE id = 2")
    conn.commit()
    conn.close()
    before = dump(v1_copy)
    with pytest.raises(StoreError) as info:
        App.open(v1_copy)
    message = str(info.value)
    assert "cannot upgrade from schema version 1" in message and "tarock" in message
    assert "the file was not changed; a copy is at scorepad.db.bak-v1" in message
    assert dump(v1_copy) == before and pragma(v1_copy, "user_version") == 1


# --- another writer holding the file ---------------------------------------------------------------


def test_a_writer_waits_for_another_and_then_writes(tmp_path):
    path = tmp_path / "s.db"
    with App.open(path) as app:
        evening = app.start_evening("schafkopf", SK4).id
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")
        threading.Timer(0.5, lambda: other.execute("COMMIT")).start()
        t0 = time.monotonic()
        assert app.add_hand(evening, SAUSPIEL).number == 1
        assert time.monotonic() - t0 >= 0.4
        other.close()


def test_a_writer_that_waits_too_long_gives_up_cleanly(tmp_path):
    path = tmp_path / "s.db"
    with App.open(path) as app:
        evening = app.start_evening("schafkopf", SK4).id
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with App.open(path, busy_timeout=0.2) as app:
            with pytest.raises(StoreError, match="busy: another scorepad kept it locked for 0.2 s; nothing was stored"):
                app.add_hand(evening, SAUSPIEL)
            other.execute("ROLLBACK")
            assert app.add_hand(evening, SAUSPIEL).number == 1
    finally:
        other.close()


def test_store_transactions_roll_back_on_any_error(tmp_path):
    store = Store(tmp_path / "s.db")
    try:
        with pytest.raises(RuntimeError):
            with store.write():
                store.player_id("Hias")
                raise RuntimeError("boom")
        with store.read():
            assert store.players() == []
    finally:
        store.close()


def test_the_store_benchmark_reports_p50_p95_and_the_growth_ratio():
    from scorepad.devtools.bench import bench_store

    figures = bench_store(get_table("schafkopf"), hands=30, samples=4, small=5)
    assert (figures["hands"], figures["samples"]) == (30, 4)
    for mode in ("warm", "cold"):
        assert set(figures[mode]) == {"p50_ms", "p95_ms", "p50_ms_at_5", "ratio_p50_30_vs_5"}
        assert 0 < figures[mode]["p50_ms"] <= figures[mode]["p95_ms"]


# --- upgrading a schema 2 file (the previous version) ---------------------------------------------


def test_a_schema_2_file_is_upgraded_to_keep_drafts_after_a_copy_is_kept(tmp_path):
    path = tmp_path / "scorepad.db"
    shutil.copy(FIXTURES / "scorepad-v2.db", path)
    assert pragma(path, "user_version") == 2
    original = dump(path)
    with App.open(path) as app:
        assert pragma(path, "user_version") == SCHEMA_VERSION == 12
        backup = path.with_name("scorepad.db.bak-v2")
        assert dump(backup) == original and pragma(backup, "user_version") == 2
        [evening] = app.list_evenings()
        assert (evening.ruleset, evening.players, evening.first_dealer, evening.hands, evening.place) == (
            "schafkopf", ["Vroni", "Hias", "Kathi", "Wast"], "Wast", 3, "Gasthof Post")
        assert app.show(evening.id).standings == {"Vroni": {"geld": 120}, "Hias": {"geld": -320},
                                                  "Kathi": {"geld": 120}, "Wast": {"geld": 80}}
        assert app.draft(evening.id) is None
        app.save_draft(evening.id, {"game": "solo", "player": "Kathi"})
    with App.open(path) as app:  # the draft survives closing the app
        assert app.draft(evening.id) == {"game": "solo", "player": "Kathi"}
        app.clear_draft(evening.id)
        assert app.draft(evening.id) is None
    assert pragma(path, "integrity_check") == "ok"


# --- upgrading a schema 3 file (the previous version) ---------------------------------------------


def test_a_schema_3_file_is_upgraded_to_drafts_per_phone_keeping_the_open_draft(tmp_path):
    path = tmp_path / "scorepad.db"
    shutil.copy(FIXTURES / "scorepad-v3.db", path)
    assert pragma(path, "user_version") == 3
    original = dump(path)
    with App.open(path) as app:
        assert pragma(path, "user_version") == SCHEMA_VERSION == 12
        backup = path.with_name("scorepad.db.bak-v3")
        assert dump(backup) == original and pragma(backup, "user_version") == 3
        [evening] = app.list_evenings()
        assert evening.hands == 2
        # the draft typed before the upgrade is offered to the first phone that opens the form ...
        assert app.draft(evening.id, "phone-a") == {"game": "solo", "player": "Kathi"}
        app.save_draft(evening.id, {"game": "solo", "player": "Wast"}, device="phone-a")
        # ... and once that phone keeps its own, no other phone gets it
        assert app.draft(evening.id, "phone-b") is None
        assert app.draft(evening.id, "phone-a") == {"game": "solo", "player": "Wast"}
        result = app.add_hand(evening.id, {"passed": True}, device="phone-b")
        assert result.number == 3
        assert [c.action for c in app.history(evening.id)][-1] == "add"
    assert pragma(path, "integrity_check") == "ok"


def test_a_draft_is_committed_without_waiting_for_the_disk_and_a_hand_waits(app):
    """A phone's draft (every tap) does not wait for a flush; a saved hand does, as every change."""
    eid = app.start_evening("schafkopf", SK4).id
    said: list[str] = []
    app.store.db.conn.set_trace_callback(said.append)
    app.save_draft(eid, {"game": "wenz"}, device="phone-a")
    draft = [s for s in said if s.startswith(("PRAGMA synchronous", "BEGIN", "COMMIT"))]
    assert draft[0] == "PRAGMA synchronous = NORMAL" and draft[-1] == "PRAGMA synchronous = FULL", draft
    said.clear()
    app.add_hand(eid, {"game": "sauspiel", "player": SK4[0], "partner": SK4[2], "suit": "gras", "result": "won"})
    assert not [s for s in said if s.startswith("PRAGMA synchronous")], said
    app.store.db.conn.set_trace_callback(None)
    assert app.store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL again
    assert app.draft(eid, "phone-a") == {"game": "wenz"}  # the draft is stored all the same
