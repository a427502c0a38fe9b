"""Schafkopf (money per hand, cents): one rule, one test.

Rules copied from RULES.md and the sheet schafkopf.txt:
- Player party wins with >= 61 Augen; the opponents win with 60, so 60:60 is a loss.
- Schneider: player party <= 30 Augen; opponents Schneider when the player party has >= 91.
- Schwarz: the losing party took no trick; counts as Schneider too.
- Tariffs (Grundwert / Schneider / Schwarz): Sauspiel 20/+20/+20, Wenz 50/+50/+50,
  Farbwenz 30/+30/+30, Solo 50/+50/+50, Geier 50/+50/+50, Farbgeier 30/+30/+30.
- Sie: each opponent pays 3 x the Solo Grundwert (no Schneider, Schwarz, Kontra).
- Kontra (from an opponent) and Re (after Kontra, from the player party) each double.
- Sauspiel: each loser pays the value, each winner gets it. Solo: the soloist gets/pays it
  from/to each of the three opponents.
- Laufende (a table setting, off by default): from 3 in Sauspiel/Solo/Farbwenz/Farbgeier,
  from 2 in Wenz/Geier, 10 cents each, added before doubling.
"""

from __future__ import annotations

import pytest
from conftest import HIAS, KATHI, SK4, VRONI, WAST, board, deltas, play, refused, sauspiel, table_for
from schafkopf_hands import geld, sauspiel_money, solo, solo_money

from scorepad.errors import SessionError

pytestmark = pytest.mark.unit

LAUFENDE_ON = {"laufende": {"enabled": True}}




# --- winning and losing -----------------------------------------------------------------

def test_player_party_wins_with_61_augen():
    assert geld([sauspiel(61)]) == sauspiel_money(20)


def test_60_60_is_a_loss():
    assert geld([sauspiel(60)]) == sauspiel_money(-20)


# --- Schneider --------------------------------------------------------------------------

def test_player_party_is_schneider_with_30_augen():
    assert geld([sauspiel(30)]) == sauspiel_money(-40)


def test_player_party_is_free_with_31_augen():
    assert geld([sauspiel(31)]) == sauspiel_money(-20)


def test_opponents_are_not_schneider_when_player_party_has_90():
    assert geld([sauspiel(90)]) == sauspiel_money(20)


def test_opponents_are_schneider_when_player_party_has_91():
    assert geld([sauspiel(91)]) == sauspiel_money(40)


def test_player_party_with_0_augen_but_a_trick_is_schneider_not_schwarz():
    assert geld([sauspiel(0)]) == sauspiel_money(-40)


# --- Schwarz ----------------------------------------------------------------------------

def test_schwarz_won_is_grundwert_plus_schneider_plus_schwarz():
    assert geld([sauspiel(120, all_tricks="player")]) == sauspiel_money(60)


def test_schwarz_lost_is_grundwert_plus_schneider_plus_schwarz():
    assert geld([sauspiel(0, all_tricks="opponents")]) == sauspiel_money(-60)


def test_120_augen_without_all_tricks_is_schneider_not_schwarz():
    assert geld([sauspiel(120)]) == sauspiel_money(40)


def test_all_tricks_must_match_the_augen():
    msg = refused("schafkopf", SK4, [sauspiel(100, all_tricks="player")])
    assert msg.startswith("hand 1: all_tricks: ")


# --- the tariffs of the sheet (20/50/30 with Schneider and Schwarz additions) -------------

@pytest.mark.parametrize("game, grundwert", [
    ("wenz", 50), ("farbwenz", 30), ("solo", 50), ("geier", 50), ("farbgeier", 30),
])
def test_solo_tariffs_grundwert_schneider_schwarz(game, grundwert):
    assert geld([solo(game, 61)]) == solo_money(grundwert)
    assert geld([solo(game, 95)]) == solo_money(2 * grundwert)
    assert geld([solo(game, 120, all_tricks="player")]) == solo_money(3 * grundwert)
    assert geld([solo(game, 60)]) == solo_money(-grundwert)
    assert geld([solo(game, 25)]) == solo_money(-2 * grundwert)
    assert geld([solo(game, 0, all_tricks="opponents")]) == solo_money(-3 * grundwert)


