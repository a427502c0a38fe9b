"""The SQLite store: one file holds every player, evening, hand and change.

Only storage lives here (schema, migrations, transactions, rows); what a hand means is the
engine's business and is checked by `scorepad.app` before anything is committed.

Schema version 7 (`PRAGMA user_version`):

    players   one row per person, reused across evenings; `name_key` (casefolded) is unique
    evenings  the rule table copied in as JSON (+ ruleset id and options), first dealer, start
              time, place, note, finished, and `version`, which every change increments
    seats     evening, position (clockwise from 0), player
    hands     evening, number (1..n, no gaps), the hand keys as entered (JSON)
    changes   the append-only change log: evening, version after the change, when, what,
              hand number, old and new value (JSON), for undo/redo the change it undoes, and
              (since 4) the phone that made it, so a phone's undo takes back only its own change
    drafts    (since 3) the hand being entered on the app, per evening and (since 4) per phone:
              the form's taps as JSON, kept until the hand is saved, so a reload or a closed tab
              loses nothing and a second phone never types into the first one's hand
    pins      (since 3) each evening's 4-digit PIN: who holds it may enter and change hands;
              (since 6) which phone set it (the one that started the evening or typed it)
    house_rules (since 3) a table's own variants: a name, the built-in table it is based on,
              and the values it changes (as session options)
    checkpoints (since 5) per evening, the engine's game state after its last hand (JSON),
              written in the same transaction as the hand change, with the evening's version
              and hand count it belongs to and a `seal` (a hash the app layer computes over the
              rule table, the scorepad release, the seating, the last hand and the state), so
              a process that adds a hand need not replay the evening; one that does not fit
              is never used (the evening is replayed instead); triggers on `hands` delete an
              evening's checkpoint whenever its hands are written, by anyone. Nothing else is
              kept there.
    pin_tries (since 6) per evening, the wrong PINs phones typed: how many tries are left
              (a bucket that refills slowly, see app/access.py), how many were wrong and when
              the last was, so a restart of the server gives a guesser nothing back
    (7)       every stored rule table written with what it meant when it was stored (a key
              added later gets the value the evening was scored by, never its new default)

Writes run in `BEGIN IMMEDIATE` transactions with a busy timeout, so two processes writing
the same file take turns instead of losing a hand; WAL mode with `synchronous=FULL` keeps
every committed transaction through a crash.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import shutil
import sqlite3
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from scorepad.errors import ScorepadError
from scorepad.names import name_key

SCHEMA_VERSION = 7
# what keeps a file from being written (it can still be read)
WRITE_PROBLEMS = ("store_disk_full", "store_read_only", "store_io_error")
BUSY_TIMEOUT_S = 10.0
ENV_VAR = "SCOREPAD_DB"
# called after every committed write transaction: the browser build (scorepad/staticsite) writes
# the file back to the browser's own storage there; empty everywhere else
AFTER_COMMIT: list[Callable[[], None]] = []


class StoreError(ScorepadError):
    """The file cannot be used: not a scorepad file, too new, busy, unreadable."""


class NotFoundError(ScorepadError):
    """No such evening, hand or player."""


# SQLite keeps integers in 64 bits: an id or number outside this range names nothing stored
SQLITE_MIN, SQLITE_MAX = -(2**63), 2**63 - 1
# below this much free space, a write failure of the disk is a full disk
LOW_SPACE_BYTES = 1 << 20


def in_sqlite_range(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and SQLITE_MIN <= value <= SQLITE_MAX


def free_bytes(folder: Path) -> int | None:
    """Free space where the file lives (None if it cannot be asked)."""
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def connect(path: Path, timeout: float, read_only: bool = False, immutable: bool = False) -> sqlite3.Connection:
    """Every SQLite connection scorepad opens goes through here, so each one has the same
    durability settings: WAL (set once per file by the store) with `synchronous = FULL`, which
    makes a committed transaction survive power loss, not only a killed process; a busy timeout
    so writers take turns. `read_only` opens the file with `mode=ro` (nothing can be written),
    `immutable` reads a file that cannot even get its WAL index (a read-only folder)."""
    if read_only or immutable:
        query = "immutable=1" if immutable else "mode=ro"
        target = f"file:{urllib.parse.quote(str(path.absolute()))}?{query}"
        conn = sqlite3.connect(target, timeout=timeout, check_same_thread=False, uri=True)
    else:
        conn = sqlite3.connect(str(path), timeout=timeout, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    conn.execute("PRAGMA synchronous = FULL")
    return conn


# --- where the file lives ----------------------------------------------------------------


def default_db_path() -> Path:
    """`SCOREPAD_DB` if set, else scorepad.db in the user's data directory."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("scorepad", appauthor=False) / "scorepad.db"


def now() -> str:
    """The current time, UTC, ISO 8601 with milliseconds: sorts as text."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    """Compact JSON for a stored value; refuses NaN and infinities, which JSON can't carry."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def damage(data: bytes | str | None, kind: type | tuple = object) -> str | None:
    """What is wrong with a stored JSON value (not UTF-8, not JSON, not of `kind`), or None."""
    if data is None:
        return "empty"
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        value = json.loads(text)
    except UnicodeDecodeError as exc:
        return f"not UTF-8 at byte {exc.start}"
    except (ValueError, RecursionError) as exc:
        return f"not JSON: {str(exc).splitlines()[0]}"
    if not isinstance(value, kind):
        return f"not a JSON {'object' if kind is dict else 'value'}"
    return None


