"""Doppelkopf in words (issue 35): the preview says each line of a game with its points, from
the side of the party that gets them, so that the sum on screen is the sum booked; a lost solo
is Kontra's win against the soloist; Bock, doubling Ansagen and a solo factor each say what
they multiply; the history line says who gets the points when the Sonderpunkte turn them. One
rule, one test, the figures worked by hand (DDV TSR 7.2.2, 7.2.3)."""

import re

import pytest
from test_doppelkopf_rules import game, normal, points

from scorepad.describe import describe_hand
from scorepad.ui.words import hand_preview

pytestmark = pytest.mark.unit


def said(g, hand, number=1):
    """(the history line, the preview) of `hand` played as game `number` of `g`."""
    result = g.play(number, hand)
    preview = hand_preview(g.table, hand, result, ["punkte"])
    assert re.search(r"[^\u00a0][+-]\d", preview.split("; ")[0]) is None  # each line keeps its points
    return describe_hand(g.table, hand, result), preview.replace("\u00a0", " "), result


def solo(player, augen, **keys):
    return {"game": "damen", "re": [player], "augen": augen, **keys}


def test_a_lost_solo_reads_as_kontras_win_against_the_soloist():
    # Vroni's Damensolo with "Re", 100 Augen: Kontra wins, gewonnen 1 + Re angesagt 2 = 3
    line, preview, result = said(game(), solo("Vroni", 100, re_call="re"))
    assert preview == "Kontra gewinnt gegen Vroni: gewonnen +1, Re angesagt +2 = 3 Punkte; Hias, Wast & Kathi je +3, Vroni -9"
    assert "verliert: gewonnen" not in preview
    assert line == "Damensolo Vroni · Re 100 Augen · Re angesagt · Kontra gewinnt"
    assert points(result) == {"Hias": 3, "Vroni": -9, "Wast": 3, "Kathi": 3}


def test_a_won_solo_reads_as_the_soloists_win():
    line, preview, _ = said(game(), solo("Vroni", 155))
    assert preview == "Vroni gewinnt: gewonnen +1, unter 90 gespielt +1 = 2 Punkte; Vroni +6, Hias, Wast & Kathi je -2"
    assert line.endswith("· Re gewinnt")


def test_the_other_partys_sonderpunkte_count_with_a_minus_and_the_lines_add_up():
    # Kontra 140 wins: gewonnen 1, Fuchs 1, gegen die Alten 1, less Re's Karlchen 1 = 2
    hand = normal(["Hias", "Wast"], 100, sonderpunkte={"re": {"karlchen": 1}, "kontra": {"fuchs": 1}})
    _, preview, result = said(game(), hand)
    assert preview == ("Kontra gewinnt: gewonnen +1, Karlchen (Re) -1, Fuchs gefangen +1, Gegen die Alten +1 = 2 Punkte; "
                       "Vroni & Kathi je +2, Hias & Wast je -2")
    assert points(result)["Vroni"] == 2


def test_when_the_losers_sonderpunkte_outweigh_the_game_the_points_go_to_them():
    # Re wins with 121 (gewonnen 1), Kontra caught both Füchse (2): 1 - 2, Kontra gets 1
    hand = normal(["Hias", "Wast"], 121, sonderpunkte={"kontra": {"fuchs": 2}})
    line, preview, result = said(game(), hand)
    assert points(result) == {"Hias": -1, "Vroni": 1, "Wast": -1, "Kathi": 1}
    assert preview == ("Re gewinnt, Punkte für Kontra: gewonnen (Re) -1, Fuchs gefangen +2 = 1 Punkt; "
                       "Vroni & Kathi je +1, Hias & Wast je -1")
    assert line == "Normalspiel Hias & Wast · Re 121 Augen · Re gewinnt, Punkte für Kontra · Kontra: Fuchs gefangen ×2"


def test_a_won_game_that_the_sonderpunkte_make_even_says_no_points():
    hand = normal(["Hias", "Wast"], 121, sonderpunkte={"kontra": {"fuchs": 1}})
    line, preview, result = said(game(), hand)
    assert not any(points(result).values())
    assert preview == ("Re gewinnt, keine Punkte: gewonnen +1, Fuchs gefangen (Kontra) -1 = 0 Punkte; "
                       "Hias, Vroni, Wast & Kathi je 0")
    assert "Re gewinnt, keine Punkte" in line


def test_bock_multiplies_the_sum_once_said_with_its_reason():
    # 120 : 120 starts a Bock round; then Re 151: gewonnen 1 + unter 90 1 = 2, x2 (Bock) = 4
    g = game(bock={"enabled": True, "after": ["tie"]})
    g.play(1, normal(["Hias", "Wast"], 120))
    _, preview, result = said(g, normal(["Hias", "Wast"], 151), number=2)
    assert preview == ("Re gewinnt: gewonnen +1, unter 90 gespielt +1 = 2 Punkte × 2 (Bock) = 4 Punkte; "
                       "Hias & Wast je +4, Vroni & Kathi je -4")
    assert points(result)["Hias"] == 4


def test_doubling_ansagen_double_the_game_points_before_the_sonderpunkte():
    # house rule: "Re" doubles gewonnen 1 + unter 90 1 = 2 to 4; then Re's Karlchen +1 = 5
    g = game(game_points={"doubling": True})
    _, preview, result = said(g, normal(["Hias", "Wast"], 151, re_call="re", sonderpunkte={"re": {"karlchen": 1}}))
    assert preview == ("Re gewinnt: gewonnen +1, unter 90 gespielt +1 = 2 Punkte × 2 (1 Ansage) = 4 Punkte, "
                       "Karlchen +1 = 5 Punkte; Hias & Wast je +5, Vroni & Kathi je -5")
    assert points(result)["Hias"] == 5


def test_a_solo_factor_says_what_it_multiplies():
    # house rule: a solo counts twice: gewonnen 1 + Re angesagt 2 = 3, x2 = 6 each opponent
    _, preview, result = said(game(solo_factor=2), solo("Vroni", 100, re_call="re"))
    assert preview == ("Kontra gewinnt gegen Vroni: gewonnen +1, Re angesagt +2 = 3 Punkte × 2 (Solo) = 6 Punkte; "
                       "Hias, Wast & Kathi je +6, Vroni -18")
    assert points(result)["Vroni"] == -18


def test_nobody_winning_says_who_gets_the_points_of_the_lines():
    # Re says "keine 90" and has 105 (needs 151), Kontra says "keine 30" and has 135 (needs 211):
    # nobody wins (TSR 7.1.3); Re reached 90 and 60 against "keine 30", Kontra 120 against
    # "keine 90": Re 2 - Kontra 1 = 1 for Re
    _, preview, result = said(game(), solo("Wast", 105, re_call="keine 90", kontra_call="keine 30"))
    assert result.info["winner"] is None
    assert preview == ("Keiner gewinnt, Punkte für Re: 90 erreicht +1, 60 erreicht +1, 120 erreicht (Kontra) -1 = 1 Punkt; "
                       "Wast +3, Hias, Vroni & Kathi je -1")


def test_a_list_of_points_says_no_money():
    line, preview, _ = said(game(), normal(["Hias", "Wast"], 100, kontra_call="kontra"))
    for words in (line, preview):
        assert "€" not in words and "zahlt" not in words
    assert "Punkte" in preview
