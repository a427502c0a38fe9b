"""Schafkopf extra (issue 7): Ramsch when everyone passes. One rule, one test; zero-sum.

The rules, as this project reads them (table `ramsch = {enabled, value, jungfrau_factor,
durchmarsch_as}`, off in the built-in table; hand `game: "ramsch"`):
- `augen` is each player's Augen, {player: n} for every player, each a possible total,
  summing to 120.
- The one with most Augen pays each other player `value`; a tie at the top needs `loser`
  (one of the tied, by the table's own tie rule).
- Each Jungfrau (`jungfrauen`: took no trick, so 0 Augen) multiplies the value by
  `jungfrau_factor`.
- A Durchmarsch (`durchmarsch`: one player took every trick) is paid as a solo won Schwarz
  (the `durchmarsch_as` contract: Grundwert + Schneider + Schwarz) from each other player.
- Klopfen and Bock multiply a Ramsch like any hand; a Durchmarsch meets the Bock trigger
  `schwarz`. No Kontra chain, no player party; the Stock's pot does not move.
"""

from __future__ import annotations

import pytest
from conftest import SK4, board, last, play, refused

from scorepad.errors import SessionError
from scorepad.tables import get_table, with_options

pytestmark = pytest.mark.unit

HIAS, VRONI, WAST, KATHI = SK4
ON = {"ramsch": {"enabled": True}}


def ramsch(hias=0, vroni=0, wast=0, kathi=0, **extra):
    hand = {"game": "ramsch", "augen": {HIAS: hias, VRONI: vroni, WAST: wast, KATHI: kathi}}
    hand.update(extra)
    return hand


def geld(hands, options=ON):
    return last(play("schafkopf", SK4, hands, options), "geld")


def assert_zero_sum(result):
    for hand in result.hands:
        assert sum(row["geld"] for row in hand.deltas.values()) == 0
    assert sum(board(result, "geld").values()) == 0


def test_ramsch_is_off_in_the_built_in_table():
    assert get_table("schafkopf").ramsch.enabled is False
    msg = refused("schafkopf", SK4, [ramsch(50, 30, 20, 20)])
    assert msg.startswith("hand 1: game: this table plays no Ramsch (ramsch.enabled is off at Schafkopf)")


def test_the_player_with_most_augen_pays_each_other_the_ramsch_value():
    assert geld([ramsch(50, 30, 20, 20)]) == {HIAS: -60, VRONI: 20, WAST: 20, KATHI: 20}
    assert geld([ramsch(10, 30, 20, 60)]) == {HIAS: 20, VRONI: 20, WAST: 20, KATHI: -60}


def test_ramsch_value_is_a_table_setting():
    options = {"ramsch": {"enabled": True, "value": 50}}
    assert geld([ramsch(50, 30, 20, 20)], options) == {HIAS: -150, VRONI: 50, WAST: 50, KATHI: 50}


def test_each_jungfrau_doubles_the_ramsch_value():
    assert geld([ramsch(70, 0, 50, 0, jungfrauen=[VRONI])]) == {HIAS: -120, VRONI: 40, WAST: 40, KATHI: 40}
    two = ramsch(70, 0, 50, 0, jungfrauen=[KATHI, VRONI])
    assert geld([two]) == {HIAS: -240, VRONI: 80, WAST: 80, KATHI: 80}


def test_jungfrau_factor_is_a_table_setting():
    options = {"ramsch": {"enabled": True, "jungfrau_factor": 3}}
    assert geld([ramsch(70, 0, 50, 0, jungfrauen=[VRONI])], options) == {HIAS: -180, VRONI: 60, WAST: 60, KATHI: 60}


def test_a_jungfrau_with_augen_is_refused():
    msg = refused("schafkopf", SK4, [ramsch(50, 30, 20, 20, jungfrauen=[WAST])], ON)
    assert msg.startswith("hand 1: jungfrauen: Wast took no trick, so has 0 Augen (got 20)")


def test_every_other_player_a_jungfrau_is_a_durchmarsch_and_refused_as_jungfrauen():
    msg = refused("schafkopf", SK4, [ramsch(120, jungfrauen=[VRONI, WAST, KATHI])], ON)
    assert msg.startswith("hand 1: jungfrauen: if every other player took no trick, it is a Durchmarsch")


