"""Schafkopf extras that real tables use (issue 7): each a switch or value in the rule table,
off in the built-in table. One rule, one test; each extra stays zero-sum.

The rules, as this project reads them:
- Laufende per game type: they count from `laufende_from` up to `laufende_max` (default: the
  contract's trump_count), `laufende.value` each, added before doubling.
- Tout (`tout = {enabled, factor, value}`, hand key `tout: true`): a solo kind announced to take
  every trick. Won only with `all_tricks` "player" (or result won_schwarz), otherwise lost. Won
  or lost, it is worth (Grundwert + Laufende) x factor (the common rule, tests/test_schafkopf_house.py);
  with `value = "schwarz"` (the reading tested here) the game won Schwarz (Grundwert + Schneider +
  Schwarz + Laufende) x factor, then the Kontra chain. Not for a Sauspiel or a Sie.
- Klopfen / Legen (`klopfen = {enabled, factor}`, hand key `klopfer`: how many knocked,
  0..players): each knock doubles the hand, a Sie too.
- Kontra chain beyond Re: a table's `kontra_chain` may go on (Sub from an opponent, Hirsch
  from the player party, ...); each link doubles again and needs the one before.
- Stock (`stock = {enabled, stake, sauspiel_wins_pot, lost_doubles_pot}`): everyone passed,
  each pays the stake into the pot; the next won Sauspiel takes it (shared by the player
  party); a lost one doubles it (the player party pays the pot's amount in). The pot is money
  the table holds: players + pot stay zero-sum; a pot left at the end goes back to who paid.
- Bockrunden (`bock = {enabled, factor, triggers}`): a trigger starts a round of as many
  doubled hands as players after the hand; rounds stack at the same time (two pending rounds
  double twice); deleting the triggering hand removes its rounds.
"""

from __future__ import annotations

import pytest
from conftest import HIAS, KATHI, SK4, VRONI, WAST, board, last, play, refused, sauspiel
from schafkopf_hands import geld, sauspiel_money, solo, solo_money

from scorepad.engine import replay
from scorepad.errors import HandError, SessionError
from scorepad.games.schafkopf.scoring import Schafkopf
from scorepad.tables import get_table, load_table_file, with_options

pytestmark = pytest.mark.unit


def assert_zero_sum(result):
    for hand in result.hands:
        assert sum(row["geld"] for row in hand.deltas.values()) == 0
    assert sum(board(result, "geld").values()) == 0


# --- Laufende per game type: from, up to, value each ---------------------------------------

def laufende(max_by_game=None, value=10):
    contracts = {g: {"laufende_max": m} for g, m in (max_by_game or {}).items()}
    return {"laufende": {"enabled": True, "value": value}, "contracts": contracts}


def test_laufende_count_up_to_laufende_max_of_the_game_type():
    options = laufende({"sauspiel": 4})
    assert geld([sauspiel(70, laufende=4)], options) == sauspiel_money(20 + 40)
    assert geld([sauspiel(70, laufende=7)], options) == sauspiel_money(20 + 40)
    assert geld([sauspiel(70, laufende=-9)], options) == sauspiel_money(20 + 40)


def test_laufende_max_is_per_game_type():
    options = laufende({"sauspiel": 4, "wenz": 3})
    assert geld([solo("wenz", 70, laufende=4)], options) == solo_money(50 + 30)
    assert geld([solo("solo", 70, laufende=6)], options) == solo_money(50 + 60)  # solo: up to 14


def test_laufende_max_defaults_to_the_trump_count():
    assert get_table("schafkopf").contracts["sauspiel"].laufende_max is None
    assert geld([sauspiel(70, laufende=14)], laufende()) == sauspiel_money(20 + 140)


def test_laufende_max_counts_before_doubling():
    hand = sauspiel(70, laufende=6, kontra=VRONI, re=HIAS)
    assert geld([hand], laufende({"sauspiel": 4})) == sauspiel_money((20 + 40) * 4)


def test_laufende_max_above_the_trump_count_is_refused():
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), laufende({"wenz": 5}))
    assert str(info.value).startswith("options.contracts.wenz.laufende_max: must be at most trump_count (4)")


def test_laufende_max_below_laufende_from_is_refused():
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), laufende({"sauspiel": 2}))
    assert str(info.value).startswith("options.contracts.sauspiel.laufende_max: must be at least laufende_from (3)")


