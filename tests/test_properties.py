"""Properties over generated hands (hypothesis): zero sums, determinism, no crashes."""

from __future__ import annotations

import json
import re

import pytest
from conftest import RAMSCH4, SAU4, SCHWARZ4, SK4, SK5, SK6
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.cards import SUITS
from scorepad.engine import new_game, replay
from scorepad.errors import HandError, ScorepadError
from scorepad.games.saukopf.scoring import deck_cards
from scorepad.games.schafkopf.scoring import Schafkopf
from scorepad.games.struliwuli.scoring import rad_payout
from scorepad.tables import deep_merge, get_table, with_options

pytestmark = pytest.mark.unit

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAYERS = {
    "schafkopf": SK4,
    "saukopf": SAU4,
    "saukopf-dreihaxer": ["Sepp", "Resi", "Alois"],
    "schwarze-sau": SCHWARZ4,
    "struliwuli": ["A", "B", "C", "D", "E"],
    "zaisertshofer-ramsch": RAMSCH4,
}
# Augen some cards can make: every total 0..120 but 1 and 119
AUGEN = [a for a in range(121) if a not in (1, 119)]
SCHAFKOPF_TRUMPS = {"sauspiel": 14, "wenz": 4, "farbwenz": 10, "solo": 14, "geier": 4, "farbgeier": 10}
# the house games the extras' tables switch on (SCHAFKOPF_HOUSE_GAMES): partner or solo, won by, trumps
SCHAFKOPF_HOUSE = {"hochzeit": ("partner", "augen", 14), "bettel": ("solo", "no_trick", 0),
                   "bettel_brett": ("solo", "no_trick", 0), "wenz_tout": ("solo", "all_tricks", 4)}
SCHAFKOPF_HOUSE_GAMES = {"contracts": {
    "hochzeit": {"enabled": True}, "bettel": {"enabled": True}, "bettel_brett": {"enabled": True},
    "wenz_tout": {"name": "Wenz-Tout", "kind": "solo", "won_by": "all_tricks", "trumps": "nur die 4 Unter",
                  "trump_count": 4, "tariff": 100, "laufende_from": 2}}}
HAND_PREFIX = re.compile(r"^hand (\d+): \S")


# --- valid Schafkopf hands -----------------------------------------------------------------

@st.composite
def schafkopf_hand(draw, extras=False, players=tuple(SK4)):
    """A valid hand of `players` (the four in play); with `extras`, also the hand keys of the
    extras (Tout, ...), for a table that switches them on (SCHAFKOPF_EXTRAS)."""
    SK4 = list(players)  # noqa: N806 (the four who play this hand)
    if draw(st.integers(0, 20)) == 0:
        return {"passed": True}
    if extras and draw(st.integers(0, 5)) == 0:
        return draw(schafkopf_ramsch_hand(players))
    games = list(SCHAFKOPF_TRUMPS) + ["sie"] + (list(SCHAFKOPF_HOUSE) if extras else [])
    game = draw(st.sampled_from(games))
    kind, won_by, trumps = SCHAFKOPF_HOUSE.get(game, ("partner" if game == "sauspiel" else "solo", "augen",
                                                      SCHAFKOPF_TRUMPS.get(game, 8)))
    player = draw(st.sampled_from(SK4))
    hand = {"game": game, "player": player}
    party = {player}
    if kind == "partner":
        partner = draw(st.sampled_from([p for p in SK4 if p != player]))
        hand["partner"] = partner
        party.add(partner)
    if extras and draw(st.booleans()):
        hand["klopfer"] = draw(st.integers(0, 4))
    if game == "sie":
        return hand
    opponents = [p for p in SK4 if p not in party]
    if won_by != "augen":  # Bettel, Tout declared as a game: won or lost
        hand["result"] = draw(st.sampled_from(["won", "lost"]))
    elif draw(st.booleans()):
        augen = draw(st.sampled_from(AUGEN))
        hand["augen"] = augen
        if augen == 120 and draw(st.booleans()):
            hand["all_tricks"] = "player"
        if augen == 0 and draw(st.booleans()):
            hand["all_tricks"] = "opponents"
    else:
        hand["result"] = draw(st.sampled_from(["won", "won_schneider", "won_schwarz",
                                               "lost", "lost_schneider", "lost_schwarz"]))
    if draw(st.booleans()):
        hand["kontra"] = draw(st.sampled_from(opponents))
        if draw(st.booleans()):
            hand["re"] = draw(st.sampled_from(sorted(party)))
    if trumps and draw(st.booleans()):
        hand["laufende"] = draw(st.integers(-trumps, trumps))
    if draw(st.booleans()):
        hand["suit"] = draw(st.sampled_from(["eichel", "gras", "herz", "schellen"]))
    if extras and kind == "solo" and won_by == "augen" and draw(st.booleans()):
        hand["tout"] = True
    return hand


