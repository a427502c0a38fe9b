"""The evening summary against the engine: standings, hands played, declarer games by type,
Kontras, best and worst hand, Struliwuli exact bids, Ramsch Bollas and times weg first, the
chart, ranking, winner and loser. Hand-made evenings with the numbers counted in comments, and
generated evenings of every built-in table cross-checked against the raw hands."""

from __future__ import annotations

import itertools

import pytest
from conftest import SAU4, SCHWARZ4, SK4, STRULI4, VRONI4, sauspiel, table_for

from scorepad.devtools.bench import generate_session
from scorepad.engine import replay
from scorepad.settle import balances
from scorepad.summary import GameRecord, HandRef, summarize
from scorepad.tables import builtin_tables

pytestmark = pytest.mark.unit

HIAS, VRONI, WAST, KATHI = SK4
SEPP, RESI, ALOIS, ZENZI = SAU4


def summary_of(ruleset, players, hands, options=None, settle_open=True):
    table = table_for(ruleset, players, options)
    result = replay(table, list(players), list(hands), keep_boards=True)
    return result, summarize(table, list(players), result, settle_open=settle_open)


def stats(summary):
    return {s.name: s for s in summary.stats}


# --- Schafkopf ------------------------------------------------------------------------------------


SCHAFKOPF = [
    sauspiel(70, player=HIAS, partner=WAST),                                   # 1 won 20
    {"game": "wenz", "player": VRONI, "augen": 95},             # 2 won Schneider 100 x 3
    {"game": "solo", "player": KATHI, "suit": "herz", "result": "lost", "kontra": HIAS},  # 3 lost 100 x 3
    sauspiel(60, player=VRONI, partner=KATHI),                                 # 4 lost 20
    {"passed": True},                                           # 5 zamgschmissen
    {"game": "sie", "player": WAST},                            # 6 Sie 150 x 3
    sauspiel(30, player=KATHI, partner=HIAS, kontra=VRONI, re=KATHI),          # 7 lost Schneider (20 + 20) x 4 = 160
    {"game": "wenz", "player": HIAS, "augen": 61, "kontra": WAST},  # 8 won 50 x 2 = 100 x 3
]
# geld per hand:   1     2     3     4   5     6     7     8    total
#   Hias         +20  -100  +100   +20   0  -150  -160  +300      30
#   Vroni        -20  +300  +100   -20   0  -150  +160  -100     270
#   Wast         +20  -100  +100   +20   0  +450  +160  -100     550
#   Kathi        -20  -100  -300   -20   0  -150  -160  -100    -850
SCHAFKOPF_STANDINGS = {HIAS: 30, VRONI: 270, WAST: 550, KATHI: -850}


def test_schafkopf_standings_equal_the_replay():
    result, s = summary_of("schafkopf", SK4, SCHAFKOPF)
    assert s.standings == result.standings
    assert {p: row["geld"] for p, row in s.standings.items()} == SCHAFKOPF_STANDINGS
    assert s.hands == 8
    assert s.tallies == ["geld"]
    assert s.ranking == [WAST, VRONI, HIAS, KATHI]
    assert (s.winner, s.loser) == (WAST, KATHI)
    assert s.balances == SCHAFKOPF_STANDINGS


def test_schafkopf_hands_played_leave_out_the_passed_hand():
    _, s = summary_of("schafkopf", SK4, SCHAFKOPF)
    assert {p: x.hands_played for p, x in stats(s).items()} == dict.fromkeys(SK4, 7)


def test_schafkopf_declarer_games_by_type():
    _, s = summary_of("schafkopf", SK4, SCHAFKOPF)
    st = stats(s)
    # Hias: Sauspiel 1 (won), Wenz 8 (won); in hand 7 he is Kathi's partner
    assert (st[HIAS].declared, st[HIAS].declared_won) == (2, 2)
    assert st[HIAS].by_game == {"sauspiel": GameRecord(played=1, won=1), "wenz": GameRecord(played=1, won=1)}
    # Vroni: Wenz 2 (won), Sauspiel 4 (lost)
    assert (st[VRONI].declared, st[VRONI].declared_won) == (2, 1)
    assert st[VRONI].by_game == {"wenz": GameRecord(played=1, won=1), "sauspiel": GameRecord(played=1, won=0)}
    # Kathi: Solo 3 (lost), Sauspiel 7 with Hias (lost)
    assert (st[KATHI].declared, st[KATHI].declared_won) == (2, 0)
    assert st[KATHI].by_game == {"solo": GameRecord(played=1, won=0), "sauspiel": GameRecord(played=1, won=0)}
    # Wast: Sie 6
    assert (st[WAST].declared, st[WAST].declared_won) == (1, 1)
    assert st[WAST].by_game == {"sie": GameRecord(played=1, won=1)}


