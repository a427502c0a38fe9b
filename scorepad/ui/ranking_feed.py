"""The ranking screens' feed: every save at any table moves a tournament's ranking, but a screen
renders it at most every EVERY_S, and every ranking screen at the same moment (so a board is
computed once for all the screens of its tournament: app/ranking.py keeps it per state of the
tournament).

A save after a quiet while is shown at once; saves that follow within EVERY_S are gathered
into one render at the end of that time, never dropped: the ranking shows every save within
EVERY_S and the time its render takes. At 50 tables that is a few renders a second instead of
one per save per screen. One feed per app (`feed_of`), told of every change by the app layer
(also those of other processes: the app's store watch).
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

EVERY_S = 0.3  # a screen renders the ranking at most this often; every save is shown within it


class RankingFeed:
    """The ranking screens of one app, by tournament: each is told (`notify()`, from any
    thread) to render when its tournament may have changed, all at once, at most every
    `every` seconds."""

    def __init__(self, app: Any, every: float | None = None):
        self.every = EVERY_S if every is None else every
        self._lock = threading.Lock()
        self._screens: dict[int, dict[int, Callable[[], None]]] = {}
        self._pending = False
        self._last = float("-inf")
        self._next = 0
        app.subscribe(self._changed)

    def follow(self, tournament_id: int, notify: Callable[[], None]) -> Callable[[], None]:
        """Tell `notify` of the tournament's changes; returns the function that stops it."""
        with self._lock:
            self._next += 1
            token = self._next
            self._screens.setdefault(tournament_id, {})[token] = notify

        def stop() -> None:
            with self._lock:
                screens = self._screens.get(tournament_id, {})
                screens.pop(token, None)
                if not screens:
                    self._screens.pop(tournament_id, None)

        return stop

    def _changed(self, evening_id: int) -> None:
        """Any evening changed (a tournament's table or not: the app layer's kept board tells
        at no cost whether the ranking moved)."""
        with self._lock:
            if self._pending or not self._screens:
                return
            self._pending = True
            wait = self._last + self.every - time.monotonic()
        if wait > 0:
            timer = threading.Timer(wait, self._tell)
            timer.daemon = True
            timer.start()
        else:
            self._tell()

    def _tell(self) -> None:
        with self._lock:  # a change from now on is another render
            self._pending = False
            self._last = time.monotonic()
            screens = [notify for by_tournament in self._screens.values() for notify in by_tournament.values()]
        for notify in screens:
            notify()


_feeds: weakref.WeakKeyDictionary[Any, RankingFeed] = weakref.WeakKeyDictionary()
_feeds_lock = threading.Lock()


def feed_of(app: Any) -> RankingFeed:
    """The app's ranking feed (made on first use)."""
    with _feeds_lock:
        feed = _feeds.get(app)
        if feed is None:
            feed = _feeds[app] = RankingFeed(app)
        return feed