@st.composite
def schafkopf_ramsch_hand(draw, players=tuple(SK4)):
    """A valid Ramsch (everyone passed) of `players` for a table that switches `ramsch` on."""
    SK4 = list(players)  # noqa: N806 (the four who play this hand)
    hand = {"game": "ramsch"}
    if draw(st.booleans()):
        hand["klopfer"] = draw(st.integers(0, 4))
    if draw(st.integers(0, 7)) == 0:
        hand["durchmarsch"] = who = draw(st.sampled_from(SK4))
        if draw(st.booleans()):
            hand["augen"] = {p: 120 if p == who else 0 for p in SK4}
        return hand
    values = draw(split(120, 4).filter(lambda v: all(a in AUGEN for a in v)))
    augen = dict(zip(SK4, values))
    hand["augen"] = augen
    top = max(values)
    tied = [p for p in SK4 if augen[p] == top]
    if len(tied) > 1 or draw(st.integers(0, 4)) == 0:
        hand["loser"] = draw(st.sampled_from(tied))
    zeros = [p for p in SK4 if augen[p] == 0]
    if zeros and draw(st.booleans()):
        hand["jungfrauen"] = draw(st.lists(st.sampled_from(zeros), min_size=1, max_size=min(2, len(zeros)), unique=True))
    return hand


schafkopf_options = st.sampled_from([None, {"laufende": {"enabled": True}},
                                     {"laufende": {"enabled": True, "value": 20}},
                                     {"contracts": {"sauspiel": {"tariff": 10}}},
                                     {"laufende": {"enabled": True},
                                      "contracts": {"sauspiel": {"laufende_max": 5}, "wenz": {"laufende_max": 3}}}])


@SETTINGS
@given(hands=st.lists(schafkopf_hand(), min_size=1, max_size=12), options=schafkopf_options)
def test_every_generated_schafkopf_hand_sums_to_zero(hands, options):
    table = with_options(get_table("schafkopf"), options)
    result = replay(table, SK4, hands)
    assert len(result.hands) == len(hands)
    for hand in result.hands:
        assert sum(row["geld"] for row in hand.deltas.values()) == 0
    assert sum(row["geld"] for row in result.standings.values()) == 0
    for p in SK4:
        assert result.standings[p]["geld"] == sum(h.deltas[p]["geld"] for h in result.hands)


SCHAFKOPF_EXTRAS = st.sampled_from([deep_merge(SCHAFKOPF_HOUSE_GAMES, options) for options in [
    {"tout": {"enabled": True}, "klopfen": {"enabled": True}, "stock": {"enabled": True},
     "bock": {"enabled": True, "triggers": ["kontra_lost", "re_lost", "60_60", "schwarz", "sie", "passed"]},
     "ramsch": {"enabled": True, "durchmarsch_value": "ramsch", "jungfrau_doubles": "own"}},
    {"stock": {"enabled": True, "stake": 5, "sauspiel_wins_pot": False}, "klopfen": {"enabled": True},
     "tout": {"enabled": True, "value": "schwarz"}, "laufende": {"enabled": True, "counted_for": "player"},
     "ramsch": {"enabled": True, "value": 10, "jungfrau_factor": 3}},
    {"tout": {"enabled": True, "factor": 3}, "klopfen": {"enabled": True, "factor": 3}, "laufende": {"enabled": True},
     "contracts": {"sauspiel": {"laufende_max": 4}, "sie": {"with_laufende": True}},
     "bock": {"enabled": True, "triggers": ["passed"], "factor": 3},
     "ramsch": {"enabled": True, "value": 15, "durchmarsch_as": "wenz", "durchmarsch_value": "tariff",
                "jungfrau_doubles": "own", "jungfrau_factor": 3}},
]])


