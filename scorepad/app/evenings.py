"""The application layer: the one API the command line and the GUI call.

Every change is one store transaction in which the changed evening is replayed by the engine
before anything is committed; a refusal raises a ScorepadError subclass and stores nothing.
No rule logic lives here: the engine (`new_game`, `Game.play`) validates and scores.

Standings are never stored. Per evening a live replay (the engine's game after the last hand)
is kept in memory under the evening's version: adding a hand then plays one hand on it instead
of the whole evening. Every change increments the version, so a live replay of any other
version (another process wrote, an edit, an undo) is never used: the evening is replayed from
the store instead.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import logging
import re
import secrets
import sqlite3
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel

from scorepad.engine import Game, HandResult, Replay, before_hand, play_through, replay, try_hand
from scorepad.errors import HandError, ScorepadError, SessionError, TableError
from scorepad.exports import render as render_export
from scorepad.session import (MAX_NAME_CHARS, SessionFile, has_control_characters, names_in, normalize_name,
                              parse_session, parse_session_text, session_table, started_at)
from scorepad.store import BUSY_TIMEOUT_S, NotFoundError, Store, StoreError, damage, dumps, in_sqlite_range, now
from scorepad.summary import summarize
from scorepad import fmt, tomlwrite
from scorepad.tables import (builtin_tables, get_table, load_table_file, load_table_text, table_as_dict,
                             validate_table, with_options)

HAND_ACTIONS = ("add", "edit", "delete")
UNDO_LOG = HAND_ACTIONS + ("undo", "redo", "rename", "repair")  # what undo and redo read of the change log

__all__ = [
    "App", "ChangeEntry", "ChangeResult", "EveningInfo", "PlayerInfo", "Season", "SeasonRow", "EXPORT_FORMATS",
    "StaleVersionError", "EveningClosedError", "NothingToUndoError", "NotYourChangeError", "PlayerNameError", "LaterHandError",
    "ExportError", "NotFoundError", "StoreError",
]


# --- refusals ------------------------------------------------------------------------------


class StaleVersionError(ScorepadError):
    """The caller saw an older version of the evening: someone else changed it meanwhile."""

    def __init__(self, evening_id: int, expected: int, found: int):
        self.evening_id, self.expected, self.found = evening_id, expected, found
        super().__init__("stale_version", evening=evening_id, found=found, expected=expected)


class EveningClosedError(ScorepadError):
    """The evening is finished (or not), so this change does not apply."""


class NothingToUndoError(ScorepadError):
    """Undo or redo with an empty stack."""


class NotYourChangeError(ScorepadError):
    """A phone's undo (or redo) would take back a change another phone made."""


class PlayerNameError(ScorepadError):
    """A player name that can't be used (empty, taken, or not a clean rename)."""


class PinError(ScorepadError):
    """A PIN that is not four digits."""


class ExportError(ScorepadError):
    """The evening can't be written in the asked format."""


class LaterHandError(HandError):
    """A change to one hand makes another (later) hand break a rule.

    `number` is the failing hand's number after the change; `was` its number before it.
    """

    def __init__(self, change: str, err: HandError, was: int):
        self.change, self.was, self.cause = change, was, err
        super().__init__(err.number, err.key, err.code, **err.params)

    @property
    def english(self) -> str:
        renumbered = f" (numbered after the change; it was hand {self.was})" if self.was != self.number else ""
        return f"cannot {self.change}: hand {self.number}{renumbered}: {self.key}: {self.rule}"

    @property
    def missing(self) -> bool:
        return False  # the hand being entered is complete; it is a later hand that breaks

    @property
    def german(self) -> str:
        renumbered = f" (vorher Spiel {self.was})" if self.was != self.number else ""
        return f"Dann passt Spiel {self.number}{renumbered} nicht mehr: {self.cause.german}"


# --- what crosses the boundary ---------------------------------------------------------------


class EveningInfo(BaseModel):
    """An evening's facts (not its standings: those come from `show`)."""

    id: int
    ruleset: str
    game: str
    family: str
    players: list[str]
    first_dealer: str | None
    options: dict[str, Any]
    started_at: str
    place: str | None
    note: str | None
    finished: bool
    finished_at: str | None
    hands: int
    version: int

    def date(self) -> str:
        """The start in local time, minutes precision, for lists."""
        return datetime.fromisoformat(self.started_at).astimezone().strftime("%Y-%m-%d %H:%M")


class ChangeEntry(BaseModel):
    """One line of an evening's change log."""

    id: int
    version: int
    at: str
    action: str
    number: int | None
    old: Any
    new: Any
    undoes: int | None


class Reverted(BaseModel):
    """What an undo or redo took back or did again: the original change and its hand."""

    action: str  # add, edit or delete
    number: int | None
    hand: Any  # the hand that change put in (add, edit) or took out (delete)


class ChangeResult(BaseModel):
    """What a change left: the evening's new version and standings, the changed hand's result."""

    evening: int
    version: int
    action: str
    number: int | None
    hands: int
    hand: dict[str, Any] | None
    standings: dict[str, dict[str, int]]
    state: dict[str, Any]
    reverted: Reverted | None = None  # undo/redo: which change it took back or did again


class HouseRules(BaseModel):
    """A table's own variant: a name, the built-in table it changes, and the changed values."""

    id: int
    name: str
    base: str
    options: dict[str, Any]


class PlayerInfo(BaseModel):
    id: int
    name: str
    evenings: int


class SeasonRow(BaseModel):
    """One player's season: what the evening summaries say, added up."""

    name: str
    evenings: int = 0
    hands: int = 0  # hands played (taken part in)
    money: int = 0  # cents: the settled balances summed
    points: int | None = None  # the game's lead tally summed (with one ruleset whose lead is not geld)
    trophies: dict[str, int] = {}  # trophy name -> evenings that ended with the player holding it
    bollas: int | None = None  # Zaisertshofer Ramsch
    games_lost: int | None = None  # Schwarze Sau: rounds of drinks owed


class Season(BaseModel):
    """The season table over the stored evenings (of one ruleset, from a day on), best first."""

    ruleset: str | None
    game: str | None  # the ruleset's name
    since: str | None  # ISO date
    evenings: int
    tally: str | None  # what `points` adds up (the first tally of the game's ranking)
    better: Literal["more", "less"] | None
    trophies: list[str]
    rows: list[SeasonRow]
    open_rads: int = 0  # evenings whose unfinished Rad was settled pro rata (only when chosen)


# --- pure helpers ------------------------------------------------------------------------------


