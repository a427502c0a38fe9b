"""`scorepad stats` and App.season: a season table per player over the stored evenings (of one
game with --ruleset, from a day on with --since): evenings, hands played, money (German) or
the game's lead tally, trophies won, Bollas, games lost. Added up from the evening summaries;
checked against hand-counted evenings and against the summaries of generated ones."""

from __future__ import annotations

import json
import time

import pytest
from cli_runner import ok as cli
from conftest import SK4, sauspiel

from scorepad.app import App, Season
from scorepad.app import evenings as app_module
from scorepad.cli import main
from scorepad.devtools.bench import generate_session
from scorepad.errors import ScorepadError
from scorepad.store import NotFoundError
from scorepad.tables import get_table

pytestmark = pytest.mark.store

HIAS, VRONI, WAST, KATHI = SK4
SAU = ["Sepp", "Resi", "Alois", "Hias"]
SEPP, RESI, ALOIS = SAU[:3]


@pytest.fixture
def clock(monkeypatch):
    """Local time is Munich's; `clock.at(iso)` sets when the next evening starts."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()

    class Clock:
        value = "2026-11-29T18:30:00.000+00:00"

        def at(self, iso: str) -> None:
            self.value = iso

    c = Clock()
    monkeypatch.setattr(app_module, "now", lambda: c.value)
    yield c
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def app(clock, app):
    """The shared app (tests/conftest.py) on the test's clock."""
    return app


def keiler(player, bid, augen):
    return {"game": "keiler", "player": player, "bid": bid, "trump": "eichel", "augen": augen}


def evening(app: App, ruleset, players, hands, options=None) -> int:
    e = app.start_evening(ruleset, players, options=options)
    for h in hands:
        app.add_hand(e.id, h)
    return e.id


# Schafkopf, 1.11.2026: Sauspiel Hias + Vroni won Schneider with Kontra and Re, twice:
# (20 + 20) x 4 = 160 each: Hias +320, Vroni +320, Wast -320, Kathi -320; a passed hand.
SK_1 = [sauspiel(95, player=HIAS, partner=VRONI, kontra=WAST, re=HIAS), sauspiel(100, player=HIAS, partner=VRONI, kontra=KATHI, re=VRONI),
        {"passed": True}]
# Schafkopf, 15.11.2026: a Wenz Wast won (50 x 3): Wast +150, the others -50.
SK_2 = [{"game": "wenz", "player": WAST, "augen": 70}]
# Saukopf, 8.11.2026 (Sepp, Resi, Alois, Hias; chip value 10):
#   Keiler Sepp 61 with 100: Schlachtung 2 + Extrawurst 1 + Stallgeruch 1 = 4 to Sepp
#   Keiler Resi 80 with 70: lost: Sepp, Alois, Hias 3 each; Resi Uebergrunzer 1
#   Fleisch Sepp 7, Resi 0, Alois 3, Hias 3 (sum 13, average 3.25); Rauborstigkeit Resi 1
#   chip value 10: Sepp 37.5, Resi -32.5, Alois -2.5, Hias -2.5: down to 37, -33, -3, -3
#   (sum -2); all half a cent short: the earliest seats get the cents: Sepp 38, Resi -32
#   Schlachtmeister Sepp, Oberrauborstler Resi
SAU_1 = [keiler(SEPP, 61, 100), keiler(RESI, 80, 70)]
# Saukopf, 29.11.2026 (no chips): Keiler Hias 61 with 70: Hias 3; Keiler Alois 61 with 70:
# Alois 3: both Schlachtmeister; nobody Rauborstig
SAU_2 = [keiler("Hias", 61, 70), keiler(ALOIS, 61, 70)]


def season_store(app: App, clock) -> dict[str, int]:
    ids = {}
    clock.at("2026-11-01T19:00:00.000+00:00")
    ids["sk1"] = evening(app, "schafkopf", SK4, SK_1)
    clock.at("2026-11-08T19:00:00.000+00:00")
    ids["sau1"] = evening(app, "saukopf", SAU, SAU_1, {"chip_value": 10})
    clock.at("2026-11-14T23:30:00.000+00:00")  # 00:30 on the 15th in Munich
    ids["sk2"] = evening(app, "schafkopf", SK4, SK_2)
    clock.at("2026-11-29T18:00:00.000+00:00")
    ids["sau2"] = evening(app, "saukopf", SAU, SAU_2)
    return ids