def test_sauspiel_tariff_is_20_each_winner_receives_once():
    assert geld([sauspiel(75)]) == {HIAS: 20, VRONI: -20, WAST: 20, KATHI: -20}


def test_soloist_gets_the_value_from_each_of_three_opponents():
    assert geld([solo("solo", 80, suit="eichel")]) == {HIAS: -50, VRONI: 150, WAST: -50, KATHI: -50}


def test_soloist_pays_each_of_three_opponents_when_lost():
    assert geld([solo("wenz", 40)]) == {HIAS: 50, VRONI: -150, WAST: 50, KATHI: 50}


# --- Sie --------------------------------------------------------------------------------

def test_sie_is_three_times_the_solo_grundwert_from_each_opponent():
    assert geld([{"game": "sie", "player": KATHI}]) == {HIAS: -150, VRONI: -150, WAST: -150, KATHI: 450}


def test_sie_knows_no_kontra():
    msg = refused("schafkopf", SK4, [{"game": "sie", "player": KATHI, "kontra": HIAS}])
    assert msg.startswith("hand 1: kontra: ")


def test_sie_has_no_augen_schneider_or_schwarz():
    msg = refused("schafkopf", SK4, [{"game": "sie", "player": KATHI, "augen": 120}])
    assert msg.startswith("hand 1: augen: ")
    msg = refused("schafkopf", SK4, [{"game": "sie", "player": KATHI, "result": "won_schwarz"}])
    assert msg.startswith("hand 1: result: ")


# --- the result instead of Augen ----------------------------------------------------------

@pytest.mark.parametrize("result, value", [
    ("won", 20), ("won_schneider", 40), ("won_schwarz", 60),
    ("lost", -20), ("lost_schneider", -40), ("lost_schwarz", -60),
])
def test_result_instead_of_augen_gives_the_same_money(result, value):
    assert geld([sauspiel(result=result)]) == sauspiel_money(value)


def test_a_hand_gives_augen_or_result_never_both():
    msg = refused("schafkopf", SK4, [sauspiel(70, result="won")])
    assert msg.startswith("hand 1: result: ")


def test_a_hand_without_augen_or_result_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel()])
    assert msg.startswith("hand 1: result: ")


def test_won_schwarz_stands_for_all_tricks_of_the_winners():
    assert geld([sauspiel(result="won_schwarz", all_tricks="player")]) == sauspiel_money(60)
    msg = refused("schafkopf", SK4, [sauspiel(result="won_schwarz", all_tricks="opponents")])
    assert msg.startswith("hand 1: all_tricks: ")


# --- Kontra and Re ----------------------------------------------------------------------

def test_kontra_doubles_the_value():
    assert geld([sauspiel(70, kontra=VRONI)]) == sauspiel_money(40)


def test_re_doubles_again():
    assert geld([sauspiel(70, kontra=VRONI, re=WAST)]) == sauspiel_money(80)


def test_kontra_doubles_schneider_and_schwarz_too():
    assert geld([sauspiel(0, all_tricks="opponents", kontra=KATHI, re=HIAS)]) == sauspiel_money(-240)


def test_kontra_from_the_player_party_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(70, kontra=WAST)])
    assert msg.startswith("hand 1: kontra: ")
    assert WAST in msg


def test_re_without_kontra_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(70, re=HIAS)])
    assert msg.startswith("hand 1: re: ")


def test_re_from_an_opponent_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(70, kontra=VRONI, re=KATHI)])
    assert msg.startswith("hand 1: re: ")
    assert KATHI in msg


def test_kontra_from_someone_not_at_the_table_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(70, kontra="Girgl")])
    assert msg.startswith("hand 1: kontra: ")


def test_solo_kontra_from_any_opponent_and_re_from_the_soloist():
    assert geld([solo("solo", 70, kontra=KATHI, re=VRONI)]) == solo_money(200)


# --- Laufende (a table setting) ------------------------------------------------------------

