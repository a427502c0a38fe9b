"""Tournaments (a Preisschafkopf club night): the field, the rounds and their draws, each
table's progress, closing rounds, the ranking and the exports.

Each table of a round is an ordinary evening, started through `Evenings.start_evening` with
its own PIN; the tournament keeps which evening is which table (scorepad/store/tournaments.py).
A table plays the tournament's games per round and no more: `Evenings` refuses a hand beyond
that count, for the command line and the phones alike. The draw, the ranking and the sheets
are the pure package scorepad/tournament/; this part reads and writes the store around them.

Drawing a round closes the round before (refused while a table of it still has games to play)
and starts one evening per table, each in its own transaction, then records the round: a draw
refused (a field that cannot be seated, a rule table without tables of five) stores nothing.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from scorepad.app.errors import TournamentError
from scorepad.app.guard import guarded, unlocked
from scorepad.app.models import ChangeResult
from scorepad.app.ranking import KeptRanking, table_scores
from scorepad.app.tournament_event import EventSettings
from scorepad.app.tournament_models import (
    BoardLabel,
    BoardLine,
    DrawnTable,
    RankingBoard,
    RoundDraw,
    RoundTable,
    RoundView,
    StandingRow,
    TableProgress,
    TournamentInfo,
    TournamentPlayer,
)
from scorepad.app.tournament_pages import TournamentPages, sitting_out_first
from scorepad.app.tournament_tables import TableReads
from scorepad.errors import ScorepadError
from scorepad.names import char_words, name_key
from scorepad.refusals import Names
from scorepad.session import check_players, parse_session, session_table
from scorepad.store import dumps
from scorepad.tables import RuleTable
from scorepad.texts import first_control, plain
from scorepad.tournament import Score, decided_by, draw, meetings, rank, table_sizes
from scorepad.tournament.event import fee, fee_words, fees_of
from scorepad.tournament.export import FORMATS as EXPORT_FORMATS
from scorepad.tournament.export import render
from scorepad.tournament.limits import NAME_MAX, NUMBER_MAX, ROUNDS_MAX

if TYPE_CHECKING:
    from scorepad.app.access import Pins
    from scorepad.app.evenings import Evenings



def _whole(value: Any, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= top


class Tournaments(TableReads, EventSettings, TournamentPages):
    """The tournaments of one store (what a table phone reads of its tournament: TableReads)."""

    def __init__(self, evenings: Evenings, pins: Pins):
        self.store = evenings.store
        self._evenings = evenings
        self._pins = pins
        self._kept = KeptRanking()  # the ranking board and each table's scores, as last computed

    # -- the tournament and its field -----------------------------------------------------------

    @guarded
    def new_tournament(self, name: str, ruleset: str, rounds: int, games: int | Sequence[int], players: Sequence[str],
                       numbers: Sequence[int | None] | None = None, seed: str | None = None,
                       options: dict[str, Any] | None = None, fees: Sequence[int] | None = None) -> TournamentInfo:
        """A tournament of `rounds` rounds, `games` games per table and round (or per table size,
        app/tournament_event.py), at the rule table `ruleset` (with `options`), for `players` (with
        their `numbers`, if any), with the lost-game fee `fees` (cents; None: none). `seed` makes
        its draws and its lot repeatable (default: a random one, kept)."""
        if not isinstance(name, str) or not name.strip() or name != name.strip() or len(name) > NAME_MAX \
                or any(ord(c) < 32 for c in name):
            raise TournamentError("tournament_name", max=NAME_MAX, value=name)
        bad = first_control(name)  # the rule of every name and text (scorepad/texts.py): its tables' notes carry it
        if bad is not None:
            raise TournamentError("tournament_name_control", **char_words(bad))
        if not _whole(rounds, ROUNDS_MAX):
            raise TournamentError("tournament_rounds_count", max=ROUNDS_MAX, value=rounds)
        counts = self._game_counts(games)
        table = self._table(ruleset, options)
        by_size = self._games_by_size(counts, table)
        scale = self._fee_scale(fees)
        numbers = list(numbers) if numbers is not None else [None] * len(players)
        self._check_field(table, list(players), numbers)
        self._seats(table, len(players))
        with self.store.write():
            tid = self.store.create_tournament({
                "name": name, "ruleset": ruleset, "options": dumps(options or {}), "rounds": rounds,
                "games": by_size.get(table.tournament.tables[0], counts[0]), "table_games": dumps(by_size),
                "fees": dumps(scale), "seed": seed if seed is not None else secrets.token_hex(4)})
            for player, number in zip(players, numbers):
                self.store.enter_player(tid, self.store.player_id(player)[0], number, 1)
        return self.tournament(tid)

    @guarded
    def tournament(self, tournament_id: int) -> TournamentInfo:
        with self.store.read():
            row = self.store.tournament(tournament_id)
            players = self.store.tournament_players(tournament_id)
            rounds = self.store.tournament_rounds(tournament_id)
        table = self._table(row["ruleset"], row["options"])
        return TournamentInfo(
            id=row["id"], name=row["name"], ruleset=row["ruleset"], options=row["options"], rounds=row["rounds"],
            games=row["games"], table_games=row["table_games"], fees=row["fees"], seed=row["seed"],
            created_at=row["created_at"], finished=bool(row["finished"]), finished_at=row["finished_at"],
            players=[TournamentPlayer(name=p["name"], number=p["number"], from_round=p["from_round"],
                                      until_round=p["until_round"]) for p in players],
            drawn=len(rounds), open_round=next((r["round"] for r in rounds if r["closed_at"] is None), None),
            tally=table.rank_keys()[0].tally, tie_breaks=list(table.tournament.tie_breaks),
            round_word=table.tournament.round_word, rounds_word=table.tournament.rounds_word)

    @guarded
    def list_tournaments(self) -> list[TournamentInfo]:
        with self.store.read():
            ids = self.store.tournament_ids()
        return [self.tournament(tid) for tid in ids]

    @guarded
    def enter_player(self, tournament_id: int, name: str, number: int | None = None) -> TournamentInfo:
        """A late arrival (or one who withdrew, back again): drawn from the next round on."""
        info = self._open(tournament_id)
        table = self._table(info.ruleset, info.options)
        known = {name_key(p.name): p for p in info.players}
        entered = known.get(name_key(name)) if isinstance(name, str) else None
        if entered is not None and entered.present(info.drawn + 1):
            raise TournamentError("tournament_player_entered", name=name, tournament=tournament_id)
        if entered is None:
            self._check_field(table, [p.name for p in info.players] + [name],
                              [p.number for p in info.players] + [number])
        with self.store.write():
            pid = self.store.player_id(name)[0]
            if entered is None:
                self.store.enter_player(tournament_id, pid, number, info.drawn + 1)
            else:
                self.store.set_player_rounds(tournament_id, pid, info.drawn + 1, None)
        return self.tournament(tournament_id)

    @guarded
    def withdraw_player(self, tournament_id: int, name: str) -> TournamentInfo:
        """A withdrawal: not drawn from the next round on (a table they sit at plays on; their
        points so far stay theirs in the ranking)."""
        info = self._open(tournament_id)
        player = next((p for p in info.players if isinstance(name, str) and name_key(p.name) == name_key(name)), None)
        if player is None:
            raise TournamentError("tournament_player_unknown", name=name, tournament=tournament_id)
        if not player.present(info.drawn + 1):
            raise TournamentError("tournament_player_withdrawn", name=player.name, tournament=tournament_id)
        with self.store.write():
            pid = self.store.player_id(player.name)[0]
            self.store.set_player_rounds(tournament_id, pid, player.from_round, info.drawn + 1)
        return self.tournament(tournament_id)

    # -- rounds ---------------------------------------------------------------------------------

    @guarded
    def draw_round(self, tournament_id: int) -> RoundDraw:
        """The next round: the round before closed (every table played its games), the present
        players seated with the fewest repeat meetings, one evening per table."""
        with self.store.write():  # one transaction: a draw at the same moment (the CLI, the server) waits, then
            info = self._open(tournament_id)  # sees this one's round; a draw refused stores nothing
            number = info.drawn + 1
            if number > info.rounds:
                raise TournamentError("tournament_rounds_done", tournament=tournament_id, rounds=info.rounds)
            table = self._table(info.ruleset, info.options)
            present = [p.name for p in info.players if p.present(number)]
            self._seats(table, len(present))
            if info.open_round is not None:
                self._close(info, force=False)
            seated = draw(present, meetings(self._round_seats(tournament_id).values()), f"{info.seed}:{number}",
                          table.tournament.table_kinds())
            tables = []
            for k, seats in enumerate(seated.tables, 1):
                evening = self._evenings.start_evening(info.ruleset, list(seats), seats[0], info.options or None,
                                                       note=f"{plain(info.name)}: {info.round_word} {number}, Tisch {k}")
                tables.append(DrawnTable(table=k, evening=evening.id, seats=list(seats),
                                         sitting_out=sitting_out_first(table, list(seats))))
            try:
                self.store.add_round(tournament_id, number, seated.repeat_meetings, [t.evening for t in tables])
            except sqlite3.IntegrityError:  # (drawn in between by a writer that took no BEGIN IMMEDIATE)
                raise TournamentError("tournament_round_drawn", tournament=tournament_id, round=number) from None
        return RoundDraw(round=number, tables=tables, repeat_meetings=seated.repeat_meetings)

    @guarded
    def close_round(self, tournament_id: int, force: bool = False) -> TournamentInfo:
        """The round being played closed: its evenings finished. Refused while a table has
        games to play, unless `force` (the organiser ends the round early)."""
        self._close(self._open(tournament_id), force)
        return self.tournament(tournament_id)

    @guarded
    def finish_tournament(self, tournament_id: int, force: bool = False) -> TournamentInfo:
        """The tournament finished: its last round closed (as `close_round`), nothing more drawn."""
        info = self._open(tournament_id)
        if info.open_round is not None:
            self._close(info, force)
        with self.store.write():
            self.store.set_tournament_finished(tournament_id)
        return self.tournament(tournament_id)

    @guarded
    def progress(self, tournament_id: int) -> list[TableProgress]:
        """Every table of every round: games entered of the games it plays."""
        with self.store.read():
            self.store.tournament(tournament_id)  # (NotFoundError for no such tournament)
            rows = self.store.tournament_tables(tournament_id)
        return [TableProgress(round=r["round"], table=r["number"], evening=r["evening_id"], played=r["hands"],
                              games=r["games"], finished=bool(r["finished"])) for r in rows]

    @guarded
    def round_view(self, tournament_id: int, round: int | None = None) -> RoundView | None:
        """Round `round` (default: the last drawn) as the organiser's screen shows it: each
        table's seats, who sits out, its games entered, its PIN and whether strangers' wrong
        PINs locked it; None before the first draw."""
        with self.store.read():
            row = self.store.tournament(tournament_id)
            rounds = {r["round"]: r for r in self.store.tournament_rounds(tournament_id)}
        table = self._table(row["ruleset"], row["options"])
        round = max(rounds, default=0) if round is None else round
        if round not in rounds:
            return None
        tables = []
        for t in self.progress(tournament_id):
            if t.round == round:
                seats = self._evenings.evening(t.evening).players
                tries = self._pins.pin_tries(t.evening)  # (the evening's own tries, not an address's)
                tables.append(RoundTable(table=t.table, evening=t.evening, seats=seats,
                                         sitting_out=sitting_out_first(table, seats), played=t.played, games=t.games,
                                         finished=t.finished, pin=self._pins.pin(t.evening),
                                         locked=tries.left < 1, wrong_pins=tries.wrong))
        return RoundView(round=round, tables=tables, repeat_meetings=rounds[round]["repeat_meetings"],
                         closed=rounds[round]["closed_at"] is not None)

    @guarded
    def correct_hand(self, evening_id: int, number: int, hand: Any, pin: str) -> ChangeResult:
        """The organiser corrects hand `number` of a table with that table's PIN (its sheet's),
        also after its round is closed: the evening is opened for the correction and finished
        again (its change log says so)."""
        with self.store.read():
            found = self.store.table_of(evening_id)
        if found is None:
            raise TournamentError("tournament_not_a_table", evening=evening_id)
        self._open(found["tournament_id"])
        if not self._pins.check_pin(evening_id, pin):
            raise TournamentError("tournament_pin_wrong", evening=evening_id, table=found["number"],
                                  round=found["round"])
        closed = self._evenings.evening(evening_id).finished
        if closed:
            self._evenings.finish_evening(evening_id, finished=False)
        try:
            return self._evenings.edit_hand(evening_id, number, hand)
        finally:
            if closed:
                self._evenings.finish_evening(evening_id)

    # -- the ranking ----------------------------------------------------------------------------

    @unlocked  # read in short transactions: a save at a table never waits for a ranking
    def standings(self, tournament_id: int) -> list[StandingRow]:
        """The ranking, best first: points (the rule table's lead tally), its tie-breaks, the lot."""
        with self.store.read():
            mark = self.store.tournament_mark(tournament_id)
        return self._standings(self.tournament(tournament_id), mark)

    @unlocked
    def ranking_board(self, tournament_id: int) -> RankingBoard:
        """What the ranking screen shows: the ranking, what decided each place, how far the
        round is (its games entered of the games its tables play). Computed once for each
        state of the tournament, whoever asks (app/ranking.py): shared, never to be changed."""
        with self.store.read():
            mark = self.store.tournament_mark(tournament_id)
        return self._kept.board(tournament_id, mark, lambda: self._board(tournament_id, mark))

    def _board(self, tournament_id: int, mark: dict[str, Any]) -> RankingBoard:
        info = self.tournament(tournament_id)
        standings = self._standings(info, mark)
        round = info.open_round if info.open_round is not None else info.drawn
        tables = [t for t in self.progress(tournament_id) if t.round == round]
        # (the lines as they are: the standings' values are checked already; 200 models validated
        # again at every save were half of the board's time at 50 tables)
        lines = [BoardLine.model_construct(**s.__dict__, decided_by=d)
                 for s, d in zip(standings, decided_by(standings, info.tie_breaks))]
        return RankingBoard(id=info.id, name=info.name, tally=info.tally, tie_breaks=info.tie_breaks,
                            rounds=info.rounds, round=round,
                            playing=info.open_round is not None, played=sum(min(t.played, t.games) for t in tables),
                            games=sum(t.games for t in tables), finished=info.finished, lines=lines,
                            round_word=info.round_word, rounds_word=info.rounds_word)

    def _standings(self, info: TournamentInfo, mark: dict[str, Any]) -> list[StandingRow]:
        """The ranking over every table of the tournament at `mark` (each table's scores kept
        under its evening's version: only the tables that changed are scored again)."""
        key = self._table(info.ruleset, info.options).rank_keys()[0]
        scores = [self._kept.scores(evening, version, key.tally, partial(table_scores, self._evenings, evening, key.tally))
                  for evening, version in mark["tables"]]
        ranked = rank([(p.name, p.number) for p in info.players], scores, info.seed, key.better == "more",
                      info.tie_breaks)
        paid = fees_of(scores, info.fees)
        return [StandingRow.model_construct(rank=s.rank, name=s.name, points=s.points, solos_won=s.solos_won,
                                            games=s.games, number=s.number, won=s.won, lost=s.lost,
                                            fees=paid.get(s.name, 0))
                for s in ranked]

    @guarded
    def ranking_boards(self) -> list[BoardLabel]:
        """The tournaments not finished, newest first: each one's ranking screen."""
        return [BoardLabel(id=t.id, name=t.name) for t in reversed(self.list_tournaments()) if not t.finished]

    @guarded
    def tournament_data(self, tournament_id: int) -> dict[str, Any]:
        """The whole tournament as plain JSON values: its facts, its players, every round's
        tables with each player's score there, and the ranking (what the exports write)."""
        info = self.tournament(tournament_id)
        table = self._table(info.ruleset, info.options)
        tally = table.rank_keys()[0].tally
        with self.store.read():
            rounds = self.store.tournament_rounds(tournament_id)
        tables = self.progress(tournament_id)
        out_rounds = []
        for r in rounds:
            out_tables = []
            for t in (t for t in tables if t.round == r["round"]):
                seats = self._evenings.evening(t.evening).players
                scores = self.table_scores(t.evening, tally)
                out_tables.append({"table": t.table, "evening": t.evening, "seats": seats,
                                   "sitting_out": sitting_out_first(table, seats), "played": t.played, "games": t.games,
                                   "scores": {n: {"points": s.points, "solos_won": s.solos_won, "games": s.games,
                                                  "won": s.won, "lost": s.lost, "fee": fee(s.lost, info.fees)}
                                              for n, s in scores.items()}})
            out_rounds.append({"round": r["round"], "repeat_meetings": r["repeat_meetings"],
                               "closed": r["closed_at"] is not None, "tables": out_tables})
        facts = info.model_dump(exclude={"players", "drawn", "open_round", "tally", "tie_breaks"})
        facts["table_games"] = {str(k): v for k, v in info.table_games.items()}  # (JSON's keys: as stored)
        standings = self.standings(tournament_id)
        return {"tournament": facts, "tally": tally, "tie_breaks": info.tie_breaks,
                "players": [p.model_dump() for p in info.players],
                "rounds": out_rounds, "standings": [s.model_dump() for s in standings],
                "fees": {"scale": info.fees, "words": fee_words(info.fees), "total": sum(s.fees for s in standings)}}

    @guarded
    def export_tournament(self, tournament_id: int, format: str = "json") -> str:
        """The whole tournament as csv-de, html or json (scorepad/tournament/export.py)."""
        if format not in EXPORT_FORMATS:
            raise TournamentError("tournament_export_format", format=format, known=", ".join(EXPORT_FORMATS))
        return render(self.tournament_data(tournament_id), format)

    def table_scores(self, evening_id: int, tally: str) -> dict[str, Score]:
        """What each player of a table scored there: the tally, solos won, hands played."""
        return table_scores(self._evenings, evening_id, tally)

    # -- what the others use --------------------------------------------------------------------

    def _open(self, tournament_id: int) -> TournamentInfo:
        info = self.tournament(tournament_id)
        if info.finished:
            raise TournamentError("tournament_finished", tournament=tournament_id)
        return info

    def _close(self, info: TournamentInfo, force: bool) -> None:
        if info.open_round is None:
            raise TournamentError("tournament_no_round_open", tournament=info.id)
        tables = [t for t in self.progress(info.id) if t.round == info.open_round]
        short = [t for t in tables if not t.complete]
        if short and not force:
            raise TournamentError("tournament_round_open", tournament=info.id, round=info.open_round,
                                  tables=Names(f"{t.table} ({t.played}/{t.games})" for t in short))
        for t in tables:
            if not t.finished:
                self._evenings.finish_evening(t.evening)
        with self.store.write():
            self.store.close_round(info.id, info.open_round)

    def _round_seats(self, tournament_id: int) -> dict[int, list[list[str]]]:
        """Each drawn round's tables, as the seats of their evenings."""
        rounds: dict[int, list[list[str]]] = {}
        for t in self.progress(tournament_id):
            rounds.setdefault(t.round, []).append(self._evenings.evening(t.evening).players)
        return rounds

    def field_tables(self, ruleset: str, count: int) -> tuple[int, ...]:
        """The tables a field of `count` sits at under `ruleset` (the new-tournament screen's line;
        refused as a draw would be)."""
        table = self._table(ruleset, None)
        self._seats(table, count)
        return table_sizes(count, table.tournament.table_kinds())

    def _table(self, ruleset: str, options: dict[str, Any] | None) -> RuleTable:
        """The rule table the tables play (a built-in table or a house variant, with `options`)."""
        session = parse_session({"format": 1, "ruleset": ruleset, "players": ["1", "2", "3", "4"],
                                 "options": options or {}, "hands": []})
        try:
            return session_table(self._evenings.with_variant(session))
        except ScorepadError as exc:
            if exc.code == "player_count":
                raise TournamentError("tournament_table_size", ruleset=ruleset, size=4, allowed=exc.params["allowed"]) \
                    from None
            raise

    @staticmethod
    def _seats(table: RuleTable, count: int) -> None:
        """The field of `count` can be seated at the table's sizes (fours, and fives if needed)."""
        for size in sorted(set(table_sizes(count, table.tournament.table_kinds()))):
            if size not in table.players:
                raise TournamentError("tournament_table_size", ruleset=table.id, size=size,
                                      allowed=Names(table.players))

    @staticmethod
    def _check_field(table: RuleTable, names: list[str], numbers: list[int | None]) -> None:
        """Real names, nobody twice; numbers whole, 1..NUMBER_MAX, none twice."""
        if names:  # (the seating checks of a session: names as every evening takes them)
            check_players(table.model_copy(update={"players": [len(names)]}), names, None)
        if len(numbers) != len(names):
            raise ValueError("a number for each player, or none")
        holder: dict[int, str] = {}
        for name, number in zip(names, numbers):
            if number is None:
                continue
            if not _whole(number, NUMBER_MAX):
                raise TournamentError("tournament_number", max=NUMBER_MAX, value=number)
            if number in holder:
                raise TournamentError("tournament_number_taken", number=number, name=holder[number])
            holder[number] = name
