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

from scorepad.devtools.figures import WAIT_S, ms, percentile
from scorepad.devtools.web import start_server, stop
from scorepad.devtools.wire import WireError, WirePhone, controls_in, key_of
from scorepad.ui.screens.table import PAGE

# the players' names carry their table's number; six letters at most, as the table screen
# shortens names to six in a hand's points ("Resi07 +0,20 €")
PLAYERS = ("Resi", "Hias", "Sepp", "Wast")
NAME = re.compile(r"\b(?:Resi|Hias|Sepp|Wast)(\d\d)\b")
HAND = re.compile(r"^hand-(\d+)$")
SETUP_S = 60.0  # the longest opening one table's phones may take


def names_of(table: int) -> list[str]:
    return [f"{p}{table:02d}" for p in PLAYERS]


def rss_bytes(pid: int) -> int:
    """The resident memory of process `pid` (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds process `pid` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _strings(values: Any) -> list[str]:
    out, stack = [], [values]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


class Watcher:
    """What one phone received: when each hand's row first came, and any other table's words."""

    def __init__(self, table: int):
        self.table = table
        self.seen: dict[int, float] = {}
        self.foreign: list[str] = []
        self.armed = False  # from when the phone shows its table (the start screen lists every table)

    def __call__(self, phone: WirePhone, values: list[Any]) -> None:
        if not self.armed:
            return
        now = time.perf_counter()
        for c in controls_in(values):
            m = HAND.match(key_of(c) or "")
            if m:
                self.seen.setdefault(int(m.group(1)), now)
        for s in _strings(values):
            for m in NAME.finditer(s):
                if int(m.group(1)) != self.table:
                    self.foreign.append(s)


async def _open_table(url: str, t: int, eid: int, phones: int) -> tuple[list[WirePhone], list[Watcher]]:
    watchers = [Watcher(t) for _ in range(phones)]
    table = [WirePhone(url, on_patch=w, name=f"table{t}-phone{i}") for i, w in enumerate(watchers)]
    for phone, watcher in zip(table, watchers):
        await phone.connect(SETUP_S)
        await phone.tap(f"evening-{eid}", SETUP_S)
        await phone.wait_for("next-hand", SETUP_S)
        watcher.armed = True
    return table, watchers


async def _tap_and_wait(phone: WirePhone, key: str) -> None:
    """A tap, then wait until the server answered it (any update of this phone)."""
    before = phone.changed
    await phone.tap(key, WAIT_S)
    await phone.until(lambda: phone.changed > before, WAIT_S, f"no answer to the tap on {key!r}")


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

        async def keep_score(t: int) -> None:
            keeper = opened[t][0]
            names = names_of(t)
            while time.perf_counter() < end:
                await asyncio.sleep(rng.uniform(1, 3))
                await _tap_and_wait(keeper, "next-hand")
                for key in (f"player-{names[0]}", f"partner-{names[2]}", "result-won"):
                    await _tap_and_wait(keeper, key)
                saves[t].append(time.perf_counter())
                await keeper.tap("save", WAIT_S)
                await keeper.wait_for(f"hand-{len(saves[t])}", WAIT_S)  # back on the table, the hand there

        keepers = [asyncio.create_task(keep_score(t)) for t in range(tables)]
        try:
            await asyncio.gather(*keepers)
        finally:  # one table failed: the others stop too, the error is reported
            for task in keepers:
                task.cancel()
            await asyncio.gather(*keepers, return_exceptions=True)
        ran = time.perf_counter() - started
        cpu = cpu_seconds(proc.pid) - cpu_before
        own_cpu = time.process_time() - own_before
        watcher_bytes = sum(p.received_bytes for table in opened for p in table[1:]) - bytes_before

        # every phone of each table shows every hand of it, WAIT_S after the last save at the
        # most for all phones together (a regression fails, never hangs)
        deadline = time.perf_counter() + WAIT_S
        for t, table in enumerate(opened):
            n = len(saves[t])
            for phone, watcher in zip(table, all_watchers[t]):
                def arrived(w: Watcher = watcher, n: int = n) -> bool:
                    return all(k in w.seen for k in range(1, n + 1))

                await phone.until(arrived, max(0.0, deadline - time.perf_counter()),
                                  f"not every hand of table {t} arrived ({n} saved)")
        latencies: list[float] = []
        timeline: list[tuple[float, float]] = []  # (when saved, seconds until seen)
        problems: list[str] = []
        for t, table in enumerate(opened):
            n = len(saves[t])
            for i, (phone, watcher) in enumerate(zip(table, all_watchers[t])):
                if watcher.foreign:
                    problems.append(f"{phone.name} received another table's words: {watcher.foreign[:3]}")
                if sorted(watcher.seen) != list(range(1, n + 1)):
                    problems.append(f"{phone.name} received hands {sorted(watcher.seen)}, {n} saved")
                rows = [k for k in phone.shown_keys() if HAND.match(k)]
                # each once, the newest first: the newest PAGE (the older ones a scroll away)
                if rows != [f"hand-{k}" for k in range(n, max(n - PAGE, 0), -1)] or \
                        (n > PAGE) != ("older-hands" in phone.shown_keys()):
                    problems.append(f"{phone.name} shows rows {rows}, {n} hands saved")
                if phone.unknown_targets:
                    problems.append(f"{phone.name} got patches for controls it does not have: {phone.unknown_targets[:5]}")
                if phone.error:
                    problems.append(f"{phone.name}: {phone.error}")
                if i > 0:  # the watchers: from Speichern to the hand on their screen
                    latencies.extend(watcher.seen[k] - saves[t][k - 1] for k in range(1, n + 1))
                    timeline.extend((saves[t][k - 1] - started, watcher.seen[k] - saves[t][k - 1]) for k in range(1, n + 1))
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
    windows: dict[int, list[float]] = {}
    for when, seconds_seen in timeline:
        windows.setdefault(int(when // 10) * 10, []).append(seconds_seen)
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
        "seen_p95_ms_by_10s": {f"{k}-{k + 10}s": ms(percentile(v, 95)) for k, v in sorted(windows.items())},
        "cores": os.cpu_count(), "load_avg_before": [round(x, 2) for x in load_before],
        "load_avg_after": [round(x, 2) for x in load_after],
    }


def bench_sharing_ws(tables: int = 20, phones: int = 4, seconds: float = 60.0, seed: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_run(tables, phones, seconds, seed, Path(folder)))
