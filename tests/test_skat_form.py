"""Skat's hand form: every game the engine accepts can be entered on it with the same points and
the same preview (a property over generated evenings at three, four and five); a won suit game
with Spitzen is five taps; the Augen one tap away; an overbid game marked before it is saved."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_form_roundtrip import check_roundtrip, ctx_for, enter, find, playable, tapped

from scorepad.engine import new_game
from scorepad.games import family_of
from scorepad.games.skat.bench import ramsch as generate_ramsch
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import NO_ERROR, form_for

pytestmark = pytest.mark.ui

SEATS = {3: ["Anna", "Ben", "Cem"], 4: ["Anna", "Ben", "Cem", "Dora"], 5: ["Anna", "Ben", "Cem", "Dora", "Emil"]}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), at_table=st.sampled_from([3, 4, 5]), seeger_fabian=st.booleans(),
       house=st.sampled_from([{}, {"kontra_re": {"enabled": True}, "lost": {"hand": 1}, "spitzen": {"suit": 4},
                                   "announce_without_hand": True,
                                   "bock": {"enabled": True, "after": ["tie", "lost_grand", "kontra_re", "hundred"]}},
                                  {"bierlachs": {"enabled": True, "limit": 100}, "kontra_re": {"enabled": True}},
                                  {"ramsch": {"enabled": True}, "grundwerte": {"grand_ouvert": 36}},
                                  {"ramsch": {"enabled": True, "tie": "table", "value": "grand", "jungfrau": 3},
                                   "bock": {"enabled": True, "after": ["hundred"]}}]))
def test_every_game_the_engine_accepts_can_be_entered_on_the_form_with_the_same_points(seed, at_table, seeger_fabian,
                                                                                       house):
    rng = random.Random(seed)
    table = with_options(get_table("skat"), house)
    if seeger_fabian and at_table < 5:
        table = with_options(table, {"list_kind": "seeger_fabian"})
    game = new_game(table, SEATS[at_table])
    family = family_of(table)
    for number in range(1, 6):
        hand = family.generate(rng, game)
        check_roundtrip(game, hand)
        game.play(number, hand)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), at_table=st.sampled_from([3, 4, 5]), seeger_fabian=st.booleans(),
       ramsch=st.fixed_dictionaries({"value": st.sampled_from(["augen", "grand"]), "tie": st.sampled_from(["all", "table"]),
                                     "jungfrau": st.sampled_from([1, 2, 3]), "push_factor": st.sampled_from([1, 2])}))
def test_every_ramsch_the_engine_accepts_can_be_entered_on_the_form_with_the_same_points(seed, at_table, seeger_fabian,
                                                                                         ramsch):
    rng = random.Random(seed)
    table = with_options(get_table("skat"), {"ramsch": {"enabled": True, **ramsch},
                                             "list_kind": "seeger_fabian" if seeger_fabian and at_table < 5 else "classic"})
    game = new_game(table, SEATS[at_table])
    for number in range(1, 5):
        hand = generate_ramsch(rng, game)
        check_roundtrip(game, hand)
        game.play(number, hand)


def taps_for(hand):
    game = new_game(get_table("skat"), SEATS[3])
    return family_of(game.table).taps_module().taps(game.table, ctx_for(game), hand)


def test_a_won_suit_game_with_spitzen_takes_five_taps():
    keys = taps_for({"declarer": "Ben", "game": "kreuz", "spitzen": 2, "won": True})
    assert keys == ["declarer-Ben", "game-kreuz", "spitzen-2", "won-yes"]
    assert len(keys) + 1 <= 5  # and "Speichern"


def test_the_augen_are_one_tap_away():
    game = new_game(get_table("skat"), SEATS[3])
    assert enter(game, ["declarer-Ben", "game-kreuz", "spitzen-2", "by-augen", "augen-pad-on", "augen-pad-7",
                        "augen-pad-3"]) == {
        "declarer": "Ben", "game": "kreuz", "spitzen": 2, "augen": 73}


def test_ohne_is_one_tap_before_the_number():
    game = new_game(get_table("skat"), SEATS[3])
    assert enter(game, ["declarer-Cem", "game-grand", "spitzen-ohne", "spitzen-3", "won-no"]) == {
        "declarer": "Cem", "game": "grand", "spitzen": 3, "mit": False, "won": False}


def test_null_asks_for_no_spitzen_and_no_schneider():
    game = new_game(get_table("skat"), SEATS[3])
    _hand, draft = tapped(game, ["declarer-Anna", "game-null"])
    ctx = ctx_for(game)
    controls = form_for("skat").view(ctx, draft, lambda **_: None, NO_ERROR)
    assert find(controls, "spitzen-1") is None and find(controls, "schneider") is None
    assert find(controls, "won-yes") is not None


def test_eingepasst_is_one_tap():
    game = new_game(get_table("skat"), SEATS[3])
    assert enter(game, ["eingepasst"]) == {"eingepasst": True}


def overbid_mark(controls):
    stack = list(controls)
    while stack:
        c = stack.pop(0)
        if getattr(c, "key", None) == "ueberreizt":
            return c.value
        content = getattr(c, "content", None)
        stack[:0] = list(getattr(c, "controls", None) or []) + ([content] if hasattr(content, "key") else [])
    return None


def test_a_game_the_bid_is_not_reached_by_is_marked_before_it_is_saved():
    game = new_game(get_table("skat"), SEATS[3])
    keys = ["declarer-Anna", "game-herz", "spitzen-1", "won-yes", "reizwert-on", "reiz-quick-30"]
    hand, draft = tapped(game, keys)
    assert hand["reizwert"] == 30
    controls = form_for("skat").view(ctx_for(game), draft, lambda **_: None, NO_ERROR)
    assert overbid_mark(controls) == "Überreizt: Herz mit 1 ist 20 wert, gereizt 30 – verloren, es zählt 30"
    _hand, reached = tapped(game, [*keys[:-1], "reiz-quick-20"])
    assert overbid_mark(form_for("skat").view(ctx_for(game), reached, lambda **_: None, NO_ERROR)) is None


@st.composite
def any_game(draw, players):
    """Any combination of a game's keys (the engine keeps those it accepts)."""
    game = draw(st.sampled_from(["karo", "herz", "pik", "kreuz", "grand", "null"]))
    hand = {"declarer": draw(st.sampled_from(players)), "game": game}
    for key in ("hand", "ouvert", "schneider_angesagt", "schwarz_angesagt"):
        if draw(st.booleans()):
            hand[key] = True
    if game != "null":
        hand["spitzen"] = draw(st.integers(1, 11))
        if draw(st.booleans()):
            hand["mit"] = False
    if draw(st.booleans()) and game != "null":
        hand["augen"] = draw(st.sampled_from([0, 1, 30, 31, 59, 60, 61, 73, 89, 90, 91, 119, 120]))
    else:
        hand["won"] = draw(st.booleans())
        if game != "null" and draw(st.booleans()):
            hand["schneider"] = True
    if draw(st.booleans()):
        hand["schwarz"] = True
    if draw(st.booleans()):
        hand["reizwert"] = draw(st.sampled_from([18, 23, 24, 30, 35, 46, 48, 59, 60, 72, 96, 120, 264]))
    return hand


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data(), at_table=st.sampled_from([3, 4]))
def test_any_combination_the_engine_accepts_is_entered_on_the_form_with_the_same_points(data, at_table):
    game = new_game(get_table("skat"), SEATS[at_table])
    hand = data.draw(any_game(list(game.players)))
    if not playable(game, hand):
        return
    check_roundtrip(game, hand)


def test_ramsch_on_the_form():
    game = new_game(with_options(get_table("skat"), {"ramsch": {"enabled": True, "tie": "table"}}), SEATS[3])
    taps = family_of(game.table).taps_module()
    hand = {"ramsch": True, "ramsch_augen": {"Anna": 60, "Ben": 60, "Cem": 0}, "jungfrauen": ["Cem"], "loser": "Anna"}
    assert taps.taps(game.table, ctx_for(game), hand) == [
        "ramsch", "ramsch-Anna-pad-on", "ramsch-Anna-pad-6", "ramsch-Anna-pad-0", "ramsch-Ben-pad-on", "ramsch-Ben-pad-6",
        "ramsch-Ben-pad-0", "ramsch-Cem-quick-0", "jungfrau-Cem", "loser-Anna"]
    check_roundtrip(game, hand)
    assert taps.taps(game.table, ctx_for(game), {"ramsch": True, "durchmarsch": "Ben"}) == ["ramsch", "durchmarsch-Ben"]
