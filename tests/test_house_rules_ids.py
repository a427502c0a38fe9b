"""One id per house variant, the same everywhere (issue 12 item 2): `rulesets` lists it,
`rulesets export` writes it, `start` and session files name the variant by it, and a session
file may carry the variant inline so that it is complete on its own.

Before: after `scorepad rulesets import`, neither `start "<name>"` nor a session file naming
the exported id worked; the id `rulesets export` wrote was accepted by no command."""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from cli_runner import dump, ok, refused, run
from conftest import VRONI4

from scorepad.app import App
from scorepad.errors import ScorepadError, SessionError
from scorepad.session import parse_session, session_table
from scorepad.tables import builtin_dir

pytestmark = pytest.mark.store

HUBER_TOML = ('id = "schafkopf-stammtisch-huber"\nextends = "schafkopf"\nname = "Stammtisch Huber"\n'
              '[contracts.sauspiel]\ntariff = 10\n[laufende]\nenabled = true\n')
# a Sauspiel won by Vroni and Kathi with three Laufende: Huber's 10 ct + 3 x 10 ct = 40 ct each
WON = {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won", "laufende": 3}
HUBER_WON = {"Vroni": 40, "Hias": -40, "Kathi": 40, "Wast": -40}


@pytest.fixture
def huber(tmp_path):
    path = tmp_path / "huber.toml"
    path.write_text(HUBER_TOML, encoding="utf-8")
    return path


def geld(capsys, db, evening):
    shown = json.loads(ok(capsys, "--db", db, "show", evening))
    return {p: row["geld"] for p, row in shown["standings"].items()}


def test_the_id_rulesets_export_writes_is_the_one_rulesets_lists_and_start_takes(capsys, db, huber):
    assert ok(capsys, "--db", db, "rulesets", "import", huber) == (
        "house variant 'Stammtisch Huber' of schafkopf kept as schafkopf-stammtisch-huber\n")
    written = tomllib.loads(ok(capsys, "--db", db, "rulesets", "export", "Stammtisch Huber"))
    assert written["id"] == "schafkopf-stammtisch-huber"
    assert "schafkopf-stammtisch-huber  Stammtisch Huber (Hausregel, schafkopf)" in ok(capsys, "--db", db, "rulesets")
    # the id and the name both start an evening on the variant
    for ruleset in ("schafkopf-stammtisch-huber", "Stammtisch Huber"):
        evening = ok(capsys, "--db", db, "start", ruleset, *VRONI4).strip()
        ok(capsys, "--db", db, "add", evening, json.dumps(WON))
        assert geld(capsys, db, evening) == HUBER_WON
    # rulesets export takes the id too
    assert ok(capsys, "--db", db, "rulesets", "export", "schafkopf-stammtisch-huber") == \
        ok(capsys, "--db", db, "rulesets", "export", "Stammtisch Huber")


def test_a_session_file_names_the_variant_by_its_id(capsys, db, huber, tmp_path):
    ok(capsys, "--db", db, "rulesets", "import", huber)
    path = tmp_path / "abend.json"
    path.write_text(json.dumps({"format": 1, "ruleset": "schafkopf-stammtisch-huber", "players": VRONI4,
                                "hands": [WON]}), encoding="utf-8")
    evening = ok(capsys, "--db", db, "import", path).strip()
    assert geld(capsys, db, evening) == HUBER_WON
    # without the store the id is unknown: the file does not carry its variant
    assert refused(capsys, "replay", path).startswith("ruleset: unknown ruleset 'schafkopf-stammtisch-huber'")


def test_a_session_file_carries_its_variant_inline_and_is_complete_on_its_own(capsys, db, tmp_path):
    variant = {"id": "schafkopf-stammtisch-huber", "extends": "schafkopf", "name": "Stammtisch Huber",
               "contracts": {"sauspiel": {"tariff": 10}}, "laufende": {"enabled": True}}
    path = tmp_path / "abend.json"
    path.write_text(json.dumps({"format": 1, "ruleset": variant["id"], "players": VRONI4, "variant": variant,
                                "hands": [WON]}), encoding="utf-8")
    replayed = json.loads(ok(capsys, "replay", path))  # no store at all
    assert {p: row["geld"] for p, row in replayed["standings"].items()} == HUBER_WON
    evening = ok(capsys, "--db", db, "import", path).strip()  # a store that never saw the variant
    assert geld(capsys, db, evening) == HUBER_WON


@pytest.mark.parametrize("change, message", [
    ({"id": "schafkopf-anders"}, "variant.id: must be the session's ruleset 'schafkopf-stammtisch-huber' "
                                 "(got 'schafkopf-anders')"),
    ({"extends": "tarock"}, "variant.extends: a house variant names the built-in table it changes"),
    ({"contracts": {"sauspiel": {"tariff": -5}}}, "variant.contracts.sauspiel.tariff: must be 0 or more (got -5)"),
    ({"family": "ramsch"}, "variant.family: cannot be overridden by a session"),
])
def test_an_inline_variant_is_read_strictly(change, message):
    variant = {"id": "schafkopf-stammtisch-huber", "extends": "schafkopf", "name": "Stammtisch Huber", **change}
    with pytest.raises(SessionError) as info:
        parse_session({"format": 1, "ruleset": "schafkopf-stammtisch-huber", "players": VRONI4, "variant": variant})
    assert str(info.value).startswith(message)


def test_an_inline_variant_cannot_claim_a_built_in_id():
    with pytest.raises(SessionError, match=r"^variant.id: 'schafkopf' is a built-in table, not a house variant$"):
        parse_session({"format": 1, "ruleset": "schafkopf", "players": VRONI4,
                       "variant": {"id": "schafkopf", "extends": "schafkopf"}})


def test_the_session_options_apply_over_the_inline_variant():
    variant = {"id": "schafkopf-huber", "extends": "schafkopf", "name": "Huber", "contracts": {"sauspiel": {"tariff": 10}}}
    session = parse_session({"format": 1, "ruleset": "schafkopf-huber", "players": VRONI4, "variant": variant,
                             "options": {"contracts": {"solo": {"tariff": 100}}}})
    table = session_table(session)
    assert (table.name, table.contracts["sauspiel"].tariff, table.contracts["solo"].tariff) == ("Huber", 10, 100)


def test_an_evening_on_a_variant_exported_on_one_store_imports_on_a_fresh_one(capsys, tmp_path, huber):
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(capsys, "--db", a, "rulesets", "import", huber)
    evening = ok(capsys, "--db", a, "start", "Stammtisch Huber", *VRONI4).strip()
    ok(capsys, "--db", a, "add", evening, json.dumps(WON))
    ok(capsys, "--db", a, "add", evening, json.dumps({"game": "solo", "player": "Hias", "result": "lost"}))
    out = tmp_path / "abend.json"
    ok(capsys, "--db", a, "export", evening, "--format", "json", "-o", out)
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["ruleset"] == "schafkopf-stammtisch-huber"
    assert exported["variant"]["extends"] == "schafkopf" and exported["variant"]["name"] == "Stammtisch Huber"
    again = ok(capsys, "--db", b, "import", out).strip()
    # a lost Solo at 50 ct: Hias pays each of the three 50 ct
    standings = {"Vroni": 40 + 50, "Hias": -40 - 150, "Kathi": 40 + 50, "Wast": -40 + 50}
    assert geld(capsys, a, evening) == geld(capsys, b, again) == standings
    assert json.loads(ok(capsys, "--db", b, "evenings", "--json"))[0]["game"] == "Stammtisch Huber"


def test_two_variants_cannot_share_an_id(tmp_path):
    with App.open(tmp_path / "ids.db") as app:
        app.save_house_rules("Stammtisch Huber", "schafkopf", {})
        with pytest.raises(ScorepadError, match=r"its id 'schafkopf-stammtisch-huber' is already that of "
                                                r"'Stammtisch Huber'"):
            app.save_house_rules("Stammtisch  HUBER!", "schafkopf", {})
        with pytest.raises(ScorepadError, match=r"its id 'saukopf-dreihaxer' is already that of 'Saukopf"):
            app.save_house_rules("Dreihaxer", "saukopf", {})


# --- issue 24 item 3: one verdict for check and import; a file's own id is kept --------------------

DOCS_EXAMPLE = ('id = "schafkopf-stammtisch"\nextends = "schafkopf"\nname = "Schafkopf (Stammtisch Huber)"\n'
                '[contracts.sauspiel]\ntariff = 10\n[laufende]\nenabled = true\n')


def test_an_explicit_id_that_is_unique_is_kept(capsys, db, tmp_path):
    """The house variant of docs/rulesets.md (its id is not its name folded) is kept under its
    own id: listed, exported, started and named in session files by it."""
    path = tmp_path / "stammtisch.toml"
    path.write_text(DOCS_EXAMPLE, encoding="utf-8")
    assert ok(capsys, "--db", db, "rulesets", "import", path) == (
        "house variant 'Schafkopf (Stammtisch Huber)' of schafkopf kept as schafkopf-stammtisch\n")
    assert re.search(r"^schafkopf-stammtisch +Schafkopf \(Stammtisch Huber\) \(Hausregel", ok(capsys, "--db", db, "rulesets"),
                     re.M)
    assert tomllib.loads(ok(capsys, "--db", db, "rulesets", "export", "schafkopf-stammtisch")) == \
        tomllib.loads(DOCS_EXAMPLE)
    evening = ok(capsys, "--db", db, "start", "schafkopf-stammtisch", *VRONI4).strip()
    ok(capsys, "--db", db, "add", evening, json.dumps(WON))
    assert geld(capsys, db, evening) == HUBER_WON
    exported = json.loads(ok(capsys, "--db", db, "export", evening))
    assert (exported["ruleset"], exported["variant"]["id"]) == ("schafkopf-stammtisch", "schafkopf-stammtisch")
    # the app's own save of the variant (the rules screen) keeps its id
    with App.open(db) as app:
        app.save_house_rules("Schafkopf (Stammtisch Huber)", "schafkopf", {"contracts": {"sauspiel": {"tariff": 20}}})
        assert [r.ruleset for r in app.house_rules()] == ["schafkopf-stammtisch"]


def _verdict(capsys, *argv) -> tuple[int, str]:
    code, out, err = run(capsys, *argv)
    return code, err.strip()


@pytest.mark.parametrize("text, says", [
    (DOCS_EXAMPLE, None),
    (HUBER_TOML, None),
    (HUBER_TOML.replace('id = "schafkopf-stammtisch-huber"\n', ""), None),
    (HUBER_TOML.replace('"schafkopf-stammtisch-huber"', '"saukopf"'),
     "id: 'saukopf' is the built-in table 'Saukopf': write another id, or leave the id out "
     "(it is then 'schafkopf-stammtisch-huber')"),
    (HUBER_TOML.replace('"schafkopf-stammtisch-huber"', '"Stammtisch Huber!"'),
     "id: a house variant's id is small letters, digits and dashes (got 'Stammtisch Huber!'): "
     "write id = \"stammtisch-huber\", or leave the id out (it is then 'schafkopf-stammtisch-huber')"),
    ("a complete table", "extends: a house variant names the built-in table it changes"),
    (HUBER_TOML.replace("tariff = 10", "tariff = -5"), "contracts.sauspiel.tariff: must be 0 or more (got -5)"),
    (HUBER_TOML.replace('name = "Stammtisch Huber"', 'name = "Dreihaxer"').replace('id = "schafkopf-stammtisch-huber"\n', "")
     .replace('extends = "schafkopf"', 'extends = "saukopf"').replace("[contracts.sauspiel]\ntariff = 10\n[laufende]\n"
                                                                    "enabled = true\n", ""),
     "name: its id 'saukopf-dreihaxer' is already that of 'Saukopf Dreihaxer'; choose another name"),
])
def test_rulesets_check_and_import_give_the_same_verdict(capsys, db, tmp_path, text, says):
    if text == "a complete table":  # the built-in Schafkopf under another id, extending none
        text = (builtin_dir() / "schafkopf.toml").read_text(encoding="utf-8").replace('id = "schafkopf"', 'id = "x"')
    path = tmp_path / "haus.toml"
    path.write_text(text, encoding="utf-8")
    checked = _verdict(capsys, "rulesets", "check", path)
    imported = _verdict(capsys, "--db", db, "rulesets", "import", path)
    assert checked == imported, (checked, imported)
    if says is None:
        assert checked == (0, "")
    else:
        assert checked[0] == 2 and checked[1].startswith(f"{path}: {says}"), checked


def test_a_variant_beside_its_base_file_imports_as_check_says(capsys, db, tmp_path):
    """`extends` names a file beside it (which extends a built-in table): both commands follow
    the chain to the built-in table."""
    (tmp_path / "schafkopf-stammtisch-huber.toml").write_text(HUBER_TOML, encoding="utf-8")
    path = tmp_path / "jugend.toml"
    path.write_text('extends = "schafkopf-stammtisch-huber"\nname = "Jugend"\n[contracts.solo]\ntariff = 30\n',
                    encoding="utf-8")
    assert "ok (schafkopf-jugend: Jugend" in ok(capsys, "rulesets", "check", path)
    ok(capsys, "--db", db, "rulesets", "import", path)
    with App.open(db) as app:
        table = app.house_table("schafkopf-jugend")
    assert (table.contracts["sauspiel"].tariff, table.contracts["solo"].tariff, table.laufende.enabled) == (10, 30, True)


def test_an_explicit_id_another_variant_has_is_refused_saying_what_to_write(capsys, db, tmp_path):
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text(DOCS_EXAMPLE, encoding="utf-8")
    second.write_text(DOCS_EXAMPLE.replace("Huber", "Maier"), encoding="utf-8")
    ok(capsys, "--db", db, "rulesets", "import", first)
    says = (f"{second}: id: its id 'schafkopf-stammtisch' is already that of 'Schafkopf (Stammtisch Huber)': "
            "write another id, or leave the id out (it is then 'schafkopf-schafkopf-stammtisch-maier')")
    before = dump(db)
    assert refused(capsys, "--db", db, "rulesets", "check", second) == says
    assert refused(capsys, "--db", db, "rulesets", "import", second) == says
    assert dump(db) == before