def test_a_durchmarsch_wins_as_a_schwarz_solo():
    # Solo 50 + Schneider 50 + Schwarz 50 from each other player
    assert geld([ramsch(0, 120, 0, 0, durchmarsch=VRONI)]) == {HIAS: -150, VRONI: 450, WAST: -150, KATHI: -150}


def test_a_durchmarsch_needs_no_augen():
    assert geld([{"game": "ramsch", "durchmarsch": KATHI}]) == {HIAS: -150, VRONI: -150, WAST: -150, KATHI: 450}


def test_a_durchmarsch_pays_the_table_s_solo_values():
    options = {"ramsch": {"enabled": True}, "contracts": {"solo": {"tariff": 30, "schneider": 10, "schwarz": 20}}}
    assert geld([ramsch(0, 120, 0, 0, durchmarsch=VRONI)], options) == {HIAS: -60, VRONI: 180, WAST: -60, KATHI: -60}
    as_wenz = {"ramsch": {"enabled": True, "durchmarsch_as": "farbwenz"}}
    assert geld([ramsch(0, 120, 0, 0, durchmarsch=VRONI)], as_wenz) == {HIAS: -90, VRONI: 270, WAST: -90, KATHI: -90}


def test_a_durchmarsch_without_every_augen_is_refused():
    msg = refused("schafkopf", SK4, [ramsch(20, 100, 0, 0, durchmarsch=VRONI)], ON)
    assert msg.startswith("hand 1: durchmarsch: Vroni took every trick, so has 120 Augen (got 100)")


def test_120_augen_without_durchmarsch_loses_the_ramsch():
    # a trick of three Nines and an Eight has no Augen: 120 Augen is not always every trick
    assert geld([ramsch(120, 0, 0, 0)]) == {HIAS: -60, VRONI: 20, WAST: 20, KATHI: 20}


def test_a_tie_at_most_augen_needs_the_loser():
    msg = refused("schafkopf", SK4, [ramsch(40, 40, 20, 20)], ON)
    assert msg.startswith("hand 1: loser: is missing: Hias and Vroni have the most Augen (40 each)")
    assert geld([ramsch(40, 40, 20, 20, loser=VRONI)]) == {HIAS: 20, VRONI: -60, WAST: 20, KATHI: 20}


def test_a_loser_without_the_most_augen_is_refused():
    msg = refused("schafkopf", SK4, [ramsch(40, 40, 20, 20, loser=WAST)], ON)
    assert msg.startswith("hand 1: loser: must be one with the most Augen (Hias, Vroni: 40), not Wast")
    msg = refused("schafkopf", SK4, [ramsch(50, 30, 20, 20, loser=VRONI)], ON)
    assert msg.startswith("hand 1: loser: must be one with the most Augen (Hias: 50), not Vroni")


@pytest.mark.parametrize("augen, rule", [
    ({HIAS: 50, VRONI: 30, WAST: 20}, "Kathi's Augen are missing"),
    ({HIAS: 50, VRONI: 30, WAST: 20, KATHI: 30}, "the players' Augen must sum to 120 (got 130)"),
    ({HIAS: 119, VRONI: 1, WAST: 0, KATHI: 0}, "Hias: 119 Augen cannot be made with these cards"),
    ({HIAS: 150, VRONI: -30, WAST: 0, KATHI: 0}, "Hias: must be 0..120 (got 150)"),
    ({HIAS: "viel", VRONI: 30, WAST: 20, KATHI: 20}, "Hias: must be a whole number (got 'viel')"),
    ({HIAS: 50, VRONI: 30, WAST: 20, "Girgl": 20}, "'Girgl' is not a player of this evening"),
    (60, "a Ramsch needs each player's Augen ({player: n}), not one number (got 60)"),
])
def test_augen_of_a_ramsch_are_every_player_s_summing_to_120(augen, rule):
    msg = refused("schafkopf", SK4, [{"game": "ramsch", "augen": augen}], ON)
    assert msg.startswith(f"hand 1: augen: {rule}")


def test_a_ramsch_without_augen_is_refused():
    msg = refused("schafkopf", SK4, [{"game": "ramsch"}], ON)
    assert msg.startswith("hand 1: augen: is missing: a Ramsch needs each player's Augen")


@pytest.mark.parametrize("key, value", [("player", HIAS), ("partner", WAST), ("result", "won"),
                                        ("laufende", 3), ("all_tricks", "player"), ("suit", "gras")])
