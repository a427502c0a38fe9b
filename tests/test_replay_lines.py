"""`scorepad replay --lines`: every hand of every game with the German lines that made its
points, the same words the app's history shows when a hand is opened (describe.py
`hand_lines`); for Doppelkopf the winner, each party's lines of TSR 7.2.2/7.2.3 with their
points, the Sonderpunkte, the solo factor and the Bock factor."""

import json
from pathlib import Path

import pytest
from cli_runner import ok

from scorepad.describe import hand_lines
from scorepad.engine import replay
from scorepad.tables import get_table
from scorepad.ui.words import hand_preview

pytestmark = pytest.mark.unit

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DK5 = ["Hias", "Vroni", "Wast", "Kathi", "Sepp"]
EVENING = {"format": 1, "ruleset": "doppelkopf-haus", "players": DK5[:4], "hands": [
    {"game": "normal", "re": ["Vroni", "Kathi"], "winner": "kontra", "levels": {"re": "120"}},  # 120:120: Bock
    {"game": "normal", "re": ["Vroni", "Kathi"], "winner": "re", "levels": {"kontra": "keine 90"},
     "re_call": "re", "sonderpunkte": {"kontra": {"fuchs": 1}}},
    {"game": "damen", "re": ["Hias"], "winner": "re"},
]}


def test_a_doppelkopf_hand_says_its_winner_each_line_with_points_and_the_bock_factor(tmp_path, capsys):
    path = tmp_path / "abend.json"
    path.write_text(json.dumps(EVENING), encoding="utf-8")
    hands = json.loads(ok(capsys, "replay", "--lines", str(path)))["hands"]
    said = hands[1]["lines"][1].replace("\xa0", " ")  # (a line keeps its points: no break before the sign)
    assert said.startswith("Re gewinnt: gewonnen +1, unter 90 gespielt +1, Re angesagt +2, Fuchs gefangen (Kontra) -1")
    assert "× 2 (Bock)" in said
    assert "Vroni & Kathi je +6" in said


def test_a_solo_says_the_soloist_gets_what_his_three_opponents_pay(tmp_path, capsys):
    path = tmp_path / "abend.json"
    path.write_text(json.dumps(EVENING), encoding="utf-8")
    said = json.loads(ok(capsys, "replay", "--lines", str(path)))["hands"][2]["lines"][1].replace("\xa0", " ")
    assert said == "Hias gewinnt: gewonnen +1 = 1 Punkt × 2 (Bock) = 2 Punkte; Hias +6, Vroni, Wast & Kathi je -2"


@pytest.mark.parametrize("example", ["schafkopf", "saukopf", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch",
                                     "doppelkopf-fuenf"])
def test_every_hand_of_every_game_has_its_lines_and_the_points_as_without(capsys, example):
    path = EXAMPLES / f"{example}.json"
    with_lines = json.loads(ok(capsys, "replay", "--lines", path))
    plain = json.loads(ok(capsys, "replay", path))
    for hand, bare in zip(with_lines["hands"], plain["hands"], strict=True):
        assert {k: v for k, v in hand.items() if k != "lines"} == bare
        assert len(hand["lines"]) == 2 and all(hand["lines"])
    assert with_lines["standings"] == plain["standings"]


def test_the_history_and_the_replay_say_the_same_lines():
    table = get_table("doppelkopf-haus")
    result = replay(table, EVENING["players"], EVENING["hands"])
    for raw, hand in zip(EVENING["hands"], result.hands, strict=True):
        assert hand_lines(table, raw, hand, ["punkte"])[1] == hand_preview(table, raw, hand, ["punkte"])
