"""Skat as a registered game: the Game the engine plays (the dealer moving on after every game,
who sits out at four and five, the list the evening keeps), its refusals in German, its
statistics and its rule sheet. Figures worked out by hand from the ISkO and the SkWO."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import new_game, replay
from scorepad.errors import HandError
from scorepad.games import family_of
from scorepad.summary import summarize
from scorepad.tables import get_table, with_options

pytestmark = pytest.mark.unit

THREE = ["Anna", "Ben", "Cem"]
FOUR = [*THREE, "Dora"]
FIVE = [*FOUR, "Emil"]
KREUZ_HAND = {"declarer": "Ben", "game": "kreuz", "spitzen": 2, "hand": True, "augen": 70}  # 4 × 12 = 48
HERZ_LOST = {"declarer": "Ben", "game": "herz", "spitzen": 1, "augen": 50}  # 2 × 10 = 20, -40
SEEGER_FABIAN = {"list_kind": "seeger_fabian"}


def table(options=None, ruleset="skat"):
    return with_options(get_table(ruleset), options) if options else get_table(ruleset)


def points(result):
    return {p: row["punkte"] for p, row in result.deltas.items()}


def test_the_classic_list_gives_the_declarer_the_value_won():
    game = new_game(table(), THREE)
    assert points(game.play(1, KREUZ_HAND)) == {"Anna": 0, "Ben": 48, "Cem": 0}


def test_the_classic_list_gives_the_declarer_twice_the_value_lost():
    game = new_game(table(), THREE)
    assert points(game.play(1, HERZ_LOST)) == {"Anna": 0, "Ben": -40, "Cem": 0}


def test_seeger_fabian_adds_50_to_a_won_game():
    game = new_game(table(SEEGER_FABIAN), THREE)
    assert points(game.play(1, KREUZ_HAND)) == {"Anna": 0, "Ben": 98, "Cem": 0}


def test_seeger_fabian_a_lost_game_gives_40_to_each_other_at_three():
    game = new_game(table(SEEGER_FABIAN), THREE)
    assert points(game.play(1, HERZ_LOST)) == {"Anna": 40, "Ben": -90, "Cem": 40}


def test_seeger_fabian_a_lost_game_gives_30_to_each_other_at_four_the_dealer_included():
    game = new_game(table(SEEGER_FABIAN), FOUR)  # Anna deals and sits out
    assert points(game.play(1, HERZ_LOST)) == {"Anna": 30, "Ben": -90, "Cem": 30, "Dora": 30}


def test_the_seeger_fabian_table_is_its_own_ruleset():
    game = new_game(table(ruleset="skat-seeger-fabian"), FOUR)
    assert points(game.play(1, KREUZ_HAND))["Ben"] == 98


def test_seeger_fabian_at_five_is_refused_in_german():
    game = new_game(table(SEEGER_FABIAN), FIVE)
    with pytest.raises(HandError) as info:
        game.play(1, KREUZ_HAND)
    assert "Seeger-Fabian-Liste kennt keinen Tisch zu 5" in info.value.german


def test_the_dealer_moves_on_after_every_game_eingepasst_included():
    out = replay(table(), THREE, [KREUZ_HAND, {"eingepasst": True}, KREUZ_HAND])
    assert [h.dealer for h in out.hands] == ["Anna", "Ben", "Cem"]
    assert out.state["next_dealer"] == "Anna"


def test_eingepasst_is_worth_0_and_no_game_for_the_statistics():
    out = replay(table(), THREE, [{"eingepasst": True}], keep_boards=True)
    assert all(row["punkte"] == 0 for row in out.hands[0].deltas.values())
    assert summarize(table(), THREE, out).games == 0


def test_at_four_the_dealer_sits_out_and_may_not_declare():
    game = new_game(table(), FOUR)
    assert game.state() == {"next_dealer": "Anna", "sitting_out": ["Anna"]}
    with pytest.raises(HandError) as info:
        game.play(1, {**KREUZ_HAND, "declarer": "Anna"})
    assert info.value.key == "declarer" and info.value.code == "sits_out"


def test_at_five_the_dealer_and_the_third_after_him_sit_out():
    game = new_game(table(), FIVE)
    assert game.state()["sitting_out"] == ["Anna", "Dora"]
    game.play(1, {"eingepasst": True})
    assert game.state()["sitting_out"] == ["Ben", "Emil"]


def test_money_is_cents_per_point_settled_as_the_differences():
    t = table({"tariff": 10})
    out = replay(t, THREE, [KREUZ_HAND, HERZ_LOST, {**KREUZ_HAND, "declarer": "Anna"}])
    # Anna 48, Ben 48 - 40 = 8, Cem 0: Anna gets (48 - 8) + (48 - 0) = 88 points
    assert type(new_game(t, THREE)).money(t, out) == {"Anna": 880, "Ben": -320, "Cem": -560}


def test_a_game_the_engine_cannot_score_is_refused_naming_the_key_in_german():
    game = new_game(table(), THREE)
    with pytest.raises(HandError) as info:
        game.play(1, {"declarer": "Ben", "game": "kreuz", "spitzen": 12, "augen": 70})
    assert info.value.key == "spitzen"
    assert info.value.german == "Kreuz hat 1 bis höchstens 11 Spitzen, nicht 12."


def test_a_missing_result_is_only_not_entered_yet():
    game = new_game(table(), THREE)
    with pytest.raises(HandError) as info:
        game.play(1, {"declarer": "Ben", "game": "kreuz", "spitzen": 1})
    assert info.value.missing and info.value.german.startswith("Noch offen: Ergebnis")


def test_an_unknown_hand_key_is_refused_and_nothing_scored():
    game = new_game(table(), THREE)
    with pytest.raises(HandError) as info:
        game.play(1, {**KREUZ_HAND, "trumpf": "kreuz"})
    assert info.value.key == "trumpf"
    assert all(row["punkte"] == 0 for row in game.board.values())


def test_an_overbid_game_is_lost_at_the_multiple_reaching_the_bid_and_said_so():
    t = table()
    game = new_game(t, THREE)
    hand = {"declarer": "Anna", "game": "herz", "spitzen": 1, "augen": 70, "reizwert": 30}
    result = game.play(1, hand)
    assert points(result)["Anna"] == -60 and result.info["overbid"]
    words = family_of(t).words
    assert "überreizt" in words.describe(t, hand, result)
    assert "überreizt (gereizt 30): 3 × 10 = 30" in words.preview(t, hand, result)


def test_the_preview_says_the_value_in_words():
    t = table()
    result = new_game(t, THREE).play(1, KREUZ_HAND)
    assert family_of(t).words.preview(t, KREUZ_HAND, result) == \
        "Kreuz mit 2, Hand: 4 × 12 = 48; gewonnen: +48; Ben +48 Punkte"


def test_the_statistics_count_declarer_defender_grand_null_and_the_average_value():
    t = table()
    hands = [KREUZ_HAND, HERZ_LOST, {"declarer": "Cem", "game": "grand", "spitzen": 1, "augen": 61},
             {"declarer": "Cem", "game": "null", "won": False}]
    summary = summarize(t, THREE, replay(t, THREE, hands, keep_boards=True))
    stats = {s.name: s for s in summary.stats}
    assert (stats["Ben"].declared, stats["Ben"].declared_won) == (2, 1)
    assert stats["Anna"].own("defender_wins") == 2 and stats["Ben"].own("defender_wins") == 1
    assert (stats["Cem"].own("grands"), stats["Cem"].own("nulls")) == (1, 1)
    assert stats["Ben"].own("average_value") == 34  # (48 + 20) / 2
    assert stats["Cem"].own("average_value") == 36  # (48 + 23) / 2 = 35.5


def test_the_rule_sheet_is_read_from_the_table():
    t = table({"grundwerte": {"kreuz": 13}})
    lines = [line for _, part in family_of(t).sheet(t) for line in part]
    assert any("Kreuz 13" in line for line in lines)
    sf = [line for _, part in family_of(t).sheet(table(SEEGER_FABIAN)) for line in part]
    assert any("40 zu dritt, 30 zu viert" in line for line in sf)


# --- any input: scored, or refused with a hand error in German, never a crash ----------------

KEYS = ["eingepasst", "declarer", "game", "hand", "ouvert", "spitzen", "mit", "schneider_angesagt",
        "schwarz_angesagt", "augen", "won", "schneider", "schwarz", "reizwert", "sitting_out", "junk"]
ANY = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.sampled_from([*THREE, "Xaver", "kreuz", "null", "grand"]),
                st.lists(st.sampled_from(FOUR), max_size=2))


@settings(max_examples=300, deadline=None)
@given(hands=st.lists(st.dictionaries(st.sampled_from(KEYS), ANY, max_size=8), min_size=1, max_size=4),
       at_table=st.sampled_from([3, 4, 5]))
def test_any_hand_is_scored_or_refused_naming_the_game_in_german(hands, at_table):
    players = [*FOUR, "Emil"][:at_table]
    try:
        replay(table(), players, hands)
    except HandError as exc:
        assert 1 <= exc.number <= len(hands)
        assert exc.german and "\n" not in str(exc)


def test_the_four_player_example_seats_the_dealer_out_and_keeps_the_classic_list():
    import json
    from pathlib import Path

    session = json.loads((Path(__file__).resolve().parent.parent / "examples" / "skat-vier.json").read_text("utf-8"))
    t = table(session["options"])
    out = replay(t, session["players"], session["hands"])
    assert [h.dealer for h in out.hands] == ["Anna", "Ben", "Cem", "Dora", "Anna", "Ben"]
    # Anna: Null ouvert lost -92, Herz ohne 4 lost -100
    assert {p: row["punkte"] for p, row in out.standings.items()} == {"Anna": -192, "Ben": 24, "Cem": 96, "Dora": 33}
    assert out.state == {"next_dealer": "Cem", "sitting_out": ["Cem"]}
