"""Every Doppelkopf game the engine accepts can be entered through its form by the package's
taps, and the form's hand and preview are the engine's (property over generated evenings, at
four, five and six at the table, with the house rules on); a normal game without Ansagen and a
won solo take at most six taps from the table ("Nächstes Spiel", the form's, Speichern), each
Ansage, Absage and Sonderpunkt one tap more (tests/test_e2e_doppelkopf_taps.py counts them by
finger on a phone)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_form_roundtrip import check_roundtrip, ctx_for, enter

from scorepad.engine import new_game
from scorepad.games import family_of
from scorepad.games.doppelkopf.form import quick_augen
from scorepad.tables import get_table, with_options

pytestmark = pytest.mark.ui

SEATS = {4: ["Hias", "Vroni", "Wast", "Kathi"], 5: ["Hias", "Vroni", "Wast", "Kathi", "Sepp"],
         6: ["Hias", "Vroni", "Wast", "Kathi", "Sepp", "Resi"]}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), at_table=st.sampled_from([4, 5, 6]),
       ruleset=st.sampled_from(["doppelkopf", "doppelkopf-haus"]))
def test_every_doppelkopf_game_can_be_entered_on_its_form(seed, at_table, ruleset):
    rng = random.Random(seed)
    game = new_game(get_table(ruleset), SEATS[at_table])
    family = family_of(game.table)
    for number in range(1, 5):
        hand = family.generate(rng, game)
        check_roundtrip(game, hand)
        game.play(number, hand)


def test_a_normal_game_without_ansagen_takes_at_most_six_taps():
    game = new_game(get_table("doppelkopf"), SEATS[4])
    hand = {"game": "normal", "re": ["Hias", "Kathi"], "winner": "re", "levels": {"kontra": "keine 90"}}
    keys = family_of(game.table).taps_module().taps(game.table, ctx_for(game), hand)
    assert keys == ["re-Hias", "re-Kathi", "won-re", "level-keine-90"]
    assert 1 + len(keys) + 1 <= 6  # "Nächstes Spiel", the form, "Speichern"


def test_the_form_takes_a_game_by_result_first_and_augen_one_tap_away():
    game = new_game(get_table("doppelkopf"), SEATS[4])
    assert enter(game, ["re-Hias", "re-Kathi", "won-kontra", "level-schwarz"]) == {
        "game": "normal", "re": ["Hias", "Kathi"], "winner": "kontra", "levels": {"re": "schwarz"}}
    assert enter(game, ["re-Hias", "re-Kathi", "won-re"]) == {"game": "normal", "re": ["Hias", "Kathi"], "winner": "re"}
    assert enter(game, ["re-Hias", "re-Kathi", "by-augen", "quick-151"]) == {
        "game": "normal", "re": ["Hias", "Kathi"], "augen": 151}


def test_the_losers_level_follows_the_winner_and_a_second_tap_takes_it_back():
    game = new_game(get_table("doppelkopf"), SEATS[4])
    start = ["re-Hias", "re-Kathi", "won-re", "level-keine-60"]
    assert enter(game, [*start, "won-kontra"])["levels"] == {"re": "keine 60"}
    assert "levels" not in enter(game, [*start, "level-keine-60"])


def taps_for(hand, ruleset="doppelkopf"):
    game = new_game(get_table(ruleset), SEATS[4])
    return family_of(game.table).taps_module().taps(game.table, ctx_for(game), hand)


def test_a_won_solo_takes_at_most_six_taps():
    keys = taps_for({"game": "damen", "re": ["Wast"], "winner": "re"})
    assert keys == ["solos", "game-damen", "solo-Wast", "won-re"]
    assert 1 + len(keys) + 1 <= 6


def test_each_ansage_absage_and_sonderpunkt_is_one_tap_more():
    plain = {"game": "normal", "re": ["Hias", "Kathi"], "augen": 151}
    said = {**plain, "re_call": "keine 90", "kontra_call": "kontra", "sonderpunkte": {"kontra": {"fuchs": 2}}}
    extra = taps_for(said)[len(taps_for(plain)):]
    assert extra == ["re-call", "re-call", "kontra-call", "sp-kontra-fuchs", "sp-kontra-fuchs"]


def test_the_augen_keys_are_the_lowest_of_each_kind_of_result():
    """Re's 0-29, 30-59, 60-89, 90-119, 120 and 121-150, ..., 211-240 score alike within."""
    assert quick_augen(get_table("doppelkopf")) == [0, 30, 60, 90, 120, 121, 151, 181, 211, 240]


