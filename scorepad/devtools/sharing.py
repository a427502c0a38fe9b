"""The sharing load loop: many phones (headless) on one app server, each table's scorekeeper
saving hands while the others watch. `scorepad bench` reports it under "sharing"."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scorepad.devtools.figures import WAIT_S, ms, percentile
from scorepad.devtools.headless import Phone, RecordingConnection, open_phone
from scorepad.games import DEFAULT_RULESET
from scorepad.ui.main import make_main

if TYPE_CHECKING:
    from scorepad.app import App


async def _sharing(tables: int, phones: int, seconds: float, seed: int) -> dict[str, Any]:
    """`tables` evenings, each followed by `phones` phones (one scorekeeper) on one app server;
    each scorekeeper saves a Sauspiel every 1-3 s. Measured: seconds from the tap on Speichern
    until every other phone of the table shows the new hand. Checked: no hand lost or doubled."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        main = make_main(str(Path(folder) / "sharing.db"))
        app: App = cast(Any, main).app  # (make_main keeps its app layer on the entry point)
        try:
            setup = []
            for t in range(tables):
                names = [f"{p}{t}" for p in ("Vroni", "Hias", "Kathi", "Wast")]
                eid = app.start_evening(DEFAULT_RULESET, names).id
                table_phones = []
                for _ in range(phones):
                    phone = await open_phone(main)
                    await phone.tap(f"evening-{eid}")
                    table_phones.append(phone)
                setup.append((eid, names, table_phones))
            latencies: list[float] = []
            saved: dict[int, int] = {}
            end = time.perf_counter() + seconds

            async def keep_score(eid: int, names: list[str], table_phones: list[Phone]) -> None:
                keeper, others = table_phones[0], table_phones[1:]
                n = 0
                while time.perf_counter() < end:
                    await asyncio.sleep(rng.uniform(1, 3))
                    await keeper.tap("next-hand")
                    for key in (f"player-{names[0]}", f"partner-{names[2]}", "result-won"):
                        await keeper.tap(key)
                    t0 = time.perf_counter()
                    await keeper.tap("save")
                    n += 1
                    for phone in others:
                        sent = -1
                        deadline = time.perf_counter() + WAIT_S
                        while True:  # look again only when the server sent this phone something
                            if cast(RecordingConnection, phone.session.connection).sent != sent:
                                sent = cast(RecordingConnection, phone.session.connection).sent
                                if phone.has(f"hand-{n}"):
                                    break
                            if time.perf_counter() > deadline:  # a regression fails, never hangs
                                raise TimeoutError(f"a phone did not show hand {n} within {WAIT_S:.0f} s")
                            await asyncio.sleep(0.005)
                        latencies.append(time.perf_counter() - t0)
                saved[eid] = n

            await asyncio.gather(*(keep_score(*s) for s in setup))
            for eid, _, _ in setup:
                hands = app.show(eid).hands
                if [h.number for h in hands] != list(range(1, saved[eid] + 1)):
                    raise AssertionError(f"evening {eid}: {len(hands)} hands stored, {saved[eid]} saved")
        finally:
            app.close()
    latencies.sort()
    return {"tables": tables, "phones_per_table": phones, "seconds": seconds, "hands_saved": sum(saved.values()),
            "seen_p50_ms": ms(percentile(latencies, 50)), "seen_p95_ms": ms(percentile(latencies, 95)),
            "seen_max_ms": ms(latencies[-1]) if latencies else None}



def bench_sharing(tables: int = 20, phones: int = 4, seconds: float = 20.0, seed: int = 1) -> dict[str, Any]:
    return asyncio.run(_sharing(tables, phones, seconds, seed))
