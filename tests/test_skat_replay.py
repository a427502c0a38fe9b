"""Skat's session files replayed (the examples/skat/*.json evenings): every game shows its
value, won or lost, überreizt, its lines and each player's points in the evening's list and
in the Seeger-Fabian list; a bad file is refused in German. Figures worked out by hand."""

import json
from pathlib import Path

import pytest

from scorepad.games.skat.hand import SkatRefused
from scorepad.games.skat.replay import replay

pytestmark = pytest.mark.unit

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def test_the_three_player_example_replays_every_game_with_value_result_and_both_lists():
    out = replay(example("skat.json"))
    assert [h["value"] for h in out["hands"]] == [48, 72, 0, 30, 59, 44, 27, 108, 144]
    assert [h["result"] for h in out["hands"]] == ["gewonnen", "gewonnen", "eingepasst", "verloren", "gewonnen",
                                                   "verloren", "gewonnen", "gewonnen", "verloren"]
    assert [h["ueberreizt"] for h in out["hands"]].index(True) == 3
    assert out["hands"][3]["lines"][1] == "überreizt (gereizt 30): 3 × 10 = 30"
    # Seeger-Fabian kept: Ben 98 + 40 + 109 + 40 + 158 + 40
    assert out["standings"]["punkte"] == {"Anna": 47, "Ben": 485, "Cem": -314}
    assert out["hands"][0]["classic"] == {"Anna": 0, "Ben": 48, "Cem": 0}
    assert out["money"] == {"Anna": -77, "Ben": 1237, "Cem": -1160}  # 1 cent per point, as differences
    assert out["state"] == {"next_dealer": "Anna"}


def test_the_five_player_example_seats_two_out_and_keeps_the_classic_list():
    out = replay(example("skat-fuenf.json"))
    assert [h["dealer"] for h in out["hands"]] == ["Emil", "Anna", "Ben", "Cem", "Dora"]
    assert out["hands"][0]["in_play"] == ["Anna", "Ben", "Dora"]
    assert out["standings"]["punkte"] == {"Anna": 60, "Ben": 20, "Cem": -144, "Dora": 0, "Emil": 23}
    assert out["standings"]["seeger_fabian"] is None


def test_a_hand_key_that_does_not_exist_is_refused_naming_it():
    session = {"players": ["A", "B", "C"], "hands": [{"declarer": "A", "game": "herz", "trumpf": 3}]}
    with pytest.raises(SkatRefused, match="Spiel 1: trumpf"):
        replay(session)


def test_seeger_fabian_at_five_is_refused():
    session = example("skat-fuenf.json") | {"options": {"list_kind": "seeger_fabian"}}
    with pytest.raises(SkatRefused, match="keinen Tisch zu 5"):
        replay(session)
