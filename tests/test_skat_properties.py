"""Skat over generated games (hypothesis): every game the engine accepts is scored as the
ISkO says — a lost game counts twice, a value reaches the bid or the game is lost at the lowest
multiple of its base value reaching it, the Seeger-Fabian list adds exactly its bonuses — and
its lines in words end in the points it got."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.lists import play_evening
from scorepad.games.skat.rules import isko
from scorepad.games.skat.value import bid_values, score
from scorepad.games.skat.words import signed, value_lines

pytestmark = pytest.mark.unit

RULES = isko()
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
BIDS = sorted(bid_values(RULES))


@st.composite
def hands(draw) -> SkatHand:
    if draw(st.integers(0, 15)) == 0:
        return SkatHand(eingepasst=True)
    game = draw(st.sampled_from(["karo", "herz", "pik", "kreuz", "grand", "null"]))
    ouvert = draw(st.booleans())
    hand = draw(st.booleans())
    keys: dict = {"declarer": draw(st.sampled_from(PLAYERS[1:])), "game": game, "ouvert": ouvert, "hand": hand or ouvert,
                  "reizwert": draw(st.none() | st.sampled_from(BIDS))}
    if game == "null":
        keys["won"] = draw(st.booleans())
        return SkatHand(**keys)
    keys["spitzen"] = draw(st.integers(1, 4 if game == "grand" else 11))
    keys["mit"] = draw(st.booleans())
    if keys["hand"] and not ouvert:
        keys["schneider_angesagt"] = draw(st.booleans())
        keys["schwarz_angesagt"] = draw(st.booleans())
    if draw(st.booleans()):
        augen = draw(st.sampled_from([0, 120]) | st.integers(0, 120))
        keys["augen"] = augen
        keys["schwarz"] = augen in (0, 120) and draw(st.booleans())
    else:
        keys["won"] = draw(st.booleans())
        keys["schwarz"] = draw(st.booleans())
        keys["schneider"] = keys["schwarz"] or draw(st.booleans())
    return SkatHand(**keys)


def scored_or_none(hand: SkatHand):
    try:
        return score(hand, RULES)
    except SkatRefused:
        return None


@settings(max_examples=300, deadline=None)
@given(hands())
def test_every_accepted_game_counts_its_value_won_and_twice_lost(hand):
    scored = scored_or_none(hand)
    if scored is None:
        assert hand.game == "null" and hand.reizwert is not None and hand.reizwert > RULES.null.plain or hand.schwarz and hand.augen not in (0, 120)
        return
    assert scored.entry == (scored.value if scored.won else -RULES.lost.factor * scored.value)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_every_suit_and_grand_value_is_its_base_times_its_levels_or_the_overbid_multiple(hand):
    scored = scored_or_none(hand)
    if scored is None or scored.levels is None:
        return
    assert scored.reached == scored.base * scored.levels.factor
    assert scored.hand.spitzen + 1 <= scored.levels.factor <= scored.hand.spitzen + 7
    if hand.reizwert is not None and scored.reached < hand.reizwert:
        assert scored.overbid and not scored.won
        assert scored.value % scored.base == 0 and scored.value - scored.base < hand.reizwert <= scored.value
    else:
        assert not scored.overbid and scored.value == scored.reached


@settings(max_examples=200, deadline=None)
@given(st.lists(hands(), min_size=1, max_size=8))
def test_seeger_fabian_adds_exactly_the_leistungsbewertung(games):
    games = [g for g in games if scored_or_none(g) is not None]
    players = PLAYERS[:3]
    games = [g for g in games if g.declarer in (None, *players)]
    for line in play_evening(RULES, players, games):
        added = sum(line.seeger_fabian.values()) - sum(line.classic.values())
        if line.scored.eingepasst:
            assert added == 0
        elif line.scored.won:
            assert added == 50
        else:
            assert added == -50 + 2 * 40


@settings(max_examples=200, deadline=None)
@given(hands())
def test_the_lines_in_words_end_in_the_points_the_game_got(hand):
    scored = scored_or_none(hand)
    if scored is None:
        return
    lines = value_lines(scored, RULES)
    assert lines[-1].endswith(signed(scored.entry))
    if scored.overbid:
        assert any(line.startswith("überreizt") for line in lines)