def test_schafkopf_kontras_given_and_won():
    _, s = summary_of("schafkopf", SK4, SCHAFKOPF)
    # hand 3 Hias against Kathi's Solo (lost: Kontra won); hand 7 Vroni against Kathi + Hias
    # (lost: won); hand 8 Wast against Hias's Wenz (won: Kontra lost). Re is no Kontra.
    assert {p: (x.kontra_given, x.kontra_won) for p, x in stats(s).items()} == \
        {HIAS: (1, 1), VRONI: (1, 1), WAST: (1, 0), KATHI: (0, 0)}


def test_schafkopf_best_and_worst_hand():
    _, s = summary_of("schafkopf", SK4, SCHAFKOPF)
    st = stats(s)
    # the first of equal hands counts
    assert (st[HIAS].best_hand, st[HIAS].worst_hand) == (HandRef(number=8, value=300), HandRef(number=7, value=-160))
    assert (st[VRONI].best_hand, st[VRONI].worst_hand) == (HandRef(number=2, value=300), HandRef(number=6, value=-150))
    assert (st[WAST].best_hand, st[WAST].worst_hand) == (HandRef(number=6, value=450), HandRef(number=2, value=-100))
    assert (st[KATHI].best_hand, st[KATHI].worst_hand) == (HandRef(number=1, value=-20), HandRef(number=3, value=-300))


def test_schafkopf_chart_is_the_standings_after_each_hand():
    _, s = summary_of("schafkopf", SK4, SCHAFKOPF)
    assert s.chart.tally == "geld"
    assert s.chart.series[HIAS] == [20, -80, 20, 40, 40, -110, -270, 30]
    assert s.chart.series[KATHI] == [-20, -120, -420, -440, -440, -590, -750, -850]
    assert {p: v[-1] for p, v in s.chart.series.items()} == SCHAFKOPF_STANDINGS


def test_schafkopf_game_specific_stats_are_absent():
    _, s = summary_of("schafkopf", SK4, SCHAFKOPF)
    for x in s.stats:
        assert (x.exact_bids, x.exact_bids_pct, x.bollas, x.weg_first, x.games_lost) == (None,) * 5


def test_an_evening_without_hands():
    _, s = summary_of("schafkopf", SK4, [])
    assert (s.hands, s.winner, s.loser, s.transfers) == (0, None, None, [])
    assert s.chart.series == {p: [] for p in SK4}
    assert all(x.hands_played == 0 and x.best_hand is None for x in s.stats)


def test_only_passed_hands_have_no_winner():
    _, s = summary_of("schafkopf", SK4, [{"passed": True}, {"passed": True}])
    assert (s.hands, s.winner, s.loser) == (2, None, None)


# --- Saukopf ----------------------------------------------------------------------------------------

def keiler(player, bid, augen, **extra):
    return {"game": "keiler", "player": player, "bid": bid, "trump": "eichel", "augen": augen, **extra}


SAUKOPF = [
    {"game": "sauerei", "player": SEPP, "partner": RESI, "bid": 61, "augen": 70},  # won: Sepp, Resi 2
    keiler(RESI, 80, 70, kontra=ALOIS),  # lost: (2 + 1) x 2 = 6 to Sepp, Alois, Zenzi; Resi Uebergrunzer 1
    {"passed": True},                    # frisches Saufutter
    keiler(ALOIS, 61, 100, kontra=ZENZI),  # won: (2 + 1 + 1 Stallgeruch) x 2 = 8 to Alois; Zenzi Huftreter 2
    {"vergeben": True},                  # misdeal
]
# Fleisch:   Sepp 2 + 6 = 8, Resi 2, Alois 6 + 8 = 14, Zenzi 6; Rauborstigkeit: Resi 1, Zenzi 2


