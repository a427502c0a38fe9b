"""A whole tournament through the command line: 26 players (four tables of four and two of
five each round), 3 rounds of 4 games, every hand entered with `scorepad add`, the ranking
compared with one worked out by hand from the hands (points, then won solos, then the lot).

The tables play the Preisschafkopf list `preisschafkopf-plusminus` (points, plus and minus):
a Solo is +15/-5 (won: the soloist +15, each other -5; lost: the soloist -15, each other +5);
at 40 or 70 Augen no Schneider, no Laufende given.

The hands follow one rule at every table: hand h is dealt by seat h (the first seat deals
first); at a table of five the dealer sits it out. The player left of the dealer (the next
seat) plays a Herz-Solo, won (70 Augen) if they are in WINNERS, else lost (40 Augen).

The lot is drawn from the tournament's seed, "Aying": LOT (stated here as the seed draws it).
"""

from __future__ import annotations

import json

import pytest
from cli_runner import dump, ok, refused

pytestmark = pytest.mark.store

PLAYERS = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl", "Gustl", "Hias", "Kathi", "Lenz",
           "Liesl", "Loisl", "Maxl", "Nannerl", "Peter", "Resi", "Rosi", "Sepp", "Stasi", "Toni", "Vroni", "Wast",
           "Xaver", "Zenzi"]
WINNERS = {"Alois", "Burgi", "Done", "Franzi", "Gustl", "Kathi", "Liesl", "Maxl", "Peter", "Rosi", "Stasi",
           "Vroni", "Xaver"}
GAMES = 4
LOT = ["Peter", "Zenzi", "Wast", "Nannerl", "Vroni", "Gustl", "Stasi", "Lenz", "Done", "Cilli", "Fanny", "Maxl",
       "Hias", "Alois", "Xaver", "Sepp", "Burgi", "Toni", "Anderl", "Franzi", "Kathi", "Liesl", "Resi", "Rosi",
       "Girgl", "Loisl"]


def table_hands(seats):
    """The table's hands by the rule above: (hand, who played it, the soloist, won)."""
    n = len(seats)
    for h in range(GAMES):
        dealer = h % n
        in_play = [seats[(dealer + k) % n] for k in range(n)] if n == 4 else \
            [seats[(dealer + k) % n] for k in range(1, n)]
        soloist = seats[(dealer + 1) % n]
        won = soloist in WINNERS
        yield {"game": "solo", "player": soloist, "suit": "herz", "augen": 70 if won else 40}, in_play, soloist, won


def worked_by_hand(rounds):
    """Each player's points, won solos and games (and games declared, won and lost) over every
    table, the tariff applied by hand."""
    points = {p: 0 for p in PLAYERS}
    solos = {p: 0 for p in PLAYERS}
    games = {p: 0 for p in PLAYERS}
    lost = {p: 0 for p in PLAYERS}
    for drawn in rounds:
        for table in drawn["tables"]:
            for _, in_play, soloist, won in table_hands(table["seats"]):
                for p in in_play:
                    games[p] += 1
                    if p == soloist:
                        points[p] += 15 if won else -15
                    else:
                        points[p] += -5 if won else 5
                solos[soloist] += won
                lost[soloist] += not won
    order = sorted(PLAYERS, key=lambda p: (-points[p], -solos[p], LOT.index(p)))
    return [{"rank": i, "name": p, "points": points[p], "solos_won": solos[p], "games": games[p], "won": solos[p],
             "lost": lost[p], "fees": 0} for i, p in enumerate(order, 1)]


