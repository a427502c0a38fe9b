"""A table phone says where it belongs: Turnier · Runde · Tisch · Spiel n von m, that its round
is over once closed, and where its players sit in the next round once that is drawn (issue 36, 4)."""

from __future__ import annotations

import pytest

from tests.test_tournament_app import FIELD, play_out, solo

pytestmark = pytest.mark.store


def test_a_table_says_its_tournament_round_table_and_game_n_of_the_rounds_games(app):
    tid = app.new_tournament("Kirta", "schafkopf", 2, 3, FIELD[:8], seed="1").id
    table = app.draw_round(tid).tables[1]
    place = app.table_place(table.evening)
    assert place.title() == "Tisch 2 · Runde 1 · Kirta"
    assert place.game_words() == "Spiel 1 von 3" and not place.closed
    app.add_hand(table.evening, solo(table.seats[1]))
    assert app.table_place(table.evening).game_words() == "Spiel 2 von 3"


def test_a_table_that_played_all_its_games_says_so_before_the_round_closes(app):
    tid = app.new_tournament("Kirta", "schafkopf", 2, 1, FIELD[:4], seed="1").id
    table = app.draw_round(tid).tables[0]
    app.add_hand(table.evening, solo(table.seats[1]))
    assert app.table_place(table.evening).game_words() == "Alle 1 Spiele gespielt"


def test_a_closed_round_says_it_is_over_and_that_the_next_is_not_drawn_yet(app):
    tid = app.new_tournament("Kirta", "schafkopf", 2, 1, FIELD[:8], seed="1").id
    drawn = app.draw_round(tid)
    play_out(app, drawn, 1)
    app.close_round(tid)
    place = app.table_place(drawn.tables[0].evening)
    assert place.closed and place.next_round is None and place.next_tables == {}
    assert place.over_words() == "Runde 1 ist beendet. Die nächste Runde ist noch nicht ausgelost."
    assert place.game_words() == "Runde 1 beendet · 1 von 1 Spielen"


def test_once_the_next_round_is_drawn_each_player_of_a_closed_table_learns_their_next_table(app):
    tid = app.new_tournament("Kirta", "schafkopf", 2, 1, FIELD[:8], seed="1").id
    first = app.draw_round(tid)
    play_out(app, first, 1)
    second = app.draw_round(tid)  # closes round 1
    old = first.tables[0]
    place = app.table_place(old.evening)
    where = {name: t.table for t in second.tables for name in t.seats}
    assert place.closed and place.next_round == 2
    assert place.next_tables == {name: where[name] for name in old.seats}
    assert place.over_words() == "Runde 1 ist beendet. Runde 2 ist ausgelost:"


def test_a_finished_tournament_says_so_at_its_tables(app):
    tid = app.new_tournament("Kirta", "schafkopf", 1, 1, FIELD[:4], seed="1").id
    drawn = app.draw_round(tid)
    play_out(app, drawn, 1)
    app.finish_tournament(tid)
    place = app.table_place(drawn.tables[0].evening)
    assert place.closed and place.finished and "Turnier ist beendet" in place.over_words()


def test_an_ordinary_evening_has_no_table_place(app):
    assert app.table_place(app.start_evening("schafkopf", FIELD[:4]).id) is None


SKAT7 = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd"]


def test_a_skat_table_calls_its_round_a_serie_as_its_rule_table_says(app):
    tid = app.new_tournament("Preisskat", "skat-seeger-fabian", 2, 2, SKAT7, seed="1").id
    drawn = app.draw_round(tid)
    assert sorted(len(t.seats) for t in drawn.tables) == [3, 4]
    evening = drawn.tables[0].evening
    assert app.table_place(evening).title() == "Tisch 1 · Serie 1 · Preisskat"
    assert app.table_labels()[evening].group() == "Preisskat · Serie 1"
    assert app.evening(evening).note == "Preisskat: Serie 1, Tisch 1"
    assert app.table_sheets(tid)[0].lines()[1] == "Serie 1 · Tisch 1"
    printed = app.printed_sheets(tid, "http://192.0.2.1:8550/")
    assert "Tischzettel Serie 1" in printed and "Spiele in dieser Serie" in printed and "Runde" not in printed
    app.close_round(tid, force=True)
    assert app.table_place(evening).over_words() == "Serie 1 ist beendet. Die nächste Serie ist noch nicht ausgelost."
    info = app.tournament(tid)
    board = app.ranking_board(tid)
    assert (info.round_word, info.rounds_word, board.round_word, board.rounds_word) == ("Serie", "Serien",
                                                                                         "Serie", "Serien")
    assert "Zwischenstand: Serie 1 von 2 · 2 Spiele je Tisch und Serie" in app.printed_standings(tid)
