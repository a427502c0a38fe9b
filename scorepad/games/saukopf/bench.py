"""saukopf: a random hand the engine accepts (most of the time: a refused one is redrawn), for
`scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any


def generate(rng: random.Random, game: Any) -> dict[str, Any]:
    t = game.table
    players = list(game.players)  # who plays this hand: who sits it out (the deal says) is left out
    cid = rng.choice([c for c, v in t.contracts.items() if v.enabled])
    c = t.contracts[cid]
    player = rng.choice(players)
    hand: dict[str, Any] = {"game": cid, "player": player}
    party = [player]
    if c.kind == "doppel":
        hand["partner"] = rng.choice([p for p in players if p != player])
        party.append(hand["partner"])
    if c.min_bid == "schwarz":
        hand["bid"] = "schwarz"
    else:
        hand["bid"] = rng.randint(c.min_bid, c.max_bid if c.max_bid != "schwarz" else 120)
    aside = rng.choice([0, 2, 3, 10, 11, 21]) if t.aside_cards else 0
    if aside:
        hand["aside_augen"] = aside
    hand["augen"] = rng.choice([a for a in range(0, 121 - aside) if a not in (1, 119 - aside)])
    hand["laufende"] = rng.randint(-min(4, c.trump_count), min(4, c.trump_count))
    hand["spiess"] = rng.random() < 0.2
    if rng.random() < 0.2:
        hand["kontra"] = rng.choice([p for p in players if p not in party])
    return hand
