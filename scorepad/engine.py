"""The engine: a rule table, the seating and the entered hands in; every hand's points out.

Pure: no I/O, no global state. Each game family's logic lives in its own package under
`scorepad/games/` (scoring.py); this module asks the registry for the family the table names.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from scorepad.games import family_of
from scorepad.games.base import Game, HandResult, Replay
from scorepad.tables import RuleTable

__all__ = ["Game", "HandResult", "Replay", "before_hand", "game_data", "game_from_data", "new_game", "replay_game",
           "replay", "try_hand"]


def new_game(table: RuleTable, players: list[str], first_dealer: str | None = None) -> Game:
    """A fresh evening of the table's family, before its first hand."""
    return family_of(table).game(table, players, first_dealer)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """A replay makes many small objects and no reference cycles; without this the cyclic
    collector rescans the growing list of results again and again (about 40% of a long
    replay). The collector is switched back on as it was."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def replay_game(table: RuleTable, players: list[str], hands: Iterable[Any],
                 first_dealer: str | None = None) -> tuple[Game, list[HandResult]]:
    """Every hand played in order on a new game: the game (to play more hands on) and the
    results. The first hand that breaks a rule raises HandError."""
    game = new_game(table, players, first_dealer)
    with _no_cycle_collection():
        results = [game.play(number, raw) for number, raw in enumerate(hands, 1)]
    return game, results


def replay(table: RuleTable, players: list[str], hands: Iterable[Any], first_dealer: str | None = None,
           keep_boards: bool = False) -> Replay:
    """Score every hand in order; the first hand that breaks a rule raises HandError.

    With keep_boards, the standings after every hand are kept too (for charts)."""
    if not keep_boards:
        game, results = replay_game(table, players, hands, first_dealer)
        return Replay(results, game.snapshot(), game.state())
    game = new_game(table, players, first_dealer)
    with _no_cycle_collection():
        results, boards = [], []
        for number, raw in enumerate(hands, 1):
            results.append(game.play(number, raw))
            boards.append(game.snapshot())
        return Replay(results, game.snapshot(), game.state(), boards)


def before_hand(table: RuleTable, players: list[str], hands: list[Any], number: int | None = None,
                first_dealer: str | None = None) -> Game:
    """The game as it stands before hand `number` (default: before the next new hand)."""
    upto = len(hands) if number is None else number - 1
    return replay_game(table, players, hands[:upto], first_dealer)[0]


def try_hand(table: RuleTable, players: list[str], hands: list[Any], hand: Any, number: int | None = None,
             first_dealer: str | None = None) -> HandResult:
    """Score `hand` as the next hand (or in place of hand `number`) without keeping anything;
    an edit is checked against every later hand too. Raises HandError like replay."""
    if number is None:
        game = before_hand(table, players, hands, None, first_dealer)
        return game.play(len(hands) + 1, hand)
    changed = list(hands)
    changed[number - 1] = hand
    return replay(table, players, changed, first_dealer).hands[number - 1]


def game_data(game: Game) -> dict[str, Any]:
    """The evening's state after the hands played on `game`, as plain JSON values."""
    return game.to_data()


def game_from_data(table: RuleTable, players: list[str], data: Any, first_dealer: str | None = None) -> Game:
    """A game standing where `game_data` was taken, ready to play the next hand on; ValueError
    if the data does not fit the table and seating (then replay the hands instead)."""
    game = new_game(table, players, first_dealer)
    game.load_data(data)
    return game
