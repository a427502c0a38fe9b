"""`scorepad replay` writes each hand from a template made once per shape of hand: the text is
exactly what json's indenting encoder writes (`indented`), whatever the names and values."""

import pytest

from scorepad.cli.replay_json import HandsText, hand_text, indented
from scorepad.devtools.bench import generate_session
from scorepad.engine import replay
from scorepad.games.base import HandResult
from scorepad.tables import builtin_tables

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("rid", sorted(builtin_tables()))
def test_every_game_hand_by_hand(rid):
    table = builtin_tables()[rid]
    session = generate_session(table, 300, seed=3)
    for hand in replay(table, session["players"], session["hands"]).hands:
        assert hand_text(hand.as_dict()) == indented(hand.as_dict(), 4)


@pytest.mark.parametrize("hand", [
    {"number": 1, "dealer": "50%d x", "deltas": {"50%d x": {"geld": 20, "%s": -3}, 'B"q': {"geld": -20, "%s": 3}}},
    {"number": 2, "dealer": "50%d x", "deltas": {"50%d x": {"geld": 2.5, "%s": True}, 'B"q': {"geld": None, "%s": 3}}},
    {"number": 3, "dealer": None, "deltas": {"A": {}, "B": {"x": 1}}},
    {"number": 4, "dealer": "Ä", "deltas": {"A": {"x": True}}},
    {"number": 5, "dealer": "A", "deltas": {"A": {"x": 1}}, "info": {"passed": True}},
])
def test_odd_names_and_values(hand):
    assert hand_text(hand) == indented(hand, 4)


def written(results, run=HandsText.RUN):
    writer = HandsText()
    writer.RUN = run
    for result in results:
        writer.add(result)
    return ",\n".join(writer.done())


@pytest.mark.parametrize("ruleset", sorted(builtin_tables()))
@pytest.mark.parametrize("run", [1, 7, HandsText.RUN])
def test_the_replay_writes_each_hand_result_as_json_indents_it(ruleset, run):
    table = builtin_tables()[ruleset]
    session = generate_session(table, 200, seed=11)
    hands = replay(table, session["players"], session["hands"]).hands
    assert written(hands, run) == ",\n".join(indented(hand.as_dict(), 4) for hand in hands)


def test_runs_of_odd_hands_among_plain_ones_are_written_as_json_indents_them():
    shapes = [{"A": {"x": 1}, "B": {"x": -1}}, {"A": {"x": 1, "y": 2}, "B": {"x": 0, "y": -2}},
              {"A": {"x": True}, "B": {"x": 0}}, {"A": {"x": 2.5}, "B": {"x": None}}, {"A": {}, "B": {"x": 1}},
              {}, {"A": {"x": "1"}, "B": {"x": 1}}, {'50%d "x"': {"%s": 3}}]
    # runs of three hands of a shape, a flag among whole numbers in the middle of a run
    results = [HandResult(n, ["A", None, "Ä", 7][n % 4], shapes[n // 3 % len(shapes)]) for n in range(1, 60)]
    results[24] = HandResult(25, "A", {"A": {"x": False}, "B": {"x": -1}})
    for run in (1, 2, 3, 50):
        assert written(results, run) == ",\n".join(indented(hand.as_dict(), 4) for hand in results)
    assert written([]) == ""


def test_a_run_is_written_as_one_only_when_every_hand_has_the_same_players_and_columns_in_order():
    # each shape a run gathered at once could take for another: one column each but not the same
    # one, the same players in another order, a second column in one row, columns swapped
    shapes = [{"A": {"x": 1}, "B": {"x": -1}}, {"A": {"x": 2}, "B": {"y": -2}}, {"B": {"x": -3}, "A": {"x": 3}},
              {"A": {"x": 4}, "B": {"x": -4, "y": 0}}, {"A": {"x": 5, "y": 1}, "B": {"x": -5, "y": -1}},
              {"A": {"y": 6, "x": 1}, "B": {"y": -6, "x": -1}}]
    for first in range(len(shapes)):
        for second in range(len(shapes)):
            results = [HandResult(n, "A", shapes[first] if n % 2 else shapes[second]) for n in range(1, 9)]
            for run in (2, 8):
                assert written(results, run) == ",\n".join(indented(hand.as_dict(), 4) for hand in results)


def test_what_the_writer_keeps_is_bounded_however_many_names_and_shapes_it_meets():
    from scorepad.cli import replay_json

    # a shape per hand (a new player each time), then a new dealer's name per hand
    shapes = [HandResult(n, "A", {f"P{n}": {"x": n}, "A": {"x": -n}}) for n in range(1, 2 * replay_json.TEMPLATES_KEPT)]
    names = [HandResult(n, f"D{n}", {"A": {"x": n}}) for n in range(1, replay_json.NAMES_KEPT + 1000)]
    for results in (shapes, names):
        assert written(results) == ",\n".join(indented(hand.as_dict(), 4) for hand in results)
    for cache in (replay_json._template_of_shape, replay_json._template_parts, replay_json._json_name):
        info = cache.cache_info()
        assert info.maxsize is not None and 0 < info.currsize <= info.maxsize