def test_saukopf_numbers_match_the_engine():
    result, s = summary_of("saukopf", SAU4, SAUKOPF)
    assert s.standings == result.standings == {
        SEPP: {"fleisch": 8, "rauborstig": 0}, RESI: {"fleisch": 2, "rauborstig": 1},
        ALOIS: {"fleisch": 14, "rauborstig": 0}, ZENZI: {"fleisch": 6, "rauborstig": 2}}
    st = stats(s)
    # a passed or misdealt hand is no hand played
    assert {p: x.hands_played for p, x in st.items()} == dict.fromkeys(SAU4, 3)
    assert {p: (x.declared, x.declared_won) for p, x in st.items()} == \
        {SEPP: (1, 1), RESI: (1, 0), ALOIS: (1, 1), ZENZI: (0, 0)}
    assert st[RESI].by_game == {"keiler": GameRecord(played=1, won=0)}
    assert {p: (x.kontra_given, x.kontra_won) for p, x in st.items()} == \
        {SEPP: (0, 0), RESI: (0, 0), ALOIS: (1, 1), ZENZI: (1, 0)}
    assert (st[ALOIS].best_hand, st[ALOIS].worst_hand) == (HandRef(number=4, value=8), HandRef(number=1, value=0))
    assert s.ranking == [ALOIS, SEPP, ZENZI, RESI]
    assert s.trophies == {"Schlachtmeister": [ALOIS], "Oberrauborstler": [ZENZI]}


# --- Struliwuli ------------------------------------------------------------------------------------

A, B, C, D = STRULI4


def sw(players, cards, hits=None):
    """A hand of `cards` cards where exactly `hits` ({player: tricks}) make their bid."""
    hits = dict(hits or {})
    others = [p for p in players if p not in hits]
    rest = cards - sum(hits.values())
    for sink in others:
        tricks = {p: hits.get(p, 0) for p in players}
        tricks[sink] += rest
        choices = [[b for b in range(cards + 1) if b != tricks[p]] for p in others]
        for own in itertools.product(*choices):
            bids = {p: hits.get(p, 0) for p in players}
            bids.update(zip(others, own))
            if sum(bids.values()) != cards:
                return {"bids": bids, "tricks": tricks}
    raise ValueError("no such hand")


STRULIWULI = [
    sw(STRULI4, 8, {A: 2, B: 0}),  # Anderl 12, Burgi 10
    sw(STRULI4, 7, {A: 0}),        # Anderl 10
    sw(STRULI4, 6, {C: 1}),        # Cilli 11
]
# exact bids: Anderl 2 of 3 = 66.7 %, Burgi 1 of 3 = 33.3 %, Cilli 33.3 %, Done 0 %


def test_struliwuli_exact_bids_in_percent():
    result, s = summary_of("struliwuli", STRULI4, STRULIWULI)
    assert s.standings == result.standings
    st = stats(s)
    assert {p: x.exact_bids for p, x in st.items()} == {A: 2, B: 1, C: 1, D: 0}
    assert {p: x.exact_bids_pct for p, x in st.items()} == {A: 66.7, B: 33.3, C: 33.3, D: 0.0}
    assert {p: x.hands_played for p, x in st.items()} == dict.fromkeys(STRULI4, 3)
    assert (st[A].best_hand, st[A].worst_hand) == (HandRef(number=1, value=12), HandRef(number=3, value=0))
    assert all(x.declared == 0 and x.bollas is None for x in st.values())


def test_struliwuli_summary_ranks_by_money_then_points():
    _, s = summary_of("struliwuli", STRULI4, STRULIWULI)
    # no Rad finished: nobody has geld; points: Anderl 22, Cilli 11, Burgi 10, Done 0
    assert s.ranking == [A, C, B, D]
    # the open Rad settled: Anderl 22 from Done, Cilli 1 from Burgi
    assert s.balances == {A: 22, B: -1, C: 1, D: -22}
    _, closed = summary_of("struliwuli", STRULI4, STRULIWULI, settle_open=False)
    assert closed.balances == dict.fromkeys(STRULI4, 0)


