"""Skat's house rules, each a key of the table, off (the ISkO's way) by default, each chosen on
the house-rules screen; one rule, one test."""

import pytest

from scorepad.engine import new_game
from scorepad.errors import HandError, ScorepadError
from scorepad.games import family_of
from scorepad.tables import get_table, with_options
from scorepad.ui.choices import all_choices, choice_values, picked, value_at

pytestmark = pytest.mark.unit

THREE = ["Anna", "Ben", "Cem"]


def entry(options, hand):
    table = with_options(get_table("skat"), options) if options else get_table("skat")
    return new_game(table, THREE).play(1, hand).deltas["Ben"]["punkte"]


def sheet_lines(options):
    table = with_options(get_table("skat"), options)
    return [line for _, part in family_of(table).sheet(table) for line in part]


HERZ_HAND_LOST = {"declarer": "Ben", "game": "herz", "spitzen": 1, "hand": True, "augen": 50}  # 3 × 10


def test_lost_hand_games_single():
    assert entry(None, HERZ_HAND_LOST) == -60  # the ISkO: twice
    assert entry({"lost": {"hand": 1}}, HERZ_HAND_LOST) == -30
    assert entry({"lost": {"hand": 1}}, {**HERZ_HAND_LOST, "hand": False}) == -40  # not a Hand game: twice
    assert any("ein Handspiel 1 ×" in line for line in sheet_lines({"lost": {"hand": 1}}))


def test_lost_hand_games_single_counts_ouvert_as_hand():
    ouvert = {"declarer": "Ben", "game": "kreuz", "spitzen": 1, "ouvert": True, "won": False}  # 8 × 12
    assert entry({"lost": {"hand": 1}}, ouvert) == -96


def test_spitzen_only_with_buben():
    five = {"declarer": "Ben", "game": "kreuz", "spitzen": 5, "augen": 70}
    assert entry(None, five) == 72
    with pytest.raises(HandError) as info:
        entry({"spitzen": {"suit": 4}}, five)
    assert info.value.german == "Kreuz hat 1 bis höchstens 4 Spitzen, nicht 5."
    assert any("auch im Farbspiel" in line for line in sheet_lines({"spitzen": {"suit": 4}}))


def test_grand_at_20():
    grand = {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 70}
    assert entry(None, grand) == 48
    assert entry({"grundwerte": {"grand": 20}}, grand) == 40
    assert any("Grand 20" in line for line in sheet_lines({"grundwerte": {"grand": 20}}))


def test_each_house_rule_is_a_choice_and_off_by_default():
    table = get_table("skat")
    paths = [path for _, path, _ in family_of(table).house]
    assert paths[:6] == [("spitzen", "suit"), ("grundwerte", "grand"), ("lost", "hand"), ("kontra_re", "enabled"),
                         ("announce_without_hand",), ("bock", "enabled")]
    assert [p[-1] for p in paths if p[:2] == ("bock", "after")] == ["tie", "lost_kontra", "kontra_re", "lost_grand",
                                                                           "hundred"]
    assert (table.spitzen.suit, table.grundwerte.grand, table.lost.hand, table.kontra_re.enabled,
            table.announce_without_hand, table.bock.enabled, table.bock.after) == (11, 24, 2, False, False, False, [])
    assert ("bierlachs", "enabled") in paths and ("bierlachs", "limit") in paths and not table.bierlachs.enabled
    assert {("ramsch", "enabled"), ("ramsch", "value"), ("ramsch", "jungfrau"), ("ramsch", "durchmarsch"),
            ("ramsch", "push_factor"), ("ramsch", "tie"), ("grundwerte", "grand_ouvert")} <= set(paths)
    assert (table.ramsch.enabled, table.grundwerte.grand_ouvert) == (False, 0)


KONTRA = {"kontra_re": {"enabled": True}}
KREUZ = {"declarer": "Ben", "game": "kreuz", "spitzen": 1, "augen": 70}  # 2 × 12 = 24


