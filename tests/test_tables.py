"""Rule tables: the built-in tables, house variants (`extends`), refusals, session options."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SK4, last, play

from scorepad.errors import SessionError, TableError
from scorepad.games import FAMILIES, known_tallies
from scorepad.tables import builtin_dir, builtin_tables, get_table, load_table_file, validate_table, with_options

pytestmark = pytest.mark.unit

BUILTIN_IDS = {"schafkopf", "saukopf", "saukopf-dreihaxer", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch",
               "preisschafkopf-plusminus", "preisschafkopf-nurplus", "preisschafkopf-5-10-15",  # points lists (issue 27)
               "doppelkopf", "doppelkopf-haus", "skat", "skat-seeger-fabian"}


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def table_error(path) -> str:
    with pytest.raises(TableError) as info:
        load_table_file(path)
    return str(info.value)


# --- the built-in tables -------------------------------------------------------------------

def test_every_built_in_table_loads():
    assert set(builtin_tables()) == BUILTIN_IDS
    files = sorted(builtin_dir().glob("*.toml"))
    assert {load_table_file(f).id for f in files} == BUILTIN_IDS


@pytest.mark.parametrize("ruleset, family, players", [
    ("schafkopf", "schafkopf", [4, 5, 6]),  # five or six: one or two sit out each hand
    ("saukopf", "saukopf", [4]),
    ("saukopf-dreihaxer", "saukopf", [3]),
    ("schwarze-sau", "schwarze_sau", [3, 4]),
    ("struliwuli", "struliwuli", [4, 5, 6]),
    ("zaisertshofer-ramsch", "ramsch", [4]),
])
def test_built_in_table_family_and_player_counts(ruleset, family, players):
    table = get_table(ruleset)
    assert table.family == family
    assert list(table.players) == players


def test_schafkopf_table_holds_the_sheets_tariffs():
    contracts = get_table("schafkopf").contracts
    for cid, tariff in {"sauspiel": 20, "wenz": 50, "farbwenz": 30, "solo": 50, "geier": 50, "farbgeier": 30}.items():
        assert (contracts[cid].tariff, contracts[cid].schneider, contracts[cid].schwarz) == (tariff, tariff, tariff)
    assert contracts["sie"].tariff_of == "solo" and contracts["sie"].tariff_factor == 3
    assert get_table("schafkopf").laufende.enabled is False


def test_dreihaxer_extends_saukopf_and_switches_off_only_what_it_names():
    drei, sau = get_table("saukopf-dreihaxer"), get_table("saukopf")
    assert drei.aside_cards == 2 and drei.hand_cards == 10
    assert not drei.contracts["sauerei"].enabled
    assert drei.contracts["keiler"] == sau.contracts["keiler"]
    assert not drei.fleisch.trog["extrawurst"].enabled
    assert drei.fleisch.trog["stallgeruch"] == sau.fleisch.trog["stallgeruch"]
    assert drei.rauborstig == sau.rauborstig


def test_unknown_ruleset_is_refused():
    with pytest.raises(SessionError) as info:
        get_table("tarock")
    assert str(info.value).startswith("ruleset: ")
    assert "tarock" in str(info.value)


# --- house variants ----------------------------------------------------------------------

HOUSE = """
id = "schafkopf-stammtisch"
extends = "schafkopf"
name = "Schafkopf (Stammtisch Huber)"

