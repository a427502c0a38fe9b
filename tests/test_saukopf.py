"""Saukopf (tallies fleisch and rauborstig): one rule, one test.

Rules copied from RULES.md and the sheet saukopf.txt:
- Trog games (player party wins when its Augen >= bid): sauerei, kreuzung (Doppel, bid 61),
  keiler, wutz, hauer, ferkelparade (Solo, 61..120 or schwarz), knorpel (Solo, 91+).
- Napf games (player party wins when the opponents' Augen >= bid): unreine_sauerei,
  unreine_kreuzung (Doppel, 61), mast (Solo, 91+), vegane_mast (Solo, only schwarz).
- Schwarz bid: Trog wins when the player party took all tricks; Napf when it took none.
- Every winner gets the same Fleischpunkte: Schlachtung 2, Extrawurst +1 (Solo),
  Trog: Ohne Schwarte +n (winners "ohne n"), Gluecksschwein -1 (winners "mit 4" or more),
  Stallgeruch +1 (losers under 30 Augen), Porco Negro +1 (winners took all tricks);
  Napf: Mit Schwarte +n (winners "mit n"), Armes Schwein -1 (winners "ohne 4" or more),
  Stallgeruch +1 (losers over 90 Augen), Porco Negro +1 (winners took no trick);
  Bolzenschuss +1 (won against a game am Spiess); Huftritt x2 Kontra, x2 again Re.
- Rauborstigkeit: Uebergrunzer 1 (player lost with a bid over 61, schwarz counts over 120),
  Spiesser 1 (player lost am Spiess), Huftreter 2 (Kontra said, player party won),
  Gegenhuftreter 3 (Re said, player party lost).
- Nicknames: der Alte = Eichel-Ober, der Blaue = Gras-Ober, der Rote = Herz-Ober,
  der Braune = Schellen-Ober; die Blaue (called Sau) = Gras-Sau.
"""

from __future__ import annotations

import pytest
from conftest import SAU4, board, deltas, last, play, refused

pytestmark = pytest.mark.unit

SEPP, RESI, ALOIS, ZENZI = SAU4
NOBODY = {p: 0 for p in SAU4}


def fleisch(hands, ruleset="saukopf", players=SAU4):
    return last(play(ruleset, players, hands), "fleisch")


def rauborstig(hands, ruleset="saukopf", players=SAU4):
    return last(play(ruleset, players, hands), "rauborstig")


def only(points, *who, players=SAU4):
    return {p: (points if p in who else 0) for p in players}


def keiler(augen, **extra):
    hand = {"game": "keiler", "player": SEPP, "bid": 61, "trump": "eichel", "augen": augen}
    hand.update(extra)
    return hand


def mast(augen, **extra):
    hand = {"game": "mast", "player": SEPP, "bid": 91, "augen": augen}
    hand.update(extra)
    return hand


OPPONENTS_OF_SEPP = (RESI, ALOIS, ZENZI)


# --- the sheet's Fleischpunkt examples ---------------------------------------------------

def test_fleischpunkt_beispiel_1_sauerei_lost_against_huftritt():
    # Sepp (der Alte + der Braune: "mit 1") plays a Sauerei with die Blaue (Zenzi has it);
    # Resi says Kontra; Resi and Alois win knapp: 6 each (Schlachtung 2, Ohne Schwarte 1, x2)
    hand = {"game": "sauerei", "player": SEPP, "partner": ZENZI, "bid": 61, "laufende": 1,
            "kontra": RESI, "augen": 58}
    result = play("saukopf", SAU4, [hand])
    assert last(result, "fleisch") == only(6, RESI, ALOIS)
    assert last(result, "rauborstig") == NOBODY


def test_fleischpunkt_beispiel_2_ferkelparade_am_spiess_lost():
    # Zenzi's highest trump is the Gras 7: am Spiess the Schellen 7 and Herz 7 rank above it,
    # so Zenzi is "ohne 2" and her opponents "mit 2" (no Schwarte, no Gluecksschwein).
    # Sepp, Alois and Resi get 4 each (Schlachtung 2, Extrawurst 1, Bolzenschuss 1).
    hand = {"game": "ferkelparade", "player": ZENZI, "bid": 61, "spiess": True, "laufende": -2,
            "augen": 45}
    assert fleisch([hand]) == only(4, SEPP, ALOIS, RESI)


