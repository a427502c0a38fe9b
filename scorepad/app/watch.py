"""Changes another process makes to the store (`scorepad add`, `scorepad pin ID --reset` while
the server runs) reach the open phones: the server looks at the file every WATCH_S and tells
the listeners of every evening that moved, as after a change of its own.

SQLite's `data_version` tells cheaply whether anyone else committed; only then are the
evenings' versions and PIN times read and compared, and the organiser phones revoked (told as
evening 0, no evening: `scorepad tournament organiser-phones --revoke` reaches the phone's open
organiser screen as the laptop's own revoke does)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from scorepad.store import Store, StoreError

ORGANISER_PHONES = 0  # (no evening has id 0) the organiser phones' revokes
WATCH_S = 0.5  # a new PIN set from the command line takes the pen from the phones within a second


class StoreWatch:
    """A thread that tells `changed(evening_id)` of the evenings other processes changed."""

    def __init__(self, store: Store, changed: Callable[[int], None], forget: Callable[[int], None],
                 interval: float = WATCH_S):
        self.store, self.changed, self.forget, self.interval = store, changed, forget, interval
        self._stop = threading.Event()
        self._version = store.data_version()
        with store.read():
            self._marks = self._read_marks()
        self._thread = threading.Thread(target=self._run, name="scorepad-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(2 * self.interval + 1)

    def check(self) -> list[int]:
        """The evenings changed by another process since the last look (and told so)."""
        version = self.store.data_version()
        if version == self._version:
            return []
        self._version = version
        with self.store.read():
            marks = self._read_marks()
        moved = [e for e, mark in marks.items() if self._marks.get(e) != mark]
        self._marks = marks
        for evening_id in moved:
            self.forget(evening_id)  # its kept replay may be behind: read again when asked
            self.changed(evening_id)
        return moved

    def _read_marks(self) -> dict[int, tuple[int, str | None]]:
        marks = self.store.marks()
        marks[ORGANISER_PHONES] = self.store.organiser_mark()
        return marks

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.check()
            except (StoreError, OSError, ValueError):
                logging.getLogger("scorepad").debug("store watch: could not look", exc_info=True)
            except Exception:  # the file closed under us: stop looking
                if not self._stop.is_set():
                    logging.getLogger("scorepad").exception("store watch stopped")
                return
