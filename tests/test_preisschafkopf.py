"""The Preisschafkopf lists (issue 27): points, not money. One rule of each list, one test, with
the figures worked by hand from the list (each table's header cites where they come from).

- preisschafkopf-plusminus (SELF tournament): plus and minus, Rufspiel 1/2/3, Solo and Wenz
  +15/-5, Schneider +18/-6, Schwarz +21/-7, Tout x2 (+42/-14), Sie x4 (+84/-28), Laufende from
  three at 1 a loser, no Kontra, a Muss-Spiel (won with 60, Schneider frei with 30).
- preisschafkopf-nurplus (ProHof): only plus points, the winners write; Rufspiel 10, Wenz 20,
  Solo 30, Schneider +10, Schwarz +10, +10 a Laufender from the first (mit or ohne), Tout the
  game won Schwarz + 20, no Kontra, über Kreuz (10) instead of Zamgschmissen.
- preisschafkopf-5-10-15 (TV Oberwallenstadt): Farbspiel 5/10/15, Solo, Geier, Wenz, Bettel 20,
  Herz-Solo 25, Tout doubled, Laufende from two at 5, no Kontra, über Kreuz instead of
  Zamgschmissen.

Players: Hias and Wast play the Rufspiel (tests/conftest.py `sauspiel`), Vroni the solos."""

from __future__ import annotations

import pytest
from conftest import HIAS, KATHI, SK4, SK5, VRONI, WAST, last, play, refused, sauspiel
from schafkopf_hands import solo

from scorepad.engine import replay
from scorepad.errors import SessionError
from scorepad.games.schafkopf.scoring import Schafkopf
from scorepad.tables import get_table, load_table_text, with_options

pytestmark = pytest.mark.unit

PLUSMINUS, NURPLUS, FUENF = "preisschafkopf-plusminus", "preisschafkopf-nurplus", "preisschafkopf-5-10-15"
LISTS = (PLUSMINUS, NURPLUS, FUENF)
GIRGL = SK5[4]


def punkte(ruleset, *hands, players=SK4, first_dealer=None):
    """The points of the last hand."""
    return last(play(ruleset, players, list(hands), first_dealer=first_dealer), "punkte")


def rufspiel(v):
    """Plus and minus: Hias and Wast get v each, Vroni and Kathi v less each."""
    return {HIAS: v, WAST: v, VRONI: -v, KATHI: -v}


def solo_pm(v):
    """Plus and minus: Vroni (soloist) gets 3 v, each opponent v less."""
    return {VRONI: 3 * v, HIAS: -v, WAST: -v, KATHI: -v}


def winners(points, *who):
    """Only plus points: each of `who` writes `points`, everyone else nothing."""
    return {p: points if p in who else 0 for p in SK4}


# --- every list -----------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", LISTS)
def test_every_list_writes_whole_points_and_no_money(ruleset):
    table = get_table(ruleset)
    assert table.tallies == ["punkte"] and table.tally == "punkte"
    result = play(ruleset, SK4, [sauspiel(70), solo("wenz", 40)])
    assert set(result.standings[HIAS]) == {"punkte"}
    assert Schafkopf.money(table, result) == dict.fromkeys(SK4, 0)


@pytest.mark.parametrize("ruleset", LISTS)
def test_every_list_knows_no_kontra(ruleset):
    assert get_table(ruleset).kontra_chain == []
    assert "kontra" in refused(ruleset, SK4, [sauspiel(70, kontra=VRONI)])


@pytest.mark.parametrize("ruleset", LISTS)
def test_every_list_seats_five_with_the_dealer_sitting_out(ruleset):
    points = punkte(ruleset, sauspiel(70, player=VRONI, partner=WAST), players=SK5, first_dealer=HIAS)
    assert points[HIAS] == 0 and points[VRONI] == points[WAST] > 0
    assert points[KATHI] == points[GIRGL] <= 0


@pytest.mark.parametrize("ruleset", LISTS)
def test_every_list_plays_a_muss_spiel_instead_of_zamgschmissen(ruleset):
    assert "weiter" in refused(ruleset, SK4, [{"passed": True}])


# --- plus and minus (SELF): Rufspiel 1/2/3, Solo +15/-5 ... ---------------------------------------

def test_plusminus_rufspiel_won_is_plus_one_each_minus_one_each():
    assert punkte(PLUSMINUS, sauspiel(70)) == rufspiel(1)