def rows(season: Season) -> dict[str, dict]:
    return {r.name: r.model_dump(exclude={"name"}) for r in season.rows}


def test_season_of_one_game_money(app, clock):
    season_store(app, clock)
    s = app.season("schafkopf")
    assert (s.ruleset, s.game, s.evenings, s.since, s.tally, s.trophies) == \
        ("schafkopf", "Schafkopf", 2, None, None, [])
    # hands played: 2 (the passed one is no hand) + 1
    assert rows(s) == {
        HIAS: dict(evenings=2, hands=3, money=320 - 50, points=None, trophies={}, bollas=None, games_lost=None),
        VRONI: dict(evenings=2, hands=3, money=320 - 50, points=None, trophies={}, bollas=None, games_lost=None),
        WAST: dict(evenings=2, hands=3, money=-320 + 150, points=None, trophies={}, bollas=None, games_lost=None),
        KATHI: dict(evenings=2, hands=3, money=-320 - 50, points=None, trophies={}, bollas=None, games_lost=None),
    }
    # most money first; equal money: more evenings, then the name
    assert [r.name for r in s.rows] == [HIAS, VRONI, WAST, KATHI]


def test_season_of_one_game_points_and_trophies(app, clock):
    season_store(app, clock)
    s = app.season("saukopf")
    assert (s.evenings, s.tally, s.better) == (2, "fleisch", "more")
    assert s.trophies == ["Schlachtmeister", "Oberrauborstler"]
    got = rows(s)
    assert got[SEPP] == dict(evenings=2, hands=4, money=38, points=7,
                             trophies={"Schlachtmeister": 1, "Oberrauborstler": 0}, bollas=None, games_lost=None)
    assert got[RESI] == dict(evenings=2, hands=4, money=-32, points=0,
                             trophies={"Schlachtmeister": 0, "Oberrauborstler": 1}, bollas=None, games_lost=None)
    assert got[ALOIS] == dict(evenings=2, hands=4, money=-3, points=3 + 3,
                              trophies={"Schlachtmeister": 1, "Oberrauborstler": 0}, bollas=None, games_lost=None)
    assert got[HIAS] == dict(evenings=2, hands=4, money=-3, points=3 + 3,
                             trophies={"Schlachtmeister": 1, "Oberrauborstler": 0}, bollas=None, games_lost=None)
    # most Fleisch first; Alois and Hias tie on Fleisch and money: the name decides
    assert [r.name for r in s.rows] == [SEPP, ALOIS, HIAS, RESI]


def test_season_over_every_game(app, clock):
    season_store(app, clock)
    s = app.season()
    assert (s.ruleset, s.game, s.evenings, s.tally) == (None, None, 4, None)
    got = rows(s)
    # Hias sat at all four: Schafkopf +320 - 50, Saukopf -3 + 0; hands 3 + 4
    assert got[HIAS]["evenings"] == 4 and got[HIAS]["hands"] == 7
    assert got[HIAS]["money"] == 320 - 50 - 3
    assert got[HIAS]["points"] is None  # Fleisch and money do not add up
    assert got[HIAS]["trophies"] == {"Schlachtmeister": 1, "Oberrauborstler": 0}
    # players of one game only have 0 trophies of the other
    assert got[VRONI]["trophies"] == {"Schlachtmeister": 0, "Oberrauborstler": 0}
    assert got[SEPP]["evenings"] == 2
    assert sum(r.money for r in s.rows) == 0
    # most money first: Vroni +270 ahead of Hias +267
    assert [r.name for r in s.rows][:2] == [VRONI, HIAS]


