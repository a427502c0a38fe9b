"""Opening a scorepad file and keeping it sound: every connection with the same durability
(`connect`), a new file created, an older one upgraded after a copy is kept, a newer or foreign
one refused, a failure of SQLite or the disk said as one clear line (`Store.error`), a file
that cannot be written opened for reading only, and the read and write transactions.

Writes run in `BEGIN IMMEDIATE` transactions with a busy timeout, so two processes writing
the same file take turns instead of losing a hand; WAL mode with `synchronous=FULL` keeps
every committed transaction through a crash.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from scorepad.errors import ScorepadError
from scorepad.store.errors import StoreError
from scorepad.store.organisers import OrganiserRows
from scorepad.store.rows import Rows
from scorepad.store.schema import SCHEMA_VERSION, LayerAbove, create_schema, pending
from scorepad.store.tournaments import TournamentRows

# what keeps a file from being written (it can still be read)
WRITE_PROBLEMS = ("store_disk_full", "store_read_only", "store_io_error")
BUSY_TIMEOUT_S = 10.0
ENV_VAR = "SCOREPAD_DB"
# called after every committed write transaction: the browser build (scorepad/staticsite) writes
# the file back to the browser's own storage there; empty everywhere else
AFTER_COMMIT: list[Callable[[], None]] = []
# below this much free space, a write failure of the disk is a full disk
LOW_SPACE_BYTES = 1 << 20


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


class Store(Rows, TournamentRows, OrganiserRows):
    """One open scorepad file. Reads and writes go through `read()` / `write()` transactions;
    the rows are read and written by the methods of `Rows` (scorepad.store.rows) and, for
    tournaments, of `TournamentRows` (scorepad.store.tournaments).

    `canonical_hands`, `evening_table` and `stored_table` are what the schema's migrations ask
    the layer above (scorepad.store.schema.LayerAbove)."""

    def __init__(self, path: str | Path | None = None, busy_timeout: float = BUSY_TIMEOUT_S,
                 canonical_hands: Callable[[dict[str, Any], dict[str, str]], list[Any]] | None = None,
                 evening_table: Callable[[str, list[str], str | None, dict[str, Any]], Any] | None = None,
                 stored_table: Callable[[dict[str, Any]], dict[str, Any]] | None = None):
        self.path = Path(path) if path is not None else default_db_path()
        self.busy_timeout = busy_timeout
        self.lock = threading.RLock()
        self._writing = 0  # write transactions open on this connection (a nested one joins the outer)
        self._above = LayerAbove(evening_table=evening_table, stored_table=stored_table,
                                 **({"canonical_hands": canonical_hands} if canonical_hands else {}))
        # why the file can only be read (a StoreError), or None: writes then refuse with it
        self.read_only: StoreError | None = None
        self._db: Database | None = None
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

    @property
    def db(self) -> Database:
        """The open file (sqlite-utils' Database over the connection)."""
        if self._db is None:
            raise StoreError("store_cannot_open", path=str(self.path), reason="not open")
        return self._db

    @db.setter
    def db(self, db: Database) -> None:
        self._db = db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()

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
            self._db = None
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
            version: int = self.db.execute("PRAGMA user_version").fetchone()[0]
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
            try:
                for migration in pending(found):
                    migration.step(db, self._above)
                    found = migration.version
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
    def write(self, durable: bool = True) -> Iterator[Database]:
        """One write transaction: BEGIN IMMEDIATE (waits for another writer), commit or roll back;
        one opened inside another joins it (committed or rolled back with it).
        Not `durable` (a phone's draft of the hand it is entering, written at every tap): the
        commit does not wait for the disk (`synchronous = NORMAL` for this one transaction; a
        power cut may lose it, a killed process does not, and the next durable commit syncs it
        too); the connection is FULL again after it."""
        if self.read_only is not None:
            raise self.read_only
        with self.lock:
            if self._writing:  # inside another write (a whole draw): part of it, all or nothing
                self._writing += 1
                try:
                    yield self.db
                finally:
                    self._writing -= 1
                return
            if not durable:
                self.db.execute("PRAGMA synchronous = NORMAL")
            try:
                self.db.execute("BEGIN IMMEDIATE")
                self._writing = 1
                try:
                    yield self.db
                    self.db.commit()
                except BaseException:
                    self.db.rollback()
                    raise
            finally:
                self._writing = 0
                if not durable:
                    self.db.execute("PRAGMA synchronous = FULL")
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

    def data_version(self) -> int:
        """A number that changes whenever another connection (another process) commits to the file."""
        with self.lock:
            return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def integrity(self) -> str:
        result: str = self.db.execute("PRAGMA integrity_check").fetchone()[0]
        return result