def test_fleischpunkt_beispiel_3_vegane_mast_won():
    # Sepp wins a Vegane Mast: 5 (Schlachtung 2, Extrawurst 1, Stallgeruch 1, Porco Negro 1)
    hand = {"game": "vegane_mast", "player": SEPP, "bid": "schwarz", "all_tricks": "opponents", "augen": 0}
    assert fleisch([hand]) == only(5, SEPP)


def test_fleischpunkt_beispiel_4_knorpelschaden_88():
    # Alois bids 91 on a Knorpel (mit 1) and makes only 88: the opponents get 4 each
    # (Schlachtung 2, Extrawurst 1, Ohne Schwarte 1); Alois gets 1 Rauborstigkeit (Uebergrunzer)
    hand = {"game": "knorpel", "player": ALOIS, "bid": 91, "laufende": 1, "augen": 88,
            "knorpel_card": "herz-sau"}
    result = play("saukopf", SAU4, [hand])
    assert last(result, "fleisch") == only(4, SEPP, RESI, ZENZI)
    assert last(result, "rauborstig") == only(1, ALOIS)


# --- the sheet's Rauborstigkeit examples --------------------------------------------------

def hauer_am_spiess(augen):
    return {"game": "hauer", "player": SEPP, "bid": 65, "spiess": True, "trump": "gras",
            "kontra": RESI, "re": SEPP, "augen": augen}


def test_rauborstigkeit_beispiel_1_hauer_am_spiess_lost_after_kontra_and_re():
    # Sepp bid 65, loses a Hauer am Spiess after Kontra (Resi) and Re (Sepp):
    # 5 Rauborstigkeit (Uebergrunzer 1, Spiesser 1, Gegenhuftreter 3)
    result = play("saukopf", SAU4, [hauer_am_spiess(60)])
    assert last(result, "rauborstig") == only(5, SEPP)
    # the winners: (Schlachtung 2 + Extrawurst 1 + Bolzenschuss 1) x 2 x 2
    assert last(result, "fleisch") == only(16, *OPPONENTS_OF_SEPP)


def test_rauborstigkeit_beispiel_2_hauer_am_spiess_won_resi_gets_huftreter():
    result = play("saukopf", SAU4, [hauer_am_spiess(65)])
    assert last(result, "rauborstig") == only(2, RESI)
    # Sepp: (Schlachtung 2 + Extrawurst 1) x 2 x 2; no Bolzenschuss for playing am Spiess
    assert last(result, "fleisch") == only(12, SEPP)


# --- winning: Trog and Napf ---------------------------------------------------------------

def test_trog_player_party_wins_when_its_augen_reach_the_bid():
    assert fleisch([keiler(80, bid=80)]) == only(3, SEPP)


def test_trog_player_party_loses_one_below_the_bid():
    assert fleisch([keiler(79, bid=80)]) == only(3, *OPPONENTS_OF_SEPP)


def test_napf_player_party_wins_when_the_opponents_reach_the_bid():
    # Mast bid 95: opponents 95 = 120 - 25
    assert fleisch([mast(25, bid=95)]) == only(3 + 1, SEPP)  # + Stallgeruch (losers 95 > 90)


def test_napf_player_party_loses_when_the_opponents_stay_below_the_bid():
    # opponents 94 < 95: the opponents win; losers (Sepp) have 26
    assert fleisch([mast(26, bid=95)]) == only(3, *OPPONENTS_OF_SEPP)


def test_trog_schwarz_bid_wins_only_with_all_tricks():
    won = keiler(120, bid="schwarz", all_tricks="player")
    # Schlachtung 2, Extrawurst 1, Stallgeruch 1 (losers 0), Porco Negro 1
    assert fleisch([won]) == only(5, SEPP)
    lost = keiler(120, bid="schwarz")  # the opponents took a 0-Augen trick
    assert fleisch([lost]) == only(3, *OPPONENTS_OF_SEPP)


