"""Skat: a random game the engine accepts, for `scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any

from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.value import bid_values, null_value, score

GAMES = ("karo", "herz", "pik", "kreuz", "grand", "null")


def generate(rng: random.Random, game: Any) -> dict[str, Any]:
    """A game of whoever plays next (at four or five not who sits out): mostly suit games and
    Grand, some Null, now and then eingepasst (a Ramsch where the table plays one), Hand, ouvert, an
    announcement, a written bid."""
    t = game.table
    if rng.random() < 0.05:
        return ramsch(rng, game) if t.ramsch.enabled else {"eingepasst": True}
    kind = rng.choices(GAMES, weights=(2, 2, 2, 3, 3, 1))[0]
    hand: dict[str, Any] = {"declarer": rng.choice(list(game.players)), "game": kind}
    if t.kontra_re.enabled and rng.random() < 0.2:  # house rule
        hand["kontra"] = True
        if rng.random() < 0.4:
            hand["re"] = True
    if rng.random() < 0.25:
        hand["hand"] = True
    if kind == "null":
        if rng.random() < 0.2:
            hand["ouvert"] = True
        hand["won"] = rng.random() < 0.7
        if rng.random() < 0.3:
            value = null_value(SkatHand.model_validate(hand), t)
            hand["reizwert"] = rng.choice(sorted(v for v in bid_values(t) if v <= value))
        return hand
    most = t.spitzen.grand if kind == "grand" else t.spitzen.suit
    hand["spitzen"] = rng.choice([1, 1, 1, 2, 2, 3, rng.randint(1, most)])
    if rng.random() < 0.3:
        hand["mit"] = False
    if (hand.get("hand") or t.announce_without_hand) and rng.random() < 0.15:
        hand[rng.choice(("schneider_angesagt", "schwarz_angesagt"))] = True
    elif rng.random() < 0.04:
        hand["ouvert"] = True
        hand.pop("hand", None)
    if rng.random() < 0.6:
        augen = rng.randint(0, t.augen.total)
        hand["augen"] = augen
        if augen in (0, t.augen.total) and rng.random() < 0.5:
            hand["schwarz"] = True
    else:
        hand["won"] = rng.random() < 0.7
        if rng.random() < 0.2:
            hand[rng.choice(("schneider", "schwarz"))] = True
    if rng.random() < 0.3:
        reached = score(SkatHand.model_validate(hand), t).reached
        near = sorted(v for v in bid_values(t) if v <= reached + t.base_value(kind) * 2)
        hand["reizwert"] = rng.choice(near[-6:])
    try:
        score(SkatHand.model_validate(hand), t)
    except SkatRefused:
        hand.pop("reizwert", None)
    return hand


def ramsch(rng: random.Random, game: Any) -> dict[str, Any]:
    """A Ramsch (house rule) of who plays next: each one's Augen summing to the game's, now and
    then a Jungfrau (a player with 0 Augen), a tie, a Durchmarsch, pushes of the Skat."""
    t = game.table
    players = list(game.players)
    hand: dict[str, Any] = {"ramsch": True}
    if rng.random() < 0.3:
        hand["geschoben"] = rng.randint(1, len(players))
    if rng.random() < 0.1:
        hand["durchmarsch"] = rng.choice(players)
        return hand
    total = t.augen.total
    if rng.random() < 0.15:  # a tie for the most Augen
        top = rng.randint(total // 3 + 1, total // 2)
        cut = [top, top, total - 2 * top]
        rng.shuffle(cut)
    else:
        a, b = sorted(rng.randint(0, total) for _ in range(2))
        cut = [a, b - a, total - b]
        if rng.random() < 0.25:  # a Jungfrau: one player without Augen
            cut = [0, *sorted(cut)[1:-1], max(cut) + min(cut)]
            rng.shuffle(cut)
    hand["ramsch_augen"] = dict(zip(players, cut, strict=True))  # three play every game
    nobody = [p for p, got in hand["ramsch_augen"].items() if got == 0]
    if nobody and rng.random() < 0.7:  # not all but one: that would be a Durchmarsch
        hand["jungfrauen"] = nobody[:len(players) - 2]
    top = max(cut)
    tied = [p for p, got in hand["ramsch_augen"].items() if got == top]
    if len(tied) > 1 and t.ramsch.tie == "table":
        hand["loser"] = rng.choice(tied)
    return hand
