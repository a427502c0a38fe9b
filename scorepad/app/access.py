"""Who may change an evening: its 4-digit PIN (the screens count the tries, ui/access.py)."""

from __future__ import annotations

import secrets

from scorepad.app.errors import PinError
from scorepad.app.guard import guarded
from scorepad.store import Store


class Pins:
    """The evenings' PINs in one store."""

    def __init__(self, store: Store):
        self.store = store

    @guarded
    def pin(self, evening_id: int) -> str:
        """The evening's 4-digit PIN (shown only to a phone that holds it)."""
        with self.store.write():
            self.store.evening(evening_id)
            return self.store.pin(evening_id)

    @guarded
    def check_pin(self, evening_id: int, pin: str) -> bool:
        with self.store.write():
            self.store.evening(evening_id)
            return secrets.compare_digest(str(pin), self.store.pin(evening_id))

    @guarded
    def set_pin(self, evening_id: int, pin: str) -> None:
        """A new PIN for the evening: exactly four digits."""
        if not (isinstance(pin, str) and len(pin) == 4 and pin.isdigit()):
            raise PinError("pin_format")
        with self.store.write():
            self.store.evening(evening_id)
            self.store.set_pin(evening_id, pin)