def test_plusminus_rufspiel_lost_is_minus_one_each():
    assert punkte(PLUSMINUS, sauspiel(50)) == rufspiel(-1)


def test_plusminus_rufspiel_schneider_is_two():
    assert punkte(PLUSMINUS, sauspiel(95)) == rufspiel(2)
    assert punkte(PLUSMINUS, sauspiel(30)) == rufspiel(-2)


def test_plusminus_rufspiel_schwarz_is_three():
    assert punkte(PLUSMINUS, sauspiel(result="won_schwarz")) == rufspiel(3)


def test_plusminus_solo_and_wenz_are_plus_15_minus_5():
    assert punkte(PLUSMINUS, solo("solo", 70, suit="eichel")) == solo_pm(5)
    assert punkte(PLUSMINUS, solo("wenz", 70)) == solo_pm(5)
    assert punkte(PLUSMINUS, solo("wenz", 59)) == solo_pm(-5)


def test_plusminus_solo_schneider_is_plus_18_minus_6():
    assert punkte(PLUSMINUS, solo("solo", 95)) == solo_pm(6)
    assert punkte(PLUSMINUS, solo("wenz", 25)) == solo_pm(-6)


def test_plusminus_solo_schwarz_is_plus_21_minus_7():
    assert punkte(PLUSMINUS, solo("wenz", result="won_schwarz")) == solo_pm(7)


def test_plusminus_tout_is_plus_42_minus_14():
    assert punkte(PLUSMINUS, solo("solo", 120, all_tricks="player", tout=True)) == solo_pm(14)
    assert punkte(PLUSMINUS, solo("wenz", 100, tout=True)) == solo_pm(-14)  # not every trick: lost


def test_plusminus_sie_is_plus_84_minus_28():
    assert punkte(PLUSMINUS, {"game": "sie", "player": VRONI}) == solo_pm(28)


def test_plusminus_laufende_count_from_three_one_point_a_loser():
    assert punkte(PLUSMINUS, sauspiel(70, laufende=2)) == rufspiel(1)
    assert punkte(PLUSMINUS, sauspiel(70, laufende=3)) == rufspiel(1 + 3)
    assert punkte(PLUSMINUS, solo("solo", 70, laufende=-3)) == solo_pm(5 + 3)  # "ohne" count too


def test_plusminus_muss_spiel_is_won_with_60_augen():
    assert punkte(PLUSMINUS, {"game": "muss", "player": HIAS, "partner": WAST, "augen": 60}) == rufspiel(1)
    assert punkte(PLUSMINUS, sauspiel(60)) == rufspiel(-1)  # a Rufspiel is lost with 60


def test_plusminus_muss_spiel_is_schneider_frei_with_30_augen():
    assert punkte(PLUSMINUS, {"game": "muss", "player": HIAS, "partner": WAST, "augen": 30}) == rufspiel(-1)
    assert punkte(PLUSMINUS, {"game": "muss", "player": HIAS, "partner": WAST, "augen": 28}) == rufspiel(-2)


def test_plusminus_every_hand_sums_to_zero():
    result = play(PLUSMINUS, SK4, [sauspiel(70, laufende=4), solo("solo", 95), {"game": "sie", "player": KATHI},
                                   solo("wenz", 100, tout=True)])
    assert all(sum(row["punkte"] for row in hand.deltas.values()) == 0 for hand in result.hands)


# --- only plus points (ProHof): Rufspiel 10, Wenz 20, Solo 30, +10 a Laufender ------------------------

def test_nurplus_rufspiel_won_each_winner_writes_10():
    assert punkte(NURPLUS, sauspiel(70)) == winners(10, HIAS, WAST)


def test_nurplus_rufspiel_lost_the_opponents_write_10_the_players_nothing():
    assert punkte(NURPLUS, sauspiel(50)) == winners(10, VRONI, KATHI)


def test_nurplus_wenz_is_20():
    assert punkte(NURPLUS, solo("wenz", 70)) == winners(20, VRONI)


def test_nurplus_solo_is_30():
    assert punkte(NURPLUS, solo("solo", 70, suit="schellen")) == winners(30, VRONI)


def test_nurplus_a_lost_solo_each_opponent_writes_30():
    assert punkte(NURPLUS, solo("solo", 40)) == winners(30, HIAS, WAST, KATHI)