def test_season_since_a_day_in_either_format(app, clock):
    season_store(app, clock)
    # the second Schafkopf evening started 23:30 UTC on the 14th: the 15th in Munich
    for since in ("2026-11-15", "15.11.2026"):
        s = app.season("schafkopf", since)
        assert (s.evenings, s.since) == (1, "2026-11-15")
        assert {r.name: r.money for r in s.rows} == {HIAS: -50, VRONI: -50, WAST: 150, KATHI: -50}
    assert app.season("schafkopf", "16.11.2026").evenings == 0
    assert app.season("schafkopf", "16.11.2026").rows == []
    assert app.season(since="08.11.2026").evenings == 3
    assert app.season(since="2026-11-01").evenings == 4
    from datetime import date

    assert app.season(since=date(2026, 11, 29)).evenings == 1


def test_season_refuses_an_unknown_ruleset_and_a_bad_day(app, clock):
    season_store(app, clock)
    with pytest.raises(NotFoundError, match="no rule table 'tarock'"):
        app.season("tarock")
    for bad in ("gestern", "2026-13-01", "31.11.2026", "29/11/2026", ""):
        with pytest.raises(ScorepadError, match="since: "):
            app.season(since=bad)
    # a known game nobody played yet: an empty table
    empty = app.season("struliwuli")
    assert (empty.evenings, empty.rows, empty.game) == (0, [], "Struliwuli")


def test_season_follows_a_renamed_player(app, clock):
    season_store(app, clock)
    app.rename_player("Hias", "Matthias")
    s = app.season()
    assert "Hias" not in {r.name for r in s.rows}
    assert rows(s)["Matthias"]["evenings"] == 4


def test_season_counts_bollas_and_games_lost(app, clock):
    ramsch_players = [VRONI, HIAS, KATHI, WAST]
    # Vroni goes weg first, then Hias, then Wast: Kathi is left with the Bolla
    ramsch = [
        {"participants": ramsch_players, "tricks": {VRONI: 5, HIAS: 0, KATHI: 0, WAST: 0}},
        {"participants": [VRONI, HIAS], "tricks": {VRONI: 2, HIAS: 3}},
        {"participants": [HIAS, KATHI], "tricks": {HIAS: 5, KATHI: 0}},
        {"participants": [HIAS, KATHI, WAST], "tricks": {HIAS: 1, KATHI: 0, WAST: 4}},
        {"participants": [KATHI, WAST], "tricks": {KATHI: 0, WAST: 5}},
    ]
    evening(app, "zaisertshofer-ramsch", ramsch_players, ramsch, {"bolla_price": 50})
    sau = [{"points": {HIAS: 15, VRONI: 0, KATHI: 0}}, {"points": {HIAS: 10, VRONI: 2, KATHI: 0}},
           {"points": {HIAS: 8, VRONI: 0, KATHI: 5}}]  # Hias 33: loses a game
    evening(app, "schwarze-sau", [HIAS, VRONI, KATHI], sau)
    s = app.season()
    got = rows(s)
    assert {p: (r["bollas"], r["games_lost"]) for p, r in got.items()} == \
        {VRONI: (0, 0), HIAS: (0, 1), KATHI: (1, 0), WAST: (0, 0)}
    # the Bolla price: Kathi pays 50 to each of the three
    assert {p: r["money"] for p, r in got.items()} == {VRONI: 50, HIAS: 50, KATHI: -150, WAST: 50}
    assert app.season("zaisertshofer-ramsch").tally == "bolla"
    assert [r.name for r in app.season("schwarze-sau").rows][-1] == HIAS  # fewest games lost first
    assert app.season("schwarze-sau").tally == "verloren"


