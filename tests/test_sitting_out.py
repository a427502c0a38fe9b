"""Five or six at a four-player game: four play each hand, who sits out follows the deal.

The rule (a table setting, `sitting_out`; docs/rulesets.md): with five at the table the
dealer sits out; with six the dealer and the player opposite him (three seats on). The deal
goes round every seat, so everyone sits out in turn. Who sits out is booked nothing for the
hand, cannot be named in it (player, partner, Kontra, Ramsch Augen, ...), and the forms offer
only the four in play. Issue 12 item 1: before, a fifth player became a fifth opponent
(a won Sauspiel gave 30/30/-20/-20/-20; at a tariff of 15 the hand summed to -1).
"""

from __future__ import annotations

import pytest
from conftest import SK5, SK6, deltas, play, refused, sauspiel

from scorepad.errors import SessionError, TableError
from scorepad.tables import get_table, table_as_dict, validate_table, with_options

pytestmark = pytest.mark.unit

HIAS, VRONI, WAST, KATHI, GIRGL, ZENZI = SK6


def solo(player, result="won", **more):
    return {"game": "solo", "player": player, "result": result, **more}


# --- who sits out ----------------------------------------------------------------------------

def test_with_five_the_dealer_sits_out_and_books_nothing():
    # Hias deals the first hand and sits it out; Vroni and Wast win a Sauspiel at 20 ct
    result = play("schafkopf", SK5, [sauspiel(player=VRONI, partner=WAST, suit=None, result="won")])
    assert deltas(result, 1, "geld") == {HIAS: 0, VRONI: 20, WAST: 20, KATHI: -20, GIRGL: -20}


def test_the_fifth_player_is_no_fifth_opponent_at_any_tariff():
    # the defect: at 15 ct a Sauspiel of 2 against 3 summed to -1 (15 x 3 // 2 = 22 each)
    result = play("schafkopf", SK5, [sauspiel(player=VRONI, partner=WAST, suit=None, result="won")], options={"contracts": {"sauspiel": {"tariff": 15}}})
    assert deltas(result, 1, "geld") == {HIAS: 0, VRONI: 15, WAST: 15, KATHI: -15, GIRGL: -15}


def test_who_sits_out_follows_the_deal_round_every_seat():
    # dealers Hias, Vroni, Wast, Kathi, Girgl, Hias: each sits out the hand he deals
    hands = [solo(VRONI), solo(HIAS), solo(HIAS), solo(HIAS), solo(HIAS), solo(VRONI)]
    result = play("schafkopf", SK5, hands)
    assert [h.dealer for h in result.hands] == [HIAS, VRONI, WAST, KATHI, GIRGL, HIAS]
    # a won Solo: 50 ct from each of the three opponents, 150 to the soloist
    assert deltas(result, 2, "geld") == {HIAS: 150, VRONI: 0, WAST: -50, KATHI: -50, GIRGL: -50}
    assert deltas(result, 5, "geld") == {HIAS: 150, VRONI: -50, WAST: -50, KATHI: -50, GIRGL: 0}
    assert result.state == {"next_dealer": VRONI, "sitting_out": [VRONI]}


def test_with_six_the_dealer_and_the_player_opposite_sit_out():
    # seats Hias 0, Vroni 1, Wast 2, Kathi 3, Girgl 4, Zenzi 5: Hias deals, Kathi sits opposite
    result = play("schafkopf", SK6, [sauspiel(player=VRONI, partner=ZENZI, suit=None, result="won"), sauspiel(player=HIAS, partner=WAST, suit=None, result="lost")])
    assert deltas(result, 1, "geld") == {HIAS: 0, VRONI: 20, WAST: -20, KATHI: 0, GIRGL: -20, ZENZI: 20}
    # then Vroni deals and Girgl (three seats on) sits out with her
    assert deltas(result, 2, "geld") == {HIAS: -20, VRONI: 0, WAST: -20, KATHI: 20, GIRGL: 0, ZENZI: 20}
    assert result.state["sitting_out"] == [WAST, ZENZI]