[contracts.sauspiel]
tariff = 10
"""


def test_extends_overrides_only_what_it_names(tmp_path):
    house = load_table_file(write(tmp_path, "schafkopf-stammtisch.toml", HOUSE))
    base = get_table("schafkopf")
    assert house.id == "schafkopf-stammtisch"
    assert house.name == "Schafkopf (Stammtisch Huber)"
    assert house.family == "schafkopf"
    assert house.contracts["sauspiel"].tariff == 10
    assert house.contracts["sauspiel"].schneider == 20
    assert house.contracts["sauspiel"].name == "Sauspiel"
    assert house.contracts["wenz"] == base.contracts["wenz"]
    assert house.kontra_chain == base.kontra_chain
    assert house.thresholds == base.thresholds
    assert house.deck == base.deck


def test_house_variant_scores_with_its_own_tariff(tmp_path):
    from scorepad.engine import replay

    house = load_table_file(write(tmp_path, "schafkopf-stammtisch.toml", HOUSE))
    hands = [{"game": "sauspiel", "player": SK4[0], "partner": SK4[2], "augen": 95}]
    result = replay(house, SK4, hands)
    assert result.hands[0].deltas[SK4[0]]["geld"] == 10 + 20


def test_extends_a_table_beside_the_file(tmp_path):
    write(tmp_path, "schafkopf-stammtisch.toml", HOUSE)
    child = write(tmp_path, "enkel.toml", 'id = "enkel"\nextends = "schafkopf-stammtisch"\nname = "Enkel"\n'
                                         '[laufende]\nenabled = true\n')
    table = load_table_file(child)
    assert table.contracts["sauspiel"].tariff == 10
    assert table.laufende.enabled and table.laufende.value == 10


def test_extends_an_unknown_table_is_refused(tmp_path):
    path = write(tmp_path, "haus.toml", 'id = "haus"\nextends = "tarock"\nname = "Haus"\n')
    msg = table_error(path)
    assert "haus.toml" in msg and "extends" in msg and "tarock" in msg


def test_tables_extending_each_other_in_a_circle_are_refused(tmp_path):
    write(tmp_path, "a.toml", 'id = "a"\nextends = "b"\nname = "A"\n')
    write(tmp_path, "b.toml", 'id = "b"\nextends = "a"\nname = "B"\n')
    msg = table_error(tmp_path / "a.toml")
    assert "extends" in msg and "circle" in msg


# --- a wrong table is refused with file, key path and reason -------------------------------

def test_contract_min_bid_outside_61_to_120_is_refused(tmp_path):
    path = write(tmp_path, "saukopf-wild.toml", 'id = "saukopf-wild"\nextends = "saukopf"\nname = "Wild"\n'
                                                '[contracts.mast]\nmin_bid = 150\n')
    msg = table_error(path)
    assert "saukopf-wild.toml" in msg
    assert "contracts.mast.min_bid" in msg
    assert "61..120" in msg


def test_min_bid_above_max_bid_is_refused(tmp_path):
    path = write(tmp_path, "x.toml", 'id = "x"\nextends = "saukopf"\nname = "X"\n'
                                     '[contracts.sauerei]\nmin_bid = 70\n')
    msg = table_error(path)
    assert "x.toml" in msg and "contracts.sauerei.min_bid" in msg


def test_a_negative_tariff_is_refused(tmp_path):
    path = write(tmp_path, "x.toml", 'id = "x"\nextends = "schafkopf"\nname = "X"\n'
                                     '[contracts.wenz]\ntariff = -50\n')
    msg = table_error(path)
    assert "x.toml" in msg and "contracts.wenz.tariff" in msg and "0 or more" in msg


def test_an_unknown_key_in_a_table_is_refused(tmp_path):
    path = write(tmp_path, "x.toml", 'id = "x"\nextends = "schafkopf"\nname = "X"\n'
                                     '[contracts.sauspiel]\ntarif = 10\n')
    msg = table_error(path)
    assert "x.toml" in msg and "contracts.sauspiel.tarif" in msg


def test_an_unknown_family_is_refused(tmp_path):
    path = write(tmp_path, "x.toml", 'id = "x"\nname = "X"\nfamily = "tarock"\nplayers = [4]\n'
                                     'tallies = ["geld"]\n')
    msg = table_error(path)
    assert "x.toml" in msg and "family" in msg


def test_a_missing_key_is_refused(tmp_path):
    path = write(tmp_path, "x.toml", 'id = "x"\nname = "X"\nfamily = "struliwuli"\nplayers = [4]\n'
                                     'tallies = ["punkte"]\n')
    msg = table_error(path)
    assert "x.toml" in msg and "seats" in msg and "missing" in msg


def test_seats_must_fit_the_deck(tmp_path):
    path = write(tmp_path, "x.toml", 'id = "x"\nextends = "struliwuli"\nname = "X"\n'
                                     '[seats.4]\nhand_cards = [9, 8, 7]\n')
    msg = table_error(path)
    assert "x.toml" in msg and "seats.4.hand_cards" in msg


def test_a_file_that_is_not_toml_is_refused(tmp_path):
    msg = table_error(write(tmp_path, "x.toml", "id = \n"))
    assert "x.toml" in msg and "TOML" in msg


def test_a_missing_file_is_refused(tmp_path):
    msg = table_error(tmp_path / "nowhere.toml")
    assert "nowhere.toml" in msg


# --- session options -----------------------------------------------------------------------

def test_session_options_override_values():
    table = with_options(get_table("schafkopf"), {"contracts": {"sauspiel": {"tariff": 10}}})
    assert table.contracts["sauspiel"].tariff == 10
    assert table.contracts["sauspiel"].schneider == 20
    assert get_table("schafkopf").contracts["sauspiel"].tariff == 20  # the built-in is untouched


def test_session_options_change_the_score():
    hands = [{"game": "sauspiel", "player": SK4[0], "partner": SK4[2], "augen": 70}]
    result = play("schafkopf", SK4, hands, {"contracts": {"sauspiel": {"tariff": 10}}})
    assert last(result, "geld")[SK4[0]] == 10


def test_no_options_is_the_table_itself():
    assert with_options(get_table("struliwuli"), {}) is get_table("struliwuli")


@pytest.mark.parametrize("options, key", [
    ({"rate": -1}, "options.rate"),
    ({"raet": 2}, "options.raet"),
    ({"neukirchner": "maybe"}, "options.neukirchner"),
    ({"seats": {"4": {"hand_cards": [9]}}}, "options.seats.4.hand_cards"),
])
def test_a_bad_option_is_refused_naming_its_key(options, key):
    with pytest.raises(SessionError) as info:
        with_options(get_table("struliwuli"), options)
    assert str(info.value).startswith(key + ": ")


def test_laufende_option_is_checked():
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {"laufende": {"value": -10}})
    assert str(info.value).startswith("options.laufende.value: ")


@pytest.mark.parametrize("fixed", ["id", "family"])
def test_id_and_family_cannot_be_overridden(fixed):
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {fixed: "saukopf"})
    assert str(info.value).startswith(f"options.{fixed}: ")


def test_options_must_be_an_object():
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), ["laufende"])
    assert str(info.value).startswith("options: ")


# --- a table must keep the tallies its game writes ------------------------------------------

# what a table could keep when the tallies were one list in tables.py (before each game declared its own)
TALLIES_OF_THE_FIRST_FIVE = ["geld", "fleisch", "rauborstig", "punkte", "verloren", "striche", "bolla"]


def test_a_table_may_keep_any_tally_a_game_declares():
    """Each game declares its tallies in its package; a table may keep money, its game's and
    (as when they were one list) another game's: the refusal of any other names them all, as before."""
    assert known_tallies() == TALLIES_OF_THE_FIRST_FIVE
    table = with_options(get_table("saukopf"), {"tallies": ["fleisch", "rauborstig", "striche"]})
    assert table.tallies == ["fleisch", "rauborstig", "striche"]
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {"tallies": ["geld", "sterne"]})
    assert str(info.value) == ("options.tallies[1]: must be 'geld', 'fleisch', 'rauborstig', 'punkte', 'verloren', "
                               "'striche' or 'bolla' (got 'sterne')")


