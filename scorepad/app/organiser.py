"""The tournament operations of `App` (app/tournaments.py does the work), and who may ask for them.

A tournament is run by its organiser: on the machine that serves scorepad (a browser whose socket
comes from this machine: `Caller.local`, set by the server from the socket's address, ui/peer.py),
on the command line (caller None), or on a phone the serving machine allowed with a one-time code
(its token, `Caller.organiser`, valid and not revoked in the store: app/organiser_phones.py).
Every organiser operation takes the `caller` and checks it when it is called, whatever a screen
showed: any other phone is refused (OrganiserError "organiser_only") before anything is read or
stored. That covers the reads that
show what the tables must not see: the table sheets (every table's PIN), the tournament's facts
(its seed, from which the draws and the lot come) and its exports. What anyone in the room may
read (the projector's ranking, the table an evening is) is not here: app/__init__.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.app.caller import Caller, here
from scorepad.app.errors import OrganiserError
from scorepad.app.models import ChangeResult
from scorepad.app.organiser_phones import OrganiserCode, OrganiserPhone, OrganiserPhones
from scorepad.app.tournament_models import FeeList, RoundDraw, RoundView, StandingRow, TableProgress, TournamentInfo
from scorepad.tournament import TableSheet

if TYPE_CHECKING:
    from scorepad.app.tournaments import Tournaments

# the organiser's operations (app/phone.py hands them the phone's caller; each checks it)
ORGANISER = frozenset({
    "new_tournament", "tournament", "list_tournaments", "enter_tournament_player", "withdraw_tournament_player",
    "draw_round", "close_round", "finish_tournament", "correct_table_hand", "tournament_progress", "tournament_round",
    "table_sheets", "printed_sheets", "printed_standings", "tournament_standings", "tournament_data",
    "export_tournament", "tournament_fees",
    # the organiser's phones: a code and the list for the serving machine; redeeming for any phone
    "make_organiser_code", "redeem_organiser_code", "organiser_phones", "revoke_organiser_phone",
})


class Organiser:
    """`App`'s tournament operations, each for the organiser only (see the module's text)."""

    _tournaments: Tournaments
    _organiser_phones: OrganiserPhones

    def may_organise(self, caller: Caller | None) -> bool:
        """Whether `caller` is the organiser now: the command line, a browser on the serving
        machine, or a phone whose organiser token is valid and not revoked (read from the store)."""
        return here(caller) or (caller is not None and self._organiser_phones.allowed(caller.organiser))

    def _organises_table(self, evening_id: int, caller: Caller) -> bool:
        """Whether the phone `caller` is an organiser's now (its token valid and not revoked)
        and the evening a tournament's table: it may draw the table a new PIN (app/access.py)."""
        with self._organiser_phones.store.read():
            return self._organiser_phones.allowed(caller.organiser) and \
                self._organiser_phones.store.table_of(evening_id) is not None

    def _organiser(self, caller: Caller | None) -> None:
        if not self.may_organise(caller):
            raise OrganiserError("organiser_only")

    def make_organiser_code(self, caller: Caller | None = None) -> OrganiserCode:
        """A one-time code to let a phone run tournaments (on the serving machine or the command line)."""
        return self._organiser_phones.make_code(caller)

    def redeem_organiser_code(self, code: str, caller: Caller) -> str:
        """The organiser token for the phone that typed the right code (wrong ones are counted)."""
        return self._organiser_phones.redeem(code, caller)

    def organiser_phones(self, caller: Caller | None = None) -> list[OrganiserPhone]:
        """The phones allowed to run tournaments (shown on the serving machine)."""
        return self._organiser_phones.phones(caller)

    def revoke_organiser_phone(self, phone_id: int | None = None, caller: Caller | None = None) -> int:
        """Revoke a phone's right to run tournaments (None: every phone's; a phone: its own)."""
        return self._organiser_phones.revoke(phone_id, caller)

    def new_tournament(self, name: str, ruleset: str, rounds: int, games: int | list[int], players: list[str],
                       numbers: list[int | None] | None = None, seed: str | None = None,
                       options: dict[str, Any] | None = None, fees: list[int] | None = None,
                       caller: Caller | None = None) -> TournamentInfo:
        """A tournament of `rounds` rounds of `games` games per table (one count, or one per
        table size, smallest first) at the rule table `ruleset`, with the lost-game fee `fees`
        (cents for a player's 1st, 2nd, ... lost game of a round; None: none)."""
        self._organiser(caller)
        return self._tournaments.new_tournament(name, ruleset, rounds, games, players, numbers, seed, options, fees)

    def tournament(self, tournament_id: int, caller: Caller | None = None) -> TournamentInfo:
        self._organiser(caller)
        return self._tournaments.tournament(tournament_id)

    def list_tournaments(self, caller: Caller | None = None) -> list[TournamentInfo]:
        self._organiser(caller)
        return self._tournaments.list_tournaments()

    def enter_tournament_player(self, tournament_id: int, name: str, number: int | None = None,
                                caller: Caller | None = None) -> TournamentInfo:
        """A late arrival: drawn from the next round on."""
        self._organiser(caller)
        return self._tournaments.enter_player(tournament_id, name, number)

    def withdraw_tournament_player(self, tournament_id: int, name: str, caller: Caller | None = None) -> TournamentInfo:
        """A withdrawal: not drawn from the next round on; the points so far stay."""
        self._organiser(caller)
        return self._tournaments.withdraw_player(tournament_id, name)

    def draw_round(self, tournament_id: int, caller: Caller | None = None) -> RoundDraw:
        """The next round drawn (the round before closed): one evening, with its PIN, per table."""
        self._organiser(caller)
        return self._tournaments.draw_round(tournament_id)

    def close_round(self, tournament_id: int, force: bool = False, caller: Caller | None = None) -> TournamentInfo:
        self._organiser(caller)
        return self._tournaments.close_round(tournament_id, force)

    def finish_tournament(self, tournament_id: int, force: bool = False, caller: Caller | None = None) -> TournamentInfo:
        self._organiser(caller)
        return self._tournaments.finish_tournament(tournament_id, force)

    def correct_table_hand(self, evening_id: int, number: int, hand: Any, pin: str,
                           caller: Caller | None = None) -> ChangeResult:
        """Hand `number` of a tournament table corrected with that table's PIN, its round closed or not."""
        self._organiser(caller)
        return self._tournaments.correct_hand(evening_id, number, hand, pin)

    def tournament_progress(self, tournament_id: int, caller: Caller | None = None) -> list[TableProgress]:
        """Every table of every round: "Tisch 7: 28 von 32 Spielen"."""
        self._organiser(caller)
        return self._tournaments.progress(tournament_id)

    def tournament_round(self, tournament_id: int, round: int | None = None,
                         caller: Caller | None = None) -> RoundView | None:
        """A drawn round (default: the last) with each table's seats and progress; None before the first draw."""
        self._organiser(caller)
        return self._tournaments.round_view(tournament_id, round)

    def table_sheets(self, tournament_id: int, round: int | None = None, caller: Caller | None = None) -> list[TableSheet]:
        """The table sheets of a round (default: the last drawn), with each table's PIN."""
        self._organiser(caller)
        return self._tournaments.table_sheets(tournament_id, round)

    def printed_sheets(self, tournament_id: int, server: str, round: int | None = None,
                       caller: Caller | None = None) -> str:
        """The table sheets of a round as A4 HTML: per table the seats, the PIN and the QR code of
        the evening's address on the server at `server`."""
        self._organiser(caller)
        return self._tournaments.printed_sheets(tournament_id, server, round)

    def printed_standings(self, tournament_id: int, places: int | None = None, caller: Caller | None = None) -> str:
        """The ranking list as A4 HTML; with `places`, the prize list (the first `places` places)."""
        self._organiser(caller)
        return self._tournaments.printed_standings(tournament_id, places)

    def tournament_standings(self, tournament_id: int, caller: Caller | None = None) -> list[StandingRow]:
        """The ranking: points, then the table's tie-breaks, then the tournament's lot."""
        self._organiser(caller)
        return self._tournaments.standings(tournament_id)

    def tournament_data(self, tournament_id: int, caller: Caller | None = None) -> dict[str, Any]:
        self._organiser(caller)
        return self._tournaments.tournament_data(tournament_id)

    def tournament_fees(self, tournament_id: int, caller: Caller | None = None) -> FeeList:
        """The lost-game fee: each player's per round, their totals and the pot's."""
        self._organiser(caller)
        return self._tournaments.fees(tournament_id)

    def export_tournament(self, tournament_id: int, format: str = "json", caller: Caller | None = None) -> str:
        """The whole tournament as csv-de, html or json."""
        self._organiser(caller)
        return self._tournaments.export_tournament(tournament_id, format)
