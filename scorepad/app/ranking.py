"""A tournament's ranking, kept: computed once per state of the tournament for every screen that
shows it, and each table's scores once per version of its evening.

The ranking screen renders after the saves at any table (ui/ranking_feed.py: at most every few
tenths of a second, every screen of a tournament at once) and whenever its page turns. With 50
tables that is several saves a second; ranking from scratch each time would score every
table's evening again (and replay the evenings the app no longer keeps). Instead:

- each table's scores are kept under its evening's version: a save changes that one evening's
  version, so only that table is scored again (on the evening's kept replay);
- the board is kept under the tournament's mark (Store.tournament_mark: the tournament's rows
  and its evenings' versions, one cheap read): a second screen, a page turning, a render with
  nothing changed get the kept board; while one is computed, the others wait for it.

A kept one is used only while the mark (or the version) is the store's, so what another
process changed (`scorepad add`) is ranked at the next look, as before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorepad.app.tournament_models import RankingBoard
from scorepad.games.base import Seating
from scorepad.tables import RuleTable
from scorepad.tournament import Score

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings


class KeptRanking:
    """The boards of one store's tournaments and the scores of their tables, as last computed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._boards: dict[int, tuple[dict[str, Any], RankingBoard]] = {}
        self._computing: dict[int, threading.Lock] = {}
        self._scores: dict[int, tuple[int, str, dict[str, Score]]] = {}

    def board(self, tournament_id: int, mark: dict[str, Any], compute: Callable[[], RankingBoard]) -> RankingBoard:
        """The board kept at `mark`, else `compute()`d and kept. The board is shared by every
        caller: read it, never change it."""
        with self._lock:
            computing = self._computing.setdefault(tournament_id, threading.Lock())
        with computing:  # one computation per tournament at a time: who comes meanwhile takes it
            kept = self._boards.get(tournament_id)
            if kept is not None and kept[0] == mark:
                return kept[1]
            board = compute()
            self._boards[tournament_id] = (mark, board)
            return board

    def scores(self, evening_id: int, version: int, tally: str,
               compute: Callable[[], dict[str, Score]]) -> dict[str, Score]:
        """A table's scores kept at the evening's `version`, else `compute()`d and kept."""
        kept = self._scores.get(evening_id)
        if kept is not None and kept[0] == version and kept[1] == tally:
            return kept[2]
        scores = compute()
        with self._lock:
            self._scores[evening_id] = (version, tally, scores)
        return scores


def table_scores(evenings: Evenings, evening_id: int, tally: str) -> dict[str, Score]:
    """What each player of a table scored there: the tally, solos won, hands played, and the
    games the player declared and won or lost."""
    result = evenings.show(evening_id)
    table = evenings.table(evening_id)
    players = evenings.evening(evening_id).players
    solos = {name: 0 for name in players}
    games, won, lost = dict(solos), dict(solos), dict(solos)
    for hand in result.hands:
        for name in Seating.in_play_of(table, players, hand.dealer, hand.info.get("sitting_out")):
            games[name] += 1
        if solo_won(table, hand.info):
            solos[hand.info["player"]] += 1
        declarer, outcome = hand.info.get("player"), hand.info.get("won")
        if isinstance(declarer, str) and declarer in won and isinstance(outcome, bool):
            (won if outcome else lost)[declarer] += 1
    return {name: Score(result.standings[name].get(tally, 0), solos[name], games[name], won[name], lost[name])
            for name in players}


def solo_won(table: RuleTable, info: dict[str, Any]) -> bool:
    """Whether a scored hand is a solo (the table's contract of kind solo or sie) its player won."""
    contracts = getattr(table, "contracts", None) or {}
    contract = contracts.get(info.get("game")) if isinstance(info.get("game"), str) else None
    return bool(contract is not None and getattr(contract, "kind", None) in ("solo", "sie") and info.get("won")
                and info.get("player"))
