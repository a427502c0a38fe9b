"""Struliwuli / Stich ansagen (tallies punkte and geld): one rule, one test.

Rules copied from RULES.md and the sheet struliwuli.txt:
- 4 to 6 players; cards per hand in one Partie: 8..1 (4 players), 7..1 (5), 6..1 (6).
  A Rad is as many Partien as players; the dealer moves on each hand.
- Exact bid: 10 + tricks ("bid 0 made = 10, bid 3 made = 13"); otherwise 0.
- Tricks sum to the hand's card count.
- Neukirchner Regel: the dealer (last bidder) may not bid so that the bids add up to the card
  count; such a hand is refused naming the forbidden bid.
- Points run through the whole Rad; the next Rad starts at 0.
- After a Rad: the first gets the difference to the last (paid by the last), the second to the
  second-to-last, ...; an odd middle pays nothing; x rate (default 1 cent) as geld on the hand
  that completes the Rad; equal points share their ranks' amounts (remainder cent to the
  earlier seat); geld adds up over the evening.
"""

from __future__ import annotations

import pytest
from conftest import STRULI4, board, deltas, last, play, refused, table_for

from scorepad.errors import SessionError
from scorepad.games.struliwuli.scoring import rad_payout

pytestmark = pytest.mark.unit

P5 = STRULI4 + ["Evi"]
P6 = P5 + ["Ferdl"]
A, B, C, D = STRULI4
CARDS = {4: [8, 7, 6, 5, 4, 3, 2, 1], 5: [7, 6, 5, 4, 3, 2, 1], 6: [6, 5, 4, 3, 2, 1]}


def schedule(n):
    """The card count of every hand of one Rad for n players."""
    return [c for _ in range(n) for c in CARDS[n]]


def hand(players, cards, tens=(), winner=None):
    """`winner` takes every trick and misses its bid; players in `tens` bid 0 and take 0
    (10 points each); the others bid 1 and take 0 (they miss). The winner's bid is chosen so
    that the bids never add up to the card count (Neukirchner)."""
    winner = winner or next(p for p in players if p not in tens)
    assert winner not in tens
    bids = {p: (0 if p in tens else 1) for p in players}
    tricks = {p: 0 for p in players}
    tricks[winner] = cards
    others = sum(v for p, v in bids.items() if p != winner)
    for b in range(cards):  # any bid but `cards` misses
        if others + b != cards:
            bids[winner] = b
            return {"bids": bids, "tricks": tricks}
    raise ValueError("no bid keeps the Neukirchner rule")


def rad_to(players, targets, start_cards=None):
    """Hands of one whole Rad after which each player has `targets` points (multiples of 10,
    at least one 0)."""
    remaining = dict(targets)
    hands = []
    for cards in schedule(len(players)):
        tens = {p for p in players if remaining[p] > 0}
        winner = next((p for p in players if p not in tens), None)
        try:
            h = hand(players, cards, tens, winner) if winner else None
        except ValueError:
            h = None
        if h is None:
            h, tens = hand(players, cards), set()
        for p in tens:
            remaining[p] -= 10
        hands.append(h)
    assert all(v == 0 for v in remaining.values()), remaining
    return hands


def nothing(players, count):
    """`count` hands of a Rad in which nobody scores."""
    return [hand(players, c) for c in schedule(len(players))[:count]]


# --- scoring a hand ---------------------------------------------------------------------

def test_bid_0_made_scores_10():
    h = {"bids": {A: 0, B: 1, C: 2, D: 3}, "tricks": {A: 0, B: 3, C: 2, D: 3}}
    assert last(play("struliwuli", STRULI4, [h]), "punkte") == {A: 10, B: 0, C: 12, D: 13}


def test_bid_3_made_scores_13():
    h = {"bids": {A: 3, B: 0, C: 4, D: 0}, "tricks": {A: 3, B: 0, C: 5, D: 0}}
    assert last(play("struliwuli", STRULI4, [h]), "punkte") == {A: 13, B: 10, C: 0, D: 10}


def test_a_missed_bid_scores_0_too_many_or_too_few():
    h = {"bids": {A: 2, B: 2, C: 2, D: 0}, "tricks": {A: 3, B: 1, C: 2, D: 2}}
    assert last(play("struliwuli", STRULI4, [h]), "punkte") == {A: 0, B: 0, C: 12, D: 0}


def test_tricks_must_add_up_to_the_cards_of_the_hand():
    h = {"bids": {A: 2, B: 2, C: 2, D: 0}, "tricks": {A: 3, B: 1, C: 2, D: 1}}
    msg = refused("struliwuli", STRULI4, [h])
    assert msg.startswith("hand 1: tricks: ")
    assert "8" in msg


def test_tricks_of_the_second_hand_add_up_to_7():
    h2 = {"bids": {A: 2, B: 2, C: 2, D: 0}, "tricks": {A: 3, B: 1, C: 2, D: 2}}
    msg = refused("struliwuli", STRULI4, [hand(STRULI4, 8), h2])
    assert msg.startswith("hand 2: ")


