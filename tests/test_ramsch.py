"""Zaisertshofer Ramsch (tallies striche and bolla): one rule, one test.

Rules copied from RULES.md and the sheet zaisertshofer-ramsch.txt:
- 4 players, 5 tricks a hand. Everyone starts a Partie with 7 Striche.
- Each trick takes one Strich off; a participant with no trick "goes Ramsch": +2.
- Penalties (before the hand's tricks): kritischer_vergessen (the dealer, +2),
  falsch_geschleckt (+2), zu_frueh_weg (+2), weg_vergessen (1 Bolla, the Partie ends),
  karten_beruehrt (a weg player takes cards again: back in with 7).
- falsch_geschleckt and the dealer's kritischer_vergessen must take part; a weg player cannot
  take part; at least two take part.
- Striche never go below 0; at 0 a player is weg. The deal passes to the next player still in.
- The last one left with Striche gets a Bolla and the Partie ends; everyone starts the next
  Partie with 7. If the last players go out in the same hand, the last in weg_order is left.
- The first hand of a new Partie shows its Striche change from the start values.
- bolla_price (a table setting, default 0): the Bolla's owner pays it to each other player.
"""

from __future__ import annotations

import pytest
from conftest import RAMSCH4, board, deltas, last, play, refused, table_for

from scorepad.errors import SessionError

pytestmark = pytest.mark.unit

P, R, H, L = RAMSCH4


def hand(tricks, participants=None, penalties=(), weg_order=None):
    h = {"participants": list(participants or tricks), "tricks": dict(tricks),
         "penalties": [{"player": who, "kind": kind} for who, kind in penalties]}
    if weg_order is not None:
        h["weg_order"] = list(weg_order)
    return h


def ramsch(hands, options=None):
    return play("zaisertshofer-ramsch", RAMSCH4, hands, options)


def striche(*values):
    return dict(zip(RAMSCH4, values))


# Peter and Rosi go weg; Hans and Liesl are left with 1 and 2 Striche (dealer: Liesl next).
TWO_LEFT = [
    hand({P: 4, R: 1}),  # dealer Peter: P 3, R 6
    hand({P: 3, R: 2}),  # dealer Rosi: P 0 weg, R 4
    hand({R: 4, H: 1}),  # dealer Hans: R 0 weg, H 6
    hand({H: 4, L: 1}),  # dealer Liesl: H 2, L 6
    hand({H: 1, L: 4}),  # dealer Hans (Peter, Rosi weg): H 1, L 2
]

# ... and then Hans goes weg too: Liesl is the last one left (dealer of the last hand: Hans).
BOLLA_TO_LIESL = [
    hand({P: 4, R: 1}),  # dealer Peter: P 3, R 6
    hand({P: 3, R: 2}),  # dealer Rosi: P 0 weg, R 4
    hand({R: 4, H: 1}),  # dealer Hans: R 0 weg, H 6
    hand({H: 4, L: 1}),  # dealer Liesl: H 2, L 6
    hand({H: 2, L: 3}),  # dealer Hans: H 0 weg, L 3: Liesl is left
]


# --- Striche ------------------------------------------------------------------------------

def test_everyone_starts_a_partie_with_7_striche():
    result = ramsch([])
    assert board(result, "striche") == striche(7, 7, 7, 7)
    assert board(result, "bolla") == striche(0, 0, 0, 0)


def test_each_trick_takes_one_strich_off():
    result = ramsch([hand({P: 2, R: 1, H: 1, L: 1})])
    assert last(result, "striche") == striche(-2, -1, -1, -1)
    assert board(result, "striche") == striche(5, 6, 6, 6)


def test_a_participant_without_a_trick_goes_ramsch_plus_2():
    result = ramsch([hand({P: 3, R: 2, H: 0}, participants=[P, R, H])])
    assert last(result, "striche") == striche(-3, -2, 2, 0)


def test_a_player_who_sits_out_keeps_his_striche():
    result = ramsch([hand({P: 3, R: 2}, participants=[P, R])])
    assert board(result, "striche") == striche(4, 5, 7, 7)


def test_striche_never_go_below_0():
    result = ramsch([hand({P: 5, R: 0}), hand({P: 4, R: 1})])
    assert board(result, "striche")[P] == 0
    assert deltas(result, 2, "striche")[P] == -2


def test_at_0_a_player_is_weg():
    result = ramsch(TWO_LEFT[:3])
    assert result.state["weg"] == [P, R]
    assert result.state["still_in"] == [H, L]


def test_tricks_must_add_up_to_5():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 2, R: 2})])
    assert msg.startswith("hand 1: tricks: ")
    assert "5" in msg


def test_at_least_two_take_part():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 5})])
    assert msg.startswith("hand 1: participants: ")


def test_a_player_who_sits_out_takes_no_trick():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 3, R: 1, H: 1}, participants=[P, R])])
    assert msg.startswith("hand 1: tricks.Hans: ")


