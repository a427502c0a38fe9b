"""struliwuli: a random hand the engine accepts (most of the time: a refused one is redrawn), for
`scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any


def generate(rng: random.Random, game: Any) -> dict[str, Any]:
    players = list(game.players)  # who plays this hand, in seating order
    _, _, cards = game._position()
    order = game.seats.order_from_left_of_dealer()
    bids = {p: rng.randint(0, min(cards, 2)) for p in order}
    if sum(bids.values()) == cards:
        dealer = order[-1]
        bids[dealer] = bids[dealer] + 1 if bids[dealer] < cards else bids[dealer] - 1
    tricks = {p: 0 for p in players}
    for _ in range(cards):
        tricks[rng.choice(players)] += 1
    return {"bids": bids, "tricks": tricks}
