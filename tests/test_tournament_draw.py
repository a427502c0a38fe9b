"""The tournament's draw (scorepad/tournament/draw.py): tables of four, of five where the count
does not divide by four, every present player seated exactly once, and the fewest repeat
meetings possible, checked against an exhaustive search of every seating for small fields."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.errors import ScorepadError
from scorepad.tournament import draw, meetings, table_sizes
from scorepad.tournament.draw import repeats

pytestmark = pytest.mark.unit

NAMES = [f"Spieler {i:02d}" for i in range(1, 201)]


def all_seatings(players, sizes):
    """Every way to split `players` into tables of the given sizes (each split once)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in all_seatings(remaining, left):
                yield [(first, *others), *tail]


def fewest_repeats(players, met):
    return min(repeats(seating, met) for seating in all_seatings(list(players), table_sizes(len(players))))


def random_history(players, rounds, rng, kinds=(4, 5)):
    """`rounds` earlier rounds of random tables (as a draw without memory would seat them)."""
    history = []
    for _ in range(rounds):
        shuffled = list(players)
        rng.shuffle(shuffled)
        tables, at = [], 0
        for size in table_sizes(len(shuffled), kinds):
            tables.append(shuffled[at:at + size])
            at += size
        history.append(tables)
    return history


def test_tables_are_of_four_where_the_count_divides_by_four():
    assert table_sizes(8) == (4, 4) and table_sizes(200) == (4,) * 50


def test_where_the_count_does_not_divide_by_four_some_tables_are_of_five():
    assert table_sizes(26) == (4, 4, 4, 4, 5, 5)
    assert table_sizes(5) == (5,) and table_sizes(9) == (4, 5) and table_sizes(15) == (5, 5, 5)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 6, 7, 11])
def test_a_field_that_tables_of_four_and_five_cannot_seat_is_refused_in_words(count):
    with pytest.raises(ScorepadError) as refused:
        table_sizes(count)
    assert refused.value.code == "tournament_cannot_seat"
    assert str(refused.value) == f"{count} players cannot be seated at tables of 4 and 5"
    assert refused.value.german == f"{count} Spieler passen nicht an Tische zu 4 und zu 5"


FOURS_AND_THREES = (4, 3)  # a Skat tournament's tables (the rule table's tournament.tables)


def test_where_the_rules_say_fours_and_threes_the_rest_sits_at_tables_of_three():
    assert table_sizes(13, FOURS_AND_THREES) == (4, 3, 3, 3)
    assert table_sizes(6, FOURS_AND_THREES) == (3, 3)
    assert table_sizes(16, FOURS_AND_THREES) == (4, 4, 4, 4) and table_sizes(7, FOURS_AND_THREES) == (4, 3)


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_a_field_that_tables_of_four_and_three_cannot_seat_is_refused_in_words(count):
    with pytest.raises(ScorepadError) as refused:
        table_sizes(count, FOURS_AND_THREES)
    assert refused.value.german == f"{count} Spieler passen nicht an Tische zu 4 und zu 3"


@settings(max_examples=40, deadline=None)
@given(count=st.integers(6, 40), rounds=st.integers(0, 3), seed=st.integers(0, 10**6))
def test_a_draw_at_fours_and_threes_seats_everyone_once_the_threes_last(count, rounds, seed):
    players = NAMES[:count]
    met = meetings(random_history(players, rounds, random.Random(seed), FOURS_AND_THREES))
    drawn = draw(players, met, str(seed), FOURS_AND_THREES)
    assert sorted(p for table in drawn.tables for p in table) == sorted(players)
    assert tuple(len(t) for t in drawn.tables) == table_sizes(count, FOURS_AND_THREES)
    assert drawn.repeat_meetings == repeats(drawn.tables, met)


@settings(max_examples=30, deadline=None)
@given(count=st.sampled_from([6, 7, 9, 10, 13]), rounds=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_the_repeat_meetings_at_fours_and_threes_are_the_fewest_possible(count, rounds, seed):
    players = NAMES[:count]
    met = meetings(random_history(players, rounds, random.Random(seed), FOURS_AND_THREES))
    fewest = min(repeats(seating, met) for seating in all_seatings(list(players), table_sizes(count, FOURS_AND_THREES)))
    assert draw(players, met, str(seed), FOURS_AND_THREES).repeat_meetings == fewest


@settings(max_examples=60, deadline=None)
@given(count=st.integers(4, 60).filter(lambda n: n not in (6, 7, 11)), rounds=st.integers(0, 3),
       seed=st.integers(0, 10**6))
def test_every_draw_seats_every_present_player_exactly_once(count, rounds, seed):
    players = NAMES[:count]
    met = meetings(random_history(players, rounds, random.Random(seed)))
    drawn = draw(players, met, str(seed))
    seated = [p for table in drawn.tables for p in table]
    assert sorted(seated) == sorted(players)
    assert sorted(len(t) for t in drawn.tables) == sorted(table_sizes(count))
    assert drawn.repeat_meetings == repeats(drawn.tables, met)


@settings(max_examples=40, deadline=None)
@given(count=st.sampled_from([4, 5, 8, 9, 10, 12]), rounds=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_the_repeat_meetings_of_a_small_field_are_the_fewest_possible(count, rounds, seed):
    players = NAMES[:count]
    met = meetings(random_history(players, rounds, random.Random(seed)))
    assert draw(players, met, str(seed)).repeat_meetings == fewest_repeats(players, met)


def test_the_repeat_meetings_of_thirteen_are_the_fewest_possible_round_after_round():
    players, history = NAMES[:13], []
    for number in range(1, 4):
        met = meetings(history)
        drawn = draw(players, met, f"13:{number}")
        assert drawn.repeat_meetings == fewest_repeats(players, met)
        history.append(drawn.tables)
    assert drawn.repeat_meetings > 0  # by the third round thirteen cannot all meet new players


def test_who_sat_together_in_an_earlier_round_sits_apart_when_the_field_allows():
    players = NAMES[:16]
    history = [[players[i:i + 4] for i in range(0, 16, 4)]]
    drawn = draw(players, meetings(history), "apart")
    assert drawn.repeat_meetings == 0
    for table in drawn.tables:
        assert all(sum(p in old for p in table) <= 1 for old in history[0])


@pytest.mark.parametrize("count", [26, 50, 101, 200])
def test_a_large_field_draws_three_rounds_without_a_repeat_meeting(count):
    players, history = NAMES[:count], []
    for number in range(1, 4):
        drawn = draw(players, meetings(history), f"large:{number}")
        assert drawn.repeat_meetings == 0
        history.append(drawn.tables)


def test_the_same_seed_draws_the_same_tables_and_another_seed_others():
    players = NAMES[:26]
    assert draw(players, {}, "Aying") == draw(list(reversed(players)), {}, "Aying")
    assert draw(players, {}, "Aying").tables != draw(players, {}, "Kloster Andechs").tables
