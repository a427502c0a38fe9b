"""A tournament table's list for the round, as its game keeps it on paper (Skat: Nr, Spieler, Spiel,
Spitzen, the marks, Wert, the Seeger-Fabian column, each seat's Stand after the game, the
Seeger-Fabian block at the foot): what the table sheet prints (tournament/printed.py). Every
number is the engine's: the evening replayed, its Stand after each game (the boards), the game's
own cells and foot (the family's words: skat/paper.py). None for a game without its own list
(Schafkopf: its sheet keeps the plain ruled list)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorepad.engine import replay
from scorepad.games import family_of
from scorepad.tables import RuleTable
from scorepad.tournament.sheet import ListRow, TableList

if TYPE_CHECKING:
    from scorepad.app.tournament_models import TournamentInfo


def table_games(info: TournamentInfo, seats: Sequence[str]) -> int:
    """The games a table seated `seats` plays in a round of tournament `info` (the count of its
    size: Skat's 36 at three, 48 at four)."""
    return info.games_at(len(seats))


def table_list(table: RuleTable, players: list[str], hands: list[Any], first_dealer: str | None,
               games: int, finished: bool = False) -> TableList | None:
    """The list of a table seated `players` (seat 1 first) that plays `games` games, with the
    `hands` entered so far; its foot filled in when every game is entered (or the table is
    finished), else left to fill in by pen."""
    family = family_of(table)
    columns = family.list_columns(table)
    if columns is None:
        return None
    result = replay(table, players, hands, first_dealer, keep_boards=True)
    tally = table.rank_keys()[0].tally
    rows = tuple(ListRow(r.number, tuple(family.list_cells(table, raw if isinstance(raw, dict) else {}, r)),
                         tuple(board[p][tally] for p in players))
                 for r, raw, board in zip(result.hands, hands, result.boards or []))
    return TableList(head=tuple(columns.head), key=columns.key, rows=rows, games=max(games, len(rows)),
                     foot=tuple(family.list_foot(table, players, result.hands)),
                     foot_filled=finished or len(rows) >= games, tally=tally)
