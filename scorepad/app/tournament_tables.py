"""What a table phone and the start screen read of the tournaments: which tournament, round and
table an evening is, and where its players sit next (the reads of Tournaments that need no draw)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.app.guard import guarded
from scorepad.app.tournament_models import TableLabel, TablePlace, TableProgress

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings
    from scorepad.store import Store


class TableReads:
    """The tournament reads about one table's evening (a part of Tournaments)."""

    store: Store
    _evenings: Evenings

    @guarded
    def tournament_table(self, evening_id: int) -> TableProgress | None:
        """The tournament table an evening is (what its screen says: "Tisch 7: 28 von 32
        Spielen"), or None for an ordinary evening."""
        with self.store.read():
            found = self.store.table_of(evening_id)
            if found is None:
                return None
            row = self.store.evening(evening_id)
            played = self.store.hand_count(evening_id)
        return TableProgress(round=found["round"], table=found["number"], evening=evening_id, played=played,
                             games=found["games"], finished=bool(row["finished"]))

    @guarded
    def table_labels(self) -> dict[int, TableLabel]:
        """Every tournament table's evening, by its id: its tournament, round and table (the
        start screen groups them so; the other evenings are no tournament's)."""
        labels: dict[int, TableLabel] = {}
        with self.store.read():
            for tid in self.store.tournament_ids():
                row = self.store.tournament(tid)
                words = None  # what the tournament calls a round: its tables' rule table says
                for t in self.store.tournament_tables(tid):
                    words = words or self._evenings.rule_table(self.store.evening(t["evening_id"])).tournament
                    labels[t["evening_id"]] = TableLabel(evening=t["evening_id"], tournament=tid, name=row["name"],
                                                         round=t["round"], table=t["number"],
                                                         finished=bool(row["finished"]), round_word=words.round_word,
                                                         rounds_word=words.rounds_word)
        return labels

    @guarded
    def table_place(self, evening_id: int) -> TablePlace | None:
        """Where a table phone belongs (tournament, round, table, games) and, after its round
        closed, where its players sit in the next round once drawn; None for an ordinary evening."""
        with self.store.read():
            found = self.store.table_of(evening_id)
            if found is None:
                return None
            tid = found["tournament_id"]
            row = self.store.tournament(tid)
            rounds = {r["round"]: r for r in self.store.tournament_rounds(tid)}
            played = self.store.hand_count(evening_id)
            tables = self.store.tournament_tables(tid)
        here = rounds.get(found["round"])
        closed = here is not None and here["closed_at"] is not None
        later = [r for r in rounds if r > found["round"]]
        next_round = min(later) if later else None
        players = self._evenings.evening(evening_id).players
        seats: dict[str, int] = {}
        if next_round is not None:
            for t in tables:
                if t["round"] == next_round:
                    for name in self._evenings.evening(t["evening_id"]).players:
                        if name in players:
                            seats[name] = t["number"]
        words = self._evenings.table(evening_id).tournament  # the tournament's table: what a round is called
        return TablePlace(tournament=found["name"], round=found["round"], rounds=row["rounds"], table=found["number"],
                          round_word=words.round_word, rounds_word=words.rounds_word,
                          played=played, games=found["games"], closed=closed, finished=bool(row["finished"]),
                          next_round=next_round, next_tables={p: seats[p] for p in players if p in seats})