def test_struliwuli_ranking_follows_the_money_when_the_open_rad_is_settled():
    # Rad 1: Anderl makes 1 (11), Burgi and Cilli make 0 (10 each), Done 0: Anderl gets 11 from
    # Done; Burgi and Cilli tie on rank 2 and 3, which get 10 - 10 = 0: geld A 11, B 0, C 0, D -11.
    rad1 = [sw(STRULI4, cards, hits) for cards, hits in
            zip([8, 7, 6, 5, 4, 3, 2, 1] * 4, [{A: 1}, {B: 0}, {C: 0}] + [None] * 29)]
    # Rad 2, open: Done makes 0 three times (30); Anderl, Burgi, Cilli tie at 0 on ranks 2 to 4:
    # Done gets 30 from rank 4, rank 2 gets 0 - 0: the three share paying 30, 10 each.
    rad2 = [sw(STRULI4, cards, {D: 0}) for cards in (8, 7, 6)]
    result, s = summary_of("struliwuli", STRULI4, rad1 + rad2)
    assert {p: row["geld"] for p, row in result.standings.items()} == {A: 11, B: 0, C: 0, D: -11}
    # settled: Anderl 11 - 10 = 1, Burgi -10, Cilli -10, Done -11 + 30 = +19
    assert s.balances == {A: 1, B: -10, C: -10, D: 19}
    # the ranking (most money, then most points) is by the money the evening settles: Done
    # is paid the most, so Done is first, not last
    assert s.ranking == [D, A, B, C]
    assert (s.winner, s.loser) == (D, C)
    # without settling the open Rad, the money is the finished Rads' only
    _, closed = summary_of("struliwuli", STRULI4, rad1 + rad2, settle_open=False)
    assert closed.balances == {A: 11, B: 0, C: 0, D: -11}
    assert closed.ranking == [A, B, C, D]


# --- Zaisertshofer Ramsch ---------------------------------------------------------------------------

RV, RH, RK, RW = VRONI4


def ramsch(tricks, penalties=(), weg_order=None):
    h = {"participants": [p for p in VRONI4 if p in tricks], "tricks": dict(tricks),
         "penalties": [{"player": who, "kind": kind} for who, kind in penalties]}
    if weg_order:
        h["weg_order"] = list(weg_order)
    return h


RAMSCH = [
    # Partie 1
    ramsch({RV: 5, RH: 0, RK: 0, RW: 0}),   # 1  V 2; H, K, W 9
    ramsch({RV: 2, RH: 3}),                 # 2  V 0 weg (first), H 6
    ramsch({RH: 5, RK: 0}),                 # 3  H 1, K 11
    ramsch({RH: 1, RK: 0, RW: 4}),          # 4  H 0 weg, K 13, W 5
    ramsch({RK: 0, RW: 5}),                 # 5  W 0 weg, K 15 left: Bolla Kathi
    # Partie 2
    ramsch({RV: 3, RH: 2, RK: 0, RW: 0}),   # 6  V 4, H 5, K 9, W 9
    ramsch({RV: 2, RH: 3}),                 # 7  V 2, H 2
    ramsch({RV: 2, RH: 2, RK: 1}, weg_order=[RH, RV]),  # 8  H, then V weg (Hias first); K 8
    ramsch({RK: 5, RW: 0}),                 # 9  K 3, W 11
    ramsch({RK: 3, RW: 2}),                 # 10 K 0 weg, W 9 left: Bolla Wast
    # Partie 3
    ramsch({RV: 5, RH: 0, RK: 0, RW: 0}),   # 11 V 2; H, K, W 9
    ramsch({RV: 2, RH: 3}, [(RV, "weg_vergessen")]),  # 12 V 0 (first), forgot "weg": Bolla Vroni
]
# Bollas: Vroni 1, Hias 0, Kathi 1, Wast 1. Weg first: Vroni 2 (Partie 1 and 3), Hias 1.
# Hands taken part in: Vroni 1 2 6 7 8 11 12 = 7; Hias 1 2 3 4 6 7 8 11 12 = 9;
# Kathi 1 3 4 5 6 8 9 10 11 = 9; Wast 1 4 5 6 9 10 11 = 7.


