"""Doppelkopf house rules of issue 37, each a key of the table, off in the DDV's table: Sonderpunkte
in a solo, Bock as points, a Bock round the table calls, Bock rounds side by side. Figures worked
out by hand; the DDV's tables score as before (the compatibility corpus, test_doppelkopf_rules)."""

import pytest
from test_doppelkopf_rules import DK4, game, normal, points, table

from scorepad.engine import replay
from scorepad.errors import HandError
from scorepad.games.doppelkopf.sheet import sheet
from scorepad.games.doppelkopf.words import describe, value_words

pytestmark = pytest.mark.unit

BOCK = {"enabled": True, "after": ["tie"]}
TIE = normal(["Hias", "Wast"], 120)  # Kontra wins: gewonnen 1 + gegen die Alten 1 = 2
DAMEN = {"game": "damen", "re": ["Vroni"], "augen": 130}  # Vroni wins 1 (x3)


def test_the_new_keys_are_off_in_the_ddv_table():
    t = table()
    assert not t.sonderpunkte_in_solo and t.bock.points == 0 and not t.bock.called and t.bock.stacking is False


# Sonderpunkte auch im Solo
def test_sonderpunkte_count_in_a_solo_where_the_table_says_so():
    hand = {**DAMEN, "sonderpunkte": {"kontra": {"fuchs": 1}}}
    with pytest.raises(HandError) as info:
        game().play(1, hand)
    assert info.value.code == "dk_extras_normal_only"
    # Vroni: gewonnen 1 less Kontra's Fuchs 1 = 0
    assert points(game(sonderpunkte_in_solo=True).play(1, hand)) == {"Hias": 0, "Vroni": 0, "Wast": 0, "Kathi": 0}


def test_sonderpunkte_in_a_solo_come_after_the_solo_factor():
    hand = {**DAMEN, "sonderpunkte": {"re": {"doppelkopf": 1}}}
    # (gewonnen 1) x 2 (solo factor) + Doppelkopf 1 = 3 for each opponent, 9 for the soloist
    assert points(game(sonderpunkte_in_solo=True, solo_factor=2).play(1, hand))["Vroni"] == 9


def test_gegen_die_alten_counts_in_a_lost_solo_where_sonderpunkte_count_in_a_solo():
    lost = {"game": "damen", "re": ["Vroni"], "augen": 100}  # Kontra wins 1, gegen die Alten 1
    assert points(game().play(1, lost))["Vroni"] == -3
    assert points(game(sonderpunkte_in_solo=True).play(1, lost))["Vroni"] == -6


# Bock als Punkte
def test_bock_as_points_gives_the_winners_two_more():
    g = game(bock={**BOCK, "points": 2})
    g.play(1, TIE)
    # gewonnen 1 + Bock 2 = 3 (with the factor: 2)
    assert points(g.play(2, normal(["Hias", "Wast"], 121))) == {"Hias": 3, "Vroni": -3, "Wast": 3, "Kathi": -3}


def test_a_doppelbock_as_points_gives_four_more():
    g = game(bock={**BOCK, "points": 2, "stacking": True})
    g.play(1, TIE)
    g.play(2, TIE)  # a Bock game itself: Kontra 2 + Bock 2; starts a second round on top
    assert g.state()["bock"] == [2, 2, 2, 1]
    assert points(g.play(3, normal(["Hias", "Wast"], 121)))["Hias"] == 5  # gewonnen 1 + Doppelbock 4


def test_bock_as_points_goes_to_the_winner_not_the_sonderpunkte():
    g = game(bock={**BOCK, "points": 2})
    g.play(1, TIE)
    # Re wins 1, Kontra has 2 Füchse: value -1 to Re; Bock +2 for Re (the winner): +1
    hand = normal(["Hias", "Wast"], 121, sonderpunkte={"kontra": {"fuchs": 2}})
    assert points(g.play(2, hand))["Hias"] == 1


def test_bock_as_points_in_a_solo_is_booked_like_the_solo():
    g = game(bock={**BOCK, "points": 2})
    g.play(1, TIE)
    assert points(g.play(2, DAMEN))["Vroni"] == 9  # (1 + 2) x 3


def test_a_bock_game_nobody_won_gets_no_bock_points():
    g = game(bock={**BOCK, "points": 2})
    g.play(1, TIE)
    nobody = normal(["Hias", "Wast"], 130, re_call="keine 90", kontra_call="keine 90")
    assert not [i for i in g.play(2, nobody).info["items"] if i[1] == "bock"]


# Bockrunde vom Tisch ausgerufen
def test_the_table_calls_a_bock_round():
    g = game(bock={"enabled": True, "called": True})
    result = g.play(1, {"bockrunde": True})
    assert points(result) == {p: 0 for p in DK4}
    assert g.state()["bock"] == [1, 1, 1, 1]
    assert g.state()["next_dealer"] == "Hias"  # no game: the deal stays
    assert points(g.play(2, normal(["Hias", "Wast"], 121)))["Hias"] == 2


