"""Schwarze Sau (tallies punkte and verloren): one rule, one test.

Rules copied from RULES.md and the sheet schwarze-sau.txt:
- 3 or 4 players. Each Karo 1, Kreuz Bube 2, Pik Dame 5: 15 points a round at most.
- 4 players: a round's points sum to 15. 3 players: two cards lie in the Stock, so the sum is
  15 less what they hold: 15, 14, 13, 12, 10, 9 or 8; any other sum is refused.
- Jungfrau made: every other player +15; failed: the announcer +15. Unannounced Durchmarsch:
  every other player +15. Announced Durchmarsch made: every other +30; failed: announcer +30.
  A special result replaces the round's card points.
- A game ends after the round in which anyone passes 30; the loser has the most points among
  those over 30 and gets verloren +1; the next round starts a new game at 0.
- A tie is decided by an Achterbrief: the next entry is {"achterbrief_loser": name}; no round
  can be entered before it.
- A finished game stays on the board until the next hand; the first hand of a new game shows
  its own points as its delta, never the reset.
"""

from __future__ import annotations

import pytest
from conftest import SCHWARZ4, board, deltas, last, play, refused, table_for

from scorepad.errors import SessionError

pytestmark = pytest.mark.unit

P3 = ["Uli", "Fritz", "Guido"]
ULI, FRITZ, GUIDO, TIM = SCHWARZ4


def pts(players=SCHWARZ4, **points):
    """A round's card points; players not named have 0."""
    return {"points": {p: points.get(p, 0) for p in players}}


def punkte(hands, players=SCHWARZ4):
    return last(play("schwarze-sau", players, hands), "punkte")


def jungfrau(by, success):
    return {"announcement": {"kind": "jungfrau", "by": by, "success": success}}


def angesagt(by, success):
    return {"announcement": {"kind": "durchmarsch", "by": by, "success": success}}


# --- card points ------------------------------------------------------------------------

def test_a_round_is_scored_as_each_players_card_points():
    assert punkte([pts(Uli=6, Fritz=4, Guido=5)]) == {ULI: 6, FRITZ: 4, GUIDO: 5, TIM: 0}


def test_four_players_points_sum_to_15():
    for hand in (pts(Uli=14), pts(Uli=8, Fritz=8), pts(Uli=15, Tim=1)):
        msg = refused("schwarze-sau", SCHWARZ4, [hand])
        assert msg.startswith("hand 1: points: ")
        assert "15" in msg


def test_15_points_maximum_per_player_and_round():
    play("schwarze-sau", SCHWARZ4, [pts(Tim=15)])
    msg = refused("schwarze-sau", SCHWARZ4, [{"points": {ULI: 16, FRITZ: 0, GUIDO: 0, TIM: -1}}])
    assert msg.startswith("hand 1: points.Uli: ")


def test_negative_points_are_refused():
    msg = refused("schwarze-sau", SCHWARZ4, [{"points": {ULI: 16, FRITZ: -1, GUIDO: 0, TIM: 0}}])
    assert msg.startswith("hand 1: points.")


@pytest.mark.parametrize("total", [15, 14, 13, 12, 10, 9, 8])
def test_three_players_sum_is_15_less_what_the_stock_holds(total):
    assert punkte([pts(P3, Uli=total)], P3) == {ULI: total, FRITZ: 0, GUIDO: 0}


@pytest.mark.parametrize("total", [11, 7, 6, 16])
def test_three_players_other_sums_are_refused(total):
    hand = {"points": {ULI: min(total, 15), FRITZ: max(total - 15, 0), GUIDO: 0}}
    msg = refused("schwarze-sau", P3, [hand])
    assert msg.startswith("hand 1: points: ")


def test_every_players_points_must_be_given():
    msg = refused("schwarze-sau", SCHWARZ4, [{"points": {ULI: 10, FRITZ: 5, GUIDO: 0}}])
    assert msg.startswith("hand 1: points: ")
    assert TIM in msg


def test_points_of_an_unknown_player_are_refused():
    msg = refused("schwarze-sau", SCHWARZ4, [pts(Uli=15), {"points": {ULI: 10, FRITZ: 5, GUIDO: 0, "Tom": 0}}])
    assert msg.startswith("hand 2: points: ")
    assert "Tom" in msg


def test_a_round_without_points_or_special_result_is_refused():
    assert refused("schwarze-sau", SCHWARZ4, [{}]).startswith("hand 1: points: ")


# --- special results -------------------------------------------------------------------

def test_jungfrau_made_gives_every_other_player_15():
    assert punkte([jungfrau(FRITZ, True)]) == {ULI: 15, FRITZ: 0, GUIDO: 15, TIM: 15}


def test_jungfrau_failed_gives_the_announcer_15():
    assert punkte([jungfrau(FRITZ, False)]) == {ULI: 0, FRITZ: 15, GUIDO: 0, TIM: 0}


def test_unannounced_durchmarsch_gives_every_other_player_15():
    assert punkte([{"durchmarsch": GUIDO}]) == {ULI: 15, FRITZ: 15, GUIDO: 0, TIM: 15}