# --- schema --------------------------------------------------------------------------------


def create_schema(db: Database) -> None:
    """The current schema (SCHEMA_VERSION), inside the caller's transaction."""
    db["players"].create(
        {"id": int, "name": str, "name_key": str, "created_at": str},
        pk="id", not_null=["name", "name_key", "created_at"],
    )
    db["players"].create_index(["name_key"], unique=True)
    db["evenings"].create(
        {"id": int, "ruleset": str, "game": str, "family": str, "options": str, "rule_table": str,
         "first_dealer": int, "started_at": str, "place": str, "note": str,
         "finished": int, "finished_at": str, "version": int},
        pk="id",
        not_null=["ruleset", "game", "family", "options", "rule_table", "started_at", "finished", "version"],
        defaults={"options": "{}", "finished": 0, "version": 0},
        foreign_keys=[("first_dealer", "players", "id")],
    )
    db["seats"].create(
        {"evening_id": int, "position": int, "player_id": int},
        pk=("evening_id", "position"), not_null=["player_id"],
        foreign_keys=[("evening_id", "evenings", "id"), ("player_id", "players", "id")],
    )
    db["seats"].create_index(["evening_id", "player_id"], unique=True)
    db["seats"].create_index(["player_id"])
    db["hands"].create(
        {"id": int, "evening_id": int, "number": int, "data": str},
        pk="id", not_null=["evening_id", "number", "data"],
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db["hands"].create_index(["evening_id", "number"], unique=True)
    db["changes"].create(
        {"id": int, "evening_id": int, "version": int, "at": str, "action": str,
         "number": int, "old": str, "new": str, "undoes": int, "device": str},
        pk="id", not_null=["evening_id", "version", "at", "action"],
        foreign_keys=[("evening_id", "evenings", "id"), ("undoes", "changes", "id")],
    )
    db["changes"].create_index(["evening_id", "version"], unique=True)
    for event in ("UPDATE", "DELETE"):
        db.execute(
            f"CREATE TRIGGER changes_append_only_{event.lower()} BEFORE {event} ON changes "
            "BEGIN SELECT RAISE(ABORT, 'the change log is append-only'); END"
        )
    create_drafts(db)
    migrate_v3_to_v4(db)
    migrate_v4_to_v5(db)
    migrate_v5_to_v6(db)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def create_drafts(db: Database) -> None:
    """The tables new in schema 3: drafts of the hand being entered, and each evening's PIN."""
    if "drafts" not in db.table_names():
        db["drafts"].create(
            {"evening_id": int, "data": str, "updated_at": str},
            pk="evening_id", not_null=["data", "updated_at"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )
    if "house_rules" not in db.table_names():
        db["house_rules"].create(
            {"id": int, "name": str, "name_key": str, "base": str, "options": str, "created_at": str},
            pk="id", not_null=["name", "name_key", "base", "options", "created_at"],
        )
        db["house_rules"].create_index(["name_key"], unique=True)
    if "pins" not in db.table_names():
        db["pins"].create(
            {"evening_id": int, "pin": str, "updated_at": str},
            pk="evening_id", not_null=["pin", "updated_at"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )


def new_pin() -> str:
    """Four random digits."""
    return f"{secrets.randbelow(10_000):04d}"


def migrate_v2_to_v3(db: Database, canonical_hands=None, evening_table=None, stored_table=None) -> None:
    """Schema 2 -> 3: drafts of the hand being entered, and a PIN for every evening."""
    create_drafts(db)
    for row in db.query("SELECT id FROM evenings WHERE id NOT IN (SELECT evening_id FROM pins)"):
        db["pins"].insert({"evening_id": row["id"], "pin": new_pin(), "updated_at": now()})


def migrate_v3_to_v4(db: Database, canonical_hands=None, evening_table=None, stored_table=None) -> None:
    """Schema 3 -> 4: drafts belong to a phone (key evening + device), and the change log
    names the phone that made each change. A draft from before keeps the empty device: the
    first phone that opens the form takes it over (see Store.draft)."""
    if "device" not in db["changes"].columns_dict:
        db.execute("ALTER TABLE changes ADD COLUMN device TEXT")
    if "device" in db["drafts"].columns_dict:
        return
    db.execute("ALTER TABLE drafts RENAME TO drafts_v3")
    db["drafts"].create(
        {"evening_id": int, "device": str, "data": str, "updated_at": str},
        pk=("evening_id", "device"), not_null=["device", "data", "updated_at"],
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db.execute("INSERT INTO drafts (evening_id, device, data, updated_at) "
               "SELECT evening_id, '', data, updated_at FROM drafts_v3")
    db.execute("DROP TABLE drafts_v3")


def migrate_v4_to_v5(db: Database, canonical_hands=None, evening_table=None, stored_table=None) -> None:
    """Schema 4 -> 5: a checkpoint of each evening's state after its last hand. It starts
    empty: each evening is replayed once, at its next hand change, which writes its first."""
    if "checkpoints" not in db.table_names():
        db["checkpoints"].create(
            {"evening_id": int, "version": int, "hands": int, "seal": str, "state": str, "updated_at": str},
            pk="evening_id", not_null=["version", "hands", "seal", "state", "updated_at"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )
    # any write to an evening's hands (scorepad's own, or anything else writing the file) drops
    # its checkpoint: scorepad writes the new one after the hands, in the same transaction
    for event, ids in (("INSERT", "NEW.evening_id"), ("UPDATE", "OLD.evening_id, NEW.evening_id"),
                       ("DELETE", "OLD.evening_id")):
        db.execute(f"CREATE TRIGGER IF NOT EXISTS hands_{event.lower()}_drops_checkpoint AFTER {event} ON hands "
                   f"BEGIN DELETE FROM checkpoints WHERE evening_id IN ({ids}); END")


def migrate_v5_to_v6(db: Database, canonical_hands=None, evening_table=None, stored_table=None) -> None:
    """Schema 5 -> 6: the wrong PINs typed per evening (none yet: every evening starts with
    its full allowance), and which phone set each evening's PIN (none for the PINs before: only
    the PIN itself gives their pen)."""
    if "device" not in db["pins"].columns_dict:
        db.execute("ALTER TABLE pins ADD COLUMN device TEXT")
    if "pin_tries" not in db.table_names():
        db["pin_tries"].create(
            {"evening_id": int, "tokens": float, "at": float, "wrong": int, "last_wrong": float},
            pk="evening_id", not_null=["tokens", "at", "wrong"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )
def migrate_v6_to_v7(db: Database, canonical_hands=None, evening_table=None,
                     stored_table: Callable[[dict], dict] | None = None) -> None:
    """Schema 6 -> 7: every evening's stored rule table says what it meant. A key scorepad
    gained after the table was stored is written with the value the evening was scored by
    (`stored_table(raw)`, given by the layer above: e.g. a Saukopf table from before
    `chosen_trump` takes the trump as a note, "free"), never with the new key's default. The
    table reads the same as it did before (the reader upgrades a stored table alike), so the
    evening's hands, version and change log stay; its checkpoint is sealed over the stored
    table and is written again at the next change."""
    if stored_table is None:
        return
    for row in db.query("SELECT id, rule_table FROM evenings ORDER BY id"):
        try:
            raw = json.loads(row["rule_table"])
        except (TypeError, ValueError, RecursionError):
            continue  # a damaged table stays as it is: `scorepad check` names it
        if not isinstance(raw, dict):
            continue
        upgraded = stored_table(raw)
        if upgraded != raw:
            db.execute("UPDATE evenings SET rule_table = ? WHERE id = ?", [dumps(upgraded), row["id"]])


def migrate_v1_to_v2(db: Database, canonical_hands: Callable[[dict, dict[str, str]], list],
                     evening_table: Callable[[str, list[str], str | None, dict], Any] | None = None,
                     stored_table=None) -> None:
    """Schema 1 -> 2, inside the caller's transaction.

    Version 1 kept the players of an evening as a JSON list of names in `evenings.players`,
    only the ruleset id (no rule table), a `finished` flag, no note, no version and no change
    log; `hands` had (evening_id, number) as its key. Version 2 gets players as rows (the first
    spelling of a name wins; `canonical_hands(evening, renames)` rewrites that evening's hands
    to it), the rule table as it is now (`evening_table(ruleset, players, first_dealer, options)`,
    given by the layer above: the store does not know session files), version 1 and a 'migrate'
    entry in the change log.
    """
    if evening_table is None:  # the bare rule table (the app also checks the seating)
        from scorepad.tables import get_table, with_options

        def evening_table(ruleset, players, first_dealer, options):
            return with_options(get_table(ruleset), options)

    db.execute("ALTER TABLE evenings RENAME TO evenings_v1")
    db.execute("ALTER TABLE hands RENAME TO hands_v1")
    create_schema(db)
    at = now()
    for old in db.query("SELECT * FROM evenings_v1 ORDER BY id"):
        names = json.loads(old["players"])
        ids, renames = [], {}
        for name in names:
            row = find_player(db, name)
            pid = row["id"] if row else add_player(db, name)
            stored = row["name"] if row else name
            if stored != name:
                renames[name] = stored
            ids.append(pid)
        hands = [json.loads(h["data"]) for h in db.query(
            "SELECT data FROM hands_v1 WHERE evening_id = ? ORDER BY number", [old["id"]])]
        evening = {"id": old["id"], "ruleset": old["ruleset"], "players": names,
                   "first_dealer": old["first_dealer"], "options": json.loads(old["options"] or "{}"),
                   "hands": hands}
        hands = canonical_hands(evening, renames)
        table = evening_table(old["ruleset"], names, old["first_dealer"], evening["options"])
        dealer = ids[names.index(old["first_dealer"])] if old["first_dealer"] else None
        db["evenings"].insert({
            "id": old["id"], "ruleset": old["ruleset"], "game": table.name, "family": table.family,
            "options": dumps(evening["options"]), "rule_table": dumps(table.model_dump(mode="json")),
            "first_dealer": dealer, "started_at": old["started_at"], "place": old["place"],
            "note": None, "finished": int(bool(old["finished"])), "finished_at": None, "version": 1,
        })
        db["seats"].insert_all(
            {"evening_id": old["id"], "position": i, "player_id": pid} for i, pid in enumerate(ids))
        db["hands"].insert_all(
            {"evening_id": old["id"], "number": n, "data": dumps(h)} for n, h in enumerate(hands, 1))
        db["changes"].insert({
            "evening_id": old["id"], "version": 1, "at": at, "action": "migrate", "number": None,
            "old": dumps({"schema": 1}), "new": dumps({"schema": 2, "hands": len(hands)}), "undoes": None,
        })
    db.execute("DROP TABLE hands_v1")
    db.execute("DROP TABLE evenings_v1")


def find_player(db: Database, name: str) -> dict | None:
    if not isinstance(name, str) or any(0xD800 <= ord(c) <= 0xDFFF for c in name):
        return None  # half a character (a byte that was not UTF-8) names nobody
    # (a name stored before names were normalized is found by its own key too)
    rows = list(db.query("SELECT * FROM players WHERE name_key IN (?, ?) ORDER BY name_key = ? DESC",
                         [name_key(name), name.casefold(), name_key(name)]))
    return rows[0] if rows else None


def add_player(db: Database, name: str) -> int:
    return db["players"].insert({"name": name, "name_key": name_key(name), "created_at": now()}).last_pk


# --- the store ---------------------------------------------------------------------------

CHANGE_SELECT = ("SELECT id, evening_id, version, at, action, number, CAST(old AS BLOB) AS old, "
                 "CAST(new AS BLOB) AS new, undoes, device")
# an evening's row; its JSON columns read as bytes, so a damaged byte is found, not raised
EVENING_SELECT = ("SELECT id, ruleset, game, family, CAST(options AS BLOB) AS options, "
                  "CAST(rule_table AS BLOB) AS rule_table, first_dealer, started_at, place, note, finished, "
                  "finished_at, version FROM evenings")


class Store:
    """One open scorepad file. Reads and writes go through `read()` / `write()` transactions."""

    def __init__(self, path: str | Path | None = None, busy_timeout: float = BUSY_TIMEOUT_S,
                 canonical_hands: Callable[[dict, dict[str, str]], list] | None = None,
                 evening_table: Callable[[str, list[str], str | None, dict], Any] | None = None,
                 stored_table: Callable[[dict], dict] | None = None):
        self.path = Path(path) if path is not None else default_db_path()
        self.busy_timeout = busy_timeout
        self.lock = threading.RLock()
        self._canonical_hands = canonical_hands or (lambda evening, renames: evening["hands"])
        self._evening_table = evening_table
        self._stored_table = stored_table
        # why the file can only be read (a StoreError), or None: writes then refuse with it
        self.read_only: StoreError | None = None
        self.db = None
        try:
            self.db = self._connect()
            self._prepare()
        except (sqlite3.Error, StoreError) as exc:
            self.close()
            problem = exc if isinstance(exc, StoreError) else self.error(exc)
            if problem.code not in WRITE_PROBLEMS or not self.path.is_file():
                raise problem from None
            self._open_read_only(problem)
        except BaseException:
            self.close()
            raise

    def error(self, exc: BaseException) -> StoreError:
        """A database failure as one clear line that says what is wrong (busy, the disk is
        full, no permission to write, the disk failed); nothing of the failed transaction was
        stored."""
        text = str(exc)
        lower = text.lower()
        path = str(self.path)
        if "locked" in lower or "busy" in lower:
            return StoreError("store_busy", path=path, seconds=self.busy_timeout)
        full = getattr(exc, "sqlite_errorcode", None) == getattr(sqlite3, "SQLITE_FULL", 13) \
            or getattr(exc, "errno", None) == errno.ENOSPC
        if full or "disk is full" in lower or "no space left" in lower:
            return StoreError("store_disk_full", path=path)
        if "readonly" in lower or "read-only" in lower or "permission denied" in lower \
                or isinstance(exc, PermissionError):
            return StoreError("store_read_only", path=path, reason=text)
        if "disk i/o error" in lower or "unable to open database file" in lower:
            free = free_bytes(self.path.parent)
            if free is not None and free < LOW_SPACE_BYTES:
                return StoreError("store_disk_full", path=path)
            if "unable to open" in lower and not os.access(self.path.parent, os.W_OK):
                return StoreError("store_read_only", path=path, reason=text)
            return StoreError("store_io_error", path=path, reason=text)
        return StoreError("store_failed", path=path, reason=text)

    def close(self) -> None:
        if self.db is not None:
            self.db.close()

    # -- opening ---------------------------------------------------------------------------

    def _connect(self, read_only: bool = False, immutable: bool = False) -> Database:
        path = str(self.path)
        try:
            if not read_only:
                self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if exc.errno == errno.ENOSPC:
                raise StoreError("store_disk_full", path=path) from None
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise StoreError("store_read_only", path=path, reason=exc.strerror) from None
            raise StoreError("store_cannot_open", path=path, reason=str(exc)) from None
        try:
            conn = connect(self.path, self.busy_timeout, read_only, immutable)
        except sqlite3.OperationalError as exc:
            problem = self.error(exc)
            if problem.code == "store_failed":
                problem = StoreError("store_cannot_open", path=path, reason=str(exc))
            raise problem from None
        except sqlite3.DatabaseError as exc:  # "file is not a database"
            raise StoreError("store_not_scorepad", path=path, reason=str(exc)) from None
        return Database(conn, execute_plugins=False)

    def _open_read_only(self, problem: StoreError) -> None:
        """The file cannot be written (`problem` says why): open it for reading only, so show,
        export, evenings and stats still work; every write refuses with `problem`. A folder
        that does not even allow the WAL index is read as an immutable file, if no WAL is
        pending (else its last hands would be missed, so it refuses instead)."""
        wal = self.path.with_name(self.path.name + "-wal")
        attempts = [False] + ([True] if not wal.exists() or wal.stat().st_size == 0 else [])
        for immutable in attempts:
            self.db = None
            try:
                self.db = self._connect(read_only=True, immutable=immutable)
            except StoreError:  # e.g. mode=ro still wants the WAL index: try the next way
                continue
            try:
                found = self._schema_version()
                if found != SCHEMA_VERSION:
                    if found > SCHEMA_VERSION:
                        raise StoreError("store_too_new", path=str(self.path), found=found,
                                         supported=SCHEMA_VERSION)
                    raise problem  # an empty or older file needs writing before it can be used
                self.db.execute("PRAGMA query_only = ON")
                self.db.execute("SELECT count(*) FROM hands").fetchone()
            except sqlite3.Error:
                self.close()
                continue
            except BaseException:
                self.close()
                raise
            self.read_only = problem
            return
        raise problem from None

    def _prepare(self) -> None:
        """Refuse a newer or foreign file, upgrade an older one, then switch on WAL."""
        found = self._schema_version()
        if found > SCHEMA_VERSION:
            raise StoreError("store_too_new", path=str(self.path), found=found, supported=SCHEMA_VERSION)
        self.db.execute("PRAGMA foreign_keys = ON")
        if 0 < found < SCHEMA_VERSION:
            self._upgrade()
        self.db.enable_wal()
        self.db.execute("PRAGMA synchronous = FULL")  # (also set in connect: WAL keeps it per connection)
        if found == 0:
            self._create()
        self._probe_write()

    def _probe_write(self) -> None:
        """A file SQLite opened read-only writes nothing while opening: take the write lock
        once (not waiting for another writer), so such a file is known as read-only now, not
        at the first hand."""
        self.db.execute("PRAGMA busy_timeout = 0")
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:  # the same value again, rolled back: nothing changes
                self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            finally:
                self.db.execute("ROLLBACK")
        except sqlite3.OperationalError as exc:
            if self.error(exc).code != "store_busy":  # another writer is at it: writable
                raise
        finally:
            self.db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")

    def _schema_version(self) -> int:
        try:
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            tables = self.db.table_names()
        except sqlite3.OperationalError:
            raise  # the disk or the permissions, not the file: diagnosed by the caller
        except sqlite3.DatabaseError as exc:
            raise StoreError("store_not_scorepad", path=str(self.path), reason=str(exc)) from None
        if version == 0 and tables:
            raise StoreError("store_no_schema", path=str(self.path))
        return version

    def _create(self) -> None:
        """A new file gets the schema; two processes creating it at once take turns."""
        with self.write() as db:
            if db.execute("PRAGMA user_version").fetchone()[0] == 0:
                create_schema(db)

    def _upgrade(self) -> None:
        """Copy the file aside (scorepad.db.bak-vN), then migrate step by step in one transaction."""
        with self.write() as db:
            found = db.execute("PRAGMA user_version").fetchone()[0]
            if found >= SCHEMA_VERSION:
                return  # another process upgraded it while we waited
            backup = self._backup(found)
            steps = {1: migrate_v1_to_v2, 2: migrate_v2_to_v3, 3: migrate_v3_to_v4, 4: migrate_v4_to_v5,
                     5: migrate_v5_to_v6, 6: migrate_v6_to_v7}
            try:
                while found < SCHEMA_VERSION:
                    steps[found](db, self._canonical_hands, self._evening_table, self._stored_table)
                    found += 1
            except ScorepadError as exc:
                raise StoreError("store_upgrade_failed", path=str(self.path), found=found, reason=str(exc),
                                 backup=backup.name) from None
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _backup(self, version: int) -> Path:
        """A consistent copy of the file as it is (WAL included) beside it, never overwriting one."""
        target = self.path.with_name(f"{self.path.name}.bak-v{version}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.bak-v{version}.{n}")
        partial = target.with_name(target.name + ".part")
        # our connection holds the write lock, and SQLite won't back up from a connection
        # that is writing: a second connection reads the file (readers are still allowed)
        source = connect(self.path, self.busy_timeout)
        copy = connect(partial, self.busy_timeout)
        try:
            source.backup(copy)
        finally:
            copy.close()
            source.close()
        os.replace(partial, target)
        return target

    # -- transactions ----------------------------------------------------------------------

    @contextmanager
    def write(self) -> Iterator[Database]:
        """One write transaction: BEGIN IMMEDIATE (waits for another writer), commit or roll back."""
        if self.read_only is not None:
            raise self.read_only
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                self.db.commit()
            except BaseException:
                self.db.rollback()
                raise
            for hook in AFTER_COMMIT:
                hook()

    @contextmanager
    def read(self) -> Iterator[Database]:
        """One read transaction: every query inside sees the same committed state."""
        with self.lock:
            if self.db.conn.in_transaction:  # nested in a write: already consistent
                yield self.db
                return
            self.db.execute("BEGIN")
            try:
                yield self.db
            finally:
                self.db.rollback()

    # -- players ---------------------------------------------------------------------------

    def player(self, name: str) -> dict | None:
        return find_player(self.db, name)

    def player_id(self, name: str) -> tuple[int, str]:
        """The player called `name` (any case), created if new: (id, stored spelling)."""
        row = find_player(self.db, name)
        if row:
            return row["id"], row["name"]
        return add_player(self.db, name), name

    def rename_player(self, player_id: int, name: str) -> None:
        self.db.execute("UPDATE players SET name = ?, name_key = ? WHERE id = ?",
                        [name, name_key(name), player_id])

    def players(self) -> list[dict]:
        return list(self.db.query(
            "SELECT p.id, p.name, count(s.evening_id) AS evenings FROM players p "
            "LEFT JOIN seats s ON s.player_id = p.id GROUP BY p.id ORDER BY p.name_key"))

    def evenings_of(self, player_id: int) -> list[int]:
        return [r["evening_id"] for r in self.db.query(
            "SELECT evening_id FROM seats WHERE player_id = ? ORDER BY evening_id", [player_id])]

    # -- evenings --------------------------------------------------------------------------

    def create_evening(self, row: dict, player_ids: list[int]) -> int:
        evening_id = self.db["evenings"].insert(row).last_pk
        self.db["seats"].insert_all(
            {"evening_id": evening_id, "position": i, "player_id": pid} for i, pid in enumerate(player_ids))
        return evening_id

    def evening(self, evening_id: int) -> dict:
        """The evening's row with `players` (names, clockwise) and `first_dealer` as a name."""
        if not in_sqlite_range(evening_id):
            raise NotFoundError("no_evening", evening=evening_id)
        rows = list(self.db.query(EVENING_SELECT + " WHERE id = ?", [evening_id]))
        if not rows:
            raise NotFoundError("no_evening", evening=evening_id)
        row = rows[0]
        for key in ("options", "rule_table"):  # text if it is text; damaged bytes stay bytes
            try:
                row[key] = row[key].decode("utf-8")
            except (AttributeError, UnicodeDecodeError):
                pass
        seats = list(self.db.query(
            "SELECT p.id, p.name FROM seats s JOIN players p ON p.id = s.player_id "
            "WHERE s.evening_id = ? ORDER BY s.position", [evening_id]))
        row["players"] = [s["name"] for s in seats]
        row["first_dealer"] = next((s["name"] for s in seats if s["id"] == row["first_dealer"]), None)
        return row

    def data_version(self) -> int:
        """A number that changes whenever another connection (another process) commits to the file."""
        with self.lock:
            return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def marks(self) -> dict[int, tuple[int, str | None]]:
        """Per evening, what a change moves: its version and when its PIN was last set."""
        return {r[0]: (r[1], r[2]) for r in self.db.execute(
            "SELECT e.id, e.version, p.updated_at FROM evenings e LEFT JOIN pins p ON p.evening_id = e.id")}

    def evenings_at(self, ruleset: str) -> list[tuple[int, str]]:
        """The evenings played at the rule table `ruleset`: (id, options as stored)."""
        return [(r[0], r[1]) for r in self.db.execute("SELECT id, options FROM evenings WHERE ruleset = ? ORDER BY id",
                                                      [ruleset])]

    def evening_list(self) -> list[dict]:
        rows = list(self.db.query(
            "SELECT e.id, e.started_at, e.ruleset, e.game, e.place, e.finished, e.version, "
            "(SELECT count(*) FROM hands h WHERE h.evening_id = e.id) AS hands "
            "FROM evenings e ORDER BY e.id"))
        seats: dict[int, list[str]] = {}
        for s in self.db.query("SELECT s.evening_id, p.name FROM seats s JOIN players p ON p.id = s.player_id "
                               "ORDER BY s.evening_id, s.position"):
            seats.setdefault(s["evening_id"], []).append(s["name"])
        for row in rows:
            row["players"] = seats.get(row["id"], [])
        return rows

    def set_finished(self, evening_id: int, finished: bool) -> None:
        self.db.execute("UPDATE evenings SET finished = ?, finished_at = ? WHERE id = ?",
                        [int(finished), now() if finished else None, evening_id])

    def set_rules(self, evening_id: int, game: str, options_json: str, rule_table_json: str) -> None:
        """The evening's rule table replaced (its hands stay as entered)."""
        self.db.execute("UPDATE evenings SET game = ?, options = ?, rule_table = ? WHERE id = ?",
                        [game, options_json, rule_table_json, evening_id])

    # -- hands -----------------------------------------------------------------------------

    def hand_count(self, evening_id: int) -> int:
        row = self.db.execute("SELECT max(number) FROM hands WHERE evening_id = ?", [evening_id]).fetchone()
        return row[0] or 0

    def hands(self, evening_id: int) -> list[Any]:
        """Every hand as entered, in order (hand 1 first). A damaged row (not UTF-8, not JSON)
        or a gap in the numbers refuses naming the evening and the hand (see `check`)."""
        cur = self.db.execute("SELECT number, CAST(data AS BLOB) FROM hands WHERE evening_id = ? ORDER BY number",
                              [evening_id])
        out = []
        for number, data in cur:
            if number != len(out) + 1:
                raise StoreError("hands_gap", evening=evening_id, number=len(out) + 1, before=len(out), after=number)
            out.append(self._hand_value(evening_id, number, data))
        return out

    def hand(self, evening_id: int, number: int) -> Any:
        row = None
        if in_sqlite_range(number):
            row = self.db.execute("SELECT CAST(data AS BLOB) FROM hands WHERE evening_id = ? AND number = ?",
                                  [evening_id, number]).fetchone()
        if row is None:
            raise NotFoundError("no_hand", evening=evening_id, number=number, count=self.hand_count(evening_id))
        return self._hand_value(evening_id, number, row[0])

    @staticmethod
    def _hand_value(evening_id: int, number: int, data: bytes | None) -> Any:
        try:
            return json.loads(data)  # bytes: decoded as UTF-8
        except (TypeError, ValueError, RecursionError):
            raise StoreError("hand_damaged", evening=evening_id, number=number,
                             reason=damage(data) or "unreadable") from None

    def insert_hand(self, evening_id: int, number: int, hand: Any) -> None:
        """Put a hand in at `number`; hands from there on move up by one."""
        if number <= self.hand_count(evening_id):
            self._shift(evening_id, number, +1)
        self.db["hands"].insert({"evening_id": evening_id, "number": number, "data": dumps(hand)})

    def replace_hand(self, evening_id: int, number: int, hand: Any) -> None:
        self.db.execute("UPDATE hands SET data = ? WHERE evening_id = ? AND number = ?",
                        [dumps(hand), evening_id, number])

    def remove_hand(self, evening_id: int, number: int) -> None:
        """Take hand `number` out; later hands move down by one, leaving no gap."""
        self.db.execute("DELETE FROM hands WHERE evening_id = ? AND number = ?", [evening_id, number])
        self._shift(evening_id, number + 1, -1)

    def _shift(self, evening_id: int, start: int, step: int) -> None:
        """Renumber hands >= start by step, through negative numbers so no two collide."""
        self.db.execute("UPDATE hands SET number = -(number + ?) WHERE evening_id = ? AND number >= ?",
                        [step, evening_id, start])
        self.db.execute("UPDATE hands SET number = -number WHERE evening_id = ? AND number < 0", [evening_id])

    def insert_hands(self, evening_id: int, hands: list[Any]) -> None:
        self.db["hands"].insert_all(
            {"evening_id": evening_id, "number": n, "data": dumps(h)} for n, h in enumerate(hands, 1))

    # -- the change log --------------------------------------------------------------------

    def log_change(self, evening_id: int, version: int, action: str, number: int | None = None,
                   old: Any = None, new: Any = None, undoes: int | None = None,
                   device: str | None = None) -> int:
        """Append one change and move the evening from `version` to version + 1: the new version.

        The update is conditional on the version, so a change can never be written twice over.
        """
        cur = self.db.execute("UPDATE evenings SET version = version + 1 WHERE id = ? AND version = ?",
                              [evening_id, version])
        if cur.rowcount != 1:
            raise StoreError("written_meanwhile", evening=evening_id)
        self.db["changes"].insert({
            "evening_id": evening_id, "version": version + 1, "at": now(), "action": action,
            "number": number, "old": None if old is None else dumps(old),
            "new": None if new is None else dumps(new), "undoes": undoes, "device": device,
        })
        return version + 1

    def changes(self, evening_id: int, actions: tuple[str, ...] | None = None) -> list[dict]:
        sql = "SELECT * FROM changes WHERE evening_id = ?"
        params: list[Any] = [evening_id]
        if actions:
            sql += f" AND action IN ({', '.join('?' * len(actions))})"
            params += list(actions)
        rows = list(self.db.query(sql.replace("SELECT *", CHANGE_SELECT) + " ORDER BY id", params))
        for row in rows:
            self._change_values(row)
        return rows

    def last_device(self, evening_id: int) -> str | None:
        """The phone that made the evening's last change (None: the command line, or none yet)."""
        row = self.db.execute("SELECT device FROM changes WHERE evening_id = ? ORDER BY id DESC LIMIT 1",
                              [evening_id]).fetchone()
        return None if row is None else row[0]

    def change(self, change_id: int) -> dict:
        row = next(iter(self.db.query(CHANGE_SELECT + " FROM changes WHERE id = ?", [change_id])))
        return self._change_values(row)

    @staticmethod
    def _change_values(row: dict) -> dict:
        """old and new decoded; a damaged one is None, with `damaged` saying what is wrong."""
        row["damaged"] = None
        for key in ("old", "new"):
            data = row[key]
            try:
                row[key] = None if data is None else json.loads(data)
            except (ValueError, RecursionError):
                row["damaged"] = damage(data)
                row[key] = None
        return row

    # -- drafts ------------------------------------------------------------------------------

    def draft(self, evening_id: int, device: str) -> Any:
        """The phone's draft; a draft from before drafts were per phone (device '') is
        offered to whichever phone asks first, until that phone saves its own."""
        row = self.db.execute("SELECT data FROM drafts WHERE evening_id = ? AND device IN (?, '') "
                              "ORDER BY device = '' LIMIT 1", [evening_id, device]).fetchone()
        return loads(row[0]) if row else None

    def save_draft(self, evening_id: int, device: str, data: Any) -> None:
        self.db["drafts"].upsert({"evening_id": evening_id, "device": device, "data": dumps(data),
                                  "updated_at": now()}, pk=("evening_id", "device"))
        if device:
            self.db.execute("DELETE FROM drafts WHERE evening_id = ? AND device = ''", [evening_id])

    def clear_draft(self, evening_id: int, device: str) -> None:
        self.db.execute("DELETE FROM drafts WHERE evening_id = ? AND device IN (?, '')", [evening_id, device])

    # -- checkpoints --------------------------------------------------------------------------

    def checkpoint(self, evening_id: int) -> tuple[int, int, str, bytes] | None:
        """The evening's checkpoint as stored (version, hands, seal, state as bytes), or None."""
        row = self.db.execute("SELECT version, hands, seal, CAST(state AS BLOB) FROM checkpoints "
                              "WHERE evening_id = ?", [evening_id]).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3])

    def save_checkpoint(self, evening_id: int, version: int, hands: int, seal: str, state: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO checkpoints (evening_id, version, hands, seal, state, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)", [evening_id, version, hands, seal, state, now()])

    def hand_text(self, evening_id: int, number: int) -> bytes | None:
        """Hand `number` as stored (bytes, not decoded), or None."""
        row = self.db.execute("SELECT CAST(data AS BLOB) FROM hands WHERE evening_id = ? AND number = ?",
                              [evening_id, number]).fetchone()
        return None if row is None else bytes(row[0]) if row[0] is not None else None

    # -- PINs -------------------------------------------------------------------------------

    def pin(self, evening_id: int) -> str:
        row = self.db.execute("SELECT pin FROM pins WHERE evening_id = ?", [evening_id]).fetchone()
        if row is None:  # an evening from before PINs: it gets one now
            pin = new_pin()
            self.set_pin(evening_id, pin)
            return pin
        return row[0]

    def pin_key(self, evening_id: int) -> str | None:
        """The evening's PIN and when it was set, as one text (the key of its pen tokens: a new
        PIN, even the same digits again, revokes them); None for an evening without a PIN yet."""
        row = self.db.execute("SELECT pin, updated_at FROM pins WHERE evening_id = ?", [evening_id]).fetchone()
        return None if row is None else f"{row[0]}|{row[1]}"

    def pin_setter(self, evening_id: int) -> tuple[str | None, str | None]:
        """The phone that set the evening's current PIN (started the evening or typed a new
        one; None if the command line set it, or it was made before the phone was noted), and
        when (ISO time, UTC)."""
        row = self.db.execute("SELECT device, updated_at FROM pins WHERE evening_id = ?", [evening_id]).fetchone()
        return (None, None) if row is None else (row[0], row[1])

    def set_pin(self, evening_id: int, pin: str, device: str | None = None) -> None:
        """A new PIN (set by the phone `device`, if a phone set it); its time (to the
        microsecond, never the same as before) is part of the pen tokens' key, so setting even
        the same digits again revokes every token."""
        before = self.pin_key(evening_id)
        while True:
            stamp = datetime.now(UTC).isoformat(timespec="microseconds")
            if before is None or before != f"{pin}|{stamp}":
                break
        self.db["pins"].upsert({"evening_id": evening_id, "pin": pin, "updated_at": stamp, "device": device},
                               pk="evening_id")

    def pin_tries(self, evening_id: int) -> dict[str, Any] | None:
        """The evening's wrong PINs (tokens left, when counted, how many, the last one's time), or None."""
        row = self.db.execute("SELECT tokens, at, wrong, last_wrong FROM pin_tries WHERE evening_id = ?",
                              [evening_id]).fetchone()
        return None if row is None else {"tokens": row[0], "at": row[1], "wrong": row[2], "last_wrong": row[3]}

    def save_pin_tries(self, evening_id: int, tokens: float, at: float, wrong: int, last_wrong: float | None) -> None:
        self.db["pin_tries"].upsert({"evening_id": evening_id, "tokens": tokens, "at": at, "wrong": wrong,
                                     "last_wrong": last_wrong}, pk="evening_id")

    # -- house rules ---------------------------------------------------------------------------

    def house_rules(self) -> list[dict]:
        rows = self.db.execute("SELECT id, name, base, options, created_at FROM house_rules ORDER BY name_key")
        return [{"id": r[0], "name": r[1], "base": r[2], "options": loads(r[3]), "created_at": r[4]} for r in rows]

    def house_rule(self, name: str) -> dict | None:
        return next((r for r in self.house_rules() if r["name"].casefold() == name.casefold()), None)

    def save_house_rules(self, name: str, base: str, options: Any) -> int:
        """A new variant, or the one of that name replaced."""
        existing = self.house_rule(name)
        row = {"name": name, "name_key": name.casefold(), "base": base, "options": dumps(options), "created_at": now()}
        if existing:
            self.db["house_rules"].update(existing["id"], row)
            return existing["id"]
        return self.db["house_rules"].insert(row).last_pk

    def integrity(self) -> str:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0]
