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


# -- the tie-breaks a game's table names ([tournament] tie_breaks) -------------------------------

SKAT = ("won", "lost")  # rulesets/skat.toml


def score(points, won=0, lost=0, solos=0):
    return Score(points, solos, won + lost + 2, won, lost)


def test_skat_ranks_points_first_then_more_won_games_then_fewer_lost_games_then_the_lot():
    field = [(n, None) for n in ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz")]
    tables = [{"Anna": score(120, won=2, lost=1), "Ben": score(120, won=3, lost=2), "Cem": score(120, won=3, lost=1)},
              {"Dora": score(120, won=2, lost=1), "Emil": score(300, won=1, lost=4), "Fritz": score(-40, won=5)}]
    ranked = rank(field, tables, "Altenburg", tie_breaks=SKAT)
    lot = lot_order([n for n, _ in field], "Altenburg")
    level = sorted(["Anna", "Dora"], key=lot.get)  # as many points, won and lost games: the lot
    assert names(ranked) == ["Emil", "Cem", "Ben", *level, "Fritz"]


def test_skat_adds_up_the_won_and_lost_games_of_every_table():
    field = [("Anna", None), ("Ben", None)]
    tables = [{"Anna": score(50, won=1), "Ben": score(50, won=2)}, {"Anna": score(0, won=2, lost=1),
                                                                    "Ben": score(0, won=1, lost=1)}]
    ranked = rank(field, tables, "s", tie_breaks=SKAT)
    assert [(s.name, s.won, s.lost) for s in ranked] == [("Anna", 3, 1), ("Ben", 3, 1)]
    lot = lot_order(["Anna", "Ben"], "s")
    assert names(ranked) == sorted(["Anna", "Ben"], key=lot.get)  # 3 won, 1 lost each: the lot


def test_schafkopf_splits_level_points_by_won_solos_never_by_won_or_lost_games():
    field = [(n, None) for n in ("Hias", "Vroni", "Wast", "Kathi")]
    for seed in ("1", "2", "3", "Aying"):  # whoever the lot draws first ranks first of the level
        tables = [{"Hias": score(10, won=4, lost=0), "Vroni": score(10, won=0, lost=5),
                   "Wast": score(10, won=1, solos=1), "Kathi": score(10, won=6, lost=1)}]
        lot = lot_order([n for n, _ in field], seed)
        assert names(rank(field, tables, seed)) == ["Wast", *sorted(["Hias", "Vroni", "Kathi"], key=lot.get)]


def test_a_table_naming_no_tie_break_ranks_level_points_by_the_lot_alone():
    field = [("Hias", None), ("Vroni", None)]
    tables = [{"Hias": score(10, won=4, solos=2), "Vroni": score(10, lost=3)}]
    lot = lot_order(["Hias", "Vroni"], "Aying")
    assert names(rank(field, tables, "Aying", tie_breaks=())) == sorted(["Hias", "Vroni"], key=lot.get)


def test_each_line_says_which_of_the_tables_tie_breaks_put_it_below_the_one_above():
    from scorepad.tournament import Standing, decided_by

    lines = [Standing(k, n, None, p, 0, 20, w, lo) for k, (n, p, w, lo) in enumerate(
        [("Emil", 300, 1, 4), ("Cem", 120, 3, 1), ("Ben", 120, 3, 2), ("Anna", 120, 2, 1), ("Dora", 120, 2, 1),
         ("Fritz", -40, 5, 0)], 1)]
    assert decided_by(lines, SKAT) == [None, None, "lost", "won", "lot", None]
    assert decided_by(lines, ("lost", "won")) == [None, None, "lost", "lost", "lot", None]
    assert decided_by(lines) == [None, None, "lot", "lot", "lot", None]  # Schafkopf's: no solos here


def test_the_tie_breaks_words_say_what_was_level_and_what_decided():
    from scorepad.tournament import tie_breaks

    assert tie_breaks.decided_words("won") == "mehr gewonnene Spiele"
    assert tie_breaks.decided_words("lost") == "weniger verlorene Spiele"
    assert tie_breaks.decided_words("lot") == "durch Los"
    assert tie_breaks.decided_words(None) == ""
    assert tie_breaks.printed_reason("lot", SKAT) == \
        "gleiche Punkte, gleich viele gewonnene Spiele und gleich viele verlorene Spiele, durch Los entschieden"
    assert tie_breaks.printed_reason("lost", SKAT) == \
        "gleiche Punkte und gleich viele gewonnene Spiele, durch weniger verlorene Spiele entschieden"
    assert tie_breaks.printed_rule(()) == "Bei gleichen Punkten entscheidet das Los."