def test_a_tournament_of_26_players_and_3_rounds_ranks_by_points_then_won_solos_then_the_lot(capsys, db):
    tid = ok(capsys, "tournament", "new", "Preisschafkopf Aying", "--ruleset", "preisschafkopf-plusminus", "--rounds", 3,
             "--games", GAMES, "--seed", "Aying", "--db", db, *PLAYERS).strip()
    rounds = []
    for number in (1, 2, 3):
        drawn = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))
        assert drawn["round"] == number
        assert sorted(len(t["seats"]) for t in drawn["tables"]) == [4, 4, 4, 4, 5, 5]
        assert sorted(p for t in drawn["tables"] for p in t["seats"]) == PLAYERS
        assert drawn["repeat_meetings"] == 0
        for table in drawn["tables"]:
            assert table["sitting_out"] == ([table["seats"][0]] if len(table["seats"]) == 5 else [])
            for hand, *_ in table_hands(table["seats"]):
                ok(capsys, "add", table["evening"], json.dumps(hand), "--db", db)
        rounds.append(drawn)
    ok(capsys, "tournament", "finish", tid, "--db", db)
    got = json.loads(ok(capsys, "tournament", "standings", tid, "--json", "--db", db))
    expected = worked_by_hand(rounds)
    assert got == expected
    # the tie-breaks are used: equal points split by won solos, and equal points and solos by the lot
    by_points = {}
    for row in expected:
        by_points.setdefault(row["points"], []).append(row)
    tied = [rows for rows in by_points.values() if len(rows) > 1]
    assert any(len({r["solos_won"] for r in rows}) > 1 for rows in tied)
    assert any(len(rows) > len({r["solos_won"] for r in rows}) for rows in tied)


def test_draw_prints_the_round_its_tables_with_their_evenings_and_the_repeat_meetings(capsys, db):
    tid = ok(capsys, "tournament", "new", "Kirta", "--ruleset", "schafkopf", "--rounds", 2, "--games", 1,
             "--seed", "1", "--db", db, *PLAYERS[:9]).strip()
    drawn = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))
    assert list(drawn) == ["round", "tables", "repeat_meetings"]
    assert [list(t) for t in drawn["tables"]] == [["table", "evening", "seats", "sitting_out"]] * 2
    assert [t["table"] for t in drawn["tables"]] == [1, 2]
    for table in drawn["tables"]:
        shown = json.loads(ok(capsys, "evenings", "--json", "--db", db))
        assert next(e for e in shown if e["id"] == table["evening"])["players"] == table["seats"]


def test_a_table_that_played_its_games_takes_no_further_hand(capsys, db):
    tid = ok(capsys, "tournament", "new", "Kirta", "--ruleset", "schafkopf", "--rounds", 1, "--games", 1,
             "--seed", "1", "--db", db, *PLAYERS[:4]).strip()
    table = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))["tables"][0]
    hand = {"game": "solo", "player": table["seats"][1], "suit": "herz", "augen": 70}
    ok(capsys, "add", table["evening"], json.dumps(hand), "--db", db)
    before = dump(db)
    line = refused(capsys, "add", table["evening"], json.dumps(hand), "--db", db)
    assert line == f"evening {table['evening']} is table 1 of round 1: its 1 games are played, it takes no further hand"
    assert dump(db) == before


def test_the_next_round_is_not_drawn_while_a_table_has_games_to_play(capsys, db):
    tid = ok(capsys, "tournament", "new", "Kirta", "--ruleset", "schafkopf", "--rounds", 2, "--games", 2,
             "--seed", "1", "--db", db, *PLAYERS[:8]).strip()
    ok(capsys, "tournament", "draw", tid, "--db", db)
    before = dump(db)
    line = refused(capsys, "tournament", "draw", tid, "--db", db)
    assert line == f"tournament {tid}: round 1 is still being played at table(s) 1 (0/2), 2 (0/2) (games played of games)"
    assert dump(db) == before


def test_a_field_that_cannot_be_seated_is_refused_and_nothing_is_stored(capsys, db):
    ok(capsys, "evenings", "--db", db)
    before = dump(db)
    line = refused(capsys, "tournament", "new", "Kirta", "--ruleset", "schafkopf", "--rounds", 2, "--games", 2,
                   "--db", db, *PLAYERS[:7])
    assert line == "7 players cannot be seated at tables of 4 and 5"
    assert dump(db) == before


