"""Skat's lists and table: the classic list and the Seeger-Fabian list (SkWO), tables of 3, 4
and 5 with the dealer moving on after every game (eingepasst included), money settled as the
differences of the list points. Figures worked out by hand."""

import pytest

from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.lists import money, play_evening, totals, who_pays_whom
from scorepad.games.skat.rules import TABLE_FILE, isko, parse_rules

pytestmark = pytest.mark.unit

RULES = isko()
THREE = ["Anna", "Ben", "Cem"]
FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
WON = SkatHand(declarer="Ben", game="kreuz", spitzen=1, augen=70)  # 24
LOST = SkatHand(declarer="Ben", game="kreuz", spitzen=1, augen=50)  # -48


def test_classic_list_gives_the_declarer_the_value_and_nobody_else_anything():
    line, = play_evening(RULES, THREE, [WON])
    assert line.classic == {"Anna": 0, "Ben": 24, "Cem": 0}


def test_classic_list_lost_game_is_minus_twice_the_value():
    line, = play_evening(RULES, THREE, [LOST])
    assert line.classic == {"Anna": 0, "Ben": -48, "Cem": 0}


def test_seeger_fabian_won_game_adds_50_for_the_declarer():
    line, = play_evening(RULES, THREE, [WON])
    assert line.seeger_fabian == {"Anna": 0, "Ben": 74, "Cem": 0}


def test_seeger_fabian_lost_game_at_a_table_of_3_gives_40_to_each_other_player():
    line, = play_evening(RULES, THREE, [LOST])
    assert line.seeger_fabian == {"Anna": 40, "Ben": -98, "Cem": 40}


def test_seeger_fabian_lost_game_at_a_table_of_4_gives_30_to_each_other_player_the_dealer_included():
    line, = play_evening(RULES, FOUR, [LOST])  # Anna deals and sits out
    assert line.in_play == ("Ben", "Cem", "Dora")
    assert line.seeger_fabian == {"Anna": 30, "Ben": -98, "Cem": 30, "Dora": 30}


def test_seeger_fabian_eingepasst_gives_nobody_anything():
    line, = play_evening(RULES, THREE, [SkatHand(eingepasst=True)])
    assert line.seeger_fabian == {"Anna": 0, "Ben": 0, "Cem": 0}


def test_seeger_fabian_names_no_figure_for_a_table_of_5():
    line, = play_evening(RULES, FIVE, [SkatHand(declarer="Ben", game="kreuz", spitzen=1, augen=50)])
    assert line.seeger_fabian is None and line.classic["Ben"] == -48


def test_the_dealer_moves_on_after_every_game_eingepasst_included():
    lines = play_evening(RULES, THREE, [WON, SkatHand(eingepasst=True), WON, WON])
    assert [line.dealer for line in lines] == ["Anna", "Ben", "Cem", "Anna"]


def test_at_four_the_dealer_sits_out():
    with pytest.raises(SkatRefused, match="Spiel 1: Anna setzt dieses Spiel aus"):
        play_evening(RULES, FOUR, [SkatHand(declarer="Anna", game="herz", spitzen=1, augen=70)])


def test_at_five_the_dealer_and_the_seat_the_table_names_sit_out():
    line, = play_evening(RULES, FIVE, [SkatHand(eingepasst=True)])
    assert line.in_play == ("Ben", "Cem", "Emil")  # Anna deals, Dora (3rd from the dealer) sits out
    other = parse_rules(TABLE_FILE.read_text(encoding="utf-8"),
                        {"sitting_out": {"in_play": 3, "seats": {"4": [0], "5": [0, 2]}}})
    line, = play_evening(other, FIVE, [SkatHand(eingepasst=True)])
    assert line.in_play == ("Ben", "Dora", "Emil")


def test_skat_is_played_by_3_4_or_5():
    with pytest.raises(SkatRefused, match="nicht 2"):
        play_evening(RULES, ["Anna", "Ben"], [])


def test_a_declarer_not_at_the_table_is_refused():
    with pytest.raises(SkatRefused, match="Spiel 1: Xaver sitzt nicht am Tisch"):
        play_evening(RULES, THREE, [SkatHand(declarer="Xaver", game="herz", spitzen=1, augen=70)])


def test_totals_sum_each_list():
    lines = play_evening(RULES, THREE, [WON, LOST])
    assert totals(THREE, lines, "classic") == {"Anna": 0, "Ben": -24, "Cem": 0}
    assert totals(THREE, lines, "seeger_fabian") == {"Anna": 40, "Ben": -24, "Cem": 40}


def test_money_is_cents_per_list_point_settled_as_differences():
    # Anna 40, Ben -24, Cem 40: Ben owes Anna 64 points and Cem 64 points
    balance = money({"Anna": 40, "Ben": -24, "Cem": 40}, 10)
    assert balance == {"Anna": 640, "Ben": -1280, "Cem": 640}
    assert sorted(who_pays_whom({"Anna": 40, "Ben": -24, "Cem": 40}, 10)) == [("Ben", "Anna", 640), ("Ben", "Cem", 640)]
