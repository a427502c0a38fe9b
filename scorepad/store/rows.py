"""The rows of a scorepad file: players, evenings and their seats, hands, the change log,
drafts, checkpoints, PINs and house rules, read and written inside the caller's transaction
(`Store.read()` / `Store.write()`). Stored JSON is read as bytes where it may be damaged, so a
damaged byte is named (`StoreError`), never raised as a decoding error."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, cast

from sqlite_utils import Database

from scorepad.names import name_key
from scorepad.store.errors import NotFoundError, StoreError
from scorepad.store.values import damage, dumps, in_sqlite_range, loads, new_pin, now


def find_player(db: Database, name: str) -> dict[str, Any] | None:
    if not isinstance(name, str) or any(0xD800 <= ord(c) <= 0xDFFF for c in name):
        return None  # half a character (a byte that was not UTF-8) names nobody
    # (a name stored before names were normalized is found by its own key too)
    rows = list(db.query("SELECT * FROM players WHERE name_key IN (?, ?) ORDER BY name_key = ? DESC",
                         [name_key(name), name.casefold(), name_key(name)]))
    return rows[0] if rows else None


def add_player(db: Database, name: str) -> int:
    return cast(int, db.table("players").insert({"name": name, "name_key": name_key(name), "created_at": now()}).last_pk)


CHANGE_SELECT = ("SELECT id, evening_id, version, at, action, number, CAST(old AS BLOB) AS old, "
                 "CAST(new AS BLOB) AS new, undoes, device")
# an evening's row; its JSON columns read as bytes, so a damaged byte is found, not raised
EVENING_SELECT = ("SELECT id, ruleset, game, family, CAST(options AS BLOB) AS options, "
                  "CAST(rule_table AS BLOB) AS rule_table, first_dealer, started_at, place, note, finished, "
                  "finished_at, version FROM evenings")


class Rows:
    """The row readers and writers of `Store` (scorepad.store.opening), on its open `db`."""

    db: Database

    # -- players ---------------------------------------------------------------------------

    def player(self, name: str) -> dict[str, Any] | None:
        return find_player(self.db, name)

    def player_id(self, name: str) -> tuple[int, str]:
        """The player called `name` (any case), created if new: (id, stored spelling)."""
        row = find_player(self.db, name)
        if row:
            return row["id"], row["name"]
        return add_player(self.db, name), name

    def rename_player(self, player_id: int, name: str) -> None:
        self.db.execute("UPDATE players SET name = ?, name_key = ? WHERE id = ?",
                        [name, name_key(name), player_id])

    def players(self) -> list[dict[str, Any]]:
        return list(self.db.query(
            "SELECT p.id, p.name, count(s.evening_id) AS evenings FROM players p "
            "LEFT JOIN seats s ON s.player_id = p.id GROUP BY p.id ORDER BY p.name_key"))

    def evenings_of(self, player_id: int) -> list[int]:
        return [r["evening_id"] for r in self.db.query(
            "SELECT evening_id FROM seats WHERE player_id = ? ORDER BY evening_id", [player_id])]

    # -- evenings --------------------------------------------------------------------------

    def create_evening(self, row: dict[str, Any], player_ids: list[int]) -> int:
        evening_id = cast(int, self.db.table("evenings").insert(row).last_pk)
        self.db.table("seats").insert_all(
            {"evening_id": evening_id, "position": i, "player_id": pid} for i, pid in enumerate(player_ids))
        return evening_id

    def evening(self, evening_id: int) -> dict[str, Any]:
        """The evening's row with `players` (names, clockwise) and `first_dealer` as a name."""
        if not in_sqlite_range(evening_id):
            raise NotFoundError("no_evening", evening=evening_id)
        rows = list(self.db.query(EVENING_SELECT + " WHERE id = ?", [evening_id]))
        if not rows:
            raise NotFoundError("no_evening", evening=evening_id)
        row = rows[0]
        for key in ("options", "rule_table"):  # text if it is text; damaged bytes stay bytes
            try:
                row[key] = row[key].decode("utf-8")
            except (AttributeError, UnicodeDecodeError):
                pass
        seats = list(self.db.query(
            "SELECT p.id, p.name FROM seats s JOIN players p ON p.id = s.player_id "
            "WHERE s.evening_id = ? ORDER BY s.position", [evening_id]))
        row["players"] = [s["name"] for s in seats]
        row["first_dealer"] = next((s["name"] for s in seats if s["id"] == row["first_dealer"]), None)
        return row

    def marks(self) -> dict[int, tuple[int, str | None]]:
        """Per evening, what a change moves: its version and when its PIN was last set."""
        return {r[0]: (r[1], r[2]) for r in self.db.execute(
            "SELECT e.id, e.version, p.updated_at FROM evenings e LEFT JOIN pins p ON p.evening_id = e.id")}

    def evenings_at(self, ruleset: str) -> list[tuple[int, str]]:
        """The evenings played at the rule table `ruleset`: (id, options as stored)."""
        return [(r[0], r[1]) for r in self.db.execute("SELECT id, options FROM evenings WHERE ruleset = ? ORDER BY id",
                                                      [ruleset])]

    def evening_list(self) -> list[dict[str, Any]]:
        rows = list(self.db.query(
            "SELECT e.id, e.started_at, e.ruleset, e.game, e.place, e.finished, e.version, "
            "(SELECT count(*) FROM hands h WHERE h.evening_id = e.id) AS hands "
            "FROM evenings e ORDER BY e.id"))
        seats: dict[int, list[str]] = {}
        for s in self.db.query("SELECT s.evening_id, p.name FROM seats s JOIN players p ON p.id = s.player_id "
                               "ORDER BY s.evening_id, s.position"):
            seats.setdefault(s["evening_id"], []).append(s["name"])
        for row in rows:
            row["players"] = seats.get(row["id"], [])
        return rows

    def set_finished(self, evening_id: int, finished: bool) -> None:
        self.db.execute("UPDATE evenings SET finished = ?, finished_at = ? WHERE id = ?",
                        [int(finished), now() if finished else None, evening_id])

    def set_rules(self, evening_id: int, game: str, options_json: str, rule_table_json: str) -> None:
        """The evening's rule table replaced (its hands stay as entered)."""
        self.db.execute("UPDATE evenings SET game = ?, options = ?, rule_table = ? WHERE id = ?",
                        [game, options_json, rule_table_json, evening_id])

    # -- hands -----------------------------------------------------------------------------

    def hand_count(self, evening_id: int) -> int:
        row = self.db.execute("SELECT max(number) FROM hands WHERE evening_id = ?", [evening_id]).fetchone()
        return row[0] or 0

    def hands(self, evening_id: int) -> list[Any]:
        """Every hand as entered, in order (hand 1 first). A damaged row (not UTF-8, not JSON)
        or a gap in the numbers refuses naming the evening and the hand (see `check`)."""
        cur = self.db.execute("SELECT number, CAST(data AS BLOB) FROM hands WHERE evening_id = ? ORDER BY number",
                              [evening_id])
        out: list[Any] = []
        for number, data in cur:
            if number != len(out) + 1:
                raise StoreError("hands_gap", evening=evening_id, number=len(out) + 1, before=len(out), after=number)
            out.append(self._hand_value(evening_id, number, data))
        return out

    def hand(self, evening_id: int, number: int) -> Any:
        row = None
        if in_sqlite_range(number):
            row = self.db.execute("SELECT CAST(data AS BLOB) FROM hands WHERE evening_id = ? AND number = ?",
                                  [evening_id, number]).fetchone()
        if row is None:
            raise NotFoundError("no_hand", evening=evening_id, number=number, count=self.hand_count(evening_id))
        return self._hand_value(evening_id, number, row[0])

    @staticmethod
    def _hand_value(evening_id: int, number: int, data: bytes | None) -> Any:
        try:
            return json.loads(data)  # type: ignore[arg-type]  # bytes: decoded as UTF-8; None: damaged
        except (TypeError, ValueError, RecursionError):
            raise StoreError("hand_damaged", evening=evening_id, number=number,
                             reason=damage(data) or "unreadable") from None

    def insert_hand(self, evening_id: int, number: int, hand: Any) -> None:
        """Put a hand in at `number`; hands from there on move up by one."""
        if number <= self.hand_count(evening_id):
            self._shift(evening_id, number, +1)
        self.db.table("hands").insert({"evening_id": evening_id, "number": number, "data": dumps(hand)})

    def replace_hand(self, evening_id: int, number: int, hand: Any) -> None:
        self.db.execute("UPDATE hands SET data = ? WHERE evening_id = ? AND number = ?",
                        [dumps(hand), evening_id, number])

    def remove_hand(self, evening_id: int, number: int) -> None:
        """Take hand `number` out; later hands move down by one, leaving no gap."""
        self.db.execute("DELETE FROM hands WHERE evening_id = ? AND number = ?", [evening_id, number])
        self._shift(evening_id, number + 1, -1)

    def _shift(self, evening_id: int, start: int, step: int) -> None:
        """Renumber hands >= start by step, through negative numbers so no two collide."""
        self.db.execute("UPDATE hands SET number = -(number + ?) WHERE evening_id = ? AND number >= ?",
                        [step, evening_id, start])
        self.db.execute("UPDATE hands SET number = -number WHERE evening_id = ? AND number < 0", [evening_id])

    def insert_hands(self, evening_id: int, hands: list[Any]) -> None:
        self.db.table("hands").insert_all(
            {"evening_id": evening_id, "number": n, "data": dumps(h)} for n, h in enumerate(hands, 1))

    # -- the change log --------------------------------------------------------------------

    def log_change(self, evening_id: int, version: int, action: str, number: int | None = None,
                   old: Any = None, new: Any = None, undoes: int | None = None,
                   device: str | None = None) -> int:
        """Append one change and move the evening from `version` to version + 1: the new version.

        The update is conditional on the version, so a change can never be written twice over.
        """
        cur = self.db.execute("UPDATE evenings SET version = version + 1 WHERE id = ? AND version = ?",
                              [evening_id, version])
        if cur.rowcount != 1:
            raise StoreError("written_meanwhile", evening=evening_id)
        self.db.table("changes").insert({
            "evening_id": evening_id, "version": version + 1, "at": now(), "action": action,
            "number": number, "old": None if old is None else dumps(old),
            "new": None if new is None else dumps(new), "undoes": undoes, "device": device,
        })
        return version + 1

    def changes(self, evening_id: int, actions: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
        sql = "SELECT * FROM changes WHERE evening_id = ?"
        params: list[Any] = [evening_id]
        if actions:
            sql += f" AND action IN ({', '.join('?' * len(actions))})"
            params += list(actions)
        rows = list(self.db.query(sql.replace("SELECT *", CHANGE_SELECT) + " ORDER BY id", params))
        for row in rows:
            self._change_values(row)
        return rows

    def last_device(self, evening_id: int) -> str | None:
        """The phone that made the evening's last change (None: the command line, or none yet)."""
        row = self.db.execute("SELECT device FROM changes WHERE evening_id = ? ORDER BY id DESC LIMIT 1",
                              [evening_id]).fetchone()
        return None if row is None else row[0]

    def change(self, change_id: int) -> dict[str, Any]:
        row = next(iter(self.db.query(CHANGE_SELECT + " FROM changes WHERE id = ?", [change_id])))
        return self._change_values(row)

    @staticmethod
    def _change_values(row: dict[str, Any]) -> dict[str, Any]:
        """old and new decoded; a damaged one is None, with `damaged` saying what is wrong."""
        row["damaged"] = None
        for key in ("old", "new"):
            data = row[key]
            try:
                row[key] = None if data is None else json.loads(data)
            except (ValueError, RecursionError):
                row["damaged"] = damage(data)
                row[key] = None
        return row

    # -- drafts ------------------------------------------------------------------------------

    def draft(self, evening_id: int, device: str) -> Any:
        """The phone's draft; a draft from before drafts were per phone (device '') is
        offered to whichever phone asks first, until that phone saves its own."""
        row = self.db.execute("SELECT data FROM drafts WHERE evening_id = ? AND device IN (?, '') "
                              "ORDER BY device = '' LIMIT 1", [evening_id, device]).fetchone()
        return loads(row[0]) if row else None

    def save_draft(self, evening_id: int, device: str, data: Any) -> None:
        self.db.table("drafts").upsert({"evening_id": evening_id, "device": device, "data": dumps(data),
                                  "updated_at": now()}, pk=("evening_id", "device"))
        if device:
            self.db.execute("DELETE FROM drafts WHERE evening_id = ? AND device = ''", [evening_id])

    def clear_draft(self, evening_id: int, device: str) -> None:
        self.db.execute("DELETE FROM drafts WHERE evening_id = ? AND device IN (?, '')", [evening_id, device])

    # -- checkpoints --------------------------------------------------------------------------

    def checkpoint(self, evening_id: int) -> tuple[int, int, str, bytes] | None:
        """The evening's checkpoint as stored (version, hands, seal, state as bytes), or None."""
        row = self.db.execute("SELECT version, hands, seal, CAST(state AS BLOB) FROM checkpoints "
                              "WHERE evening_id = ?", [evening_id]).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3])

    def save_checkpoint(self, evening_id: int, version: int, hands: int, seal: str, state: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO checkpoints (evening_id, version, hands, seal, state, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)", [evening_id, version, hands, seal, state, now()])

    def hand_text(self, evening_id: int, number: int) -> bytes | None:
        """Hand `number` as stored (bytes, not decoded), or None."""
        row = self.db.execute("SELECT CAST(data AS BLOB) FROM hands WHERE evening_id = ? AND number = ?",
                              [evening_id, number]).fetchone()
        return None if row is None else bytes(row[0]) if row[0] is not None else None

    # -- PINs -------------------------------------------------------------------------------

    def pin(self, evening_id: int) -> str:
        row = self.db.execute("SELECT pin FROM pins WHERE evening_id = ?", [evening_id]).fetchone()
        if row is None:  # an evening from before PINs: it gets one now
            pin = new_pin()
            self.set_pin(evening_id, pin)
            return pin
        stored: str = row[0]
        return stored

    def pin_key(self, evening_id: int) -> str | None:
        """The evening's PIN and when it was set, as one text (the key of its pen tokens: a new
        PIN, even the same digits again, revokes them); None for an evening without a PIN yet."""
        row = self.db.execute("SELECT pin, updated_at FROM pins WHERE evening_id = ?", [evening_id]).fetchone()
        return None if row is None else f"{row[0]}|{row[1]}"

    def pin_setter(self, evening_id: int) -> tuple[str | None, str | None]:
        """The phone that set the evening's current PIN (started the evening or typed a new
        one; None if the command line set it, or it was made before the phone was noted), and
        when (ISO time, UTC)."""
        row = self.db.execute("SELECT device, updated_at FROM pins WHERE evening_id = ?", [evening_id]).fetchone()
        return (None, None) if row is None else (row[0], row[1])

    def set_pin(self, evening_id: int, pin: str, device: str | None = None) -> None:
        """A new PIN (set by the phone `device`, if a phone set it); its time (to the
        microsecond, never the same as before) is part of the pen tokens' key, so setting even
        the same digits again revokes every token. The wrong PINs typed so far were against
        the PIN before: they go with it (the evening's and every address's), in the same write."""
        before = self.pin_key(evening_id)
        while True:
            stamp = datetime.now(UTC).isoformat(timespec="microseconds")
            if before is None or before != f"{pin}|{stamp}":
                break
        self.db.table("pins").upsert({"evening_id": evening_id, "pin": pin, "updated_at": stamp, "device": device},
                               pk="evening_id")
        self.db.execute("DELETE FROM pin_tries WHERE evening_id = ?", [evening_id])
        self.db.execute("DELETE FROM pin_address_tries WHERE evening_id = ?", [evening_id])

    def pin_tries(self, evening_id: int) -> dict[str, Any] | None:
        """The evening's wrong PINs against its current PIN (tokens left, when counted, how
        many, the last one's time), or None."""
        row = self.db.execute("SELECT tokens, at, wrong, last_wrong FROM pin_tries WHERE evening_id = ?",
                              [evening_id]).fetchone()
        return None if row is None else {"tokens": row[0], "at": row[1], "wrong": row[2], "last_wrong": row[3]}

    def save_pin_tries(self, evening_id: int, tokens: float, at: float, wrong: int, last_wrong: float | None) -> None:
        self.db.table("pin_tries").upsert({"evening_id": evening_id, "tokens": tokens, "at": at, "wrong": wrong,
                                     "last_wrong": last_wrong}, pk="evening_id")

    def pin_address_tries(self, evening_id: int, address: str) -> dict[str, Any] | None:
        """What `address` has left of its share of the evening's tries (tokens, when counted), or None."""
        row = self.db.execute("SELECT tokens, at FROM pin_address_tries WHERE evening_id = ? AND address = ?",
                              [evening_id, address]).fetchone()
        return None if row is None else {"tokens": row[0], "at": row[1]}

    def save_pin_address_tries(self, evening_id: int, address: str, tokens: float, at: float) -> None:
        self.db.table("pin_address_tries").upsert({"evening_id": evening_id, "address": address, "tokens": tokens,
                                                   "at": at}, pk=("evening_id", "address"))

    # -- house rules ---------------------------------------------------------------------------

    def house_rules(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT id, name, base, options, created_at, made_by FROM house_rules ORDER BY name_key")
        return [{"id": r[0], "name": r[1], "base": r[2], "options": loads(r[3]), "created_at": r[4], "made_by": r[5]}
                for r in rows]

    def house_rule(self, name: str) -> dict[str, Any] | None:
        return next((r for r in self.house_rules() if r["name"].casefold() == name.casefold()), None)

    def save_house_rules(self, name: str, base: str, options: Any, made_by: str | None = None) -> int:
        """A new variant (made by the phone `made_by`; None: the serving machine), or the one of
        that name replaced (it keeps the phone that made it)."""
        existing = self.house_rule(name)
        row = {"name": name, "name_key": name.casefold(), "base": base, "options": dumps(options), "created_at": now()}
        if existing:
            self.db.table("house_rules").update(existing["id"], row)
            return cast(int, existing["id"])
        return cast(int, self.db.table("house_rules").insert({**row, "made_by": made_by}).last_pk)

    def tournament_rulesets(self) -> list[str]:
        """The rule tables every tournament plays or played (a built-in id, a variant's id or name)."""
        return [r[0] for r in self.db.execute("SELECT DISTINCT ruleset FROM tournaments")]
