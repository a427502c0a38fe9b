"""Who may change an evening: its 4-digit PIN (the screens count the tries, ui/access.py), and
the pen: the phones that hold it keep it across reloads and server restarts.

A phone that entered the PIN (or started the evening) gets a pen token to keep in its own
storage: an HMAC of (evening, device id) keyed by the evening's PIN and the moment it was set.
The server keeps nothing about the token, so it survives a restart; changing or resetting the
PIN (even to the same four digits) revokes every token of the evening at once."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from typing import Callable

from scorepad.app.errors import PinError
from scorepad.app.guard import guarded
from scorepad.store import Store, new_pin

# a phone's name on the screens: letters that spell no word, and a digit (Handy KT4)
LABEL_LETTERS = "BCDFGHKLMNPRSTVWXZ"


def phone_label(device: str) -> str:
    """A short name for a phone, the same on every screen and after every restart ("Handy KT4")."""
    digest = hashlib.sha256(device.encode("utf-8")).digest()
    n = int.from_bytes(digest[:4], "big")
    letters = LABEL_LETTERS[n % len(LABEL_LETTERS)] + LABEL_LETTERS[(n // len(LABEL_LETTERS)) % len(LABEL_LETTERS)]
    return f"Handy {letters}{(n // len(LABEL_LETTERS) ** 2) % 10}"


class Pins:
    """The evenings' PINs and pens in one store. `changed(evening_id)` tells the open phones
    (a new PIN takes the pen from every other phone at once)."""

    def __init__(self, store: Store, changed: Callable[[int], None] | None = None):
        self.store = store
        self.changed = changed
        self._holders: dict[int, dict[str, tuple[str, float]]] = {}  # evening -> device -> (token, since)
        self._lock = threading.Lock()

    @guarded
    def pin(self, evening_id: int) -> str:
        """The evening's 4-digit PIN (shown only to a phone that holds it, and on this machine)."""
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
        """A new PIN for the evening: exactly four digits. Every pen token is revoked."""
        if not (isinstance(pin, str) and len(pin) == 4 and pin.isdigit()):
            raise PinError("pin_format")
        with self.store.write():
            self.store.evening(evening_id)
            self.store.set_pin(evening_id, pin)
        if self.changed is not None:
            self.changed(evening_id)

    def reset_pin(self, evening_id: int) -> str:
        """A new random PIN for the evening (`scorepad pin ID --reset`); every pen is revoked."""
        pin = new_pin()
        self.set_pin(evening_id, pin)
        return pin

    # -- the pen ---------------------------------------------------------------------------------

    def _key(self, evening_id: int) -> bytes:
        with self.store.read():
            self.store.evening(evening_id)
            key = self.store.pin_key(evening_id)
        if key is None:
            with self.store.write():  # an evening from before PINs gets one now
                self.store.pin(evening_id)
                key = self.store.pin_key(evening_id)
        return (key or "").encode("utf-8")

    @guarded
    def pen_token(self, evening_id: int, device: str) -> str:
        """The token that says `device` holds the pen of the evening, under the current PIN."""
        return _token(self._key(evening_id), evening_id, device)

    def holds_pen(self, evening_id: int, device: str, token: str | None) -> bool:
        """Whether the token the phone kept is still the pen (the PIN has not changed since)."""
        if not device or not token:
            return False
        try:
            good = secrets.compare_digest(token, self.pen_token(evening_id, device))
        except (TypeError, ValueError):
            return False
        if good:
            self._hold(evening_id, device, token)
        return good

    def take_pen(self, evening_id: int, device: str, pin: str | None = None) -> str | None:
        """The pen for `device`: with the right PIN (or None for the phone that starts the
        evening or sets a new PIN: the caller knows it may), its token; a wrong PIN: None."""
        if pin is not None and not self.check_pin(evening_id, pin):
            return None
        token = self.pen_token(evening_id, device)
        self._hold(evening_id, device, token)
        return token

    def _hold(self, evening_id: int, device: str, token: str) -> None:
        with self._lock:
            held = self._holders.setdefault(evening_id, {})
            if device not in held or held[device][0] != token:
                held[device] = (token, time.time())

    def pen_holders(self, evening_id: int) -> list[str]:
        """The phones (their labels) known to hold the pen now, the latest to take it first:
        those that showed a valid token since this server started."""
        with self._lock:
            held = dict(self._holders.get(evening_id, {}))
        key = self._key(evening_id) if held else b""  # one read for every holder
        current = {d: t for d, (t, _) in held.items() if t == _token(key, evening_id, d)}
        with self._lock:
            for device in set(held) - set(current):
                self._holders.get(evening_id, {}).pop(device, None)
        order = sorted(current, key=lambda d: -held[d][1])
        return [phone_label(d) for d in order]


def _token(key: bytes, evening_id: int, device: str) -> str:
    """The pen's token: an HMAC of the evening and the phone, keyed by the PIN and when it was set."""
    message = f"scorepad-pen|{evening_id}|{device}".encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).hexdigest()
