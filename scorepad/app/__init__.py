"""The application layer: the one API the command line and the phones call.

`App` is a thin facade: each method hands the call to the part that does the job.

    evenings.py  the evenings and their changes (start, add, edit, delete, undo, redo, finish),
                 what the screens read of one (show, table, before_hand, preview); the change
                 listeners. live.py: the evening as scored so far, kept between taps.
                 changes.py: a change to the list of hands and the way back (undo, redo).
    players.py   the players, and renaming one in every evening of theirs
    rules.py     an evening's rules changed afterwards
    reports.py   the hands, the session file, the exports, the summary, the season
    house.py     house rules (a table's own variants)
    access.py    PINs
    drafts.py    the hand a phone is entering
    views.py     read models: all one screen shows, read at one version (TableView)
    repair.py    scorepad check [--repair]
    tournaments.py  tournaments: the field, the rounds' draws (each table an evening), the
                 tables' progress, the ranking, the exports (tournament_models.py: what it returns);
                 organiser.py: App's tournament operations, for the organiser only;
                 organiser_phones.py: the phones the serving machine lets run them (a code)
    upgrade.py   what the store's schema upgrade asks of the application layer
    errors.py    the app's refusals; models.py what crosses the boundary; checks.py the checks
                 of what callers hand in; guard.py the store lock around every operation

Every part works on the same Store (and its re-entrant lock) and reads evenings through the one
Evenings part, which keeps the live replays.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from scorepad.app.access import Pins, PinTries, phone_label
from scorepad.app.caller import Caller
from scorepad.app.checks import rename_in
from scorepad.app.drafts import Drafts
from scorepad.app.errors import (
    EveningClosedError,
    ExportError,
    LaterHandError,
    NothingToUndoError,
    NotYourChangeError,
    OrganiserError,
    PenError,
    PinError,
    PlayerNameError,
    StaleVersionError,
)
from scorepad.app.evenings import Evenings
from scorepad.app.house import House, HouseFile
from scorepad.app.kept import LIVE_EVENINGS
from scorepad.app.models import ChangeEntry, ChangeResult, EveningInfo, HouseRules, PlayerInfo, Reverted, Season, SeasonRow
from scorepad.app.organiser import Organiser
from scorepad.app.organiser_phones import OrganiserPhones
from scorepad.app.players import Players
from scorepad.app.repair import Repairs
from scorepad.app.reports import EXPORT_FORMATS, Reports
from scorepad.app.rules import Rules
from scorepad.app.tournament_models import BoardLabel, RankingBoard, TableLabel, TablePlace, TableProgress
from scorepad.app.tournaments import Tournaments
from scorepad.app.upgrade import migration_hands, migration_stored_table, migration_table
from scorepad.app.views import TableView, Views
from scorepad.engine import Game, HandResult, Replay
from scorepad.session import SessionFile
from scorepad.store import BUSY_TIMEOUT_S, NotFoundError, Store, StoreError
from scorepad.summary import EveningSummary
from scorepad.tables import RuleTable

__all__ = [
    "App", "ChangeEntry", "ChangeResult", "EveningInfo", "PlayerInfo", "Season", "SeasonRow", "EXPORT_FORMATS",
    "StaleVersionError", "EveningClosedError", "NothingToUndoError", "NotYourChangeError", "PlayerNameError", "LaterHandError",
    "ExportError", "NotFoundError", "StoreError",
    # also importable from here, as before the split
    "HouseRules", "PinError", "Reverted", "rename_in", "TableView", "phone_label",
    "Caller", "PenError", "PinTries",
]


class App(Organiser):
    """scorepad's operations on one store. Thread-safe; one instance per process is enough.

    Every change takes the `caller`: None for the command line on this machine, a `Caller` for
    a phone. With `pen_required` (a server other machines can reach), a phone's change is made
    only if the phone holds the evening's pen at that moment (app/access.py)."""

    def __init__(self, store: Store, live_evenings: int = LIVE_EVENINGS, pen_required: bool = False):
        self.store = store
        self._evenings = Evenings(store, live_evenings)
        self._players = Players(self._evenings)
        self._rules = Rules(self._evenings)
        self._reports = Reports(self._evenings)
        self._house = House(store)
        self._evenings.variants = self._house.variant  # start and import name a variant by its id
        self._pins = Pins(store, self._evenings.changed, pen_required)
        self._drafts = Drafts(self._evenings)
        self._repairs = Repairs(self._evenings)
        self._views = Views(self._evenings)
        self._tournaments = Tournaments(self._evenings, self._pins)
        self._organiser_phones = OrganiserPhones(store, self._evenings.changed)
        self._pins.organises = self._organises_table  # the organiser draws a table a new PIN
        self._watch: Any = None  # app/watch.py, started by watch()

    @classmethod
    def open(cls, path: str | Path | None = None, busy_timeout: float = BUSY_TIMEOUT_S,
             pen_required: bool = False) -> App:
        """The app on the file at `path` (default: SCOREPAD_DB, else the user's data directory)."""
        return cls(Store(path, busy_timeout, canonical_hands=migration_hands, evening_table=migration_table,
                         stored_table=migration_stored_table), pen_required=pen_required)

    @property
    def pen_required(self) -> bool:
        """Whether a phone's change needs the evening's pen (the server is reachable from other machines)."""
        return self._pins.pen_required

    def _authorized(self, evening_id: int, caller: Caller | None) -> None:
        self._pins.authorize(evening_id, caller)

    def _organiser_of_table(self, evening_id: int, caller: Caller | None) -> None:
        """A tournament table's rules, finish and reopen are its organiser's alone (asked at the
        change, from the store: the table's PIN is not enough)."""
        with self.store.read():
            table = self.store.table_of(evening_id)
        if table is not None and not self.may_organise(caller):
            raise OrganiserError("organiser_only")

    def watch(self, interval: float | None = None) -> None:
        """Tell the listeners of changes other processes make to the store too (the server
        does this: a PIN reset on the command line takes the pen from the phones at once)."""
        from scorepad.app.watch import WATCH_S, StoreWatch

        if self._watch is None:
            self._watch = StoreWatch(self.store, self._evenings.changed, self._evenings.kept.drop,
                                     WATCH_S if interval is None else interval)

    def close(self) -> None:
        if self._watch is not None:
            self._watch.stop()
        self.store.close()

    def __enter__(self) -> App:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- evenings -----------------------------------------------------------------------

    def subscribe(self, listener: Callable[[int], None]) -> Callable[[], None]:
        return self._evenings.subscribe(listener)

    def forget(self) -> None:
        """Drop the live replays (they are rebuilt from the store when needed)."""
        return self._evenings.kept.forget()

    def start_evening(self, ruleset: str, players: list[str], first_dealer: str | None = None,
                      options: dict[str, Any] | None = None, place: str | None = None,
                      note: str | None = None, caller: Caller | None = None) -> EveningInfo:
        """A new evening at the rule table `ruleset` (with `options`), its table copied in.
        Anyone may start one; the phone that does may then take its pen without the PIN."""
        return self._evenings.start_evening(ruleset, players, first_dealer, options, place, note,
                                            caller.device if caller else None)

    def import_session(self, source: str | dict[str, Any] | SessionFile, place: str | None = None,
                       note: str | None = None, caller: Caller | None = None) -> EveningInfo:
        """A session file (text, decoded JSON or parsed) stored as a new evening."""
        return self._evenings.import_session(source, place, note, caller.device if caller else None)

    def evening(self, evening_id: int) -> EveningInfo:
        return self._evenings.evening(evening_id)

    def list_evenings(self) -> list[EveningInfo]:
        return self._evenings.list_evenings()

    def finish_evening(self, evening_id: int, expected_version: int | None = None,
                       finished: bool = True, caller: Caller | None = None) -> EveningInfo:
        """Mark the evening finished (no more hand changes), or open it again; a tournament's
        table only by its organiser (its rounds are closed and opened by the tournament)."""
        with self.store.lock:
            self._authorized(evening_id, caller)
            self._organiser_of_table(evening_id, caller)
            return self._evenings.finish_evening(evening_id, expected_version, finished)

    def show(self, evening_id: int) -> Replay:
        """The evening replayed: every hand's deltas, the standings, what comes next."""
        return self._evenings.show(evening_id)

    def history(self, evening_id: int) -> list[ChangeEntry]:
        return self._evenings.history(evening_id)

    def table_view(self, evening_id: int, device: str = "") -> TableView:
        """All the table screen shows (facts, table, hands, standings, this phone's draft),
        read at one version from the kept evening: one call per render, no replay."""
        return self._views.table_view(evening_id, device)

    def changes_since(self, evening_id: int, version: int) -> list[ChangeEntry]:
        """What changed the evening after `version` (another phone's hand, when a save is refused)."""
        return self._evenings.changes_since(evening_id, version)

    # A phone's hand change is made by its caller's device (its undo takes back only its own);
    # the command line may name a device of its own.

    def add_hand(self, evening_id: int, hand: Any, expected_version: int | None = None,
                 device: str | None = None, caller: Caller | None = None) -> ChangeResult:
        with self.store.lock:
            self._authorized(evening_id, caller)
            return self._evenings.add_hand(evening_id, hand, expected_version, _device(device, caller))

    def edit_hand(self, evening_id: int, number: int, hand: Any,
                  expected_version: int | None = None, device: str | None = None,
                  caller: Caller | None = None) -> ChangeResult:
        """Hand `number` replaced; every hand after it is scored again."""
        with self.store.lock:
            self._authorized(evening_id, caller)
            return self._evenings.edit_hand(evening_id, number, hand, expected_version, _device(device, caller))

    def delete_hand(self, evening_id: int, number: int, expected_version: int | None = None,
                    device: str | None = None, caller: Caller | None = None) -> ChangeResult:
        """Hand `number` taken out; later hands move up one number and are scored again."""
        with self.store.lock:
            self._authorized(evening_id, caller)
            return self._evenings.delete_hand(evening_id, number, expected_version, _device(device, caller))

    def undo(self, evening_id: int, expected_version: int | None = None,
             device: str | None = None, caller: Caller | None = None) -> ChangeResult:
        with self.store.lock:
            self._authorized(evening_id, caller)
            return self._evenings.undo(evening_id, expected_version, _device(device, caller))

    def redo(self, evening_id: int, expected_version: int | None = None,
             device: str | None = None, caller: Caller | None = None) -> ChangeResult:
        with self.store.lock:
            self._authorized(evening_id, caller)
            return self._evenings.redo(evening_id, expected_version, _device(device, caller))

    # -- players ------------------------------------------------------------------------

    def players(self) -> list[PlayerInfo]:
        return self._players.players()

    def rename_player(self, old: str, new: str, caller: Caller | None = None) -> PlayerInfo:
        """A new name for a person: every evening of theirs keeps them, under the new name.
        From a phone: only with the pen of every evening of theirs (or on the serving machine)."""
        with self.store.lock:
            if caller is not None and not caller.local:
                for evening_id in self._players.evenings_of(old):
                    if not self._pins.may_change(evening_id, caller):
                        raise PenError("rename_needs_pen", name=old, evening=evening_id)
            return self._players.rename_player(old, new)

    # -- reports ------------------------------------------------------------------------

    def hands(self, evening_id: int) -> list[Any]:
        return self._reports.hands(evening_id)

    def hand(self, evening_id: int, number: int) -> Any:
        """Hand `number` as entered."""
        return self._reports.hand(evening_id, number)

    def session(self, evening_id: int) -> dict[str, Any]:
        """The evening as a session file (format 1)."""
        return self._reports.session(evening_id)

    def export_session(self, evening_id: int, format: str = "json", settle_open: bool = False) -> str | bytes:
        return self._reports.export_session(evening_id, format, settle_open)

    # -- repairs ------------------------------------------------------------------------

    def check(self) -> list[str]:
        return self._repairs.check()

    def repair(self) -> list[str]:
        return self._repairs.repair()

    # -- reports ------------------------------------------------------------------------

    def summary(self, evening_id: int, settle_open: bool = False) -> EveningSummary:
        return self._reports.summary(evening_id, settle_open)

    def season(self, ruleset: str | None = None, since: date | str | None = None,
               settle_open: bool = False) -> Season:
        return self._reports.season(ruleset, since, settle_open)

    # -- evenings -----------------------------------------------------------------------

    def table(self, evening_id: int) -> RuleTable:
        """The rule table the evening is scored by (as stored with it)."""
        return self._evenings.table(evening_id)

    def before_hand(self, evening_id: int, number: int | None = None) -> Game:
        return self._evenings.before_hand(evening_id, number)

    def preview(self, evening_id: int, hand: Any, number: int | None = None) -> HandResult:
        return self._evenings.preview(evening_id, hand, number)

    # -- drafts -------------------------------------------------------------------------

    def draft(self, evening_id: int, device: str = "") -> Any:
        """The hand this phone (`device`) is entering (the form's taps), if any."""
        return self._drafts.draft(evening_id, device)

    def save_draft(self, evening_id: int, data: Any, expected_version: int | None = None,
                   device: str = "", caller: Caller | None = None) -> None:
        """Keep this phone's taps: each phone has its own draft, no phone types into another's.
        A phone without the pen keeps no draft (it has no form)."""
        self._authorized(evening_id, caller)
        return self._drafts.save_draft(evening_id, data, expected_version, _device(device, caller) or "")

    def clear_draft(self, evening_id: int, device: str = "", caller: Caller | None = None) -> None:
        self._authorized(evening_id, caller)
        return self._drafts.clear_draft(evening_id, _device(device, caller) or "")

    # -- house --------------------------------------------------------------------------

    def house_rules(self) -> list[HouseRules]:
        return self._house.house_rules()

    def save_house_rules(self, name: str, base: str, options: dict[str, Any],
                         caller: Caller | None = None) -> HouseRules:
        """Keep a variant under `name`. Once a tournament or an evening plays (or played) a
        variant, a phone replaces it only if it made it; any other phone saves under a new
        name. The serving machine and the command line may replace any."""
        return self._house.save_house_rules(name, base, options, may_replace=self._replacing(caller),
                                            made_by=_maker(caller))

    def _replacing(self, caller: Caller | None) -> Callable[[dict[str, Any]], None] | None:
        """What a phone may replace (asked in the save's transaction, from the store): a variant
        no tournament and no evening plays or played, or one it made itself."""
        if caller is None or caller.local:
            return None

        def may_replace(variant: dict[str, Any]) -> None:
            if variant.get("made_by") is not None and variant["made_by"] == caller.device:
                return
            names = {variant["name"].casefold(), str(variant["ruleset"]).casefold()}
            if self._evenings.played_by(variant["base"], variant["name"]) or \
                    any(r.casefold() in names for r in self.store.tournament_rulesets()):
                raise PenError("house_variant_played", name=variant["name"])

        return may_replace

    def house_table(self, name: str) -> RuleTable:
        """The rule table of a house variant (by its id or name), ready to start an evening with."""
        return self._house.house_table(name)

    def house_variant(self, name: str) -> dict[str, Any]:
        """A house variant (by its id or name) as a session file carries it inline."""
        return self._house.house_variant(name)

    def export_house_rules(self, name: str) -> str:
        """The variant (by its id or name) as a TOML rule table that `extends` its built-in table."""
        return self._house.export_house_rules(name)

    def check_house_rules(self, path: str | Path) -> HouseFile:
        """`rulesets check FILE`: the verdict `import_house_rules` acts on, storing nothing."""
        return self._house.check_house_rules(path)

    def import_house_rules(self, path: str | Path) -> HouseRules:
        """A TOML rule table file that `extends` a built-in one, kept as a house variant."""
        return self._house.import_house_rules(path)

    def import_house_rules_text(self, text: str, source: str = "Hausregeln",
                                caller: Caller | None = None) -> HouseRules:
        return self._house.import_house_rules_text(text, source, may_replace=self._replacing(caller),
                                                   made_by=_maker(caller))

    # -- rules --------------------------------------------------------------------------

    def rules_preview(self, evening_id: int, options: dict[str, Any]) -> tuple[Any, Replay, Replay]:
        return self._rules.rules_preview(evening_id, options)

    def change_rules(self, evening_id: int, options: dict[str, Any], expected_version: int | None = None,
                     caller: Caller | None = None) -> EveningInfo:
        """Other rules for the evening; a tournament's table's only by its organiser (every table
        of a tournament plays the tournament's rules: a table's keeper does not change them)."""
        with self.store.lock:
            self._authorized(evening_id, caller)
            self._organiser_of_table(evening_id, caller)
            return self._rules.change_rules(evening_id, options, expected_version)

    # -- pins ---------------------------------------------------------------------------

    def pin(self, evening_id: int, caller: Caller | None = None) -> str:
        """The evening's 4-digit PIN: for the command line, the serving machine and the phone
        holding the pen (PenError for any other phone)."""
        return self._pins.pin(evening_id, caller)

    def check_pin(self, evening_id: int, pin: str, caller: Caller | None = None) -> bool:
        """Whether `pin` is the evening's PIN; a phone's wrong PINs are counted per evening
        (PinError "pin_wait" once none are left, even for the right one)."""
        return self._pins.check_pin(evening_id, pin, caller)

    def pin_tries(self, evening_id: int, caller: Caller | None = None) -> PinTries:
        """The wrong PINs typed for the evening since its PIN was set (the last when), how many
        the phone `caller` may still type (its address's share too) and how long it waits for the next."""
        return self._pins.pin_tries(evening_id, caller)

    def set_pin(self, evening_id: int, pin: str, caller: Caller | None = None) -> str | None:
        """A new PIN for the evening: exactly four digits. Every phone's pen is revoked; a phone
        that sets it (holding the pen, or on the serving machine) gets its new pen token."""
        return self._pins.set_pin(evening_id, pin, caller)

    def reset_pin(self, evening_id: int, caller: Caller | None = None) -> str:
        """A new random PIN for the evening (a lost PIN, or tries used up by a stranger: `scorepad
        pin ID --reset`, the serving machine, the organiser at a tournament's table); every pen
        is revoked and the evening's tries start afresh."""
        return self._pins.reset_pin(evening_id, caller)

    # -- the pen: which phones may change an evening, across reloads and restarts ----------

    def take_pen(self, evening_id: int, caller: Caller, pin: str | None = None) -> str | None:
        """The pen token for this phone: with the right PIN (a wrong one is counted; PinError
        "pin_wait" when none are left), or without a PIN for the phone that set the evening's
        current PIN (it started the evening or typed a new PIN); otherwise None."""
        return self._pins.take_pen(evening_id, caller, pin)

    def may_change(self, evening_id: int, caller: Caller | None) -> bool:
        """Whether `caller` may change the evening now (what a screen offers; every change is
        checked again when it is made)."""
        return self._pins.may_change(evening_id, caller)

    def holds_pen(self, evening_id: int, device: str, token: str | None) -> bool:
        """Whether the token this phone kept still holds the pen (no new PIN since)."""
        return self._pins.holds_pen(evening_id, device, token)

    def pen_holders(self, evening_id: int) -> list[str]:
        """The phones (as "Handy KT4") holding the pen, the latest first."""
        return self._pins.pen_holders(evening_id)

    def last_writer(self, evening_id: int) -> str | None:
        """The phone (as "Handy KT4") that made the evening's last change, if a phone did."""
        return self._evenings.last_writer(evening_id)

    # -- tournaments: the organiser's are in app/organiser.py; these anyone may read ----------

    def tournament_table(self, evening_id: int) -> TableProgress | None:
        """The tournament table an evening is, and how far it is; None for an ordinary evening."""
        return self._tournaments.tournament_table(evening_id)

    def table_labels(self) -> dict[int, TableLabel]:
        """Every tournament table's evening (by id): tournament, round, table (the start screen)."""
        return self._tournaments.table_labels()

    def table_place(self, evening_id: int) -> TablePlace | None:
        """Where a table phone belongs (Tisch · Runde · Turnier; Spiel n von m), whether its
        round is over and where its players sit next; None for an ordinary evening."""
        return self._tournaments.table_place(evening_id)

    def field_tables(self, ruleset: str, count: int) -> tuple[int, ...]:
        """The tables a field of `count` sits at under `ruleset` (the rule table's
        `tournament.tables`: 13 = 4 + 4 + 5 at Schafkopf); refused as a draw would be."""
        return self._tournaments.field_tables(ruleset, count)

    def ranking_board(self, tournament_id: int) -> RankingBoard:
        """The ranking screen's tournament: how far it is, the ranking and its tie-breaks."""
        return self._tournaments.ranking_board(tournament_id)

    def ranking_boards(self) -> list[BoardLabel]:
        """The tournaments not finished, newest first (the start screen offers their rankings)."""
        return self._tournaments.ranking_boards()


def _device(device: str | None, caller: Caller | None) -> str | None:
    """The phone a change is made by: the caller's own device, whatever else was named."""
    return caller.device if caller is not None else device


def _maker(caller: Caller | None) -> str | None:
    """Who makes a house variant: a phone by its device; None for the serving machine and the
    command line (what they make, no phone replaces once it is played)."""
    if caller is None or caller.local or not isinstance(caller.device, str) or not caller.device:
        return None
    return caller.device