def test_napf_schwarz_bid_wins_only_when_the_player_party_took_no_trick():
    won = mast(0, bid="schwarz", all_tricks="opponents")
    assert fleisch([won]) == only(5, SEPP)
    lost = mast(0, bid="schwarz")  # Sepp took a 0-Augen trick
    assert fleisch([lost]) == only(3, *OPPONENTS_OF_SEPP)


def test_doppel_game_both_partners_get_the_fleischpunkte():
    hand = {"game": "kreuzung", "player": RESI, "partner": ZENZI, "augen": 70}
    assert fleisch([hand]) == only(2, RESI, ZENZI)


def test_unreine_sauerei_wins_when_the_opponents_have_61():
    hand = {"game": "unreine_sauerei", "player": RESI, "partner": ALOIS, "augen": 59}
    assert fleisch([hand]) == only(2, RESI, ALOIS)
    hand = {"game": "unreine_sauerei", "player": RESI, "partner": ALOIS, "augen": 60}
    assert fleisch([hand]) == only(2, SEPP, ZENZI)


# --- Fleischpunkte items -------------------------------------------------------------------

def test_schlachtung_is_2_for_every_winner():
    hand = {"game": "sauerei", "player": SEPP, "partner": ALOIS, "augen": 61}
    assert fleisch([hand]) == only(2, SEPP, ALOIS)


def test_extrawurst_for_a_solo_won_by_either_side():
    assert fleisch([keiler(61)]) == only(3, SEPP)
    assert fleisch([keiler(60)]) == only(3, *OPPONENTS_OF_SEPP)


def test_ohne_schwarte_gives_one_per_laufende_in_the_trog():
    assert fleisch([keiler(70, laufende=-3)]) == only(3 + 3, SEPP)


def test_mit_laufende_in_the_trog_give_no_schwarte():
    assert fleisch([keiler(70, laufende=3)]) == only(3, SEPP)


def test_gluecksschwein_at_4_laufende_not_at_3():
    assert fleisch([keiler(70, laufende=3)]) == only(3, SEPP)
    assert fleisch([keiler(70, laufende=4)]) == only(3 - 1, SEPP)


def test_laufende_count_from_the_winners_view():
    # Sepp "mit 4" but loses: the winners are "ohne 4" -> Ohne Schwarte 4
    assert fleisch([keiler(50, laufende=4)]) == only(3 + 4, *OPPONENTS_OF_SEPP)
    # Sepp "ohne 4" and loses: the winners are "mit 4" -> Gluecksschwein
    assert fleisch([keiler(50, laufende=-4)]) == only(3 - 1, *OPPONENTS_OF_SEPP)


def test_mit_schwarte_gives_one_per_laufende_in_the_napf():
    assert fleisch([mast(20, laufende=2)]) == only(3 + 1 + 2, SEPP)  # + Stallgeruch (100 > 90)


def test_armes_schwein_at_ohne_4_not_at_ohne_3():
    assert fleisch([mast(20, laufende=-3)]) == only(3 + 1, SEPP)
    assert fleisch([mast(20, laufende=-4)]) == only(3 + 1 - 1, SEPP)


def test_stallgeruch_trog_losers_with_29_augen():
    assert fleisch([keiler(91)]) == only(3 + 1, SEPP)


def test_no_stallgeruch_trog_losers_with_30_augen():
    assert fleisch([keiler(90)]) == only(3, SEPP)


def test_stallgeruch_trog_counts_for_the_opponents_too():
    assert fleisch([keiler(29)]) == only(3 + 1, *OPPONENTS_OF_SEPP)
    assert fleisch([keiler(30)]) == only(3, *OPPONENTS_OF_SEPP)


def test_stallgeruch_napf_losers_with_91_augen():
    hand = {"game": "unreine_kreuzung", "player": SEPP, "partner": RESI, "augen": 29}
    assert fleisch([hand]) == only(2 + 1, SEPP, RESI)


