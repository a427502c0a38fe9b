"""The rows of the organiser's phones: the one-time code the serving machine shows (its hash,
at most one row), the wrong codes typed per address, and the phones allowed to run tournaments
(each by the hash of its token), read and written inside the caller's transaction."""

from __future__ import annotations

from typing import Any, cast

from sqlite_utils import Database

from scorepad.store.values import now


class OrganiserRows:
    """The organiser-phone readers and writers of `Store`, on its open `db`."""

    db: Database

    # -- the one-time code -------------------------------------------------------------------

    def replace_organiser_code(self, code_hash: str, made_at: float, expires_at: float) -> None:
        """A new code: the one before it (used, void or not) is gone."""
        self.db.execute("DELETE FROM organiser_codes")
        self.db.table("organiser_codes").insert({"code_hash": code_hash, "made_at": made_at,
                                                 "expires_at": expires_at, "wrong": 0, "used_at": None})

    def organiser_code(self) -> dict[str, Any] | None:
        """The code made last: id, code_hash, made_at, expires_at, wrong, used_at; None if none."""
        rows = list(self.db.query("SELECT id, code_hash, made_at, expires_at, wrong, used_at FROM organiser_codes "
                                  "ORDER BY id DESC LIMIT 1"))
        return rows[0] if rows else None

    def count_organiser_code_wrong(self, code_id: int) -> None:
        self.db.execute("UPDATE organiser_codes SET wrong = wrong + 1 WHERE id = ?", [code_id])

    def use_organiser_code(self, code_id: int, at: float) -> None:
        self.db.execute("UPDATE organiser_codes SET used_at = ? WHERE id = ?", [at, code_id])

    def organiser_tries(self, address: str) -> dict[str, Any] | None:
        """The wrong codes typed from `address`: tokens left, when counted; None if none."""
        row = self.db.execute("SELECT tokens, at FROM organiser_tries WHERE address = ?", [address]).fetchone()
        return None if row is None else {"tokens": row[0], "at": row[1]}

    def save_organiser_tries(self, address: str, tokens: float, at: float) -> None:
        self.db.table("organiser_tries").upsert({"address": address, "tokens": tokens, "at": at}, pk="address")

    # -- the phones --------------------------------------------------------------------------

    def add_organiser_phone(self, token_hash: str, label: str, granted_at: str | None = None) -> int:
        return cast(int, self.db.table("organiser_phones").insert(
            {"token_hash": token_hash, "label": label, "granted_at": granted_at or now(), "revoked_at": None}).last_pk)

    def organiser_phone(self, token_hash: str) -> dict[str, Any] | None:
        """The phone whose token has this hash, if it is not revoked: id, label, granted_at."""
        rows = list(self.db.query("SELECT id, label, granted_at FROM organiser_phones "
                                  "WHERE token_hash = ? AND revoked_at IS NULL", [token_hash]))
        return rows[0] if rows else None

    def organiser_phones(self) -> list[dict[str, Any]]:
        """The phones allowed now (not revoked), the first allowed first: id, label, granted_at."""
        return list(self.db.query("SELECT id, label, granted_at FROM organiser_phones WHERE revoked_at IS NULL "
                                  "ORDER BY id"))

    def organiser_mark(self) -> tuple[int, str | None]:
        """What a revoke moves (how many revoked, the last when): the store watch tells the
        organiser's screens when the command line revokes a phone."""
        row = self.db.execute("SELECT count(*), max(revoked_at) FROM organiser_phones "
                              "WHERE revoked_at IS NOT NULL").fetchone()
        return int(row[0]), row[1]

    def revoke_organiser_phone(self, phone_id: int | None = None) -> int:
        """Revoke one phone (None: every phone); how many were revoked."""
        where, args = ("AND id = ?", [phone_id]) if phone_id is not None else ("", [])
        cursor = self.db.execute(f"UPDATE organiser_phones SET revoked_at = ? WHERE revoked_at IS NULL {where}",
                                 [now(), *args])
        return int(cursor.rowcount)