def test_season_equals_the_summaries_added_up(app, clock):
    """Generated evenings of two games: the season is each evening's summary, added up."""
    ids = []
    for seed in (1, 2, 3):
        clock.at(f"2026-11-{seed:02d}T19:00:00.000+00:00")
        ids.append(app.import_session(generate_session(get_table("schafkopf"), 40, seed)).id)
        session = generate_session(get_table("saukopf"), 30, seed)
        session["options"] = {"chip_value": 5 * seed}
        ids.append(app.import_session(session).id)
    for ruleset in (None, "schafkopf", "saukopf"):
        season = app.season(ruleset)
        expected: dict[str, dict] = {}
        for evening_id in ids:
            if ruleset and app.evening(evening_id).ruleset != ruleset:
                continue
            summary = app.summary(evening_id)
            for st in summary.stats:
                row = expected.setdefault(st.name, {"evenings": 0, "hands": 0, "money": 0, "fleisch": 0, "trophies": {}})
                row["evenings"] += 1
                row["hands"] += st.hands_played
                row["money"] += summary.balances[st.name]
                row["fleisch"] += summary.standings[st.name].get("fleisch", 0)
                for t, holders in summary.trophies.items():
                    row["trophies"][t] = row["trophies"].get(t, 0) + (st.name in holders)
        got = {r.name: r for r in season.rows}
        assert set(got) == set(expected)
        for name, row in expected.items():
            r = got[name]
            assert (r.evenings, r.hands, r.money) == (row["evenings"], row["hands"], row["money"])
            if ruleset == "saukopf":
                assert r.points == row["fleisch"]
            for t in season.trophies:
                assert r.trophies[t] == row["trophies"].get(t, 0)
        assert sum(r.money for r in season.rows) == 0
        assert season.evenings == (6 if ruleset is None else 3)


# --- the command ---------------------------------------------------------------------------------

def test_stats_command_prints_the_season_in_german(app, clock, capsys):
    season_store(app, clock)
    db = app.store.path
    lines = cli(capsys, "--db", db, "stats", "--ruleset", "schafkopf").splitlines()
    assert lines[0] == "Schafkopf · 2 Abende"
    assert lines[1].split() == ["Name", "Abende", "Spiele", "Saldo"]
    assert [line.split() for line in lines[2:]] == [
        [HIAS, "2", "3", "+2,70", "€"], [VRONI, "2", "3", "+2,70", "€"],
        [WAST, "2", "3", "-1,70", "€"], [KATHI, "2", "3", "-3,70", "€"]]


def test_stats_command_points_trophies_since(app, clock, capsys):
    season_store(app, clock)
    db = app.store.path
    out = cli(capsys, "stats", "--db", db, "--ruleset", "saukopf", "--since", "01.11.2026")
    lines = out.splitlines()
    assert lines[0] == "Saukopf · 2 Abende · seit 01.11.2026"
    assert lines[1].split() == ["Name", "Abende", "Spiele", "Fleisch", "Saldo", "Schlachtmeister", "Oberrauborstler"]
    assert lines[2].split() == [SEPP, "2", "4", "7", "+0,38", "€", "1", "0"]
    assert lines[-1].split() == [RESI, "2", "4", "0", "-0,32", "€", "0", "1"]
    out = cli(capsys, "--db", db, "stats", "--ruleset", "saukopf", "--since", "2026-11-20")
    assert out.splitlines()[0] == "Saukopf · 1 Abend · seit 20.11.2026"
    # the one evening without chips: no money column
    assert "Saldo" not in out and "€" not in out


def test_stats_command_json_is_the_app_season(app, clock, capsys):
    season_store(app, clock)
    db = app.store.path
    data = json.loads(cli(capsys, "--db", db, "stats", "--json"))
    assert data == app.season().model_dump()
    data = json.loads(cli(capsys, "--db", db, "stats", "--ruleset", "saukopf", "--since", "2026-11-08", "--json"))
    assert data == app.season("saukopf", "2026-11-08").model_dump()
    assert data["rows"][0]["money"] == 38


def test_stats_command_on_an_empty_store_and_refusals(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    db = tmp_path / "empty.db"
    assert cli(capsys, "--db", db, "stats") == "alle Spiele · 0 Abende\n"
    for argv, message in ((["--ruleset", "tarock"], "no rule table 'tarock'"),
                          (["--since", "morgen"], "since: 'morgen' is not a day")):
        code = main(["--db", str(db), "stats", *argv])
        out, err = capsys.readouterr()
        assert code == 2 and out == ""
        assert message in err and err.count("\n") == 1