def test_no_stallgeruch_napf_losers_with_90_augen():
    hand = {"game": "unreine_kreuzung", "player": SEPP, "partner": RESI, "augen": 30}
    assert fleisch([hand]) == only(2, SEPP, RESI)


def test_porco_negro_trog_winners_took_all_tricks():
    # opponents win a Keiler with every trick: Schlachtung 2, Extrawurst 1, Stallgeruch 1, Porco Negro 1
    assert fleisch([keiler(0, all_tricks="opponents")]) == only(5, *OPPONENTS_OF_SEPP)
    # 0 Augen but Sepp took a trick: no Porco Negro
    assert fleisch([keiler(0)]) == only(4, *OPPONENTS_OF_SEPP)


def test_porco_negro_napf_winners_took_no_trick():
    # Sepp wins a Mast (bid 91) taking no trick: 2 + 1 + Stallgeruch 1 + Porco Negro 1
    assert fleisch([mast(0, all_tricks="opponents")]) == only(5, SEPP)


def test_bolzenschuss_for_winning_against_a_game_am_spiess():
    assert fleisch([keiler(50, spiess=True)]) == only(3 + 1, *OPPONENTS_OF_SEPP)


def test_no_bolzenschuss_for_winning_a_game_am_spiess():
    assert fleisch([keiler(70, spiess=True)]) == only(3, SEPP)


def test_huftritt_doubles_the_fleischpunkte():
    assert fleisch([keiler(70, kontra=RESI)]) == only(6, SEPP)


def test_gegenhuftritt_doubles_again():
    assert fleisch([keiler(50, kontra=ZENZI, re=SEPP)]) == only(12, *OPPONENTS_OF_SEPP)


# --- Rauborstigkeit ------------------------------------------------------------------------

def test_uebergrunzer_for_a_lost_bid_over_61():
    assert rauborstig([keiler(61, bid=62)]) == only(1, SEPP)


def test_no_uebergrunzer_for_a_lost_bid_of_61():
    assert rauborstig([keiler(60, bid=61)]) == NOBODY


def test_no_uebergrunzer_for_a_won_bid_over_61():
    assert rauborstig([keiler(100, bid=100)]) == NOBODY


def test_uebergrunzer_for_a_lost_schwarz_bid():
    assert rauborstig([keiler(120, bid="schwarz")]) == only(1, SEPP)


def test_spiesser_for_a_lost_game_am_spiess():
    hand = {"game": "ferkelparade", "player": ZENZI, "bid": 61, "spiess": True, "augen": 45}
    assert rauborstig([hand]) == only(1, ZENZI)


def test_huftreter_2_to_whoever_said_kontra_when_the_player_party_won():
    assert rauborstig([keiler(70, kontra=ALOIS)]) == only(2, ALOIS)


def test_no_huftreter_when_the_kontra_won():
    assert rauborstig([keiler(50, kontra=ALOIS)]) == NOBODY


def test_gegenhuftreter_3_to_whoever_said_re_when_the_player_party_lost():
    hand = {"game": "sauerei", "player": SEPP, "partner": RESI, "augen": 50, "kontra": ALOIS, "re": RESI}
    assert rauborstig([hand]) == only(3, RESI)


def test_no_gegenhuftreter_when_the_re_won_but_huftreter_for_the_kontra():
    hand = {"game": "sauerei", "player": SEPP, "partner": RESI, "augen": 70, "kontra": ALOIS, "re": RESI}
    assert rauborstig([hand]) == only(2, ALOIS)


# --- bids ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["keiler", "wutz", "hauer", "ferkelparade"])
def test_solo_bid_at_its_minimum_61_is_accepted(game):
    hand = {"game": game, "player": SEPP, "bid": 61, "augen": 61}
    assert fleisch([hand]) == only(3, SEPP)


@pytest.mark.parametrize("game", ["keiler", "wutz", "hauer", "ferkelparade"])
def test_solo_bid_of_60_is_refused(game):
    msg = refused("saukopf", SAU4, [{"game": game, "player": SEPP, "bid": 60, "augen": 61}])
    assert msg.startswith("hand 1: bid: ")


