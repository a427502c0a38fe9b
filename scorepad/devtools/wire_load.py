"""What the load runs over the real websocket share (sharing_ws.py: many tables; tournament_ws.py:
a tournament's tables and its ranking screens): the server's memory and CPU, what a table's phone
received (Watcher), a scorekeeper tapping in hands at a pace (keep_score), and the checks that
every hand reached every phone of its table once and no other table's words came.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from scorepad.devtools.figures import WAIT_S, ms, percentile
from scorepad.devtools.wire import WireError, WirePhone, controls_in, key_of
from scorepad.ui.screens.table import PAGE

HAND = re.compile(r"^hand-(\d+)$")
SETUP_S = 60.0  # the longest opening one table's phones may take
QUIET_S = 0.05  # after a tap's answer, how long a scorekeeper's phone must get nothing before the next tap
PACE_S = 2.0  # a scorekeeper waits PACE_S/2 to 3*PACE_S/2 (uniform) before each hand: far busier than a real table


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


def strings_in(values: Any) -> list[str]:
    """Every string in a value of the control tree (its words)."""
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


def timing(seconds: list[float]) -> dict[str, Any]:
    """p50, p95 and max of `seconds` in ms, and how many."""
    if not seconds:
        return {"count": 0, "p50_ms": None, "p95_ms": None, "max_ms": None}
    return {"count": len(seconds), "p50_ms": ms(percentile(seconds, 50)), "p95_ms": ms(percentile(seconds, 95)),
            "max_ms": ms(max(seconds))}


class Watcher:
    """What one table phone received: when each hand's row first came, and any player's name
    (`names`: every player's name of the load matches it) that is not of its own table."""

    def __init__(self, own: set[str], names: re.Pattern[str], armed: bool = False):
        self.own = own
        self.names = names
        self.seen: dict[int, float] = {}
        self.foreign: list[str] = []
        self.armed = armed  # from when the phone shows its table (a start screen lists every table)

    def __call__(self, phone: WirePhone, values: list[Any]) -> None:
        if not self.armed:
            return
        now = time.perf_counter()
        for c in controls_in(values):
            m = HAND.match(key_of(c) or "")
            if m:
                self.seen.setdefault(int(m.group(1)), now)
        for s in strings_in(values):
            if any(m.group(0) not in self.own for m in self.names.finditer(s)):
                self.foreign.append(s)


async def tap_until(phone: WirePhone, key: str, done: Callable[[], bool], tries: int = 3) -> None:
    """Tap `key` until `done()`. A tap that reached a control a render had just replaced (the
    notice line fading, another render of the form in between) is lost, as on a real phone a
    tap on a button that moved: it is tapped again, as a finger would, once the control tapped
    is gone and an enabled one with the key is there (and no late answer came)."""
    for _ in range(tries):
        target = await phone.tap(key, WAIT_S)

        def answered(target: int = target) -> bool:
            found = phone.keyed(key)
            return done() or (any(not c.get("disabled") for c in found) and all(c["_i"] != target for c in found))

        await phone.until(answered, WAIT_S, f"no answer to the tap on {key!r}")
        if not done():
            await phone.quiet(4 * QUIET_S, WAIT_S)  # a late answer to the tap
        if done():
            return
    raise WireError(f"{phone.name}: {tries} taps on {key!r} and no answer")


async def choose(phone: WirePhone, key: str) -> None:
    """Tap the choice `key` (a chip) until it is chosen."""
    await tap_until(phone, key, lambda: phone.chosen(key))


async def keep_score(keeper: WirePhone, taps: list[list[str]], saves: list[float], end: float,
                     rng: random.Random, most: int | None = None, pace: float = PACE_S) -> None:
    """A scorekeeper until `end` (perf_counter) or `most` hands: wait `pace` (from half of it to
    one and a half, uniform), Neues Spiel, the
    choices of hand n (`taps[n - 1]`, the list begun again at its end: chips, each tapped until
    chosen), Speichern (its moment appended to `saves`), back on the table
    with the hand there."""
    while time.perf_counter() < end and (most is None or len(saves) < most):
        await asyncio.sleep(rng.uniform(pace / 2, 3 * pace / 2))
        await tap_until(keeper, "next-hand", lambda: keeper.has("save"))
        for key in taps[len(saves) % len(taps)]:
            await choose(keeper, key)
        saves.append(time.perf_counter())
        await tap_until(keeper, "save", partial(keeper.has, f"hand-{len(saves)}"))  # back on the table, the hand there


async def until_all_arrived(tables: list[tuple[list[WirePhone], list[Watcher], int]]) -> None:
    """Every phone of each table (phones, their watchers, hands saved) shows every hand of it,
    WAIT_S after the last save at the most for all phones together (a regression fails, never
    hangs)."""
    deadline = time.perf_counter() + WAIT_S
    for t, (phones, watchers, n) in enumerate(tables):
        for phone, watcher in zip(phones, watchers):
            def arrived(w: Watcher = watcher, n: int = n) -> bool:
                return all(k in w.seen for k in range(1, n + 1))

            await phone.until(arrived, max(0.0, deadline - time.perf_counter()),
                              f"not every hand of table {t} arrived ({n} saved)")


async def every_keeper(keepers: list[asyncio.Task[None]]) -> None:
    """Wait for every table's scorekeeper: one failed, the others stop too, its error is raised."""
    try:
        await asyncio.gather(*keepers)
    finally:
        for task in keepers:
            task.cancel()
        await asyncio.gather(*keepers, return_exceptions=True)


def table_problems(phones: list[WirePhone], watchers: list[Watcher], saves: list[float], started: float,
                   latencies: list[float], timeline: list[tuple[float, float]]) -> list[str]:
    """What went wrong at one table (its first phone the scorekeeper): a hand missing or twice,
    rows not each once newest first, another table's words, patches for controls a phone does
    not have. The watchers' seconds from Speichern to the hand on their screen are appended to
    `latencies`, with (when saved, seconds) to `timeline`."""
    problems = []
    n = len(saves)
    for i, (phone, watcher) in enumerate(zip(phones, watchers)):
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
        if i > 0 and all(k in watcher.seen for k in range(1, n + 1)):  # the watchers: Speichern to their screen
            latencies.extend(watcher.seen[k] - saves[k - 1] for k in range(1, n + 1))
            timeline.extend((saves[k - 1] - started, watcher.seen[k] - saves[k - 1]) for k in range(1, n + 1))
    return problems


def by_10s(timeline: list[tuple[float, float]]) -> dict[str, float]:
    """p95 in ms of each 10 s of saves (the machine's other work shows here)."""
    windows: dict[int, list[float]] = {}
    for when, seconds_seen in timeline:
        windows.setdefault(int(when // 10) * 10, []).append(seconds_seen)
    return {f"{k}-{k + 10}s": ms(percentile(v, 95)) for k, v in sorted(windows.items())}
