"""Skat nach der ISkO: one rule, one test, each worked out by hand from the ISkO (SKAT.md's
examples) and from independently published cases (a suit game overbid at 22, Schneider by
Augen at 30/31 and 89/90, Augen 120 without Schwarz)."""

import pytest

from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.rules import TABLE_FILE, isko, parse_rules
from scorepad.games.skat.value import score

pytestmark = pytest.mark.unit

RULES = isko()


def game(**keys) -> SkatHand:
    return SkatHand(declarer="Anna", **keys)


def value(**keys) -> int:
    return score(game(**keys), RULES).value


def entry(**keys) -> int:
    return score(game(**keys), RULES).entry


# ISkO 2.4: base values and the multiplier

def test_base_values_are_karo_9_herz_10_pik_11_kreuz_12_grand_24():
    assert [value(game=g, spitzen=1, augen=61) // 2 for g in ("karo", "herz", "pik", "kreuz", "grand")] \
        == [9, 10, 11, 12, 24]


def test_mit_and_ohne_count_alike():
    assert value(game="pik", spitzen=3, mit=True, augen=70) == value(game="pik", spitzen=3, mit=False, augen=70) == 44


def test_value_is_base_times_spitzen_plus_one_spiel():
    assert value(game="kreuz", spitzen=4, augen=61) == 60  # (4 + 1) × 12


def test_hand_counts_one_level():
    assert value(game="kreuz", spitzen=2, hand=True, augen=70) == 48  # (2 + 1 + 1) × 12


def test_suit_game_has_up_to_eleven_spitzen():
    assert value(game="karo", spitzen=11, augen=61) == 108
    with pytest.raises(SkatRefused, match="höchstens 11 Spitzen, nicht 12"):
        value(game="karo", spitzen=12, augen=61)
    with pytest.raises(SkatRefused, match="nicht 0"):
        value(game="karo", spitzen=0, augen=61)


def test_grand_has_up_to_four_spitzen():
    assert value(game="grand", spitzen=4, augen=61) == 120
    with pytest.raises(SkatRefused, match="Grand hat 1 bis höchstens 4 Spitzen, nicht 5"):
        value(game="grand", spitzen=5, augen=61)


def test_a_suit_game_needs_its_spitzen():
    with pytest.raises(SkatRefused, match="Noch offen: Spitzen"):
        value(game="herz", augen=61)


# Winning and Schneider by Augen

def test_declarer_wins_with_61_augen():
    assert score(game(game="kreuz", spitzen=1, augen=61), RULES).won
    assert not score(game(game="kreuz", spitzen=1, augen=60), RULES).won


def test_schneider_is_30_augen_or_fewer():
    assert value(game="kreuz", spitzen=1, augen=90) == 36  # opponents 30: Schneider
    assert value(game="kreuz", spitzen=1, augen=89) == 24  # opponents 31: not
    assert value(game="kreuz", spitzen=1, augen=30) == 36  # the declarer Schneider: counts too
    assert value(game="kreuz", spitzen=1, augen=31) == 24


def test_schwarz_means_no_trick():
    # 120 Augen are not Schwarz: the opponents may have taken a trick without Augen
    assert value(game="kreuz", spitzen=2, augen=120) == 48  # 2 + 1 + Schneider
    assert value(game="kreuz", spitzen=2, augen=120, schwarz=True) == 60  # + Schwarz
    lost = score(game(game="kreuz", spitzen=2, augen=0, schwarz=True), RULES)
    assert (lost.won, lost.value, lost.entry) == (False, 60, -120)


def test_schwarz_cannot_go_with_augen_of_both_parties():
    with pytest.raises(SkatRefused, match="Schwarz .* nicht mit 50"):
        value(game="kreuz", spitzen=2, augen=50, schwarz=True)


def test_won_or_lost_can_be_entered_without_augen():
    assert entry(game="herz", spitzen=1, won=True, schneider=True) == 30
    assert entry(game="herz", spitzen=1, won=False) == -40


def test_result_is_augen_or_won_lost_not_both():
    with pytest.raises(SkatRefused, match="Noch offen: Ergebnis"):
        value(game="herz", spitzen=1)
    with pytest.raises(SkatRefused, match="Ergebnis zweimal"):
        value(game="herz", spitzen=1, augen=70, won=True)


def test_augen_are_at_most_120():
    with pytest.raises(SkatRefused, match="121 Augen gibt es nicht"):
        value(game="herz", spitzen=1, augen=121)


# Announcements and ouvert

def test_schneider_and_schwarz_can_be_announced_only_in_a_hand_game():
    with pytest.raises(SkatRefused, match="nur im Handspiel"):
        value(game="kreuz", spitzen=1, augen=95, schneider_angesagt=True)


def test_announced_schneider_counts_schneider_and_angesagt():
    # Kreuz mit 2, Hand, Schneider angesagt and reached: (2+1+1+1+1) × 12
    assert entry(game="kreuz", spitzen=2, hand=True, schneider_angesagt=True, augen=90) == 72


def test_announced_schneider_not_reached_loses_the_game_at_its_full_value():
    scored = score(game(game="kreuz", spitzen=2, hand=True, schneider_angesagt=True, augen=89), RULES)
    assert (scored.won, scored.value, scored.entry) == (False, 72, -144)


def test_announced_schwarz_includes_schneider_angesagt():
    # Grand mit 1, Hand, Schwarz angesagt, reached: (1+1+1+1+1+1+1) × 24
    assert entry(game="grand", spitzen=1, hand=True, schwarz_angesagt=True, augen=120, schwarz=True) == 168


def test_announced_schwarz_missed_by_one_trick_is_lost():
    scored = score(game(game="grand", spitzen=1, hand=True, schwarz_angesagt=True, augen=120), RULES)
    assert (scored.won, scored.entry) == (False, -336)


def test_ouvert_means_schwarz_angesagt():
    # SKAT.md: Kreuz ouvert mit 2 = (2+1+1+1+1+1+1+1) × 12 = 108; Grand ouvert mit 4 = 11 × 24 = 264
    assert entry(game="kreuz", spitzen=2, ouvert=True, won=True, schwarz=True) == 108
    assert entry(game="grand", spitzen=4, ouvert=True, won=True, schwarz=True) == 264


def test_ouvert_without_schwarz_is_lost():
    assert entry(game="kreuz", spitzen=2, ouvert=True, augen=119) == -216


# Null

def test_null_is_23():
    assert entry(game="null", won=True) == 23


def test_null_hand_is_35():
    assert entry(game="null", hand=True, won=True) == 35


def test_null_ouvert_is_46():
    assert entry(game="null", ouvert=True, won=True) == 46


def test_null_ouvert_hand_is_59():
    assert entry(game="null", ouvert=True, hand=True, won=True) == 59


def test_null_has_no_spitzen_and_no_augen():
    with pytest.raises(SkatRefused, match="Null hat keine Spitzen"):
        value(game="null", spitzen=1, won=True)
    with pytest.raises(SkatRefused, match="nicht nach Augen"):
        value(game="null", augen=0)


def test_null_cannot_be_declared_above_its_value():
    with pytest.raises(SkatRefused, match="Null ist 23 wert, gereizt war 24"):
        value(game="null", won=True, reizwert=24)


# Lost games and overbidding

def test_lost_game_counts_twice_its_value():
    assert entry(game="pik", spitzen=1, augen=60) == -44


def test_lost_hand_game_counts_twice_too():
    assert entry(game="pik", spitzen=1, hand=True, augen=60) == -66


def test_lost_null_counts_twice():
    assert entry(game="null", ouvert=True, hand=True, won=False) == -118


def test_overbid_game_is_lost_at_the_lowest_multiple_reaching_the_bid_doubled():
    # Karo ohne 1 after a bid of 22: 2 × 9 = 18 < 22; lowest multiple of 9 reaching 22 is 27
    scored = score(game(game="karo", spitzen=1, mit=False, augen=89, reizwert=22), RULES)
    assert (scored.won, scored.overbid, scored.reached, scored.value, scored.entry) == (False, True, 18, 27, -54)


def test_a_bid_is_a_game_value():
    assert not score(game(game="herz", spitzen=1, augen=70, reizwert=18), RULES).overbid  # 18: Karo mit 1
    with pytest.raises(SkatRefused, match="19 ist kein Reizwert"):
        value(game="herz", spitzen=1, augen=70, reizwert=19)


def test_overbid_is_not_the_bid():
    assert value(game="herz", spitzen=1, augen=70, reizwert=33) == 40  # not 33


def test_schneider_can_save_a_game_from_being_overbid():
    scored = score(game(game="karo", spitzen=1, mit=False, augen=90, reizwert=22), RULES)
    assert (scored.won, scored.overbid, scored.entry) == (True, False, 27)


def test_a_game_reaching_the_bid_exactly_is_not_overbid():
    assert not score(game(game="kreuz", spitzen=1, augen=61, reizwert=24), RULES).overbid


def test_overbid_hand_game_with_a_spitze_in_the_skat():
    # bid 48 on Kreuz Hand "mit 2"; the Pik-Bube lay in the Skat: only mit 1, (1+1+1) × 12 = 36 < 48
    scored = score(game(game="kreuz", spitzen=1, hand=True, augen=80, reizwert=48), RULES)
    assert (scored.overbid, scored.value, scored.entry) == (True, 48, -96)


# Eingepasst

def test_eingepasst_is_worth_0():
    scored = score(SkatHand(eingepasst=True), RULES)
    assert (scored.value, scored.entry) == (0, 0)


def test_eingepasst_has_no_declarer():
    with pytest.raises(SkatRefused, match="keinen Spieler"):
        score(SkatHand(eingepasst=True, declarer="Anna"), RULES)


# The table

def test_every_number_comes_from_the_table():
    text = TABLE_FILE.read_text(encoding="utf-8").replace("kreuz = 12", "kreuz = 13")
    assert score(game(game="kreuz", spitzen=1, augen=61), parse_rules(text)).value == 26
    single = parse_rules(TABLE_FILE.read_text(encoding="utf-8"), {"lost": {"factor": 1}})
    assert score(game(game="kreuz", spitzen=1, augen=60), single).entry == -24


def test_a_won_announced_game_entered_as_won_reached_its_announcement():
    assert entry(game="kreuz", spitzen=2, ouvert=True, won=True) == 108
    assert entry(game="herz", spitzen=1, hand=True, schneider_angesagt=True, won=True) == 50  # (1+1+1+1+1) × 10