def test_nurplus_schneider_adds_10_and_schwarz_10_more():
    assert punkte(NURPLUS, solo("solo", 95)) == winners(40, VRONI)
    assert punkte(NURPLUS, solo("solo", result="won_schwarz")) == winners(50, VRONI)
    assert punkte(NURPLUS, sauspiel(20)) == winners(20, VRONI, KATHI)


def test_nurplus_every_laufender_counts_10_from_the_first_mit_or_ohne():
    assert punkte(NURPLUS, sauspiel(70, laufende=1)) == winners(20, HIAS, WAST)
    assert punkte(NURPLUS, sauspiel(70, laufende=-2)) == winners(30, HIAS, WAST)
    assert punkte(NURPLUS, solo("wenz", 70, laufende=4)) == winners(60, VRONI)


def test_nurplus_tout_is_the_game_won_schwarz_and_20():
    assert punkte(NURPLUS, solo("solo", 120, all_tricks="player", tout=True)) == winners(30 + 10 + 10 + 20, VRONI)
    assert punkte(NURPLUS, solo("wenz", 110, tout=True)) == winners(20 + 10 + 10 + 20, HIAS, WAST, KATHI)


def test_nurplus_ueber_kreuz_is_10_when_everyone_says_weiter():
    hand = {"game": "kreuz", "player": HIAS, "partner": WAST, "augen": 61}
    assert punkte(NURPLUS, hand) == winners(10, HIAS, WAST)
    assert "Über Kreuz" in refused(NURPLUS, SK4, [{"passed": True}])


def test_nurplus_losers_never_lose_points():
    result = play(NURPLUS, SK4, [sauspiel(20), solo("solo", 0), solo("wenz", 110, tout=True), sauspiel(61)])
    assert all(v >= 0 for hand in result.hands for row in hand.deltas.values() for v in row.values())


# --- 5-10-15 (TV Oberwallenstadt): Farbspiel 5/10/15, Solo 20, Herz-Solo 25, Tout doubled ----------

def test_5_10_15_farbspiel_is_5_schneider_10_schwarz_15():
    assert punkte(FUENF, sauspiel(70)) == rufspiel(5)
    assert punkte(FUENF, sauspiel(95)) == rufspiel(10)
    assert punkte(FUENF, sauspiel(result="lost_schwarz")) == rufspiel(-15)


def test_5_10_15_the_player_loses_with_60_and_is_schneider_frei_with_31():
    assert punkte(FUENF, sauspiel(60)) == rufspiel(-5)
    assert punkte(FUENF, sauspiel(31)) == rufspiel(-5)
    assert punkte(FUENF, sauspiel(30)) == rufspiel(-10)


def test_5_10_15_farb_solo_geier_wenz_bettel_are_20():
    assert punkte(FUENF, solo("solo", 70, suit="eichel")) == solo_pm(20)
    assert punkte(FUENF, solo("geier", 70)) == solo_pm(20)
    assert punkte(FUENF, solo("wenz", 50)) == solo_pm(-20)
    assert punkte(FUENF, solo("bettel", result="won")) == solo_pm(20)


def test_5_10_15_herz_solo_is_25():
    assert punkte(FUENF, solo("solo", 70, suit="herz")) == solo_pm(25)
    assert punkte(FUENF, solo("solo", 95, suit="herz")) == solo_pm(25 + 5)


def test_5_10_15_a_solo_names_its_suit_since_the_herz_solo_counts_more():
    message = refused(FUENF, SK4, [solo("solo", 70)])
    assert "suit" in message and "Solo" in message


def test_5_10_15_tout_games_count_double():
    assert punkte(FUENF, solo("solo", 120, all_tricks="player", tout=True, suit="herz")) == solo_pm(50)
    assert punkte(FUENF, solo("wenz", 110, tout=True)) == solo_pm(-40)


def test_5_10_15_laufende_count_from_two_herren_5_each():
    assert punkte(FUENF, sauspiel(70, laufende=1)) == rufspiel(5)
    assert punkte(FUENF, sauspiel(70, laufende=2)) == rufspiel(5 + 10)
    assert punkte(FUENF, solo("solo", 120, all_tricks="player", tout=True, suit="herz", laufende=2)) == solo_pm(70)


