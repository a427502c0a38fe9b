"""Doppelkopf at the table: the DDV rules a whole game follows (Re and Kontra, solos, the
Hochzeit, five and six at the table, Pflichtsolo) and the house rules (Bock, who writes),
each with figures worked out by hand."""

import tomllib
from pathlib import Path

import pytest

from scorepad.errors import HandError
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.doppelkopf.scoring import Doppelkopf

pytestmark = pytest.mark.unit

DK4 = ["Hias", "Vroni", "Wast", "Kathi"]
DDV_TOML = Path(__file__).resolve().parent.parent / "rulesets" / "doppelkopf.toml"


def table(**changes):
    raw = tomllib.loads(DDV_TOML.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(raw.get(key), dict):
            raw[key] = {**raw[key], **value}
        else:
            raw[key] = value
    return DoppelkopfTable.model_validate(raw)


def game(players=DK4, **changes):
    return Doppelkopf(table(**changes), list(players))


def points(result):
    return {p: row["punkte"] for p, row in result.deltas.items()}


def normal(re, augen, **keys):
    return {"game": "normal", "re": re, "augen": augen, **keys}


def test_the_ddv_table_has_no_problems():
    assert list(table().problems()) == []


def test_re_players_get_the_value_and_kontra_players_its_negative():
    g = game()
    assert points(g.play(1, normal(["Hias", "Wast"], 121))) == {"Hias": 1, "Vroni": -1, "Wast": 1, "Kathi": -1}


def test_kontra_winning_gets_gegen_die_alten():
    # 120 : 120 without announcements: Kontra wins, 1 + gegen die Alten 1
    g = game()
    assert points(g.play(1, normal(["Hias", "Wast"], 120))) == {"Hias": -2, "Vroni": 2, "Wast": -2, "Kathi": 2}


def test_sonderpunkte_net_with_the_game_points():
    # Re 151 with "Re": 1 + unter 90 + Re 2 = 4; Re a Doppelkopf, Kontra two Füchse and Karlchen: 1 - 3
    g = game()
    hand = normal(["Hias", "Wast"], 151, re_call="re",
                  sonderpunkte={"re": {"doppelkopf": 1}, "kontra": {"fuchs": 2, "karlchen": 1}})
    assert points(g.play(1, hand))["Hias"] == 2


def test_a_solo_counts_three_times_for_the_soloist():
    # Damensolo with Re said and 181 Augen: 1 + unter 90 + unter 60 + Re 2 = 5; soloist 15, others -5
    g = game()
    result = g.play(1, {"game": "damen", "re": ["Vroni"], "augen": 181, "re_call": "re"})
    assert points(result) == {"Hias": -5, "Vroni": 15, "Wast": -5, "Kathi": -5}


def test_a_lost_solo_costs_the_soloist_three_times():
    g = game()
    assert points(g.play(1, {"game": "buben", "re": ["Kathi"], "augen": 100})) == \
        {"Hias": 1, "Vroni": 1, "Wast": 1, "Kathi": -3}


def test_no_sonderpunkte_in_a_solo():
    g = game()
    with pytest.raises(HandError) as info:
        g.play(1, {"game": "karo", "re": ["Kathi"], "augen": 150, "sonderpunkte": {"re": {"fuchs": 1}}})
    assert info.value.code == "dk_extras_normal_only"


def test_a_hochzeit_with_a_partner_is_a_normal_game():
    g = game()
    result = g.play(1, {"game": "hochzeit", "re": ["Hias", "Vroni"], "augen": 121})
    assert points(result) == {"Hias": 1, "Vroni": 1, "Wast": -1, "Kathi": -1}


def test_a_hochzeit_without_a_partner_is_scored_as_a_solo_and_replaces_no_pflichtsolo():
    g = game()
    result = g.play(1, {"game": "hochzeit", "re": ["Hias"], "augen": 121})
    assert points(result) == {"Hias": 3, "Vroni": -1, "Wast": -1, "Kathi": -1}
    assert "Hias" in g.state()["pflichtsolo_owed"]


def test_a_stille_hochzeit_is_scored_as_a_solo_and_replaces_no_pflichtsolo():
    g = game()
    result = g.play(1, {"game": "stille_hochzeit", "re": ["Wast"], "augen": 89})
    assert points(result) == {"Hias": 2, "Vroni": 2, "Wast": -6, "Kathi": 2}  # lost with 89: gewonnen, unter 90: 2
    assert "Wast" in g.state()["pflichtsolo_owed"]


def test_every_game_sums_to_zero_and_all_even_or_all_odd():
    g = game()
    hands = [normal(["Hias", "Wast"], 121), {"game": "damen", "re": ["Vroni"], "augen": 181, "re_call": "re"},
             normal(["Vroni", "Kathi"], 60, kontra_call="keine 90")]
    for number, hand in enumerate(hands, 1):
        values = list(points(g.play(number, hand)).values())
        assert sum(values) == 0
        assert len({v % 2 for v in values}) == 1


def test_at_five_the_dealer_sits_out_and_gets_nothing():
    five = ["Hias", "Vroni", "Wast", "Kathi", "Sepp"]
    g = game(five)
    assert g.state()["sitting_out"] == ["Hias"]
    result = g.play(1, normal(["Vroni", "Wast"], 121))
    assert points(result) == {"Hias": 0, "Vroni": 1, "Wast": 1, "Kathi": -1, "Sepp": -1}
    with pytest.raises(HandError) as info:
        g.play(2, normal(["Vroni", "Wast"], 121))  # Vroni deals now and sits out
    assert info.value.code == "sits_out"


def test_at_six_the_dealer_and_the_player_opposite_sit_out():
    six = ["Hias", "Vroni", "Wast", "Kathi", "Sepp", "Resi"]
    g = game(six)
    assert g.state()["sitting_out"] == ["Hias", "Kathi"]


def test_augen_of_1_or_239_are_impossible():
    for augen in (1, 239):
        with pytest.raises(HandError) as info:
            game().play(1, normal(["Hias", "Wast"], augen))
        assert info.value.code == "dk_augen_impossible"


def test_all_tricks_means_all_augen():
    g = game()
    # schwarz gespielt without announcements: 1 + 3 unter + schwarz = 5
    assert points(g.play(1, normal(["Hias", "Wast"], None, all_tricks="re")))["Hias"] == 5
    with pytest.raises(HandError) as info:
        game().play(1, normal(["Hias", "Wast"], 200, all_tricks="re"))
    assert info.value.code == "dk_all_tricks_augen"


def test_a_normal_game_has_two_re_players_and_a_solo_one():
    with pytest.raises(HandError) as info:
        game().play(1, normal(["Hias"], 121))
    assert info.value.code == "dk_re_count"
    with pytest.raises(HandError) as info:
        game().play(1, {"game": "damen", "re": ["Hias", "Vroni"], "augen": 121})
    assert info.value.code == "dk_re_count"


def test_calls_are_the_tables_words():
    with pytest.raises(HandError) as info:
        game().play(1, normal(["Hias", "Wast"], 121, re_call="keine 100"))
    assert info.value.code == "not_allowed_value"


# Pflichtsolo (TSR 4.2, 8.6)
def test_after_a_pflichtsolo_the_same_dealer_deals_again():
    g = game()
    g.play(1, {"game": "damen", "re": ["Vroni"], "augen": 130})
    assert g.state()["next_dealer"] == "Hias"
    assert g.state()["pflichtsolo_owed"] == ["Hias", "Wast", "Kathi"]


def test_a_second_solo_is_a_lustsolo_and_the_deal_moves_on():
    g = game()
    g.play(1, {"game": "damen", "re": ["Vroni"], "augen": 130})
    g.play(2, {"game": "buben", "re": ["Vroni"], "augen": 130})
    assert g.state()["next_dealer"] == "Vroni"


def test_who_owes_a_pflichtsolo_is_vorgefuehrt_when_the_games_run_out():
    # a round of 6 games, four Pflichtsoli owed: after one game five are left, nobody is
    # vorgeführt; after two, four games for four solos: the first owing player left of the
    # dealer (Wast deals the third game: Kathi)
    g = game(round_games=6)
    g.play(1, normal(["Hias", "Wast"], 121))
    assert "vorgefuehrt" not in g.state()
    g.play(2, normal(["Hias", "Wast"], 121))
    assert g.state()["next_dealer"] == "Wast"
    assert g.state()["vorgefuehrt"] == "Kathi"


def test_after_a_vorgefuehrtes_solo_the_next_player_deals():
    g = game(round_games=6)
    g.play(1, normal(["Hias", "Wast"], 121))
    g.play(2, normal(["Hias", "Wast"], 121))
    g.play(3, {"game": "damen", "re": ["Kathi"], "augen": 130})
    assert g.state()["next_dealer"] == "Kathi"
    assert g.state()["vorgefuehrt"] == "Hias"


def test_the_owed_pflichtsoli_come_back_with_a_new_round():
    g = game(round_games=2)
    g.play(1, {"game": "damen", "re": ["Vroni"], "augen": 130})
    g.play(2, normal(["Hias", "Wast"], 121))
    assert g.state()["pflichtsolo_owed"] == DK4


# house rules
def test_bock_after_120_to_120_doubles_the_next_round():
    g = game(bock={"enabled": True, "after": ["tie"]})
    g.play(1, normal(["Hias", "Wast"], 120))  # tie: Kontra wins 2 (with gegen die Alten)
    assert g.state()["bock"] == [1, 1, 1, 1]
    assert points(g.play(2, normal(["Hias", "Wast"], 121)))["Hias"] == 2
    assert g.state()["bock"] == [1, 1, 1]


def test_bock_rounds_follow_each_other_unless_they_stack():
    queued = game(bock={"enabled": True, "after": ["tie"]})
    stacked = game(bock={"enabled": True, "after": ["tie"], "stacking": True})
    for g in (queued, stacked):
        g.play(1, normal(["Hias", "Wast"], 120))
        g.play(2, normal(["Hias", "Wast"], 120))
    assert queued.state()["bock"] == [1, 1, 1, 1, 1, 1, 1]
    assert stacked.state()["bock"] == [2, 2, 2, 1]
    assert points(stacked.play(3, normal(["Hias", "Wast"], 121)))["Hias"] == 4


def test_only_winners_write():
    g = game(writes="winners")
    assert points(g.play(1, normal(["Hias", "Wast"], 121))) == {"Hias": 1, "Vroni": 0, "Wast": 1, "Kathi": 0}


def test_only_losers_write():
    g = game(writes="losers")
    assert points(g.play(1, normal(["Hias", "Wast"], 121))) == {"Hias": 0, "Vroni": -1, "Wast": 0, "Kathi": -1}


def test_announcements_double_instead_of_adding():
    g = game(game_points={"doubling": True})
    # Re 151 with "keine 90": gewonnen 1 + unter 90 1 = 2, doubled for Re and keine 90: 8
    assert points(g.play(1, normal(["Hias", "Wast"], 151, re_call="keine 90")))["Hias"] == 8


def test_a_solo_factor_counts_a_solo_more():
    g = game(solo_factor=2)
    assert points(g.play(1, {"game": "damen", "re": ["Vroni"], "augen": 130}))["Vroni"] == 6


def test_the_game_kept_as_data_goes_on_alike():
    g = game(bock={"enabled": True, "after": ["tie"]})
    g.play(1, normal(["Hias", "Wast"], 120))
    g.play(2, {"game": "damen", "re": ["Vroni"], "augen": 130})
    copy = game(bock={"enabled": True, "after": ["tie"]})
    copy.load_data(g.to_data())
    assert copy.state() == g.state()


# more house rules, each on in a variant
def test_armut_is_a_normal_game_where_the_table_plays_it():
    with pytest.raises(HandError) as info:
        game().play(1, {"game": "armut", "re": ["Hias", "Wast"], "augen": 121})
    assert info.value.code == "game_off"
    g = game(contracts={"armut": {"name": "Armut", "kind": "normal", "enabled": True}})
    assert points(g.play(1, {"game": "armut", "re": ["Hias", "Wast"], "augen": 121})) == \
        {"Hias": 1, "Vroni": -1, "Wast": 1, "Kathi": -1}


def test_dulle_gefangen_counts_where_it_is_on_and_is_refused_where_it_is_off():
    hand = normal(["Hias", "Wast"], 121, sonderpunkte={"kontra": {"dulle_gefangen": 1}})
    with pytest.raises(HandError) as info:
        game().play(1, hand)
    assert info.value.code == "not_allowed_value"
    on = game(sonderpunkte={"dulle_gefangen": {"name": "Dulle gefangen", "points": 1, "most": 2, "enabled": True}})
    assert points(on.play(1, hand))["Hias"] == 0  # gewonnen 1, less Kontra's Dulle 1


def test_a_sonderpunkt_is_at_most_its_most_per_party():
    with pytest.raises(HandError) as info:
        game().play(1, normal(["Hias", "Wast"], 121, sonderpunkte={"re": {"fuchs": 3}}))
    assert info.value.code == "dk_extra_too_many"


def test_gegen_die_alten_is_not_entered():
    with pytest.raises(HandError) as info:
        game().play(1, normal(["Hias", "Wast"], 100, sonderpunkte={"kontra": {"gegen_die_alten": 1}}))
    assert info.value.code == "dk_extra_by_result"


@pytest.mark.parametrize("trigger, hand", [
    ("lost_announcement", normal(["Hias", "Wast"], 119, re_call="re")),
    ("lost_solo", {"game": "damen", "re": ["Vroni"], "augen": 100}),
    ("both_announced", normal(["Hias", "Wast"], 130, re_call="re", kontra_call="kontra")),
    ("nobody_won", normal(["Hias", "Wast"], 130, re_call="keine 90", kontra_call="keine 90")),
])
def test_each_bock_trigger_starts_a_bock_round(trigger, hand):
    g = game(bock={"enabled": True, "after": [trigger]})
    g.play(1, hand)
    assert g.state()["bock"] == [1, 1, 1, 1]
    calm = game(bock={"enabled": True, "after": [trigger]})
    calm.play(1, normal(["Hias", "Wast"], 121))  # a plain game won: no trigger
    assert "bock" not in calm.state()


def test_a_pflichtsolo_per_evening_is_owed_once_for_the_whole_evening():
    g = game(round_games=2, pflichtsolo={"per": "evening", "same_dealer": False, "vorfuehrung": False})
    g.play(1, {"game": "damen", "re": ["Vroni"], "augen": 130})
    g.play(2, normal(["Hias", "Wast"], 121))
    g.play(3, normal(["Hias", "Wast"], 121))
    assert g.state()["pflichtsolo_owed"] == ["Hias", "Wast", "Kathi"]


def test_settling_is_points_times_the_tariff():
    from scorepad.engine import replay
    t = table(tariff=5)
    result = replay(t, DK4, [normal(["Hias", "Wast"], 151, re_call="re")])  # 4 points
    assert Doppelkopf.money(t, result) == {"Hias": 20, "Vroni": -20, "Wast": 20, "Kathi": -20}


def test_where_only_winners_write_money_settles_around_the_average():
    from scorepad.engine import replay
    t = table(tariff=10, writes="winners")
    result = replay(t, DK4, [normal(["Hias", "Wast"], 121)])  # Hias, Wast 1 each; average 0.5
    assert Doppelkopf.money(t, result) == {"Hias": 5, "Vroni": -5, "Wast": 5, "Kathi": -5}
