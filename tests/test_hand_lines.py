"""What made a hand's points, line by line, for every game (issue 37): each family's words.py
`reckonings` reads the table and the engine's result (no number of its own), and its
`preview` says them before each player's change. The same words are the hand screen's
preview, the history's opened hand and `scorepad replay --lines` (describe.py `value_line`).
Where the lines are amounts, they come to the points the engine booked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import ok
from conftest import SK4

from scorepad.describe import hand_lines
from scorepad.engine import replay
from scorepad.games import family_of
from scorepad.tables import get_table, with_options
from scorepad.ui.words import hand_preview

pytestmark = pytest.mark.unit

HIAS, VRONI, WAST, KATHI = SK4
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCHAFKOPF_EXTRAS = {"laufende": {"enabled": True, "value": 10}, "tout": {"enabled": True, "value": "schwarz"},
                    "klopfen": {"enabled": True}, "stock": {"enabled": True}, "ramsch": {"enabled": True},
                    "bock": {"enabled": True, "triggers": ["kontra_lost"]}}


def scored(table, players, hands):
    """Each hand with its result and its reckonings (the family's words)."""
    words = family_of(table).words
    result = replay(table, players, hands)
    return [(raw, hand, words.reckonings(table, raw, hand)) for raw, hand in zip(hands, result.hands, strict=True)]


def plain(text: str) -> str:
    return text.replace("\xa0", " ")


# --- Schafkopf ------------------------------------------------------------------------------

def test_a_schafkopf_hand_says_grundwert_schneider_laufende_and_each_factor_and_comes_to_what_each_opponent_pays():
    table = with_options(get_table("schafkopf"), SCHAFKOPF_EXTRAS)
    hands = [
        {"game": "sauspiel", "player": VRONI, "partner": KATHI, "augen": 95, "laufende": 3, "kontra": HIAS,
         "klopfer": 1},  # a lost Kontra: a Bock round follows
        {"game": "solo", "player": HIAS, "suit": "eichel", "result": "lost", "laufende": -4},
        {"game": "solo", "player": HIAS, "suit": "eichel", "tout": True, "augen": 120, "all_tricks": "player"},
    ]
    for raw, hand, (reckoning,) in scored(table, SK4, hands):
        opponents = [p for p in SK4 if p not in (raw["player"], raw.get("partner"))]
        assert all(hand.deltas[p]["geld"] == (-1 if hand.info["won"] else 1) * reckoning.total for p in opponents)
    (_, _, (sauspiel,)), (_, _, (solo,)), (_, _, (tout,)) = scored(table, SK4, hands)
    assert sauspiel.items == (("Sauspiel", 20), ("Schneider", 20), ("Laufende mit 3 (3 × 0,10 €)", 30))
    assert sauspiel.factors == ((2, "Kontra Hias"), (2, "1× geklopft"))
    assert solo.factors == ((2, "Bock"),)
    assert ("Laufende ohne 4 (4 × 0,10 €)", 40) in solo.items
    assert tout.items == (("Solo", 50), ("Schneider", 50), ("Schwarz", 50)) and (2, "Tout") in tout.factors


def test_a_sie_is_its_tariff_times_the_tables_factor():
    table = get_table("schafkopf")
    ((raw, hand, (sie,)),) = scored(table, SK4, [{"game": "sie", "player": VRONI}])
    assert sie.factors == ((table.contracts["sie"].tariff_factor, "Sie"),)
    assert hand.deltas[HIAS]["geld"] == -sie.total


def test_a_schafkopf_ramsch_says_who_pays_with_how_many_augen_and_each_jungfrau():
    table = with_options(get_table("schafkopf"), SCHAFKOPF_EXTRAS)
    hands = [{"game": "ramsch", "augen": {HIAS: 0, VRONI: 30, WAST: 40, KATHI: 50}, "jungfrauen": [HIAS]},
             {"game": "ramsch", "durchmarsch": WAST}]
    (raw, hand, (ramsch,)), (_, durch_hand, (durch,)) = scored(table, SK4, hands)
    assert ramsch.head == "Kathi zahlt mit 50 Augen"
    assert ramsch.factors == ((2, "Jungfrau Hias"),)
    assert all(hand.deltas[p]["geld"] == ramsch.total for p in (HIAS, VRONI, WAST))
    assert durch.head == "Durchmarsch Wast" and [w for w, _ in durch.items] == ["Solo", "Schneider", "Schwarz"]
    assert durch_hand.deltas[HIAS]["geld"] == -durch.total


def test_a_passed_hand_at_a_stock_says_what_each_pays_in_and_the_next_game_takes_it():
    table = with_options(get_table("schafkopf"), SCHAFKOPF_EXTRAS)
    hands = [{"passed": True}, {"game": "sauspiel", "player": VRONI, "partner": KATHI, "result": "won"}]
    (_, passed, (stake,)), (raw, won, _) = scored(table, SK4, hands)
    assert passed.deltas[HIAS]["geld"] == -stake.total == -table.stock.stake
    assert "Vroni & Kathi nehmen den Stock: 0,40 €" in hand_lines(table, raw, won, ["geld"])[1]


# --- Saukopf --------------------------------------------------------------------------------

def test_a_saukopf_hand_says_each_schlachtfest_item_and_huftritt_and_comes_to_each_winners_fleisch():
    table = get_table("saukopf")
    players = ["Sepp", "Resi", "Alois", "Zenzi"]
    hands = [{"game": "sauerei", "player": "Sepp", "partner": "Zenzi", "augen": 58, "laufende": 1, "kontra": "Resi"},
             {"game": "hauer", "player": "Sepp", "bid": 65, "augen": 50, "spiess": True, "trump": "herz",
              "kontra": "Resi", "re": "Sepp"}]
    for _raw, hand, (fleisch,) in scored(table, players, hands):
        winners = [p for p, row in hand.deltas.items() if row["fleisch"]]
        assert winners and all(hand.deltas[p]["fleisch"] == fleisch.total for p in winners)
    _, (raw, hand, (hauer,)) = scored(table, players, hands)
    assert [w for w, _ in hauer.items] == ["Schlachtung", "Extrawurst", "Bolzenschuss"]
    assert hauer.factors == ((2, "Huftritt Resi"), (2, "Gegenhuftritt Sepp"))
    said = plain(hand_lines(table, raw, hand, ["fleisch", "rauborstig"])[1])
    assert "Sepp: Übergrunzer 1 Rauborstigkeitspunkt" in said and "Sepp: Gegenhuftreter 3 Rauborstigkeitspunkte" in said


# --- Schwarze Sau ---------------------------------------------------------------------------

def test_a_schwarze_sau_round_says_each_players_card_points_or_the_special_and_who_lost_the_game():
    table = get_table("schwarze-sau")
    players = ["Uli", "Fritz", "Guido", "Tim"]
    hands = [{"points": {"Uli": 6, "Fritz": 0, "Guido": 4, "Tim": 5}},
             {"announcement": {"kind": "jungfrau", "by": "Fritz", "success": True}},
             {"points": {"Uli": 10, "Fritz": 0, "Guido": 0, "Tim": 5}}]
    for _, hand, lines in scored(table, players, hands):
        assert {r.head: r.total for r in lines} == {p: row["punkte"] for p, row in hand.deltas.items()}
    _, (_, _, jungfrau), (raw, last, _) = scored(table, players, hands)
    assert {r.head: r.total for r in jungfrau}["Uli"] == table.specials.jungfrau_made
    assert "Uli verliert das Spiel (über 30): gibt eine Runde aus" in hand_lines(table, raw, last, ["punkte"])[1]


# --- Struliwuli -----------------------------------------------------------------------------

def test_a_struliwuli_hand_says_exact_bids_as_bonus_plus_tricks_and_missed_ones_as_the_tables_points():
    table = get_table("struliwuli")
    players = ["Vroni", "Hias", "Kathi", "Wast"]
    hands = [{"bids": {"Vroni": 2, "Hias": 1, "Kathi": 0, "Wast": 1}, "tricks": {"Vroni": 6, "Hias": 1, "Kathi": 1, "Wast": 0}}]
    ((_, hand, lines),) = scored(table, players, hands)
    assert {r.head.split()[0]: r.total for r in lines} == {p: row["punkte"] for p, row in hand.deltas.items()}
    hias = next(r for r in lines if r.head.startswith("Hias"))
    assert hias.items == (("genau", table.exact_bonus), ("1 Stich × 1", table.points_per_trick))


# --- Zaisertshofer Ramsch ---------------------------------------------------------------------

def test_a_zaisertshofer_hand_says_each_trick_taken_off_a_ramsch_a_penalty_and_the_bolla():
    text = json.loads((EXAMPLES / "zaisertshofer-ramsch.json").read_text(encoding="utf-8"))
    table = get_table(text["ruleset"])
    for _raw, hand, lines in scored(table, text["players"], text["hands"]):
        assert {r.head: r.total for r in lines} == {p: row["striche"] for p, row in hand.deltas.items()
                                                     if p in hand.info["participants"] or row["striche"]}
    said = [plain(hand_lines(table, raw, hand, ["striche", "bolla"])[1])
            for raw, hand, _ in scored(table, text["players"], text["hands"])]
    assert any("Kritischer vergessen 2 - 1 Stich × 1 1 = 1 Strich" in s for s in said)
    assert any("bis 0, weg" in s for s in said) and any("Bolla für " in s for s in said)


# --- one path: the replay and the history say the same --------------------------------------

@pytest.mark.parametrize("example", ["schafkopf", "saukopf", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch"])
def test_the_replay_says_for_every_hand_what_the_history_shows_when_it_is_opened(capsys, example):
    path = EXAMPLES / f"{example}.json"
    text = json.loads(path.read_text(encoding="utf-8"))
    table = get_table(text["ruleset"])
    result = replay(table, text["players"], text["hands"], text.get("first_dealer"))
    printed = json.loads(ok(capsys, "replay", "--lines", path))["hands"]
    tallies = list(result.standings[text["players"][0]])
    for raw, hand, out in zip(text["hands"], result.hands, printed, strict=True):
        assert out["lines"][1] == hand_preview(table, raw, hand, tallies)
        if not raw.get("passed"):
            assert ":" in out["lines"][1].split("; ")[0]  # what made the points, before each player's change