def test_a_called_bock_round_is_refused_where_the_table_calls_none():
    for changes in ({}, {"bock": {"enabled": True, "after": ["tie"]}}):
        with pytest.raises(HandError) as info:
            game(**changes).play(1, {"bockrunde": True})
        assert info.value.code == "dk_bock_not_called"
        assert info.value.key == "bockrunde"


def test_a_called_bock_round_is_no_game_with_other_keys():
    with pytest.raises(HandError) as info:
        game(bock={"enabled": True, "called": True}).play(1, {"bockrunde": True, "game": "normal"})
    assert info.value.code == "dk_bock_call_alone"


def test_a_called_bock_round_counts_no_game_of_the_round():
    g = game(bock={"enabled": True, "called": True}, round_games=24)
    g.play(1, {"bockrunde": True})
    assert g.state()["round_played"] == 0


def test_a_called_bock_round_stacks_as_the_table_says():
    g = game(bock={"enabled": True, "called": True, "after": ["tie"], "stacking": True})
    g.play(1, TIE)
    g.play(2, {"bockrunde": True})  # no game: the first round's four games all still come
    assert g.state()["bock"] == [2, 2, 2, 2]


def test_a_called_bock_round_is_said_in_words():
    t = table(bock={"enabled": True, "called": True})
    result = replay(t, DK4, [{"bockrunde": True}])
    assert describe(t, {"bockrunde": True}, result.hands[0]) == "Bockrunde ausgerufen"


# Bockrunden nebeneinander
def test_overlapping_bock_rounds_run_side_by_side_at_single_bock():
    g = game(bock={**BOCK, "stacking": "side_by_side"})
    g.play(1, TIE)
    g.play(2, TIE)  # within the first round: a second round from the next game on, beside it
    assert g.state()["bock"] == [1, 1, 1, 1]
    assert points(g.play(3, normal(["Hias", "Wast"], 121)))["Hias"] == 2  # single Bock


def test_side_by_side_rounds_from_one_game_are_one_round():
    g = game(bock={"enabled": True, "after": ["tie", "nobody_won"], "stacking": "side_by_side"})
    g.play(1, normal(["Hias", "Wast"], 120, re_call="keine 90", kontra_call="keine 90"))  # both triggers
    assert g.state()["bock"] == [1, 1, 1, 1]


# the rule sheet says them in German
def test_the_rule_sheet_says_the_new_house_rules():
    t = table(sonderpunkte_in_solo=True, bock={"enabled": True, "after": ["tie"], "called": True, "points": 2,
                                               "stacking": True})
    lines = [line for _heading, part in sheet(t) for line in part]
    headings = [heading for heading, _part in sheet(t)]
    assert "Sonderpunkte (auch im Solo)" in headings
    assert "Bockrunde (ein Spiel je Spieler am Tisch) nach: 120 zu 120." in lines
    assert "Der Tisch kann auch selbst eine Bockrunde ausrufen (Knopf „Bockrunde“)." in lines
    assert "Ein Bockspiel bringt den Gewinnern 2 Punkte mehr, ein Doppelbock 4 Punkte (statt eines Faktors)." in lines
    side = table(bock={"enabled": True, "after": ["tie"], "stacking": "side_by_side"})
    assert ("Kommt eine Bockrunde in einer anderen dazu, laufen beide nebeneinander: ein Spiel, das beide "
            "treffen, zählt einfachen Bock.") in [line for _h, part in sheet(side) for line in part]


def test_bock_switched_on_without_a_trigger_says_that_none_comes():
    lines = [line for _h, part in sheet(table(bock={"enabled": True})) for line in part]
    assert "Bockrunden an, aber ohne Auslöser: es kommt keine." in lines


def test_bock_as_points_is_said_line_by_line():
    t = table(bock={**BOCK, "points": 2})
    result = replay(t, DK4, [TIE, normal(["Hias", "Wast"], 121)])
    assert value_words(t, result.hands[1]) == "Re gewinnt: gewonnen\u00a0+1 = 1 Punkt, Bock\u00a0+2 = 3 Punkte; " \
        "Hias & Wast je +3, Vroni & Kathi je -3"


def test_the_new_keys_are_written_in_toml():
    from scorepad.tables import load_table_text

    text = """id = "stammtisch"
extends = "doppelkopf"
name = "Stammtisch"
sonderpunkte_in_solo = true

[bock]
enabled = true
after = ["tie", "lost_solo"]
points = 2
called = true
stacking = "side_by_side"
"""
    t, _raw = load_table_text(text, "stammtisch.toml")
    assert t.sonderpunkte_in_solo and t.bock.points == 2 and t.bock.called and t.bock.stacking == "side_by_side"
