"""An event's own settings of a tournament (a part of Tournaments): the games per table and round,
one count or one per table size (Skat: 36 at a table of three, 48 at four), checked against the
rule table's tournament tables; and the lost-game fee (Preisskat's Verlustspielgeld), checked and
listed per player and round with the pot's total. The rules themselves are the pure
scorepad/tournament/event.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorepad.app.errors import TournamentError
from scorepad.app.guard import guarded
from scorepad.app.tournament_models import FeeLine, FeeList, FeeRound, TableProgress, TournamentInfo
from scorepad.tournament.event import ascending_sizes, fee, fee_words, per_size
from scorepad.tournament.limits import FEE_MAX, FEE_STEPS_MAX, GAMES_MAX

if TYPE_CHECKING:
    from scorepad.tables import RuleTable
    from scorepad.tournament import Score


def _whole(value: Any, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= top


class EventSettings:
    """The games per table size and the lost-game fee of Tournaments."""

    if TYPE_CHECKING:
        def tournament(self, tournament_id: int) -> TournamentInfo: ...
        def progress(self, tournament_id: int) -> list[TableProgress]: ...
        def table_scores(self, evening_id: int, tally: str) -> dict[str, Score]: ...
        def _table(self, ruleset: str, options: dict[str, Any] | None) -> RuleTable: ...

    @guarded
    def fees(self, tournament_id: int) -> FeeList:
        """The lost-game fee (Verlustspielgeld): each player's lost games and fee per round,
        their totals and the pot's."""
        info = self.tournament(tournament_id)
        table = self._table(info.ruleset, info.options)
        tally = table.rank_keys()[0].tally
        lines = {p.name: FeeLine(name=p.name, number=p.number, rounds=[None] * info.drawn) for p in info.players}
        for t in self.progress(tournament_id):
            for name, score in self.table_scores(t.evening, tally).items():
                if name in lines:
                    lines[name].rounds[t.round - 1] = FeeRound(lost=score.lost, fee=fee(score.lost, info.fees))
        for line in lines.values():
            line.total = sum(r.fee for r in line.rounds if r is not None)
        return FeeList(tournament=info.id, name=info.name, scale=info.fees, words=fee_words(info.fees),
                       round_word=table.tournament.round_word, players=list(lines.values()),
                       total=sum(line.total for line in lines.values()))

    @staticmethod
    def _game_counts(games: Any) -> list[int]:
        """The games as given (one count, or a list of them), each a whole number 1..GAMES_MAX."""
        counts: list[Any] = list(games) if isinstance(games, (list, tuple)) else [games]
        for count in counts:
            if not _whole(count, GAMES_MAX):
                raise TournamentError("tournament_games_count", max=GAMES_MAX, value=count)
        return counts

    @staticmethod
    def _games_by_size(counts: list[int], table: RuleTable) -> dict[int, int]:
        """The counts by table size ({} for one count): as many as the table's tournament table
        sizes, the smallest first."""
        sizes = ascending_sizes(table.tournament.tables)
        if len(counts) not in (1, len(sizes)):
            raise TournamentError("tournament_games_sizes", sizes="/".join(map(str, sizes)),
                                  value="/".join(map(str, counts)))
        return per_size(counts, sizes)

    @staticmethod
    def _fee_scale(fees: Sequence[int] | None) -> list[int]:
        """The lost-game fee as stored: cents for the 1st, 2nd, ... lost game ([] for none, or nothing but 0)."""
        scale = list(fees) if isinstance(fees, (list, tuple)) else [] if fees is None else None
        if scale is None or len(scale) > FEE_STEPS_MAX \
                or not all(_whole(c, FEE_MAX) or (type(c) is int and c == 0) for c in scale):
            raise TournamentError("tournament_fee", max=FEE_MAX, steps=FEE_STEPS_MAX, value=fees)
        return scale if any(scale) else []
