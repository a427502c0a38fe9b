"""The checkpoint: the engine's game state after an evening's last hand, kept in the store so a
process that adds a hand (`scorepad add`, a server after a restart) plays it on the stored
state instead of replaying the whole evening.

Written in the same transaction as every hand change (and a new evening), from the game the
engine just played. Used only if it fits exactly: the evening's version and hand count, and a
`seal` (SHA-256 over the scorepad release, the checkpoint format, the stored rule table, the
seating and first dealer, the version, the hand count, the last hand as stored and the state).
Anything else (another release or rule table, a change that bumped the version without a new
checkpoint: rename, rules, repair, finish; a damaged or edited row) and the evening is replayed
from its hands, as before; the next hand change writes a new checkpoint. So a wrong checkpoint
can cost a replay, never wrong money.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from scorepad import __version__
from scorepad.app.live import Live
from scorepad.engine import game_data, game_from_data
from scorepad.store import Store, dumps
from scorepad.tables import RuleTable

# raise when what a checkpoint holds changes meaning (with the release it is in the seal too)
FORMAT = 1


def _bytes(value: Any) -> bytes:
    if value is None:
        return b"\x00none"
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    return str(value).encode("utf-8", "surrogatepass")


def seal(row: dict[str, Any], version: int, hands: int, last_hand: bytes | None, state: bytes | str) -> str:
    """The hash that ties a checkpoint to the evening as stored and to this scorepad."""
    digest = hashlib.sha256()
    for part in (__version__, FORMAT, row["rule_table"], json.dumps(row["players"]), row["first_dealer"],
                 version, hands, last_hand, state):
        data = _bytes(part)
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def write_checkpoint(store: Store, row: dict[str, Any], version: int, live: Live) -> None:
    """The evening's state after its last hand, inside the caller's write transaction."""
    state = dumps(game_data(live.game))
    hands = live.hands
    store.save_checkpoint(row["id"], version, hands,
                          seal(row, version, hands, store.hand_text(row["id"], hands), state), state)


@dataclass(frozen=True)
class Fit:
    """An evening's checkpoint that fits it as stored (version, hand count, seal): then every
    hand scored when it was written, by this release and this rule table, and no write to the
    hands came since (a write drops it)."""

    version: int
    hands: int
    state: bytes


def fitting(store: Store, row: dict[str, Any], count: int) -> Fit | None:
    """The evening's checkpoint if it fits the evening as stored with `count` hands (read and
    its seal checked once: hand it on to `restore_from` rather than reading it again)."""
    found = store.checkpoint(row["id"])
    if found is None:
        return None
    version, hands, stored_seal, state = found
    if version != row["version"] or hands != count:
        return None
    if seal(row, version, hands, store.hand_text(row["id"], hands), state) != stored_seal:
        return None
    return Fit(version, hands, state)


def restore_from(fit: Fit | None, row: dict[str, Any], table: RuleTable) -> Live | None:
    """The evening at its stored version from a checkpoint that fits (`fitting`); None (replay
    the hands) if none fits or its state cannot be read back."""
    if fit is None:
        return None
    try:
        game = game_from_data(table, row["players"], json.loads(fit.state), row["first_dealer"])
    except (ValueError, TypeError, RecursionError):
        return None
    return Live(fit.version, game, [], skipped=fit.hands)


def restore(store: Store, row: dict[str, Any], table: RuleTable, count: int) -> Live | None:
    """The evening at its stored version from its checkpoint, if one fits exactly; None (replay
    the hands) otherwise. `count` is the number of hands stored."""
    return restore_from(fitting(store, row, count), row, table)