def test_laufende_max_keeps_schafkopf_zero_sum():
    options = laufende({"sauspiel": 4, "wenz": 3, "solo": 5}, value=20)
    hands = [sauspiel(70, laufende=8), solo("wenz", 40, laufende=-4, kontra=HIAS), solo("solo", 100, laufende=9)]
    assert_zero_sum(play("schafkopf", SK4, hands, options))


# --- Tout -------------------------------------------------------------------------------

TOUT_ON = {"tout": {"enabled": True}}
TOUT_AS_SCHWARZ = {"tout": {"enabled": True, "value": "schwarz"}}  # the reading before issue 12


def test_tout_is_off_in_the_built_in_table():
    msg = refused("schafkopf", SK4, [solo("wenz", 120, all_tricks="player", tout=True)])
    assert msg.startswith("hand 1: tout: this table plays no Tout")


def test_tout_valued_as_schwarz_won_with_every_trick_doubles_the_schwarz_value():
    # Wenz won Schwarz: 50 + 50 + 50 = 150, Tout x2
    assert geld([solo("wenz", 120, all_tricks="player", tout=True)], TOUT_AS_SCHWARZ) == solo_money(300)
    assert geld([solo("solo", result="won_schwarz", tout=True)], TOUT_AS_SCHWARZ) == solo_money(300)


def test_tout_valued_as_schwarz_without_every_trick_is_lost_at_the_same_value():
    assert geld([solo("wenz", 120, tout=True)], TOUT_AS_SCHWARZ) == solo_money(-300)
    assert geld([solo("farbwenz", result="won_schneider", tout=True)], TOUT_AS_SCHWARZ) == solo_money(-180)
    assert geld([solo("geier", 40, tout=True)], TOUT_AS_SCHWARZ) == solo_money(-300)
    assert geld([solo("geier", 0, all_tricks="opponents", tout=True)], TOUT_AS_SCHWARZ) == solo_money(-300)


def test_tout_factor_is_a_table_setting():
    options = {"tout": {"enabled": True, "factor": 3, "value": "schwarz"}}
    assert geld([solo("solo", result="won_schwarz", tout=True)], options) == solo_money(450)
    # the common rule: (50 + 0 Laufende) x 3
    assert geld([solo("solo", result="won_schwarz", tout=True)], {"tout": {"enabled": True, "factor": 3}}) \
        == solo_money(150)


def test_tout_valued_as_schwarz_counts_laufende_before_doubling_and_kontra_doubles_again():
    options = {**TOUT_AS_SCHWARZ, "laufende": {"enabled": True}}
    hand = solo("wenz", result="won_schwarz", tout=True, laufende=2, kontra=HIAS)
    assert geld([hand], options) == solo_money((150 + 20) * 2 * 2)


def test_tout_false_is_an_ordinary_game():
    assert geld([solo("wenz", 70, tout=False)]) == solo_money(50)


def test_tout_is_refused_for_a_sauspiel_and_a_sie():
    msg = refused("schafkopf", SK4, [sauspiel(result="won_schwarz", tout=True)], TOUT_ON)
    assert msg.startswith("hand 1: tout: only a solo game can be played Tout, not a Sauspiel")
    msg = refused("schafkopf", SK4, [{"game": "sie", "player": KATHI, "tout": True}], TOUT_ON)
    assert msg.startswith("hand 1: tout: only a solo game can be played Tout, not a Sie")


def test_tout_keeps_schafkopf_zero_sum():
    hands = [solo("wenz", 120, all_tricks="player", tout=True), solo("solo", 80, tout=True, kontra=WAST, re=VRONI),
             {"game": "farbgeier", "player": KATHI, "result": "lost", "tout": True}]
    assert_zero_sum(play("schafkopf", SK4, hands, TOUT_ON))


# --- Klopfen / Legen ------------------------------------------------------------------------

KLOPFEN_ON = {"klopfen": {"enabled": True}}


def test_klopfen_is_off_in_the_built_in_table():
    assert refused("schafkopf", SK4, [sauspiel(70, klopfer=1)]).startswith("hand 1: klopfer: this table plays no Klopfen")
    assert geld([sauspiel(70, klopfer=0)]) == sauspiel_money(20)


