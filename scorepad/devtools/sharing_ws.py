"""The sharing load test over the real transport: `scorepad web` in its own process, phones
speaking Flet's protocol over its websocket (scorepad/devtools/wire.py; no browser).
`scorepad bench` reports it under "sharing_ws".

`tables` evenings, each opened on `phones` phones: one scorekeeper that enters a Sauspiel every
1-3 s by the same events a finger sends (Neues Spiel, the player, the partner, gewonnen,
Speichern), and watchers. Measured: the seconds from the scorekeeper's Speichern event leaving
this process until a watcher received the control update that holds the new hand (its row,
key `hand-N`; the rows each once, newest first, as many as the table lists at first); the server's memory (RSS) with 1, 1/4, 1/2 and all tables' phones open, and
after the run. Checked: every hand reaches every phone of its table, once; no phone receives a
word of another table (the players' names carry their table's number); the store holds each
table's hands 1..N, none lost, none doubled.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from scorepad.devtools.figures import ms, percentile
from scorepad.devtools.web import start_server, stop
from scorepad.devtools.wire import WireError, WirePhone
from scorepad.devtools.wire_load import (
    SETUP_S,
    Watcher,
    by_10s,
    cpu_seconds,
    every_keeper,
    keep_score,
    rss_bytes,
    table_problems,
    until_all_arrived,
)

__all__ = ["bench_sharing_ws", "names_of", "rss_bytes"]

# the players' names carry their table's number; six letters at most, as the table screen
# shortens names to six in a hand's points ("Resi07 +0,20 €")
PLAYERS = ("Resi", "Hias", "Sepp", "Wast")
NAME = re.compile(r"\b(?:Resi|Hias|Sepp|Wast)\d\d\b")


def names_of(table: int) -> list[str]:
    return [f"{p}{table:02d}" for p in PLAYERS]


async def _open_table(url: str, t: int, eid: int, phones: int) -> tuple[list[WirePhone], list[Watcher]]:
    watchers = [Watcher(set(names_of(t)), NAME) for _ in range(phones)]
    table = [WirePhone(url, on_patch=w, name=f"table{t}-phone{i}") for i, w in enumerate(watchers)]
    for phone, watcher in zip(table, watchers):
        await phone.connect(SETUP_S)
        await phone.tap(f"evening-{eid}", SETUP_S)
        await phone.wait_for("next-hand", SETUP_S)
        watcher.armed = True
    return table, watchers


async def _run(tables: int, phones: int, seconds: float, seed: int, folder: Path) -> dict[str, Any]:
    from scorepad.app import App
    from scorepad.games import DEFAULT_RULESET

    if not 0 < tables <= 100:
        raise ValueError("1 to 100 tables (the players' names carry two digits)")
    rng = random.Random(seed)
    db = folder / "sharing_ws.db"
    with App.open(db) as app:
        evenings = [app.start_evening(DEFAULT_RULESET, names_of(t)).id for t in range(tables)]
    proc, url = start_server(db)
    opened: list[list[WirePhone]] = []
    try:
        memory: dict[str, float] = {}
        base = rss_bytes(proc.pid)
        steps = sorted({1, max(1, tables // 4), max(1, tables // 2), tables})
        all_watchers: list[list[Watcher]] = []
        for upto in steps:
            for t in range(len(opened), upto):  # one table after the other, as tables arrive at a pub
                table, watchers = await _open_table(url, t, evenings[t], phones)
                opened.append(table)
                all_watchers.append(watchers)
            await asyncio.sleep(1.0)
            memory[str(upto * phones)] = rss_bytes(proc.pid)

        saves: dict[int, list[float]] = {t: [] for t in range(tables)}
        load_before = os.getloadavg()
        cpu_before = cpu_seconds(proc.pid)
        own_before = time.process_time()
        bytes_before = sum(p.received_bytes for table in opened for p in table[1:])
        started = time.perf_counter()
        end = started + seconds

        taps = [[[f"player-{names[0]}", f"partner-{names[2]}", "result-won"]] for names in map(names_of, range(tables))]
        keepers = [asyncio.create_task(keep_score(opened[t][0], taps[t], saves[t], end, rng)) for t in range(tables)]
        await every_keeper(keepers)
        ran = time.perf_counter() - started
        cpu = cpu_seconds(proc.pid) - cpu_before
        own_cpu = time.process_time() - own_before
        watcher_bytes = sum(p.received_bytes for table in opened for p in table[1:]) - bytes_before

        await until_all_arrived([(table, all_watchers[t], len(saves[t])) for t, table in enumerate(opened)])
        latencies: list[float] = []
        timeline: list[tuple[float, float]] = []  # (when saved, seconds until seen)
        problems: list[str] = []
        for t, table in enumerate(opened):
            problems += table_problems(table, all_watchers[t], saves[t], started, latencies, timeline)
        memory_after = rss_bytes(proc.pid)
        load_after = os.getloadavg()
    finally:
        for table in opened:
            for phone in table:
                await phone.close()
        stop(proc)

    with App.open(db) as app:  # the store: each table's hands 1..N, none lost, none doubled
        for t, eid in enumerate(evenings):
            numbers = [h.number for h in app.show(eid).hands]
            if numbers != list(range(1, len(saves[t]) + 1)):
                problems.append(f"evening {eid}: hands {numbers} stored, {len(saves[t])} saved")
    if problems:
        raise WireError(f"{len(problems)} problem(s): " + "; ".join(problems[:10]))

    counts = sorted(int(k) for k in memory)
    per_phone = {str(k): round(memory[str(k)] / k / 1e6, 2) for k in counts}
    first, last = counts[0], counts[-1]
    slope = (memory[str(last)] - memory[str(first)]) / (last - first) if last > first else 0.0
    steps_mb = {f"{a}-{b}": round((memory[str(b)] - memory[str(a)]) / (b - a) / 1e6, 3)
                for a, b in zip(counts, counts[1:])}
    latencies.sort()
    return {
        "transport": "scorepad web (uvicorn) in its own process; phones speak Flet's protocol over its websocket",
        "tables": tables, "phones_per_table": phones, "phones": tables * phones, "seconds": round(ran, 1),
        "hands_saved": sum(len(s) for s in saves.values()), "hands_fewest_at_a_table": min(len(s) for s in saves.values()),
        "deliveries": len(latencies),
        "seen_p50_ms": ms(percentile(latencies, 50)) if latencies else None,
        "seen_p95_ms": ms(percentile(latencies, 95)) if latencies else None,
        "seen_max_ms": ms(latencies[-1]) if latencies else None,
        "server_cpu_share": round(cpu / ran, 2),
        "server_cpu_ms_per_hand": round(cpu * 1000 / max(1, sum(len(s) for s in saves.values())), 1),
        "watcher_kb_per_hand": round(watcher_bytes / 1000 / max(1, sum(len(s) * (phones - 1) for s in saves.values())), 1),
        "phones_cpu_share": round(own_cpu / ran, 2),  # this process: the 80 protocol clients
        "memory": {"rss_mb_started": round(base / 1e6, 1),
                   "rss_mb": {str(k): round(memory[str(k)] / 1e6, 1) for k in counts},
                   "rss_mb_per_phone": per_phone,
                   "mb_per_added_phone": round(slope / 1e6, 3),
                   "mb_per_added_phone_by_step": steps_mb,
                   "rss_mb_after_run": round(memory_after / 1e6, 1)},
        # the machine's other work shows here: p95 of each 10 s of saves, the load around the run
        "seen_p95_ms_by_10s": by_10s(timeline),
        "cores": os.cpu_count(), "load_avg_before": [round(x, 2) for x in load_before],
        "load_avg_after": [round(x, 2) for x in load_after],
    }


def bench_sharing_ws(tables: int = 20, phones: int = 4, seconds: float = 60.0, seed: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_run(tables, phones, seconds, seed, Path(folder)))