@SETTINGS
@given(hands=st.lists(schafkopf_hand(extras=True), min_size=1, max_size=12), options=SCHAFKOPF_EXTRAS)
def test_every_generated_schafkopf_hand_with_the_extras_sums_to_zero(hands, options):
    table = with_options(get_table("schafkopf"), options)
    result = replay(table, SK4, hands)
    assert len(result.hands) == len(hands)
    for hand in result.hands:  # the Stock's pot is money the table holds
        assert sum(row["geld"] for row in hand.deltas.values()) + hand.info.get("stock", 0) == 0
    assert sum(row["geld"] for row in result.standings.values()) + result.state.get("stock", 0) == 0
    assert sum(Schafkopf.money(table, result).values()) == 0


# --- five or six at the table: four play each hand, who sits out books nothing ----------------

FIVE_SIX = {5: SK5, 6: SK6}
# tariffs that do not halve or third evenly, a tariff set and the extras (issue 12 items 1, 9)
SEATED_OPTIONS = st.sampled_from([
    None, {"contracts": {"sauspiel": {"tariff": 15, "schneider": 15, "schwarz": 15}, "solo": {"tariff": 35}}},
    {"contracts": {"sauspiel": {"tariff": 5}, "wenz": {"tariff": 25, "schneider": 7}}, "laufende": {"enabled": True, "value": 5}},
    {"tout": {"enabled": True}, "klopfen": {"enabled": True}, "stock": {"enabled": True, "stake": 5},
     "bock": {"enabled": True, "triggers": ["kontra_lost", "re_lost", "60_60", "schwarz", "sie"]},
     "ramsch": {"enabled": True, "value": 15}},
])


@st.composite
def seated_evening(draw, table, players, max_size=12):
    """A valid evening at a table with more seats than play: each hand is drawn for the four
    the deal puts in play (a copy of the game is played along)."""

    extras = table.tout.enabled or table.ramsch.enabled
    game, hands = new_game(table, players), []
    for _ in range(draw(st.integers(1, max_size))):
        hand = draw(schafkopf_hand(extras=extras, players=game.players))
        try:
            game.play(len(hands) + 1, hand)
        except HandError:  # e.g. a Tout the contract cannot be, a Laufende count too high
            continue
        hands.append(hand)
    return hands


@pytest.mark.parametrize("n", [5, 6])
def test_every_hand_at_five_or_six_sums_to_zero_and_who_sits_out_books_nothing(n):
    players = FIVE_SIX[n]

    @SETTINGS
    @given(data=st.data(), options=SEATED_OPTIONS)
    def run(data, options):
        table = with_options(get_table("schafkopf"), options)
        hands = data.draw(seated_evening(table, players))
        result = replay(table, players, hands, keep_boards=True)
        for hand, _board in zip(result.hands, result.boards or []):
            assert sum(row["geld"] for row in hand.deltas.values()) + hand.info.get("stock", 0) == 0
            assert set(hand.deltas) == set(players)
        # who sat out each hand (the dealer; with six the one opposite too) booked nothing
        for k, hand in enumerate(result.hands):
            dealer = players.index(hand.dealer)
            assert hand.dealer == players[k % n]
            out = [players[dealer]] + ([players[(dealer + 3) % n]] if n == 6 else [])
            assert all(hand.deltas[p]["geld"] == 0 for p in out)
        assert sum(row["geld"] for row in result.standings.values()) + result.state.get("stock", 0) == 0
        assert sum(Schafkopf.money(table, result).values()) == 0

    run()


