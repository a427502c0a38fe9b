"""One guard around every public operation of the application layer's parts: it runs under the
store's (re-entrant) lock, and a database failure becomes a StoreError (one clear line)."""

from __future__ import annotations

import functools
import sqlite3
from typing import Any, Callable, TypeVar

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