def test_kontra_doubles_and_re_doubles_again():
    assert entry(KONTRA, {**KREUZ, "kontra": True}) == 48
    assert entry(KONTRA, {**KREUZ, "kontra": True, "re": True}) == 96
    assert entry(KONTRA, {**KREUZ, "augen": 50, "kontra": True}) == -96  # lost: 2 × 24, doubled


def test_kontra_is_refused_where_the_table_plays_none():
    with pytest.raises(HandError) as info:
        entry(None, {**KREUZ, "kontra": True})
    assert info.value.german == "An diesem Tisch gibt es kein Kontra und Re (Hausregel)."


def test_re_answers_a_kontra():
    with pytest.raises(HandError) as info:
        entry(KONTRA, {**KREUZ, "re": True})
    assert info.value.key == "re"


def test_kontra_leaves_the_bid_checked_against_the_game_value():
    # Kreuz mit 1 is 24: a bid of 27 is overbid even with Kontra; lost at 3 × 12 = 36, twice, doubled
    assert entry(KONTRA, {**KREUZ, "reizwert": 27, "kontra": True}) == -144


def test_kontra_in_words_and_on_the_form():
    table = with_options(get_table("skat"), KONTRA)
    hand = {**KREUZ, "kontra": True, "re": True}
    result = new_game(table, THREE).play(1, hand)
    words = family_of(table).words
    assert words.preview(table, hand, result) == \
        "Kreuz mit 1: 2 × 12 = 24; Kontra, Re: × 4; gewonnen: 24 × 4 = +96; Ben +96 Punkte"
    assert "Kontra, Re" in words.describe(table, hand, result)
    assert family_of(table).taps_module().taps(table, None, hand)[-2:] == ["kontra", "re"]


def test_schneider_announced_without_hand():
    announced = {"declarer": "Ben", "game": "herz", "spitzen": 1, "schneider_angesagt": True, "augen": 95}
    with pytest.raises(HandError) as info:
        entry(None, announced)
    assert info.value.code == "skat_announce_hand"
    assert entry({"announce_without_hand": True}, announced) == 40  # (1 + 1 + 1 + 1) × 10


# Bock rounds: one game per player at the table, each counting twice on the list

def bock_game(after, stacking=False, players=THREE):
    table = with_options(get_table("skat"), {"kontra_re": {"enabled": True},
                                             "bock": {"enabled": True, "after": after, "stacking": stacking}})
    return new_game(table, players)


def points(result):
    return result.deltas[result.info["player"]]["punkte"]


def test_bock_after_60_60():
    game = bock_game(["tie"])
    game.play(1, {"declarer": "Ben", "game": "kreuz", "spitzen": 1, "augen": 60})  # lost, 60 : 60
    assert game.state()["bock"] == [1, 1, 1]
    assert points(game.play(2, KREUZ)) == 48  # 24, Bock
    game.play(3, {"eingepasst": True})  # a game of the round too
    game.play(4, KREUZ)
    assert "bock" not in game.state()
    assert points(game.play(5, KREUZ)) == 24


def test_bock_after_a_lost_game_with_kontra():
    game = bock_game(["lost_kontra"])
    game.play(1, {**KREUZ, "augen": 50, "kontra": True})
    assert game.state()["bock"] == [1, 1, 1]
    game = bock_game(["lost_kontra"])
    game.play(1, {**KREUZ, "kontra": True})  # won: no Bock
    assert "bock" not in game.state()


def test_bock_after_kontra_and_re():
    game = bock_game(["kontra_re"])
    game.play(1, {**KREUZ, "kontra": True, "re": True})
    assert game.state()["bock"] == [1, 1, 1]


def test_bock_after_a_lost_grand():
    game = bock_game(["lost_grand"], players=[*THREE, "Dora"])
    game.play(1, {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 40})
    assert game.state()["bock"] == [1, 1, 1, 1]  # one game per player at the table


