"""The evenings and their changes: start, import, finish; add, edit, delete, undo and redo a
hand; what the screens read of an evening (its standings, the game before a hand, a preview).

Every change is one store transaction in which the changed evening is replayed by the engine
before anything is committed; a refusal raises a ScorepadError subclass and stores nothing.
No rule logic lives here: the engine (`new_game`, `Game.play`) validates and scores.

Standings are never stored. Per evening a live replay (the engine's game after the last hand,
scorepad.app.live) is kept in memory under the evening's version (`kept`, scorepad.app.kept):
adding a hand then plays one hand on it instead of the whole evening. Every change increments
the version, so a live replay of any other version (another process wrote, an edit, an undo)
is never used: the evening is replayed from the store instead. After every committed change
the listeners hear of it.

The other parts of the application layer (reports, players, rules, drafts, repair) read and
change evenings through this one: `row`, `rule_table`, `info`, `changed`, `kept`.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Callable
from typing import Any

from scorepad.app.changes import UNDO_LOG, HandOp, Planned, made_by, renames_since, reverse, undo_stacks
from scorepad.app.checkpoint import Fit, fitting, restore, restore_from, write_checkpoint
from scorepad.app.checks import check_number, evening_texts, plain_hand, rename_in
from scorepad.app.errors import (
    EveningClosedError,
    LaterHandError,
    NothingToUndoError,
    NotYourChangeError,
    StaleVersionError,
    TournamentError,
)
from scorepad.app.guard import guarded, unlocked
from scorepad.app.kept import LIVE_EVENINGS, KeptReplays
from scorepad.app.live import Live, game_copy, replay_live, stored_table
from scorepad.app.models import ChangeEntry, ChangeResult, EveningInfo, Reverted
from scorepad.app.players import renamed_checked, renamed_dealer
from scorepad.engine import Game, HandResult, Replay, before_hand, try_hand
from scorepad.errors import HandError, SessionError
from scorepad.session import SessionFile, names_in, parse_session, parse_session_text, plain_session, session_table, started_at
from scorepad.store import Store, StoreError, damage, dumps, new_pin, now
from scorepad.tables import RuleTable, builtin_tables, table_as_dict


class Evenings:
    """The evenings of one store: their facts, their hands and every change to them."""

    def __init__(self, store: Store, live_evenings: int = LIVE_EVENINGS):
        self.store = store
        self.kept = KeptReplays(live_evenings)
        self._listeners: list[Callable[[int], None]] = []
        # a house variant by its id or name, as a session file carries it inline (House.variant)
        self.variants: Callable[[str], dict[str, Any] | None] = lambda name: None

    def subscribe(self, listener: Callable[[int], None]) -> Callable[[], None]:
        """Call `listener(evening_id)` after every committed change of an evening (a hand, an
        undo, a new or finished evening): how every phone on the table sees a save at once.
        Returns the function that unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def changed(self, evening_id: int) -> None:
        for listener in list(self._listeners):
            try:
                listener(evening_id)
            except Exception:  # a phone that went away must not spoil the change for the rest
                logging.getLogger("scorepad").exception("change listener failed")

    @guarded
    def start_evening(self, ruleset: str, players: list[str], first_dealer: str | None = None,
                      options: dict[str, Any] | None = None, place: str | None = None,
                      note: str | None = None, device: str | None = None) -> EveningInfo:
        """A new evening at the rule table `ruleset` (with `options`), its table copied in.
        Started on a phone (`device`), that phone sets its PIN: it may take the pen."""
        session = parse_session({"format": 1, "ruleset": ruleset, "players": players,
                                 "first_dealer": first_dealer, "options": options or {}, "hands": []})
        return self._create(session, place, note, "start", device)

    @guarded
    def import_session(self, source: str | dict[str, Any] | SessionFile, place: str | None = None,
                       note: str | None = None, device: str | None = None) -> EveningInfo:
        """A session file (text, decoded JSON or parsed) stored as a new evening."""
        if isinstance(source, str):
            session = parse_session_text(source)
        elif isinstance(source, SessionFile):
            session = source
        else:
            session = parse_session(source)
        return self._create(session, place, note, "import", device)

    def with_variant(self, session: SessionFile) -> SessionFile:
        return self._with_variant(session)

    def _with_variant(self, session: SessionFile) -> SessionFile:
        """A session naming a house variant of this store (by its id; `start` by its name too)
        on the variant's built-in table with the variant's values as options (plain_session);
        a variant carried inline wins, a built-in table is kept as it is."""
        if session.variant is None and session.ruleset not in builtin_tables():
            variant = self.variants(session.ruleset)
            if variant is not None:
                session = session.model_copy(update={"ruleset": variant["id"], "variant": variant})
        return plain_session(session)

    def _create(self, session: SessionFile, place: str | None, note: str | None, action: str,
                device: str | None = None) -> EveningInfo:
        # the place and note given win over the session file's; its date, if any, is kept
        session = self._with_variant(session)
        place, note, notices = evening_texts(place, note, session)
        started = started_at(session.date) if session.date else now()
        table = session_table(session)
        hands = [plain_hand(h, n) for n, h in enumerate(session.hands, 1)]
        try:
            options = json.loads(dumps(session.options))
        except (TypeError, ValueError) as exc:
            raise SessionError("options", "not_plain_json", reason=str(exc)) from None
        with self.store.write():
            ids, names, mapping = [], [], {}
            for name in session.players:
                pid, stored = self.store.player_id(name)
                ids.append(pid)
                names.append(stored)
                if stored != name:
                    mapping[name] = stored
            if mapping:
                hands = renamed_checked(table, session.players, session.first_dealer, hands, mapping)
            dealer = renamed_dealer(session.first_dealer, mapping)
            live = replay_live(table, names, dealer, hands)
            evening_id = self.store.create_evening({
                "ruleset": session.ruleset, "game": table.name, "family": table.family,
                "options": dumps(options), "rule_table": dumps(table_as_dict(table)),
                "first_dealer": ids[names.index(dealer)] if dealer else None, "started_at": started,
                "place": place, "note": note, "finished": 0, "finished_at": None, "version": 0,
            }, ids)
            self.store.insert_hands(evening_id, hands)
            self.store.set_pin(evening_id, new_pin(), device)  # the phone that starts it may keep score
            new = {"ruleset": session.ruleset, "players": names, "first_dealer": dealer,
                   "options": options, "hands": len(hands)}
            live.version = self.store.log_change(evening_id, 0, action, None, None, new, None, device)
            row = self.store.evening(evening_id)
            write_checkpoint(self.store, row, live.version, live)
            info = self.info(evening_id, row)
        self.kept.keep(evening_id, live)
        self.changed(evening_id)
        return info.model_copy(update={"notices": notices}) if notices else info

    @unlocked
    def evening(self, evening_id: int) -> EveningInfo:
        with self.store.read():
            return self.info(evening_id)

    @guarded
    def list_evenings(self) -> list[EveningInfo]:
        with self.store.read():
            return [self.info(row["id"]) for row in self.store.evening_list()]

    @guarded
    def finish_evening(self, evening_id: int, expected_version: int | None = None,
                       finished: bool = True) -> EveningInfo:
        """Mark the evening finished (no more hand changes), or open it again."""
        with self.store.write():
            row = self.row(evening_id, expected_version, writable=False)
            self.not_of_finished_tournament(evening_id)
            if bool(row["finished"]) == finished:
                raise EveningClosedError("evening_already_finished" if finished else "evening_not_finished",
                                         evening=evening_id)
            fit = self.intact(row)
            count = self.store.hand_count(evening_id)
            live = restore_from(fit, row, self.rule_table(row))
            kept = self.kept.get(evening_id)
            if live is None and kept is not None and kept.version == row["version"] and kept.hands == count:
                live = kept  # (the replay `intact` just made)
            self.store.set_finished(evening_id, finished)
            version = self.store.log_change(evening_id, row["version"], "finish" if finished else "reopen",
                                            None, bool(row["finished"]), finished)
            if live is not None:  # the hands did not change: the checkpoint goes on at the new version
                write_checkpoint(self.store, row, version, live)
            info = self.info(evening_id)
        self.kept.advance(evening_id, row["version"], version)
        self.changed(evening_id)
        return info

    @unlocked
    def show(self, evening_id: int) -> Replay:
        """The evening replayed: every hand's deltas, the standings, what comes next."""
        live = self.live_now(evening_id)
        with self.kept.evening_lock(evening_id):
            return live.as_replay()

    def live_now(self, evening_id: int, complete: bool = True) -> Live:
        """The evening scored up to its last hand at the stored version: the kept one while
        the version matches, else replayed once and kept. Without `complete` (only the game is
        needed: the hand form), the store's checkpoint will do instead of a replay. The hands
        are read in one read transaction; the replay runs after it, outside the store's lock."""
        with self.store.read():
            row = self.store.evening(evening_id)
            live = self.kept.get(evening_id)
            if live is not None and live.version == row["version"] and (live.complete or not complete):
                return live
            table = self.rule_table(row)
            live = None if complete else restore(self.store, row, table, self.store.hand_count(evening_id))
            hands = self.store.hands(evening_id) if live is None else []
        if live is None:
            live = replay_live(table, row["players"], row["first_dealer"], hands, row["version"])
        self.kept.keep(evening_id, live)
        return live

    @guarded
    def played_by(self, base: str, name: str) -> list[int]:
        """The evenings played by the house variant `name` of the built-in table `base` (an
        evening keeps a variant as its built-in table with the variant's values and name)."""
        with self.store.read():
            rows = self.store.evenings_at(base)
        played = []
        for evening_id, options in rows:
            try:
                named = json.loads(options).get("name")
            except (TypeError, ValueError, AttributeError):
                continue
            if isinstance(named, str) and named.casefold() == name.casefold():
                played.append(evening_id)
        return played

    @guarded
    def history(self, evening_id: int) -> list[ChangeEntry]:
        with self.store.read():
            self.store.evening(evening_id)
            return [ChangeEntry(**{k: c[k] for k in ChangeEntry.model_fields})
                    for c in self.store.changes(evening_id)]

    @guarded
    def changes_since(self, evening_id: int, version: int) -> list[ChangeEntry]:
        """The change log after `version`, oldest first."""
        return [c for c in self.history(evening_id) if c.version > version]

    @guarded
    def last_writer(self, evening_id: int) -> str | None:
        from scorepad.app.access import phone_label

        with self.store.read():
            self.store.evening(evening_id)
            device = self.store.last_device(evening_id)
        return phone_label(device) if device else None

    # -- hands ----------------------------------------------------------------------------------

    @guarded
    def add_hand(self, evening_id: int, hand: Any, expected_version: int | None = None,
                 device: str | None = None) -> ChangeResult:
        """The next hand of the evening. From a phone (`device`), that phone's draft is cleared
        in the same transaction: a saved hand never leaves its draft behind, nor the reverse."""
        return self._change(evening_id, "add", expected_version,
                            lambda count: Planned(HandOp("insert", count + 1, plain_hand(hand, count + 1))),
                            device)

    @guarded
    def edit_hand(self, evening_id: int, number: int, hand: Any,
                  expected_version: int | None = None, device: str | None = None) -> ChangeResult:
        """Hand `number` replaced; every hand after it is scored again."""

        def plan(count: int) -> Planned:
            old = self.store.hand(evening_id, check_number(evening_id, number))
            return Planned(HandOp("replace", number, plain_hand(hand, number)), old)

        return self._change(evening_id, "edit", expected_version, plan, device)

    @guarded
    def delete_hand(self, evening_id: int, number: int, expected_version: int | None = None,
                    device: str | None = None) -> ChangeResult:
        """Hand `number` taken out; later hands move up one number and are scored again."""
        return self._change(evening_id, "delete", expected_version,
                            lambda count: Planned(HandOp("remove", number),
                                                  self.store.hand(evening_id, check_number(evening_id, number))),
                            device)

    @guarded
    def undo(self, evening_id: int, expected_version: int | None = None,
             device: str | None = None) -> ChangeResult:
        """Take back the evening's last add, edit or delete that is not undone yet. From a
        phone (`device`), only if that phone made it: never another phone's hand."""
        return self._undo_redo(evening_id, "undo", expected_version, device)

    @guarded
    def redo(self, evening_id: int, expected_version: int | None = None,
             device: str | None = None) -> ChangeResult:
        """Do again the last change undone (as long as no new change came after the undo).
        From a phone (`device`), only if that phone undid it."""
        return self._undo_redo(evening_id, "redo", expected_version, device)

    def _undo_redo(self, evening_id: int, action: str, expected_version: int | None,
                   device: str | None) -> ChangeResult:
        def plan(count: int) -> Planned:
            log = self.store.changes(evening_id, UNDO_LOG)
            target = undo_stacks(evening_id, log)[0 if action == "undo" else 1]
            if not target:
                raise NothingToUndoError("nothing_to_undo" if action == "undo" else "nothing_to_redo",
                                         evening=evening_id)
            change = target[-1]
            if change.get("damaged"):
                raise StoreError("change_damaged", evening=evening_id, change=change["id"], reason=change["damaged"])
            if device is not None and made_by(log, change, action) != device:
                raise NotYourChangeError("not_your_change_undo" if action == "undo" else "not_your_change_redo",
                                         evening=evening_id, number=change["number"])
            op = reverse(change, action, renames_since(log, change["id"]))
            old = None if op.kind == "insert" else self.store.hand(evening_id, op.number)
            hand = change["old"] if change["action"] == "delete" else change["new"]
            reverted = Reverted(action=change["action"], number=change["number"],
                                hand=rename_in(hand, renames_since(log, change["id"])))
            return Planned(op, old, change["id"], f"{action} ({change['action']} hand {change['number']})", reverted)

        return self._change(evening_id, action, expected_version, plan, device)

    def _change(self, evening_id: int, action: str, expected_version: int | None,
                plan: Callable[[int], Planned], device: str | None = None) -> ChangeResult:
        """One change in one transaction: check, replay with the change, write, log (with the
        phone that made it), clear that phone's draft of a new hand, commit."""
        with self.store.write():
            row = self.row(evening_id, expected_version, writable=True)
            fit = self.intact(row)
            count = self.store.hand_count(evening_id)
            planned = plan(count)
            op = planned.op
            if action in ("add", "edit"):  # a name typed otherwise (NFD, spaces) is the player's
                op = dataclasses.replace(op, hand=names_in(op.hand, row["players"]))
            if op.kind == "insert" and not 1 <= op.number <= count + 1:
                raise StoreError("log_hands_mismatch", evening=evening_id, number=op.number, count=count)
            if op.kind == "insert":
                self._below_limit(evening_id, count)
            live = self._replayed(row, op, count, planned.label or f"{action} hand {op.number}", fit)
            op.write(self.store, evening_id)
            version = self.store.log_change(evening_id, row["version"], action, op.number,
                                            planned.old, op.hand, planned.undoes, device)
            write_checkpoint(self.store, row, version, live)
            if action == "add" and device is not None:
                self.store.clear_draft(evening_id, device)
        live.version = version
        self.kept.keep(evening_id, live)
        self.changed(evening_id)
        result = self._result(evening_id, action, op, live)
        result.reverted = planned.reverted
        return result

    def _below_limit(self, evening_id: int, count: int) -> None:
        """A tournament's table takes no hand beyond its games per round (app/tournaments.py)."""
        table = self.store.table_of(evening_id)
        if table is not None and count >= table["games"]:
            raise EveningClosedError("tournament_table_complete", evening=evening_id, table=table["number"],
                                     round=table["round"], games=table["games"])

    def _replayed(self, row: dict[str, Any], op: HandOp, count: int, label: str, fit: Fit | None) -> Live:
        """The evening with the change applied, played by the engine; refusals name the hand.
        `fit` is the store's checkpoint as `intact` found it fitting (None: none fits)."""
        evening_id = row["id"]
        if op.kind == "insert" and op.number == count + 1:  # a new hand: played on the evening as it stands
            # (taken out of the kept ones: from here on it may change; kept again only after commit)
            live = self.kept.take(evening_id, row["version"], count)
            if live is None:  # another process wrote, or none kept: the store's checkpoint, if it fits
                live = restore_from(fit, row, self.rule_table(row))
            if live is not None:
                with self.kept.evening_lock(evening_id):  # no preview copies the game while it plays
                    live.results.append(live.game.play(op.number, op.hand))
                    live.entered.append(op.hand)
                return live
        hands = op.apply(self.store.hands(evening_id))
        try:
            return replay_live(self.rule_table(row), row["players"], row["first_dealer"], hands)
        except HandError as err:
            if op.is_own_hand(err.number) or err.number < op.number:
                raise
            raise LaterHandError(label, err, op.number_before(err.number)) from None

    @unlocked
    def table(self, evening_id: int) -> RuleTable:
        """The rule table the evening is scored by (as stored with it)."""
        with self.store.read():
            return self.rule_table(self.store.evening(evening_id))

    @unlocked
    def before_hand(self, evening_id: int, number: int | None = None) -> Game:
        """The game as it stands before hand `number` (default: the next new hand), read-only.
        The next new hand is served from the kept evening (a copy of its game): no replay."""
        if number is None:
            live = self.live_now(evening_id, complete=False)
            with self.kept.evening_lock(evening_id):
                return game_copy(live.game)
        with self.store.read():
            row = self.store.evening(evening_id)
            hands = self.store.hands(evening_id)
        return before_hand(self.rule_table(row), row["players"], hands, number, row["first_dealer"])

    @unlocked
    def preview(self, evening_id: int, hand: Any, number: int | None = None) -> HandResult:
        """What `hand` would score as the next hand (or in place of hand `number`); stores
        nothing. Raises HandError, naming a later hand that the edit would break. A next new
        hand is played on a copy of the kept evening's game: no replay."""
        if number is None:
            live = self.live_now(evening_id, complete=False)
            with self.kept.evening_lock(evening_id):
                game, count = game_copy(live.game), live.hands
            return game.play(count + 1, hand)
        with self.store.read():
            row = self.store.evening(evening_id)
            hands = self.store.hands(evening_id)
        return try_hand(self.rule_table(row), row["players"], hands, hand, number, row["first_dealer"])

    # -- what the other parts use -------------------------------------------------------------

    def row(self, evening_id: int, expected_version: int | None, writable: bool) -> dict[str, Any]:
        """The evening's row, refusing a stale version or (for hand changes) a finished evening."""
        row = self.store.evening(evening_id)
        if expected_version is not None and row["version"] != expected_version:
            raise StaleVersionError(evening_id, expected_version, row["version"])
        if writable:
            self.not_of_finished_tournament(evening_id)
        if writable and row["finished"]:
            raise EveningClosedError("evening_finished", evening=evening_id)
        return row

    def not_of_finished_tournament(self, evening_id: int) -> None:
        """A finished tournament's tables stay as they are: no hand, no rules, no reopening
        (asked inside the change's own transaction, whoever asks)."""
        table = self.store.table_of(evening_id)
        if table is not None and self.store.tournament_finished_for(evening_id):
            raise TournamentError("tournament_finished", tournament=table["tournament_id"])

    def intact(self, row: dict[str, Any]) -> Fit | None:
        """Refuse any change to a damaged evening with its damage line (what `scorepad check`
        names: its options, its rule table, a hand that cannot be read or no longer scores, a
        gap in the hands), until `scorepad check --repair` mends it. Inside the change's write
        transaction. The hands are taken as sound when the evening's checkpoint fits (each hand
        scored when it was written, by this release, and nothing wrote to them since);
        otherwise (a write that was not scorepad's, another release, a change that writes no
        checkpoint) they are read and replayed, and the replay is kept for the change.
        Returns the checkpoint that fits (read and sealed once, for the change to restore
        from), or None when the hands were replayed."""
        evening_id = row["id"]
        self.options(row)
        table = self.rule_table(row)
        count = self.store.hand_count(evening_id)
        fit = fitting(self.store, row, count)
        if fit is not None:  # (a kept replay is not enough: another process may have written)
            return fit
        hands = self.store.hands(evening_id)  # a hand not JSON, a gap: refused naming it
        try:
            live = replay_live(table, row["players"], row["first_dealer"], hands, row["version"])
        except HandError as err:
            raise StoreError("hand_unscorable", evening=evening_id, number=err.number, key=err.key,
                             reason=err.rule) from None
        self.kept.keep(evening_id, live)
        return None

    def rule_table(self, row: dict[str, Any]) -> RuleTable:
        try:
            return stored_table(row["rule_table"], f"evening {row['id']}: stored rule table")
        except (TypeError, ValueError, RecursionError):  # a damaged byte in the stored JSON
            raise StoreError("rule_table_damaged", evening=row["id"],
                             reason=damage(row["rule_table"], dict) or "unreadable") from None

    @staticmethod
    def options(row: dict[str, Any]) -> dict[str, Any]:
        """The evening's stored options, or StoreError naming the evening if they are damaged."""
        problem = damage(row["options"], dict)
        if problem:
            raise StoreError("options_damaged", evening=row["id"], reason=problem)
        options: dict[str, Any] = json.loads(row["options"])
        return options

    def info(self, evening_id: int, row: dict[str, Any] | None = None) -> EveningInfo:
        """The evening's facts (from its `row`, if already read in this transaction)."""
        row = row if row is not None else self.store.evening(evening_id)
        return EveningInfo(
            id=row["id"], ruleset=row["ruleset"], game=row["game"], family=row["family"],
            players=row["players"], first_dealer=row["first_dealer"],
            # damaged options leave the evening listed (and readable: it is scored by its table);
            # `scorepad check` names them
            options={} if damage(row["options"], dict) else json.loads(row["options"]),
            started_at=row["started_at"], place=row["place"], note=row["note"],
            finished=bool(row["finished"]), finished_at=row["finished_at"],
            hands=self.store.hand_count(evening_id), version=row["version"],
        )

    def _result(self, evening_id: int, action: str, op: HandOp, live: Live) -> ChangeResult:
        hand = live.result(op.number).as_dict() if op.kind != "remove" else None
        return ChangeResult(evening=evening_id, version=live.version, action=action, number=op.number,
                            hands=live.hands, hand=hand, standings=live.game.snapshot(),
                            state=live.game.state())
