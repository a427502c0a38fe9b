"""A tournament's printed pages, as Tournaments gives them: the table sheets (with each table's
own list where the game has one: Skat's), the ranking and the prize list."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scorepad import fmt
from scorepad.app.errors import TournamentError
from scorepad.app.guard import guarded
from scorepad.app.table_list import table_games, table_list
from scorepad.tournament import TableSheet, decided_by

if TYPE_CHECKING:
    from scorepad.app.access import Pins
    from scorepad.app.evenings import Evenings
    from scorepad.app.tournament_models import StandingRow, TableProgress, TournamentInfo
    from scorepad.store import Store
    from scorepad.tables import RuleTable


def _whole(value: Any, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= top


class TournamentPages:
    """The printed pages of Tournaments."""

    if TYPE_CHECKING:
        store: Store
        _evenings: Evenings
        _pins: Pins

        def tournament(self, tournament_id: int) -> TournamentInfo: ...
        def progress(self, tournament_id: int) -> list[TableProgress]: ...
        def standings(self, tournament_id: int) -> list[StandingRow]: ...
        def _table(self, ruleset: str, options: dict[str, Any] | None) -> RuleTable: ...

    @guarded
    def table_sheets(self, tournament_id: int, round: int | None = None) -> list[TableSheet]:
        """What each table's sheet says for `round` (default: the last drawn), PINs included."""
        info = self.tournament(tournament_id)
        round = info.drawn if round is None else round
        table = self._table(info.ruleset, info.options)
        sheets = []
        for t in self.progress(tournament_id):
            if t.round == round:
                evening = self._evenings.evening(t.evening)
                seats, games = evening.players, table_games(info, evening.players)
                with self.store.read():
                    hands = self.store.hands(t.evening)
                paper = table_list(table, seats, hands, evening.first_dealer, games, evening.finished)
                sheets.append(TableSheet(info.name, round, t.table, t.evening, self._pins.pin(t.evening), games,
                                         tuple(seats), tuple(sitting_out_first(table, seats)),
                                         table.tournament.round_word, paper))
        return sheets

    @guarded
    def printed_sheets(self, tournament_id: int, server: str, round: int | None = None) -> str:
        """The table sheets of `round` (default: the last drawn) to print, one A4 page per table,
        each with its evening's PIN and the QR code of its address on the server at `server`
        (http://HOST:PORT/, the address `scorepad web` prints)."""
        if not isinstance(server, str) or not _server_address(server):
            raise TournamentError("tournament_server_address", value=server)
        info = self.tournament(tournament_id)
        if round is not None and not (isinstance(round, int) and 1 <= round <= info.drawn):
            raise TournamentError("tournament_round_not_drawn", tournament=tournament_id, round=round,
                                  drawn=info.drawn)
        sheets = self.table_sheets(tournament_id, round)
        if not sheets:
            raise TournamentError("tournament_no_round_open", tournament=tournament_id)
        from scorepad.tournament import printed  # (segno: only where pages are printed)

        return printed.sheets_html(sheets, server, stand=self._stand())

    @guarded
    def printed_standings(self, tournament_id: int, places: int | None = None) -> str:
        """The ranking list to print (A4 HTML), or with `places` the prize list: the first
        `places` places."""
        info = self.tournament(tournament_id)
        if places is not None and not _whole(places, max(1, len(info.players))):
            raise TournamentError("tournament_prize_places", max=max(1, len(info.players)), value=places)
        words = self._table(info.ruleset, info.options).tournament  # (Skat: "Serie", "Serien")
        if info.finished:
            facts = f"Endstand nach {fmt.counted(info.rounds, words.rounds_word, singular=words.round_word)}"
        else:
            facts = f"Zwischenstand: {words.round_word} {info.drawn} von {info.rounds}"
        facts += f" · {info.games_words()} Spiele je Tisch und {words.round_word}"
        from scorepad.tournament import printed

        standings = self.standings(tournament_id)
        return printed.standings_html(info.name, facts, standings, info.tally, places,
                                      decided=decided_by(standings, info.tie_breaks), stand=self._stand(),
                                      tie_breaks=info.tie_breaks)

    def _stand(self) -> str:
        """When a page is printed, as it says: "Stand: 05.12.2026, 22:14 Uhr" (local time)."""
        now = datetime.fromtimestamp(self._pins.clock())
        return f"Stand: {now:%d.%m.%Y}, {now:%H:%M} Uhr"


def sitting_out_first(table: RuleTable, seats: list[str]) -> list[str]:
    """Who sits out the first hand at a table seated so (its first seat deals first)."""
    return [seats[k % len(seats)] for k in table.sitting_out_seats(len(seats))]


def _server_address(text: str) -> bool:
    """Whether `text` is an address a phone opens: http(s)://HOST[:PORT][/...], one line."""
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (a port that is no number raises)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname) and text.isprintable() and " " not in text \
        and not parts.query and not parts.fragment