def test_bock_after_a_score_passing_a_hundred():
    grand = {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 70}  # 2 × 24 = 48
    game = bock_game(["hundred"])
    game.play(1, grand)
    game.play(2, grand)  # 96: below 100
    assert "bock" not in game.state()
    game.play(3, grand)  # 144: passes 100
    assert game.state()["bock"] == [1, 1, 1]
    game = bock_game(["hundred"])
    game.play(1, {**grand, "spitzen": 3, "augen": 50})  # 4 × 24 lost: -192
    game.play(2, {**grand, "spitzen": 3})  # -96: passing -100 upward is no hundred
    game.play(3, {**grand, "spitzen": 3})  # 0
    assert "bock" not in game.state()
    game.play(4, {**grand, "spitzen": 3})  # 96
    game.play(5, {**grand, "spitzen": 1, "augen": 60})  # lost: 96 - 96 = 0, falling passes none
    assert "bock" not in game.state()


def test_bock_after_a_hundred_reached_exactly_and_on_the_rule_sheet():
    game = bock_game(["hundred"])
    game.play(1, {"declarer": "Ben", "game": "grand", "spitzen": 4, "augen": 100, "hand": True})  # 7 × 24 = 168
    assert game.state()["bock"] == [1, 1, 1]
    table = with_options(get_table("skat"), {"bock": {"enabled": True, "after": ["hundred"], "hundred": 50}})
    game = new_game(table, THREE)
    game.play(1, {"declarer": "Ben", "game": "herz", "spitzen": 4, "augen": 70})  # 5 × 10 = 50: reached
    assert game.state()["bock"] == [1, 1, 1]
    sheet = "\n".join(sheet_lines({"bock": {"enabled": True, "after": ["hundred"]}}))
    assert "ein Spieler erreicht oder überschreitet 100, 200, … Punkte (aufwärts)" in sheet


def test_bock_rounds_that_meet_follow_each_other_or_stack():
    lost_grand = {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 40}
    queued = bock_game(["lost_grand"])
    queued.play(1, lost_grand)
    queued.play(2, lost_grand)
    assert queued.state()["bock"] == [1, 1, 1, 1, 1]
    stacked = bock_game(["lost_grand"], stacking=True)
    stacked.play(1, lost_grand)
    stacked.play(2, lost_grand)
    assert stacked.state()["bock"] == [2, 2, 1]
    assert points(stacked.play(3, KREUZ)) == 96  # 24 × 2 × 2


def test_bock_in_words():
    game = bock_game(["lost_grand"])
    game.play(1, {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 40})
    result = game.play(2, KREUZ)
    words = family_of(game.table).words
    assert words.preview(game.table, KREUZ, result) == "Kreuz mit 1: 2 × 12 = 24; gewonnen: +24; Bock: +24 × 2 = +48; Ben +48 Punkte"
    assert words.context_line(game.state(), {}, game.table).endswith("Bock: noch 2 Spiele")


# Bierlachs: only minus points; the first to the limit pays the round

def bierlachs_game(limit=500, list_kind="classic"):
    table = with_options(get_table("skat"), {"bierlachs": {"enabled": True, "limit": limit}, "list_kind": list_kind})
    return new_game(table, THREE)


def test_bierlachs_writes_only_minus_points():
    game = bierlachs_game()
    won = game.play(1, KREUZ)
    assert won.deltas == {p: {"punkte": 0} for p in THREE}  # a won game writes nothing
    lost = game.play(2, {**KREUZ, "declarer": "Cem", "augen": 40})
    assert lost.deltas["Cem"]["punkte"] == -48 and lost.deltas["Anna"]["punkte"] == 0


