"""The SQLite store: one file holds every player, evening, hand and change.

Only storage lives here; what a hand means is the engine's business and is checked by
`scorepad.app` before anything is committed. One module per job:

    opening   the file: connections and their durability, creating, upgrading (after a copy
              is kept), refusing a newer or foreign file, SQLite's and the disk's failures as
              one clear line, a file that cannot be written read only; transactions (`Store`)
    schema    the tables (`create_schema`) and MIGRATIONS, the one ordered, named list of
              steps from schema 1 to SCHEMA_VERSION
    rows      reading and writing the rows, inside a transaction (`Rows`, which `Store` is)
    tournaments  a tournament's rows: its players, rounds and tables (`TournamentRows`, which
              `Store` is too)
    organisers  the organiser's phones: the one-time code, its tries, the phones' token hashes
              (`OrganiserRows`, which `Store` is too)
    values    how a value is kept: JSON, times, SQLite's integers, PINs
    errors    StoreError and NotFoundError

Every public name is importable from `scorepad.store` itself.
"""

from scorepad.store.errors import NotFoundError, StoreError
from scorepad.store.opening import (
    AFTER_COMMIT,
    BUSY_TIMEOUT_S,
    ENV_VAR,
    LOW_SPACE_BYTES,
    WRITE_PROBLEMS,
    Store,
    connect,
    default_db_path,
    free_bytes,
)
from scorepad.store.rows import CHANGE_SELECT, EVENING_SELECT, Rows, add_player, find_player
from scorepad.store.schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    LayerAbove,
    Migration,
    create_drafts,
    create_schema,
    migrate_v1_to_v2,
    migrate_v2_to_v3,
    migrate_v3_to_v4,
    migrate_v4_to_v5,
    migrate_v5_to_v6,
    migrate_v6_to_v7,
    migrate_v7_to_v8,
    migrate_v8_to_v9,
    pending,
)
from scorepad.store.values import SQLITE_MAX, SQLITE_MIN, damage, dumps, in_sqlite_range, loads, new_pin, now

__all__ = [
    "AFTER_COMMIT", "BUSY_TIMEOUT_S", "CHANGE_SELECT", "ENV_VAR", "EVENING_SELECT", "LOW_SPACE_BYTES", "MIGRATIONS",
    "SCHEMA_VERSION", "SQLITE_MAX", "SQLITE_MIN", "WRITE_PROBLEMS", "LayerAbove", "Migration", "NotFoundError",
    "Rows", "Store", "StoreError", "add_player", "connect", "create_drafts", "create_schema", "damage",
    "default_db_path", "dumps", "find_player", "free_bytes", "in_sqlite_range", "loads", "migrate_v1_to_v2",
    "migrate_v2_to_v3", "migrate_v3_to_v4", "migrate_v4_to_v5", "migrate_v5_to_v6", "migrate_v6_to_v7", "migrate_v7_to_v8",
    "migrate_v8_to_v9",
    "new_pin", "now", "pending",
]
