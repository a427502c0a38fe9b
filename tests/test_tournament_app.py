"""Tournaments in the application layer (scorepad/app/tournaments.py) and the store: late
arrivals and withdrawals between rounds, each table an evening with its own PIN that takes no
hand beyond the round's games (from a phone too), closing rounds, the table sheets, the
refusals, and a file of schema 7 upgraded with every evening as it was."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from scorepad.app import App, EveningClosedError
from scorepad.app.caller import Caller
from scorepad.app.errors import TournamentError
from scorepad.errors import ScorepadError
from scorepad.store import SCHEMA_VERSION
from scorepad.tournament import meetings

pytestmark = pytest.mark.store

FIXTURES = Path(__file__).parent / "fixtures"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl", "Gustl", "Hias", "Kathi", "Lenz"]


def solo(player, augen=70):
    return {"game": "solo", "player": player, "suit": "herz", "augen": augen}


def play_out(app, drawn, games):
    """Every table of the round plays its games: Herz-Solos of the player left of the dealer."""
    for table in drawn.tables:
        seats = table.seats
        for h in range(games):
            app.add_hand(table.evening, solo(seats[(h + 1) % len(seats)]))


def test_a_late_arrival_is_drawn_from_the_next_round_on(app):
    tid = app.new_tournament("Kirta", "schafkopf", 3, 1, FIELD[:8], seed="1").id
    first = app.draw_round(tid)
    app.enter_tournament_player(tid, "Zenzi", 27)
    assert "Zenzi" not in [p for t in first.tables for p in t.seats]
    play_out(app, first, 1)
    second = app.draw_round(tid)
    seated = sorted(p for t in second.tables for p in t.seats)
    assert seated == sorted([*FIELD[:8], "Zenzi"]) and sorted(len(t.seats) for t in second.tables) == [4, 5]
    zenzi = next(r for r in app.tournament_standings(tid) if r.name == "Zenzi")
    assert (zenzi.number, zenzi.games) == (27, 0)


def test_a_withdrawn_player_is_not_drawn_again_and_keeps_the_points_so_far(app):
    tid = app.new_tournament("Kirta", "schafkopf", 3, 1, FIELD[:9], seed="1").id
    first = app.draw_round(tid)
    play_out(app, first, 1)
    before = {r.name: r.points for r in app.tournament_standings(tid)}
    app.withdraw_tournament_player(tid, "Burgi")
    second = app.draw_round(tid)
    assert "Burgi" not in [p for t in second.tables for p in t.seats]
    assert [len(t.seats) for t in second.tables] == [4, 4]
    assert {r.name: r.points for r in app.tournament_standings(tid)}["Burgi"] == before["Burgi"]
    with pytest.raises(TournamentError) as again:
        app.withdraw_tournament_player(tid, "Burgi")
    assert again.value.code == "tournament_player_withdrawn"


def test_one_who_withdrew_may_come_back_for_the_next_round(app):
    tid = app.new_tournament("Kirta", "schafkopf", 3, 1, FIELD[:9], seed="1").id
    app.withdraw_tournament_player(tid, "Burgi")
    assert [len(t.seats) for t in app.draw_round(tid).tables] == [4, 4]
    app.enter_tournament_player(tid, "Burgi")
    assert app.tournament(tid).players[2].present(2)


def test_a_withdrawal_that_leaves_a_field_no_tables_can_seat_is_refused_at_the_draw(app):
    tid = app.new_tournament("Kirta", "schafkopf", 2, 1, FIELD[:8], seed="1").id
    app.withdraw_tournament_player(tid, "Burgi")
    with pytest.raises(ScorepadError) as refused:
        app.draw_round(tid)
    assert refused.value.code == "tournament_cannot_seat" and app.tournament(tid).drawn == 0
    assert app.list_evenings() == []


def test_each_table_is_an_evening_with_its_own_pin_and_the_seats_of_the_draw(app):
    tid = app.new_tournament("Kirta", "schafkopf", 1, 2, FIELD[:9], seed="1").id
    drawn = app.draw_round(tid)
    sheets = app.table_sheets(tid)
    for table, sheet in zip(drawn.tables, sheets):
        evening = app.evening(table.evening)
        assert evening.players == table.seats == list(sheet.seats) and evening.first_dealer == table.seats[0]
        assert sheet.pin == app.pin(table.evening) and len(sheet.pin) == 4
        assert f"Runde 1 · Tisch {table.table}" in sheet.lines()
    assert sheets[1].sitting_out == (drawn.tables[1].seats[0],)


def test_a_table_that_played_its_games_says_so_and_a_phone_cannot_add_another(app):
    tid = app.new_tournament("Kirta", "schafkopf", 1, 2, FIELD[:4], seed="1").id
    table = app.draw_round(tid).tables[0]
    phone = Caller("phone-1")
    assert app.take_pen(table.evening, phone, app.pin(table.evening))
    app.add_hand(table.evening, solo(table.seats[1]))
    assert app.tournament_table(table.evening).german() == "Tisch 1: 1 von 2 Spielen"
    app.add_hand(table.evening, solo(table.seats[2]))
    progress = app.tournament_table(table.evening)
    assert progress.complete and progress.german() == "Tisch 1: 2 von 2 Spielen"
    with pytest.raises(EveningClosedError) as refused:
        app.add_hand(table.evening, solo(table.seats[3]), caller=phone)
    assert refused.value.code == "tournament_table_complete"
    assert refused.value.german == "Tisch 1 (Runde 1, Abend 1): alle 2 Spiele gespielt, kein weiteres Spiel"
    assert app.evening(table.evening).hands == 2


def test_a_table_may_still_correct_a_hand_once_its_games_are_played(app):
    tid = app.new_tournament("Kirta", "schafkopf", 1, 1, FIELD[:4], seed="1").id
    table = app.draw_round(tid).tables[0]
    app.add_hand(table.evening, solo(table.seats[1]))
    app.edit_hand(table.evening, 1, solo(table.seats[1], 40))
    assert app.tournament_standings(tid)[-1].name == table.seats[1]


def test_an_ordinary_evening_is_no_tournament_table_and_has_no_game_limit(app):
    eid = app.start_evening("schafkopf", FIELD[:4]).id
    assert app.tournament_table(eid) is None
    for _ in range(3):
        app.add_hand(eid, solo(FIELD[1]))
    assert app.evening(eid).hands == 3


def test_closing_a_round_early_needs_force_and_finishes_its_evenings(app):
    tid = app.new_tournament("Kirta", "schafkopf", 2, 2, FIELD[:8], seed="1").id
    drawn = app.draw_round(tid)
    with pytest.raises(TournamentError) as refused:
        app.close_round(tid)
    assert refused.value.code == "tournament_round_open"
    assert refused.value.german == "Turnier 1: Runde 1 läuft noch an Tisch 1 (0/2), 2 (0/2) (gespielt von Spielen)"
    info = app.close_round(tid, force=True)
    assert info.open_round is None and all(app.evening(t.evening).finished for t in drawn.tables)
    assert app.draw_round(tid).round == 2


def test_the_second_round_keeps_apart_who_sat_together_in_the_first(app):
    # (sixteen: twelve at three tables cannot all meet new players in the second round)
    tid = app.new_tournament("Kirta", "schafkopf", 2, 1, [*FIELD, "Liesl", "Loisl", "Maxl", "Peter"], seed="1").id
    first = app.draw_round(tid)
    play_out(app, first, 1)
    second = app.draw_round(tid)
    met = meetings([[t.seats for t in first.tables]])
    assert second.repeat_meetings == 0 == sum(met[frozenset((a, b))] for t in second.tables
                                             for a in t.seats for b in t.seats if a < b)


def test_a_finished_tournament_draws_no_more_and_all_rounds_drawn_refuses_the_next(app):
    tid = app.new_tournament("Kirta", "schafkopf", 1, 1, FIELD[:4], seed="1").id
    play_out(app, app.draw_round(tid), 1)
    with pytest.raises(TournamentError) as done:
        app.draw_round(tid)
    assert done.value.code == "tournament_rounds_done"
    assert app.finish_tournament(tid).finished
    with pytest.raises(TournamentError) as finished:
        app.draw_round(tid)
    assert finished.value.code == "tournament_finished"


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"name": ""}, "tournament_name"),
    ({"name": "Kirta\nAying"}, "tournament_name"),
    ({"rounds": 0}, "tournament_rounds_count"),
    ({"games": True}, "tournament_games_count"),
    ({"players": FIELD[:3]}, "tournament_cannot_seat"),
    ({"players": [*FIELD[:7], "alois"]}, "name_twice"),
    ({"numbers": [1, 2, 3, 1]}, "tournament_number_taken"),
    ({"numbers": [1, 2, 3, 0]}, "tournament_number"),
    ({"ruleset": "saukopf", "players": FIELD[:5]}, "tournament_table_size"),
    ({"ruleset": "saukopf-dreihaxer"}, "tournament_table_size"),
    ({"ruleset": "no-such-table"}, "ruleset_unknown"),
])
def test_a_tournament_that_cannot_be_run_is_refused_and_nothing_is_stored(app, db, kwargs, code):
    args = {"name": "Kirta", "ruleset": "schafkopf", "rounds": 2, "games": 4, "players": FIELD[:4], "numbers": None}
    args.update(kwargs)
    if args["numbers"] is not None:
        args["players"] = FIELD[:len(args["numbers"])]
    with pytest.raises(Exception) as refused:
        app.new_tournament(**args)
    assert getattr(refused.value, "code", None) == code, refused.value
    assert app.list_tournaments() == [] and app.players() == []


def test_a_file_of_schema_7_upgrades_with_its_evenings_as_they_were_and_no_tournament(tmp_path):
    path = tmp_path / "scorepad.db"
    shutil.copyfile(FIXTURES / "scorepad-v7.db", path)
    before = sqlite3.connect(path)
    rows = before.execute("SELECT * FROM evenings ORDER BY id").fetchall()
    hands = before.execute("SELECT * FROM hands ORDER BY id").fetchall()
    before.close()
    with App.open(path) as app:
        assert [e.hands for e in app.list_evenings()] == [3, 1]
        assert app.list_tournaments() == [] and app.tournament_table(1) is None
        app.add_hand(1, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "suit": "gras", "augen": 70})
    after = sqlite3.connect(path)
    assert after.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert after.execute("SELECT * FROM evenings WHERE id = 2").fetchall() == [rows[1]]
    assert after.execute("SELECT * FROM hands ORDER BY id").fetchall()[:4] == hands
    after.close()


def test_the_organiser_corrects_a_closed_tables_hand_with_that_tables_pin_only(app):
    tid = app.new_tournament("Kirta", "schafkopf", 2, 1, FIELD[:4], seed="1").id
    table = app.draw_round(tid).tables[0]
    soloist = table.seats[1]
    app.add_hand(table.evening, solo(soloist))
    app.close_round(tid)
    assert app.tournament_standings(tid)[0].name == soloist
    wrong = f"{(int(app.pin(table.evening)) + 1) % 10_000:04d}"
    with pytest.raises(TournamentError) as refused:
        app.correct_table_hand(table.evening, 1, solo(soloist, 40), wrong)
    assert refused.value.code == "tournament_pin_wrong"
    app.correct_table_hand(table.evening, 1, solo(soloist, 40), app.pin(table.evening))
    ranking = app.tournament_standings(tid)
    assert (ranking[-1].name, ranking[-1].points, ranking[-1].solos_won) == (soloist, -150, 0)
    assert app.evening(table.evening).finished