def test_the_first_dealer_chosen_sits_out_first():
    result = play("schafkopf", SK5, [sauspiel(player=HIAS, partner=VRONI, suit=None, result="won")], first_dealer=KATHI)
    assert deltas(result, 1, "geld") == {HIAS: 20, VRONI: 20, WAST: -20, KATHI: 0, GIRGL: -20}


def test_four_at_a_table_for_five_all_play():
    result = play("schafkopf", SK5[:4], [sauspiel(player=HIAS, partner=VRONI, suit=None, result="won")])
    assert deltas(result, 1, "geld") == {HIAS: 20, VRONI: 20, WAST: -20, KATHI: -20}
    assert "sitting_out" not in result.state


# --- who sits out cannot be named ------------------------------------------------------------

@pytest.mark.parametrize("hand, key", [
    (sauspiel(player=HIAS, partner=VRONI, suit=None, result="won"), "player"),
    (sauspiel(player=VRONI, partner=HIAS, suit=None, result="won"), "partner"),
    (sauspiel(player=VRONI, partner=WAST, suit=None, result="won", kontra=HIAS), "kontra"),
    (sauspiel(player=VRONI, partner=WAST, suit=None, result="won", kontra=KATHI, re=HIAS), "re"),
])
def test_who_sits_out_is_refused_as_a_party(hand, key):
    assert refused("schafkopf", SK5, [hand]) == (
        f"hand 1: {key}: 'Hias' sits out this hand (Hias deals; in play: Vroni, Wast, Kathi, Girgl)")


def test_who_sits_out_is_refused_in_a_ramsch_and_knocks_count_the_four():
    on = {"ramsch": {"enabled": True}, "klopfen": {"enabled": True}}
    augen = {VRONI: 30, WAST: 30, KATHI: 30, HIAS: 30}
    assert refused("schafkopf", SK5, [{"game": "ramsch", "augen": augen}], on).startswith(
        "hand 1: augen: 'Hias' sits out this hand")
    assert refused("schafkopf", SK5, [sauspiel(player=VRONI, partner=WAST, suit=None, result="won", klopfer=5)], on).startswith("hand 1: klopfer: ")
    # a Ramsch of the four: Girgl has most Augen and pays each other player 20 ct
    four = {VRONI: 30, WAST: 20, KATHI: 30, GIRGL: 40}
    result = play("schafkopf", SK5, [{"game": "ramsch", "augen": four}], on)
    assert deltas(result, 1, "geld") == {HIAS: 0, VRONI: 20, WAST: 20, KATHI: 20, GIRGL: -60}


def test_the_german_refusal_names_who_sits_out():
    from scorepad.engine import replay
    from scorepad.errors import HandError

    with pytest.raises(HandError) as info:
        replay(get_table("schafkopf"), SK5, [sauspiel(player=HIAS, partner=VRONI, suit=None, result="won")])
    assert info.value.german == "„Hias“ setzt dieses Spiel aus (Hias gibt; es spielen Vroni, Wast, Kathi, Girgl)"


# --- the extras count the table ----------------------------------------------------------------

