"""Read models for the screens: everything one screen shows, read at one version in one go,
served from the kept evening (no replay while the version stands, no second read of the hands,
never the session file)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorepad.app.guard import unlocked
from scorepad.app.live import Live
from scorepad.app.models import EveningInfo
from scorepad.engine import Replay
from scorepad.tables import RuleTable

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings


@dataclass(frozen=True)
class TableView:
    """What the table screen shows: the evening's facts, its rule table, the hands as entered and
    as scored (standings, what comes next), and this phone's draft of the next hand.

    A dataclass, not a pydantic model: it carries the engine's own objects to a screen in the same
    process and is never stored or sent; copying them on every render would cost what it saves."""

    info: EveningInfo
    table: RuleTable
    hands: list[Any]  # as entered, hand 1 first
    replay: Replay  # every hand's result, the standings, the state (dealer, Rad, Bock, ...)
    draft: Any  # this phone's taps of the next hand, if any


class Views:
    """The screens' read models."""

    ATTEMPTS = 5  # another process writing between the kept evening and the facts: read again

    def __init__(self, evenings: Evenings):
        self.evenings = evenings
        self.store = evenings.store

    @unlocked
    def table_view(self, evening_id: int, device: str = "") -> TableView:
        """The kept evening and the facts read at the same version (a replay, if any, runs
        outside the store's lock, like every other read a phone makes)."""
        for attempt in range(self.ATTEMPTS):
            live = self.evenings.live_now(evening_id)
            view = self._at(evening_id, device, live, last=attempt == self.ATTEMPTS - 1)
            if view is not None:
                return view
        raise AssertionError("unreachable: the last attempt always returns")  # pragma: no cover

    def _at(self, evening_id: int, device: str, live: Live, last: bool) -> TableView | None:
        with self.store.read():
            row = self.store.evening(evening_id)
            if row["version"] != live.version and not last:
                return None
            with self.evenings.kept.evening_lock(evening_id):
                replay, hands = live.as_replay(), list(live.entered)
            return TableView(info=self.evenings.info(evening_id, row), table=self.evenings.rule_table(row),
                             hands=hands, replay=replay, draft=self.store.draft(evening_id, device))
