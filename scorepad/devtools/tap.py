"""The tap on the hand form, timed through the real screen: a headless phone (headless.py) on
an app server opens the next hand of a stored evening and taps between two choices of the
game's form; each tap is the form's handler (the draft kept in the store) and the re-render
(the preview played on the evening, the patch encoded as for a browser). `scorepad bench`
reports it under each ruleset's "tap"; a dev tool, imported only there."""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scorepad.devtools.headless import Phone, RecordingConnection, control_key, open_phone
from scorepad.ui.main import make_main

if TYPE_CHECKING:
    from scorepad.app import App

SKIP = ("save", "more", "passed", "vergeben", "show-pen")


def _pair(phone: Phone) -> tuple[str, str]:
    """Two keys of one group of choices on the form (game-wenz, game-sauspiel), the one not
    chosen yet first: tapping between them changes the draft every time."""
    groups: dict[str, list[str]] = {}
    for control in phone.controls():
        key = control_key(control)
        if key and "-" in key and key not in SKIP and getattr(control, "on_click", None) and not control.disabled:
            groups.setdefault(key.rsplit("-", 1)[0], []).append(key)
    for keys in groups.values():
        if len(keys) >= 2:
            return keys[1], keys[0]
    raise AssertionError(f"no two choices to tap between on the form: {groups}")


async def _tap_once(phone: Phone, key: str) -> tuple[float, float]:
    """Seconds from the tap until the server sent the re-rendered form, and the CPU seconds
    this process spent on it (what other work on a shared machine does not inflate)."""
    control = phone.find(key)
    connection = cast(RecordingConnection, phone.session.connection)
    before = connection.sent
    start, cpu = time.perf_counter(), time.process_time()
    await phone.session.dispatch_event(control._i, "click", None)
    deadline = start + 30
    while connection.sent == before:
        if time.perf_counter() > deadline:  # a tap that changed nothing: fail, never hang
            raise AssertionError(f"the tap on {key} sent nothing to the phone")
        await asyncio.sleep(0)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    await phone.settle(2)
    return seconds, cpu


async def _taps(sessions: list[dict[str, Any]], taps: int) -> list[list[tuple[float, float]]]:
    """One server, one phone on the next hand's form of each evening; the phones tap in turn,
    so a busy moment of the (shared) machine falls on every evening alike."""
    with tempfile.TemporaryDirectory() as folder:
        main = make_main(str(Path(folder) / "tap.db"))
        app: App = cast(Any, main).app  # (make_main keeps its app layer on the entry point)
        try:
            phones = []
            for session in sessions:
                evening = app.import_session(session).id
                phone = await open_phone(main)
                await phone.tap(f"evening-{evening}")
                await phone.tap("next-hand")
                phones.append((phone, _pair(phone)))
            times: list[list[tuple[float, float]]] = [[] for _ in sessions]
            for i in range(4 + taps):  # 4 to warm up (imports, caches); even: then `first` again
                for (phone, keys), out in zip(phones, times):
                    timed = await _tap_once(phone, keys[i % 2])
                    if i >= 4:
                        out.append(timed)
            return times
        finally:
            app.close()


def time_taps(sessions: list[dict[str, Any]], taps: int) -> list[list[tuple[float, float]]]:
    """(seconds, CPU seconds) of each of `taps` taps on the next hand's form of each evening
    in `sessions`."""
    return asyncio.run(_taps(sessions, taps))