@pytest.mark.parametrize("game", ["keiler", "wutz", "hauer", "ferkelparade", "knorpel", "mast"])
def test_solo_bids_up_to_120_or_schwarz(game):
    hand = {"game": game, "player": SEPP, "bid": 120, "augen": 60}
    play("saukopf", SAU4, [hand])
    msg = refused("saukopf", SAU4, [{"game": game, "player": SEPP, "bid": 121, "augen": 60}])
    assert msg.startswith("hand 1: bid: ")


def test_knorpel_bid_at_its_minimum_91_is_accepted():
    hand = {"game": "knorpel", "player": SEPP, "bid": 91, "augen": 91}
    assert fleisch([hand]) == only(3 + 1, SEPP)  # Stallgeruch: losers 29


def test_knorpel_bid_of_90_is_refused():
    msg = refused("saukopf", SAU4, [{"game": "knorpel", "player": SEPP, "bid": 90, "augen": 91}])
    assert msg == "hand 1: bid: Knorpel needs a bid of 91 or more"


def test_mast_bid_at_its_minimum_91_is_accepted():
    assert fleisch([mast(29, bid=91)]) == only(3 + 1, SEPP)


def test_mast_bid_of_90_is_refused_with_the_exact_message():
    hands = [keiler(70), mast(20, bid=90)]
    assert refused("saukopf", SAU4, hands) == "hand 2: bid: Mast needs a bid of 91 or more"


def test_vegane_mast_needs_the_bid_schwarz():
    msg = refused("saukopf", SAU4, [{"game": "vegane_mast", "player": SEPP, "bid": 120, "augen": 0}])
    assert msg.startswith("hand 1: bid: ")
    assert "schwarz" in msg


@pytest.mark.parametrize("game", ["sauerei", "kreuzung", "unreine_sauerei", "unreine_kreuzung"])
def test_doppel_games_are_bid_exactly_61(game):
    ok = {"game": game, "player": SEPP, "partner": ALOIS, "bid": 61, "augen": 61}
    play("saukopf", SAU4, [ok])
    for bid in (60, 62, "schwarz"):
        msg = refused("saukopf", SAU4, [dict(ok, bid=bid)])
        assert msg.startswith("hand 1: bid: ")


def test_a_doppel_game_without_a_bid_is_bid_61():
    hand = {"game": "sauerei", "player": SEPP, "partner": ALOIS, "augen": 61}
    assert fleisch([hand]) == only(2, SEPP, ALOIS)


def test_a_solo_without_a_bid_is_refused():
    msg = refused("saukopf", SAU4, [{"game": "keiler", "player": SEPP, "augen": 61}])
    assert msg.startswith("hand 1: bid: ")


# --- Kontra and Re (Huftritt) ------------------------------------------------------------

def test_huftritt_from_the_player_party_is_refused():
    msg = refused("saukopf", SAU4, [{"game": "sauerei", "player": SEPP, "partner": ZENZI,
                                     "augen": 70, "kontra": ZENZI}])
    assert msg.startswith("hand 1: kontra: ")


def test_gegenhuftritt_without_huftritt_is_refused():
    msg = refused("saukopf", SAU4, [keiler(70, re=SEPP)])
    assert msg.startswith("hand 1: re: ")


def test_gegenhuftritt_from_an_opponent_is_refused():
    msg = refused("saukopf", SAU4, [keiler(70, kontra=RESI, re=ALOIS)])
    assert msg.startswith("hand 1: re: ")


# --- misdeal, passing and the dealer --------------------------------------------------------

def test_vergeben_scores_nothing_and_the_same_dealer_deals_again():
    result = play("saukopf", SAU4, [{"vergeben": True}, keiler(70)])
    assert deltas(result, 1, "fleisch") == NOBODY
    assert [h.dealer for h in result.hands] == [SEPP, SEPP]
    assert result.state["next_dealer"] == RESI