def test_a_bock_round_at_five_is_five_hands():
    # a Kontra lost starts a Bock round: one deal each, five hands at five, each doubled
    bock = {"bock": {"enabled": True}}
    hands = [sauspiel(player=VRONI, partner=WAST, suit=None, result="won", kontra=KATHI),  # Hias deals, sits out
             sauspiel(player=WAST, partner=KATHI, suit=None, result="won"), sauspiel(player=HIAS, partner=VRONI, suit=None, result="won"), sauspiel(player=HIAS, partner=VRONI, suit=None, result="won"), sauspiel(player=HIAS, partner=VRONI, suit=None, result="won"),
             sauspiel(player=VRONI, partner=GIRGL, suit=None, result="won"),  # hand 6: Hias deals again, the round's fifth hand
             sauspiel(player=HIAS, partner=GIRGL, suit=None, result="won")]  # hand 7: after the round
    result = play("schafkopf", SK5, hands, bock)
    # hand 1 (Hias deals): Kontra doubles, 40 each; hands 2-6 at Bock x2, 40 each; hand 7 plain
    assert deltas(result, 1, "geld") == {HIAS: 0, VRONI: 40, WAST: 40, KATHI: -40, GIRGL: -40}
    assert deltas(result, 2, "geld") == {HIAS: -40, VRONI: 0, WAST: 40, KATHI: 40, GIRGL: -40}
    assert deltas(result, 6, "geld") == {HIAS: 0, VRONI: 40, WAST: -40, KATHI: -40, GIRGL: 40}
    assert deltas(result, 7, "geld") == {HIAS: 20, VRONI: 0, WAST: -20, KATHI: -20, GIRGL: 20}


def test_the_stock_takes_the_stake_of_the_four_in_play():
    stock = {"stock": {"enabled": True}}
    result = play("schafkopf", SK5, [{"passed": True}, sauspiel(player=HIAS, partner=WAST, suit=None, result="won")], stock)
    # hand 1: Hias deals and sits out; the four pay 10 ct each into the pot (40)
    assert deltas(result, 1, "geld") == {HIAS: 0, VRONI: -10, WAST: -10, KATHI: -10, GIRGL: -10}
    # hand 2: Vroni sits out; Hias and Wast win the Sauspiel (20 each) and share the pot (20 each)
    assert deltas(result, 2, "geld") == {HIAS: 40, VRONI: 0, WAST: 40, KATHI: -20, GIRGL: -20}
    assert result.state["stock"] == 0


# --- the table says who sits out; what the engine cannot score is refused --------------------

def _schafkopf_without_sitting_out(**changes):
    raw = {k: v for k, v in table_as_dict(get_table("schafkopf")).items() if k != "sitting_out"}
    return {**raw, **changes}


def test_five_at_a_table_that_says_nobody_sits_out_is_refused():
    with pytest.raises(TableError) as info:
        validate_table(_schafkopf_without_sitting_out(players=[4, 5]), "x.toml")
    assert str(info.value) == ("x.toml: players: Schafkopf is played by 4 in a hand, 5 at the table "
                               "would all play (sitting_out says who sits out)")


@pytest.mark.parametrize("seats, message", [
    ({"5": [0, 2]}, "sitting_out.seats.5: with 5 at the table and 4 in a hand, 1 sit out"),
    ({"6": [0, 0]}, "sitting_out.seats.6: each seat once, counted from the dealer: 0..5 with 6 at the table"),
    ({"6": [0, 6]}, "sitting_out.seats.6: each seat once, counted from the dealer: 0..5 with 6 at the table"),
])
def test_the_seats_that_sit_out_are_checked(seats, message):
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {"sitting_out": {"seats": seats}})
    assert str(info.value) == f"options.{message}"


def test_a_player_count_without_its_seats_is_refused():
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {"players": [4, 5, 6, 7]})
    assert str(info.value) == ("options.sitting_out.seats: 7 players are allowed, but who of them sits out "
                               "is not said (4 play a hand)")
    with pytest.raises(SessionError, match=r"^options.players: 3 players are fewer than the 4 of a hand$"):
        with_options(get_table("schafkopf"), {"players": [3, 4]})


@pytest.mark.parametrize("ruleset, game", [("schwarze-sau", "Schwarze Sau"), ("struliwuli", "Struliwuli"),
                                           ("zaisertshofer-ramsch", "Zaisertshofer Ramsch")])
def test_games_everyone_plays_refuse_sitting_out(ruleset, game):
    """Schwarze Sau and Struliwuli deal every card to everyone at the table (their `seats`);
    at the Zaisertshofer Ramsch who plays a hand is each hand's own choice (mitgehen)."""
    with pytest.raises(SessionError) as info:
        with_options(get_table(ruleset), {"sitting_out": {"in_play": 4, "seats": {"5": [0]}}})
    assert str(info.value).startswith(f"options.sitting_out: {game} is played by everyone at the table")


