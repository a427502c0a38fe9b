"""What only a tournament's organiser changes at its tables, and what nobody changes once it is
finished (issue 36, item 9): a table's keeper (the PIN from its Tischzettel) plays its hands but
does not change the table's rules, finish or reopen it; after the finish no hand is added, fixed
or deleted, no rules change and no table opens again, for anyone. Checked by the application
layer at the moment of the change; nothing is stored on a refusal."""

from __future__ import annotations

import pytest

from scorepad.app import App
from scorepad.app.caller import Caller
from scorepad.app.errors import EveningClosedError, OrganiserError, TournamentError

pytestmark = pytest.mark.store

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]


@pytest.fixture
def pen_app(db):
    with App.open(db, pen_required=True) as a:
        yield a


def drawn(app: App) -> tuple[int, int]:
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    return tid, app.draw_round(tid).tables[0].evening


def keeper(app: App, evening: int) -> Caller:
    token = app.take_pen(evening, Caller("table-1"), app.pin(evening))
    assert token
    return Caller("table-1", {evening: token}, address="192.0.2.41")


def sauspiel(app: App, evening: int) -> dict:
    players = app.evening(evening).players
    return {"game": "sauspiel", "player": players[0], "partner": players[1], "suit": "gras", "augen": 70}


def test_a_tables_keeper_does_not_change_its_tournament_tables_rules(pen_app):
    app = pen_app
    _, table = drawn(app)
    with pytest.raises(OrganiserError) as refused:
        app.change_rules(table, {"laufende": {"enabled": False}}, caller=keeper(app, table))
    assert refused.value.code == "organiser_only" and app.evening(table).options == {}


def test_a_tables_keeper_does_not_finish_its_tournament_table_the_organiser_does(pen_app):
    app = pen_app
    _, table = drawn(app)
    phone = keeper(app, table)
    with pytest.raises(OrganiserError):
        app.finish_evening(table, caller=phone)
    assert not app.evening(table).finished
    app.add_hand(table, sauspiel(app, table), caller=phone)  # its hands are the keeper's
    assert app.finish_evening(table).finished  # the organiser (the command line)


def test_nothing_of_a_finished_tournaments_tables_changes_for_anyone(pen_app):
    app = pen_app
    tid, table = drawn(app)
    app.add_hand(table, sauspiel(app, table))
    app.finish_tournament(tid, force=True)
    version = app.evening(table).version
    with pytest.raises(TournamentError) as refused:  # not even the organiser
        app.finish_evening(table, finished=False)
    assert refused.value.code == "tournament_finished" and "beendet" in refused.value.german
    with pytest.raises((TournamentError, EveningClosedError)):
        app.delete_hand(table, 1)
    with pytest.raises((TournamentError, EveningClosedError)):
        app.change_rules(table, {"laufende": {"enabled": False}})
    assert app.evening(table).finished and app.evening(table).version == version and len(app.hands(table)) == 1
