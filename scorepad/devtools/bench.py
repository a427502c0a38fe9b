"""`scorepad bench`: replay speed on generated, valid evenings of every game.

For each ruleset an evening of N hands is generated (seeded, so every run replays the same
hands), written as a session file, then timed twice in the same run: `json.loads` of the file
and `replay` of its hands. Reported: hands per second and the ratio replay / json.loads.

Under "store": adding one hand to a stored evening of 1,000 hands through the app layer (one
transaction: store, recompute, return the standings), p50 and p95 in ms, and the ratio of p50
at 1,000 hands to p50 at 10 hands. "warm" is a running app (the GUI, a server) that keeps the
evening's replay in memory; "cold" keeps nothing, as one `scorepad add` process: it plays the
hand on the evening's checkpoint in the store (schema 5; before, it replayed the evening).

Under "replay_file": `scorepad replay` of a Schafkopf session file of N hands (default 100,000,
the most a session file may hold) in a fresh process: the file's size, the seconds, and the
process's peak memory (`resource.getrusage` ru_maxrss) against a process that only loads
scorepad, so the part the file costs is plain (per byte of the file).

Under "replay_output": `scorepad replay FILE > /dev/null` per ruleset (N hands) in a fresh
process, writing included, against `json.loads` of the same file in the same run.

Under "sharing_ws": the same tables over the real transport, `scorepad web` in its own process
and every phone a client of Flet's protocol on its websocket (scorepad/devtools/sharing_ws.py):
from Speichern to the hand on each watcher's screen p50/p95/max, the server's memory per phone.
Under "tournament_ws": a Preisschafkopf tournament over the same transport (scorepad/devtools/
tournament_ws.py): 50 tables of four phones at their table's address (the scorekeeper takes the pen
with the PIN), two ranking screens at /turnier/ID; from Speichern to the hand on each watcher's
screen and to the table's new points on a ranking screen, p50/p95/max; the server's CPU and memory.
Under "tournament_skat_ws": the same for a Preisskat on the Seeger-Fabian list, tables of four and
three (4 x N - 3 players: N - 3 fours and three threes), a phone per seat.
Under each ruleset, "tap": a tap on the hand form of an evening of 10 and of 1,000 hands
(`--tap-hands`), through the real screen on headless phones (scorepad/devtools/tap.py): p95 in
ms and the ratio, by the clock and by the CPU time the tap took ("cpu_", which the other work on
a shared machine does not inflate).

Under "web" (`--web`, needs chromium and Playwright): the table app's first load and a reload
in chromium on a throttled link (see scorepad/devtools/web.py); "web_before" the same, served as
plain Flet serves it; "web_static" the static site (`scorepad static`, Python in the browser)
beside `scorepad web` through one throttled link: bytes of the first visit, seconds to the start
screen cold (first visit) and cached (the median of three reloads once the site has kept what
its Python compiled; each reload's in "cached_starts_s"), and their ratios to the served app's
("first_cached_vs_served": the first reload's); under "cpu4x" the same starts with chromium's CPU
throttled 4x (a mid-range phone): the cached starts of both apps and their ratio, and the cold
starts; each start of the static site phase by phase ("phases_s", under "static" and
"static_cpu4x").
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorepad.devtools.figures import ms, percentile
from scorepad.engine import new_game, replay
from scorepad.errors import HandError
from scorepad.games import DEFAULT_RULESET, family_of
from scorepad.tables import RuleTable, builtin_tables

PLAYERS = ["Vroni", "Hias", "Kathi", "Wast", "Resi", "Sepp"]


def generate_session(table: RuleTable, n_hands: int, seed: int = 1) -> dict[str, Any]:
    """A valid session file of n_hands for the table (hands the engine would refuse are redrawn)."""
    rng = random.Random(seed)
    players = PLAYERS[: min(table.players)]
    game = new_game(table, players)
    make = family_of(table).generate
    hands: list[dict[str, Any]] = []
    number = 0
    while len(hands) < n_hands:
        hand = make(rng, game)
        try:
            game.play(number + 1, hand)
        except HandError:
            continue
        number += 1
        hands.append(hand)
    return {"format": 1, "ruleset": table.id, "players": players, "hands": hands}


def _best_of(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def bench_replay(table: RuleTable, n_hands: int, repeat: int = 3, text: str | None = None) -> dict[str, Any]:
    """Replaying the session `text` (default: a generated one of `n_hands`) in this process,
    against json.loads of it."""
    text = text if text is not None else json.dumps(generate_session(table, n_hands))
    t_load = _best_of(lambda: json.loads(text), repeat)
    data = json.loads(text)
    t_replay = _best_of(lambda: replay(table, data["players"], data["hands"]), repeat)
    return {"hands_per_s": round(n_hands / t_replay), "vs_json_load": round(t_replay / t_load, 2)}


def time_store_adds(table: RuleTable, evening_hands: tuple[int, ...], samples: int, cold: bool = False,
                    seed: int = 1) -> list[list[float]]:
    """Seconds for `samples` adds of one hand to a stored evening of each length in
    `evening_hands`, one store, the evenings' adds in turn, each first as often (so a busy moment
    of the machine, or a slower stretch of it, falls on every length alike).

    Each add is undone (untimed) so that every timed add meets an evening of the same length;
    `cold` drops the app's live replay first, as a fresh process: the add starts from the store.
    """
    from scorepad.app import App

    with tempfile.TemporaryDirectory() as folder, App.open(Path(folder) / "bench.db") as app:
        evenings = []
        for n in evening_hands:
            session = generate_session(table, n + 1, seed)
            evenings.append((app.import_session({**session, "hands": session["hands"][:-1]}).id, session["hands"][-1]))
        times: list[list[float]] = [[] for _ in evening_hands]
        for i in range(samples):
            turn = list(zip(evenings, times))
            for (evening, hand), out in turn if i % 2 == 0 else turn[::-1]:  # each goes first as often
                if cold:
                    app.forget()
                t0 = time.perf_counter()
                app.add_hand(evening, hand)
                out.append(time.perf_counter() - t0)
                app.undo(evening)
    return times


def bench_store(table: RuleTable, hands: int = 1000, samples: int = 50, small: int = 10) -> dict[str, Any]:
    """p50/p95 of one add (store, recompute, standings) at `hands` hands, and how it grows."""
    out: dict[str, Any] = {"hands": hands, "samples": samples}
    for mode, cold in (("warm", False), ("cold", True)):
        big, little = time_store_adds(table, (hands, small), samples, cold)
        out[mode] = {
            "p50_ms": ms(percentile(big, 50)), "p95_ms": ms(percentile(big, 95)),
            f"p50_ms_at_{small}": ms(percentile(little, 50)),
            f"ratio_p50_{hands}_vs_{small}": round(percentile(big, 50) / percentile(little, 50), 2),
        }
    return out


# the peak is this process's own high-water mark (VmHWM, kB): getrusage's ru_maxrss survives the
# exec on Linux and would report the bench process that forked it (its 100,000-hand sessions)
_MEASURE = """
import io, sys, time
from contextlib import redirect_stdout
from scorepad.cli import main
start = time.perf_counter()
code = 0
if sys.argv[1] != "-":
    with redirect_stdout(io.StringIO()):
        code = main(["replay", sys.argv[1]])
