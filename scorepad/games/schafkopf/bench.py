"""schafkopf: a random hand the engine accepts (most of the time: a refused one is redrawn), for
`scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any


def generate(rng: random.Random, game: Any) -> dict[str, Any]:
    t = game.table
    players = list(game.players)  # who plays this hand: who sits it out (the deal says) is left out
    if rng.random() < 0.03 and not t.muss.enabled:  # (a Muss-Spiel table: nobody passes)
        return {"passed": True}
    cid = rng.choice([c for c, v in t.contracts.items() if v.enabled and v.kind != "sie"])
    player = rng.choice(players)
    hand: dict[str, Any] = {"game": cid, "player": player}
    party = [player]
    if t.contracts[cid].kind == "partner":
        hand["partner"] = rng.choice([p for p in players if p != player])
        party.append(hand["partner"])
    if t.contracts[cid].won_by != "augen":  # Bettel, Tout declared as a game: won or lost
        hand["result"] = rng.choice(["won", "lost"])
    elif rng.random() < 0.5:
        hand["augen"] = rng.choice([a for a in range(0, 121) if a not in (1, 119)])
    else:
        hand["result"] = rng.choice(["won", "won_schneider", "lost", "lost_schneider"])
    if t.contracts[cid].suit_tariffs:  # a Herz-Solo is worth more: the suit counts
        hand["suit"] = rng.choice(["eichel", "gras", "herz", "schellen"])
    if t.kontra_chain and rng.random() < 0.2:
        hand["kontra"] = rng.choice([p for p in players if p not in party])
        if rng.random() < 0.3:
            hand["re"] = rng.choice(party)
    return hand
