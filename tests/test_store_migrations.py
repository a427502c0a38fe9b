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


@pytest.mark.parametrize("schema", [1, 2, 3, 4, 7, 8, 9, 10, 11])
def test_a_file_upgraded_from_schema_n_has_the_shape_of_a_new_file(tmp_path, schema):
    new = tmp_path / "new.db"
    App.open(new).close()
    old = tmp_path / "old.db"
    shutil.copyfile(FIXTURES / f"scorepad-v{schema}.db", old)
    App.open(old).close()
    assert shape(old) == shape(new)


def test_a_file_of_schema_10_upgrades_with_its_variants_as_they_were_made_by_the_serving_machine(tmp_path):
    """scorepad-v10.db (tests/fixtures/make_schema_v10.py): "Stammtisch Huber" played by an
    evening, "Clubabend" by a tournament not drawn yet. After the upgrade both are as they were,
    the evening scores the same, and no phone replaces either (they count as the machine's)."""
    from scorepad.app.caller import Caller
    from scorepad.app.errors import PenError

    path = tmp_path / "v10.db"
    shutil.copyfile(FIXTURES / "scorepad-v10.db", path)
    conn = sqlite3.connect(path)
    before = conn.execute("SELECT name, base, options FROM house_rules ORDER BY name").fetchall()
    conn.close()
    with App.open(path) as app:
        assert [(v.name, v.base) for v in app.house_rules()] == [(n, b) for n, b, _ in before]
        [evening] = app.list_evenings()
        assert app.show(evening.id).standings["Vroni"] == {"geld": 10}  # a Sauspiel won at the variant's tariff 10
        for name, base in (("Stammtisch Huber", "schafkopf"), ("Clubabend", "preisschafkopf-5-10-15")):
            with pytest.raises(PenError):
                app.save_house_rules(name, base, {"contracts": {"sauspiel": {"tariff": 50}}},
                                     caller=Caller("a-phone", address="192.0.2.66"))
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT name, base, options FROM house_rules ORDER BY name").fetchall() == before
    assert conn.execute("SELECT count(*) FROM house_rules WHERE made_by IS NOT NULL").fetchone()[0] == 0
    conn.close()


def test_a_file_of_schema_11_upgrades_with_its_tournaments_as_they_were_one_count_of_games_and_no_fee(tmp_path):
    """scorepad-v11.db (tests/fixtures/make_schema_v11.py): "Kirta" (Preisschafkopf, 2 games a
    table and round; round 2 being played) and "Skatabend" (Skat at a four and a three, 3 games;
    a game lost). After the upgrade each keeps its rows, every table plays its one count, no fee
    is owed, each player's points are what the tables' lists say, and a table still takes no
    game beyond the count."""
    from scorepad.app.errors import EveningClosedError

    path = tmp_path / "v11.db"
    shutil.copyfile(FIXTURES / "scorepad-v11.db", path)
    conn = sqlite3.connect(path)
    columns = ", ".join(c[1] for c in conn.execute("PRAGMA table_info('tournaments')"))
    before = conn.execute(f"SELECT {columns} FROM tournaments ORDER BY id").fetchall()
    tables = conn.execute("SELECT tournament_id, round, number, evening_id FROM tournament_tables").fetchall()
    conn.close()
    with App.open(path) as app:
        infos = app.list_tournaments()
        assert [(t.name, t.games, t.table_games, t.fees) for t in infos] == [(r[1], r[5], {}, []) for r in before]
        for info in infos:
            progress = app.tournament_progress(info.id)
            assert [(t.round, t.table, t.evening) for t in progress] == \
                [(r, n, e) for tid, r, n, e in tables if tid == info.id]
            assert {t.games for t in progress} == {info.games}
            assert [t.played for t in progress] == [len(app.hands(t.evening)) for t in progress]
            points: dict[str, int] = {}
            for t in progress:
                for name, tallies in app.show(t.evening).standings.items():
                    points[name] = points.get(name, 0) + tallies[info.tally]
            standings = app.tournament_standings(info.id)
            assert {s.name: s.points for s in standings} == {p.name: points.get(p.name, 0) for p in info.players}
            assert {s.fees for s in standings} == {0} and app.tournament_fees(info.id).total == 0
        skat = next(t for t in infos if t.name == "Skatabend")
        full = next(t for t in app.tournament_progress(skat.id) if t.played < t.games)
        app.add_hand(full.evening, {"eingepasst": True})
        with pytest.raises(EveningClosedError):
            app.add_hand(full.evening, {"eingepasst": True})
    conn = sqlite3.connect(path)
    assert conn.execute(f"SELECT {columns} FROM tournaments ORDER BY id").fetchall() == before
    assert conn.execute("SELECT DISTINCT table_games, fees FROM tournaments").fetchall() == [("{}", "[]")]
    conn.close()
