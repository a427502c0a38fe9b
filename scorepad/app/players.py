"""The players: who played, and renaming a person in every evening of theirs. A rename is
refused unless every evening scores exactly the same under the new name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.app.checks import check_name, rename_in
from scorepad.app.errors import PlayerNameError
from scorepad.app.guard import guarded
from scorepad.app.models import PlayerInfo
from scorepad.engine import replay
from scorepad.errors import HandError
from scorepad.store import NotFoundError
from scorepad.tables import RuleTable

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings


def renamed_checked(table: RuleTable, players: list[str], first_dealer: str | None, hands: list[Any],
                    mapping: dict[str, str]) -> list[Any]:
    """The hands with players renamed, refused unless the evening scores exactly the same."""
    before: Any = rename_in(replay(table, players, hands, first_dealer).as_dict(), mapping)
    new_hands = rename_in(hands, mapping)
    try:
        after: Any = replay(table, [mapping.get(p, p) for p in players], new_hands,
                            renamed_dealer(first_dealer, mapping)).as_dict()
    except HandError as exc:
        after = exc
    if after != before:
        pairs = ", ".join(f"{a!r} to {b!r}" for a, b in mapping.items())
        raise PlayerNameError("rename_changes_score", pairs=pairs)
    return list(new_hands)


def renamed_dealer(first_dealer: str | None, mapping: dict[str, str]) -> str | None:
    """The first dealer under `mapping` (None stays None)."""
    return None if first_dealer is None else mapping.get(first_dealer, first_dealer)


class Players:
    """The players of one store (through its evenings: a rename changes their hands)."""

    def __init__(self, evenings: Evenings):
        self.evenings = evenings
        self.store = evenings.store

    @guarded
    def players(self) -> list[PlayerInfo]:
        with self.store.read():
            return [PlayerInfo(**row) for row in self.store.players()]

    @guarded
    def evenings_of(self, name: str) -> list[int]:
        """The evenings the player `name` sits at (none for a name no one has)."""
        with self.store.read():
            row = self.store.player(name)
            return [] if row is None else self.store.evenings_of(row["id"])

    @guarded
    def rename_player(self, old: str, new: str) -> PlayerInfo:
        """A new name for a person: every evening of theirs keeps them, under the new name."""
        new = check_name(new)
        with self.store.write():
            row = self.store.player(old)
            if row is None:
                raise NotFoundError("no_player_named", name=old)
            other = self.store.player(new)
            if other is not None and other["id"] != row["id"]:
                raise PlayerNameError("player_exists", name=other["name"])
            evenings = self.store.evenings_of(row["id"]) if new != row["name"] else []
            for evening_id in evenings:
                self._rename_in_evening(evening_id, row["name"], new)
            self.store.rename_player(row["id"], new)
            info = next(PlayerInfo(**p) for p in self.store.players() if p["id"] == row["id"])
        for evening_id in evenings:
            self.evenings.kept.drop(evening_id)
            self.evenings.changed(evening_id)
        return info

    def _rename_in_evening(self, evening_id: int, old: str, new: str) -> None:
        ev = self.store.evening(evening_id)
        hands = self.store.hands(evening_id)
        try:
            renamed = renamed_checked(self.evenings.rule_table(ev), ev["players"], ev["first_dealer"], hands, {old: new})
        except HandError as err:
            raise PlayerNameError("rename_no_replay", name=old, evening=evening_id, reason=str(err)) from None
        for number, (before, after) in enumerate(zip(hands, renamed), 1):
            if before != after:
                self.store.replace_hand(evening_id, number, after)
        self.store.log_change(evening_id, ev["version"], "rename", None, {"name": old}, {"name": new})
