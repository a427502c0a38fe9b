"""A Preisskat through the command line: 13 players over 3 series (a table of four and three of
three each series), and 6 players (two tables of three), every game entered with `scorepad
add`, the standings and the lost-game fee compared with the Seeger-Fabian list worked out by
hand from the games, as the rule sheet says (not by asking the engine):

- the game value: Karo 9, Herz 10, Pik 11, Kreuz 12, Grand 24, times Spitzen ("mit" or "ohne"
  N) + 1 for the game + 1 for Schneider (a party with 30 Augen or fewer); Null 23; won with 61
  Augen of 120;
- overbid: a game worth less than the bid is lost, worth the lowest multiple of its base value
  that reaches the bid;
- the list: the declarer + value + 50 for a won game, - 2 x value - 50 for a lost one; on a
  lost game every other player at the table + 40 at a table of three, + 30 at a table of four
  (the dealer, who sits out at four, included); eingepasst (all pass) is a game worth nothing;
- the fee (set by the event, `--fee 50,50,50,100`): 0,50 EUR for each of a player's first
  three lost games of a series, 1,00 EUR from the fourth; a lost game is one the player declared.

The games follow one rule at every table: game h is dealt by seat h (the first seat deals
first, the deal goes round clockwise); at a table of four the dealer sits it out. Emil declares
every game he plays; at the other tables the declarer is drawn from those in play. The games
themselves are drawn from a seeded random: several kinds, won and lost, overbid, eingepasst.

The event plays 6 games at a table of three and 8 at a table of four (`--games 6/8`).

The ranking's tie-breaks (more won games, fewer lost games, the lot) are another change's: here
the order is checked by the points, and where points tie, which players tie.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from cli_runner import dump, ok, refused

pytestmark = pytest.mark.store

THIRTEEN = ["Anton", "Berta", "Cäsar", "Dora", "Emil", "Frieda", "Gustav", "Heinrich", "Ida", "Julius", "Kaufmann",
            "Ludwig", "Martha"]
SIX = ["Nordpol", "Otto", "Paula", "Quelle", "Richard", "Samuel"]
GAMES = {3: 6, 4: 8}  # --games 6/8
FEE = [50, 50, 50, 100]  # --fee 50,50,50,100: cents for the 1st, 2nd, 3rd lost game, the 4th and on
BASE = {"karo": 9, "herz": 10, "pik": 11, "kreuz": 12, "grand": 24}
NULL = 23
OTHERS = {3: 40, 4: 30}  # on a lost game, to every other player at the table
UNLUCKY = "Emil"  # declares every game he plays (so that a series of his has a 4th lost game)


def bids() -> list[int]:
    """Every value a game can be bid at (the Reizwerte): a base value times 2 or more, Null's."""
    return sorted({b * m for b in BASE.values() for m in range(2, 19)} | {NULL, 35, 46, 59})


def drawn_game(rng: random.Random, declarer: str) -> dict:
    """A game as entered: a suit game or Grand (by Augen), Null (won or lost), overbid, or eingepasst."""
    kind = rng.choice(["suit", "suit", "suit", "grand", "null", "overbid", "eingepasst"])
    if kind == "eingepasst":
        return {"eingepasst": True}
    if kind == "null":
        return {"declarer": declarer, "game": "null", "won": rng.random() < 0.5}
    game = "grand" if kind == "grand" else rng.choice(["karo", "herz", "pik", "kreuz"])
    hand = {"declarer": declarer, "game": game, "spitzen": rng.randint(1, 4), "mit": rng.random() < 0.5,
            "augen": rng.choice([20, 30, 45, 60, 61, 75, 90, 95])}
    if kind == "overbid":
        value, _ = value_and_won(hand)
        hand["reizwert"] = min(b for b in bids() if b > value)
    return hand