def test_export_writes_the_whole_tournament_as_csv_de_html_and_json(capsys, db):
    tid = ok(capsys, "tournament", "new", "Kirta <Aying>", "--ruleset", "schafkopf", "--rounds", 1, "--games", 1,
             "--seed", "1", "--numbers", "--db", db, *PLAYERS[:5]).strip()
    table = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))["tables"][0]
    soloist = table["seats"][1]
    ok(capsys, "add", table["evening"], json.dumps({"game": "solo", "player": soloist, "suit": "herz", "augen": 70}),
       "--db", db)
    data = json.loads(ok(capsys, "tournament", "export", tid, "--format", "json", "--db", db))
    assert data["standings"][0] == {"rank": 1, "name": soloist, "points": 150, "solos_won": 1, "games": 1,
                                    "number": PLAYERS.index(soloist) + 1, "won": 1, "lost": 0, "fees": 0}
    assert data["tie_breaks"] == ["solos"]
    assert data["rounds"][0]["tables"][0]["scores"][soloist]["points"] == 150
    csv_de = ok(capsys, "tournament", "export", tid, "--format", "csv-de", "--db", db)
    assert csv_de.startswith("\ufeffPlatz;Nr.;Name;Punkte;Soli gewonnen;Spiele;Runde 1")
    assert f"1.;{PLAYERS.index(soloist) + 1};{soloist};1,50 €;1;1;1,50 €" in csv_de
    page = ok(capsys, "tournament", "export", tid, "--format", "html", "--db", db)
    assert "<h1>Kirta &lt;Aying&gt;</h1>" in page and "<h2>Rangliste</h2>" in page


def test_the_organiser_enters_withdraws_closes_and_reads_progress_sheets_and_the_ranking(capsys, db):
    tid = ok(capsys, "tournament", "new", "Kirta", "--ruleset", "schafkopf", "--rounds", 2, "--games", 2,
             "--seed", "1", "--db", db, *PLAYERS[:8]).strip()
    first = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))
    ok(capsys, "tournament", "enter", tid, "Zenzi", "--number", 99, "--db", db)
    ok(capsys, "tournament", "withdraw", tid, "Alois", "--db", db)
    table = first["tables"][0]
    ok(capsys, "add", table["evening"],
       json.dumps({"game": "solo", "player": table["seats"][1], "suit": "herz", "augen": 70}), "--db", db)
    assert ok(capsys, "tournament", "progress", tid, "--db", db).splitlines() == [
        "Runde 1, Tisch 1: 1 von 2 Spielen", "Runde 1, Tisch 2: 0 von 2 Spielen"]
    sheets = ok(capsys, "tournament", "sheets", tid, "--db", db)
    pin = ok(capsys, "pin", table["evening"], "--db", db).split()[-1]
    assert f"Abend {table['evening']} · PIN {pin} · 2 Spiele" in sheets
    ok(capsys, "tournament", "close", tid, "--force", "--db", db)
    second = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))
    seated = sorted(p for t in second["tables"] for p in t["seats"])
    assert seated == sorted([*PLAYERS[1:8], "Zenzi"])
    ranking = ok(capsys, "tournament", "standings", tid, "--db", db).splitlines()
    assert ranking[0].split() == ["Platz", "Nr.", "Name", "Punkte", "Soli", "Spiele"]
    assert ranking[1].split() == ["1.", table["seats"][1], "1,50", "€", "1", "1"]
    assert len(ranking) == 1 + 9  # the withdrawn player stays in the ranking, the late one is in it
    assert next(line.split() for line in ranking if "Zenzi" in line)[1:3] == ["99", "Zenzi"]


def test_a_skat_tournament_calls_its_round_a_serie_on_the_command_line(capsys, db):
    tid = ok(capsys, "tournament", "new", "Preisskat", "--ruleset", "skat-seeger-fabian", "--rounds", 2, "--games", 36,
             "--seed", "1", "--db", db, *PLAYERS[:7]).strip()
    drawn = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))
    assert sorted(len(t["seats"]) for t in drawn["tables"]) == [3, 4]
    assert ok(capsys, "tournament", "progress", tid, "--db", db).splitlines() == [
        "Serie 1, Tisch 1: 0 von 36 Spielen", "Serie 1, Tisch 2: 0 von 36 Spielen"]
    assert "Serie 1 · Tisch 2" in ok(capsys, "tournament", "sheets", tid, "--db", db)