def rename_in(value: Any, mapping: dict[str, str]) -> Any:
    """`value` with every string equal to a key of `mapping` (values and dict keys) replaced."""
    if not mapping:
        return value
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, list):
        return [rename_in(v, mapping) for v in value]
    if isinstance(value, dict):
        return {mapping.get(k, k) if isinstance(k, str) else k: rename_in(v, mapping) for k, v in value.items()}
    return value


def plain_hand(hand: Any, number: int) -> Any:
    """The hand exactly as it will be stored and replayed (a JSON round trip), or HandError."""
    try:
        return json.loads(dumps(hand))
    except (TypeError, ValueError) as exc:
        raise HandError(number, "hand", "not_plain_json", reason=str(exc)) from None


def check_number(evening_id: int, number: Any) -> int:
    """A hand number as the API takes it: a whole number (a bool or text is no hand number)."""
    if not in_sqlite_range(number):
        raise NotFoundError("no_hand_number", evening=evening_id, number=number)
    return number


def check_text(key: str, value: Any) -> str | None:
    """An optional free text of an evening (place, note)."""
    if value is not None and not isinstance(value, str):
        raise SessionError(key, "not_text", value=value)
    return value or None


def check_name(name: Any) -> str:
    """A new player name, normalized (NFC, trimmed, inner spaces collapsed) and checked."""
    if not isinstance(name, str) or not name.strip():
        raise PlayerNameError("name_empty")
    if has_control_characters(name):
        raise PlayerNameError("name_control", name=name)
    name = normalize_name(name)
    if name != name.strip():
        raise PlayerNameError("name_spaces", name=name)
    if len(name) > MAX_NAME_CHARS:
        raise PlayerNameError("name_too_long", name=name, max=MAX_NAME_CHARS)
    return name


def parse_day(value: date | str | None) -> date | None:
    """A day as 2026-11-29 or 29.11.2026 (or a date), for `since`."""
    if value is None or isinstance(value, date):
        return value
    text = str(value).strip()
    for pattern in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise ScorepadError("not_a_day", value=value)


def local_day(started_at: str) -> date:
    """The local day an evening started (as the evening list and the exports show it)."""
    return datetime.fromisoformat(started_at).astimezone().date()


@functools.lru_cache(maxsize=64)
def stored_table(text: str, source: str):
    """An evening's stored rule table, validated back into the engine's model."""
    return validate_table(json.loads(text), source)


@dataclass
class Live:
    """An evening replayed up to its last hand: the engine's game and every hand's result."""

    version: int
    game: Game
    results: list[HandResult]

    def replay(self) -> Replay:
        return Replay(list(self.results), self.game.snapshot(), self.game.state())


def play_all(table, players: list[str], first_dealer: str | None, hands: list[Any], version: int = 0) -> Live:
    """The engine's replay, keeping the game so more hands can be played on it."""
    game, results = play_through(table, list(players), hands, first_dealer)
    return Live(version, game, results)


def _game_copy(game: Game) -> Game:
    """A copy of a game to read or try a hand on; the rule table is shared (it never changes)."""
    return copy.deepcopy(game, {id(game.table): game.table})


def renamed_checked(table, players, first_dealer, hands, mapping: dict[str, str]) -> list[Any]:
    """The hands with players renamed, refused unless the evening scores exactly the same."""
    before = rename_in(play_all(table, players, first_dealer, hands).replay().as_dict(), mapping)
    new_hands = rename_in(hands, mapping)
    try:
        after = play_all(table, [mapping.get(p, p) for p in players], mapping.get(first_dealer, first_dealer),
                         new_hands).replay().as_dict()
    except HandError as exc:
        after = exc
    if after != before:
        pairs = ", ".join(f"{a!r} to {b!r}" for a, b in mapping.items())
        raise PlayerNameError("rename_changes_score", pairs=pairs)
    return new_hands


@dataclass(frozen=True)
class HandOp:
    """One change to an evening's list of hands: put a hand in, replace one, take one out."""

    kind: Literal["insert", "replace", "remove"]
    number: int
    hand: Any = None

    def apply(self, hands: list[Any]) -> list[Any]:
        i = self.number - 1
        if self.kind == "insert":
            return hands[:i] + [self.hand] + hands[i:]
        if self.kind == "replace":
            return hands[:i] + [self.hand] + hands[i + 1:]
        return hands[:i] + hands[i + 1:]

    def write(self, store: Store, evening_id: int) -> None:
        if self.kind == "insert":
            store.insert_hand(evening_id, self.number, self.hand)
        elif self.kind == "replace":
            store.replace_hand(evening_id, self.number, self.hand)
        else:
            store.remove_hand(evening_id, self.number)

    def number_before(self, after: int) -> int:
        """The number a hand had before this change, given its number after it."""
        if self.kind == "insert" and after > self.number:
            return after - 1
        if self.kind == "remove" and after >= self.number:
            return after + 1
        return after

    def is_own_hand(self, number: int) -> bool:
        """The refused hand is the one this change puts in (not a later one it affects)."""
        return self.kind != "remove" and number == self.number


@dataclass(frozen=True)
class Planned:
    """A hand change about to be made: the operation, the value it replaces, what it undoes."""

    op: HandOp
    old: Any = None
    undoes: int | None = None
    label: str = ""
    reverted: Reverted | None = None


# --- export formats ----------------------------------------------------------------------------


@dataclass
class ExportData:
    """Everything an export format may need: the evening's facts, its session file, the rule
    table it is scored by, and its replay."""

    info: EveningInfo
    session: dict[str, Any]
    table: Any
    replay: Replay


def evening_summary(data: ExportData, settle_open: bool = False):
    """The end-of-evening summary (standings, trophies, who pays whom, statistics, chart).
    An unfinished Struliwuli Rad is money only with `settle_open` (the table's choice)."""
    s = data.session
    result = replay(data.table, s["players"], s["hands"], s.get("first_dealer"), keep_boards=True)
    meta = {"started": data.info.started_at, "place": data.info.place, "note": data.info.note,
            "finished": data.info.finished}
    return result, summarize(data.table, s["players"], result, meta, settle_open=settle_open)


def _render(kind: str) -> Callable[..., str]:
    def render(data: ExportData, settle_open: bool = False) -> str | bytes:
        result, summary = evening_summary(data, settle_open)
        return render_export(kind, data.table, data.session, result, summary)

    return render


# json: the session file (format 1, importable as is) plus the computed results
# csv-de: the CSV German spreadsheets open by a double click (semicolons, decimal comma, BOM)
# png: the evening as a picture to share (bytes, not text)
EXPORT_FORMATS: dict[str, Callable[..., str | bytes]] = {
    k: _render(k) for k in fmt.EXPORT_FORMAT_NAMES}


