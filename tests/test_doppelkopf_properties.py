"""Doppelkopf over generated evenings (hypothesis): every game sums to zero, Bock multiplies and
nothing else, a solo is three times one opponent's share."""

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.games.doppelkopf import FAMILY
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.doppelkopf.scoring import Doppelkopf

pytestmark = pytest.mark.unit

DDV_TOML = Path(__file__).resolve().parent.parent / "rulesets" / "doppelkopf.toml"
SEATS = {4: ["Hias", "Vroni", "Wast", "Kathi"], 5: ["Hias", "Vroni", "Wast", "Kathi", "Sepp"],
         6: ["Hias", "Vroni", "Wast", "Kathi", "Sepp", "Resi"]}


def table(**changes):
    raw = tomllib.loads(DDV_TOML.read_text(encoding="utf-8"))
    for key, value in changes.items():
        raw[key] = {**raw[key], **value} if isinstance(value, dict) and isinstance(raw.get(key), dict) else value
    raw["contracts"]["armut"]["enabled"] = True
    raw["sonderpunkte"]["dulle_gefangen"]["enabled"] = True
    return DoppelkopfTable.model_validate(raw)


def evening(t, players, seed, games=40):
    """(hand, result) of each game of a generated evening."""
    rng = random.Random(seed)
    g = Doppelkopf(t, players)
    for number in range(1, games + 1):
        hand = FAMILY.generate(rng, g)
        hand["sitting_out"] = list(g.seats.sitting_out)
        yield hand, g.play(number, {k: v for k, v in hand.items() if k != "sitting_out"})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), at_table=st.sampled_from([4, 5, 6]))
def test_every_game_sums_to_zero_and_who_sits_out_gets_nothing(seed, at_table):
    t = table()
    for hand, result in evening(t, SEATS[at_table], seed):
        values = {p: row["punkte"] for p, row in result.deltas.items()}
        assert sum(values.values()) == 0
        assert len(hand["sitting_out"]) == at_table - 4
        assert all(values[p] == 0 for p in hand["sitting_out"])
        if at_table == 4:  # TSR 7.3.3: all even or all odd (at five the one sitting out has 0)
            assert len({v % 2 for v in values.values()}) == 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_solo_gives_the_soloist_three_times_each_opponents_share(seed):
    for _hand, result in evening(table(), SEATS[4], seed):
        if result.info["solo"]:
            soloist = result.info["solo"]
            shares = {row["punkte"] for p, row in result.deltas.items() if p != soloist}
            assert len(shares) == 1
            assert result.deltas[soloist]["punkte"] == -3 * shares.pop()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), stacking=st.booleans())
def test_bock_multiplies_a_game_by_its_factor_and_changes_nothing_else(seed, stacking):
    plain, bock = table(), table(bock={"enabled": True, "after": ["tie", "lost_solo", "lost_announcement"],
                                        "stacking": stacking})
    for (_hand, with_bock), (_, without) in zip(evening(bock, SEATS[4], seed), evening(plain, SEATS[4], seed)):
        factor = bock.bock.factor ** with_bock.info["bock"]
        for p, row in without.deltas.items():
            assert with_bock.deltas[p]["punkte"] == factor * row["punkte"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), writes=st.sampled_from(["winners", "losers"]))
def test_who_writes_keeps_one_side_of_the_zero_sum_list(seed, writes):
    one_side = table(writes=writes)
    for (_, kept), (_, both) in zip(evening(one_side, SEATS[4], seed), evening(table(), SEATS[4], seed)):
        for p, row in both.deltas.items():
            v = row["punkte"]
            assert kept.deltas[p]["punkte"] == (v if (v > 0) == (writes == "winners") and v else 0)


def by_result(t, hand, result):
    """The hand as a list writes it: the winner and the level a party was played down to, no
    Augen (a plain win's "keine 120" of the loser left out, as tables do)."""
    from scorepad.games.doppelkopf.result import levels_of

    short = {k: v for k, v in hand.items() if k not in ("augen", "all_tricks", "sitting_out")}
    augen = t.game_points.total if hand.get("all_tricks") == "re" else 0 if hand.get("all_tricks") else hand["augen"]
    won = result.info["winner"] or "none"
    levels = levels_of(t.scale, augen, hand.get("all_tricks"))
    plain = f"keine {t.game_points.total // 2}"
    below_half = "re" if won == "kontra" else "kontra"  # who is below half when no level is given
    if levels == {below_half: plain}:
        levels = {}
    return {**short, "winner": won, **({"levels": levels} if levels else {})}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), at_table=st.sampled_from([4, 5, 6]), house=st.booleans())
def test_a_game_entered_by_result_scores_as_the_game_with_its_augen(seed, at_table, house):
    """Every Augen-hand of a generated evening, entered as its result instead (winner and
    levels), gives the same points, the same lines and the same Bock rounds after it."""
    t = table(bock={"enabled": True, "after": ["tie", "lost_solo", "lost_announcement", "nobody_won"],
                    "stacking": True}, game_points={"doubling": True}) if house else table()
    g = Doppelkopf(t, SEATS[at_table])
    for number, (hand, result) in enumerate(evening(t, SEATS[at_table], seed), start=1):
        entered = by_result(t, hand, result) if "winner" not in hand else \
            {k: v for k, v in hand.items() if k != "sitting_out"}
        assert "augen" not in entered and "all_tricks" not in entered
        again = g.play(number, entered)
        assert again.deltas == result.deltas
        assert again.info["items"] == result.info["items"]
        assert again.info["bock"] == result.info["bock"]
