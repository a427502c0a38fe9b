"""Tariff sets: the sheet's tariffs move together (issue 12 item 9).

A table names sets ("5/10", "10/20", "10/50", "20/50", "50/100"): each gives every game its
Grundwert, which is its Schneider and Schwarz too (the sheet: "Schneider = Schwarz = Grundwert
je Spiel"), and the value of a Laufender. Before, choosing "Sauspiel 50 ct" on the new-evening
screen left Schneider and Schwarz at 20 ct.
"""

from __future__ import annotations

import pytest
from conftest import SK4, deltas, play

from scorepad.errors import SessionError
from scorepad.tables import get_table, with_options

pytestmark = pytest.mark.unit

HIAS, VRONI, WAST, KATHI = SK4


def tariff_set(name: str) -> dict:
    return get_table("schafkopf").value_sets()[name]


def test_the_table_offers_the_sets_tables_name():
    assert list(get_table("schafkopf").value_sets()) == ["5/10", "10/20", "10/50", "20/50", "50/100"]


def test_the_sheets_set_is_the_built_in_table():
    table = get_table("schafkopf")
    assert with_options(table, tariff_set("20/50")) == table


def test_a_set_moves_grundwert_schneider_and_schwarz_together():
    # 10/50: a Sauspiel won Schneider is 10 + 10 = 20 ct from each loser (not 10 + 20)
    hand = {"game": "sauspiel", "player": HIAS, "partner": WAST, "result": "won_schneider"}
    result = play("schafkopf", SK4, [hand], tariff_set("10/50"))
    assert deltas(result, 1, "geld") == {HIAS: 20, VRONI: -20, WAST: 20, KATHI: -20}


def test_a_solo_won_schwarz_at_50_100():
    # 50/100: Solo 100 + Schneider 100 + Schwarz 100 = 300 ct from each of three: 900 ct
    hand = {"game": "solo", "player": VRONI, "result": "won_schwarz"}
    result = play("schafkopf", SK4, [hand], tariff_set("50/100"))
    assert deltas(result, 1, "geld") == {HIAS: -300, VRONI: 900, WAST: -300, KATHI: -300}


def test_a_set_sets_the_laufende_too():
    # 5/10 with Laufende on: a Sauspiel won with 4 Laufende is 5 + 4 x 5 = 25 ct each
    options = {**tariff_set("5/10"), "laufende": {"enabled": True, "value": 5}}
    assert tariff_set("5/10")["laufende"] == {"value": 5}
    hand = {"game": "sauspiel", "player": HIAS, "partner": KATHI, "result": "won", "laufende": 4}
    result = play("schafkopf", SK4, [hand], options)
    assert deltas(result, 1, "geld") == {HIAS: 25, VRONI: -25, WAST: -25, KATHI: 25}


def test_the_sie_follows_the_solo_of_the_set():
    # 10/20: a Sie is 3 x the Solo's 20 ct = 60 ct from each opponent
    result = play("schafkopf", SK4, [{"game": "sie", "player": WAST}], tariff_set("10/20"))
    assert deltas(result, 1, "geld") == {HIAS: -60, VRONI: -60, WAST: 180, KATHI: -60}


@pytest.mark.parametrize("sets, message", [
    ([{"name": "x", "tariffs": {"kreuzspiel": 10}}], "tariff_sets[0].tariffs.kreuzspiel: must name a game of this table"),
    ([{"name": "x", "tariffs": {"sie": 10}}], "tariff_sets[0].tariffs.sie: must name a game of this table"),
    ([{"name": "x", "tariffs": {"solo": 10}}, {"name": "x", "tariffs": {"solo": 20}}],
     "tariff_sets[1].name: the tariff set 'x' is named twice"),
    ([{"name": "x", "tariffs": {"solo": -1}}], "tariff_sets[0].tariffs.solo: must be 0 or more"),
    ([{"name": "x", "tariffs": {}}], "tariff_sets[0].tariffs: "),
])
def test_rulesets_check_refuses_a_set_the_engine_cannot_apply(sets, message):
    with pytest.raises(SessionError) as info:
        with_options(get_table("schafkopf"), {"tariff_sets": sets})
    assert str(info.value).startswith(f"options.{message}")


def test_the_rule_sheet_lists_the_sets():
    from scorepad.rulesheet import rule_sheet

    sheet = dict(rule_sheet(get_table("schafkopf")))
    assert sheet["Tarife zur Wahl"][2] == ("10/50: Sauspiel 0,10 €, Wenz 0,50 €, Farbwenz 0,30 €, Solo 0,50 €, "
                                           "Geier 0,50 €, Farbgeier 0,30 €, Laufender 0,10 € "
                                           "(Schneider und Schwarz je wie das Spiel)")
    assert sheet["Überblick"][1:4] == ["Für 4, 5 oder 6 Spieler.", "Bei 5 am Tisch spielen 4; es setzt aus: der Geber.",
                                       "Bei 6 am Tisch spielen 4; es setzt aus: der Geber und wer dem Geber "
                                       "gegenüber sitzt."]
