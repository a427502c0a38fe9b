"""`scorepad replay` writes each hand from a template made once per shape of hand: the text is
exactly what json's indenting encoder writes (`_indented`), whatever the names and values."""

import pytest

from scorepad.bench import generate_session
from scorepad.cli import _hand_text, _indented
from scorepad.engine import replay
from scorepad.tables import builtin_tables


@pytest.mark.parametrize("rid", sorted(builtin_tables()))
def test_every_game_hand_by_hand(rid):
    table = builtin_tables()[rid]
    session = generate_session(table, 300, seed=3)
    for hand in replay(table, session["players"], session["hands"]).hands:
        assert _hand_text(hand.as_dict()) == _indented(hand.as_dict(), 4)


@pytest.mark.parametrize("hand", [
    {"number": 1, "dealer": "50%d x", "deltas": {"50%d x": {"geld": 20, "%s": -3}, 'B"q': {"geld": -20, "%s": 3}}},
    {"number": 2, "dealer": "50%d x", "deltas": {"50%d x": {"geld": 2.5, "%s": True}, 'B"q': {"geld": None, "%s": 3}}},
    {"number": 3, "dealer": None, "deltas": {"A": {}, "B": {"x": 1}}},
    {"number": 4, "dealer": "Ä", "deltas": {"A": {"x": True}}},
    {"number": 5, "dealer": "A", "deltas": {"A": {"x": 1}}, "info": {"passed": True}},
])
def test_odd_names_and_values(hand):
    assert _hand_text(hand) == _indented(hand, 4)


@pytest.mark.parametrize("ruleset", sorted(builtin_tables()))
def test_the_replay_writes_each_hand_result_as_json_indents_it(ruleset):
    from scorepad.cli import _result_text

    table = builtin_tables()[ruleset]
    session = generate_session(table, 200, seed=11)
    for hand in replay(table, session["players"], session["hands"]).hands:
        assert _result_text(hand) == _indented(hand.as_dict(), 4)
