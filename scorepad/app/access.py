"""Who may change an evening: its 4-digit PIN, and the pen: the phones that hold it keep it
across reloads and server restarts. Every change a phone asks for is checked here at the moment
it is made (`authorize`), never by what a screen showed when it was drawn.

A phone that entered the PIN (or started the evening, or set its PIN) gets a pen token to keep
in its own storage: an HMAC of (evening, device id) keyed by the evening's PIN and the moment it
was set. The server keeps nothing about the token, so it survives a restart; changing or
resetting the PIN (even to the same four digits) revokes every token of the evening at once.

Guessing: wrong PINs are counted per evening against its current PIN, in the store, whatever
phone, address or connection typed them (a restart gives nothing back). An evening allows
TRY_BURST wrong PINs, then one more every TRY_REFILL_S: finding one of 10,000 PINs takes on
average (5,000.5 - 5) x 10 min = 49,955 min, about 35 days, with no tries to spare for the table.
One address (the socket's, as the server saw it) may type ADDRESS_BURST of them, then one more
every TRY_REFILL_S: whatever one stranger types, and when, the table keeps TRY_BURST -
ADDRESS_BURST tries for the phone that takes over (locking an evening takes two addresses).
A new PIN (`set_pin`, `reset_pin`) starts the evening's tries afresh: those before were against
a PIN no longer in use (the store clears them with it). Only the command line, the serving
machine, the organiser (at a tournament's table) and the pen's holder set one, so a guesser
cannot buy tries with it, and each new PIN is a new secret of 10,000.
The serving machine and the command line are not counted: they can see the PIN anyway.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from scorepad.app.caller import Caller, here
from scorepad.app.errors import PenError, PinError
from scorepad.app.guard import guarded
from scorepad.store import Store, new_pin

TRY_BURST = 5  # wrong PINs an evening takes at once (against its current PIN)
ADDRESS_BURST = 3  # of them, one address may type this many at once: one stranger never uses them all
TRY_REFILL_S = 600.0  # after them, one more try every ten minutes (the evening's, and each address's)
UNKNOWN_ADDRESS = "?"  # a phone whose socket's address the server does not know (all such count as one)
# the phone that started an evening takes its pen without the PIN only right after: its id is
# the phone's own secret, but a pen for the asking should not outlive the moment it was meant for
PEN_WITHOUT_PIN_S = 60.0

# a phone's name on the screens: letters that spell no word, and a digit (Handy KT4)
LABEL_LETTERS = "BCDFGHKLMNPRSTVWXZ"


def phone_label(device: str) -> str:
    """A short name for a phone, the same on every screen and after every restart ("Handy KT4")."""
    digest = hashlib.sha256(device.encode("utf-8")).digest()
    n = int.from_bytes(digest[:4], "big")
    letters = LABEL_LETTERS[n % len(LABEL_LETTERS)] + LABEL_LETTERS[(n // len(LABEL_LETTERS)) % len(LABEL_LETTERS)]
    return f"Handy {letters}{(n // len(LABEL_LETTERS) ** 2) % 10}"


class PinTries(BaseModel):
    """The wrong PINs typed for an evening: how many since its PIN was set and the last when
    (shown to the phone that keeps score), how many the asking phone may still type (no more
    than its address has left) and how long it must wait for the next when none are left."""

    wrong: int = 0
    last_wrong: float | None = None  # seconds since the epoch
    left: int = TRY_BURST
    wait_s: float = 0.0


class Pins:
    """The evenings' PINs and pens in one store. `changed(evening_id)` tells the open phones
    (a new PIN takes the pen from every other phone at once). `pen_required`: the server is
    reachable from other machines (or --pin): a phone's change needs the evening's pen."""

    def __init__(self, store: Store, changed: Callable[[int], None] | None = None, pen_required: bool = False,
                 clock: Callable[[], float] = time.time):
        self.store = store
        self.changed = changed
        self.pen_required = pen_required
        self.clock = clock
        self._holders: dict[int, dict[str, tuple[str, float]]] = {}  # evening -> device -> (token, since)
        # whether a phone is the organiser of the tournament whose table the evening is (it may
        # draw the table a new PIN); App sets it (app/organiser.py), asked inside the reset's write
        self.organises: Callable[[int, Caller], bool] | None = None
        self._lock = threading.Lock()

    # -- the right to change, checked when the change is made ------------------------------------

    def may_change(self, evening_id: int, caller: Caller | None) -> bool:
        """Whether `caller` may change the evening now (None: the command line, always)."""
        if caller is None or not self.pen_required:
            return True
        return self.holds_pen(evening_id, caller.device, caller.pen(evening_id))

    def authorize(self, evening_id: int, caller: Caller | None) -> None:
        """Refuse (PenError "no_pen") a change of a phone that does not hold the evening's pen."""
        if not self.may_change(evening_id, caller):
            raise PenError("no_pen", evening=evening_id)

    def may_see_pin(self, evening_id: int, caller: Caller | None) -> bool:
        """The PIN is shown to the pen's holder and on the serving machine (a lost PIN)."""
        return caller is None or caller.local or self.may_change(evening_id, caller)

    @guarded
    def pin(self, evening_id: int, caller: Caller | None = None) -> str:
        """The evening's 4-digit PIN (shown only to a phone that holds it, and on this machine)."""
        with self.store.write():
            self.store.evening(evening_id)
            if not self.may_see_pin(evening_id, caller):
                raise PenError("pin_only_here", evening=evening_id)
            return self.store.pin(evening_id)

    @guarded
    def check_pin(self, evening_id: int, pin: str, caller: Caller | None = None) -> bool:
        """Whether `pin` is the evening's PIN. From a phone that is not on this machine, a wrong
        PIN is counted for the evening and for the phone's address; with none left for either,
        PinError "pin_wait" (even for the right one). Nothing is counted for the command line
        and the serving machine."""
        with self.store.write():
            self.store.evening(evening_id)
            good = secrets.compare_digest(str(pin).encode("utf-8"), self.store.pin(evening_id).encode("utf-8"))
            if here(caller):
                return good
            now, address = self.clock(), _address(caller)
            tries = self.store.pin_tries(evening_id)
            share = self.store.pin_address_tries(evening_id, address)
            tokens, own = _left(tries, now, TRY_BURST), _left(share, now, ADDRESS_BURST)
            if tokens < 1 or own < 1:
                minutes = max(1, math.ceil(round(max(_wait(tokens), _wait(own))) / 60))
                raise PinError("pin_wait", evening=evening_id, minutes=minutes)
            if good:
                return True  # the right PIN uses up no try
            wrong = (tries["wrong"] if tries else 0) + 1
            self.store.save_pin_tries(evening_id, tokens - 1, now, wrong, now)
            self.store.save_pin_address_tries(evening_id, address, own - 1, now)
        if self.changed is not None:
            self.changed(evening_id)  # the scorekeeper's phone says so at once
        return False

    @guarded
    def pin_tries(self, evening_id: int, caller: Caller | None = None) -> PinTries:
        """The wrong PINs typed for the evening since its PIN was last set, and what `caller`
        may still type: the evening's tries, for a phone not on this machine no more than its
        address has left."""
        with self.store.read():
            self.store.evening(evening_id)
            tries = self.store.pin_tries(evening_id)
            share = None if here(caller) else self.store.pin_address_tries(evening_id, _address(caller))
        now = self.clock()
        left = [_left(tries, now, TRY_BURST)] + ([] if here(caller) else [_left(share, now, ADDRESS_BURST)])
        tokens = min(left)
        return PinTries(wrong=tries["wrong"] if tries else 0, last_wrong=tries["last_wrong"] if tries else None,
                        left=int(tokens), wait_s=0.0 if tokens >= 1 else max(_wait(t) for t in left))

    @guarded
    def set_pin(self, evening_id: int, pin: str, caller: Caller | None = None) -> str | None:
        """A new PIN for the evening: exactly four digits, set by the command line, the serving
        machine or the phone holding the pen. Every pen token is revoked; the phone that set it
        gets its new token (returned), and the evening's tries start again (wrong PINs before
        were against the PIN before: they and their count go)."""
        if not (isinstance(pin, str) and len(pin) == 4 and pin.isdigit()):
            raise PinError("pin_format")
        with self.store.write():
            self.store.evening(evening_id)
            if not (here(caller) or self.may_change(evening_id, caller)):
                raise PenError("no_pen", evening=evening_id)
            token = self._new_pin(evening_id, pin, caller.device if caller else None)
        self._told(evening_id, caller, token)
        return token

    @guarded
    def reset_pin(self, evening_id: int, caller: Caller | None = None) -> str:
        """A new random PIN for the evening: `scorepad pin ID --reset`, the serving machine, or
        the organiser at a tournament's table ("Neue PIN" on its card; `organises` says so, asked
        in the same transaction). Any other phone is refused, the scorekeeper's too (it types a
        PIN of its own: set_pin). Every pen is revoked and the evening's tries start afresh."""
        with self.store.write():
            self.store.evening(evening_id)
            if here(caller):
                device = caller.device if caller else None
            elif caller is not None and self.organises is not None and self.organises(evening_id, caller):
                device = None  # the organiser's phone does not keep this table's score
            else:
                raise PenError("pin_reset_here", evening=evening_id)
            pin = new_pin()
            token = self._new_pin(evening_id, pin, device)
        self._told(evening_id, caller, token)
        return pin

    def _new_pin(self, evening_id: int, pin: str, device: str | None) -> str | None:
        """Store `pin` (set by the phone `device`, or None) inside the caller's write; the
        setter's new pen token. The store clears the tries with the PIN before."""
        self.store.set_pin(evening_id, pin, device)
        return self.pen_token(evening_id, device) if device else None

    def _told(self, evening_id: int, caller: Caller | None, token: str | None) -> None:
        """After a new PIN: the phone that set it holds the pen, the open phones are told."""
        if token is not None and caller is not None:
            self._hold(evening_id, caller.device, token)
        if self.changed is not None:
            self.changed(evening_id)

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
        if not device or not token or not isinstance(token, str):
            return False
        try:
            good = secrets.compare_digest(token.encode("utf-8"), self.pen_token(evening_id, device).encode("utf-8"))
        except (TypeError, ValueError, UnicodeError):
            return False
        if good:
            self._hold(evening_id, device, token)
        return good

    @guarded
    def take_pen(self, evening_id: int, caller: Caller, pin: str | None = None) -> str | None:
        """The pen for the phone `caller`, as a token to keep: with the right PIN (counted as
        check_pin counts), or without one for the phone that set the evening's current PIN, right
        after (it started the evening there: within PEN_WITHOUT_PIN_S). Otherwise None."""
        if not caller.device:
            return None
        if pin is not None:
            if not self.check_pin(evening_id, pin, caller):
                return None
        else:
            with self.store.read():
                self.store.evening(evening_id)
                setter, set_at = self.store.pin_setter(evening_id)
            if setter != caller.device or not _recent(set_at, self.clock()):
                return None
        token = self.pen_token(evening_id, caller.device)
        self._hold(evening_id, caller.device, token)
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