def table_diff(base: dict, stored: dict) -> dict:
    """The values of `stored` that differ from `base`, as session options (ids excluded)."""
    out = {}
    for key, value in stored.items():
        if key in ("id", "family"):
            continue
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            sub = table_diff(base[key], value)
            if sub:
                out[key] = sub
        elif base.get(key, object()) != value:
            out[key] = value
    return out


# --- the application -----------------------------------------------------------------------


def _guarded(method):
    """Run under the store's lock; a database failure becomes a StoreError (one clear line)."""

    @functools.wraps(method)
    def wrapper(self: "App", *args, **kwargs):
        with self.store.lock:
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as exc:
                raise self.store.error(exc) from None

    return wrapper


class App:
    """scorepad's operations on one store. Thread-safe; one instance per process is enough."""

    def __init__(self, store: Store, live_evenings: int = 8):
        self.store = store
        self._live: OrderedDict[int, Live] = OrderedDict()
        self._live_max = live_evenings
        self._listeners: list[Callable[[int], None]] = []

    def subscribe(self, listener: Callable[[int], None]) -> Callable[[], None]:
        """Call `listener(evening_id)` after every committed change of an evening (a hand, an
        undo, a new or finished evening): how every phone on the table sees a save at once.
        Returns the function that unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self, evening_id: int) -> None:
        for listener in list(self._listeners):
            try:
                listener(evening_id)
            except Exception:  # a phone that went away must not spoil the change for the rest
                logging.getLogger("scorepad").exception("change listener failed")

    @classmethod
    def open(cls, path: str | Path | None = None, busy_timeout: float = BUSY_TIMEOUT_S) -> "App":
        """The app on the file at `path` (default: SCOREPAD_DB, else the user's data directory)."""
        return cls(Store(path, busy_timeout, canonical_hands=_migration_hands, evening_table=_migration_table))

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "App":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def forget(self) -> None:
        """Drop the live replays (they are rebuilt from the store when needed)."""
        self._live.clear()

    # -- evenings ------------------------------------------------------------------------------

    @_guarded
    def start_evening(self, ruleset: str, players: list[str], first_dealer: str | None = None,
                      options: dict[str, Any] | None = None, place: str | None = None,
                      note: str | None = None) -> EveningInfo:
        """A new evening at the rule table `ruleset` (with `options`), its table copied in."""
        session = parse_session({"format": 1, "ruleset": ruleset, "players": players,
                                 "first_dealer": first_dealer, "options": options or {}, "hands": []})
        return self._create(session, place, note, "start")

    @_guarded
    def import_session(self, source: str | dict | SessionFile, place: str | None = None,
                       note: str | None = None) -> EveningInfo:
        """A session file (text, decoded JSON or parsed) stored as a new evening."""
        if isinstance(source, str):
            session = parse_session_text(source)
        elif isinstance(source, SessionFile):
            session = source
        else:
            session = parse_session(source)
        return self._create(session, place, note, "import")

    def _create(self, session: SessionFile, place, note, action: str) -> EveningInfo:
        # the place and note given win over the session file's; its date, if any, is kept
        place = check_text("place", place) or check_text("place", session.place)
        note = check_text("note", note) or check_text("note", session.note)
        started = started_at(session.date) if session.date else now()
        table = session_table(session)
        hands = [plain_hand(h, n) for n, h in enumerate(session.hands, 1)]
        try:
            options = json.loads(dumps(session.options))
        except (TypeError, ValueError) as exc:
            raise SessionError("options", "not_plain_json", reason=str(exc)) from None
        with self.store.write():
            ids, names, mapping = [], [], {}
            for name in session.players:
                pid, stored = self.store.player_id(name)
                ids.append(pid)
                names.append(stored)
                if stored != name:
                    mapping[name] = stored
            if mapping:
                hands = renamed_checked(table, session.players, session.first_dealer, hands, mapping)
            dealer = mapping.get(session.first_dealer, session.first_dealer)
            live = play_all(table, names, dealer, hands)
            evening_id = self.store.create_evening({
                "ruleset": session.ruleset, "game": table.name, "family": table.family,
                "options": dumps(options), "rule_table": dumps(table_as_dict(table)),
                "first_dealer": ids[names.index(dealer)] if dealer else None, "started_at": started,
                "place": place, "note": note, "finished": 0, "finished_at": None, "version": 0,
            }, ids)
            self.store.insert_hands(evening_id, hands)
            new = {"ruleset": session.ruleset, "players": names, "first_dealer": dealer,
                   "options": options, "hands": len(hands)}
            live.version = self.store.log_change(evening_id, 0, action, None, None, new)
            info = self._info(evening_id)
        self._keep(evening_id, live)
        self._changed(evening_id)
        return info

    @_guarded
    def evening(self, evening_id: int) -> EveningInfo:
        with self.store.read():
            return self._info(evening_id)

    @_guarded
    def list_evenings(self) -> list[EveningInfo]:
        with self.store.read():
            return [self._info(row["id"]) for row in self.store.evening_list()]

    @_guarded
    def finish_evening(self, evening_id: int, expected_version: int | None = None,
                       finished: bool = True) -> EveningInfo:
        """Mark the evening finished (no more hand changes), or open it again."""
        with self.store.write():
            row = self._row(evening_id, expected_version, writable=False)
            if bool(row["finished"]) == finished:
                raise EveningClosedError("evening_already_finished" if finished else "evening_not_finished",
                                         evening=evening_id)
            self.store.set_finished(evening_id, finished)
            version = self.store.log_change(evening_id, row["version"], "finish" if finished else "reopen",
                                            None, bool(row["finished"]), finished)
            info = self._info(evening_id)
        self._advance(evening_id, row["version"], version)
        self._changed(evening_id)
        return info

    @_guarded
    def show(self, evening_id: int) -> Replay:
        """The evening replayed: every hand's deltas, the standings, what comes next."""
        with self.store.read():
            return self._live_now(evening_id).replay()

    def _live_now(self, evening_id: int) -> Live:
        """The evening scored up to its last hand at the stored version: the kept one while
        the version matches, else replayed from the store once and kept (inside a read)."""
        row = self.store.evening(evening_id)
        live = self._live.get(evening_id)
        if live is None or live.version != row["version"]:
            live = play_all(self._table(row), row["players"], row["first_dealer"],
                            self.store.hands(evening_id), row["version"])
            self._keep(evening_id, live)
        return live

    @_guarded
    def history(self, evening_id: int) -> list[ChangeEntry]:
        with self.store.read():
            self.store.evening(evening_id)
            return [ChangeEntry(**{k: c[k] for k in ChangeEntry.model_fields})
                    for c in self.store.changes(evening_id)]

    # -- hands ----------------------------------------------------------------------------------

    @_guarded
    def add_hand(self, evening_id: int, hand: Any, expected_version: int | None = None,
                 device: str | None = None) -> ChangeResult:
        """The next hand of the evening. From a phone (`device`), that phone's draft is cleared
        in the same transaction: a saved hand never leaves its draft behind, nor the reverse."""
        return self._change(evening_id, "add", expected_version,
                            lambda count: Planned(HandOp("insert", count + 1, plain_hand(hand, count + 1))),
                            device)

    @_guarded
    def edit_hand(self, evening_id: int, number: int, hand: Any,
                  expected_version: int | None = None, device: str | None = None) -> ChangeResult:
        """Hand `number` replaced; every hand after it is scored again."""

        def plan(count):
            old = self.store.hand(evening_id, check_number(evening_id, number))
            return Planned(HandOp("replace", number, plain_hand(hand, number)), old)

        return self._change(evening_id, "edit", expected_version, plan, device)

    @_guarded
    def delete_hand(self, evening_id: int, number: int, expected_version: int | None = None,
                    device: str | None = None) -> ChangeResult:
        """Hand `number` taken out; later hands move up one number and are scored again."""
        return self._change(evening_id, "delete", expected_version,
                            lambda count: Planned(HandOp("remove", number),
                                                  self.store.hand(evening_id, check_number(evening_id, number))),
                            device)

    @_guarded
    def undo(self, evening_id: int, expected_version: int | None = None,
             device: str | None = None) -> ChangeResult:
        """Take back the evening's last add, edit or delete that is not undone yet. From a
        phone (`device`), only if that phone made it: never another phone's hand."""
        return self._undo_redo(evening_id, "undo", expected_version, device)

    @_guarded
    def redo(self, evening_id: int, expected_version: int | None = None,
             device: str | None = None) -> ChangeResult:
        """Do again the last change undone (as long as no new change came after the undo).
        From a phone (`device`), only if that phone undid it."""
        return self._undo_redo(evening_id, "redo", expected_version, device)

    def _undo_redo(self, evening_id: int, action: str, expected_version: int | None,
                   device: str | None) -> ChangeResult:
        def plan(count):
            log = self.store.changes(evening_id, UNDO_LOG)
            target = _stacks(evening_id, log)[0 if action == "undo" else 1]
            if not target:
                raise NothingToUndoError("nothing_to_undo" if action == "undo" else "nothing_to_redo",
                                         evening=evening_id)
            change = target[-1]
            if change.get("damaged"):
                raise StoreError("change_damaged", evening=evening_id, change=change["id"], reason=change["damaged"])
            if device is not None and _made_by(log, change, action) != device:
                raise NotYourChangeError("not_your_change_undo" if action == "undo" else "not_your_change_redo",
                                         evening=evening_id, number=change["number"])
            op = _reverse(change, action, _renames_since(log, change["id"]))
            old = None if op.kind == "insert" else self.store.hand(evening_id, op.number)
            hand = change["old"] if change["action"] == "delete" else change["new"]
            reverted = Reverted(action=change["action"], number=change["number"],
                                hand=rename_in(hand, _renames_since(log, change["id"])))
            return Planned(op, old, change["id"], f"{action} ({change['action']} hand {change['number']})", reverted)

        return self._change(evening_id, action, expected_version, plan, device)

    def _change(self, evening_id: int, action: str, expected_version: int | None,
                plan: Callable[[int], Planned], device: str | None = None) -> ChangeResult:
        """One change in one transaction: check, replay with the change, write, log (with the
        phone that made it), clear that phone's draft of a new hand, commit."""
        with self.store.write():
            row = self._row(evening_id, expected_version, writable=True)
            count = self.store.hand_count(evening_id)
            planned = plan(count)
            op = planned.op
            if action in ("add", "edit"):  # a name typed otherwise (NFD, spaces) is the player's
                op = dataclasses.replace(op, hand=names_in(op.hand, row["players"]))
            if op.kind == "insert" and not 1 <= op.number <= count + 1:
                raise StoreError("log_hands_mismatch", evening=evening_id, number=op.number, count=count)
            live = self._replayed(row, op, count, planned.label or f"{action} hand {op.number}")
            op.write(self.store, evening_id)
            version = self.store.log_change(evening_id, row["version"], action, op.number,
                                            planned.old, op.hand, planned.undoes, device)
            if action == "add" and device is not None:
                self.store.clear_draft(evening_id, device)
        live.version = version
        self._keep(evening_id, live)
        self._changed(evening_id)
        result = self._result(evening_id, action, op, live)
        result.reverted = planned.reverted
        return result

    def _replayed(self, row: dict, op: HandOp, count: int, label: str) -> Live:
        """The evening with the change applied, played by the engine; refusals name the hand."""
        evening_id = row["id"]
        live = self._live.get(evening_id)
        if (op.kind == "insert" and op.number == count + 1 and live is not None
                and live.version == row["version"] and len(live.results) == count):
            del self._live[evening_id]  # from here on it may change: kept again only after commit
            live.results.append(live.game.play(op.number, op.hand))
            return live
        hands = op.apply(self.store.hands(evening_id))
        try:
            return play_all(self._table(row), row["players"], row["first_dealer"], hands)
        except HandError as err:
            if op.is_own_hand(err.number) or err.number < op.number:
                raise
            raise LaterHandError(label, err, op.number_before(err.number)) from None

    # -- players --------------------------------------------------------------------------------

    @_guarded
    def players(self) -> list[PlayerInfo]:
        with self.store.read():
            return [PlayerInfo(**row) for row in self.store.players()]

    @_guarded
    def rename_player(self, old: str, new: str) -> PlayerInfo:
        """A new name for a person: every evening of theirs keeps them, under the new name."""
        new = check_name(new)
        with self.store.write():
            row = self.store.player(old)
            if row is None:
                raise NotFoundError("no_player_named", name=old)
            other = self.store.player(new)
            if other is not None and other["id"] != row["id"]:
                raise PlayerNameError("player_exists", name=other["name"])
            evenings = self.store.evenings_of(row["id"]) if new != row["name"] else []
            for evening_id in evenings:
                self._rename_in_evening(evening_id, row["name"], new)
            self.store.rename_player(row["id"], new)
            info = next(PlayerInfo(**p) for p in self.store.players() if p["id"] == row["id"])
        for evening_id in evenings:
            self._live.pop(evening_id, None)
            self._changed(evening_id)
        return info

    def _rename_in_evening(self, evening_id: int, old: str, new: str) -> None:
        ev = self.store.evening(evening_id)
        hands = self.store.hands(evening_id)
        try:
            renamed = renamed_checked(self._table(ev), ev["players"], ev["first_dealer"], hands, {old: new})
        except HandError as err:
            raise PlayerNameError("rename_no_replay", name=old, evening=evening_id, reason=str(err)) from None
        for number, (before, after) in enumerate(zip(hands, renamed), 1):
            if before != after:
                self.store.replace_hand(evening_id, number, after)
        self.store.log_change(evening_id, ev["version"], "rename", None, {"name": old}, {"name": new})

    # -- export ---------------------------------------------------------------------------------

    @_guarded
    def hands(self, evening_id: int) -> list[Any]:
        """The evening's hands as entered (hand 1 first), scored by the table stored with it:
        what the screens show; unlike `session` it never depends on today's built-in tables."""
        with self.store.read():
            self.store.evening(evening_id)
            return self.store.hands(evening_id)

    @_guarded
    def session(self, evening_id: int) -> dict[str, Any]:
        """The evening as a session file (format 1)."""
        with self.store.read():
            return self._session(self.store.evening(evening_id))

    @_guarded
    def export_session(self, evening_id: int, format: str = "json", settle_open: bool = False) -> str | bytes:
        """The evening written in `format` (see EXPORT_FORMATS); `settle_open` settles an
        unfinished Struliwuli Rad pro rata (said so in the export), else it is no money.
        Text for every format but `png` (bytes)."""
        if format not in EXPORT_FORMATS:
            raise ExportError("export_format_unknown", format=format, known=", ".join(EXPORT_FORMATS))
        with self.store.read():
            row = self.store.evening(evening_id)
            data = ExportData(self._info(evening_id), self._session(row), self._table(row), self.show(evening_id))
        return EXPORT_FORMATS[format](data, settle_open)

    # -- checking and repairing the file ---------------------------------------------------------

    @_guarded
    def check(self) -> list[str]:
        """Everything damaged in the file, one line each (empty: the file is fine): SQLite's
        integrity check, then per evening its options, rule table, every hand (UTF-8, JSON,
        numbered 1..n without gaps), the change log, and whether its hands still replay."""
        problems: list[str] = []
        with self.store.read():
            db = self.store.db
            integrity = [r[0] for r in db.execute("PRAGMA integrity_check").fetchall()]
            if integrity != ["ok"]:
                problems += [f"integrity_check: {line}" for line in integrity[:20]]
            for (evening_id,) in db.execute("SELECT id FROM evenings ORDER BY id").fetchall():
                problems += self._evening_problems(evening_id)
        return problems

    def _evening_problems(self, evening_id: int) -> list[str]:
        db = self.store.db
        found: list[str] = []
        row = self.store.evening(evening_id)
        for code, key in (("options_damaged", "options"), ("rule_table_damaged", "rule_table")):
            problem = damage(row[key], dict)
            if problem:
                found.append(str(StoreError(code, evening=evening_id, reason=problem)))
        expected = 1
        for number, data in db.execute("SELECT number, CAST(data AS BLOB) FROM hands WHERE evening_id = ? "
                                       "ORDER BY number", [evening_id]):
            if number != expected:
                found.append(str(StoreError("hands_gap", evening=evening_id, number=expected,
                                            before=expected - 1, after=number)))
                expected = number
            problem = damage(data)
            if problem:
                found.append(str(StoreError("hand_damaged", evening=evening_id, number=number, reason=problem)))
            expected += 1
        closed = False
        for change in reversed(self.store.changes(evening_id)):
            closed = closed or change["action"] == "repair"
            if change["damaged"] and not closed:
                found.append(str(StoreError("change_damaged", evening=evening_id, change=change["id"],
                                            reason=change["damaged"])))
        if not found:
            try:
                play_all(self._table(row), row["players"], row["first_dealer"], self.store.hands(evening_id))
            except ScorepadError as exc:
                found.append(f"evening {evening_id}: {exc}")
        return found

    @_guarded
    def repair(self) -> list[str]:
        """Move what is damaged aside, in one transaction, losing nothing: a damaged hand's row
        goes to the table `damaged_rows` (with where it came from and why) and the evening's
        hands are numbered 1..n again; a damaged rule table is rebuilt from the ruleset and its
        options (a damaged options value from the rule table), the damaged text kept in
        `damaged_rows` too; a damaged change of the log (which is append-only) is left where it
        is and the evening's undo history is closed before it. Each repaired evening gets a
        `repair` change (so undo never reaches back past it). Returns what it did, one line each."""
        done: list[str] = []
        with self.store.write():
            db = self.store.db
            if "damaged_rows" not in db.table_names():
                db["damaged_rows"].create(
                    {"id": int, "source": str, "source_id": int, "evening_id": int, "number": int,
                     "data": bytes, "reason": str, "moved_at": str}, pk="id")
            for (evening_id,) in db.execute("SELECT id FROM evenings ORDER BY id").fetchall():
                lines = self._repair_evening(evening_id)
                if lines:
                    row = self.store.evening(evening_id)
                    self.store.log_change(evening_id, row["version"], "repair", None, None, {"repaired": lines})
                    self._live.pop(evening_id, None)
                    done += [f"evening {evening_id}: {line}" for line in lines]
        return done

    def _repair_evening(self, evening_id: int) -> list[str]:
        db = self.store.db
        lines: list[str] = []

        def aside(source: str, source_id: int, number: int | None, data, reason: str) -> None:
            db["damaged_rows"].insert({"source": source, "source_id": source_id, "evening_id": evening_id,
                                       "number": number, "data": data if isinstance(data, bytes) else
                                       (data or "").encode("utf-8"), "reason": reason, "moved_at": now()})

        row = self.store.evening(evening_id)
        options_problem = damage(row["options"], dict)
        table_problem = damage(row["rule_table"], dict)
        if table_problem:
            options = {} if options_problem else json.loads(row["options"])
            try:
                table = with_options(get_table(row["ruleset"]), options)
            except ScorepadError:
                table = get_table(row["ruleset"])
            aside("evenings.rule_table", evening_id, None, row["rule_table"], table_problem)
            db.execute("UPDATE evenings SET rule_table = ? WHERE id = ?", [dumps(table_as_dict(table)), evening_id])
            lines.append(f"rule table rebuilt from {row['ruleset']} (the damaged one is in damaged_rows)")
        if options_problem:
            table = self._table(self.store.evening(evening_id))
            try:
                options = table_diff(table_as_dict(get_table(row["ruleset"])), table_as_dict(table))
            except ScorepadError:
                options = {}
            aside("evenings.options", evening_id, None, row["options"], options_problem)
            db.execute("UPDATE evenings SET options = ? WHERE id = ?", [dumps(options), evening_id])
            lines.append("options rebuilt from the rule table (the damaged ones are in damaged_rows)")
        rows = db.execute("SELECT id, number, CAST(data AS BLOB) FROM hands WHERE evening_id = ? ORDER BY number",
                          [evening_id]).fetchall()
        moved = []
        for hand_id, number, data in rows:
            problem = damage(data)
            if problem:
                aside("hands", hand_id, number, data, problem)
                db.execute("DELETE FROM hands WHERE id = ?", [hand_id])
                moved.append(number)
        if moved:
            lines.append(f"hand{'s' if len(moved) > 1 else ''} {', '.join(map(str, moved))} moved to damaged_rows")
        kept = [(hand_id, number) for hand_id, number, _ in rows if number not in moved]
        if any(number != n for n, (_, number) in enumerate(kept, 1)):
            for n, (hand_id, _) in enumerate(kept, 1):  # through negatives, so no two collide
                db.execute("UPDATE hands SET number = ? WHERE id = ?", [-n, hand_id])
            db.execute("UPDATE hands SET number = -number WHERE evening_id = ? AND number < 0", [evening_id])
            lines.append(f"hands numbered 1..{len(kept)} again")
        log = self.store.changes(evening_id)
        last_repair = max((c["id"] for c in log if c["action"] == "repair"), default=0)
        damaged = [c["id"] for c in log if c["damaged"] and c["id"] > last_repair]
        if damaged:
            lines.append(f"undo history closed (change{'s' if len(damaged) > 1 else ''} "
                         f"{', '.join(map(str, damaged))} of the log are damaged)")
        return lines

    # -- the table app: settle, preview, drafts --------------------------------------------------

    @_guarded
    def summary(self, evening_id: int, settle_open: bool = False):
        """The evening summed up: standings, winner, trophies, balances, transfers, statistics.
        An unfinished Struliwuli Rad is no money unless `settle_open` (then `open_rad` says so)."""
        with self.store.read():
            row = self.store.evening(evening_id)
            data = ExportData(self._info(evening_id), self._session_plain(row), self._table(row), self.show(evening_id))
        return evening_summary(data, settle_open)[1]

    @_guarded
    def season(self, ruleset: str | None = None, since: date | str | None = None,
               settle_open: bool = False) -> Season:
        """A table per player over the stored evenings (of `ruleset`; started on or after the
        day `since`), added up from each evening's summary (open Rads only with `settle_open`,
        the table's explicit choice; `open_rads` counts the evenings settled so): evenings,
        hands, money, the lead tally, trophies, Bollas, games lost. Best first."""
        day = parse_day(since)
        with self.store.read():
            listed = self.store.evening_list()
            if ruleset is not None and ruleset not in builtin_tables() and all(r["ruleset"] != ruleset for r in listed):
                raise NotFoundError("no_rule_table", ruleset=ruleset, known=", ".join(builtin_tables()))
            chosen = [r for r in listed if (ruleset is None or r["ruleset"] == ruleset)
                      and (day is None or local_day(r["started_at"]) >= day)]
            rows: dict[str, SeasonRow] = {}
            trophies: list[str] = []
            leads = set()
            ramsch = schwarze_sau = False
            open_rads = 0
            for r in chosen:
                lead = self._table(self.store.evening(r["id"])).rank_keys()[0]
                leads.add((lead.tally, lead.better))
                s = self.summary(r["id"], settle_open)
                open_rads += bool(s.open_rad and s.open_rad.settled)
                trophies += [t for t in s.trophies if t not in trophies]
                for p in s.stats:
                    row = rows.setdefault(p.name, SeasonRow(name=p.name))
                    row.evenings += 1
                    row.hands += p.hands_played
                    row.money += s.balances[p.name]
                    row.points = (row.points or 0) + s.standings[p.name].get(lead.tally, 0)
                    for name, holders in s.trophies.items():
                        row.trophies[name] = row.trophies.get(name, 0) + (p.name in holders)
                    if p.bollas is not None:
                        ramsch = True
                        row.bollas = (row.bollas or 0) + p.bollas
                    if p.games_lost is not None:
                        schwarze_sau = True
                        row.games_lost = (row.games_lost or 0) + p.games_lost
        tally, better = next(iter(leads)) if ruleset is not None and len(leads) == 1 else (None, None)
        if tally == "geld":
            tally, better = None, None
        for row in rows.values():
            row.trophies = {t: row.trophies.get(t, 0) for t in trophies}
            if tally is None:
                row.points = None
            if ramsch:
                row.bollas = row.bollas or 0
            if schwarze_sau:
                row.games_lost = row.games_lost or 0

        def order(row: SeasonRow):
            lead = (0 if tally is None else -row.points if better == "more" else row.points)
            return (lead, -row.money, -row.evenings, row.name.casefold())

        known = builtin_tables().get(ruleset) if ruleset else None
        game = chosen[0]["game"] if ruleset and chosen else known.name if known else None
        return Season(ruleset=ruleset, game=game, since=day.isoformat() if day else None, evenings=len(chosen), tally=tally,
                      better=better, trophies=trophies, rows=sorted(rows.values(), key=order),
                      open_rads=open_rads)

    @_guarded
    def table(self, evening_id: int):
        """The rule table the evening is scored by (as stored with it)."""
        with self.store.read():
            return self._table(self.store.evening(evening_id))

    @_guarded
    def before_hand(self, evening_id: int, number: int | None = None):
        """The game as it stands before hand `number` (default: the next new hand), read-only.
        The next new hand is served from the kept evening (a copy of its game): no replay."""
        with self.store.read():
            if number is None:
                return _game_copy(self._live_now(evening_id).game)
            row = self.store.evening(evening_id)
            hands = self.store.hands(evening_id)
        return before_hand(self._table(row), row["players"], hands, number, row["first_dealer"])

    @_guarded
    def preview(self, evening_id: int, hand: Any, number: int | None = None) -> HandResult:
        """What `hand` would score as the next hand (or in place of hand `number`); stores
        nothing. Raises HandError, naming a later hand that the edit would break. A next new
        hand is played on a copy of the kept evening's game: no replay."""
        with self.store.read():
            if number is None:
                live = self._live_now(evening_id)
                return _game_copy(live.game).play(len(live.results) + 1, hand)
            row = self.store.evening(evening_id)
            hands = self.store.hands(evening_id)
        return try_hand(self._table(row), row["players"], hands, hand, number, row["first_dealer"])

    @_guarded
    def draft(self, evening_id: int, device: str = "") -> Any:
        """The hand this phone (`device`) is entering (the form's taps), if any."""
        with self.store.read():
            self.store.evening(evening_id)
            return self.store.draft(evening_id, device)

    @_guarded
    def save_draft(self, evening_id: int, data: Any, expected_version: int | None = None,
                   device: str = "") -> None:
        """Keep this phone's taps: each phone has its own draft, no phone types into another's."""
        with self.store.write():
            self._row(evening_id, expected_version, writable=True)
            self.store.save_draft(evening_id, device, data)

    @_guarded
    def clear_draft(self, evening_id: int, device: str = "") -> None:
        with self.store.write():
            self.store.clear_draft(evening_id, device)

    # -- house rules: a table's own variants -------------------------------------------------------

    @_guarded
    def house_rules(self) -> list[HouseRules]:
        with self.store.read():
            return [HouseRules(**{k: r[k] for k in HouseRules.model_fields}) for r in self.store.house_rules()]

    @_guarded
    def save_house_rules(self, name: str, base: str, options: dict[str, Any]) -> HouseRules:
        """Keep a variant of the built-in table `base` under `name` (a variant of that name is
        replaced). The values are checked as a session's options are: a wrong one is refused
        naming options.<key>."""
        name = (check_text("name", name) or "").strip()
        if not name:
            raise SessionError("name", "house_name_missing")
        if has_control_characters(name):
            raise SessionError("name", "name_control", name=name)
        get_table(base)
        options = {**(options or {}), "name": name}
        with_options(get_table(base), options)
        with self.store.write():
            rule_id = self.store.save_house_rules(name, base, options)
        return HouseRules(id=rule_id, name=name, base=base, options=options)

    @_guarded
    def house_table(self, name: str):
        """The rule table of a house variant, ready to start an evening with."""
        with self.store.read():
            row = self.store.house_rule(name)
        if row is None:
            raise NotFoundError("no_house_variant", name=name)
        return with_options(get_table(row["base"]), row["options"])

    @_guarded
    def export_house_rules(self, name: str) -> str:
        """The variant as a TOML rule table that `extends` its built-in table."""
        with self.store.read():
            row = self.store.house_rule(name)
        if row is None:
            raise NotFoundError("no_house_variant", name=name)
        slug = re.sub(r"[^a-z0-9]+", "-", row["name"].casefold()).strip("-") or "haus"
        return tomlwrite.dumps({"id": f"{row['base']}-{slug}", "extends": row["base"], **row["options"]})

    @_guarded
    def import_house_rules(self, path: str | Path) -> HouseRules:
        """A TOML rule table file that `extends` a built-in one, kept as a house variant."""
        load_table_file(path)  # refuses a wrong file (unreadable, bad TOML) naming it
        return self.import_house_rules_text(Path(path).read_text(encoding="utf-8"), str(path))

    @_guarded
    def import_house_rules_text(self, text: str, source: str = "Hausregeln") -> HouseRules:
        """TOML text of a rule table that `extends` a built-in one (pasted in the app), kept
        as a house variant. A wrong table is refused with the key path and the reason."""
        table, raw = load_table_text(text, source)
        base = raw.get("extends")
        if not isinstance(base, str) or base not in builtin_tables():
            raise TableError(source, "extends", "house_extends", known=", ".join(builtin_tables()))
        base_table = get_table(base)
        def values(t) -> dict:
            return {k: v for k, v in table_as_dict(t).items() if k not in ("id", "extends")}

        options = {k: v for k, v in table_diff(values(base_table), values(table)).items()}
        if values(with_options(base_table, options)) != values(table):
            raise TableError(source, "", "house_not_changes")
        options.pop("name", None)
        return self.save_house_rules(table.name, base, options)

    # -- changing an evening's rules afterwards ----------------------------------------------------

    @_guarded
    def rules_preview(self, evening_id: int, options: dict[str, Any]) -> tuple[Any, Replay, Replay]:
        """What the evening would look like under other rules (its built-in table with
        `options`): (the new table, the replay now, the replay then). Stores nothing; a hand
        the new rules refuse raises HandError naming it."""
        with self.store.read():
            row = self.store.evening(evening_id)
            hands = self.store.hands(evening_id)
        table = with_options(get_table(row["ruleset"]), options)
        now_ = self.show(evening_id)
        then = replay(table, row["players"], hands, row["first_dealer"])
        return table, now_, then

    @_guarded
    def change_rules(self, evening_id: int, options: dict[str, Any], expected_version: int | None = None) -> EveningInfo:
        """The evening scored by its built-in table with other `options` from now on: every hand
        is scored again. Refused (nothing changes) if a hand breaks the new rules."""
        with self.store.write():
            row = self._row(evening_id, expected_version, writable=True)
            table = with_options(get_table(row["ruleset"]), options)
            hands = self.store.hands(evening_id)
            try:
                replay(table, row["players"], hands, row["first_dealer"])
            except HandError as err:
                raise LaterHandError("change the rules", err, err.number) from None
            old = {"game": row["game"], "options": self._options(row)}
            self.store.set_rules(evening_id, table.name, dumps(options), dumps(table_as_dict(table)))
            self.store.log_change(evening_id, row["version"], "rules", None, old,
                                  {"game": table.name, "options": options})
            info = self._info(evening_id)
        self._live.pop(evening_id, None)
        self._changed(evening_id)
        return info

    # -- PINs: who may change an evening ----------------------------------------------------------

    @_guarded
    def pin(self, evening_id: int) -> str:
        """The evening's 4-digit PIN (shown only to a phone that holds it)."""
        with self.store.write():
            self.store.evening(evening_id)
            return self.store.pin(evening_id)

    @_guarded
    def check_pin(self, evening_id: int, pin: str) -> bool:
        with self.store.write():
            self.store.evening(evening_id)
            return secrets.compare_digest(str(pin), self.store.pin(evening_id))

    @_guarded
    def set_pin(self, evening_id: int, pin: str) -> None:
        """A new PIN for the evening: exactly four digits."""
        if not (isinstance(pin, str) and len(pin) == 4 and pin.isdigit()):
            raise PinError("pin_format")
        with self.store.write():
            self.store.evening(evening_id)
            self.store.set_pin(evening_id, pin)

    def _session_plain(self, row: dict) -> dict[str, Any]:
        """The session as stored, for summaries (no format-1 options needed)."""
        return {"format": 1, "ruleset": row["ruleset"], "players": row["players"],
                "first_dealer": row["first_dealer"], "hands": self.store.hands(row["id"])}

    def _session(self, row: dict) -> dict[str, Any]:
        session = SessionFile(format=1, ruleset=row["ruleset"], players=row["players"],
                              first_dealer=row["first_dealer"], date=row["started_at"], place=row["place"],
                              note=row["note"], options=self._format1_options(row),
                              hands=self.store.hands(row["id"]))
        return session.as_dict()

    def _format1_options(self, row: dict) -> dict[str, Any]:
        """Options that give the stored table from today's built-in one: format 1 names no table."""
        stored = table_as_dict(self._table(row))  # validated: fields added since get their defaults
        options = self._options(row)
        try:
            base = get_table(row["ruleset"])
        except SessionError:
            base = None
        if base is not None:
            for candidate in (options, table_diff(table_as_dict(base), stored)):
                try:
                    if table_as_dict(with_options(base, candidate)) == stored:
                        return candidate
                except SessionError:
                    continue
        raise ExportError("export_table_changed", evening=row["id"], ruleset=row["ruleset"])

    # -- internals --------------------------------------------------------------------------------

    def _row(self, evening_id: int, expected_version: int | None, writable: bool) -> dict:
        """The evening's row, refusing a stale version or (for hand changes) a finished evening."""
        row = self.store.evening(evening_id)
        if expected_version is not None and row["version"] != expected_version:
            raise StaleVersionError(evening_id, expected_version, row["version"])
        if writable and row["finished"]:
            raise EveningClosedError("evening_finished", evening=evening_id)
        return row

    def _table(self, row: dict):
        try:
            return stored_table(row["rule_table"], f"evening {row['id']}: stored rule table")
        except (TypeError, ValueError, RecursionError):  # a damaged byte in the stored JSON
            raise StoreError("rule_table_damaged", evening=row["id"],
                             reason=damage(row["rule_table"], dict) or "unreadable") from None

    @staticmethod
    def _options(row: dict) -> dict[str, Any]:
        """The evening's stored options, or StoreError naming the evening if they are damaged."""
        problem = damage(row["options"], dict)
        if problem:
            raise StoreError("options_damaged", evening=row["id"], reason=problem)
        return json.loads(row["options"])

    def _info(self, evening_id: int) -> EveningInfo:
        row = self.store.evening(evening_id)
        return EveningInfo(
            id=row["id"], ruleset=row["ruleset"], game=row["game"], family=row["family"],
            players=row["players"], first_dealer=row["first_dealer"],
            # damaged options leave the evening listed (and readable: it is scored by its table);
            # `scorepad check` names them
            options={} if damage(row["options"], dict) else json.loads(row["options"]),
            started_at=row["started_at"], place=row["place"], note=row["note"],
            finished=bool(row["finished"]), finished_at=row["finished_at"],
            hands=self.store.hand_count(evening_id), version=row["version"],
        )

    def _keep(self, evening_id: int, live: Live) -> None:
        self._live[evening_id] = live
        self._live.move_to_end(evening_id)
        while len(self._live) > self._live_max:
            self._live.popitem(last=False)

    def _advance(self, evening_id: int, old: int, new: int) -> None:
        """A change that leaves the hands alone: the live replay stays right at the new version."""
        live = self._live.get(evening_id)
        if live is not None and live.version == old:
            live.version = new

    def _result(self, evening_id: int, action: str, op: HandOp, live: Live) -> ChangeResult:
        hand = live.results[op.number - 1].as_dict() if op.kind != "remove" else None
        return ChangeResult(evening=evening_id, version=live.version, action=action, number=op.number,
                            hands=len(live.results), hand=hand, standings=live.game.snapshot(),
                            state=live.game.state())


def _stacks(evening_id: int, log: list[dict]) -> tuple[list[dict], list[dict]]:
    """The undo and redo stacks from the change log: hand changes, taken back and done again."""
    undo: list[dict] = []
    redo: list[dict] = []
    for c in log:
        if c["action"] == "repair":  # `scorepad check --repair` renumbered or moved hands: no way back
            undo.clear()
            redo.clear()
        elif c["action"] in HAND_ACTIONS:
            undo.append(c)
            redo.clear()
        elif c["action"] in ("undo", "redo"):
            source, target = (undo, redo) if c["action"] == "undo" else (redo, undo)
            if not source or source[-1]["id"] != c["undoes"]:
                raise StoreError("log_undo_mismatch", evening=evening_id, change=c["id"])
            target.append(source.pop())
    return undo, redo


def _made_by(log: list[dict], change: dict, action: str) -> str | None:
    """The phone that may undo `change` (the one that made it) or redo it (the one that undid it)."""
    if action == "undo":
        return change.get("device")
    undos = [c for c in log if c["action"] == "undo" and c["undoes"] == change["id"]]
    return undos[-1].get("device") if undos else None


def _renames_since(log: list[dict], change_id: int) -> dict[str, str]:
    """Old name -> current name for every player renamed after the change `change_id`."""
    renames: dict[str, str] = {}
    for c in log:
        if c["action"] == "rename" and c["id"] > change_id:
            old, new = c["old"]["name"], c["new"]["name"]
            renames = {k: new if v == old else v for k, v in renames.items()}
            renames[old] = new
    return renames


def _reverse(change: dict, action: str, renames: dict[str, str]) -> HandOp:
    """The hand change that undoes (or redoes) a logged add, edit or delete."""
    kind, number = change["action"], change["number"]
    old, new = rename_in(change["old"], renames), rename_in(change["new"], renames)
    if action == "undo":
        return {"add": HandOp("remove", number), "edit": HandOp("replace", number, old),
                "delete": HandOp("insert", number, old)}[kind]
    return {"add": HandOp("insert", number, new), "edit": HandOp("replace", number, new),
            "delete": HandOp("remove", number)}[kind]


def _migration_table(ruleset: str, players: list[str], first_dealer: str | None, options: dict) -> Any:
    """For the schema upgrade: the rule table an old evening meant (its ruleset and options now)."""
    return session_table(SessionFile(format=1, ruleset=ruleset, players=players, first_dealer=first_dealer,
                                     options=options))


def _migration_hands(evening: dict, renames: dict[str, str]) -> list[Any]:
    """For the schema upgrade: an old evening's hands with player names spelled as stored."""
    if not renames:
        return evening["hands"]
    session = SessionFile(format=1, ruleset=evening["ruleset"], players=evening["players"],
                          first_dealer=evening["first_dealer"], options=evening["options"])
    return renamed_checked(session_table(session), evening["players"], evening["first_dealer"],
                           evening["hands"], renames)