def test_each_knock_doubles_the_hand():
    assert geld([sauspiel(70, klopfer=1)], KLOPFEN_ON) == sauspiel_money(40)
    assert geld([sauspiel(70, klopfer=2)], KLOPFEN_ON) == sauspiel_money(80)
    assert geld([solo("wenz", 40, klopfer=4)], KLOPFEN_ON) == solo_money(-50 * 16)


def test_klopfen_doubles_on_top_of_kontra_and_a_sie_too():
    assert geld([sauspiel(95, klopfer=1, kontra=VRONI, re=HIAS)], KLOPFEN_ON) == sauspiel_money(40 * 8)
    assert geld([{"game": "sie", "player": KATHI, "klopfer": 1}], KLOPFEN_ON) == \
        {HIAS: -300, VRONI: -300, WAST: -300, KATHI: 900}


def test_klopfen_factor_is_a_table_setting():
    options = {"klopfen": {"enabled": True, "factor": 3}}
    assert geld([sauspiel(70, klopfer=2)], options) == sauspiel_money(180)


@pytest.mark.parametrize("klopfer", [-1, 5])
def test_klopfer_outside_0_to_the_players_is_refused(klopfer):
    msg = refused("schafkopf", SK4, [sauspiel(70, klopfer=klopfer)], KLOPFEN_ON)
    assert msg.startswith("hand 1: klopfer: is the number of players who knocked: 0..4")


def test_klopfen_keeps_schafkopf_zero_sum():
    hands = [sauspiel(70, klopfer=3, kontra=KATHI), solo("solo", 20, klopfer=1),
             {"game": "sie", "player": WAST, "klopfer": 2}]
    assert_zero_sum(play("schafkopf", SK4, hands, KLOPFEN_ON))


# --- Kontra chain beyond Re (Sub, Hirsch) ---------------------------------------------------

SUB_HIRSCH = """
id = "schafkopf-hirsch"
extends = "schafkopf"
name = "Schafkopf mit Sub und Hirsch"

[[kontra_chain]]
key = "kontra"
name = "Kontra"
by = "opponents"

[[kontra_chain]]
key = "re"
name = "Re"
by = "player_party"

[[kontra_chain]]
key = "sub"
name = "Sub"
by = "opponents"

[[kontra_chain]]
key = "hirsch"
name = "Hirsch"
by = "player_party"
"""


def hirsch_table(tmp_path):
    path = tmp_path / "schafkopf-hirsch.toml"
    path.write_text(SUB_HIRSCH, encoding="utf-8")
    return load_table_file(path)


def test_kontra_chain_with_sub_and_hirsch_scores_x8_and_x16(tmp_path):
    table = hirsch_table(tmp_path)
    sub = replay(table, SK4, [sauspiel(70, kontra=VRONI, re=HIAS, sub=KATHI)])
    assert last(sub, "geld") == sauspiel_money(20 * 8)
    hirsch = replay(table, SK4, [solo("solo", 40, kontra=HIAS, re=VRONI, sub=WAST, hirsch=VRONI)])
    assert last(hirsch, "geld") == solo_money(-50 * 16)
    assert_zero_sum(hirsch)


def test_a_chain_link_without_the_one_before_is_refused(tmp_path):
    table = hirsch_table(tmp_path)
    with pytest.raises(HandError) as info:
        replay(table, SK4, [sauspiel(70, kontra=VRONI, re=HIAS, hirsch=WAST)])
    assert str(info.value) == "hand 1: hirsch: Hirsch only comes after a Sub"
    with pytest.raises(HandError) as info:
        replay(table, SK4, [sauspiel(70, kontra=VRONI, sub=KATHI)])
    assert str(info.value) == "hand 1: sub: Sub only comes after a Re"


def test_sub_comes_from_an_opponent_hirsch_from_the_player_party(tmp_path):
    table = hirsch_table(tmp_path)
    with pytest.raises(HandError) as info:
        replay(table, SK4, [sauspiel(70, kontra=VRONI, re=HIAS, sub=WAST)])
    assert str(info.value).startswith("hand 1: sub: Sub comes from an opponent")
    with pytest.raises(HandError) as info:
        replay(table, SK4, [sauspiel(70, kontra=VRONI, re=HIAS, sub=KATHI, hirsch=VRONI)])
    assert str(info.value).startswith("hand 1: hirsch: Hirsch comes from the player party")


# --- Stock ------------------------------------------------------------------------------

STOCK_ON = {"stock": {"enabled": True}}
PASSED = {"passed": True}