def test_a_bid_above_the_cards_of_the_hand_is_refused():
    h = {"bids": {A: 9, B: 0, C: 0, D: 0}, "tricks": {A: 8, B: 0, C: 0, D: 0}}
    assert refused("struliwuli", STRULI4, [h]).startswith("hand 1: bids.Anderl: ")


def test_every_players_bid_and_tricks_must_be_given():
    h = {"bids": {A: 1, B: 0, C: 0}, "tricks": {A: 8, B: 0, C: 0, D: 0}}
    msg = refused("struliwuli", STRULI4, [h])
    assert msg.startswith("hand 1: bids: ")
    assert D in msg


def test_unknown_player_is_refused():
    h = {"bids": {A: 1, B: 0, C: 0, D: 0, "Xaver": 0}, "tricks": {A: 8, B: 0, C: 0, D: 0}}
    msg = refused("struliwuli", STRULI4, [h])
    assert msg.startswith("hand 1: bids: ")
    assert "Xaver" in msg


def test_unknown_key_in_a_hand_is_refused():
    h = dict(hand(STRULI4, 8), trump="herz")
    assert refused("struliwuli", STRULI4, [h]).startswith("hand 1: trump: ")


# --- Neukirchner Regel -----------------------------------------------------------------

def test_neukirchner_dealer_may_not_make_the_bids_add_up():
    # hand 2: 7 cards, Burgi deals and bids last; 2 + 3 + 0 = 5, so Burgi may not bid 2
    h = {"bids": {A: 0, B: 2, C: 2, D: 3}, "tricks": {A: 0, B: 2, C: 2, D: 3}}
    msg = refused("struliwuli", STRULI4, [hand(STRULI4, 8), h])
    assert msg.startswith("hand 2: bids.Burgi: ")
    assert "may not bid 2" in msg


def test_neukirchner_allows_any_other_bid():
    h = {"bids": {A: 0, B: 1, C: 2, D: 3}, "tricks": {A: 0, B: 2, C: 2, D: 3}}
    assert last(play("struliwuli", STRULI4, [hand(STRULI4, 8), h]), "punkte") == {A: 10, B: 0, C: 12, D: 13}


def test_neukirchner_can_be_switched_off():
    h = {"bids": {A: 0, B: 2, C: 2, D: 3}, "tricks": {A: 0, B: 2, C: 2, D: 3}}
    result = play("struliwuli", STRULI4, [hand(STRULI4, 8), h], {"neukirchner": False})
    assert last(result, "punkte") == {A: 10, B: 12, C: 12, D: 13}


def test_state_tells_the_dealer_the_total_to_avoid():
    result = play("struliwuli", STRULI4, [hand(STRULI4, 8)])
    assert result.state["bids_may_not_total"] == 7
    assert result.state["bidding_order"] == [C, D, A, B]


# --- Partien and Rad --------------------------------------------------------------------

@pytest.mark.parametrize("players", [STRULI4, P5, P6], ids=["4", "5", "6"])
def test_cards_per_hand_in_a_partie(players):
    n = len(players)
    per_partie = CARDS[n]
    for played in range(len(schedule(n))):
        state = play("struliwuli", players, nothing(players, played)).state
        assert state["cards"] == per_partie[played % len(per_partie)]
        assert state["partie"] == played // len(per_partie) + 1
        assert state["rad"] == 1
        assert state["partien_per_rad"] == n


@pytest.mark.parametrize("players", [STRULI4, P5, P6], ids=["4", "5", "6"])
def test_a_rad_is_as_many_partien_as_players(players):
    n = len(players)
    result = play("struliwuli", players, nothing(players, n * len(CARDS[n])))
    assert (result.state["rad"], result.state["partie"], result.state["cards"]) == (2, 1, CARDS[n][0])


def test_state_before_the_first_hand():
    state = play("struliwuli", P5, []).state
    assert state["rad"] == 1 and state["partie"] == 1 and state["cards"] == 7
    assert state["next_dealer"] == P5[0]


def test_dealer_moves_on_each_hand():
    result = play("struliwuli", P5, nothing(P5, 7))
    assert [h.dealer for h in result.hands] == P5 + P5[:2]
    assert result.state["next_dealer"] == P5[2]


def test_points_run_through_the_partien_of_a_rad():
    hands = [hand(STRULI4, c, tens={B}) for c in schedule(4)[:9]]  # Partie 1 and the first of Partie 2
    result = play("struliwuli", STRULI4, hands)
    assert result.state["partie"] == 2
    assert board(result, "punkte")[B] == 90


@pytest.mark.parametrize("players", [["Anderl", "Burgi", "Cilli"], P6 + ["Gustl"]], ids=["3", "7"])
def test_four_to_six_players(players):
    with pytest.raises(SessionError) as info:
        table_for("struliwuli", players)
    assert str(info.value).startswith("players: ")


