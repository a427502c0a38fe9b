"""The store commands of `scorepad`: import, evenings, show, add, edit, delete, undo, redo,
history, finish, export, players, rename-player; --db and SCOREPAD_DB; refusals exit 2 with
one line on stderr and store nothing."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from cli_runner import dump, ok, refused
from conftest import SK4, sauspiel

from scorepad.cli import main
from scorepad.devtools.bench import generate_session
from scorepad.store import SCHEMA_VERSION
from scorepad.tables import get_table

pytestmark = pytest.mark.store


@pytest.fixture
def session_file(tmp_path):
    session = generate_session(get_table("zaisertshofer-ramsch"), 30, seed=4)
    session["first_dealer"] = session["players"][2]
    path = tmp_path / "abend.json"
    path.write_text(json.dumps(session, ensure_ascii=False), encoding="utf-8")
    return path


def test_import_prints_the_id_and_show_prints_what_replay_prints(capsys, db, session_file):
    assert ok(capsys, "--db", db, "import", session_file) == "1\n"
    assert ok(capsys, "import", session_file, "--db", db) == "2\n"  # --db after the command works too
    replayed = ok(capsys, "replay", session_file)
    assert ok(capsys, "--db", db, "show", "1") == replayed == ok(capsys, "show", "2", "--db", db)


def test_scorepad_db_in_the_environment(capsys, db, session_file, monkeypatch):
    monkeypatch.setenv("SCOREPAD_DB", str(db))
    assert ok(capsys, "import", session_file) == "1\n"
    assert ok(capsys, "--db", db.with_name("other.db"), "evenings").count("\n") == 1  # only the heading
    assert "Zaisertshofer Ramsch" in ok(capsys, "evenings")


def test_help_documents_db(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert "--db PATH" in text and "SCOREPAD_DB" in text


def test_evenings_lists_id_date_game_players_hands_finished(capsys, db, session_file):
    ok(capsys, "--db", db, "import", session_file, "--place", "Post")
    ok(capsys, "--db", db, "start", "schafkopf", *SK4, "--dealer", "Wast")
    ok(capsys, "--db", db, "finish", "1")
    lines = ok(capsys, "--db", db, "evenings").splitlines()
    assert lines[0].split() == ["id", "date", "game", "players", "hands", "finished"]
    assert lines[1].startswith("1 ") and "Zaisertshofer Ramsch" in lines[1] and lines[1].endswith("30     yes")
    assert "Hias, Vroni, Wast, Kathi" in lines[2] and lines[2].endswith("0      no")
    listed = json.loads(ok(capsys, "--db", db, "evenings", "--json"))
    assert [(e["id"], e["hands"], e["finished"], e["place"]) for e in listed] == [(1, 30, True, "Post"),
                                                                                (2, 0, False, None)]


def test_add_edit_delete_undo_redo_history(capsys, db):
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    added = json.loads(ok(capsys, "--db", db, "add", "1", json.dumps(sauspiel(70))))
    assert (added["number"], added["version"], added["standings"]["Hias"]) == (1, 2, {"geld": 20})
    ok(capsys, "--db", db, "add", "1", json.dumps(sauspiel(augen=20)), "--expect-version", "2")
    edited = json.loads(ok(capsys, "--db", db, "edit", "1", "1", json.dumps(sauspiel(augen=10))))
    assert edited["standings"]["Hias"] == {"geld": -80}  # two lost with Schneider
    deleted = json.loads(ok(capsys, "--db", db, "delete", "1", "2"))
    assert (deleted["hands"], deleted["standings"]["Hias"]) == (1, {"geld": -40})
    assert json.loads(ok(capsys, "--db", db, "undo", "1"))["standings"]["Hias"] == {"geld": -80}
    assert json.loads(ok(capsys, "--db", db, "redo", "1"))["hands"] == 1
    history = ok(capsys, "--db", db, "history", "1").splitlines()
    assert [line.split()[0] for line in history] == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"]
    assert "edit hand 1" in history[3] and "->" in history[3]
    assert "redo hand 2 (change 5)" in history[6]
    assert [c["action"] for c in json.loads(ok(capsys, "--db", db, "history", "1", "--json"))] == [
        "start", "add", "add", "edit", "delete", "undo", "redo"]


def test_a_hand_can_come_from_a_file(capsys, db, tmp_path):
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    (tmp_path / "hand.json").write_text(json.dumps(sauspiel(70)))
    assert json.loads(ok(capsys, "--db", db, "add", "1", f"@{tmp_path / 'hand.json'}"))["number"] == 1


def test_refusals_exit_2_with_one_line_and_store_nothing(capsys, db, session_file):
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    ok(capsys, "--db", db, "add", "1", json.dumps(sauspiel(70)))
    before = dump(db)
    cases = {
        ("add", "1", json.dumps(sauspiel(augen=119))): "hand 2: augen:",
        ("add", "1", "{not json"): "HAND_JSON: not JSON:",
        ("add", "1", json.dumps(sauspiel(70)), "--expect-version", "1"): "evening 1: Inzwischen wurde ein Spiel",
        ("add", "7", json.dumps(sauspiel(70))): "evening 7: no such evening",
        ("edit", "1", "3", json.dumps(sauspiel(70))): "evening 1: no hand 3 (it has 1)",
        ("edit", "1", "1", json.dumps({"game": "kreuzspiel"})): "hand 1: game: unknown game 'kreuzspiel'",
        ("delete", "1", "0"): "evening 1: no hand 0",
        ("redo", "1"): "evening 1: nothing to redo",
        ("show", "2"): "evening 2: no such evening",
        ("history", "2"): "evening 2: no such evening",
        ("export", "2"): "evening 2: no such evening",
        ("finish", "1", "--reopen"): "evening 1 is not finished",
        ("start", "schafkopf", "Hias", "Vroni"): "players: Schafkopf is played by 4 or 5 or 6 players (got 2)",
        ("import", "missing.json"): "missing.json: cannot read: No such file",
        ("rename-player", "Hias", "vroni"): "there is already a player named 'Vroni'",
    }
    for argv, message in cases.items():
        assert refused(capsys, "--db", db, *argv).startswith(message), argv
        assert dump(db) == before, argv


def test_a_refusal_in_a_real_process_prints_no_traceback(db):
    subprocess.run([sys.executable, "-m", "scorepad", "--db", str(db), "start", "schafkopf", *SK4], check=True,
                   capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(db), "add", "1", '{"game": "sauspiel"}'],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("hand 1: ") and proc.stderr.count("\n") == 1


def test_a_newer_file_is_refused_by_every_command(capsys, tmp_path):
    path = tmp_path / "new.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    assert f"schema version {SCHEMA_VERSION + 1} is newer" in refused(capsys, "--db", path, "evenings")


def test_export_writes_a_session_file_that_imports_as_the_same_evening(capsys, db, session_file, tmp_path):
    ok(capsys, "--db", db, "import", session_file)
    ok(capsys, "--db", db, "edit", "1", "1", json.dumps(json.loads(session_file.read_text())["hands"][0]))
    out = tmp_path / "export.json"
    assert ok(capsys, "--db", db, "export", "1", "--format", "json", "-o", out) == ""
    exported = json.loads(out.read_text())
    assert exported.pop("results")["replay"] == json.loads(ok(capsys, "--db", db, "show", "1"))
    assert exported.pop("date")  # the evening's date (the import's time here) travels with it
    assert exported == json.loads(session_file.read_text())
    assert ok(capsys, "--db", db, "export", "1") == out.read_text()
    assert ok(capsys, "--db", db, "import", out) == "2\n"
    assert ok(capsys, "replay", out) == ok(capsys, "--db", db, "show", "2") == ok(capsys, "--db", db, "show", "1")


def test_players_and_rename(capsys, db):
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    ok(capsys, "--db", db, "add", "1", json.dumps(sauspiel(70, player="Vroni", partner="Kathi")))
    assert ok(capsys, "--db", db, "rename-player", "vroni", "Veronika") == "vroni is now Veronika (1 evening)\n"
    assert "Veronika  (1 evening)" in ok(capsys, "--db", db, "players")
    assert '"Veronika"' in ok(capsys, "--db", db, "show", "1")


def test_five_at_schafkopf_on_the_command_line_the_dealer_sits_out(capsys, db):
    """Issue 12 item 1: five names and `"players": [5]` gave 30/30/-20/-20/-20 for a won Sauspiel
    (the fifth an opponent, the dealer playing). Now Hias deals and sits out: 20/20/-20/-20/0."""
    five = SK4 + ["Girgl"]
    ok(capsys, "--db", db, "start", "schafkopf", *five, "--options", json.dumps({"players": [5]}))
    won = {"game": "sauspiel", "player": "Vroni", "partner": "Wast", "result": "won"}
    shown = json.loads(ok(capsys, "--db", db, "add", "1", json.dumps(won)))
    assert {p: row["geld"] for p, row in shown["standings"].items()} == {
        "Hias": 0, "Vroni": 20, "Wast": 20, "Kathi": -20, "Girgl": -20}
    line = refused(capsys, "--db", db, "add", "1", json.dumps({**won, "player": "Vroni", "partner": "Hias"}))
    assert line == "hand 2: player: 'Vroni' sits out this hand (Vroni deals; in play: Hias, Wast, Kathi, Girgl)"
