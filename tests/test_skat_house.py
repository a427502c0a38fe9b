"""Skat's house rules, each a key of the table, off (the ISkO's way) by default, each chosen on
the house-rules screen; one rule, one test."""

import pytest

from scorepad.engine import new_game
from scorepad.errors import HandError
from scorepad.games import family_of
from scorepad.tables import get_table, with_options

pytestmark = pytest.mark.unit

THREE = ["Anna", "Ben", "Cem"]


def entry(options, hand):
    table = with_options(get_table("skat"), options) if options else get_table("skat")
    return new_game(table, THREE).play(1, hand).deltas["Ben"]["punkte"]


def sheet_lines(options):
    table = with_options(get_table("skat"), options)
    return [line for _, part in family_of(table).sheet(table) for line in part]


HERZ_HAND_LOST = {"declarer": "Ben", "game": "herz", "spitzen": 1, "hand": True, "augen": 50}  # 3 × 10


def test_lost_hand_games_single():
    assert entry(None, HERZ_HAND_LOST) == -60  # the ISkO: twice
    assert entry({"lost": {"hand": 1}}, HERZ_HAND_LOST) == -30
    assert entry({"lost": {"hand": 1}}, {**HERZ_HAND_LOST, "hand": False}) == -40  # not a Hand game: twice
    assert any("ein Handspiel 1 ×" in line for line in sheet_lines({"lost": {"hand": 1}}))


def test_lost_hand_games_single_counts_ouvert_as_hand():
    ouvert = {"declarer": "Ben", "game": "kreuz", "spitzen": 1, "ouvert": True, "won": False}  # 8 × 12
    assert entry({"lost": {"hand": 1}}, ouvert) == -96


def test_spitzen_only_with_buben():
    five = {"declarer": "Ben", "game": "kreuz", "spitzen": 5, "augen": 70}
    assert entry(None, five) == 72
    with pytest.raises(HandError) as info:
        entry({"spitzen": {"suit": 4}}, five)
    assert info.value.german == "Kreuz hat 1 bis höchstens 4 Spitzen, nicht 5."
    assert any("auch im Farbspiel" in line for line in sheet_lines({"spitzen": {"suit": 4}}))


def test_grand_at_20():
    grand = {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 70}
    assert entry(None, grand) == 48
    assert entry({"grundwerte": {"grand": 20}}, grand) == 40
    assert any("Grand 20" in line for line in sheet_lines({"grundwerte": {"grand": 20}}))


def test_each_house_rule_is_a_choice_and_off_by_default():
    table = get_table("skat")
    choices = family_of(table).house
    assert [path for _, path, _ in choices] == [("spitzen", "suit"), ("grundwerte", "grand"), ("lost", "hand")]
    assert (table.spitzen.suit, table.grundwerte.grand, table.lost.hand) == (11, 24, 2)