seconds = time.perf_counter() - start
with open("/proc/self/status", encoding="ascii") as status:
    peak_kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(code, seconds, peak_kb)
"""


def bench_replay_file(hands: int) -> dict[str, Any]:
    """`scorepad replay` of a session file of `hands` Schafkopf hands, in a fresh process:
    seconds and peak memory, and the peak of a process that only loads scorepad."""

    def measure(path: str) -> tuple[int, float, int]:
        out = subprocess.run([sys.executable, "-c", _MEASURE, path], capture_output=True, text=True, check=True)
        code, seconds, kb = out.stdout.split()
        return int(code), float(seconds), int(kb) * 1024

    table = builtin_tables()[DEFAULT_RULESET]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        path.write_text(json.dumps(generate_session(table, hands, seed=7)), encoding="utf-8")
        size = path.stat().st_size
        code, seconds, peak = measure(str(path))
        _, _, base = measure("-")
    return {"hands": hands, "file_mb": round(size / 1e6, 2), "exit": code, "seconds": round(seconds, 2),
            "peak_mb": round(peak / 1e6, 1), "loaded_mb": round(base / 1e6, 1),
            "peak_per_file_byte": round((peak - base) / size, 1)}


_REPLAY_OUTPUT = """
import os, sys, time
start = time.perf_counter()
from scorepad.cli import main
with open(os.devnull, "w", encoding="utf-8") as sink:
    sys.stdout = sink
    code = main(["replay", sys.argv[1]])
    sys.stdout.flush()
    sys.stdout = sys.__stdout__
