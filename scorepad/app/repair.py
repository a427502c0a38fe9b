"""`scorepad check [--repair]`: everything damaged in the file named (SQLite's integrity check,
then per evening its options, rule table, hands, change log and whether it still replays), and
moved aside without losing anything (the table `damaged_rows`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from scorepad.app.guard import guarded
from scorepad.app.rules import table_diff
from scorepad.engine import replay
from scorepad.errors import HandError, ScorepadError
from scorepad.store import StoreError, damage, dumps, now
from scorepad.tables import get_table, table_as_dict, with_options

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings


class Repairs:
    """Checking and repairing one store's file."""

    def __init__(self, evenings: Evenings):
        self.evenings = evenings
        self.store = evenings.store

    @property
    def db(self) -> Any:
        """The store's open connection (a sqlite_utils Database): raw SQL reaches what the
        store's own reads refuse (damaged rows). Used only under the store's lock."""
        return self.store.db

    @guarded
    def check(self) -> list[str]:
        """Everything damaged in the file, one line each (empty: the file is fine): SQLite's
        integrity check, then per evening its options, rule table, every hand (UTF-8, JSON,
        numbered 1..n without gaps), the change log, and whether its hands still replay."""
        problems: list[str] = []
        with self.store.read():
            db = self.db
            integrity = [r[0] for r in db.execute("PRAGMA integrity_check").fetchall()]
            if integrity != ["ok"]:
                problems += [f"integrity_check: {line}" for line in integrity[:20]]
            for (evening_id,) in db.execute("SELECT id FROM evenings ORDER BY id").fetchall():
                problems += self._evening_problems(evening_id)
        return problems

    def _evening_problems(self, evening_id: int) -> list[str]:
        db = self.db
        found: list[str] = []
        row = self.store.evening(evening_id)
        for code, key in (("options_damaged", "options"), ("rule_table_damaged", "rule_table")):
            problem = damage(row[key], dict)
            if problem:
                found.append(str(StoreError(code, evening=evening_id, reason=problem)))
        expected = 1
        for number, data in db.execute("SELECT number, CAST(data AS BLOB) FROM hands WHERE evening_id = ? "
                                       "ORDER BY number", [evening_id]):
            if number != expected:
                found.append(str(StoreError("hands_gap", evening=evening_id, number=expected,
                                            before=expected - 1, after=number)))
                expected = number
            problem = damage(data)
            if problem:
                found.append(str(StoreError("hand_damaged", evening=evening_id, number=number, reason=problem)))
            expected += 1
        closed = False
        for change in reversed(self.store.changes(evening_id)):
            closed = closed or change["action"] == "repair"
            if change["damaged"] and not closed:
                found.append(str(StoreError("change_damaged", evening=evening_id, change=change["id"],
                                            reason=change["damaged"])))
        if not found:
            try:
                replay(self.evenings.rule_table(row), row["players"], self.store.hands(evening_id), row["first_dealer"])
            except HandError as err:  # the line every change to the evening is refused with (Evenings.intact)
                found.append(str(StoreError("hand_unscorable", evening=evening_id, number=err.number, key=err.key,
                                            reason=err.rule)))
            except ScorepadError as exc:
                found.append(f"evening {evening_id}: {exc}")
        return found

    @guarded
    def repair(self) -> list[str]:
        """Move what is damaged aside, in one transaction, losing nothing: a damaged hand's row
        goes to the table `damaged_rows` (with where it came from and why) and the evening's
        hands are numbered 1..n again; a damaged rule table is rebuilt from the ruleset and its
        options (a damaged options value from the rule table), the damaged text kept in
        `damaged_rows` too; a damaged change of the log (which is append-only) is left where it
        is and the evening's undo history is closed before it. Each repaired evening gets a
        `repair` change (so undo never reaches back past it). Returns what it did, one line each."""
        done: list[str] = []
        with self.store.write():
            db = self.db
            if "damaged_rows" not in db.table_names():
                db["damaged_rows"].create(
                    {"id": int, "source": str, "source_id": int, "evening_id": int, "number": int,
                     "data": bytes, "reason": str, "moved_at": str}, pk="id")
            for (evening_id,) in db.execute("SELECT id FROM evenings ORDER BY id").fetchall():
                lines = self._repair_evening(evening_id)
                if lines:
                    row = self.store.evening(evening_id)
                    self.store.log_change(evening_id, row["version"], "repair", None, None, {"repaired": lines})
                    self.evenings.kept.drop(evening_id)
                    done += [f"evening {evening_id}: {line}" for line in lines]
        return done

    def _repair_evening(self, evening_id: int) -> list[str]:
        db = self.db
        lines: list[str] = []

        def aside(source: str, source_id: int, number: int | None, data: bytes | str | None, reason: str) -> None:
            db["damaged_rows"].insert({"source": source, "source_id": source_id, "evening_id": evening_id,
                                       "number": number, "data": data if isinstance(data, bytes) else
                                       (data or "").encode("utf-8"), "reason": reason, "moved_at": now()})

        row = self.store.evening(evening_id)
        options_problem = damage(row["options"], dict)
        table_problem = damage(row["rule_table"], dict)
        if table_problem:
            options = {} if options_problem else json.loads(row["options"])
            try:
                table = with_options(get_table(row["ruleset"]), options)
            except ScorepadError:
                table = get_table(row["ruleset"])
            aside("evenings.rule_table", evening_id, None, row["rule_table"], table_problem)
            db.execute("UPDATE evenings SET rule_table = ? WHERE id = ?", [dumps(table_as_dict(table)), evening_id])
            lines.append(f"rule table rebuilt from {row['ruleset']} (the damaged one is in damaged_rows)")
        if options_problem:
            table = self.evenings.rule_table(self.store.evening(evening_id))
            try:
                options = table_diff(table_as_dict(get_table(row["ruleset"])), table_as_dict(table))
            except ScorepadError:
                options = {}
            aside("evenings.options", evening_id, None, row["options"], options_problem)
            db.execute("UPDATE evenings SET options = ? WHERE id = ?", [dumps(options), evening_id])
            lines.append("options rebuilt from the rule table (the damaged ones are in damaged_rows)")
        rows = db.execute("SELECT id, number, CAST(data AS BLOB) FROM hands WHERE evening_id = ? ORDER BY number",
                          [evening_id]).fetchall()
        moved = []
        for hand_id, number, data in rows:
            problem = damage(data)
            if problem:
                aside("hands", hand_id, number, data, problem)
                db.execute("DELETE FROM hands WHERE id = ?", [hand_id])
                moved.append(number)
        if moved:
            lines.append(f"hand{'s' if len(moved) > 1 else ''} {', '.join(map(str, moved))} moved to damaged_rows")
        kept = [(hand_id, number) for hand_id, number, _ in rows if number not in moved]
        # a hand that reads but no longer scores goes aside too (the first one the replay
        # refuses, then the evening is replayed again without it), so the evening takes changes again
        unscorable = []
        table = self.evenings.rule_table(self.store.evening(evening_id))
        while kept:
            hands = [json.loads(data) for hand_id, number, data in rows if (hand_id, number) in kept]
            try:
                replay(table, row["players"], hands, row["first_dealer"])
                break
            except HandError as err:
                hand_id, number = kept.pop(err.number - 1)
                aside("hands", hand_id, number, next(d for i, _, d in rows if i == hand_id),
                      f"does not score: {err.key}: {err.rule}")
                db.execute("DELETE FROM hands WHERE id = ?", [hand_id])
                unscorable.append(number)
            except ScorepadError:
                break
        if unscorable:
            lines.append(f"hand{'s' if len(unscorable) > 1 else ''} {', '.join(map(str, unscorable))} "
                         "(no longer scored) moved to damaged_rows")
        if any(number != n for n, (_, number) in enumerate(kept, 1)):
            for n, (hand_id, _) in enumerate(kept, 1):  # through negatives, so no two collide
                db.execute("UPDATE hands SET number = ? WHERE id = ?", [-n, hand_id])
            db.execute("UPDATE hands SET number = -number WHERE evening_id = ? AND number < 0", [evening_id])
            lines.append(f"hands numbered 1..{len(kept)} again")
        log = self.store.changes(evening_id)
        last_repair = max((c["id"] for c in log if c["action"] == "repair"), default=0)
        damaged = [c["id"] for c in log if c["damaged"] and c["id"] > last_repair]
        if damaged:
            lines.append(f"undo history closed (change{'s' if len(damaged) > 1 else ''} "
                         f"{', '.join(map(str, damaged))} of the log are damaged)")
        return lines