def value_and_won(hand: dict) -> tuple[int, bool]:
    """The game's value and whether the declarer won it, by the rule sheet."""
    if hand["game"] == "null":
        return NULL, hand["won"]
    base = BASE[hand["game"]]
    augen = hand["augen"]
    schneider = augen <= 30 or 120 - augen <= 30
    value = base * (hand["spitzen"] + 1 + schneider)
    won = augen >= 61
    bid = hand.get("reizwert")
    if bid is not None and value < bid:  # overbid: lost, worth the lowest multiple of the base reaching the bid
        return base * math.ceil(bid / base), False
    return value, won


def table_games(seats: list[str], rng: random.Random):
    """The table's games by the rule above: (the game as entered, the dealer)."""
    n = len(seats)
    for h in range(GAMES[n]):
        dealer = seats[h % n]
        in_play = [p for p in seats if p != dealer] if n == 4 else list(seats)
        declarer = UNLUCKY if UNLUCKY in in_play else rng.choice(in_play)
        yield drawn_game(rng, declarer), dealer


def seeger_fabian(seats: list[str], games: list[dict]) -> tuple[dict[str, int], dict[str, int]]:
    """A table's Seeger-Fabian list worked out by hand: each player's points and lost games."""
    points = {p: 0 for p in seats}
    lost = {p: 0 for p in seats}
    for hand in games:
        if hand.get("eingepasst"):
            continue
        value, won = value_and_won(hand)
        declarer = hand["declarer"]
        if won:
            points[declarer] += value + 50
            continue
        points[declarer] += -2 * value - 50
        lost[declarer] += 1
        for other in seats:
            if other != declarer:
                points[other] += OTHERS[len(seats)]
    return points, lost


def series_fee(lost: int) -> int:
    """The fee of a series with `lost` lost games, in cents: 50 each for the first three, 100 from the fourth."""
    return 50 * min(lost, 3) + 100 * max(lost - 3, 0)


def play(capsys, db, name: str, players: list[str], series: int, seed: str, sizes: list[int]):
    """The tournament played through the command line; what was entered, by series and table."""
    rng = random.Random(seed)
    tid = ok(capsys, "tournament", "new", name, "--ruleset", "skat-seeger-fabian", "--rounds", series,
             "--games", "6/8", "--fee", "50,50,50,100", "--seed", seed, "--db", db, *players).strip()
    played = []
    for number in range(1, series + 1):
        drawn = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))
        assert drawn["round"] == number
        assert sorted(len(t["seats"]) for t in drawn["tables"]) == sizes
        assert sorted(p for t in drawn["tables"] for p in t["seats"]) == sorted(players)
        tables = []
        for table in drawn["tables"]:
            games = []
            for hand, dealer in table_games(table["seats"], rng):
                out = json.loads(ok(capsys, "add", table["evening"], json.dumps(hand), "--db", db))
                assert out["hand"]["dealer"] == dealer
                games.append(hand)
            tables.append((table, games))
        progress = [t for t in json.loads(ok(capsys, "tournament", "progress", tid, "--json", "--db", db))
                    if t["round"] == number]
        assert [(t["played"], t["games"]) for t in progress] == [(GAMES[len(t["seats"])],) * 2 for t, _ in tables]
        played.append(tables)
    return tid, played


def worked_by_hand(players: list[str], played) -> tuple[dict[str, int], dict[str, list[int]]]:
    """Each player's points over every series and the fee of each of their series (cents)."""
    points = {p: 0 for p in players}
    fees: dict[str, list[int]] = {p: [] for p in players}
    for tables in played:
        for table, games in tables:
            table_points, lost = seeger_fabian(table["seats"], games)
            for p in table["seats"]:
                points[p] += table_points[p]
                fees[p].append(series_fee(lost[p]))
    return points, fees