def test_passed_scores_nothing_and_the_deal_moves_on():
    result = play("saukopf", SAU4, [{"passed": True}, keiler(70)])
    assert deltas(result, 1, "fleisch") == NOBODY
    assert [h.dealer for h in result.hands] == [SEPP, RESI]
    assert result.state["next_dealer"] == ALOIS


def test_vergeben_has_no_other_keys():
    msg = refused("saukopf", SAU4, [{"vergeben": True, "augen": 70}])
    assert msg.startswith("hand 1: augen: ")


def test_dealer_moves_on_after_a_scored_hand():
    result = play("saukopf", SAU4, [keiler(70)] * 5)
    assert [h.dealer for h in result.hands] == [SEPP, RESI, ALOIS, ZENZI, SEPP]


# --- the evening: tallies and trophies ---------------------------------------------------

def test_fleisch_and_rauborstig_add_up_over_the_evening():
    hands = [keiler(70), keiler(61, bid=62), {"game": "knorpel", "player": ALOIS, "bid": 91,
                                              "laufende": 1, "augen": 88}]
    result = play("saukopf", SAU4, hands)
    assert board(result, "fleisch") == {SEPP: 3 + 4, RESI: 3 + 4, ALOIS: 3, ZENZI: 3 + 4}
    assert board(result, "rauborstig") == {SEPP: 1, RESI: 0, ALOIS: 1, ZENZI: 0}


def test_schlachtmeister_most_fleisch_tie_fewest_rauborstig():
    hands = [keiler(70),                          # Sepp 3
             keiler(61, bid=62, player=RESI),     # Sepp, Alois, Zenzi 3; Resi Uebergrunzer 1
             keiler(70, player=RESI),             # Resi 3
             keiler(70, player=ALOIS),            # Alois 3
             keiler(70, player=RESI)]             # Resi 3
    result = play("saukopf", SAU4, hands)
    assert board(result, "fleisch") == {SEPP: 6, RESI: 6, ALOIS: 6, ZENZI: 3}
    assert board(result, "rauborstig") == {SEPP: 0, RESI: 1, ALOIS: 0, ZENZI: 0}
    trophies = result.state["trophies"]
    # Sepp, Resi and Alois have 6 Fleisch; Resi has a Rauborstigkeit: Sepp and Alois share it
    assert trophies["schlachtmeister"] == [SEPP, ALOIS]
    assert trophies["oberrauborstler"] == [RESI]


def test_oberrauborstler_tie_goes_to_fewest_fleisch():
    hands = [keiler(61, bid=62), keiler(61, bid=62, player=RESI), keiler(70, player=RESI)]
    result = play("saukopf", SAU4, hands)
    assert board(result, "rauborstig") == {SEPP: 1, RESI: 1, ALOIS: 0, ZENZI: 0}
    # Sepp 3 Fleisch (hand 2), Resi 3 (hand 1) + 3 (hand 3): Sepp has fewer
    assert result.state["trophies"]["oberrauborstler"] == [SEPP]


# --- refusals: "hand N: key: rule" -------------------------------------------------------

def test_unknown_player_is_refused():
    msg = refused("saukopf", SAU4, [keiler(70, player="Girgl")])
    assert msg.startswith("hand 1: player: ")


def test_unknown_game_is_refused():
    msg = refused("saukopf", SAU4, [keiler(70), keiler(70, game="bettel")])
    assert msg.startswith("hand 2: game: ")


@pytest.mark.parametrize("augen", [-1, 121])
def test_augen_outside_0_to_120_is_refused(augen):
    assert refused("saukopf", SAU4, [keiler(augen)]).startswith("hand 1: augen: ")


@pytest.mark.parametrize("augen", [1, 119])
def test_augen_1_or_119_cannot_be_made(augen):
    msg = refused("saukopf", SAU4, [keiler(augen)])
    assert msg.startswith("hand 1: augen: ")
    assert "cannot be made" in msg


def test_partner_who_is_the_player_is_refused():
    msg = refused("saukopf", SAU4, [{"game": "sauerei", "player": SEPP, "partner": SEPP, "augen": 70}])
    assert msg.startswith("hand 1: partner: ")


