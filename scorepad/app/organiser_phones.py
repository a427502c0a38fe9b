"""The organiser's own phone: the serving machine lets a phone run tournaments with a one-time code.

On the serving machine (or the command line) the organiser makes a code (`make_code`: CODE_DIGITS
random digits from `secrets`, valid CODE_VALID_S, one use; a new code replaces the one before).
The phone types it (`redeem`); the right code gives the phone a fresh random token
(`secrets.token_urlsafe`) to keep in its own browser storage and send with every call
(`Caller.organiser`). The store keeps only the SHA-256 of the code and of each token, so the file
holds nothing a phone could use; a token is looked up by its hash. `allowed(token)` is asked at
every organiser operation (app/organiser.py): a token revoked on the serving machine (or by
`scorepad tournament organiser-phones --revoke`), or whose tournament day is over (DAY_ENDS_AT
o'clock after it was granted: `day_end`), is refused at the phone's next call, whatever its screen
shows; a helper allowed at one club night runs no later one.

Guessing: a code ends only by its own time (CODE_VALID_S), by its use or by a new one, never by
a stranger's wrong tries: the stranger is throttled instead. Each phone (its id) and each network
(an IPv4 address, an IPv6 /64: `network_of`) may ask ADDRESS_BURST times without the right code
(a wrong code, or none valid now: asking before a code exists is not free), then once more every
ADDRESS_REFILL_S; a phone out of either waits, even with the right code. Counted in the store: a
restart gives nothing back. A code is shown only on the serving machine: a phone from another machine is
refused it (OrganiserError "organiser_code_here"), and so are the list of phones and revoking.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from pydantic import BaseModel

from scorepad.app.access import phone_label
from scorepad.app.caller import Caller, here, network_of
from scorepad.app.errors import OrganiserError
from scorepad.app.guard import guarded
from scorepad.store import Store

CODE_DIGITS = 6
CODE_VALID_S = 600.0  # ten minutes
ADDRESS_BURST = 3  # wrong codes one phone, and one network, may type at once
ADDRESS_REFILL_S = 600.0  # then one more every ten minutes
DAY_ENDS_AT = 6  # a club night runs past midnight: its day (and a phone's token) ends at six the next morning
TOKEN_BYTES = 32
TOKEN_MAX = 200  # a longer "token" is no token of ours (not even hashed)


class OrganiserCode(BaseModel):
    """A code made on the serving machine: the digits to type on the phone, valid until."""

    code: str
    expires_at: float  # seconds since the epoch
    valid_s: float

    def german(self) -> str:
        return f"{self.code[:3]} {self.code[3:]}"


class OrganiserPhone(BaseModel):
    """A phone allowed to run tournaments: its number in the store, its name ("Handy KT4"), since when."""

    id: int
    label: str
    granted_at: str

    def since(self) -> str:
        try:
            return f"seit {datetime.fromisoformat(self.granted_at).astimezone():%H:%M}"
        except ValueError:
            return ""


def day_end(granted_at: str) -> float:
    """When a token granted at `granted_at` ends: with its tournament day, at DAY_ENDS_AT o'clock
    (the serving machine's local time) after it was granted. A time that cannot be read: ended."""
    try:
        granted = datetime.fromisoformat(granted_at).astimezone()
    except (TypeError, ValueError):
        return 0.0
    end = granted.replace(hour=DAY_ENDS_AT, minute=0, second=0, microsecond=0)
    return (end if end > granted else end + timedelta(days=1)).timestamp()


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def tries_keys(caller: Caller) -> list[str]:
    """Whom a phone's tries are counted for: the phone (its id, hashed: any length) and its
    network (the socket's address, as the server saw it)."""
    device = caller.device if isinstance(caller.device, str) else ""
    return [f"phone {digest(device)[:32]}", f"net {network_of(caller.address)}"]


class OrganiserPhones:
    """The code, the phones allowed and revoking them, on one store."""

    def __init__(self, store: Store, changed: Callable[[int], None] | None = None,
                 clock: Callable[[], float] = time.time):
        self.store = store
        self.changed = changed
        self.clock = clock

    def _here_only(self, caller: Caller | None) -> None:
        if not here(caller):
            raise OrganiserError("organiser_code_here")

    @guarded
    def make_code(self, caller: Caller | None = None) -> OrganiserCode:
        """A new one-time code (the one before is void), for the serving machine or the command line."""
        self._here_only(caller)
        code = f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
        made = self.clock()
        with self.store.write():
            self.store.replace_organiser_code(digest(code), made, made + CODE_VALID_S)
        return OrganiserCode(code=code, expires_at=made + CODE_VALID_S, valid_s=CODE_VALID_S)

    @guarded
    def redeem(self, code: str, caller: Caller) -> str:
        """The phone's token for the right code (then used up); OrganiserError otherwise: no
        valid code now ("organiser_code_none") or a wrong one ("organiser_code_wrong"), each
        counted for the phone and its network, and too many of them ("organiser_code_wait")."""
        now = self.clock()
        keys = tries_keys(caller)
        refusal: OrganiserError | None = None
        token = ""
        with self.store.write():
            left = {key: self._tokens(key, now) for key in keys}
            current = self.store.organiser_code()
            live = current is not None and current["used_at"] is None and now <= current["expires_at"]
            typed = code if isinstance(code, str) and len(code) <= 2 * CODE_DIGITS else ""
            if min(left.values()) < 1:
                minutes = max(1, math.ceil((1 - min(left.values())) * ADDRESS_REFILL_S / 60))
                refusal = OrganiserError("organiser_code_wait", minutes=minutes)
            elif current is None or not live:
                refusal = OrganiserError("organiser_code_none")
            elif not secrets.compare_digest(digest(typed), current["code_hash"]):
                self.store.count_organiser_code_wrong(current["id"])  # (counted; the code stays valid)
                refusal = OrganiserError("organiser_code_wrong")
            else:
                self.store.use_organiser_code(current["id"], now)
                token = secrets.token_urlsafe(TOKEN_BYTES)
                self.store.add_organiser_phone(digest(token), phone_label(caller.device or token),
                                               datetime.fromtimestamp(now, UTC).isoformat(timespec="milliseconds"))
            spent = 1.0 if refusal is not None and refusal.code != "organiser_code_wait" else 0.0
            for key, tokens in left.items():
                self.store.save_organiser_tries(key, tokens - spent, now)
        if refusal is not None:
            raise refusal
        if self.changed is not None:
            self.changed(0)  # the serving machine's list of phones renders again
        return token

    def _tokens(self, key: str, now: float) -> float:
        """The tries `key` has now (ADDRESS_BURST at most; one more every ADDRESS_REFILL_S)."""
        tries = self.store.organiser_tries(key) or {"tokens": float(ADDRESS_BURST), "at": now}
        return min(float(ADDRESS_BURST), float(tries["tokens"]) + max(0.0, now - float(tries["at"])) / ADDRESS_REFILL_S)

    @guarded
    def allowed(self, token: str) -> bool:
        """Whether `token` is a phone's token, not revoked and its tournament day not over (asked
        at every organiser operation)."""
        if not token or not isinstance(token, str) or len(token) > TOKEN_MAX:
            return False
        with self.store.read():
            row = self.store.organiser_phone(digest(token))
        return row is not None and self.clock() < day_end(row["granted_at"])

    @guarded
    def phones(self, caller: Caller | None = None) -> list[OrganiserPhone]:
        """The phones allowed now (for the serving machine and the command line)."""
        self._here_only(caller)
        with self.store.read():
            rows = self.store.organiser_phones()
        return [OrganiserPhone(**row) for row in rows if self.clock() < day_end(row["granted_at"])]

    @guarded
    def revoke(self, phone_id: int | None = None, caller: Caller | None = None) -> int:
        """Revoke one phone (None: all; how many), for the serving machine and the command line;
        a phone may give up its own (`phone_id` None, its token in the caller)."""
        with self.store.write():
            if here(caller):
                count = self.store.revoke_organiser_phone(phone_id)
            else:
                assert caller is not None
                token = caller.organiser if isinstance(caller.organiser, str) else ""
                own = self.store.organiser_phone(digest(token)) if 0 < len(token) <= TOKEN_MAX else None
                if own is None or phone_id not in (None, own["id"]):
                    raise OrganiserError("organiser_code_here")
                count = self.store.revoke_organiser_phone(own["id"])
        if count and self.changed is not None:
            self.changed(0)  # the organiser's screens render again: a revoked phone's says so at once
        return count