def test_announced_durchmarsch_made_gives_every_other_player_30():
    assert punkte([angesagt(TIM, True)]) == {ULI: 30, FRITZ: 30, GUIDO: 30, TIM: 0}


def test_announced_durchmarsch_failed_gives_the_announcer_30():
    assert punkte([angesagt(TIM, False)]) == {ULI: 0, FRITZ: 0, GUIDO: 0, TIM: 30}


def test_a_special_result_replaces_the_card_points():
    hand = dict(jungfrau(FRITZ, False), **pts(Uli=5, Fritz=2, Guido=8))
    assert punkte([hand]) == {ULI: 0, FRITZ: 15, GUIDO: 0, TIM: 0}


def test_points_given_with_a_special_result_must_still_be_possible():
    hand = dict(jungfrau(FRITZ, False), **pts(Uli=5, Fritz=2, Guido=9))
    assert refused("schwarze-sau", SCHWARZ4, [hand]).startswith("hand 1: points: ")


def test_points_given_with_a_durchmarsch_belong_to_the_marcher():
    hand = dict({"durchmarsch": GUIDO}, **pts(Guido=15))
    assert punkte([hand]) == {ULI: 15, FRITZ: 15, GUIDO: 0, TIM: 15}
    hand = dict({"durchmarsch": GUIDO}, **pts(Guido=10, Tim=5))
    assert refused("schwarze-sau", SCHWARZ4, [hand]).startswith("hand 1: points: ")


def test_announcement_by_an_unknown_player_is_refused():
    msg = refused("schwarze-sau", SCHWARZ4, [jungfrau("Tom", True)])
    assert msg.startswith("hand 1: announcement.by: ")


def test_special_results_with_three_players():
    assert punkte([jungfrau(ULI, True)], P3) == {ULI: 0, FRITZ: 15, GUIDO: 15}
    assert punkte([angesagt(ULI, False)], P3) == {ULI: 30, FRITZ: 0, GUIDO: 0}


# --- the end of a game -----------------------------------------------------------------

def test_30_points_do_not_end_the_game():
    result = play("schwarze-sau", SCHWARZ4, [pts(Uli=15), pts(Uli=15)])
    assert board(result, "punkte")[ULI] == 30
    assert board(result, "verloren") == {p: 0 for p in SCHWARZ4}
    assert result.state["game"] == 1


def test_game_lost_by_passing_30():
    result = play("schwarze-sau", SCHWARZ4, [pts(Uli=15), pts(Uli=15), pts(Uli=1, Tim=14)])
    assert last(result, "verloren") == {ULI: 1, FRITZ: 0, GUIDO: 0, TIM: 0}
    assert last(result, "punkte") == {ULI: 1, FRITZ: 0, GUIDO: 0, TIM: 14}
    assert board(result, "verloren") == {ULI: 1, FRITZ: 0, GUIDO: 0, TIM: 0}


def test_most_points_over_30_loses():
    # Uli 38, Fritz 37 and Tim 30 after round 3: Uli has the most
    hands = [jungfrau(GUIDO, True), jungfrau(GUIDO, True), pts(Uli=8, Fritz=7)]
    result = play("schwarze-sau", SCHWARZ4, hands)
    assert board(result, "punkte") == {ULI: 38, FRITZ: 37, GUIDO: 0, TIM: 30}
    assert board(result, "verloren") == {ULI: 1, FRITZ: 0, GUIDO: 0, TIM: 0}


def test_a_failed_jungfrau_can_end_the_game():
    result = play("schwarze-sau", SCHWARZ4, [pts(Fritz=15), pts(Fritz=14, Tim=1), jungfrau(FRITZ, False)])
    assert board(result, "punkte")[FRITZ] == 44
    assert last(result, "verloren")[FRITZ] == 1


def test_finished_game_stays_on_the_board_until_the_next_hand():
    result = play("schwarze-sau", SCHWARZ4, [pts(Uli=15), pts(Uli=15), pts(Uli=3, Fritz=12)])
    assert board(result, "punkte") == {ULI: 33, FRITZ: 12, GUIDO: 0, TIM: 0}
    assert result.state["game"] == 2  # what comes next


def test_first_hand_of_a_new_game_shows_its_own_points_not_the_reset():
    hands = [pts(Uli=15), pts(Uli=15), pts(Uli=3, Fritz=12), pts(Uli=8, Guido=7)]
    result = play("schwarze-sau", SCHWARZ4, hands)
    assert deltas(result, 4, "punkte") == {ULI: 8, FRITZ: 0, GUIDO: 7, TIM: 0}
    assert deltas(result, 4, "verloren") == {p: 0 for p in SCHWARZ4}
    assert board(result, "punkte") == {ULI: 8, FRITZ: 0, GUIDO: 7, TIM: 0}
    assert board(result, "verloren") == {ULI: 1, FRITZ: 0, GUIDO: 0, TIM: 0}
    assert result.state["game"] == 2


