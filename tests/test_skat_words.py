"""Skat in words: the lines that made a game's points, as a Skat player says them."""

import pytest

from scorepad.games.skat.hand import SkatHand
from scorepad.games.skat.rules import isko
from scorepad.games.skat.value import score
from scorepad.games.skat.words import value_lines

pytestmark = pytest.mark.unit

RULES = isko()


def lines(**keys) -> list[str]:
    return value_lines(score(SkatHand(declarer="Anna", **keys), RULES), RULES)


def test_a_won_hand_game_says_its_levels_times_its_base():
    assert lines(game="kreuz", spitzen=2, hand=True, augen=70) == ["Kreuz mit 2, Hand: 4 × 12 = 48", "gewonnen: +48"]


def test_ohne_and_schneider_are_said():
    assert lines(game="pik", spitzen=3, mit=False, augen=95)[0] == "Pik ohne 3, Schneider: 5 × 11 = 55"


def test_an_overbid_game_says_ueberreizt_and_the_multiple():
    assert lines(game="herz", spitzen=1, augen=70, reizwert=30) == [
        "Herz mit 1: 2 × 10 = 20", "überreizt (gereizt 30): 3 × 10 = 30", "verloren: -2 × 30 = -60"]


def test_ouvert_says_ouvert_not_hand():
    assert lines(game="grand", spitzen=4, ouvert=True, won=True, schwarz=True)[0] == "Grand mit 4, ouvert: 11 × 24 = 264"


def test_null_says_its_fixed_value():
    assert lines(game="null", ouvert=True, hand=True, won=False) == ["Null ouvert Hand: 59", "verloren: -2 × 59 = -118"]


def test_eingepasst_says_0():
    assert value_lines(score(SkatHand(eingepasst=True), RULES), RULES) == ["eingepasst: 0"]
