"""Doppelkopf: a random game the engine accepts, for `scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any


def generate(rng: random.Random, game: Any) -> dict[str, Any]:
    t = game.table
    players = list(game.players)  # who plays this game (at five or six the dealer sits out)
    gid = rng.choice([g for g, v in t.contracts.items() if v.enabled])
    kind = t.contracts[gid].kind
    count = 2 if kind == "normal" else 1 if kind == "solo" else rng.choice((1, 2))
    re = rng.sample(players, count)
    hand: dict[str, Any] = {"game": gid, "re": re}
    total = t.game_points.total
    roll = rng.random()
    if roll < 0.03:
        hand["all_tricks"] = rng.choice(("re", "kontra"))
    else:
        hand["augen"] = rng.choice([a for a in range(total + 1) if a not in (1, total - 1)])
    names = t.call_names()
    for party in ("re", "kontra"):
        if rng.random() < 0.3:
            hand[f"{party}_call"] = rng.choice(names[party][: rng.randint(1, len(names[party]))])
    solo = kind == "solo" or count == 1
    entered = [(sid, sp) for sid, sp in t.sonderpunkte.items() if sp.enabled and sp.when == "entered"]
    if not solo and entered and rng.random() < 0.5:
        extras: dict[str, dict[str, int]] = {}
        for sid, sp in rng.sample(entered, rng.randint(1, len(entered))):
            extras.setdefault(rng.choice(("re", "kontra")), {})[sid] = rng.randint(1, min(sp.most, 2))
        hand["sonderpunkte"] = extras
    return hand
