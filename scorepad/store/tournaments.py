"""The rows of tournaments: the tournament, its players (drawn from which round, until which),
its rounds and each round's tables (an evening each), read and written inside the caller's
transaction, as `Rows` does for evenings. Who sits where is the evening's seats."""

from __future__ import annotations

from typing import Any, cast

from sqlite_utils import Database

from scorepad.store.errors import NotFoundError
from scorepad.store.values import in_sqlite_range, loads, now

TOURNAMENT_SELECT = ("SELECT id, name, ruleset, options, rounds, games, table_games, fees, seed, created_at, finished, "
                     "finished_at FROM tournaments")
# a table's seats, counted (its size: the games it plays by the tournament's `table_games`)
SEATS = "(SELECT count(*) FROM seats s WHERE s.evening_id = t.evening_id)"


def table_games(row: dict[str, Any]) -> dict[int, int]:
    """A tournament row's games by table size ({} for its one count at every table)."""
    stored = loads(row.get("table_games")) or {}
    return {int(size): games for size, games in stored.items()}


def games_of(row: dict[str, Any]) -> int:
    """The games a table plays per round (the row has the tournament's `games`, `table_games`
    and the table's `seats`): its size's count, else the one count."""
    games: int = table_games(row).get(row["seats"], row["games"])
    return games