def assert_zero_sum_with_pot(result):
    for hand in result.hands:
        assert sum(row["geld"] for row in hand.deltas.values()) + hand.info.get("stock", 0) == 0
    assert sum(board(result, "geld").values()) + result.state["stock"] == 0
    assert sum(Schafkopf.money(None, result).values()) == 0


def test_stock_is_off_in_the_built_in_table():
    result = play("schafkopf", SK4, [PASSED])
    assert last(result, "geld") == {p: 0 for p in SK4}
    assert "stock" not in result.state


def test_everyone_passed_each_pays_the_stake_into_the_pot():
    result = play("schafkopf", SK4, [PASSED, PASSED], STOCK_ON)
    assert last(result, "geld") == {p: -10 for p in SK4}
    assert result.state["stock"] == 80
    assert result.state["stock_paid"] == {p: 20 for p in SK4}


def test_a_won_sauspiel_takes_the_pot_shared_by_the_player_party():
    result = play("schafkopf", SK4, [PASSED, PASSED, sauspiel(70)], STOCK_ON)
    assert last(result, "geld") == {HIAS: 20 + 40, VRONI: -20, WAST: 20 + 40, KATHI: -20}
    assert result.state["stock"] == 0
    assert board(result, "geld") == {HIAS: 40, VRONI: -40, WAST: 40, KATHI: -40}


def test_a_lost_sauspiel_doubles_the_pot_its_party_pays_in():
    result = play("schafkopf", SK4, [PASSED, sauspiel(50)], STOCK_ON)
    assert last(result, "geld") == {HIAS: -20 - 20, VRONI: 20, WAST: -20 - 20, KATHI: 20}
    assert result.state["stock"] == 80
    result = play("schafkopf", SK4, [PASSED, sauspiel(50), sauspiel(80, player=KATHI, partner=VRONI)], STOCK_ON)
    assert last(result, "geld") == {HIAS: -20, VRONI: 20 + 40, WAST: -20, KATHI: 20 + 40}
    assert result.state["stock"] == 0


def test_a_lost_sauspiel_leaves_the_pot_when_lost_doubles_pot_is_off():
    options = {"stock": {"enabled": True, "lost_doubles_pot": False}}
    result = play("schafkopf", SK4, [PASSED, sauspiel(50)], options)
    assert last(result, "geld") == sauspiel_money(-20)
    assert result.state["stock"] == 40


def test_a_solo_leaves_the_pot_unless_any_game_wins_it():
    result = play("schafkopf", SK4, [PASSED, solo("wenz", 70)], STOCK_ON)
    assert last(result, "geld") == solo_money(50)
    assert result.state["stock"] == 40
    options = {"stock": {"enabled": True, "sauspiel_wins_pot": False}}
    result = play("schafkopf", SK4, [PASSED, solo("wenz", 70)], options)
    assert last(result, "geld") == {HIAS: -50, VRONI: 150 + 40, WAST: -50, KATHI: -50}
    assert result.state["stock"] == 0


def test_the_pot_is_not_doubled_by_kontra_or_klopfen():
    options = {**STOCK_ON, "klopfen": {"enabled": True}}
    result = play("schafkopf", SK4, [PASSED, sauspiel(70, kontra=VRONI, klopfer=1)], options)
    assert last(result, "geld") == {HIAS: 80 + 20, VRONI: -80, WAST: 80 + 20, KATHI: -80}


def test_stock_stake_is_a_table_setting():
    result = play("schafkopf", SK4, [PASSED], {"stock": {"enabled": True, "stake": 50}})
    assert last(result, "geld") == {p: -50 for p in SK4}
    assert result.state["stock"] == 200


def test_a_pot_left_at_the_end_goes_back_to_who_paid_it_in():
    result = play("schafkopf", SK4, [PASSED, sauspiel(50)], STOCK_ON)
    assert Schafkopf.money(None, result) == {HIAS: -20, VRONI: 20, WAST: -20, KATHI: 20}


def test_stock_keeps_players_and_pot_zero_sum():
    hands = [PASSED, sauspiel(40), PASSED, solo("solo", 20), sauspiel(0, all_tricks="opponents"),
             sauspiel(91, player=VRONI, partner=KATHI), PASSED]
    assert_zero_sum_with_pot(play("schafkopf", SK4, hands, STOCK_ON))


# --- Bockrunden ---------------------------------------------------------------------------

BOCK_ON = {"bock": {"enabled": True}}