def _address(caller: Caller | None) -> str:
    """Where the phone's socket comes from (the server's word, never the phone's)."""
    return (caller.address if caller is not None else "") or UNKNOWN_ADDRESS


def _left(tries: dict[str, Any] | None, now: float, burst: int) -> float:
    """The tries left at `now` of a bucket of `burst`: what was left, refilled since (never
    above `burst`); all of them where nothing was counted yet."""
    if tries is None:
        return float(burst)
    return float(min(float(burst), tries["tokens"] + max(0.0, now - tries["at"]) / TRY_REFILL_S))


def _wait(tokens: float) -> float:
    """Seconds until a bucket with `tokens` left has one try again."""
    return 0.0 if tokens >= 1 else (1 - tokens) * TRY_REFILL_S


def _recent(iso: str | None, now: float) -> bool:
    """Whether the moment `iso` (when a PIN was set) lies within PEN_WITHOUT_PIN_S before `now`."""
    try:
        at = datetime.fromisoformat(iso).timestamp() if iso else None
    except ValueError:
        return False
    return at is not None and -5.0 <= now - at <= PEN_WITHOUT_PIN_S


def _token(key: bytes, evening_id: int, device: str) -> str:
    """The pen's token: an HMAC of the evening and the phone, keyed by the PIN and when it was set."""
    message = f"scorepad-pen|{evening_id}|{device}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()