def test_bierlachs_at_seeger_fabian_writes_the_declarers_minus_only():
    game = bierlachs_game(list_kind="seeger_fabian")
    assert all(row["punkte"] == 0 for row in game.play(1, KREUZ).deltas.values())
    lost = game.play(2, {**KREUZ, "augen": 40})
    assert {p: row["punkte"] for p, row in lost.deltas.items()} == {"Anna": 0, "Ben": -98, "Cem": 0}


def test_bierlachs_the_first_to_the_limit_pays_the_round():
    game = bierlachs_game(limit=100)
    lost_grand = {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 40}  # -96
    game.play(1, lost_grand)
    assert "bierlachs" not in game.state()
    result = game.play(2, {"declarer": "Ben", "game": "karo", "spitzen": 1, "won": False})  # -36: -132
    assert result.info["bierlachs"] == "Ben" and game.state()["bierlachs"] == "Ben"
    game.play(3, {**lost_grand, "declarer": "Cem", "spitzen": 4})  # Cem -240: Ben was first
    assert game.state()["bierlachs"] == "Ben"
    words = family_of(game.table).words
    assert words.context_line(game.state(), {}, game.table).endswith("Bierlachs: Ben zahlt die Runde")


def test_bierlachs_in_words_and_on_the_rule_sheet():
    game = bierlachs_game(limit=40)
    words = family_of(game.table).words
    assert words.context_line(game.state(), {}, game.table).endswith("Bierlachs bis -40")
    won = game.play(1, KREUZ)
    assert words.preview(game.table, KREUZ, won) == ("Kreuz mit 1: 2 × 12 = 24; gewonnen: +24; "
                                                     "Bierlachs: nur Minuspunkte, gewonnen schreibt nichts")
    lost = {**KREUZ, "augen": 40}
    assert words.preview(game.table, lost, game.play(2, lost)).endswith(
        "Bierlachs: nur Minuspunkte; Ben erreicht -40 und zahlt die Runde; Ben -48 Punkte")
    assert ("Bierlachs: nur Minuspunkte werden geschrieben (ein gewonnenes Spiel schreibt nichts); wer als Erster "
            "500 Minuspunkte erreicht, zahlt die Runde.") in sheet_lines({"bierlachs": {"enabled": True}})


# Ramsch when all pass: everyone alone, the most Augen lose them

RAMSCH = {"ramsch": {"enabled": True}}


def ramsch_game(ramsch=None, players=THREE, **more):
    table = with_options(get_table("skat"), {"ramsch": {"enabled": True, **(ramsch or {})}, **more})
    return new_game(table, players)


def ramsch_points(ramsch, hand, **more):
    result = ramsch_game(ramsch, **more).play(1, {"ramsch": True, **hand})
    return {p: row["punkte"] for p, row in result.deltas.items()}


def refused(ramsch, hand, players=THREE):
    with pytest.raises(HandError) as info:
        ramsch_game(ramsch, players).play(1, {"ramsch": True, **hand})
    return info.value


AUGEN = {"Anna": 38, "Ben": 62, "Cem": 20}


def test_ramsch_when_all_pass_the_most_augen_lose_them():
    assert ramsch_points(None, {"ramsch_augen": AUGEN}) == {"Anna": 0, "Ben": -62, "Cem": 0}
    assert ramsch_points(None, {"ramsch_augen": {"Anna": 50, "Ben": 30, "Cem": 40}}) == {"Anna": -50, "Ben": 0, "Cem": 0}


def test_ramsch_is_refused_where_the_table_plays_none():
    with pytest.raises(HandError) as info:
        new_game(get_table("skat"), THREE).play(1, {"ramsch": True, "ramsch_augen": AUGEN})
    assert info.value.german == "An diesem Tisch wird nicht geramscht (Hausregel): passen alle, ist eingepasst."
    assert not get_table("skat").ramsch.enabled and not get_table("skat-seeger-fabian").ramsch.enabled


