"""House variants: a table's own rules, kept in the store, used for evenings, written out as a
TOML rule table and read back."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest
from conftest import VRONI4

from scorepad.errors import ScorepadError

pytestmark = pytest.mark.store

HUBER = {"contracts": {"sauspiel": {"tariff": 10}}, "laufende": {"enabled": True}}


def test_a_house_variant_is_kept_under_its_name(app):
    app.save_house_rules("Stammtisch Huber", "schafkopf", HUBER)
    [rules] = app.house_rules()
    assert (rules.name, rules.base) == ("Stammtisch Huber", "schafkopf")
    table = app.house_table("stammtisch huber")  # names are found in any case
    assert table.name == "Stammtisch Huber" and table.contracts["sauspiel"].tariff == 10 and table.laufende.enabled


def test_a_wrong_value_is_refused_naming_its_key_and_nothing_is_kept(app):
    with pytest.raises(ScorepadError, match=r"^options.contracts.sauspiel.tariff: must be 0 or more \(got -5\)$"):
        app.save_house_rules("Kaputt", "schafkopf", {"contracts": {"sauspiel": {"tariff": -5}}})
    assert app.house_rules() == []


def test_an_evening_plays_by_the_variant_and_keeps_it_when_the_variant_changes(app):
    rules = app.save_house_rules("Huber", "schafkopf", HUBER)
    evening = app.start_evening(rules.base, VRONI4, options=rules.options)
    app.add_hand(evening.id, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    assert app.show(evening.id).standings["Vroni"] == {"geld": 10}
    app.save_house_rules("Huber", "schafkopf", {"contracts": {"sauspiel": {"tariff": 50}}})
    assert app.show(evening.id).standings["Vroni"] == {"geld": 10}  # the evening's table was copied in
    assert app.evening(evening.id).game == "Huber"


def test_a_variant_is_written_as_a_toml_table_that_extends_its_base(app):
    app.save_house_rules("Stammtisch Huber", "schafkopf", HUBER)
    data = tomllib.loads(app.export_house_rules("Stammtisch Huber"))
    assert data == {"id": "schafkopf-stammtisch-huber", "extends": "schafkopf", "name": "Stammtisch Huber",
                    "contracts": {"sauspiel": {"tariff": 10}}, "laufende": {"enabled": True}}


def test_a_written_variant_reads_back_as_the_same_table(app, tmp_path):
    app.save_house_rules("Stammtisch Huber", "schafkopf", HUBER)
    path = tmp_path / "huber.toml"
    written = app.export_house_rules("Stammtisch Huber")
    path.write_text(written.replace("Stammtisch Huber", "Huber zwei").replace("stammtisch-huber", "huber-zwei"),
                    encoding="utf-8")
    rules = app.import_house_rules(path)
    assert rules.name == "Huber zwei"
    first, second = app.house_table("Stammtisch Huber"), app.house_table("Huber zwei")
    assert first.model_dump(exclude={"name"}) == second.model_dump(exclude={"name"})


def test_a_toml_table_without_a_builtin_base_is_refused(app, tmp_path):
    path = tmp_path / "x.toml"
    path.write_text('id = "x"\nname = "X"\nfamily = "ramsch"\nplayers = [4]\ntallies = ["striche", "bolla"]\n',
                    encoding="utf-8")
    with pytest.raises(ScorepadError, match=r"x.toml: extends: a house variant names the built-in table it changes"):
        app.import_house_rules(path)


def test_rulesets_import_export_and_list_on_the_command_line(tmp_path):
    db = tmp_path / "cli.db"
    path = tmp_path / "huber.toml"
    path.write_text('extends = "struliwuli"\nname = "Struliwuli Huber"\nrate = 5\nneukirchner = false\n', encoding="utf-8")

    def run(*args):
        return subprocess.run([sys.executable, "-m", "scorepad", "--db", str(db), *args], capture_output=True, text=True)

    assert run("rulesets", "import", str(path)).stdout == ("house variant 'Struliwuli Huber' of struliwuli kept "
                                                           "as struliwuli-struliwuli-huber\n")
    listing = run("rulesets").stdout
    assert "struliwuli-struliwuli-huber  Struliwuli Huber (Hausregel, struliwuli)" in listing
    written = tomllib.loads(run("rulesets", "export", "Struliwuli Huber").stdout)
    assert (written["extends"], written["rate"], written["neukirchner"]) == ("struliwuli", 5, False)
    bad = run("rulesets", "export", "Niemand")
    assert bad.returncode == 2 and bad.stderr.strip() == "no house variant named 'Niemand'"
