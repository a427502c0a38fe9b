"""One guard around every public operation of the application layer's parts: it runs under the
store's (re-entrant) lock, and a database failure becomes a StoreError (one clear line).

`unlocked` is the same guard without the store's lock around the whole operation, for what a
phone does on every tap (read the evening, preview a hand, keep the draft): each of its
transactions takes the store's lock by itself (Store.read / write), and what it does with the
engine runs outside it, so one table's work never holds up another's beyond the store's own
reading and writing (see Evenings: the kept games have a lock per evening)."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def guarded(method: F) -> F:
    """Run under the store's lock; a database failure becomes a StoreError (one clear line)."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self.store.lock:
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as exc:
                raise self.store.error(exc) from None

    return wrapper  # type: ignore[return-value]


def unlocked(method: F) -> F:
    """A database failure becomes a StoreError; the store's lock only around each transaction."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise self.store.error(exc) from None

    return wrapper  # type: ignore[return-value]