def test_ramsch_valued_as_a_grand():
    assert ramsch_points({"value": "grand"}, {"ramsch_augen": AUGEN})["Ben"] == -24
    assert ramsch_points({"value": "grand"}, {"ramsch_augen": AUGEN}, grundwerte={"grand": 20})["Ben"] == -20


def test_ramsch_jungfrau_doubles():
    augen = {"Anna": 0, "Ben": 62, "Cem": 58}
    assert ramsch_points(None, {"ramsch_augen": augen, "jungfrauen": ["Anna"]})["Ben"] == -124
    assert ramsch_points({"jungfrau": 3}, {"ramsch_augen": augen, "jungfrauen": ["Anna"]})["Ben"] == -186
    assert ramsch_points(None, {"ramsch_augen": augen})["Ben"] == -62  # 0 Augen with a trick: no Jungfrau
    # Cem took a trick without Augen: Anna alone is Jungfrau (both without a trick: Ben's Durchmarsch)
    all_augen = {"ramsch_augen": {"Anna": 0, "Ben": 120, "Cem": 0}, "jungfrauen": ["Anna"]}
    assert ramsch_points(None, all_augen)["Ben"] == -240


def test_ramsch_durchmarsch_wins():
    assert ramsch_points(None, {"durchmarsch": "Cem"}) == {"Anna": 0, "Ben": 0, "Cem": 120}
    assert ramsch_points({"durchmarsch": 240}, {"durchmarsch": "Cem"})["Cem"] == 240
    assert refused(None, {"durchmarsch": "Cem", "ramsch_augen": AUGEN}).german == \
        "Durchmarsch: Cem hat alle Stiche, dann keine Augen angeben."
    assert refused(None, {"durchmarsch": "Cem", "jungfrauen": ["Anna"]}).code == "skat_ramsch_durchmarsch_jungfrau"


def test_schieberamsch_doubles_per_push():
    assert ramsch_points(None, {"ramsch_augen": AUGEN, "geschoben": 2})["Ben"] == -62 * 4
    assert ramsch_points({"push_factor": 1}, {"ramsch_augen": AUGEN, "geschoben": 2})["Ben"] == -62
    assert ramsch_points(None, {"durchmarsch": "Anna", "geschoben": 1})["Anna"] == 240
    assert refused(None, {"ramsch_augen": AUGEN, "geschoben": 4}).german == \
        "Geschoben wird höchstens 3-mal (jeder einmal), nicht 4-mal."


def test_ramsch_tie_all_tied_players_lose():
    assert ramsch_points(None, {"ramsch_augen": {"Anna": 50, "Ben": 50, "Cem": 20}}) == {"Anna": -50, "Ben": -50, "Cem": 0}
    assert refused(None, {"ramsch_augen": {"Anna": 50, "Ben": 50, "Cem": 20}, "loser": "Ben"}).code == \
        "skat_ramsch_loser_no_tie"


def test_ramsch_tie_decided_at_the_table():
    tie = {"ramsch_augen": {"Anna": 50, "Ben": 50, "Cem": 20}}
    assert ramsch_points({"tie": "table"}, {**tie, "loser": "Ben"}) == {"Anna": 0, "Ben": -50, "Cem": 0}
    missing = refused({"tie": "table"}, tie)
    assert missing.german == "Noch offen: Verlierer: Anna und Ben haben gleich viele Augen, wer verliert?"
    assert refused({"tie": "table"}, {**tie, "loser": "Cem"}).german == "Cem hat nicht die meisten Augen."
    assert refused({"tie": "table"}, {"ramsch_augen": AUGEN, "loser": "Ben"}).code == "skat_ramsch_loser_no_tie"