# --- Rad payout -------------------------------------------------------------------------

def test_rad_payout_first_from_last_second_from_second_to_last():
    result = play("struliwuli", STRULI4, rad_to(STRULI4, {A: 30, B: 90, C: 0, D: 60}))
    assert board(result, "punkte") == {A: 30, B: 90, C: 0, D: 60}
    # Burgi 90 - Cilli 0; Done 60 - Anderl 30
    assert last(result, "geld") == {A: -30, B: 90, C: -90, D: 30}
    assert board(result, "geld") == {A: -30, B: 90, C: -90, D: 30}


def test_rad_payout_only_on_the_hand_that_completes_the_rad():
    result = play("struliwuli", STRULI4, rad_to(STRULI4, {A: 30, B: 90, C: 0, D: 60}))
    assert len(result.hands) == 32
    for number in range(1, 32):
        assert deltas(result, number, "geld") == {p: 0 for p in STRULI4}


def test_rad_payout_middle_pays_nothing_with_an_odd_count():
    E = P5[4]
    result = play("struliwuli", P5, rad_to(P5, {A: 40, B: 0, C: 20, D: 30, E: 10}))
    # Anderl 40 - Burgi 0; Done 30 - Evi 10; Cilli in the middle
    assert last(result, "geld") == {A: 40, B: -40, C: 0, D: 20, E: -20}


def test_rad_payout_equal_points_share_their_ranks_amounts():
    result = play("struliwuli", STRULI4, rad_to(STRULI4, {A: 50, B: 50, C: 20, D: 0}))
    # ranks 1 and 2 get 50 - 0 and 50 - 20: 80 shared by Anderl and Burgi
    assert last(result, "geld") == {A: 40, B: 40, C: -30, D: -50}


def test_rad_payout_equal_points_at_the_bottom_share_too():
    result = play("struliwuli", STRULI4, rad_to(STRULI4, {A: 0, B: 70, C: 0, D: 40}))
    # Burgi 70 - 0 and Done 40 - 0: the two at 0 pay 110 together
    assert last(result, "geld") == {A: -55, B: 70, C: -55, D: 40}


def test_rad_payout_remainder_cent_goes_to_the_earlier_seat():
    # seats: Done, Burgi, Cilli, Anderl. Burgi and Anderl tied at 51:
    # ranks 1 and 2 get 51 - 10 = 41 and 51 - 21 = 30 -> 71 shared: 36 to Burgi (earlier seat), 35
    points = {D: 10, B: 51, C: 21, A: 51}
    assert rad_payout(points, 1) == {D: -41, B: 36, C: -30, A: 35}


def test_rad_payout_sums_to_zero():
    for points in ({A: 3, B: 3, C: 3, D: 0}, {A: 7, B: 1, C: 1, D: 1}, {A: 5, B: 4, C: 4, D: 4, "E": 9}):
        assert sum(rad_payout(points, 3).values()) == 0


def test_rad_payout_rate_per_point_is_a_table_setting():
    result = play("struliwuli", STRULI4, rad_to(STRULI4, {A: 30, B: 90, C: 0, D: 60}), {"rate": 5})
    assert last(result, "geld") == {A: -150, B: 450, C: -450, D: 150}


def test_finished_rad_stays_on_the_board_until_the_next_hand():
    result = play("struliwuli", STRULI4, rad_to(STRULI4, {A: 30, B: 90, C: 0, D: 60}))
    assert board(result, "punkte") == {A: 30, B: 90, C: 0, D: 60}
    assert result.state["rad"] == 2


def test_points_reset_at_the_next_rad():
    first = rad_to(STRULI4, {A: 30, B: 90, C: 0, D: 60})
    result = play("struliwuli", STRULI4, first + [hand(STRULI4, 8, tens={C})])
    assert last(result, "punkte") == {A: 0, B: 0, C: 10, D: 0}
    assert board(result, "punkte") == {A: 0, B: 0, C: 10, D: 0}
    assert board(result, "geld") == {A: -30, B: 90, C: -90, D: 30}
    assert (result.state["rad"], result.state["partie"], result.state["cards"]) == (2, 1, 7)


def test_geld_adds_up_over_the_evening():
    first = rad_to(STRULI4, {A: 30, B: 90, C: 0, D: 60})
    second = rad_to(STRULI4, {A: 20, B: 0, C: 50, D: 10})
    result = play("struliwuli", STRULI4, first + second)
    # Rad 2: Cilli 50 - Burgi 0, Anderl 20 - Done 10
    assert last(result, "geld") == {A: 10, B: -50, C: 50, D: -10}
    assert board(result, "geld") == {A: -20, B: 40, C: -40, D: 20}
    assert board(result, "punkte") == {A: 20, B: 0, C: 50, D: 10}
    assert result.state["rad"] == 3
