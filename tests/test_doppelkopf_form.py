"""Every Doppelkopf game the engine accepts can be entered through its form by the package's
taps, and the form's hand scores as the engine's (property over generated evenings); a normal
game without Ansagen takes at most six taps from the table (the table's "Neues Spiel", the
form's, Speichern)."""

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_form_roundtrip import canonical, ctx_for, enter, trial

from scorepad.errors import HandError
from scorepad.games import registered
from scorepad.games.doppelkopf import FAMILY
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.doppelkopf.scoring import Doppelkopf
from scorepad.games.doppelkopf.taps import taps

pytestmark = pytest.mark.ui

DDV_TOML = Path(__file__).resolve().parent.parent / "rulesets" / "doppelkopf.toml"
SEATS = {4: ["Hias", "Vroni", "Wast", "Kathi"], 5: ["Hias", "Vroni", "Wast", "Kathi", "Sepp"],
         6: ["Hias", "Vroni", "Wast", "Kathi", "Sepp", "Resi"]}


def house_table():
    raw = tomllib.loads(DDV_TOML.read_text(encoding="utf-8"))
    raw["contracts"]["armut"]["enabled"] = True
    raw["sonderpunkte"]["dulle_gefangen"]["enabled"] = True
    return DoppelkopfTable.model_validate(raw)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), at_table=st.sampled_from([4, 5, 6]))
def test_every_doppelkopf_game_can_be_entered_on_its_form(seed, at_table):
    rng = random.Random(seed)
    game = Doppelkopf(house_table(), SEATS[at_table])
    with registered(FAMILY):
        for _ in range(4):
            hand = FAMILY.generate(rng, game)
            try:
                expected = trial(game).play(1, hand)
            except HandError:
                continue
            entered = enter(game, taps(game.table, ctx_for(game), hand))
            assert canonical(game, entered) == canonical(game, hand), f"entered {entered}\nwanted  {hand}"
            got = trial(game).play(1, entered)
            assert (got.deltas, got.info) == (expected.deltas, expected.info)
            form = FAMILY.form_module()
            again = form.to_hand(ctx_for(game), form.initial(ctx_for(game), hand))
            assert canonical(game, again) == canonical(game, hand)
            game.play(1, hand)


def test_a_normal_game_without_ansagen_takes_at_most_six_taps():
    game = Doppelkopf(house_table(), SEATS[4])
    hand = {"game": "normal", "re": ["Hias", "Kathi"], "augen": 151}
    keys = taps(game.table, ctx_for(game), hand)
    assert keys == ["re-Hias", "re-Kathi", "quick-151"]
    assert 1 + len(keys) + 1 <= 6  # "Neues Spiel", the form, "Speichern"