def test_a_table_of_no_known_game_is_refused_naming_every_game():
    with pytest.raises(TableError) as info:
        validate_table({"id": "x", "name": "X", "family": "tarock"}, "x.toml")
    assert str(info.value) == "x.toml: family: must be one of " + ", ".join(FAMILIES)
    assert info.value.german.endswith(f"muss {', '.join(list(FAMILIES)[:-1])} oder {list(FAMILIES)[-1]} sein")
    with pytest.raises(TableError) as info:
        validate_table({"id": "x", "name": "X"}, "x.toml")
    assert str(info.value) == f"x.toml: family: is missing: one of {', '.join(FAMILIES)} (or `extends` naming a table)"

@pytest.mark.parametrize("ruleset, tallies, missing", [
    ("schafkopf", ["verloren"], "geld"),  # (it writes geld, or punkte: a Preisschafkopf list)
    ("saukopf", ["fleisch"], "rauborstig"),
    ("schwarze-sau", ["verloren"], "punkte"),
    ("struliwuli", ["punkte"], "geld"),
    ("zaisertshofer-ramsch", ["striche"], "bolla"),
])
def test_an_option_dropping_a_tally_the_game_keeps_is_refused(ruleset, tallies, missing):
    with pytest.raises(SessionError) as info:
        with_options(get_table(ruleset), {"tallies": tallies})
    assert str(info.value).startswith("options.tallies: ")
    assert missing in str(info.value)


def test_a_trophy_of_a_tally_the_table_does_not_keep_is_refused(tmp_path):
    path = write(tmp_path, "x.toml", 'id = "x"\nextends = "saukopf"\nname = "X"\n'
                                     '[trophies.geldsack]\nname = "Geldsack"\nmost = "geld"\n')
    msg = table_error(path)
    assert "x.toml" in msg and "trophies.geldsack.most" in msg


def test_negative_card_points_are_refused():
    with pytest.raises(SessionError) as info:
        with_options(get_table("saukopf"), {"deck": {"card_points": {"sau": -11}}})
    assert str(info.value).startswith("options.deck.card_points.sau: ")
