"""Who may run a tournament (scorepad/app/organiser.py): the organiser, on the machine that serves
scorepad (a browser whose socket comes from this machine) or on the command line. A phone from
another machine is refused every organiser operation, in English and German, and nothing is
stored: no tournament, no player, no round, no closed round, no corrected hand, no finish; the
reads that show the tables' PINs or the seed are refused it too."""

from __future__ import annotations

import pytest

from scorepad.app import App
from scorepad.app.caller import Caller
from scorepad.app.errors import OrganiserError
from scorepad.app.organiser import ORGANISER
from scorepad.app.phone import READS, PhoneApp

pytestmark = pytest.mark.store

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
PHONE = Caller("a-phone-at-table-2")  # a phone on the Wi-Fi (its socket from another machine)
HERE = Caller("the-laptop", local=True)  # the organiser's browser on the serving machine
SERVER = "http://192.0.2.2:8550/"


def herz_solo(player):
    return {"game": "solo", "player": player, "suit": "herz", "augen": 70}


@pytest.fixture
def running(app):
    """A tournament in round 1, one hand entered at table 1."""
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    drawn = app.draw_round(tid)
    app.add_hand(drawn.tables[0].evening, herz_solo(drawn.tables[0].seats[1]))
    return tid, drawn


def stored(app: App) -> tuple:
    """All the store holds of tournaments and their tables (as the command line reads it)."""
    tournaments = [app.tournament_data(t.id) for t in app.list_tournaments()]
    evenings = [(e.id, e.version, e.finished, e.hands) for e in app.list_evenings()]
    return tournaments, evenings


def refused(app: App, call) -> OrganiserError:
    before = stored(app)
    with pytest.raises(OrganiserError) as caught:
        call()
    assert caught.value.code == "organiser_only"
    assert "organiser" in caught.value.english and "Veranstalter" in caught.value.german
    assert stored(app) == before
    return caught.value


def test_a_phone_cannot_start_a_tournament(app):
    refused(app, lambda: app.new_tournament("Kirta", RULES, 2, 4, FIELD, caller=PHONE))
    assert app.list_tournaments() == []


def test_a_phone_cannot_enter_a_late_arrival(app, running):
    refused(app, lambda: app.enter_tournament_player(running[0], "Zenzi", caller=PHONE))


def test_a_phone_cannot_withdraw_a_player(app, running):
    refused(app, lambda: app.withdraw_tournament_player(running[0], "Alois", caller=PHONE))


def test_a_phone_cannot_draw_a_round(app):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    refused(app, lambda: app.draw_round(tid, caller=PHONE))
    assert app.tournament(tid).drawn == 0


def test_a_phone_cannot_close_a_round(app, running):
    refused(app, lambda: app.close_round(running[0], force=True, caller=PHONE))
    assert app.tournament(running[0]).open_round == 1


def test_a_phone_cannot_correct_a_tables_hand_even_with_its_pin(app, running):
    table = running[1].tables[0]
    pin = app.pin(table.evening)
    refused(app, lambda: app.correct_table_hand(table.evening, 1, herz_solo(table.seats[2]), pin, caller=PHONE))
    assert app.hand(table.evening, 1)["player"] == table.seats[1]


def test_a_phone_cannot_finish_a_tournament(app, running):
    refused(app, lambda: app.finish_tournament(running[0], force=True, caller=PHONE))
    assert not app.tournament(running[0]).finished


@pytest.mark.parametrize("read", ["table_sheets", "printed_sheets", "tournament_data", "export_tournament",
                                  "tournament", "list_tournaments", "tournament_round", "tournament_progress",
                                  "tournament_standings", "printed_standings"])
def test_a_phone_cannot_read_what_shows_the_pins_or_the_seed(app, running, read):
    tid = running[0]
    args = {"list_tournaments": (), "printed_sheets": (tid, SERVER)}.get(read, (tid,))
    refused(app, lambda: getattr(app, read)(*args, caller=PHONE))


def test_the_serving_machine_and_the_command_line_may_run_the_tournament(app):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1", caller=HERE).id
    app.enter_tournament_player(tid, "Zenzi", caller=HERE)
    app.withdraw_tournament_player(tid, "Zenzi", caller=HERE)
    drawn = app.draw_round(tid, caller=HERE)
    table = drawn.tables[0]
    app.add_hand(table.evening, herz_solo(table.seats[1]))
    shown = app.tournament_round(tid, caller=HERE)
    assert [t.german() for t in shown.tables] == ["Tisch 1: 1 von 4 Spielen", "Tisch 2: 0 von 4 Spielen"]
    assert shown.tables[0].seats == table.seats and shown.repeat_meetings == drawn.repeat_meetings
    pin = app.table_sheets(tid, caller=HERE)[0].pin
    app.correct_table_hand(table.evening, 1, herz_solo(table.seats[2]), pin, caller=HERE)
    assert app.hand(table.evening, 1)["player"] == table.seats[2]
    assert "<html" in app.printed_sheets(tid, SERVER, caller=HERE).lower()
    app.close_round(tid, force=True, caller=HERE)
    assert app.finish_tournament(tid, caller=HERE).finished
    assert app.tournament_data(tid)["tournament"]["finished"]  # the command line (caller None)


def test_a_phone_asks_every_organiser_operation_as_itself(app, running):
    """A screen cannot leave the caller out: PhoneApp hands each organiser operation the phone's
    caller (read when called), so a phone from another machine is refused however it asks."""
    phone = PhoneApp(app, lambda: PHONE)
    assert not ORGANISER & READS
    refused(app, lambda: phone.draw_round(running[0]))
    refused(app, lambda: phone.close_round(running[0], force=True, caller=None))  # (the phone's caller wins)
    assert PhoneApp(app, lambda: HERE).tournament(running[0]).name == "Kirta"


def test_a_round_before_the_first_draw_is_none(app):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    assert app.tournament_round(tid) is None