def test_ramsch_refusals_name_what_is_wrong():
    assert refused(None, {"ramsch_augen": {"Anna": 38, "Ben": 62, "Cem": 21}}).german == \
        "Die Augen ergeben zusammen 121, im Spiel sind 120."
    assert refused(None, {"ramsch_augen": {"Anna": 58, "Ben": 62}}).german == "Noch offen: Augen von Cem"
    assert refused(None, {}).german == "Noch offen: Augen jedes Spielers im Ramsch (oder ein Durchmarsch)"
    assert refused(None, {"ramsch_augen": AUGEN, "jungfrauen": ["Cem"]}).german == \
        "Cem ist Jungfrau (kein Stich), hat aber 20 Augen."
    assert refused(None, {"ramsch_augen": {"Anna": 0, "Ben": 120, "Cem": 0}, "jungfrauen": ["Anna", "Cem"]}).german == \
        "Hat kein anderer einen Stich, ist es ein Durchmarsch von Ben."
    assert refused(None, {"ramsch_augen": AUGEN, "declarer": "Ben"}).code == "skat_ramsch_alone"
    assert refused(None, {"durchmarsch": "Anna"}, players=[*THREE, "Dora"]).key == "durchmarsch"  # Anna deals, sits out
    assert refused(None, {"ramsch_augen": {**AUGEN, "Zora": 0}}).code == "not_a_player"
    with pytest.raises(HandError) as info:
        ramsch_game().play(1, {**KREUZ, "jungfrauen": ["Anna"]})
    assert info.value.code == "skat_ramsch_keys"


def test_ramsch_at_four_is_played_by_the_three_in_play():
    game = ramsch_game(None, [*THREE, "Dora"])  # Anna deals first and sits out
    result = game.play(1, {"ramsch": True, "ramsch_augen": {"Ben": 30, "Cem": 70, "Dora": 20}})
    assert {p: row["punkte"] for p, row in result.deltas.items()} == {"Anna": 0, "Ben": 0, "Cem": -70, "Dora": 0}
    assert game.state()["next_dealer"] == "Ben"  # the deal moves on


def test_ramsch_on_the_seeger_fabian_list_has_no_leistungsbewertung():
    points = ramsch_points(None, {"ramsch_augen": AUGEN}, list_kind="seeger_fabian")
    assert points == {"Anna": 0, "Ben": -62, "Cem": 0}  # no - 50 and no 40 for the others: nobody declared
    game = ramsch_game()
    result = game.play(1, {"ramsch": True, "ramsch_augen": AUGEN})
    assert family_of(game.table).words.replay_lines(game.table, {}, result) == \
        ["Seeger-Fabian-Liste: Anna 0, Ben -62, Cem 0"]
    assert any("Seeger-Fabian-Liste: ein Ramsch zählt wie auf der klassischen Liste" in line
               for line in sheet_lines(RAMSCH))


def test_ramsch_in_a_bock_round_and_with_bierlachs():
    game = ramsch_game(None, bock={"enabled": True, "after": ["lost_grand"]})
    game.play(1, {"declarer": "Ben", "game": "grand", "spitzen": 1, "augen": 40})
    result = game.play(2, {"ramsch": True, "ramsch_augen": AUGEN})
    assert result.deltas["Ben"]["punkte"] == -124 and result.info["bock"] == 1
    words = family_of(game.table).words
    assert words.preview(game.table, {"ramsch": True, "ramsch_augen": AUGEN}, result) == \
        "Ramsch: Ben verliert 62 Augen: -62; Bock: -62 × 2 = -124; Ben -124 Punkte"
    beer = ramsch_game(None, bierlachs={"enabled": True, "limit": 50})
    assert beer.play(1, {"ramsch": True, "durchmarsch": "Cem"}).deltas["Cem"]["punkte"] == 0  # only minus points
    lost = beer.play(2, {"ramsch": True, "ramsch_augen": AUGEN})
    assert lost.deltas["Ben"]["punkte"] == -62 and beer.state()["bierlachs"] == "Ben"