def test_saukopf_plays_five_when_the_table_says_who_sits_out():
    five = {"players": [4, 5], "sitting_out": {"in_play": 4, "seats": {"5": [0]}}}
    sau = ["Sepp", "Resi", "Alois", "Zenzi", "Girgl"]
    hand = {"game": "keiler", "player": "Resi", "bid": 61, "augen": 61, "laufende": 0}
    result = play("saukopf", sau, [hand], five)
    assert result.hands[0].deltas["Sepp"] == {"fleisch": 0, "rauborstig": 0}
    assert refused("saukopf", sau, [{**hand, "player": "Sepp"}], five).startswith("hand 1: player: 'Sepp' sits out")
    # the Dreihaxer deals three hands: a fourth at the table sits out by the same key
    four = {"players": [3, 4], "sitting_out": {"in_play": 3, "seats": {"4": [0]}}}
    assert play("saukopf-dreihaxer", sau[:4], [], four).state["sitting_out"] == ["Sepp"]
    with pytest.raises(SessionError, match=r"Saukopf is played by 4 in a hand, 5 at the table"):
        play("saukopf", sau, [], {"players": [4, 5]})


def test_who_sits_out_has_not_played_the_hand_in_the_statistics():
    from scorepad.summary import summarize

    table = get_table("schafkopf")
    # hand 1: Hias deals and sits out; hand 2: Vroni
    result = play("schafkopf", SK5, [sauspiel(player=VRONI, partner=WAST, suit=None, result="won"), solo(HIAS)])
    played = {s.name: s.hands_played for s in summarize(table, SK5, result).stats}
    assert played == {HIAS: 1, VRONI: 1, WAST: 2, KATHI: 2, GIRGL: 2}


# --- who sits out chosen for one hand (issue 37: someone goes to the bar) -------------------

def test_who_sits_out_can_be_chosen_for_one_hand_and_the_deal_goes_on_in_its_order():
    # Hias deals the first hand; Kathi goes to the bar instead, so Hias plays
    hands = [solo(HIAS, sitting_out=[KATHI]), solo(HIAS)]
    result = play("schafkopf", SK5, hands)
    assert deltas(result, 1, "geld") == {HIAS: 150, VRONI: -50, WAST: -50, KATHI: 0, GIRGL: -50}
    assert deltas(result, 2, "geld")[VRONI] == 0  # the next hand: the dealer Vroni sits out again
    assert result.hands[0].info["sitting_out"] == [KATHI]


def test_the_chosen_one_cannot_play_the_hand_he_sits_out():
    assert "sits out" in refused("schafkopf", SK5, [solo(KATHI, sitting_out=[KATHI])])


@pytest.mark.parametrize(("ruleset", "hand"), [
    ("doppelkopf", {"game": "normal", "re": [HIAS, VRONI], "winner": "re"}),
    ("schafkopf", solo(HIAS)),
])
def test_at_six_two_are_chosen_in_every_game_that_seats_four(ruleset, hand):
    result = play(ruleset, SK6, [{**hand, "sitting_out": [KATHI, ZENZI]}])
    tally = "punkte" if ruleset == "doppelkopf" else "geld"
    assert deltas(result, 1, tally)[KATHI] == deltas(result, 1, tally)[ZENZI] == 0
    assert deltas(result, 1, tally)[HIAS] > 0


@pytest.mark.parametrize(("players", "chosen", "words"), [
    (SK5, [KATHI, GIRGL], "1 sit out each hand here (got 2)"),
    (SK5, ["Sepp"], "'Sepp' is not a player"),
    (SK5[:4], [KATHI], "nobody sits out"),
])
def test_a_choice_of_who_sits_out_that_cannot_be_is_refused(players, chosen, words):
    assert words in refused("schafkopf", players, [solo(HIAS, sitting_out=chosen)])