def test_verloren_adds_up_over_the_evening():
    game = [pts(Uli=15), pts(Uli=15), pts(Uli=1, Tim=14)]
    result = play("schwarze-sau", SCHWARZ4, game * 3)
    assert board(result, "verloren") == {ULI: 3, FRITZ: 0, GUIDO: 0, TIM: 0}
    assert result.state["game"] == 4


# --- Achterbrief -----------------------------------------------------------------------

TIE = [jungfrau(GUIDO, True), jungfrau(GUIDO, True), pts(Uli=5, Fritz=5, Guido=5)]  # Uli 35, Fritz 35


def test_a_tie_over_30_owes_an_achterbrief():
    result = play("schwarze-sau", SCHWARZ4, TIE)
    assert board(result, "punkte") == {ULI: 35, FRITZ: 35, GUIDO: 5, TIM: 30}
    assert last(result, "verloren") == {p: 0 for p in SCHWARZ4}
    assert result.state["achterbrief_owed"] is True
    assert result.state["achterbrief_between"] == [ULI, FRITZ]
    assert result.state["game"] == 1


def test_a_round_entered_while_an_achterbrief_is_owed_is_refused():
    msg = refused("schwarze-sau", SCHWARZ4, TIE + [pts(Tim=15)])
    assert msg.startswith("hand 4: achterbrief_loser: ")
    assert ULI in msg and FRITZ in msg


def test_achterbrief_loser_gets_verloren_and_a_new_game_follows():
    result = play("schwarze-sau", SCHWARZ4, TIE + [{"achterbrief_loser": FRITZ}])
    assert last(result, "verloren") == {ULI: 0, FRITZ: 1, GUIDO: 0, TIM: 0}
    assert last(result, "punkte") == {p: 0 for p in SCHWARZ4}
    assert board(result, "punkte") == {ULI: 35, FRITZ: 35, GUIDO: 5, TIM: 30}  # still on the board
    assert result.state["achterbrief_owed"] is False
    assert result.state["achterbrief_between"] == []
    assert result.state["game"] == 2
    result = play("schwarze-sau", SCHWARZ4, TIE + [{"achterbrief_loser": FRITZ}, pts(Tim=15)])
    assert last(result, "punkte") == {ULI: 0, FRITZ: 0, GUIDO: 0, TIM: 15}
    assert board(result, "punkte") == {ULI: 0, FRITZ: 0, GUIDO: 0, TIM: 15}


def test_achterbrief_loser_must_be_one_of_the_tied_players():
    msg = refused("schwarze-sau", SCHWARZ4, TIE + [{"achterbrief_loser": TIM}])
    assert msg.startswith("hand 4: achterbrief_loser: ")


def test_achterbrief_without_a_tie_is_refused():
    msg = refused("schwarze-sau", SCHWARZ4, [pts(Uli=15), {"achterbrief_loser": ULI}])
    assert msg.startswith("hand 2: achterbrief_loser: ")


def test_achterbrief_entry_has_no_round_keys():
    msg = refused("schwarze-sau", SCHWARZ4, TIE + [dict(pts(Tim=15), achterbrief_loser=ULI)])
    assert msg.startswith("hand 4: ")


# --- state, seating and keys -------------------------------------------------------------

def test_state_before_the_first_round():
    result = play("schwarze-sau", SCHWARZ4, [])
    assert result.state == {"next_dealer": ULI, "game": 1, "achterbrief_owed": False, "achterbrief_between": []}


def test_dealer_moves_on_each_round():
    result = play("schwarze-sau", P3, [pts(P3, Uli=15)] * 4)
    assert [h.dealer for h in result.hands] == [ULI, FRITZ, GUIDO, ULI]
    assert result.state["next_dealer"] == FRITZ


@pytest.mark.parametrize("players", [["Uli", "Fritz"], SCHWARZ4 + ["Hans"]])
def test_three_or_four_players(players):
    with pytest.raises(SessionError) as info:
        table_for("schwarze-sau", players)
    assert str(info.value).startswith("players: ")


def test_unknown_key_in_a_hand_is_refused():
    msg = refused("schwarze-sau", SCHWARZ4, [dict(pts(Uli=15), punkte={ULI: 1})])
    assert msg.startswith("hand 1: punkte: ")


def test_editing_a_past_round_recomputes_everything_after_it():
    hands = [pts(Uli=15), pts(Uli=15), pts(Uli=1, Tim=14), pts(Fritz=15)]
    assert board(play("schwarze-sau", SCHWARZ4, hands), "verloren")[ULI] == 1
    hands[0] = pts(Tim=15)  # the first round edited: Uli 16, Tim 29 after round 3, nobody over 30
    result = play("schwarze-sau", SCHWARZ4, hands)
    assert board(result, "verloren") == {p: 0 for p in SCHWARZ4}
    assert board(result, "punkte") == {ULI: 16, FRITZ: 15, GUIDO: 0, TIM: 29}
    assert result.state["game"] == 1