def test_ramsch_in_words():
    game = ramsch_game()
    words = family_of(game.table).words
    hand = {"ramsch": True, "ramsch_augen": {"Anna": 58, "Ben": 0, "Cem": 62}, "jungfrauen": ["Ben"], "geschoben": 1}
    result = game.play(1, hand)
    assert words.preview(game.table, hand, result) == \
        "Ramsch: Cem verliert 62 Augen, Jungfrau (Ben): × 2, geschoben 1-mal: × 2 = -248; Cem -248 Punkte"
    assert words.describe(game.table, hand, result) == \
        "Ramsch · Anna 58, Ben 0, Cem 62 Augen · Jungfrau Ben · 1-mal geschoben · Cem verliert"
    through = {"ramsch": True, "durchmarsch": "Anna"}
    assert words.preview(game.table, through, game.play(2, through)) == "Ramsch: Durchmarsch Anna: +120; Anna +120 Punkte"
    tie = {"ramsch": True, "ramsch_augen": {"Anna": 40, "Ben": 40, "Cem": 40}}
    assert words.preview(game.table, tie, game.play(3, tie)).startswith("Ramsch: Anna, Ben und Cem verlieren je 40 Augen: -40")


def test_ramsch_on_the_paper_list():
    game = ramsch_game()
    hand = {"ramsch": True, "ramsch_augen": {"Anna": 0, "Ben": 62, "Cem": 58}, "jungfrauen": ["Anna"]}
    cells = family_of(game.table).words.list_cells(game.table, hand, game.play(1, hand))
    assert cells == ["Ben", "Ramsch (Jungfrau Anna)", "", "", "", "", "", "-124"]


def test_ramsch_has_no_declarer_in_the_statistics():
    from scorepad.games.base import Replay
    from scorepad.summary import summarize

    game = ramsch_game()
    hands = [game.play(1, {"ramsch": True, "ramsch_augen": AUGEN}), game.play(2, KREUZ)]
    replay = Replay(hands=hands, standings=game.snapshot(), state=game.state())
    stats = {s.name: s for s in summarize(game.table, THREE, replay).stats}
    assert stats["Ben"].declared == 1 and stats["Ben"].hands_played == 2
    assert stats["Anna"].declared == 0 and stats["Anna"].own("defender_wins") == 0


def test_ramsch_on_the_rule_sheet():
    lines = sheet_lines({"ramsch": {"enabled": True, "tie": "table", "value": "grand"}})
    assert "Passen alle, spielt jeder für sich (Ramsch) statt einzupassen." in lines
    assert "Wer die meisten Augen hat, schreibt einen Grand (24) minus." in lines
    assert "Gleich viele Augen: der Tisch bestimmt, wer von ihnen verliert." in lines
    assert not any("Ramsch" in line for line in sheet_lines({}))


def test_ramsch_scored_by_the_engine_alone_for_replay():
    from scorepad.games.skat.replay import replay

    out = replay({"players": THREE, "options": {"ramsch": {"enabled": True}},
                  "hands": [{"ramsch": True, "ramsch_augen": AUGEN, "geschoben": 1}]})
    game = out["hands"][0]
    assert (game["result"], game["losers"], game["points"]) == ("ramsch", ["Ben"], {"Anna": 0, "Ben": -124, "Cem": 0})
    assert game["lines"] == ["Ramsch: Ben verliert 62 Augen, geschoben 1-mal: × 2 = -124"]
    assert out["standings"]["seeger_fabian"] == {"Anna": 0, "Ben": -124, "Cem": 0}


# Grand ouvert fixed at 36: its own base value (the old rule), its levels counted as ever

GRAND_OUVERT = {"grundwerte": {"grand_ouvert": 36}}
OUVERT = {"declarer": "Ben", "game": "grand", "spitzen": 1, "ouvert": True, "won": True}


def test_grand_ouvert_fixed_at_36():
    assert entry(None, OUVERT) == 8 * 24  # the ISkO: the Grand's 24
    assert entry(GRAND_OUVERT, OUVERT) == 8 * 36
    assert entry(GRAND_OUVERT, {**OUVERT, "spitzen": 4}) == 11 * 36
    assert entry(GRAND_OUVERT, {**OUVERT, "ouvert": False}) == 2 * 24  # a Grand not ouvert keeps 24


