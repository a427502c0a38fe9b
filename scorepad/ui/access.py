"""Who may change an evening on a shared network: everyone on the address may watch; entering,
editing and deleting needs the evening's PIN. Wrong PINs are rate-limited per client."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

MAX_TRIES = 5
WAIT_S = 60.0


@dataclass
class PinGuard:
    """Counts wrong PINs per client (its address) and makes it wait after too many."""

    max_tries: int = MAX_TRIES
    wait_s: float = WAIT_S
    clock: callable = time.monotonic
    _failures: dict[str, list[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def wait_left(self, client: str) -> float:
        """Seconds this client must still wait before it may try again (0: it may)."""
        with self._lock:
            tries = self._failures.get(client, [])
            if len(tries) < self.max_tries:
                return 0.0
            left = tries[-1] + self.wait_s - self.clock()
            if left <= 0:
                self._failures.pop(client, None)
                return 0.0
            return left

    def tries_left(self, client: str) -> int:
        with self._lock:
            return max(0, self.max_tries - len(self._failures.get(client, [])))

    def failed(self, client: str) -> None:
        with self._lock:
            self._failures.setdefault(client, []).append(self.clock())

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._failures.pop(client, None)