def test_a_weg_player_taking_part_is_refused():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, TWO_LEFT[:2] + [hand({P: 1, H: 4})])
    assert msg.startswith("hand 3: participants: ")
    assert P in msg


# --- the deal -------------------------------------------------------------------------

def test_deal_passes_to_the_next_player_still_in():
    result = ramsch(TWO_LEFT)
    assert [h.dealer for h in result.hands] == [P, R, H, L, H]
    assert result.state["next_dealer"] == L


def test_deal_after_the_partie_goes_to_the_next_seat():
    result = ramsch(BOLLA_TO_LIESL)
    assert result.state["next_dealer"] == L


# --- Bolla and the end of a Partie -------------------------------------------------------

def test_bolla_to_the_last_one_left():
    result = ramsch(BOLLA_TO_LIESL)
    assert last(result, "bolla") == striche(0, 0, 0, 1)
    assert result.state["bolla_to"] == L


def test_finished_partie_stays_on_the_board_until_the_next_hand():
    result = ramsch(BOLLA_TO_LIESL)
    assert board(result, "striche") == striche(0, 0, 0, 3)
    assert board(result, "bolla") == striche(0, 0, 0, 1)
    assert result.state["partie"] == 2
    assert result.state["weg"] == []
    assert result.state["still_in"] == RAMSCH4


def test_new_partie_starts_at_7_with_deltas_from_the_start_values():
    result = ramsch(BOLLA_TO_LIESL + [hand({P: 2, R: 3})])
    assert last(result, "striche") == striche(-2, -3, 0, 0)
    assert board(result, "striche") == striche(5, 4, 7, 7)
    assert board(result, "bolla") == striche(0, 0, 0, 1)
    assert result.state["partie"] == 2
    assert result.state["bolla_to"] is None


def test_weg_player_of_the_last_partie_plays_again_in_the_new_one():
    result = ramsch(BOLLA_TO_LIESL + [hand({P: 1, R: 1, H: 1, L: 2})])
    assert board(result, "striche") == striche(6, 6, 6, 5)


def test_weg_order_decides_when_the_last_players_go_out_together():
    result = ramsch(TWO_LEFT + [hand({H: 1, L: 4}, weg_order=[L, H])])
    assert last(result, "bolla") == striche(0, 0, 1, 0)
    result = ramsch(TWO_LEFT + [hand({H: 1, L: 4}, weg_order=[H, L])])
    assert last(result, "bolla") == striche(0, 0, 0, 1)
    assert result.state["bolla_to"] == L


def test_weg_order_is_needed_when_the_last_players_go_out_together():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, TWO_LEFT + [hand({H: 1, L: 4})])
    assert msg.startswith("hand 6: weg_order: ")


def test_weg_order_must_name_who_went_out():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, TWO_LEFT + [hand({H: 1, L: 4}, weg_order=[H, P])])
    assert msg.startswith("hand 6: weg_order: ")


def test_bollas_add_up_over_the_evening():
    result = ramsch(BOLLA_TO_LIESL * 2)
    assert board(result, "bolla") == striche(0, 0, 0, 2)
    assert result.state["partie"] == 3


def test_bolla_price_is_paid_to_each_other_player():
    result = ramsch(BOLLA_TO_LIESL, {"bolla_price": 50})
    assert last(result, "geld") == striche(50, 50, 50, -150)
    assert board(result, "geld") == striche(50, 50, 50, -150)
    assert deltas(result, 1, "geld") == striche(0, 0, 0, 0)


def test_bolla_price_is_off_by_default():
    assert "geld" not in ramsch(BOLLA_TO_LIESL).standings[P]


# --- penalties --------------------------------------------------------------------------

def test_kritischer_vergessen_gives_the_dealer_2():
    result = ramsch([hand({P: 1, R: 4}, penalties=[(P, "kritischer_vergessen")])])
    assert last(result, "striche") == striche(2 - 1, -4, 0, 0)


def test_kritischer_vergessen_is_the_dealers_penalty_only():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 1, R: 4}, penalties=[(R, "kritischer_vergessen")])])
    assert msg.startswith("hand 1: penalties[0].player: ")


def test_kritischer_vergessen_dealer_must_take_part():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({R: 1, H: 4}, penalties=[(P, "kritischer_vergessen")])])
    assert msg.startswith("hand 1: penalties[0].player: ")
    assert P in msg


def test_falsch_geschleckt_gives_2():
    result = ramsch([hand({P: 1, R: 4}, penalties=[(R, "falsch_geschleckt")])])
    assert last(result, "striche") == striche(-1, 2 - 4, 0, 0)


def test_falsch_geschleckt_player_sitting_out_is_refused():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 1, R: 4}, penalties=[(H, "falsch_geschleckt")])])
    assert msg.startswith("hand 1: penalties[0].player: ")
    assert H in msg