def test_grand_ouvert_fixed_at_36_lost_counts_twice_and_overbid_takes_the_multiple_of_36():
    assert entry(GRAND_OUVERT, {**OUVERT, "won": False}) == -2 * 8 * 36
    assert entry({**GRAND_OUVERT, "lost": {"hand": 1}}, {**OUVERT, "won": False}) == -8 * 36  # lost Hand single
    # mit 1 reaches 288; bid 324 (9 × 36, a Reizwert there): lost at 9 × 36, twice
    assert entry(GRAND_OUVERT, {**OUVERT, "reizwert": 324}) == -2 * 324
    table = with_options(get_table("skat"), GRAND_OUVERT)
    assert {288, 324, 360, 396} <= table.reizwerte and 396 not in get_table("skat").reizwerte


def test_grand_ouvert_fixed_at_36_on_the_rule_sheet_and_off_by_default():
    assert get_table("skat").grundwerte.grand_ouvert == 0
    assert any("Grand ouvert hat den eigenen Grundwert 36" in line for line in sheet_lines(GRAND_OUVERT))
    assert not any("Grand ouvert hat" in line for line in sheet_lines({}))


def test_an_evening_with_an_eingepasst_game_says_eingepasst():
    from scorepad.exportparts import games_line
    from scorepad.games.base import Replay
    from scorepad.summary import summarize

    game = new_game(get_table("skat"), THREE)
    hands = [game.play(1, {"eingepasst": True}), game.play(2, KREUZ)]
    summary = summarize(game.table, THREE, Replay(hands=hands, standings=game.snapshot(), state=game.state()))
    assert games_line(summary).endswith("1 eingepasst")
    assert "thrown_in_word" not in summary.model_dump_json()
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def five_out_choice(table):
    return next(((label, path, values) for label, path, values in all_choices(table)
                 if path[:2] == ("sitting_out", "seats")), None)


def test_at_five_the_house_table_says_who_sits_out_besides_the_dealer(app):
    base = get_table("skat")
    label, path, values = five_out_choice(base)
    assert label == "Zu fünft setzt außer dem Geber aus"
    assert value_at(base, path) == [0, 3]  # the table's own: the third left of the dealer
    words = [w for _v, w in choice_values(path, values)]
    assert words == [f"der {seat}. links vom Geber" for seat in (1, 2, 3, 4)]
    for seat in (1, 2, 3, 4):
        rules = app.save_house_rules(f"Zu fünft {seat}", "skat", picked({}, path, [0, seat], base))
        evening = app.start_evening(rules.base, FIVE, "Anna", options=rules.options)
        for k in range(len(FIVE)):  # everyone deals once; who plays: the next one in play after the dealer
            dealer = k
            out = {FIVE[dealer], FIVE[(dealer + seat) % 5]}
            assert set(app.show(evening.id).state["sitting_out"]) == out
            with pytest.raises(ScorepadError) as refused:
                app.add_hand(evening.id, {**KREUZ, "declarer": FIVE[(dealer + seat) % 5]})
            assert f"„{FIVE[(dealer + seat) % 5]}“ setzt dieses Spiel aus" in refused.value.german
            declarer = next(FIVE[(dealer + step) % 5] for step in (1, 2) if step != seat)
            app.add_hand(evening.id, {**KREUZ, "declarer": declarer})
        replayed = app.show(evening.id)
        assert [h.dealer for h in replayed.hands] == FIVE
        assert sum(replayed.standings[p]["punkte"] for p in FIVE) == 5 * 24


def test_who_sits_out_at_five_is_no_choice_where_the_table_seats_no_five():
    assert five_out_choice(get_table("skat-seeger-fabian")) is None
