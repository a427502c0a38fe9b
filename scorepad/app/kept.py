"""The kept replays: per evening, its live replay (scorepad.app.live) held in memory under the
evening's version, so the next hand is played on it instead of replaying the evening.

A kept replay is used only while its version is the evening's stored version (every change
increments it), so one another process or thread made stale is never used: the evening is
replayed from the store instead. At most `size` evenings are kept, the least recently kept
dropped first; anything dropped is rebuilt from the store when next needed.

The kept evenings change under one lock (the dict) and each evening's own lock (its game:
played on by a change, copied by a preview); neither is held while waiting for the store, so
one evening's replay never holds up another table.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from scorepad.app.live import Live

# evenings kept live: a tournament's round plays up to 50 tables at once on one server, each
# phone's every tap previews its table's hand on the kept replay (a short evening is a few kB)
LIVE_EVENINGS = 64


class KeptReplays:
    """The live replays of one store's evenings, by evening id."""

    def __init__(self, size: int = LIVE_EVENINGS):
        self._live: OrderedDict[int, Live] = OrderedDict()
        self._size = size
        self._lock = threading.RLock()
        self._evening_locks: dict[int, threading.Lock] = {}

    def get(self, evening_id: int) -> Live | None:
        """The evening's kept replay, of whatever version (the caller compares it)."""
        return self._live.get(evening_id)

    def take(self, evening_id: int, version: int, hands: int) -> Live | None:
        """The evening's kept replay if it is at `version` with `hands` hands, taken out: from
        here on it may change (a new hand is played on it); it is kept again after the commit."""
        with self._lock:
            live = self._live.get(evening_id)
            if live is not None and live.version == version and live.hands == hands:
                del self._live[evening_id]
                return live
            return None

    def keep(self, evening_id: int, live: Live) -> None:
        """Keep the evening's live replay (never over a newer one another thread kept)."""
        with self._lock:
            kept = self._live.get(evening_id)
            if kept is not None and kept is not live and kept.version > live.version:
                return
            self._live[evening_id] = live
            self._live.move_to_end(evening_id)
            while len(self._live) > self._size:
                self._live.popitem(last=False)

    def advance(self, evening_id: int, old: int, new: int) -> None:
        """A change that leaves the hands alone: the live replay stays right at the new version."""
        with self._lock:
            live = self._live.get(evening_id)
            if live is not None and live.version == old:
                live.version = new

    def drop(self, evening_id: int) -> None:
        """Forget the evening's live replay (its hands or table changed outside a hand change)."""
        with self._lock:
            self._live.pop(evening_id, None)

    def forget(self) -> None:
        """Drop every live replay (they are rebuilt from the store when needed)."""
        with self._lock:
            self._live.clear()

    def evening_lock(self, evening_id: int) -> threading.Lock:
        """The lock of one evening's kept game."""
        with self._lock:
            return self._evening_locks.setdefault(evening_id, threading.Lock())
