"""Doppelkopf's game value, one rule of the DDV Turnierspielregeln (TSR, 2026) per test, each
with the figures worked out by hand. Re's Augen are given; Kontra has the rest of 240."""

import pytest

from scorepad.games.doppelkopf.points import Play, Scale, doublings, extra_items, game_items, re_value, winner

pytestmark = pytest.mark.unit

DDV = Scale()
NONE, ANSAGE, K90, K60, K30, SCHWARZ = 0, 1, 2, 3, 4, 5


def plays(re_augen, re_call=NONE, kontra_call=NONE, re_tricks=True, kontra_tricks=True, re_extras=None,
          kontra_extras=None):
    return {"re": Play(re_augen, re_call, re_tricks, re_extras or {}),
            "kontra": Play(240 - re_augen, kontra_call, kontra_tricks, kontra_extras or {})}


def value(p, scale=DDV):
    return re_value(game_items(scale, p))


def lines(p):
    return sorted((i.party, i.what, i.points) for i in game_items(DDV, p))


# TSR 7.1.1 / 7.1.2: who wins
def test_re_wins_with_the_121st_auge_without_announcements():
    assert winner(DDV, plays(121)) == "re"
    assert winner(DDV, plays(120)) == "kontra"


def test_kontra_wins_with_the_120th_auge_if_only_re_was_announced():
    assert winner(DDV, plays(120, re_call=ANSAGE)) == "kontra"
    assert winner(DDV, plays(121, re_call=ANSAGE)) == "re"


def test_re_wins_with_the_120th_auge_if_only_kontra_was_announced():
    assert winner(DDV, plays(120, kontra_call=ANSAGE)) == "re"
    assert winner(DDV, plays(119, kontra_call=ANSAGE)) == "kontra"


def test_re_needs_121_when_both_announced():
    assert winner(DDV, plays(120, re_call=ANSAGE, kontra_call=ANSAGE)) == "kontra"
    assert winner(DDV, plays(121, re_call=ANSAGE, kontra_call=ANSAGE)) == "re"


@pytest.mark.parametrize("call, needed", [(K90, 151), (K60, 181), (K30, 211)])
def test_a_party_with_an_absage_needs_151_181_211(call, needed):
    assert winner(DDV, plays(needed, re_call=call)) == "re"
    assert winner(DDV, plays(needed - 1, re_call=call)) == "kontra"


def test_schwarz_abgesagt_needs_every_trick():
    assert winner(DDV, plays(240, re_call=SCHWARZ, kontra_tricks=False)) == "re"
    # a trick of four Neunen has no Augen: Kontra took one, Re's 240 do not win
    assert winner(DDV, plays(240, re_call=SCHWARZ)) == "kontra"


@pytest.mark.parametrize("call, mark", [(K90, 90), (K60, 60), (K30, 30)])
def test_against_an_absage_the_other_party_wins_with_90_60_30(call, mark):
    assert winner(DDV, plays(240 - mark, re_call=call)) == "kontra"
    assert winner(DDV, plays(240 - mark + 1, re_call=call)) == "re"


def test_against_schwarz_the_first_trick_wins():
    assert winner(DDV, plays(240, kontra_call=SCHWARZ, re_tricks=True)) == "re"
    assert winner(DDV, plays(0, kontra_call=SCHWARZ, re_tricks=False)) == "kontra"


def test_nobody_wins_when_both_miss_their_absage():
    # both said "keine 90": each needs 151; 130 : 110 reaches neither
    assert winner(DDV, plays(130, re_call=K90, kontra_call=K90)) is None


# TSR 7.2.2: the game points
def test_won_is_one_point():
    assert value(plays(121)) == 1
    assert value(plays(120)) == -1


def test_unter_90_60_30_and_schwarz_one_point_each():
    assert value(plays(151)) == 2  # Kontra 89
    assert value(plays(181)) == 3  # Kontra 59
    assert value(plays(211)) == 4  # Kontra 29
    assert value(plays(240, kontra_tricks=False)) == 5  # and schwarz


def test_re_and_kontra_announced_two_points_each_to_the_winner():
    assert value(plays(121, re_call=ANSAGE)) == 3
    assert value(plays(121, re_call=ANSAGE, kontra_call=ANSAGE)) == 5
    # the winner gets the loser's announcement too
    assert value(plays(119, re_call=ANSAGE)) == -3


def test_each_absage_one_point_to_the_winner():
    # Re "keine 60", 181 Augen: gewonnen 1, unter 90 1, unter 60 1, Re 2, keine 90 1, keine 60 1
    assert value(plays(181, re_call=K60)) == 7
    # Re "schwarz", every trick: 1 + 3 unter + schwarz 1 + Re 2 + four Absagen = 11
    assert value(plays(240, re_call=SCHWARZ, kontra_tricks=False)) == 11


def test_a_lost_absage_goes_to_the_other_party():
    # Re "keine 90" with 150: Kontra wins with 90: gewonnen 1, Re 2, keine 90 1
    assert lines(plays(150, re_call=K90)) == [("kontra", "gewonnen", 1), ("kontra", "re_angesagt", 2),
                                              ("kontra", "re_keine_90", 1)]
    assert value(plays(150, re_call=K90)) == -4


def test_120_reached_against_keine_90_one_point():
    # Re "keine 90" with 100: Kontra 140 wins and reached 120 against "keine 90"
    assert value(plays(100, re_call=K90)) == -5
    # Kontra "keine 60", Re 130: Re wins (60 needed), reached 120 and 90: 1 + Kontra 2 + 2 Absagen + 2
    assert value(plays(130, kontra_call=K60)) == 7


def test_30_reached_against_schwarz_one_point():
    # Re "schwarz" and Kontra took tricks worth 30: Kontra wins, 1 + Re 2 + 4 Absagen
    # + reached 120? no, 90? no, 60? no, 30 yes
    assert value(plays(210, re_call=SCHWARZ)) == -8


def test_when_nobody_wins_only_unter_and_reached_points_count():
    # both "keine 90", 130 : 110: Re reached 120 against Kontra's "keine 90": +1 for Re
    assert lines(plays(130, re_call=K90, kontra_call=K90)) == [("re", "erreicht_120", 1)]
    # Re "keine 60" 170 : Kontra "keine 90" 70: Kontra under 90 (Re +1), Re reached 120 (+1)
    assert value(plays(170, re_call=K60, kontra_call=K90)) == 2


# TSR 7.2.3: Sonderpunkte, netted
def test_sonderpunkte_are_netted_between_the_parties():
    points = {"doppelkopf": 1, "fuchs": 1, "karlchen": 1}
    p = plays(121, re_extras={"doppelkopf": 1}, kontra_extras={"fuchs": 2, "karlchen": 1})
    assert re_value(extra_items(p, points)) == -2
    assert re_value(game_items(DDV, p) + extra_items(p, points)) == -1


def test_the_game_points_are_whole_and_add_up_from_the_lines():
    p = plays(181, re_call=K60, kontra_call=ANSAGE)
    assert value(p) == sum(i.points for i in game_items(DDV, p))


# house rule
def test_doubling_announcements_double_instead_of_adding():
    doubling = Scale(doubling=True)
    p = plays(151, re_call=K90, kontra_call=ANSAGE)
    # without the calls: gewonnen 1, unter 90 1 = 2; Re, keine 90, Kontra: three doublings = 16
    assert value(p, doubling) == 2
    assert doublings(doubling, p) == 3
    assert doublings(DDV, p) == 0
