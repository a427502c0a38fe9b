"""The ranking board kept (scorepad/app/ranking.py): computed once for each state of the
tournament, whoever asks; a save at one table scores only that table again; and it never shows
a state the store has left (a save from another process, a renamed player, a late arrival, a
closed round)."""

from __future__ import annotations

import pytest

from scorepad.app import App
from scorepad.app import ranking as kept_ranking

pytestmark = pytest.mark.store

RULES = "preisschafkopf-5-10-15"  # Herz-Solo 25 from each of the three (rulesets/preisschafkopf-5-10-15.toml)
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl", "Gustl", "Hias", "Kathi", "Lenz"]


def herz_solo(player):
    return {"game": "solo", "player": player, "suit": "herz", "augen": 70}


def points(board) -> dict[str, int]:
    return {line.name: line.points for line in board.lines}


@pytest.fixture
def scored(monkeypatch):
    """The tables scored, in order of scoring (each table's evening id)."""
    scored: list[int] = []
    real = kept_ranking.table_scores

    def counting(evenings, evening_id, tally):
        scored.append(evening_id)
        return real(evenings, evening_id, tally)

    monkeypatch.setattr("scorepad.app.tournaments.table_scores", counting)
    return scored


def test_a_board_asked_again_with_nothing_changed_is_the_one_computed(app, scored):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    app.draw_round(tid)
    first = app.ranking_board(tid)
    assert len(scored) == 3  # three tables, each scored once
    assert app.ranking_board(tid) is first  # a second screen, a page turning: no new computation
    assert len(scored) == 3


def test_a_save_at_one_table_scores_only_that_table_again(app, db, scored):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    tables = app.draw_round(tid).tables
    app.ranking_board(tid)
    scored.clear()
    app.add_hand(tables[1].evening, herz_solo(tables[1].seats[0]))
    board = app.ranking_board(tid)
    assert scored == [tables[1].evening]
    assert points(board)[tables[1].seats[0]] == 75 and board.played == 1
    with App.open(db) as fresh:  # the same ranking as a process that kept nothing
        assert fresh.ranking_board(tid).model_dump() == board.model_dump()


def test_a_save_from_another_process_moves_the_kept_board(app, db):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    table = app.draw_round(tid).tables[0]
    before = app.ranking_board(tid)
    with App.open(db) as other:  # `scorepad add` while the server runs
        other.add_hand(table.evening, herz_solo(table.seats[2]))
    after = app.ranking_board(tid)
    assert after is not before
    assert after.lines[0].name == table.seats[2] and after.lines[0].points == 75


def test_a_renamed_player_and_a_late_arrival_show_at_once(app):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    table = app.draw_round(tid).tables[0]
    app.add_hand(table.evening, herz_solo(table.seats[0]))
    app.ranking_board(tid)
    app.rename_player(table.seats[0], "Xaver")
    assert points(app.ranking_board(tid))["Xaver"] == 75
    app.enter_tournament_player(tid, "Zenzi")
    assert points(app.ranking_board(tid))["Zenzi"] == 0


def test_closing_the_round_shows_on_the_kept_board(app):
    tid = app.new_tournament("Kirta", RULES, 2, 1, FIELD, seed="1").id
    tables = app.draw_round(tid).tables
    for t in tables:
        app.add_hand(t.evening, herz_solo(t.seats[0]))
    assert app.ranking_board(tid).playing
    app.close_round(tid)
    board = app.ranking_board(tid)
    assert not board.playing and board.played == board.games == 3