# --- valid Saukopf hands -------------------------------------------------------------------

SAU = PLAYERS["saukopf"]
SAUKOPF_CONTRACTS = {  # game: (doppel, min bid, max bid or schwarz, trumps)
    "sauerei": (True, 61, 61, 14), "kreuzung": (True, 61, 61, 14),
    "keiler": (False, 61, "schwarz", 14), "wutz": (False, 61, "schwarz", 4),
    "hauer": (False, 61, "schwarz", 10), "ferkelparade": (False, 61, "schwarz", 12),
    "knorpel": (False, 91, "schwarz", 1),
    "unreine_sauerei": (True, 61, 61, 14), "unreine_kreuzung": (True, 61, 61, 14),
    "mast": (False, 91, "schwarz", 14), "vegane_mast": (False, "schwarz", "schwarz", 0),
}


@st.composite
def saukopf_hand(draw, players=tuple(SAU)):
    """A valid Saukopf hand of `players` (the four in play)."""
    SAU = list(players)  # noqa: N806 (the four who play this hand)
    game = draw(st.sampled_from(sorted(SAUKOPF_CONTRACTS)))
    doppel, lo, hi, trumps = SAUKOPF_CONTRACTS[game]
    player = draw(st.sampled_from(SAU))
    hand = {"game": game, "player": player}
    party = {player}
    if doppel:
        hand["partner"] = draw(st.sampled_from([p for p in SAU if p != player]))
        party.add(hand["partner"])
    bids = ([] if lo == "schwarz" else list(range(lo, 121 if hi == "schwarz" else hi + 1)))
    bids += ["schwarz"] if hi == "schwarz" else []
    hand["bid"] = draw(st.sampled_from(bids))
    augen = draw(st.sampled_from(AUGEN))
    hand["augen"] = augen
    if augen in (0, 120) and draw(st.booleans()):
        hand["all_tricks"] = "player" if augen == 120 else "opponents"
    if trumps:
        hand["laufende"] = draw(st.integers(-trumps, trumps))
    hand["spiess"] = draw(st.booleans())
    chosen = get_table("saukopf").contracts[game].chosen_trump
    if chosen == "suit" and draw(st.booleans()):
        hand["trump"] = draw(st.sampled_from(SUITS))
    if chosen == "card" and draw(st.booleans()):
        hand["knorpel_card"] = draw(st.sampled_from(deck_cards(get_table("saukopf"))))
    opponents = [p for p in SAU if p not in party]
    if draw(st.booleans()):
        hand["kontra"] = draw(st.sampled_from(opponents))
        if draw(st.booleans()):
            hand["re"] = draw(st.sampled_from(sorted(party)))
    return hand


@SETTINGS
@given(hand=saukopf_hand())
def test_every_winner_gets_the_same_fleisch_and_the_losers_none(hand):
    result = replay(get_table("saukopf"), SAU, [hand])
    fleisch = {p: row["fleisch"] for p, row in result.hands[0].deltas.items()}
    party = {hand["player"], hand.get("partner")} - {None}
    opponents = set(SAU) - party
    winners = party if any(fleisch[p] for p in party) else opponents
    losers = set(SAU) - winners
    assert len({fleisch[p] for p in winners}) == 1
    assert all(fleisch[p] == 0 for p in losers)
    # Schlachtung 2 + at most one of each other item, doubled at most twice; at least 2 - 1
    factor = 2 ** (("kontra" in hand) + ("re" in hand))
    assert fleisch[next(iter(winners))] % factor == 0
    assert 1 <= fleisch[next(iter(winners))] // factor
    # Rauborstigkeit only for the losing side (Huftreter: the Kontra lost, so the opponents did)
    for p, row in result.hands[0].deltas.items():
        if row["rauborstig"]:
            assert p in losers