def test_laufende_are_off_in_the_built_in_table():
    assert geld([sauspiel(70, laufende=5)]) == sauspiel_money(20)


def test_laufende_in_sauspiel_count_from_3():
    assert geld([sauspiel(70, laufende=2)], LAUFENDE_ON) == sauspiel_money(20)
    assert geld([sauspiel(70, laufende=3)], LAUFENDE_ON) == sauspiel_money(50)


def test_laufende_ohne_count_for_the_winners_too():
    # "ohne 3" for the player party: the value is the same, the player party still won
    assert geld([sauspiel(70, laufende=-3)], LAUFENDE_ON) == sauspiel_money(50)
    assert geld([sauspiel(50, laufende=-4)], LAUFENDE_ON) == sauspiel_money(-60)


@pytest.mark.parametrize("game, tariff", [("wenz", 50), ("geier", 50)])
def test_laufende_in_wenz_and_geier_count_from_2(game, tariff):
    assert geld([solo(game, 70, laufende=1)], LAUFENDE_ON) == solo_money(tariff)
    assert geld([solo(game, 70, laufende=2)], LAUFENDE_ON) == solo_money(tariff + 20)


@pytest.mark.parametrize("game, tariff", [("solo", 50), ("farbwenz", 30), ("farbgeier", 30)])
def test_laufende_in_solo_farbwenz_farbgeier_count_from_3(game, tariff):
    assert geld([solo(game, 70, laufende=2)], LAUFENDE_ON) == solo_money(tariff)
    assert geld([solo(game, 70, laufende=3)], LAUFENDE_ON) == solo_money(tariff + 30)


def test_laufende_are_added_before_doubling():
    # (20 Grundwert + 20 Schneider + 4 x 10 Laufende) x 2 Kontra x 2 Re
    hand = sauspiel(95, laufende=4, kontra=VRONI, re=HIAS)
    assert geld([hand], LAUFENDE_ON) == sauspiel_money((20 + 20 + 40) * 4)


def test_laufende_value_is_a_table_setting():
    options = {"laufende": {"enabled": True, "value": 20}}
    assert geld([sauspiel(70, laufende=3)], options) == sauspiel_money(20 + 60)


def test_more_laufende_than_trumps_is_refused():
    msg = refused("schafkopf", SK4, [solo("wenz", 70, laufende=5)], LAUFENDE_ON)
    assert msg.startswith("hand 1: laufende: ")


# --- zero sum ---------------------------------------------------------------------------

def test_every_hand_sums_to_zero():
    hands = [sauspiel(61), solo("wenz", 30, kontra=HIAS), {"game": "sie", "player": WAST},
             sauspiel(0, all_tricks="opponents", kontra=KATHI, re=WAST), solo("farbgeier", 100)]
    result = play("schafkopf", SK4, hands, LAUFENDE_ON)
    for hand in result.hands:
        assert sum(row["geld"] for row in hand.deltas.values()) == 0
    assert sum(board(result, "geld").values()) == 0


def test_standings_add_up_the_hands():
    result = play("schafkopf", SK4, [sauspiel(61), sauspiel(61), solo("solo", 40)])
    assert board(result, "geld") == {HIAS: 20 + 20 + 50, VRONI: -20 - 20 - 150, WAST: 20 + 20 + 50, KATHI: -20 - 20 + 50}


# --- the table and the dealer --------------------------------------------------------------

def test_four_five_or_six_at_the_table():
    """Four play each hand; five or six sit at the table with one or two sitting out
    (tests/test_sitting_out.py); three or seven are refused."""
    for players in (SK4[:3], SK4 + ["Girgl", "Zenzi", "Sepp"]):
        with pytest.raises(SessionError) as info:
            table_for("schafkopf", players)
        assert str(info.value).startswith("players: ")


def test_dealer_moves_one_seat_left_each_hand():
    result = play("schafkopf", SK4, [sauspiel(61)] * 5)
    assert [h.dealer for h in result.hands] == [HIAS, VRONI, WAST, KATHI, HIAS]
    assert result.state["next_dealer"] == VRONI