def test_all_augen_take_every_trick_unless_told_not():
    game = new_game(get_table("doppelkopf"), SEATS[4])
    assert enter(game, ["re-Hias", "re-Kathi", "by-augen", "quick-240"]) == {"game": "normal", "re": ["Hias", "Kathi"],
                                                                 "all_tricks": "re"}
    assert enter(game, ["re-Hias", "re-Kathi", "by-augen", "quick-240", "all-none"])["augen"] == 240
    assert enter(game, ["re-Hias", "re-Kathi", "by-augen", "quick-0"])["all_tricks"] == "kontra"


def test_a_call_taps_on_to_schwarz_and_then_back_to_none():
    game = new_game(get_table("doppelkopf"), SEATS[4])
    start = ["re-Hias", "re-Kathi", "won-re"]
    assert enter(game, start + ["re-call"] * 5)["re_call"] == "schwarz"
    assert "re_call" not in enter(game, start + ["re-call"] * 6)


def test_a_sonderpunkt_counts_up_to_its_most_and_then_back_to_none():
    game = new_game(get_table("doppelkopf"), SEATS[4])
    start = ["re-Hias", "re-Kathi", "won-re"]
    assert enter(game, start + ["sp-re-fuchs"] * 2)["sonderpunkte"] == {"re": {"fuchs": 2}}
    assert "sonderpunkte" not in enter(game, start + ["sp-re-fuchs"] * 3)  # Fuchs: at most two


def test_augen_off_the_keys_are_typed_on_the_pad():
    game = new_game(get_table("doppelkopf"), SEATS[4])
    assert enter(game, ["re-Hias", "re-Kathi", "by-augen", "pad-on", "pad-1", "pad-6", "pad-3"])["augen"] == 163


@settings(max_examples=60, deadline=None)
@given(augen=st.integers(0, 240).filter(lambda a: a not in (1, 239)),
       re_call=st.sampled_from([None, "re", "keine 90", "keine 60", "keine 30", "schwarz"]),
       kontra_call=st.sampled_from([None, "kontra", "keine 90", "keine 60", "keine 30", "schwarz"]))
def test_any_augen_score_as_the_key_below_them(augen, re_call, kontra_call):
    """What makes the keys enough for the score: the pad only keeps the exact number."""
    key = max(k for k in quick_augen(get_table("doppelkopf")) if k <= augen)
    calls = {k: v for k, v in (("re_call", re_call), ("kontra_call", kontra_call)) if v}
    scored = []
    for a in (augen, key):
        game = new_game(get_table("doppelkopf"), SEATS[4])
        result = game.play(1, {"game": "normal", "re": ["Hias", "Kathi"], "augen": a, **calls})
        scored.append((result.deltas, result.info.get("winner"), result.info.get("items")))
    assert scored[0] == scored[1]


def test_sonderpunkte_in_a_solo_are_on_the_form_where_the_house_counts_them():
    """House rule `sonderpunkte_in_solo`: the form offers a solo's Sonderpunkte and keeps them
    (the engine counts them); without it a solo shows none."""
    house = new_game(with_options(get_table("doppelkopf"), {"sonderpunkte_in_solo": True}), SEATS[4])
    hand = {"game": "damen", "re": ["Wast"], "winner": "re", "sonderpunkte": {"re": {"fuchs": 1}}}
    check_roundtrip(house, hand)
    assert enter(house, ["solos", "game-damen", "solo-Wast", "won-re", "sp-re-fuchs"]) == hand
    plain = new_game(get_table("doppelkopf"), SEATS[4])
    with pytest.raises(AssertionError, match="'sp-re-fuchs' is not shown"):
        enter(plain, ["solos", "game-damen", "solo-Wast", "won-re", "sp-re-fuchs"])
