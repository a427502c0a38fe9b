"""The table screen's render on a watching phone, timed through the real screen: a headless
phone (headless.py) shows the table of a stored evening while the app layer saves a hand on it
and takes it back; each save is a render of the table screen on the phone (the read, the
controls, the diff Flet computes and the patch encoded as for a browser), timed from the save's
return until the patch was sent. `scorepad bench` reports it as "table_render"; a dev tool,
imported only there.

The new hand glows on the watching phone as after any other phone's save; the glow's fading
(a render GLOW_S later) is held off while the bench runs, so no render falls into another's
time."""

from __future__ import annotations

import asyncio
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scorepad.devtools.headless import Phone, RecordingConnection, open_phone
from scorepad.ui.main import make_main

if TYPE_CHECKING:
    from scorepad.app import App


async def _rendered(phone: Phone, change: Any) -> tuple[float, float]:
    """Seconds from the end of `change` (a save by the app layer) until the phone was sent its
    new table screen, and the CPU seconds this process spent on it."""
    connection = cast(RecordingConnection, phone.session.connection)
    change()
    before = connection.sent
    start, cpu = time.perf_counter(), time.process_time()
    deadline = start + 30
    while connection.sent == before:
        if time.perf_counter() > deadline:  # a save the phone never heard of: fail, never hang
            raise AssertionError("the save sent nothing to the watching phone")
        await asyncio.sleep(0)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    await phone.settle(2)
    return seconds, cpu


async def _renders(sessions: list[dict[str, Any]], renders: int) -> list[list[tuple[float, float]]]:
    """One server, one watching phone on the table of each evening; a hand is saved and taken
    back on each evening in turn (both renders timed), so a busy moment of the (shared) machine
    falls on every evening alike."""
    from scorepad.ui.screens import table as table_screen

    glow = table_screen.GLOW_S
    table_screen.GLOW_S = 3600.0  # the fading render comes after the bench
    with tempfile.TemporaryDirectory() as folder:
        main = make_main(str(Path(folder) / "render.db"))
        app: App = cast(Any, main).app  # (make_main keeps its app layer on the entry point)
        try:
            phones = []
            for session in sessions:
                evening = app.import_session({**session, "hands": session["hands"][:-1]}).id
                phone = await open_phone(main)
                await phone.tap(f"evening-{evening}")
                phones.append((phone, evening, session["hands"][-1]))
            times: list[list[tuple[float, float]]] = [[] for _ in sessions]
            for i in range(2 + renders):  # 2 to warm up (imports, caches)
                for (phone, evening, hand), out in zip(phones, times):
                    for change in (partial(app.add_hand, evening, hand), partial(app.undo, evening)):
                        timed = await _rendered(phone, change)
                        if i >= 2:
                            out.append(timed)
            return times
        finally:
            app.close()
            table_screen.GLOW_S = glow


def time_renders(sessions: list[dict[str, Any]], renders: int) -> list[list[tuple[float, float]]]:
    """(seconds, CPU seconds) of the table screen's renders on a watching phone of each evening
    in `sessions` (the evening without its last hand; the last hand is saved and taken back
    `renders` times: two renders each)."""
    return asyncio.run(_renders(sessions, renders))
