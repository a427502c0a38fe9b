"""Issue 36: what the organiser's screens get of a drawn round (the laptop's and the organiser's
phone's alike, App.tournament_round): each table's PIN (its sheet's), whether strangers' wrong
PINs locked the table (its phones cannot take the pen until the organiser draws it a new PIN),
and the tournament's exports (CSV for German Excel, HTML, JSON); a phone that is not the
organiser's gets none of them."""

from __future__ import annotations

import json

import pytest

from scorepad.app import App
from scorepad.app.caller import Caller
from scorepad.app.errors import OrganiserError, PinError
from scorepad.ui.screens.tournament import EXPORTS, export_name

pytestmark = pytest.mark.store

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
HERE = Caller("the-laptop", local=True)


def stranger(k: int) -> Caller:
    """A phone on the Wi-Fi, each from its own address."""
    return Caller(f"stranger-{k}", address=f"192.0.2.{10 + k}")


@pytest.fixture
def running(app):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    return tid, app.draw_round(tid)


def organisers_phone(app: App) -> Caller:
    code = app.make_organiser_code(caller=HERE).code
    asking = Caller("organisers-phone", address="192.0.2.7")
    return Caller("organisers-phone", organiser=app.redeem_organiser_code(code, caller=asking), address="192.0.2.7")


def test_each_table_of_the_round_shows_the_pin_of_its_sheet(app, running):
    tid, _ = running
    sheets = {s.table: s.pin for s in app.table_sheets(tid)}
    for caller in (HERE, organisers_phone(app)):
        shown = app.tournament_round(tid, caller=caller)
        assert {t.table: t.pin for t in shown.tables} == sheets
        assert all(len(t.pin) == 4 and t.pin.isdigit() for t in shown.tables)


def test_a_table_locked_by_wrong_pins_is_marked_locked_until_its_new_pin(app, running):
    tid, drawn = running
    locked, other = drawn.tables[0].evening, drawn.tables[1].evening
    right = app.pin(locked)
    wrong = "0000" if right != "0000" else "1111"
    k = 0
    while True:  # strangers from ever new addresses, until the table takes no more tries
        try:
            app.check_pin(locked, wrong, caller=stranger(k))
        except PinError:
            break
        k += 1
    shown = {t.evening: t for t in app.tournament_round(tid, caller=HERE).tables}
    assert shown[locked].locked and shown[locked].wrong_pins == k
    assert not shown[other].locked and shown[other].wrong_pins == 0
    app.reset_pin(locked, caller=HERE)  # the card's "Neue PIN"
    again = {t.evening: t for t in app.tournament_round(tid, caller=HERE).tables}
    assert not again[locked].locked and again[locked].wrong_pins == 0


def test_a_few_wrong_pins_warn_of_nothing(app, running):
    tid, drawn = running
    evening = drawn.tables[0].evening
    wrong = "0000" if app.pin(evening) != "0000" else "1111"
    app.check_pin(evening, wrong, caller=stranger(0))
    table = app.tournament_round(tid, caller=HERE).tables[0]
    assert not table.locked and table.wrong_pins == 1


def test_the_organisers_screens_export_the_tournament_as_csv_html_and_json(app, running):
    tid, _ = running
    for caller in (HERE, organisers_phone(app)):
        files = {fmt: app.export_tournament(tid, fmt, caller=caller) for fmt, _, _ in EXPORTS}
        assert files["csv-de"].startswith("\ufeff") and ";" in files["csv-de"]  # German Excel: BOM, semicolons
        assert "<html" in files["html"].lower() and "Kirta" in files["html"]
        assert json.loads(files["json"])["tournament"]["name"] == "Kirta"
    assert [f for f, _, _ in EXPORTS] == ["csv-de", "html", "json"]


def test_a_stranger_gets_no_pin_and_no_export(app, running):
    tid, _ = running
    with pytest.raises(OrganiserError):
        app.tournament_round(tid, caller=stranger(0))
    for fmt, _, _ in EXPORTS:
        with pytest.raises(OrganiserError):
            app.export_tournament(tid, fmt, caller=stranger(0))


def test_an_exports_file_name_has_the_tournament_and_its_ending():
    assert export_name("Kirta-Schafkopf 2026", 3, "csv") == "turnier-3-Kirta-Schafkopf-2026.csv"
    assert export_name("../../etc", 4, "json") == "turnier-4-etc.json"
    assert export_name("///", 5, "html") == "turnier-5.html"