def test_ramsch_bollas_and_times_weg_first():
    result, s = summary_of("zaisertshofer-ramsch", VRONI4, RAMSCH)
    assert s.standings == result.standings
    assert [h.info["bolla_to"] for h in result.hands if h.info["bolla_to"]] == [RK, RW, RV]
    st = stats(s)
    assert {p: x.bollas for p, x in st.items()} == {RV: 1, RH: 0, RK: 1, RW: 1}
    assert {p: x.weg_first for p, x in st.items()} == {RV: 2, RH: 1, RK: 0, RW: 0}
    assert {p: x.hands_played for p, x in st.items()} == {RV: 7, RH: 9, RK: 9, RW: 7}


def test_ramsch_best_hand_is_the_most_striche_off():
    _, s = summary_of("zaisertshofer-ramsch", VRONI4, RAMSCH)
    st = stats(s)
    # fewer Striche is better: Vroni's best is -5 (hand 1), her worst -2 (hand 2 first)
    assert (st[RV].best_hand, st[RV].worst_hand) == (HandRef(number=1, value=-5), HandRef(number=2, value=-2))
    # Kathi: best hand 9 (8 -> 3 Striche: -5); worst +2 (Ramsch), first in hand 1
    assert st[RK].worst_hand == HandRef(number=1, value=2)
    assert st[RK].best_hand == HandRef(number=9, value=-5)


def test_ramsch_ranking_fewest_bollas_then_fewest_striche():
    _, s = summary_of("zaisertshofer-ramsch", VRONI4, RAMSCH)
    # the board after hand 12: a new Partie is owed, the finished one stays on the board:
    # V 0, H 6 (9 - 3), K 9, W 9; Bollas V 1, H 0, K 1, W 1
    assert {p: row["striche"] for p, row in s.standings.items()} == {RV: 0, RH: 6, RK: 9, RW: 9}
    assert s.ranking == [RH, RV, RK, RW]
    assert (s.winner, s.loser) == (RH, RW)


# --- Schwarze Sau ------------------------------------------------------------------------------------

ULI, FRITZ, GUIDO, TIM = SCHWARZ4


def pts(**points):
    return {"points": {p: points.get(p, 0) for p in SCHWARZ4}}


def test_schwarze_sau_fewer_points_is_the_better_hand():
    hands = [pts(Uli=15), pts(Uli=10, Fritz=5), pts(Uli=10, Guido=5),  # Uli 35: loses game 1
             pts(Fritz=2, Tim=13)]
    result, s = summary_of("schwarze-sau", SCHWARZ4, hands)
    assert s.standings == result.standings
    st = stats(s)
    assert (st[ULI].best_hand, st[ULI].worst_hand) == (HandRef(number=4, value=0), HandRef(number=1, value=15))
    assert (st[TIM].best_hand, st[TIM].worst_hand) == (HandRef(number=1, value=0), HandRef(number=4, value=13))
    assert {p: x.games_lost for p, x in st.items()} == {ULI: 1, FRITZ: 0, GUIDO: 0, TIM: 0}
    assert s.loser == ULI


def test_schwarze_sau_achterbrief_is_no_hand_played():
    hands = [pts(Uli=15), pts(Tim=15), pts(Uli=15), pts(Tim=15), pts(Uli=5, Tim=5, Guido=5),
             {"achterbrief_loser": TIM}]
    _, s = summary_of("schwarze-sau", SCHWARZ4, hands)
    assert {p: x.hands_played for p, x in stats(s).items()} == dict.fromkeys(SCHWARZ4, 5)
    assert {p: x.games_lost for p, x in stats(s).items()} == {ULI: 0, FRITZ: 0, GUIDO: 0, TIM: 1}


# --- every table: generated evenings against the raw hands ----------------------------------------

RULESETS = sorted(builtin_tables())


