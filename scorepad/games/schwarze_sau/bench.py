"""schwarze_sau: a random hand the engine accepts (most of the time: a refused one is redrawn), for
`scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any


def generate(rng: random.Random, game: Any) -> dict[str, Any]:
    players = list(game.players)  # who plays this hand, in seating order
    if game.achterbrief:
        return {"achterbrief_loser": rng.choice(game.achterbrief)}
    if rng.random() < 0.05:
        return {"announcement": {"kind": rng.choice(["jungfrau", "durchmarsch"]), "by": rng.choice(players),
                                 "success": rng.random() < 0.5}}
    cards = [1] * 8 + [2, 5]
    if len(players) == 3:
        rng.shuffle(cards)
        cards = cards[:rng.choice([8, 9, 10])]
    points = {p: 0 for p in players}
    for v in cards:
        points[rng.choice(players)] += v
    return {"points": points}
