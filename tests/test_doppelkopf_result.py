"""A Doppelkopf game entered by its result, as lists write it (docs/session-format.md): the
winner (or keiner, TSR 7.1.3) and how far a party was played down, no Augen; figures worked out
by hand from TSR 7.2.2. That every Augen-game scores as its result is a property
(tests/test_doppelkopf_properties.py)."""

import pytest
from test_doppelkopf_rules import game, points

from scorepad.errors import HandError

pytestmark = pytest.mark.unit

RE = ["Hias", "Kathi"]


def by_result(winner, levels=None, **keys):
    return {"game": "normal", "re": RE, "winner": winner, **({"levels": levels} if levels else {}), **keys}


def test_re_won_keine_90_with_re_said_is_four_points():
    """gewonnen 1, unter 90 gespielt 1, Re angesagt 2."""
    result = game().play(1, by_result("re", {"kontra": "keine 90"}, re_call="re"))
    assert points(result) == {"Hias": 4, "Kathi": 4, "Vroni": -4, "Wast": -4}


def test_kontra_won_without_levels_is_gewonnen_and_gegen_die_alten():
    result = game().play(1, by_result("kontra"))
    assert points(result) == {"Hias": -2, "Kathi": -2, "Vroni": 2, "Wast": 2}


def test_re_played_schwarz_counts_every_unter_and_schwarz():
    """Kontra gewonnen 1, unter 90/60/30 3, schwarz 1, gegen die Alten 1."""
    result = game().play(1, by_result("kontra", {"re": "schwarz"}))
    assert points(result)["Vroni"] == 6


def test_nobody_won_when_both_missed_what_they_announced():
    """Re said keine 90 and Kontra keine 90; Re stayed under 120 (90 or more): only Kontra's
    120 erreicht gegen keine 90 counts (TSR 7.1.3, 7.2.2 e/f)."""
    result = game().play(1, by_result("none", {"re": "keine 120"}, re_call="keine 90", kontra_call="keine 90"))
    assert result.info["winner"] is None
    assert points(result) == {"Hias": -1, "Kathi": -1, "Vroni": 1, "Wast": 1}


def test_120_to_120_is_the_half_for_both_and_calls_the_bock_round_a_tie_calls():
    at_table = game(bock={"enabled": True, "after": ["tie"]})
    result = at_table.play(1, by_result("kontra", {"re": "120"}))
    assert result.info["winner"] == "kontra"
    assert at_table.state()["bock"] == [1, 1, 1, 1]


@pytest.mark.parametrize(("hand", "key"), [
    (by_result("re", augen=151), "winner"),
    (by_result("re", {"re": "keine 90", "kontra": "keine 90"}), "levels"),
    (by_result("re", {"kontra": "keine 100"}), "levels.kontra"),
    (by_result("re", {"sepp": "keine 90"}), "levels"),
    (by_result("re", {"re": "keine 90"}), "winner"),
    ({"game": "normal", "re": RE, "levels": {"kontra": "keine 90"}, "augen": 151}, "levels"),
])
def test_a_result_that_cannot_be_is_refused_naming_its_key(hand, key):
    with pytest.raises(HandError) as refused:
        game().play(1, hand)
    assert refused.value.key == key
    assert refused.value.german


def test_a_winner_the_calls_do_not_allow_is_refused_in_german():
    """Re played Kontra down to keine 90 but said keine 60: Re missed it, Kontra wins with 60."""
    with pytest.raises(HandError) as refused:
        game().play(1, by_result("re", {"kontra": "keine 90"}, re_call="keine 60"))
    assert "gewinnt nicht Re, sondern Kontra" in refused.value.german