def test_5_10_15_ueber_kreuz_counts_as_a_farbspiel_when_everyone_says_weiter():
    assert punkte(FUENF, {"game": "kreuz", "player": VRONI, "partner": KATHI, "augen": 40}) == rufspiel(5)
    assert "Über Kreuz" in refused(FUENF, SK4, [{"passed": True}])


# --- the table keys: what a list may say, what it may not ------------------------------------------

def test_a_house_list_is_a_variant_of_a_built_in_list():
    table, _ = load_table_text('id = "preisschafkopf-nurplus-wirt"\nextends = "preisschafkopf-nurplus"\n'
                               'name = "Beim Wirt"\n[laufende]\nvalue = 5\n', "wirt.toml")
    assert last(replay(table, SK4, [sauspiel(70, laufende=2)]), "punkte") == winners(20, HIAS, WAST)


@pytest.mark.parametrize("options, key", [
    ({"muss": {"game": "hochzeit"}}, "muss.game"),
    ({"stock": {"enabled": True}}, "stock.enabled"),
    ({"contracts": {"wenz": {"suit_tariffs": {"herz": 30}}}}, "contracts.wenz.suit_tariffs"),
])
def test_a_list_the_engine_cannot_score_is_refused_naming_the_key(options, key):
    with pytest.raises(SessionError) as info:
        with_options(get_table(NURPLUS), options)
    assert str(info.value).startswith(f"options.{key}: ")


def test_the_money_table_keeps_its_old_defaults():
    table = get_table("schafkopf")
    assert (table.tally, table.writes, table.muss.enabled, table.tout.bonus) == ("geld", "both", False, 0)
    assert all(not c.suit_tariffs and c.thresholds is None and c.tariff_of_value == "grundwert"
               for c in table.contracts.values())


@pytest.mark.parametrize("ruleset", LISTS)
def test_a_points_lists_house_rules_offer_values_in_points_never_euros(ruleset):
    from scorepad.ui.choices import all_choices, choice_values, value_at

    table = get_table(ruleset)
    for label, path, values in all_choices(table):
        labels = [words for _value, words in choice_values(path, values)]
        assert not any("€" in words for words in labels), (label, labels)
        if path == ("contracts", "solo", "tariff"):
            assert value_at(table, path) in [v for v, _words in choice_values(path, values)]  # what stands is lit
            assert all(words.endswith(("Punkt", "Punkte")) for words in labels)


def test_a_money_tables_house_rules_still_offer_euros():
    from scorepad.ui.choices import all_choices, choice_values

    labels = {label: [w for _v, w in choice_values(path, values)] for label, path, values in all_choices(get_table("schafkopf"))}
    assert labels["Sauspiel-Tarif"] == ["0,10 €", "0,20 €", "0,50 €", "1,00 €"]


@pytest.mark.parametrize("ruleset", LISTS)
def test_a_points_lists_rule_sheet_names_no_money(ruleset):
    from scorepad.games.schafkopf.sheet import sheet

    sie = {"contracts": {"sie": {"enabled": True}}} if "sie" in get_table(ruleset).contracts else {}
    ramsch = {"ramsch": {"enabled": True}} if get_table(ruleset).writes != "winners" else {}  # refused there
    table = with_options(get_table(ruleset), {**ramsch, **sie})
    lines = [line for _title, section in sheet(table) for line in section]
    assert not [line for line in lines if "zahlt" in line or "€" in line]


@pytest.mark.parametrize("ruleset", LISTS)
async def test_a_points_lists_rules_can_be_changed_on_the_phone_without_the_games_it_lacks(main, ruleset):
    """A Preisschafkopf list lacks some of a money table's games (Farbwenz, Hochzeit ...): its
    evening's "Regeln ändern" opens and offers what it has (the Solo-Tarif in points), none of
    what it lacks (it raised KeyError, the screen did not open)."""
    from flet_harness import open_phone

    eid = main.app.start_evening(ruleset, ["Vroni", "Hias", "Kathi", "Wast"]).id
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("rules")
    await phone.tap("rules-edit")
    table = get_table(ruleset)
    assert phone.has(f"rules-contracts.solo.tariff-{table.contracts['solo'].tariff}")
    lacked = [k for k in ("farbwenz", "geier", "hochzeit", "bettel", "bettel_brett") if k not in table.contracts]
    assert lacked  # every list lacks some of the money table's games
    keys = [str(c.key) for c in phone.controls() if c.key is not None]
    assert not [k for k in lacked if any(f"contracts.{k}." in key for key in keys)]