def test_first_dealer_starts_the_rotation():
    result = play("schafkopf", SK4, [sauspiel(61)] * 2, first_dealer=WAST)
    assert [h.dealer for h in result.hands] == [WAST, KATHI]
    assert result.state["next_dealer"] == HIAS


def test_passed_scores_nothing_and_the_deal_moves_on():
    result = play("schafkopf", SK4, [{"passed": True}, sauspiel(61)])
    assert deltas(result, 1, "geld") == {p: 0 for p in SK4}
    assert [h.dealer for h in result.hands] == [HIAS, VRONI]


def test_passed_hand_has_no_other_keys():
    msg = refused("schafkopf", SK4, [{"passed": True, "game": "sauspiel"}])
    assert msg.startswith("hand 1: game: ")


# --- refusals: "hand N: key: rule" -------------------------------------------------------

def test_unknown_player_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(61), solo("solo", 70, player="Girgl")])
    assert msg.startswith("hand 2: player: ")
    assert "Girgl" in msg


def test_unknown_partner_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(61, partner="Girgl")])
    assert msg.startswith("hand 1: partner: ")


def test_unknown_game_is_refused():
    msg = refused("schafkopf", SK4, [{"game": "kreuzspiel", "player": HIAS, "augen": 70}])
    assert msg.startswith("hand 1: game: ")
    assert "kreuzspiel" in msg


@pytest.mark.parametrize("augen", [-1, 121])
def test_augen_outside_0_to_120_is_refused(augen):
    msg = refused("schafkopf", SK4, [sauspiel(61), sauspiel(augen)])
    assert msg.startswith("hand 2: augen: ")
    assert "0..120" in msg


@pytest.mark.parametrize("augen", [1, 119])
def test_augen_1_or_119_cannot_be_made_with_the_cards(augen):
    msg = refused("schafkopf", SK4, [sauspiel(augen)])
    assert msg.startswith("hand 1: augen: ")
    assert "cannot be made" in msg


def test_augen_2_and_118_can_be_made():
    assert geld([sauspiel(2)]) == sauspiel_money(-40)
    assert geld([sauspiel(118)]) == sauspiel_money(40)


def test_partner_who_is_the_player_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(70, partner=HIAS)])
    assert msg.startswith("hand 1: partner: ")


def test_sauspiel_needs_a_partner():
    msg = refused("schafkopf", SK4, [{"game": "sauspiel", "player": HIAS, "augen": 70}])
    assert msg.startswith("hand 1: partner: ")


def test_solo_has_no_partner():
    msg = refused("schafkopf", SK4, [solo("wenz", 70, partner=HIAS)])
    assert msg.startswith("hand 1: partner: ")


def test_unknown_key_in_a_hand_is_refused():
    msg = refused("schafkopf", SK4, [sauspiel(70), sauspiel(70, augn=70)])
    assert msg.startswith("hand 2: augn: ")


def test_a_refused_hand_names_its_own_number():
    hands = [sauspiel(61)] * 6 + [sauspiel(1)]
    assert refused("schafkopf", SK4, hands).startswith("hand 7: augen: ")


def test_sie_follows_the_tables_solo_grundwert():
    options = {"contracts": {"solo": {"tariff": 100}}}
    assert geld([{"game": "sie", "player": KATHI}], options) == {HIAS: -300, VRONI: -300, WAST: -300, KATHI: 900}


def test_a_longer_kontra_chain_is_a_table_setting():
    chain = [{"key": "kontra", "name": "Kontra", "by": "opponents"},
             {"key": "re", "name": "Re", "by": "player_party"},
             {"key": "sub", "name": "Sub", "by": "opponents"}]
    options = {"kontra_chain": chain}
    assert geld([sauspiel(70, kontra=VRONI, re=HIAS, sub=KATHI)], options) == sauspiel_money(160)
    msg = refused("schafkopf", SK4, [sauspiel(70, kontra=VRONI, sub=KATHI)], options)
    assert msg.startswith("hand 1: sub: ")
    # the built-in table knows no Sub
    assert refused("schafkopf", SK4, [sauspiel(70, kontra=VRONI, re=HIAS, sub=KATHI)]).startswith("hand 1: sub: ")