# --- Struliwuli payout ---------------------------------------------------------------------

@SETTINGS
@given(points=st.lists(st.integers(0, 400), min_size=4, max_size=6), rate=st.integers(0, 10))
def test_rad_payout_sums_to_zero_and_follows_the_ranking(points, rate):
    named = {f"P{i}": v for i, v in enumerate(points)}
    money = rad_payout(named, rate)
    assert sum(money.values()) == 0
    for p in named:
        for q in named:
            if named[p] > named[q]:
                assert money[p] >= money[q]
            if named[p] == named[q]:
                assert abs(money[p] - money[q]) <= 1


# --- random hands: score or a clean refusal, never a crash ------------------------------------

NAMES = sorted({p for ps in PLAYERS.values() for p in ps}) + ["Girgl", "", "hias"]
WORDS = ["sauspiel", "wenz", "solo", "sie", "geier", "farbwenz", "farbgeier", "sauerei", "kreuzung", "keiler",
         "wutz", "hauer", "ferkelparade", "knorpel", "unreine_sauerei", "unreine_kreuzung", "mast",
         "vegane_mast", "bettel", "schwarz", "player", "opponents", "won", "lost_schneider", "won_schwarz",
         "jungfrau", "durchmarsch", "eichel", "gras", "herz", "schellen", "kritischer_vergessen",
         "falsch_geschleckt", "zu_frueh_weg", "weg_vergessen", "karten_beruehrt", "geschummelt"]

scalar = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 130), st.integers(), st.sampled_from(NAMES),
    st.sampled_from(WORDS), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=5),
)
tally_map = st.dictionaries(st.sampled_from(NAMES), st.one_of(st.integers(-2, 16), scalar), max_size=7)
value = st.one_of(
    scalar, scalar, tally_map,
    st.lists(st.one_of(st.sampled_from(NAMES), scalar), max_size=5),
    st.fixed_dictionaries({"kind": st.sampled_from(["jungfrau", "durchmarsch", "x"]),
                           "by": st.sampled_from(NAMES), "success": st.booleans()}),
    st.lists(st.fixed_dictionaries({"player": st.sampled_from(NAMES), "kind": st.sampled_from(WORDS)}),
             max_size=3),
    st.dictionaries(st.text(max_size=4), scalar, max_size=3),
)
KEYS = {
    "schafkopf": ["passed", "game", "player", "partner", "suit", "augen", "result", "all_tricks", "laufende",
                  "kontra", "re", "tout", "klopfer", "jungfrauen", "durchmarsch", "loser"],
    "saukopf": ["passed", "vergeben", "game", "player", "partner", "bid", "spiess", "augen", "all_tricks",
                "laufende", "kontra", "re", "aside_augen", "trump", "knorpel_card"],
    "schwarze-sau": ["points", "announcement", "durchmarsch", "achterbrief_loser"],
    "struliwuli": ["bids", "tricks"],
    "zaisertshofer-ramsch": ["participants", "tricks", "penalties", "weg_order"],
}
KEYS["saukopf-dreihaxer"] = KEYS["saukopf"]


def split(total, parts):
    """Strategy: `parts` non-negative ints summing to `total`."""
    return st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1).map(
        lambda cuts: [b - a for a, b in zip([0] + sorted(cuts), sorted(cuts) + [total])])


STRULI_CARDS = [7, 6, 5, 4, 3, 2, 1] * 5  # 5 players: the card count of each hand of a Rad


@st.composite
def dreihaxer_hand(draw):
    players = PLAYERS["saukopf-dreihaxer"]
    game = draw(st.sampled_from(["keiler", "wutz", "hauer", "ferkelparade", "knorpel", "mast", "vegane_mast"]))
    _, lo, hi, trumps = SAUKOPF_CONTRACTS[game]
    aside = draw(st.sampled_from([0, 2, 3, 10, 11, 14, 20, 21, 22]))
    in_play = 120 - aside
    augen = draw(st.sampled_from([a for a in AUGEN if a <= in_play and in_play - a in AUGEN]))
    bids = ([] if lo == "schwarz" else list(range(lo, 121))) + ["schwarz"]
    hand = {"game": game, "player": draw(st.sampled_from(players)), "bid": draw(st.sampled_from(bids)),
            "augen": augen, "aside_augen": aside}
    if trumps:
        hand["laufende"] = draw(st.integers(-trumps, trumps))
    if augen in (0, in_play) and draw(st.booleans()):
        hand["all_tricks"] = "player" if augen == in_play else "opponents"
    return hand