def test_unknown_key_in_a_hand_is_refused():
    msg = refused("saukopf", SAU4, [keiler(70, grunzer=61)])
    assert msg.startswith("hand 1: grunzer: ")


def test_more_laufende_than_trumps_is_refused():
    msg = refused("saukopf", SAU4, [{"game": "wutz", "player": SEPP, "bid": 61, "augen": 70, "laufende": 5}])
    assert msg.startswith("hand 1: laufende: ")


def test_aside_augen_only_in_the_dreihaxer():
    msg = refused("saukopf", SAU4, [keiler(70, aside_augen=11)])
    assert msg.startswith("hand 1: aside_augen: ")


# --- Dreihaxer -------------------------------------------------------------------------

DREI = [SEPP, RESI, ALOIS]


def test_dreihaxer_solo_has_no_extrawurst():
    hand = keiler(70)
    assert fleisch([hand], "saukopf-dreihaxer", DREI) == only(2, SEPP, players=DREI)


def test_dreihaxer_opponents_augen_are_120_less_aside_less_the_player_party():
    # 21 Augen laid aside: 99 in play; Sepp 71 -> the opponents 28 (< 30: Stallgeruch)
    hand = keiler(71, aside_augen=21)
    assert fleisch([hand], "saukopf-dreihaxer", DREI) == only(2 + 1, SEPP, players=DREI)
    hand = keiler(69, aside_augen=21)  # opponents 30
    assert fleisch([hand], "saukopf-dreihaxer", DREI) == only(2, SEPP, players=DREI)


def test_dreihaxer_all_tricks_means_all_augen_in_play():
    hand = keiler(99, aside_augen=21, all_tricks="player")
    # Schlachtung 2, Stallgeruch 1, Porco Negro 1
    assert fleisch([hand], "saukopf-dreihaxer", DREI) == only(4, SEPP, players=DREI)
    msg = refused("saukopf-dreihaxer", DREI, [keiler(100, aside_augen=21)])
    assert msg.startswith("hand 1: augen: ")


def test_dreihaxer_plays_only_solos():
    msg = refused("saukopf-dreihaxer", DREI, [{"game": "sauerei", "player": SEPP, "partner": RESI, "augen": 70}])
    assert msg.startswith("hand 1: game: ")


def test_dreihaxer_two_cards_cannot_hold_23_augen():
    # the two most valuable cards are two Sauen: 22
    play("saukopf-dreihaxer", DREI, [keiler(70, aside_augen=22)])
    msg = refused("saukopf-dreihaxer", DREI, [keiler(70, aside_augen=23)])
    assert msg.startswith("hand 1: aside_augen: ")


# --- the trump the player picks (Keiler, Hauer: a suit; Knorpel: one card) ------------------------


def test_a_keiler_notes_the_trump_suit_the_player_picked():
    result = play("saukopf", SAU4, [{"game": "keiler", "player": "Sepp", "bid": 61, "trump": "gras", "augen": 70}])
    assert last(result, "fleisch")["Sepp"] > 0


def test_a_trump_suit_is_refused_where_the_player_picks_none():
    message = refused("saukopf", SAU4, [{"game": "wutz", "player": "Sepp", "bid": 61, "trump": "gras", "augen": 70}])
    assert message == "hand 1: trump: Wutz has no trump suit of the player's choice"


def test_the_knorpel_card_must_be_a_card_of_the_deck():
    message = refused("saukopf", SAU4, [{"game": "knorpel", "player": "Sepp", "bid": 91, "augen": 95,
                                          "knorpel_card": "herz-joker"}])
    assert message == "hand 1: knorpel_card: 'herz-joker' is not a card of this deck (like 'eichel-sau')"


def test_only_the_knorpel_names_a_trump_card():
    message = refused("saukopf", SAU4, [{"game": "keiler", "player": "Sepp", "bid": 61, "augen": 70,
                                          "knorpel_card": "herz-sau"}])
    assert message == "hand 1: knorpel_card: Keiler has no trump card of the player's choice"