def test_a_ramsch_has_no_player_party(key, value):
    msg = refused("schafkopf", SK4, [ramsch(50, 30, 20, 20, **{key: value})], ON)
    assert msg.startswith(f"hand 1: {key}: a Ramsch has no player party")


def test_a_ramsch_knows_no_kontra():
    msg = refused("schafkopf", SK4, [ramsch(50, 30, 20, 20, kontra=VRONI)], ON)
    assert msg.startswith("hand 1: kontra: a Ramsch knows no Kontra")


@pytest.mark.parametrize("key, value", [("jungfrauen", [VRONI]), ("durchmarsch", VRONI), ("loser", HIAS)])
def test_ramsch_keys_in_another_game_are_refused(key, value):
    hand = {"game": "sauspiel", "player": HIAS, "partner": WAST, "augen": 70, key: value}
    msg = refused("schafkopf", SK4, [hand], ON)
    assert msg.startswith(f"hand 1: {key}: only a Ramsch")


def test_each_player_s_augen_in_another_game_are_refused():
    hand = {"game": "sauspiel", "player": HIAS, "partner": WAST, "augen": {HIAS: 70, WAST: 50}}
    msg = refused("schafkopf", SK4, [hand], ON)
    assert msg.startswith("hand 1: augen: must be the Augen of the player party, a whole number")


def test_a_durchmarsch_with_jungfrauen_or_loser_is_refused():
    msg = refused("schafkopf", SK4, [ramsch(0, 120, durchmarsch=VRONI, jungfrauen=[HIAS])], ON)
    assert msg.startswith("hand 1: jungfrauen: a Durchmarsch (Vroni) took every trick")
    msg = refused("schafkopf", SK4, [ramsch(0, 120, durchmarsch=VRONI, loser=VRONI)], ON)
    assert msg.startswith("hand 1: loser: a Durchmarsch (Vroni) has no loser")


def test_klopfen_and_bock_multiply_a_ramsch():
    options = {"ramsch": {"enabled": True}, "klopfen": {"enabled": True}, "bock": {"enabled": True}}
    assert geld([ramsch(50, 30, 20, 20, klopfer=1)], options) == {HIAS: -120, VRONI: 40, WAST: 40, KATHI: 40}
    sixty = {"game": "sauspiel", "player": HIAS, "partner": WAST, "augen": 60}  # starts a Bock round
    assert geld([sixty, ramsch(50, 30, 20, 20)], options) == {HIAS: -120, VRONI: 40, WAST: 40, KATHI: 40}


def test_a_durchmarsch_meets_the_bock_trigger_schwarz():
    options = {"ramsch": {"enabled": True}, "bock": {"enabled": True, "triggers": ["schwarz"]}}
    result = play("schafkopf", SK4, [{"game": "ramsch", "durchmarsch": VRONI}], options)
    assert result.state["bock"] == [4]
    assert play("schafkopf", SK4, [ramsch(120)], options).state["bock"] == []


def test_the_stock_pot_does_not_move_in_a_ramsch():
    options = {"ramsch": {"enabled": True}, "stock": {"enabled": True, "sauspiel_wins_pot": False}}
    result = play("schafkopf", SK4, [{"passed": True}, ramsch(50, 30, 20, 20)], options)
    assert result.state["stock"] == 40
    assert last(result, "geld") == {HIAS: -60, VRONI: 20, WAST: 20, KATHI: 20}


def test_durchmarsch_as_must_name_a_solo_contract():
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {"ramsch": {"enabled": True, "durchmarsch_as": "sauspiel"}})
    assert str(info.value).startswith("options.ramsch.durchmarsch_as: must name a solo contract of this table")


def test_ramsch_keeps_schafkopf_zero_sum():
    options = {"ramsch": {"enabled": True, "value": 30}, "klopfen": {"enabled": True}}
    hands = [ramsch(50, 30, 20, 20), ramsch(70, 0, 50, 0, jungfrauen=[VRONI, KATHI], klopfer=2),
             ramsch(40, 40, 20, 20, loser=HIAS), {"game": "ramsch", "durchmarsch": WAST},
             {"game": "solo", "player": VRONI, "augen": 80}]
    assert_zero_sum(play("schafkopf", SK4, hands, options))
