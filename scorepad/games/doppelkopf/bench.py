"""Doppelkopf: a random game the engine accepts, for `scorepad bench` and the property tests."""

from __future__ import annotations

import random
from typing import Any

from scorepad.games.doppelkopf.points import Party, Play, winner
from scorepad.games.doppelkopf.result import form_level, levels_of


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
    if rng.random() < 0.4:  # entered by result, as the form offers it (result.py)
        hand = as_result(t, hand) or hand
    return hand


def as_result(t: Any, hand: dict[str, Any]) -> dict[str, Any] | None:
    """The hand by result (winner, the losers' level) where the form's result rows can say it."""
    scale, total = t.scale, t.game_points.total
    tricks = hand.get("all_tricks")
    augen = total if tricks == "re" else 0 if tricks else hand["augen"]
    names = t.call_names()
    calls = {p: names[p].index(hand[f"{p}_call"]) + 1 if hand.get(f"{p}_call") else 0 for p in ("re", "kontra")}
    plays: dict[Party, Play] = {"re": Play(augen, calls["re"], tricks != "kontra"), "kontra": Play(total - augen, calls["kontra"], tricks != "re")}
    won = winner(scale, plays) or "none"
    levels: dict[str, str] = {str(p): lvl for p, lvl in levels_of(scale, augen, tricks).items()}
    if levels == {"re" if won == "kontra" else "kontra": f"keine {total // 2}"}:
        levels = {}  # a plain loss: below half, no chip
    short = {k: v for k, v in hand.items() if k not in ("augen", "all_tricks")}
    result = {**short, "winner": won, **({"levels": levels} if levels else {})}
    return result if form_level(t, result)[0] else None
