"""Real processes on one store file: killed with SIGKILL mid-write, or writing at the same time.

A child process adds hands and prints each hand's number once its transaction committed.
Whatever it printed must be in the file afterwards, complete; nothing else may be half there.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SK4, sauspiel

from scorepad.app import App
from scorepad.devtools.bench import generate_session
from scorepad.tables import get_table

pytestmark = [pytest.mark.load, pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")]


CHILD = r"""
import json, os, sys, time
from scorepad.app import App, StaleVersionError
path, evening, hands_file, go, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
hands = json.load(open(hands_file))
with App.open(path) as app:
    start = app.evening(evening).hands if mode == "resume" else 0
    print("ready", flush=True)
    while go != "-" and not os.path.exists(go):
        time.sleep(0.005)
    for hand in hands[start:]:
        while True:
            expected = app.evening(evening).version if mode == "expect" else None
            try:
                result = app.add_hand(evening, hand, expected_version=expected)
                break
            except StaleVersionError:
                print("stale", flush=True)
        print(result.number, flush=True)
"""


def child(path: Path, evening: int, hands_file: Path, go: Path | str = "-", mode: str = "plain"):
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(evening), str(hands_file), str(go), mode],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline() == "ready\n", proc.stderr.read()
    return proc


def finish(proc) -> list[str]:
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    return out.split()


def write_hands(tmp_path: Path, name: str, hands: list) -> Path:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(hands))
    return path


def stored(path: Path, evening: int) -> tuple[list[int], list, int, list[int]]:
    """(hand numbers, hands, the evening's version, change versions), read with plain sqlite3."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = conn.execute("SELECT number, data FROM hands WHERE evening_id = ? ORDER BY number", [evening]).fetchall()
        version = conn.execute("SELECT version FROM evenings WHERE id = ?", [evening]).fetchone()[0]
        changes = [v for (v,) in conn.execute("SELECT version FROM changes WHERE evening_id = ? ORDER BY id", [evening])]
        return [n for n, _ in rows], [json.loads(d) for _, d in rows], version, changes
    finally:
        conn.close()


def test_kill_9_at_random_moments_loses_no_committed_hand(tmp_path):
    rng = random.Random(20240601)
    path = tmp_path / "scorepad.db"
    session = generate_session(get_table("schafkopf"), 10_000, seed=5)  # more than the child gets to
    hands_file = write_hands(tmp_path, "hands", session["hands"])
    with App.open(path) as app:
        evening = app.start_evening("schafkopf", session["players"]).id
    reported: list[int] = []
    for _ in range(6):
        proc = child(path, evening, hands_file, mode="resume")
        time.sleep(rng.uniform(0.02, 0.3))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        reported += [int(n) for n in out.split()]
        numbers, hands, version, changes = stored(path, evening)
        assert numbers == list(range(1, len(numbers) + 1)), "hand numbers must have no gap"
        assert hands == session["hands"][:len(hands)], "every stored hand is complete and in order"
        assert set(reported) <= set(numbers), "a hand reported committed is missing"
        assert len(numbers) - max(reported, default=0) <= 1, "at most the last hand committed unreported"
        assert version == len(numbers) + 1 and changes == list(range(1, version + 1))
    assert len(reported) >= 20, "the child should have added hands between the kills"
    with App.open(path) as app:  # the evening goes on, and scores as the engine says
        assert app.add_hand(evening, session["hands"][len(numbers)]).number == len(numbers) + 1


def test_two_processes_writing_two_evenings_at_once(tmp_path):
    path = tmp_path / "scorepad.db"
    go = tmp_path / "go"
    sessions = [generate_session(get_table(rid), 40, seed=9) for rid in ("saukopf", "zaisertshofer-ramsch")]
    with App.open(path) as app:
        evenings = [app.start_evening(s["ruleset"], s["players"]).id for s in sessions]
    procs = [child(path, e, write_hands(tmp_path, str(e), s["hands"]), go) for e, s in zip(evenings, sessions)]
    go.touch()
    for evening, session, proc in zip(evenings, sessions, procs):
        assert finish(proc) == [str(n) for n in range(1, 41)]
        numbers, hands, version, changes = stored(path, evening)
        assert numbers == list(range(1, 41)) and hands == session["hands"]
        assert version == 41 and changes == list(range(1, 42))


@pytest.mark.parametrize("mode", ["plain", "expect"])
def test_two_processes_adding_to_the_same_evening_lose_nothing_and_share_no_number(tmp_path, mode):
    path = tmp_path / "scorepad.db"
    go = tmp_path / "go"
    mine = [sauspiel(augen, player="Hias", partner="Wast") for augen in range(10, 40)]
    theirs = [sauspiel(augen, player="Vroni", partner="Kathi") for augen in range(60, 90)]
    with App.open(path) as app:
        evening = app.start_evening("schafkopf", SK4).id
    procs = [child(path, evening, write_hands(tmp_path, name, hands), go, mode)
             for name, hands in (("mine", mine), ("theirs", theirs))]
    go.touch()
    outputs = [finish(p) for p in procs]
    got = [[int(n) for n in out if n != "stale"] for out in outputs]
    assert sorted(got[0] + got[1]) == list(range(1, 61)), "each number given out once"
    numbers, hands, version, changes = stored(path, evening)
    assert numbers == list(range(1, 61)) and version == 61 and changes == list(range(1, 62))
    assert [hands[n - 1] for n in got[0]] == mine and [hands[n - 1] for n in got[1]] == theirs
    with App.open(path) as app:
        app.forget()
        totals = app.show(evening).standings
    assert totals["Hias"]["geld"] + totals["Vroni"]["geld"] == 0  # both wrote the same money either way


def test_two_adds_at_the_same_version_one_is_refused_with_a_clear_line(tmp_path):
    path = tmp_path / "scorepad.db"
    with App.open(path) as app:
        evening = app.start_evening("schafkopf", SK4).id
        version = app.add_hand(evening, sauspiel(70, player="Hias", partner="Wast")).version
    env = {**os.environ, "SCOREPAD_DB": str(path)}
    procs = [subprocess.Popen([sys.executable, "-m", "scorepad", "add", str(evening),
                               json.dumps(sauspiel(70, player=p, partner=q)), "--expect-version", str(version)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for p, q in (("Hias", "Wast"), ("Vroni", "Kathi"))]
    results = [(p.wait(timeout=60), p.stdout.read(), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert sorted(rc for rc, _, _ in results) == [0, 2]
    loser = next(r for r in results if r[0] == 2)
    assert loser[1] == "" and loser[2].count("\n") == 1 and "Traceback" not in loser[2]
    assert loser[2].startswith(f"evening {evening}: Inzwischen wurde ein Spiel eingetragen")
    numbers, _, new_version, _ = stored(path, evening)
    assert numbers == [1, 2] and new_version == version + 1