def geld_of(result, number):
    return {p: row["geld"] for p, row in result.hands[number - 1].deltas.items()}


def test_bock_is_off_in_the_built_in_table():
    result = play("schafkopf", SK4, [sauspiel(60), sauspiel(70)])
    assert last(result, "geld") == sauspiel_money(20)
    assert "bock" not in result.state


def test_60_60_starts_a_bock_round_of_one_hand_per_player():
    result = play("schafkopf", SK4, [sauspiel(60)] + [sauspiel(70)] * 5, BOCK_ON)
    assert geld_of(result, 1) == sauspiel_money(-20)  # the trigger itself is not Bock
    for n in (2, 3, 4, 5):
        assert geld_of(result, n) == sauspiel_money(40)
    assert geld_of(result, 6) == sauspiel_money(20)
    assert result.state["bock"] == []


def test_lost_kontra_starts_a_bock_round_a_won_kontra_does_not():
    result = play("schafkopf", SK4, [sauspiel(70, kontra=VRONI), sauspiel(70)], BOCK_ON)
    assert last(result, "geld") == sauspiel_money(40)
    result = play("schafkopf", SK4, [sauspiel(50, kontra=VRONI), sauspiel(70)], BOCK_ON)
    assert last(result, "geld") == sauspiel_money(20)


def test_bock_rounds_stack_at_the_same_time():
    hands = [sauspiel(60), sauspiel(60), sauspiel(70), sauspiel(70), sauspiel(70), sauspiel(70)]
    result = play("schafkopf", SK4, hands, BOCK_ON)
    assert geld_of(result, 2) == sauspiel_money(-40)  # one round pending; it triggers another
    assert geld_of(result, 3) == sauspiel_money(80)  # two rounds at once: x4
    assert geld_of(result, 5) == sauspiel_money(80)
    assert geld_of(result, 6) == sauspiel_money(40)  # the first round is over
    assert result.state["bock"] == [] and result.state["bock_factor"] == 1
    pending = play("schafkopf", SK4, hands[:5], BOCK_ON)
    assert pending.state["bock"] == [1] and pending.state["bock_factor"] == 2


def test_pending_bock_hands_are_shown_in_state():
    result = play("schafkopf", SK4, [sauspiel(60), {"passed": True}], BOCK_ON)
    assert result.state["bock"] == [3]  # a passed hand uses up a Bock hand
    assert result.state["bock_factor"] == 2


def test_bock_triggers_and_factor_are_table_settings():
    options = {"bock": {"enabled": True, "factor": 3, "triggers": ["sie"]}}
    result = play("schafkopf", SK4, [sauspiel(60), {"game": "sie", "player": KATHI}, sauspiel(70)], options)
    assert geld_of(result, 2) == {HIAS: -150, VRONI: -150, WAST: -150, KATHI: 450}
    assert geld_of(result, 3) == sauspiel_money(60)


def test_an_unknown_bock_trigger_is_refused():
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {"bock": {"enabled": True, "triggers": ["rain"]}})
    assert str(info.value).startswith("options.bock.triggers")


def test_deleting_the_triggering_hand_removes_its_bock_round(tmp_path):
    from scorepad.app import App

    with App.open(tmp_path / "scorepad.db") as app:
        evening = app.start_evening("schafkopf", SK4, options=BOCK_ON)
        for hand in [sauspiel(70), sauspiel(60), sauspiel(70), sauspiel(70)]:
            app.add_hand(evening.id, hand)
        shown = app.show(evening.id)
        assert board(shown, "geld") == sauspiel_money(20 - 20 + 40 + 40)
        assert shown.state["bock"] == [2]
        app.delete_hand(evening.id, 2)
        shown = app.show(evening.id)
        assert board(shown, "geld") == sauspiel_money(20 * 3)
        assert shown.state["bock"] == []


def test_bock_keeps_schafkopf_zero_sum():
    options = {"bock": {"enabled": True, "triggers": ["kontra_lost", "re_lost", "60_60", "schwarz", "sie"]},
               "klopfen": {"enabled": True}}
    hands = [sauspiel(60), sauspiel(60, kontra=VRONI, re=HIAS), solo("wenz", 120, all_tricks="player"),
             {"game": "sie", "player": WAST, "klopfer": 1}, solo("solo", 30, kontra=HIAS)]
    assert_zero_sum(play("schafkopf", SK4, hands, options))