@st.composite
def ramsch_hand(draw):
    players = PLAYERS["zaisertshofer-ramsch"]
    who = draw(st.lists(st.sampled_from(players), min_size=2, max_size=4, unique=True))
    tricks = draw(split(5, len(who)))
    hand = {"participants": who, "tricks": dict(zip(who, tricks))}
    if draw(st.integers(0, 4)) == 0:
        hand["penalties"] = [{"player": draw(st.sampled_from(who)),
                              "kind": draw(st.sampled_from(WORDS[-6:-1]))}]
    return hand


def plausible(ruleset, position=0):
    """Hands that are often valid (the `position`-th of an evening), so the engine gets deep."""
    players = PLAYERS[ruleset]
    if ruleset == "schafkopf":
        return schafkopf_hand()
    if ruleset == "saukopf":
        return saukopf_hand()
    if ruleset == "saukopf-dreihaxer":
        return dreihaxer_hand()
    if ruleset == "schwarze-sau":
        points = split(15, len(players)).map(lambda v: {"points": dict(zip(players, v))})
        special = st.builds(lambda k, b, s: {"announcement": {"kind": k, "by": b, "success": s}},
                            st.sampled_from(["jungfrau", "durchmarsch"]), st.sampled_from(players), st.booleans())
        return st.one_of(points, points, points, special, st.sampled_from(players).map(lambda p: {"durchmarsch": p}))
    if ruleset == "struliwuli":
        cards = STRULI_CARDS[position % len(STRULI_CARDS)]
        return st.builds(lambda b, t: {"bids": dict(zip(players, b)), "tricks": dict(zip(players, t))},
                         st.lists(st.integers(0, cards), min_size=5, max_size=5), split(cards, 5))
    return ramsch_hand()


def mutated(ruleset, position=0):
    """A plausible hand with one key changed to any value, dropped, or a junk key added."""
    keys = KEYS[ruleset] + ["junk", "Augen"]
    return st.tuples(plausible(ruleset, position), st.sampled_from(keys), value, st.integers(0, 2)).map(
        lambda t: ({k: v for k, v in t[0].items() if k != t[1]} if t[3] == 0 else {**t[0], t[1]: t[2]}))


def any_hand(ruleset, position=0):
    keys = KEYS[ruleset] + ["junk"]
    wild = st.dictionaries(st.sampled_from(keys), value, max_size=6)
    return st.one_of(mutated(ruleset, position), mutated(ruleset, position), wild, wild,
                     st.one_of(scalar, st.lists(scalar, max_size=2)))


@st.composite
def evening(draw, ruleset, max_size=6):
    """Plausible hands with at most one odd hand (mutated, wild or not even an object) among them."""
    n = draw(st.integers(0, max_size))
    hands = [draw(plausible(ruleset, i)) for i in range(n)]
    if draw(st.integers(0, 3)) or not hands:
        at = draw(st.integers(0, n))
        hands.insert(at, draw(any_hand(ruleset, at)))
    return hands


