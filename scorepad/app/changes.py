"""A change to an evening's list of hands, and the way back through the change log.

One relation, named once: the change log speaks of what a person did to the evening (`add`,
`edit`, `delete` a hand: HAND_ACTIONS, and `undo`/`redo` of those); a HandOp is what that does
to the list of hands (`insert`, `replace`, `remove` one). An add inserts, an edit replaces, a
delete removes; undoing or redoing a logged change is again one HandOp (`reverse`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from scorepad.app.checks import rename_in
from scorepad.app.models import Reverted
from scorepad.store import Store, StoreError

HAND_ACTIONS = ("add", "edit", "delete")
UNDO_LOG = HAND_ACTIONS + ("undo", "redo", "rename", "repair")  # what undo and redo read of the change log


@dataclass(frozen=True)
class HandOp:
    """One change to an evening's list of hands: put a hand in, replace one, take one out."""

    kind: Literal["insert", "replace", "remove"]
    number: int
    hand: Any = None

    def apply(self, hands: list[Any]) -> list[Any]:
        i = self.number - 1
        if self.kind == "insert":
            return hands[:i] + [self.hand] + hands[i:]
        if self.kind == "replace":
            return hands[:i] + [self.hand] + hands[i + 1:]
        return hands[:i] + hands[i + 1:]

    def write(self, store: Store, evening_id: int) -> None:
        if self.kind == "insert":
            store.insert_hand(evening_id, self.number, self.hand)
        elif self.kind == "replace":
            store.replace_hand(evening_id, self.number, self.hand)
        else:
            store.remove_hand(evening_id, self.number)

    def number_before(self, after: int) -> int:
        """The number a hand had before this change, given its number after it."""
        if self.kind == "insert" and after > self.number:
            return after - 1
        if self.kind == "remove" and after >= self.number:
            return after + 1
        return after

    def is_own_hand(self, number: int) -> bool:
        """The refused hand is the one this change puts in (not a later one it affects)."""
        return self.kind != "remove" and number == self.number


@dataclass(frozen=True)
class Planned:
    """A hand change about to be made: the operation, the value it replaces, what it undoes."""

    op: HandOp
    old: Any = None
    undoes: int | None = None
    label: str = ""
    reverted: Reverted | None = None


def undo_stacks(evening_id: int, log: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The undo and redo stacks from the change log: hand changes, taken back and done again."""
    undo: list[dict[str, Any]] = []
    redo: list[dict[str, Any]] = []
    for c in log:
        if c["action"] == "repair":  # `scorepad check --repair` renumbered or moved hands: no way back
            undo.clear()
            redo.clear()
        elif c["action"] in HAND_ACTIONS:
            undo.append(c)
            redo.clear()
        elif c["action"] in ("undo", "redo"):
            source, target = (undo, redo) if c["action"] == "undo" else (redo, undo)
            if not source or source[-1]["id"] != c["undoes"]:
                raise StoreError("log_undo_mismatch", evening=evening_id, change=c["id"])
            target.append(source.pop())
    return undo, redo


def made_by(log: list[dict[str, Any]], change: dict[str, Any], action: str) -> str | None:
    """The phone that may undo `change` (the one that made it) or redo it (the one that undid it)."""
    if action == "undo":
        return change.get("device")
    undos = [c for c in log if c["action"] == "undo" and c["undoes"] == change["id"]]
    return undos[-1].get("device") if undos else None


def renames_since(log: list[dict[str, Any]], change_id: int) -> dict[str, str]:
    """Old name -> current name for every player renamed after the change `change_id`."""
    renames: dict[str, str] = {}
    for c in log:
        if c["action"] == "rename" and c["id"] > change_id:
            old, new = c["old"]["name"], c["new"]["name"]
            renames = {k: new if v == old else v for k, v in renames.items()}
            renames[old] = new
    return renames


def reverse(change: dict[str, Any], action: str, renames: dict[str, str]) -> HandOp:
    """The hand change that undoes (or redoes) a logged add, edit or delete."""
    kind, number = change["action"], change["number"]
    old, new = rename_in(change["old"], renames), rename_in(change["new"], renames)
    if action == "undo":
        return {"add": HandOp("remove", number), "edit": HandOp("replace", number, old),
                "delete": HandOp("insert", number, old)}[kind]
    return {"add": HandOp("insert", number, new), "edit": HandOp("replace", number, new),
            "delete": HandOp("remove", number)}[kind]
