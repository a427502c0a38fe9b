"""Every Doppelkopf game the engine accepts can be entered through its form by the package's
taps, and the form's hand and preview are the engine's (property over generated evenings, at
four, five and six at the table, with the house rules on); a normal game without Ansagen takes
at most six taps from the table ("Nächstes Spiel", the form's, Speichern)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_form_roundtrip import check_roundtrip, ctx_for

from scorepad.engine import new_game
from scorepad.games import family_of
from scorepad.tables import get_table

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
    hand = {"game": "normal", "re": ["Hias", "Kathi"], "augen": 151}
    keys = family_of(game.table).taps_module().taps(game.table, ctx_for(game), hand)
    assert keys == ["re-Hias", "re-Kathi", "quick-151"]
    assert 1 + len(keys) + 1 <= 6  # "Nächstes Spiel", the form, "Speichern"