class TournamentRows:
    """The tournament readers and writers of `Store`, on its open `db`."""

    db: Database

    def create_tournament(self, row: dict[str, Any]) -> int:
        return cast(int, self.db.table("tournaments").insert({**row, "created_at": now(), "finished": 0}).last_pk)

    def tournament(self, tournament_id: int) -> dict[str, Any]:
        rows = list(self.db.query(TOURNAMENT_SELECT + " WHERE id = ?", [tournament_id])) \
            if in_sqlite_range(tournament_id) else []
        if not rows:
            raise NotFoundError("no_tournament", tournament=tournament_id)
        row = rows[0]
        row["options"] = loads(row["options"])
        row["table_games"] = table_games(row)
        row["fees"] = loads(row["fees"]) or []
        return row

    def tournament_ids(self) -> list[int]:
        return [r[0] for r in self.db.execute("SELECT id FROM tournaments ORDER BY id")]

    def set_tournament_finished(self, tournament_id: int) -> None:
        self.db.execute("UPDATE tournaments SET finished = 1, finished_at = ? WHERE id = ?", [now(), tournament_id])

    # -- players ---------------------------------------------------------------------------

    def enter_player(self, tournament_id: int, player_id: int, number: int | None, from_round: int) -> None:
        """A player entered (at the start, or a late arrival drawn from `from_round` on)."""
        entered = self.db.execute("SELECT count(*) FROM tournament_players WHERE tournament_id = ?",
                                  [tournament_id]).fetchone()[0]
        self.db.table("tournament_players").insert({
            "tournament_id": tournament_id, "player_id": player_id, "number": number, "entered": entered + 1,
            "from_round": from_round, "until_round": None})

    def set_player_rounds(self, tournament_id: int, player_id: int, from_round: int, until_round: int | None) -> None:
        """The rounds a player is drawn for: from `from_round` to before `until_round` (None: on)."""
        self.db.execute("UPDATE tournament_players SET from_round = ?, until_round = ? "
                        "WHERE tournament_id = ? AND player_id = ?", [from_round, until_round, tournament_id, player_id])

    def tournament_players(self, tournament_id: int) -> list[dict[str, Any]]:
        """Every player ever entered, in order of entry: player_id, name, number, from_round, until_round."""
        return list(self.db.query(
            "SELECT t.player_id, p.name, t.number, t.entered, t.from_round, t.until_round "
            "FROM tournament_players t JOIN players p ON p.id = t.player_id "
            "WHERE t.tournament_id = ? ORDER BY t.entered", [tournament_id]))

    # -- rounds and tables -------------------------------------------------------------------

    def add_round(self, tournament_id: int, number: int, repeat_meetings: int, tables: list[int]) -> None:
        """Round `number` drawn: its tables' evenings in table order (table 1 first)."""
        self.db.table("tournament_rounds").insert({"tournament_id": tournament_id, "round": number,
                                                   "drawn_at": now(), "repeat_meetings": repeat_meetings,
                                                   "closed_at": None})
        self.db.table("tournament_tables").insert_all(
            {"tournament_id": tournament_id, "round": number, "number": k, "evening_id": e}
            for k, e in enumerate(tables, 1))

    def tournament_rounds(self, tournament_id: int) -> list[dict[str, Any]]:
        return list(self.db.query("SELECT round, drawn_at, repeat_meetings, closed_at FROM tournament_rounds "
                                  "WHERE tournament_id = ? ORDER BY round", [tournament_id]))

    def close_round(self, tournament_id: int, number: int) -> None:
        self.db.execute("UPDATE tournament_rounds SET closed_at = ? WHERE tournament_id = ? AND round = ?",
                        [now(), tournament_id, number])

    def tournament_tables(self, tournament_id: int) -> list[dict[str, Any]]:
        """Every table of every round: round, number, evening_id, hands (entered so far), finished,
        seats (how many sit there) and games (the games it plays per round, by its size)."""
        rows = list(self.db.query(
            "SELECT t.round, t.number, t.evening_id, e.finished, "
            "(SELECT count(*) FROM hands h WHERE h.evening_id = t.evening_id) AS hands, "
            f"{SEATS} AS seats, n.games, n.table_games "
            "FROM tournament_tables t JOIN evenings e ON e.id = t.evening_id "
            "JOIN tournaments n ON n.id = t.tournament_id "
            "WHERE t.tournament_id = ? ORDER BY t.round, t.number", [tournament_id]))
        for row in rows:
            row["games"] = games_of(row)
            del row["table_games"]
        return rows

    def tournament_mark(self, tournament_id: int) -> dict[str, Any]:
        """What every change to the tournament's ranking moves, read cheaply: its row, its
        players (their names, numbers and rounds), its rounds, and each table's evening version
        (every change of an evening increments it: a hand, an undo, a rename, finishing it).
        The same mark read again means the same ranking."""
        row = self.db.execute("SELECT name, ruleset, options, rounds, games, table_games, fees, seed, finished "
                              "FROM tournaments "
                              "WHERE id = ?", [tournament_id]).fetchone() if in_sqlite_range(tournament_id) else None
        if row is None:
            raise NotFoundError("no_tournament", tournament=tournament_id)
        players = self.db.execute(
            "SELECT t.player_id, p.name, t.number, t.from_round, t.until_round FROM tournament_players t "
            "JOIN players p ON p.id = t.player_id WHERE t.tournament_id = ? ORDER BY t.entered", [tournament_id]).fetchall()
        rounds = self.db.execute("SELECT round, closed_at FROM tournament_rounds WHERE tournament_id = ? ORDER BY round",
                                 [tournament_id]).fetchall()
        tables = self.db.execute(
            "SELECT t.evening_id, e.version FROM tournament_tables t JOIN evenings e ON e.id = t.evening_id "
            "WHERE t.tournament_id = ? ORDER BY t.round, t.number", [tournament_id]).fetchall()
        return {"tournament": tuple(row), "players": [tuple(p) for p in players], "rounds": [tuple(r) for r in rounds],
                "tables": [tuple(t) for t in tables]}

    def table_of(self, evening_id: int) -> dict[str, Any] | None:
        """The tournament table an evening is (tournament_id, name, round, number, seats, games:
        the games it plays per round, by its size), or None."""
        if not in_sqlite_range(evening_id):
            return None
        rows = list(self.db.query(
            f"SELECT t.tournament_id, n.name, t.round, t.number, {SEATS} AS seats, n.games, n.table_games "
            "FROM tournament_tables t JOIN tournaments n ON n.id = t.tournament_id WHERE t.evening_id = ?",
            [evening_id]))
        if not rows:
            return None
        row = rows[0]
        row["games"] = games_of(row)
        del row["table_games"]
        return row

    def tournament_finished_for(self, evening_id: int) -> bool:
        """Whether the evening is a table of a finished tournament (then nothing of it changes)."""
        if not in_sqlite_range(evening_id):
            return False
        return self.db.execute(
            "SELECT 1 FROM tournament_tables t JOIN tournaments n ON n.id = t.tournament_id "
            "WHERE t.evening_id = ? AND n.finished", [evening_id]).fetchone() is not None
