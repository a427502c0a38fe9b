"""The `scorepad` command, run as a user runs it (a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SK4

pytestmark = pytest.mark.unit

BUILTIN_IDS = ["schafkopf", "saukopf", "saukopf-dreihaxer", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch",
               "preisschafkopf-plusminus", "preisschafkopf-nurplus", "preisschafkopf-5-10-15", "doppelkopf", "doppelkopf-haus",
               "skat", "skat-seeger-fabian"]


def scorepad(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", timeout=60, cwd=cwd)


def session_file(tmp_path: Path, data, name="abend.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def session(ruleset="schafkopf", players=SK4, hands=(), **extra):
    return {"format": 1, "ruleset": ruleset, "players": list(players), "hands": list(hands), **extra}


SAUSPIEL = {"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": 75}


def assert_refused(proc, starts_with=None):
    assert proc.returncode == 2, proc
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    if starts_with is not None:
        assert lines[0].startswith(starts_with), lines[0]
    return lines[0]


# --- replay ------------------------------------------------------------------------------

def test_replay_prints_hands_standings_and_state(tmp_path):
    proc = scorepad("replay", session_file(tmp_path, session(hands=[SAUSPIEL, {"passed": True}])))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"hands", "standings", "state"}
    assert out["hands"][0] == {"number": 1, "dealer": "Hias",
                               "deltas": {"Hias": {"geld": 20}, "Vroni": {"geld": -20},
                                          "Wast": {"geld": 20}, "Kathi": {"geld": -20}}}
    assert out["standings"] == {"Hias": {"geld": 20}, "Vroni": {"geld": -20}, "Wast": {"geld": 20}, "Kathi": {"geld": -20}}
    assert out["state"] == {"next_dealer": "Wast"}


def test_replay_uses_first_dealer_and_options(tmp_path):
    data = session(hands=[dict(SAUSPIEL, laufende=3)], first_dealer="Kathi", options={"laufende": {"enabled": True}})
    proc = scorepad("replay", session_file(tmp_path, data))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["hands"][0]["dealer"] == "Kathi"
    assert out["standings"]["Hias"] == {"geld": 50}


@pytest.mark.parametrize("ruleset, players, hands", [
    ("saukopf", ["Sepp", "Resi", "Alois", "Zenzi"],
     [{"game": "mast", "player": "Sepp", "bid": 91, "augen": 20}]),
    ("schwarze-sau", ["Uli", "Fritz", "Guido"], [{"points": {"Uli": 5, "Fritz": 4, "Guido": 5}}]),
    ("struliwuli", ["A", "B", "C", "D"], [{"bids": {"A": 1, "B": 0, "C": 0, "D": 0},
                                          "tricks": {"A": 8, "B": 0, "C": 0, "D": 0}}]),
    ("zaisertshofer-ramsch", ["A", "B", "C", "D"], [{"participants": ["A", "B"], "tricks": {"A": 2, "B": 3}}]),
])
def test_replay_every_game(tmp_path, ruleset, players, hands):
    proc = scorepad("replay", session_file(tmp_path, session(ruleset, players, hands)))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"hands", "standings", "state"}
    assert len(out["hands"]) == len(hands)
    assert list(out["standings"]) == players


def test_replay_keeps_umlauts(tmp_path):
    players = ["Söpp", "Resi", "Jörg", "Zenzi"]
    proc = scorepad("replay", session_file(tmp_path, session(players=players)))
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)["standings"]) == players


# --- refusals: exit status 2, one line on stderr, no traceback ----------------------------------

def test_a_bad_hand_exits_2_with_one_line(tmp_path):
    hands = [{"game": "keiler", "player": "Sepp", "bid": 61, "augen": 70},
             {"game": "mast", "player": "Sepp", "bid": 90, "augen": 20}]
    proc = scorepad("replay", session_file(tmp_path, session("saukopf", ["Sepp", "Resi", "Alois", "Zenzi"], hands)))
    assert assert_refused(proc) == "hand 2: bid: Mast needs a bid of 91 or more"


@pytest.mark.parametrize("hand, starts_with", [
    ({"game": "sauspiel", "player": "Girgl", "partner": "Wast", "augen": 70}, "hand 1: player: "),
    ({"game": "bettel", "player": "Hias", "augen": 70}, "hand 1: game: "),
    (dict(SAUSPIEL, augen=119), "hand 1: augen: "),
    (dict(SAUSPIEL, augn=70), "hand 1: augn: "),
    (["sauspiel"], "hand 1: hand: "),
    (dict(SAUSPIEL, augen="siebzig"), "hand 1: augen: "),
])
def test_bad_hands_exit_2_naming_hand_and_key(tmp_path, hand, starts_with):
    proc = scorepad("replay", session_file(tmp_path, session(hands=[hand])))
    assert_refused(proc, starts_with)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    proc = scorepad("replay", session_file(tmp_path, "{\"format\": 1, \"ruleset\": "))
    assert "JSON" in assert_refused(proc)


def test_a_number_too_long_to_read_is_refused(tmp_path):
    text = '{"format": 1, "ruleset": "schafkopf", "players": ["a", "b", "c", "d"], "hands": [{"augen": ' \
        + "9" * 5000 + "}]}"
    assert_refused(scorepad("replay", session_file(tmp_path, text)), "file: ")


def test_json_nested_too_deep_is_refused(tmp_path):
    assert_refused(scorepad("replay", session_file(tmp_path, "[" * 100_000 + "]" * 100_000)), "file: ")


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(session(players=["Jörg", "Resi", "Wast", "Kathi"]), ensure_ascii=False)
                     .encode("latin-1"))
    assert_refused(scorepad("replay", path))


def test_a_json_file_that_is_not_an_object_is_refused(tmp_path):
    assert_refused(scorepad("replay", session_file(tmp_path, "[1, 2, 3]")))


def test_an_unknown_ruleset_is_refused(tmp_path):
    line = assert_refused(scorepad("replay", session_file(tmp_path, session("tarock"))), "ruleset: ")
    assert "tarock" in line


def test_a_wrong_number_of_players_is_refused(tmp_path):
    line = assert_refused(scorepad("replay", session_file(tmp_path, session(players=SK4[:3]))), "players: ")
    assert "4" in line and "3" in line


def test_the_same_name_twice_is_refused(tmp_path):
    players = ["Hias", "Vroni", "Wast", "hias"]
    line = assert_refused(scorepad("replay", session_file(tmp_path, session(players=players))), "players: ")
    assert "twice" in line


def test_a_wrong_format_is_refused(tmp_path):
    data = session()
    data["format"] = 2
    assert_refused(scorepad("replay", session_file(tmp_path, data)), "format: ")


def test_a_missing_key_is_refused(tmp_path):
    data = session()
    del data["players"]
    assert_refused(scorepad("replay", session_file(tmp_path, data)), "players: ")


def test_an_unknown_first_dealer_is_refused(tmp_path):
    assert_refused(scorepad("replay", session_file(tmp_path, session(first_dealer="Girgl"))), "first_dealer: ")


def test_a_bad_option_is_refused(tmp_path):
    data = session(options={"contracts": {"sauspiel": {"tariff": -5}}})
    assert_refused(scorepad("replay", session_file(tmp_path, data)), "options.contracts.sauspiel.tariff: ")


def test_a_missing_session_file_is_refused(tmp_path):
    assert_refused(scorepad("replay", tmp_path / "nowhere.json"))


# --- rulesets ----------------------------------------------------------------------------

def test_rulesets_lists_every_built_in_id():
    proc = scorepad("rulesets")
    assert proc.returncode == 0, proc.stderr
    ids = [line.split()[0] for line in proc.stdout.splitlines() if line.strip()]
    assert sorted(ids) == sorted(BUILTIN_IDS)


def test_rulesets_check_a_good_file(tmp_path):
    path = tmp_path / "schafkopf-stammtisch.toml"
    path.write_text('id = "schafkopf-stammtisch"\nextends = "schafkopf"\nname = "Stammtisch"\n'
                    '[contracts.sauspiel]\ntariff = 10\n', encoding="utf-8")
    proc = scorepad("rulesets", "check", path)
    assert proc.returncode == 0, proc.stderr
    assert "schafkopf-stammtisch" in proc.stdout


def test_rulesets_check_a_bad_file(tmp_path):
    path = tmp_path / "saukopf-wild.toml"
    path.write_text('id = "saukopf-wild"\nextends = "saukopf"\nname = "Wild"\n[contracts.mast]\nmin_bid = 150\n',
                    encoding="utf-8")
    line = assert_refused(scorepad("rulesets", "check", path))
    assert "saukopf-wild.toml" in line and "contracts.mast.min_bid" in line and "61..120" in line


def test_rulesets_check_a_file_that_is_not_toml(tmp_path):
    path = tmp_path / "kaputt.toml"
    path.write_text("[contracts\n", encoding="utf-8")
    line = assert_refused(scorepad("rulesets", "check", path))
    assert "kaputt.toml" in line


def test_rulesets_check_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes('id = "x"\nextends = "schafkopf"\nname = "Käse"\n'.encode("latin-1"))
    line = assert_refused(scorepad("rulesets", "check", path))
    assert "latin1.toml" in line


def test_rulesets_check_a_folder(tmp_path):
    line = assert_refused(scorepad("rulesets", "check", tmp_path))
    assert str(tmp_path) in line


def test_rulesets_check_a_missing_file(tmp_path):
    line = assert_refused(scorepad("rulesets", "check", tmp_path / "nowhere.toml"))
    assert "nowhere.toml" in line


def test_a_player_name_with_a_line_break_is_refused(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"format": 1, "ruleset": "schafkopf", "players": ["Vroni", "Hi\nas", "Kathi", "Wast"],
                                "hands": []}), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scorepad", "replay", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "players[1]: 'Hi\\nas' holds U+000A: a name is one line of plain text (no line break, no control or writing-direction character)"