def test_zu_frueh_weg_gives_2():
    result = ramsch([hand({P: 1, R: 4}, penalties=[(P, "zu_frueh_weg")])])
    assert last(result, "striche") == striche(2 - 1, -4, 0, 0)


def test_penalties_apply_before_the_tricks():
    # Peter has 1 Strich, gets 2 for falsch geschleckt and takes 3 tricks: 1 + 2 - 3 = 0, weg
    hands = [hand({P: 4, R: 1}), hand({P: 2, R: 3}), hand({P: 3, R: 2}, penalties=[(P, "falsch_geschleckt")])]
    result = ramsch(hands)
    assert board(result, "striche") == striche(0, 1, 7, 7)
    assert result.state["weg"] == [P]


def test_weg_vergessen_gives_a_bolla_and_ends_the_partie():
    # Peter has 1 Strich, goes out with his trick but forgets to say "weg"
    hands = [hand({P: 4, R: 1}), hand({P: 2, R: 3}), hand({P: 1, H: 4}, penalties=[(P, "weg_vergessen")])]
    result = ramsch(hands)
    assert last(result, "bolla") == striche(1, 0, 0, 0)
    assert last(result, "striche") == striche(-1, 0, -4, 0)
    assert result.state["partie"] == 2
    assert result.state["bolla_to"] == P
    result = ramsch(hands + [hand({R: 2, H: 3})])
    assert board(result, "striche") == striche(7, 5, 4, 7)
    assert last(result, "striche") == striche(0, -2, -3, 0)


def test_weg_vergessen_only_for_who_went_out_in_this_hand():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 1, R: 4}, penalties=[(P, "weg_vergessen")])])
    assert msg.startswith("hand 1: penalties[0].player: ")


def test_karten_beruehrt_brings_a_weg_player_back_with_7():
    hands = TWO_LEFT[:2] + [hand({R: 2, H: 3}, penalties=[(P, "karten_beruehrt")])]
    result = ramsch(hands)
    assert last(result, "striche") == striche(7, -2, -3, 0)
    assert board(result, "striche") == striche(7, 2, 4, 7)
    assert result.state["weg"] == []
    assert P in result.state["still_in"]


def test_karten_beruehrt_only_for_a_weg_player():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 1, R: 4}, penalties=[(H, "karten_beruehrt")])])
    assert msg.startswith("hand 1: penalties[0].player: ")


def test_a_weg_player_gets_no_other_penalty():
    msg = refused("zaisertshofer-ramsch", RAMSCH4,
                  TWO_LEFT[:2] + [hand({R: 2, H: 3}, penalties=[(P, "zu_frueh_weg")])])
    assert msg.startswith("hand 3: penalties[0].player: ")


def test_unknown_penalty_is_refused():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 1, R: 4}, penalties=[(P, "geschummelt")])])
    assert msg.startswith("hand 1: penalties[0].kind: ")


# --- the table and keys --------------------------------------------------------------------

def test_state_before_the_first_hand():
    assert ramsch([]).state == {"next_dealer": P, "partie": 1, "weg": [], "still_in": RAMSCH4, "bolla_to": None}


def test_exactly_four_players():
    with pytest.raises(SessionError):
        table_for("zaisertshofer-ramsch", RAMSCH4[:3])


def test_unknown_player_is_refused():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [hand({P: 1, "Sepp": 4})])
    assert msg.startswith("hand 1: participants: ")


def test_unknown_key_in_a_hand_is_refused():
    msg = refused("zaisertshofer-ramsch", RAMSCH4, [dict(hand({P: 1, R: 4}), trumpf="herz")])
    assert msg.startswith("hand 1: trumpf: ")


def test_weg_vergessen_leaves_no_bolla_to_the_last_one_left():
    # Hans goes out forgetting to say "weg": only Liesl would be left, but the Partie ends
    # with Hans's Bolla; Liesl gets none
    hands = TWO_LEFT[:4] + [hand({H: 2, L: 3}, penalties=[(H, "weg_vergessen")])]
    result = ramsch(hands)
    assert last(result, "bolla") == striche(0, 0, 1, 0)
    assert result.state["bolla_to"] == H
    assert result.state["partie"] == 2


def test_deleting_a_past_hand_recomputes_everything_after_it():
    hands = TWO_LEFT[:2] + [hand({R: 1, H: 4})]
    result = ramsch(hands)
    assert result.state["weg"] == [P]
    assert [h.dealer for h in result.hands] == [P, R, H]
    del hands[1]  # without hand 2 Peter is not weg, Rosi deals hand 2
    result = ramsch(hands)
    assert result.state["weg"] == []
    assert board(result, "striche") == striche(3, 5, 3, 7)
    assert [h.dealer for h in result.hands] == [P, R]
