"""Where is the mistake? (issue 24 item 6) A session file, HAND_JSON or --options that is not
JSON (a syntax error, NaN, Infinity, -Infinity: Python's json reads those, JSON has no such
numbers) is refused naming the line and the column, and the hand the mistake lies in; a broken
character (a lone surrogate) in a hand names the hand, not only the key."""

from __future__ import annotations

import json

import pytest
from cli_runner import ok, refused
from conftest import SK4

pytestmark = pytest.mark.unit

SAUSPIEL = {"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": 70}


def three_hands(third: str) -> str:
    """A session file of three hands, one per line (lines 3, 4, 5), the third written as given."""
    hand = json.dumps(SAUSPIEL)
    return ('{"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "Kathi"],\n'
            ' "hands": [\n'
            f'  {hand},\n'
            f'  {hand},\n'
            f'  {third}\n'
            ']}\n')


@pytest.mark.parametrize("third, line", [
    ('{"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": NaN}',
     "hand 3: not JSON: line 5, column 70: NaN is not a JSON number"),
    ('{"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": Infinity}',
     "hand 3: not JSON: line 5, column 70: Infinity is not a JSON number"),
    ('{"game": "sauspiel", "player": "Hias", "partner": "Wast", "augen": -Infinity}',
     "hand 3: not JSON: line 5, column 70: -Infinity is not a JSON number"),
    ('{"game": "sauspiel", "player": "Hias" "partner": "Wast", "augen": 70}',
     "hand 3: not JSON: line 5, column 41: Expecting ',' delimiter"),
    ('{"game": "sauspiel", "player": "NaN", "partner": "Wast", "augen": 70,}',
     "hand 3: not JSON: line 5, column 72: Expecting property name enclosed in double quotes"),
])
def test_a_json_mistake_names_its_line_column_and_hand(db, tmp_path, capsys, third, line):
    path = tmp_path / "s.json"
    path.write_text(three_hands(third), encoding="utf-8")
    assert refused(capsys, "replay", path) == line
    assert refused(capsys, "--db", db, "import", path) == line


def test_a_json_mistake_outside_the_hands_names_its_line_and_column(tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text('{"format": 1,\n "ruleset": "schafkopf", "players": ["Hias", NaN],\n "hands": []}\n',
                    encoding="utf-8")
    assert refused(capsys, "replay", path) == "file: not JSON: line 2, column 46: NaN is not a JSON number"


def test_nan_in_options_or_a_hand_on_the_command_line_is_refused_naming_where(db, capsys):
    assert refused(capsys, "--db", db, "start", "schafkopf", *SK4, "--options", '{"laufende": {"value": NaN}}') == \
        "options: not JSON: line 1, column 24: NaN is not a JSON number"
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    assert refused(capsys, "--db", db, "add", 1, '{"game": "sauspiel", "augen": Infinity}') == \
        "HAND_JSON: not JSON: line 1, column 31: Infinity is not a JSON number"


def test_a_broken_character_in_a_hand_names_the_hand(db, tmp_path, capsys):
    ok(capsys, "--db", db, "start", "schafkopf", *SK4)
    ok(capsys, "--db", db, "add", 1, json.dumps(SAUSPIEL))
    hand = '{"game": "solo", "player": "Hias\\ud800", "result": "won"}'
    line = "hand 2: player: holds a broken character (a lone surrogate \\ud800): not real text"
    assert refused(capsys, "--db", db, "add", 1, hand) == line
    assert refused(capsys, "--db", db, "edit", 1, 1, hand) == line.replace("hand 2", "hand 1")
    path = tmp_path / "s.json"
    path.write_text(three_hands(hand), encoding="utf-8")
    assert refused(capsys, "replay", path) == line.replace("hand 2", "hand 3")
