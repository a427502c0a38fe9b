"""Schafkopf extras that real tables use (issue 7): each a switch or value in the rule table,
off in the built-in table. One rule, one test; each extra stays zero-sum.

The rules, as this project reads them:
- Laufende per game type: they count from `laufende_from` up to `laufende_max` (default: the
  contract's trump_count), `laufende.value` each, added before doubling.
- Tout (`tout = {enabled, factor}`, hand key `tout: true`): a solo kind announced to take every
  trick. Won only with `all_tricks` "player" (or result won_schwarz), otherwise lost. Won or
  lost, it is worth the game won Schwarz (Grundwert + Schneider + Schwarz + Laufende) x factor,
  then the Kontra chain. Not for a Sauspiel or a Sie.
- Klopfen / Legen (`klopfen = {enabled, factor}`, hand key `klopfer`: how many knocked,
  0..players): each knock doubles the hand, a Sie too.
- Kontra chain beyond Re: a table's `kontra_chain` may go on (Sub from an opponent, Hirsch
  from the player party, ...); each link doubles again and needs the one before.
"""

from __future__ import annotations

from conftest import SK4, board, last, play, refused
from scorepad.errors import SessionError
from scorepad.engine import replay
from scorepad.errors import HandError
from scorepad.tables import get_table, load_table_file, with_options

import pytest

HIAS, VRONI, WAST, KATHI = SK4


def sauspiel(augen=None, **extra):
    hand = {"game": "sauspiel", "player": HIAS, "partner": WAST, "suit": "gras"}
    if augen is not None:
        hand["augen"] = augen
    hand.update(extra)
    return hand


def solo(game, augen=None, **extra):
    hand = {"game": game, "player": VRONI}
    if augen is not None:
        hand["augen"] = augen
    hand.update(extra)
    return hand


def geld(hands, options=None):
    return last(play("schafkopf", SK4, hands, options), "geld")


def sauspiel_money(v):
    return {HIAS: v, VRONI: -v, WAST: v, KATHI: -v}


def solo_money(v):
    return {HIAS: -v, VRONI: 3 * v, WAST: -v, KATHI: -v}


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


def test_tout_is_off_in_the_built_in_table():
    msg = refused("schafkopf", SK4, [solo("wenz", 120, all_tricks="player", tout=True)])
    assert msg.startswith("hand 1: tout: this table plays no Tout")


def test_tout_won_with_every_trick_doubles_the_schwarz_value():
    # Wenz won Schwarz: 50 + 50 + 50 = 150, Tout x2
    assert geld([solo("wenz", 120, all_tricks="player", tout=True)], TOUT_ON) == solo_money(300)
    assert geld([solo("solo", result="won_schwarz", tout=True)], TOUT_ON) == solo_money(300)


def test_tout_without_every_trick_is_lost_at_the_same_value():
    assert geld([solo("wenz", 120, tout=True)], TOUT_ON) == solo_money(-300)
    assert geld([solo("farbwenz", result="won_schneider", tout=True)], TOUT_ON) == solo_money(-180)
    assert geld([solo("geier", 40, tout=True)], TOUT_ON) == solo_money(-300)
    assert geld([solo("geier", 0, all_tricks="opponents", tout=True)], TOUT_ON) == solo_money(-300)


def test_tout_factor_is_a_table_setting():
    options = {"tout": {"enabled": True, "factor": 3}}
    assert geld([solo("solo", result="won_schwarz", tout=True)], options) == solo_money(450)


def test_tout_counts_laufende_before_doubling_and_kontra_doubles_again():
    options = {**TOUT_ON, "laufende": {"enabled": True}}
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