def _declarer_won(table, hand, deltas) -> bool:
    """Did the declarer win? Read from the hand's own deltas, not from the engine's facts."""
    lead = table.tallies[0] if table.family == "schafkopf" else "fleisch"  # geld, or a list's punkte
    return deltas[hand["player"]][lead] > 0


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_evenings_summary_matches_the_engine(ruleset, seed):
    table = builtin_tables()[ruleset]
    session = generate_session(table, 150, seed)
    players, hands = session["players"], session["hands"]
    result = replay(table, players, hands, keep_boards=True)
    s = summarize(table, players, result)
    plain = replay(table, players, hands)
    assert s.standings == plain.standings
    assert s.hands == len(hands) == len(plain.hands)
    assert s.balances == balances(table, plain)  # an open Rad is no money unless chosen
    assert sum(s.balances.values()) == 0
    left = dict(s.balances)
    for t in s.transfers:
        left[t.payer] += t.cents
        left[t.payee] -= t.cents
    assert set(left.values()) == {0}
    lead = table.tallies[0]
    for p in players:
        assert len(s.chart.series[p]) == len(hands)
        assert s.chart.series[p][-1] == plain.standings[p][lead]
    st = stats(s)
    counted = [(h, r) for h, r in zip(hands, plain.hands)
               if not (h.get("passed") or h.get("vergeben") or h.get("eingepasst") or "achterbrief_loser" in h)]
    for p in players:
        took_part = [(h, r) for h, r in counted if p in h.get("participants", players)]
        assert st[p].hands_played == len(took_part)
        values = [r.deltas[p][lead] for _, r in took_part]
        if values:
            better = max if next((k.better for k in table.rank_keys() if k.tally == lead), "more") == "more" else min
            worse = min if better is max else max
            assert st[p].best_hand.value == better(values)
            assert st[p].worst_hand.value == worse(values)
        if table.family in ("schafkopf", "saukopf"):
            mine = [(h, r) for h, r in counted if h.get("player") == p]
            assert st[p].declared == len(mine)
            assert st[p].declared_won == sum(_declarer_won(table, h, r.deltas) for h, r in mine)
            by_game = {}
            for h, r in mine:
                rec = by_game.setdefault(h["game"], [0, 0])
                rec[0] += 1
                rec[1] += _declarer_won(table, h, r.deltas)
            assert {g: [x.played, x.won] for g, x in st[p].by_game.items()} == by_game
            kontra = [(h, r) for h, r in counted if h.get("kontra") == p]
            assert st[p].kontra_given == len(kontra)
            assert st[p].kontra_won == sum(not _declarer_won(table, h, r.deltas) for h, r in kontra)
        if table.family == "struliwuli":
            exact = sum(h["bids"][p] == h["tricks"][p] for h in hands)
            assert st[p].exact_bids == exact
            assert st[p].exact_bids_pct == round(100 * exact / len(hands), 1)
        if table.family == "ramsch":
            assert st[p].bollas == plain.standings[p]["bolla"]
        if table.family == "schwarze_sau":
            assert st[p].games_lost == plain.standings[p]["verloren"]
    # the ranking is sorted by the table's keys (money as settled), seating order on ties
    keys = table.rank_keys()

    def value(p, tally):
        return s.balances[p] if tally == "geld" else s.standings[p][tally]

    def key(p):
        return tuple(-value(p, k.tally) if k.better == "more" else value(p, k.tally) for k in keys)

    assert [key(p) for p in s.ranking] == sorted(key(p) for p in players)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_ramsch_weg_first_recounted_from_the_boards(seed):
    """Times weg first, recounted from the standings after each hand: in each Partie, the
    first hand in which someone's Striche reach 0; of several in that hand, the first of
    weg_order (else the seat order from the dealer's left). A Bolla ends the Partie."""
    table = builtin_tables()["zaisertshofer-ramsch"]
    session = generate_session(table, 300, seed)
    players, hands = session["players"], session["hands"]
    result = replay(table, players, hands, keep_boards=True)
    s = summarize(table, players, result)
    start = table.start_striche
    expected = dict.fromkeys(players, 0)
    striche = dict.fromkeys(players, start)
    fresh, someone_out = True, False
    for h, r, board in zip(hands, result.hands, result.boards):
        before = dict.fromkeys(players, start) if fresh else striche
        if fresh:
            someone_out = False
        out = [p for p in players if before[p] > 0 and board[p]["striche"] == 0]
        if out and not someone_out:
            if h.get("weg_order"):
                first = h["weg_order"][0]
            else:
                i = players.index(r.dealer)
                first = next(players[(i + k) % 4] for k in range(1, 5) if players[(i + k) % 4] in out)
            expected[first] += 1
            someone_out = True
        striche = {p: board[p]["striche"] for p in players}
        fresh = any(r.deltas[p]["bolla"] for p in players)
    assert sum(expected.values()) > 3
    assert {x.name: x.weg_first for x in s.stats} == expected