def check_standings(capsys, db, tid: str, players: list[str], played) -> None:
    points, fees = worked_by_hand(players, played)
    standings = json.loads(ok(capsys, "tournament", "standings", tid, "--json", "--db", db))
    assert {s["name"]: s["points"] for s in standings} == points
    assert {s["name"]: s["fees"] for s in standings} == {p: sum(f) for p, f in fees.items()}
    listed = [s["points"] for s in standings]
    assert listed == sorted(listed, reverse=True)
    assert [s["rank"] for s in standings] == list(range(1, len(players) + 1))
    for value in set(listed):  # who ties on points (the tie-breaks order them: another change's)
        assert {s["name"] for s in standings if s["points"] == value} == {p for p in players if points[p] == value}
    listing = json.loads(ok(capsys, "tournament", "fees", tid, "--json", "--db", db))
    assert listing["scale"] == FEE
    assert {line["name"]: [r["fee"] for r in line["rounds"]] for line in listing["players"]} == fees
    assert listing["total"] == sum(sum(f) for f in fees.values())
    text = ok(capsys, "tournament", "fees", tid, "--db", db)
    assert text.splitlines()[-1] == "Kasse: " + f"{listing['total'] // 100},{listing['total'] % 100:02d} €"
    assert "Serie 1" in text.splitlines()[1]
    exported = json.loads(ok(capsys, "tournament", "export", tid, "--format", "json", "--db", db))
    assert exported["fees"]["total"] == listing["total"]
    assert exported["tournament"]["table_games"] == {"3": 6, "4": 8}


def test_13_players_over_3_series_score_the_seeger_fabian_list_and_the_lost_game_fee(capsys, db):
    tid, played = play(capsys, db, "Preisskat Schmölln", THIRTEEN, 3, "Schmölln", [3, 3, 3, 4])
    check_standings(capsys, db, tid, THIRTEEN, played)
    seatings = [{frozenset(t["seats"]) for t, _ in tables} for tables in played]
    assert all(a != b for k, a in enumerate(seatings) for b in seatings[k + 1:])  # the tables differ between series
    assert not any(seatings[0] & s for s in seatings[1:]) and not (seatings[1] & seatings[2])  # no table sits again
    games = [g for tables in played for _, gs in tables for g in gs]  # the games drew every kind
    assert any(g.get("eingepasst") for g in games) and any(g.get("game") == "null" for g in games)
    assert any("reizwert" in g for g in games) and any(g.get("game") == "grand" for g in games)
    lost = [lost for tables in played for table, gs in tables for lost in seeger_fabian(table["seats"], gs)[1].values()]
    assert max(lost) >= 4  # a series with a 4th lost game: the fee's second rate is used


def test_6_players_sit_at_two_tables_of_three_each_series(capsys, db):
    tid, played = play(capsys, db, "Skatabend Lindenwirt", SIX, 2, "Lindenwirt", [3, 3])
    check_standings(capsys, db, tid, SIX, played)


def test_a_table_takes_no_game_beyond_the_count_of_its_size(capsys, db):
    tid, played = play(capsys, db, "Preisskat Altenburg", THIRTEEN, 1, "Altenburg", [3, 3, 3, 4])
    for table, _ in played[0]:
        line = refused(capsys, "add", table["evening"], json.dumps({"eingepasst": True}), "--db", db)
        assert f"its {GAMES[len(table['seats'])]} games are played" in line
    progress = ok(capsys, "tournament", "progress", tid, "--db", db)
    for table, _ in played[0]:
        count = GAMES[len(table["seats"])]
        assert f"Serie 1, Tisch {table['table']}: {count} von {count} Spielen" in progress


@pytest.mark.parametrize(("games", "fee"), [("6/8/10", "50"), ("6/", "50"), ("0/8", "50"), ("6/8", "0.50"),
                                             ("6/8", "50,abc"), ("6/8", "20000")])
def test_games_that_fit_no_table_size_and_a_fee_that_is_no_cents_are_refused(capsys, db, games, fee):
    ok(capsys, "tournament", "new", "Skatabend", "--ruleset", "skat-seeger-fabian", "--rounds", 1, "--games", "6/8",
       "--db", db, *SIX)
    before = dump(db)
    refused(capsys, "tournament", "new", "Preisskat", "--ruleset", "skat-seeger-fabian", "--rounds", 1,
            "--games", games, "--fee", fee, "--db", db, *SIX)
    assert dump(db) == before
