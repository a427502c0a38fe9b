"""An evening started before the Schafkopf house rules of issue 12 scores and exports as it did:
its stored table lacks `tout.value`, `won_by`, `partner_is` and the switched-off house games
(Hochzeit, Bettel, Bettel Brett) the built-in table has now."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import SK4

from scorepad.app import App
from scorepad.engine import replay
from scorepad.tables import get_table, table_as_dict, with_options

pytestmark = pytest.mark.store

FIXTURES = Path(__file__).parent / "fixtures"
NEW_CONTRACTS = ("hochzeit", "bettel", "bettel_brett")


def as_stored_before(table) -> str:
    """The table as an evening stored it before issue 12 (`table_as_dict` of the old model)."""
    raw = table_as_dict(table)
    raw["contracts"] = {cid: {k: v for k, v in c.items() if k not in ("won_by", "partner_is", "with_laufende")}
                        for cid, c in raw["contracts"].items() if cid not in NEW_CONTRACTS}
    raw["tout"].pop("value")
    raw["laufende"].pop("counted_for")
    for key in ("durchmarsch_value", "jungfrau_doubles"):
        raw["ramsch"].pop(key)
    return json.dumps(raw)


def test_an_evening_from_before_with_tout_on_keeps_the_tout_worth_the_game_won_schwarz(tmp_path):
    """Wenz-Tout won as it was scored then: (0,50 + 0,50 + 0,50) x 2 = 3,00 € from each opponent
    (today's default, the common rule, would be 1,00 €)."""
    path = tmp_path / "scorepad.db"
    with App.open(path) as app:
        evening = app.start_evening("schafkopf", SK4, options={"tout": {"enabled": True}})
        app.add_hand(evening.id, {"game": "wenz", "player": "Vroni", "result": "won_schwarz", "tout": True})
        assert app.show(evening.id).standings["Vroni"] == {"geld": 300}  # a new evening: the common rule
    old = as_stored_before(with_options(get_table("schafkopf"), {"tout": {"enabled": True}}))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE evenings SET rule_table = ? WHERE id = ?", [old, evening.id])
    with App.open(path) as app:
        assert app.show(evening.id).standings["Vroni"] == {"geld": 900}
        session = app.session(evening.id)
        assert session["options"] == {"tout": {"enabled": True, "value": "schwarz"}}
        again = replay(with_options(get_table("schafkopf"), session["options"]), SK4, session["hands"])
        assert again.standings["Vroni"] == {"geld": 900}
        table = app.table(evening.id)
        assert table.contracts["sauspiel"].partner_is == "hat die gerufene Sau"


def test_an_evening_from_the_schema_3_file_exports_with_only_what_its_table_said(tmp_path):
    """The built-in table gained switched-off contracts, seats for five and six and tariff sets
    since: none of them scores a hand of four, so the old evening is today's built-in table
    with one option, the one thing its own table said otherwise: four players."""
    path = tmp_path / "scorepad.db"
    shutil.copy(FIXTURES / "scorepad-v3.db", path)
    with App.open(path) as app:
        [evening] = app.list_evenings()
        session = app.session(evening.id)
        assert session["options"] == {"players": [4]}
        again = replay(with_options(get_table("schafkopf"), session["options"]), session["players"],
                       session["hands"], session["first_dealer"])
        assert again.standings == app.show(evening.id).standings
