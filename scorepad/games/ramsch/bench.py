"""ramsch: a random hand the engine accepts (most of the time: a refused one is redrawn), for
`scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any


def generate(rng: random.Random, game: Any) -> dict[str, Any]:
    players = list(game.players)  # who plays this hand, in seating order
    start = game.table.start_striche
    fresh = game.new_partie_next
    still_in = [p for p in players if fresh or game.board[p]["striche"] > 0]
    k = rng.randint(2, len(still_in)) if len(still_in) > 2 else len(still_in)
    chosen = set(rng.sample(still_in, k))
    participants = [p for p in players if p in chosen]
    tricks = {p: 0 for p in participants}
    for _ in range(5):
        tricks[rng.choice(participants)] += 1
    hand: dict[str, Any] = {"participants": participants, "tricks": tricks}
    if rng.random() < 0.05:
        hand["penalties"] = [{"player": rng.choice(participants), "kind": "zu_frueh_weg"}]
    # name the order of going out whenever several may go out (it can decide the Bolla);
    # a guess that misses (a penalty moved someone) is refused and redrawn
    before = {p: start if fresh else game.board[p]["striche"] for p in players}
    out = [p for p in participants if 0 < before[p] <= tricks[p]]
    if len(out) > 1:
        hand["weg_order"] = out
    return hand
