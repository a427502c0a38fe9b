"""The tournament's ranking (scorepad/tournament/standings.py): most points first, then most
won solos, then the tournament's seeded lot; scores of every table added up."""

from __future__ import annotations

import pytest

from scorepad.tournament import Score, lot_order, rank

pytestmark = pytest.mark.unit

FIELD = [("Hias", 1), ("Vroni", 2), ("Wast", 3), ("Kathi", None)]


def names(standings):
    return [s.name for s in standings]


def test_more_points_rank_higher_over_every_table_added_up():
    tables = [{"Hias": Score(30, 0, 4), "Vroni": Score(-10, 0, 4)}, {"Hias": Score(-25, 0, 4), "Wast": Score(20, 1, 4)}]
    ranked = rank(FIELD, tables, "s")
    assert names(ranked) == ["Wast", "Hias", "Kathi", "Vroni"]
    assert [(s.rank, s.points, s.games) for s in ranked] == [(1, 20, 4), (2, 5, 8), (3, 0, 0), (4, -10, 4)]


def test_equal_points_are_split_by_more_won_solos():
    tables = [{"Hias": Score(10, 0, 4), "Vroni": Score(10, 2, 4), "Wast": Score(10, 1, 4), "Kathi": Score(-30, 0, 4)}]
    assert names(rank(FIELD, tables, "s")) == ["Vroni", "Wast", "Hias", "Kathi"]


def test_equal_points_and_solos_are_split_by_the_lot():
    tables = [{"Hias": Score(5, 1, 4), "Vroni": Score(5, 1, 4), "Wast": Score(5, 1, 4), "Kathi": Score(5, 1, 4)}]
    lot = lot_order([n for n, _ in FIELD], "Aying")
    assert names(rank(FIELD, tables, "Aying")) == sorted(lot, key=lot.get)


def test_the_lot_is_a_drawing_of_every_name_once_the_same_for_the_same_seed():
    field = [f"Spieler {i}" for i in range(30)]
    lot = lot_order(field, "Aying")
    assert sorted(lot.values()) == list(range(30))
    assert lot == lot_order(list(reversed(field)), "Aying")
    assert lot != lot_order(field, "Andechs")


def test_where_less_is_better_fewer_points_rank_higher():
    tables = [{"Hias": Score(3, 0, 4), "Vroni": Score(1, 0, 4), "Wast": Score(2, 0, 4), "Kathi": Score(4, 0, 4)}]
    assert names(rank(FIELD, tables, "s", more_is_better=False)) == ["Vroni", "Wast", "Hias", "Kathi"]


def test_a_numbered_player_keeps_the_number_in_the_ranking():
    assert {s.name: s.number for s in rank(FIELD, [], "s")} == dict(FIELD)


def test_each_line_says_which_tie_break_put_it_below_the_one_above():
    from scorepad.tournament import Standing, decided_by

    lines = [Standing(k, n, None, p, s, 4) for k, (n, p, s) in
             enumerate([("Vroni", 50, 1), ("Kathi", 50, 1), ("Hias", 50, 0), ("Wast", -20, 0)], 1)]
    assert decided_by(lines) == [None, "lot", "solos", None]
    assert decided_by([]) == []
