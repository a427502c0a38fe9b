"""The evening as scored so far, kept in memory between taps.

"Scoring the evening" is the engine's `replay` (hands in, standings out). `replay_live` is that
replay keeping the engine's game, so the next hand is played on it instead of replaying the
whole evening; `Live.as_replay` only packs what is kept into the engine's Replay (it scores
nothing). `game_copy` is a game to read or try a hand on without touching the kept one.
"""

from __future__ import annotations

import copy
import functools
import json
from dataclasses import dataclass, field
from typing import Any

from scorepad.engine import Game, HandResult, Replay, replay_game
from scorepad.tables import RuleTable, stored_table_from


@functools.lru_cache(maxsize=64)
def stored_table(text: str, source: str) -> RuleTable:
    """An evening's stored rule table, validated back into the engine's model."""
    return stored_table_from(json.loads(text), source)


@dataclass
class Live:
    """An evening replayed up to its last hand: the engine's game, every hand's result and the
    hands as entered (`entered`, so a screen reads them without going to the store).

    One restored from the store's checkpoint (scorepad.app.checkpoint) has the game but not the
    results (nor the hands) of the `skipped` hands before it: enough to enter and save the next
    hand, not to show the evening (`complete` is False; `as_replay` needs a replay)."""

    version: int
    game: Game
    results: list[HandResult]
    skipped: int = 0
    entered: list[Any] = field(default_factory=list)

    @property
    def hands(self) -> int:
        return self.skipped + len(self.results)

    @property
    def complete(self) -> bool:
        return self.skipped == 0

    def result(self, number: int) -> HandResult:
        return self.results[number - 1 - self.skipped]

    def as_replay(self) -> Replay:
        if not self.complete:
            raise ValueError("an evening restored from its checkpoint has no results to show")
        return Replay(list(self.results), self.game.snapshot(), self.game.state())


def replay_live(table: RuleTable, players: list[str], first_dealer: str | None, hands: list[Any], version: int = 0) -> Live:
    """The engine's replay, keeping the game so more hands can be played on it."""
    game, results = replay_game(table, list(players), hands, first_dealer)
    return Live(version, game, results, entered=list(hands))


def game_copy(game: Game) -> Game:
    """A copy of a game to read or try a hand on; the rule table is shared (it never changes)."""
    return copy.deepcopy(game, {id(game.table): game.table})
