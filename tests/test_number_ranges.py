"""Every number of a table, option or hand has a documented range (issue 24 item 5;
docs/rulesets.md "Numbers", docs/session-format.md): money in cents at most 10,000,000, a factor
at most 100, any other number at most 2**53 - 1 in size (what a browser holds exactly); a hand's
numbers have their game's ranges. Outside one, one line names the key (and the hand)."""

from __future__ import annotations

import json

import pytest
from cli_runner import dump, ok, refused
from conftest import SK4

from scorepad.tables import MAX_CENTS, MAX_SAFE, builtin_tables, get_table, number_problems, table_as_dict

pytestmark = pytest.mark.unit

HUGE = 2**70


def session_file(tmp_path, **changes):
    data = {"format": 1, "ruleset": "schafkopf", "players": SK4,
            "hands": [{"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": 70}], **changes}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_tariff_beyond_what_a_browser_holds_is_refused_by_replay_import_and_start(db, tmp_path, capsys):
    line = f"options.contracts.sauspiel.tariff: must be {MAX_CENTS} or less (got {HUGE})"
    options = {"contracts": {"sauspiel": {"tariff": HUGE}}}
    path = session_file(tmp_path, options=options)
    assert refused(capsys, "replay", path) == line
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    before = dump(db)
    assert refused(capsys, "--db", db, "import", path) == line
    assert refused(capsys, "--db", db, "start", "schafkopf", *SK4, "--options", json.dumps(options)) == line
    assert dump(db) == before


@pytest.mark.parametrize("options, line", [
    ({"contracts": {"solo": {"schwarz": MAX_CENTS + 1}}}, f"contracts.solo.schwarz: must be {MAX_CENTS} or less"),
    ({"laufende": {"value": MAX_CENTS + 1}}, f"laufende.value: must be {MAX_CENTS} or less"),
    ({"stock": {"stake": MAX_CENTS + 1}}, f"stock.stake: must be {MAX_CENTS} or less"),
    ({"bock": {"factor": 101}}, "bock.factor: must be 100 or less"),
    ({"kontra_chain": [{"key": "kontra", "name": "Kontra", "by": "opponents", "factor": 1000}]},
     "kontra_chain[0].factor: must be 100 or less"),
    ({"tariff_sets": [{"name": "x", "tariffs": {"sauspiel": MAX_CENTS + 1}}]},
     f"tariff_sets[0].tariffs.sauspiel: must be {MAX_CENTS} or less"),
])
def test_a_table_number_outside_its_range_is_refused_naming_its_key(tmp_path, capsys, options, line):
    assert refused(capsys, "replay", session_file(tmp_path, options=options)).startswith(f"options.{line}")


def test_any_other_number_of_a_table_is_at_most_what_a_browser_holds(tmp_path, capsys):
    options = {"fleisch": {"trog": {"schlachtung": {"points": MAX_SAFE + 1}}}}
    path = session_file(tmp_path, ruleset="saukopf", options=options, hands=[])
    assert refused(capsys, "replay", path) == (
        f"options.fleisch.trog.schlachtung.points: must be {MAX_SAFE} or less (got {MAX_SAFE + 1})")
    options["fleisch"]["trog"]["schlachtung"]["points"] = MAX_SAFE
    ok(capsys, "replay", session_file(tmp_path, ruleset="saukopf", options=options, hands=[]))


def test_a_variant_file_outside_the_ranges_is_refused_by_check_and_import(db, tmp_path, capsys):
    path = tmp_path / "gross.toml"
    path.write_text(f'extends = "schafkopf"\nname = "Gross"\n[contracts.sauspiel]\ntariff = {HUGE}\n', encoding="utf-8")
    line = f"{path}: contracts.sauspiel.tariff: must be {MAX_CENTS} or less (got {HUGE})"
    assert refused(capsys, "rulesets", "check", path) == line
    assert refused(capsys, "--db", db, "rulesets", "import", path) == line


def test_every_built_in_table_is_within_the_ranges():
    """The ranges leave every shipped table (and so every file made with one) as it was."""
    for table in builtin_tables().values():
        assert list(number_problems(table_as_dict(table))) == [], table.id


@pytest.mark.parametrize("hand, line", [
    ({"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": HUGE}, f"hand 2: augen: must be 0..120 (got {HUGE})"),
    ({"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": 70, "klopfer": HUGE},
     f"hand 2: klopfer: is the number of players who knocked: 0..4 (got {HUGE})"),
])
def test_a_hand_number_outside_its_range_names_the_hand_and_the_key(tmp_path, capsys, hand, line):
    path = session_file(tmp_path, hands=[{"passed": True}, hand])
    assert refused(capsys, "replay", path) == line


def test_an_evening_stored_before_the_ranges_still_opens(db, capsys):
    """A stored rule table is not held to the ranges (they came later): the old evening opens."""
    import sqlite3

    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    table = table_as_dict(get_table("schafkopf"))
    table["contracts"]["sauspiel"]["tariff"] = HUGE
    conn = sqlite3.connect(db)
    conn.execute("UPDATE evenings SET rule_table = ? WHERE id = 1", [json.dumps(table)])
    conn.commit()
    conn.close()
    out = json.loads(ok(capsys, "--db", db, "add", 1, json.dumps(
        {"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": 70})))
    assert out["standings"]["Hias"]["geld"] == HUGE