def check_outcome(ruleset, hands):
    table = get_table(ruleset)
    try:
        result = replay(table, PLAYERS[ruleset], hands)
    except ScorepadError as exc:
        assert isinstance(exc, HandError), repr(exc)
        match = HAND_PREFIX.match(str(exc))
        assert match, str(exc)
        assert 1 <= int(match.group(1)) <= len(hands)
        assert "\n" not in str(exc)
        return None
    assert len(result.hands) == len(hands)
    json.dumps(result.as_dict())  # plain data
    for p in PLAYERS[ruleset]:
        row = result.standings[p]
        if "striche" in row:
            assert row["striche"] >= 0
        if "punkte" in row:
            assert row["punkte"] >= 0
    if "geld" in next(iter(result.standings.values())):
        assert sum(r["geld"] for r in result.standings.values()) == 0
    return result


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_no_generated_hand_crashes_the_engine(ruleset):
    @SETTINGS
    @given(hands=evening(ruleset))
    def run(hands):
        check_outcome(ruleset, hands)

    run()


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_replay_is_deterministic(ruleset):
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands=evening(ruleset, 8))
    def run(hands):
        outcomes = []
        for _ in range(2):
            try:
                outcomes.append(json.dumps(replay(get_table(ruleset), PLAYERS[ruleset], hands).as_dict(),
                                           sort_keys=True))
            except ScorepadError as exc:
                outcomes.append(f"refused: {exc}")
        assert outcomes[0] == outcomes[1]

    run()


# --- session options: refused naming options.<key>, or an evening that scores cleanly ----------

def _paths(data, prefix=()):
    """Every key path of the table's own structure (through tables, not lists)."""
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            if prefix or k not in ("id", "family"):
                out.append(prefix + (k,))
                out += _paths(v, prefix + (k,))
    return out


def _nest(path, leaf):
    for key in reversed(path):
        leaf = {key: leaf}
    return leaf


option_value = st.one_of(
    st.integers(-3, 200), st.booleans(), st.none(), st.just({}),
    st.sampled_from(["schwarz", "opponents", "geld", "punkte", "x", "sauspiel", "solo", "won"]),
    st.lists(st.integers(-1, 10), max_size=4),
    st.lists(st.sampled_from(["geld", "punkte", "fleisch", "striche", "bolla", "verloren", "rauborstig"]), max_size=3),
)


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_any_session_option_is_refused_by_key_or_scores_cleanly(ruleset):
    from scorepad.errors import SessionError
    from scorepad.tables import table_as_dict

    paths = _paths(table_as_dict(get_table(ruleset)))

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(path=st.sampled_from(paths), leaf=option_value, hands=evening(ruleset))
    def run(path, leaf, hands):
        try:
            table = with_options(get_table(ruleset), _nest(path, leaf))
        except SessionError as exc:
            assert str(exc).startswith("options."), str(exc)
            return
        try:
            replay(table, PLAYERS[ruleset], hands)
        except ScorepadError as exc:
            assert HAND_PREFIX.match(str(exc)) or str(exc).startswith("players"), str(exc)

    run()


# --- Saukopf at five (a house variant) -------------------------------------------------------

SAUKOPF_AT_FIVE = {"players": [4, 5], "sitting_out": {"in_play": 4, "seats": {"5": [0]}}}


@SETTINGS
@given(data=st.data())
def test_at_a_saukopf_table_of_five_the_dealer_books_nothing_and_the_winners_share_alike(data):
    """Saukopf's tallies are points, not money (they need not sum to zero): at five, the dealer
    sits the hand out and books nothing in any tally; the four in play score as at four."""
    table = with_options(get_table("saukopf"), SAUKOPF_AT_FIVE)
    players = SAU + ["Girgl"]
    game = new_game(table, players)
    for number in range(1, 7):
        dealer, in_play = game.seats.dealer, list(game.players)
        assert dealer not in in_play and len(in_play) == 4
        hand = data.draw(saukopf_hand(players=tuple(in_play)))
        result = game.play(number, hand)
        assert all(v == 0 for v in result.deltas[dealer].values())
        party = {hand["player"], hand.get("partner")} - {None}
        fleisch = {p: result.deltas[p]["fleisch"] for p in in_play}
        winners = party if any(fleisch[p] for p in party) else set(in_play) - party
        assert len({fleisch[p] for p in winners}) == 1
        assert all(fleisch[p] == 0 for p in set(in_play) - winners)