print(code, time.perf_counter() - start)
"""


def bench_replay_output(table: RuleTable, n_hands: int, repeat: int = 3, text: str | None = None) -> dict[str, Any]:
    """`scorepad replay FILE > /dev/null` in a fresh process (from importing scorepad's command
    to the last byte written; the interpreter's own start left out), best of `repeat`, against
    `json.loads` of the same file's text in this process (best of 5), in the same run. The
    processes keep Python's compiled modules, as an installed scorepad does."""
    text = text if text is not None else json.dumps(generate_session(table, n_hands))
    t_load = _best_of(lambda: json.loads(text), 5)
    # as an installed scorepad runs: Python keeps the compiled modules (a PYTHONDONTWRITEBYTECODE
    # in this environment would make every run compile scorepad's source again)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "session.json"
        path.write_text(text, encoding="utf-8")
        best = float("inf")
        for _ in range(repeat):
            out = subprocess.run([sys.executable, "-c", _REPLAY_OUTPUT, str(path)],
                                 capture_output=True, text=True, check=True, env=env)
            code, seconds = out.stdout.split()
            if code != "0":
                raise RuntimeError(f"scorepad replay ended with {code}: {out.stderr}")
            best = min(best, float(seconds))
    return {"hands": n_hands, "seconds": round(best, 3), "vs_json_load": round(best / t_load, 2)}


def run_bench(hands: int = 100_000, rulesets: list[str] | None = None, store_hands: int = 1000,
              store_samples: int = 200, sharing_tables: int = 20, sharing_seconds: float = 20.0,
              file_hands: int = 100_000, output: bool = True, web: bool = False, tap_hands: int = 1000,
              tap_taps: int = 100, sharing_ws_seconds: float = 60.0, tournament_tables: int = 50,
              tournament_seconds: float = 90.0, tournament_pace: float = 20.0,
              render_hands: int = 1000, render_samples: int = 30) -> dict[str, Any]:
    tables = builtin_tables()
    out: dict[str, Any] = {}
    texts = {}  # each ruleset's generated session, made once for both replay figures
    for rid, table in tables.items():
        if rulesets and rid not in rulesets:
            continue
        texts[rid] = json.dumps(generate_session(table, hands))
        out[rid] = bench_replay(table, hands, text=texts[rid])
        if tap_hands > 0:
            out[rid]["tap"] = bench_tap(table, tap_hands, tap_taps)
    if render_hands > 0:
        out["table_render"] = bench_table_render(tables[DEFAULT_RULESET], render_hands, render_samples)
    if output:
        out["replay_output"] = {rid: bench_replay_output(tables[rid], hands, text=text) for rid, text in texts.items()}
    if store_hands > 0:
        out["store"] = {rid: bench_store(table, store_hands, store_samples)
                        for rid, table in tables.items() if not rulesets or rid in rulesets}
    if file_hands > 0:
        out["replay_file"] = bench_replay_file(file_hands)
    if sharing_tables > 0:
        out["sharing"] = bench_sharing(sharing_tables, 4, sharing_seconds)
    if sharing_tables > 0 and sharing_ws_seconds > 0:
        out["sharing_ws"] = bench_sharing_ws(sharing_tables, 4, sharing_ws_seconds)
    if tournament_tables > 0 and tournament_seconds > 0:
        out["tournament_ws"] = bench_tournament_ws(tournament_tables, tournament_seconds, tournament_pace)
        out["tournament_skat_ws"] = bench_tournament_ws(tournament_tables, tournament_seconds, tournament_pace,
                                                        event="preisskat")
    if web:
        from scorepad.devtools.web import bench_static, bench_web

        out["web"] = bench_web()
        out["web_before"] = bench_web(plain=True)  # as Flet served it before (ft.run, no_cdn)
        out["web_static"] = bench_static()  # `scorepad static` beside `scorepad web`
    return out


# --- a tap on the hand form ----------------------------------------------------------------


def bench_tap(table: RuleTable, hands: int = 1000, taps: int = 100, small: int = 10) -> dict[str, Any]:
    """p95 of a tap on the hand form (the handler and the re-render, through the real screen on
    a headless phone; scorepad/devtools/tap.py) at `small` and at `hands` hands, and the ratio;
    the two evenings on one server, their phones tapping in turn. The same for the CPU time
    the tap took ("cpu_"), which other work on a shared machine does not inflate."""
    from scorepad.devtools.tap import time_taps

    session = generate_session(table, hands)
    little, big = time_taps([{**session, "hands": session["hands"][:small]}, session], taps)
    out: dict[str, Any] = {"taps": taps}
    for prefix, i in (("", 0), ("cpu_", 1)):
        p_small = percentile([t[i] for t in little], 95)
        p_big = percentile([t[i] for t in big], 95)
        out.update({f"{prefix}p95_ms_at_{small}": ms(p_small), f"{prefix}p95_ms_at_{hands}": ms(p_big),
                    f"{prefix}ratio": round(p_big / p_small, 2)})
    return out


def bench_table_render(table: RuleTable, hands: int = 1000, samples: int = 30, small: int = 10) -> dict[str, Any]:
    """The table screen's render on a watching phone after a save (scorepad/devtools/render.py)
    at `small` and at `hands` hands: the median and p95 of 2 x `samples` renders each (a save
    and its undo), the ratio of the medians, and the same by CPU time ("cpu_")."""
    from scorepad.devtools.render import time_renders

    session = generate_session(table, hands + 1)
    little, big = time_renders([{**session, "hands": session["hands"][:small + 1]}, session], samples)
    out: dict[str, Any] = {"renders": 2 * samples}
    for prefix, i in (("", 0), ("cpu_", 1)):
        mid_small, mid_big = percentile([t[i] for t in little], 50), percentile([t[i] for t in big], 50)
        out.update({f"{prefix}ms_at_{small}": ms(mid_small), f"{prefix}ms_at_{hands}": ms(mid_big),
                    f"{prefix}p95_ms_at_{small}": ms(percentile([t[i] for t in little], 95)),
                    f"{prefix}p95_ms_at_{hands}": ms(percentile([t[i] for t in big], 95)),
                    f"{prefix}ratio": round(mid_big / mid_small, 2)})
    return out


# --- many phones on one server ---------------------------------------------------------------


def bench_sharing(tables: int = 20, phones: int = 4, seconds: float = 20.0, seed: int = 1) -> dict[str, Any]:
    """The sharing figures; the load loop is a dev tool (scorepad/devtools/sharing.py),
    imported only here, when they are asked for."""
    from scorepad.devtools.sharing import bench_sharing as run

    return run(tables, phones, seconds, seed)


def bench_sharing_ws(tables: int = 20, phones: int = 4, seconds: float = 60.0, seed: int = 1) -> dict[str, Any]:
    """The sharing figures over the real websocket (`scorepad web` in its own process, phones
    speaking Flet's protocol): scorepad/devtools/sharing_ws.py, imported only here."""
    from scorepad.devtools.sharing_ws import bench_sharing_ws as run

    return run(tables, phones, seconds, seed)


def bench_tournament_ws(tables: int = 50, seconds: float = 90.0, pace: float = 20.0, seed: int = 1,
                        event: str = "preisschafkopf") -> dict[str, Any]:
    """A tournament's tables and its two ranking screens over the real websocket (`event`:
    "preisschafkopf", tables of four; "preisskat", tables of four and three): scorepad/devtools/
    tournament_ws.py, imported only here."""
    from scorepad.devtools.tournament_ws import bench_tournament_ws as run

    return run(tables, seconds, 2, pace, seed, event)
