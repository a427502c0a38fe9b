"""A tournament's ranking splits players level on points as its game's table says ([tournament]
tie_breaks): Preisschafkopf by more won solos, Skat (SkWO) by more won games, then fewer lost
games; the lot is always last. Tournaments stored before tables named their tie-breaks rank as
they did."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorepad.app import App
from scorepad.errors import TableError
from scorepad.tables import builtin_tables, load_table_file
from scorepad.tournament import lot_order
from tests.cli_runner import ok
from tests.skat_tournament import FIELD, play_skat_tournament

pytestmark = pytest.mark.unit

FIXTURES = Path(__file__).parent / "fixtures"


def test_every_schafkopf_table_splits_ties_by_won_solos_and_skat_by_won_then_lost_games():
    tables = builtin_tables()
    for table in tables.values():
        expected = ["won", "lost"] if table.family == "skat" else ["solos"]
        assert table.tournament.tie_breaks == expected, table.id
    assert {t.id for t in tables.values() if t.family == "skat"} >= {"skat", "skat-seeger-fabian"}


def test_the_tie_breaks_a_table_may_name_are_the_ones_the_ranking_has_words_for():
    from typing import get_args

    from scorepad.tables import TournamentRules
    from scorepad.tournament.tie_breaks import TIE_BREAKS

    [named] = get_args(TournamentRules.model_fields["tie_breaks"].annotation)
    assert set(get_args(named)) == set(TIE_BREAKS)


def test_a_table_naming_a_tie_break_no_ranking_knows_is_refused(tmp_path):
    path = tmp_path / "vereinsskat.toml"
    path.write_text('id = "vereinsskat"\nname = "Vereinsskat"\nextends = "skat"\n[tournament]\n'
                    'tie_breaks = ["augen"]\n', encoding="utf-8")
    with pytest.raises(TableError) as info:
        load_table_file(path)
    assert "tournament.tie_breaks" in str(info.value)


def test_a_skat_tournament_ranks_points_first_then_more_won_games_then_fewer_lost_games_then_the_lot(app):
    tid, points, won, lost = play_skat_tournament(app)
    lot = lot_order(FIELD, "Altenburg")
    expected = sorted(FIELD, key=lambda n: (-points[n], -won[n], lost[n], lot[n]))
    rows = app.tournament_standings(tid)
    assert [(r.name, r.points, r.won, r.lost) for r in rows] == [(n, points[n], won[n], lost[n]) for n in expected]
    # each rule decided somewhere: 140 (2 won) over 140 (1 won); 72 (no game lost) over 72 (1 lost);
    # 40 and 40, 0 and 0 and 0: the lot
    board = app.ranking_board(tid)
    assert board.tie_breaks == ["won", "lost"]
    assert [line.decided_by for line in board.lines] == [None, "won", None, "lost", None, "lot", None, "lot", "lot"]


def test_the_skat_rankings_exports_keep_solos_won_and_add_won_and_lost(app):
    tid, points, won, lost = play_skat_tournament(app)
    data = json.loads(app.export_tournament(tid, "json"))
    assert data["tie_breaks"] == ["won", "lost"]
    assert {s["name"]: (s["points"], s["solos_won"], s["won"], s["lost"]) for s in data["standings"]} == \
        {n: (points[n], 0, won[n], lost[n]) for n in FIELD}
    scores = {n: s for r in data["rounds"] for t in r["tables"] for n, s in t["scores"].items()}
    assert {n: (s["won"], s["lost"]) for n, s in scores.items()} == {n: (won[n], lost[n]) for n in FIELD}
    csv_de = app.export_tournament(tid, "csv-de")
    assert csv_de.splitlines()[0] == "\ufeffPlatz;Nr.;Name;Punkte;Spiele gewonnen;Spiele verloren;Spiele;Runde 1"
    first = data["standings"][0]
    assert csv_de.splitlines()[1].startswith(f"1.;;{first['name']};{first['points']};{first['won']};{first['lost']};")


def test_the_skat_rankings_html_export_says_serie_and_its_csv_keeps_the_column_names(app):
    tid, *_ = play_skat_tournament(app)
    page = app.export_tournament(tid, "html")
    assert "<h2>Serie 1</h2>" in page and " 1 Serie · " in page and "je Tisch und Serie</p>" in page
    assert "Runde" not in page
    assert ";Runde 1" in app.export_tournament(tid, "csv-de").splitlines()[0]


def test_the_printed_skat_ranking_names_its_tie_breaks_in_words(app):
    tid, *_ = play_skat_tournament(app)
    page = app.printed_standings(tid)
    assert ">Gew.</th>" in page and ">Verl.</th>" in page and "Soli" not in page
    assert "<td>mehr gewonnene Spiele</td>" in page and "<td>weniger verlorene Spiele</td>" in page
    assert "Plätze 1 und 2: gleiche Punkte, durch mehr gewonnene Spiele entschieden" in page
    assert "Plätze 3 und 4: gleiche Punkte und gleich viele gewonnene Spiele, durch weniger verlorene Spiele " \
           "entschieden" in page
    assert "Bei gleichen Punkten entscheiden mehr gewonnene Spiele (Gew.), dann weniger verlorene Spiele (Verl.), " \
           "dann das Los." in page


def test_the_command_line_prints_the_skat_columns_and_its_json_keeps_every_key(capsys, db):
    with App.open(db) as app:
        tid, points, won, lost = play_skat_tournament(app)
    text = ok(capsys, "tournament", "standings", tid, "--db", db).splitlines()
    assert text[0].split() == ["Platz", "Nr.", "Name", "Punkte", "Gew.", "Verl.", "Spiele"]
    rows = json.loads(ok(capsys, "tournament", "standings", tid, "--json", "--db", db))
    assert list(rows[0]) == ["rank", "name", "points", "solos_won", "games", "won", "lost", "fees"]
    assert text[1].split()[1:5] == [rows[0]["name"], str(rows[0]["points"]), str(rows[0]["won"]),
                                    str(rows[0]["lost"])]


# -- a tournament stored before tables named their tie-breaks -----------------------------------

def test_a_tournament_stored_before_ranks_as_it_did_by_points_then_won_solos_then_the_lot(tmp_path):
    """scorepad-v8.db (tests/fixtures/make_schema_v8.py): Preisschafkopf, seed "1", a Herz-Solo
    won at table 1. A Sauspiel won at table 2 gives its player a won game his partner has not:
    level on points and solos, the lot still decides between them, as it did."""
    path = tmp_path / "scorepad.db"
    shutil.copyfile(FIXTURES / "scorepad-v8.db", path)
    with App.open(path) as app:
        [info] = app.list_tournaments()
        assert info.tie_breaks == ["solos"]
        table = app.tournament_round(info.id).tables[1]
        lot = lot_order([p.name for p in info.players], info.seed)
        first, second = sorted(table.seats[:2], key=lot.get)  # the lot draws `first` first
        app.add_hand(table.evening, {"game": "sauspiel", "player": second, "partner": first, "suit": "gras",
                                     "result": "won"})
        data = app.tournament_data(info.id)
        totals = {p.name: [0, 0] for p in info.players}
        for rnd in data["rounds"]:
            for t in rnd["tables"]:
                for name, s in t["scores"].items():
                    totals[name][0] += s["points"]
                    totals[name][1] += s["solos_won"]
        expected = sorted(totals, key=lambda n: (-totals[n][0], -totals[n][1], lot[n]))
        rows = app.tournament_standings(info.id)
        assert [r.name for r in rows] == expected
        by_name = {r.name: r for r in rows}
        assert by_name[second].won == 1 and by_name[first].won == 0  # more won games, and still below
        assert expected.index(first) + 1 == expected.index(second)
        assert app.ranking_board(info.id).lines[expected.index(second)].decided_by == "lot"
