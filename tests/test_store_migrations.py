"""The schema's migrations are one ordered, named list (scorepad.store.schema.MIGRATIONS): each
step makes the next schema version, and a file upgraded through them has the tables, columns,
indexes and triggers of a file created new."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from scorepad.app import App
from scorepad.store import MIGRATIONS, SCHEMA_VERSION, pending

pytestmark = pytest.mark.store

FIXTURES = Path(__file__).parent / "fixtures"


def test_each_migration_makes_the_next_schema_version_in_order_and_has_its_own_name():
    assert [m.version for m in MIGRATIONS] == list(range(2, SCHEMA_VERSION + 1))
    names = [m.name for m in MIGRATIONS]
    assert all(names) and len(set(names)) == len(names)


@pytest.mark.parametrize("found", range(1, SCHEMA_VERSION + 1))
def test_a_file_of_schema_n_gets_the_steps_after_n_oldest_first(found):
    assert [m.version for m in pending(found)] == list(range(found + 1, SCHEMA_VERSION + 1))


def shape(path: Path) -> dict[str, object]:
    """The file's tables with their columns (name, type, not null, default, key), its indexes
    with their columns and its triggers by name."""
    conn = sqlite3.connect(path)
    try:
        objects = conn.execute("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
                               " ORDER BY name").fetchall()
        out: dict[str, object] = {"user_version": conn.execute("PRAGMA user_version").fetchone()[0]}
        for kind, name, table in objects:
            if kind == "table":
                out[name] = sorted(tuple(c[1:]) for c in conn.execute(f"PRAGMA table_info('{name}')"))
            elif kind == "index":
                out[name] = (table, [c[2] for c in conn.execute(f"PRAGMA index_info('{name}')")])
            else:
                out[name] = (kind, table)
        return out
    finally:
        conn.close()


@pytest.mark.parametrize("schema", [1, 2, 3, 4, 7, 8, 9])
def test_a_file_upgraded_from_schema_n_has_the_shape_of_a_new_file(tmp_path, schema):
    new = tmp_path / "new.db"
    App.open(new).close()
    old = tmp_path / "old.db"
    shutil.copyfile(FIXTURES / f"scorepad-v{schema}.db", old)
    App.open(old).close()
    assert shape(old) == shape(new)
