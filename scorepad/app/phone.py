"""The application layer as one phone of the table app uses it.

Every operation that changes something (or shows the PIN) is handed the phone's `Caller`,
read when the call is made, so the right to change is checked by the application layer at that
moment (app/access.py), whatever the screen showed when it was drawn. A screen cannot forget
to say who asks, and what is not listed here is not for phones at all (repairs, files on this
machine's disk). A tournament's organiser operations are asked as the phone too: they refuse
any phone but the serving machine's own browser (app/organiser.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from scorepad.app.caller import Caller
from scorepad.app.organiser import ORGANISER

# the operations a phone asks for as itself (the caller is passed on)
AS_CALLER = frozenset({
    "start_evening", "import_session", "finish_evening", "add_hand", "edit_hand", "delete_hand", "undo", "redo",
    "rename_player", "save_draft", "clear_draft", "save_house_rules", "import_house_rules_text", "change_rules",
    "pin", "check_pin", "set_pin", "reset_pin", "take_pen", "may_change",
    "pin_tries",  # how many the phone may still type: its address's share too
    "may_organise",  # whether this phone runs tournaments now (the start screen offers them)
}) | ORGANISER  # a tournament's (app/organiser.py): each refuses a phone that is not the serving machine
# what a phone reads (anyone at the table may watch)
READS = frozenset({
    "store", "pen_required", "subscribe", "evening", "list_evenings", "show", "history", "table_view", "changes_since",
    "players", "hands", "hand", "session", "export_session", "summary", "season", "table", "before_hand", "preview",
    "draft", "house_rules", "house_table", "house_variant", "export_house_rules", "rules_preview",
    "holds_pen", "pen_holders", "last_writer",
    "tournament_table", "table_place", "table_labels",  # which tournament table an evening is, and how far: the table's screen says so
    "ranking_board", "ranking_boards",  # a tournament's ranking, for the projector (no seed, no PIN)
    "field_tables",  # how a field would sit at the chosen rules' tables (the new-tournament screen; reads only rule tables)
})

class PhoneApp:
    """`App` for one phone: `caller()` says who the phone is at the moment of each call."""

    def __init__(self, app: Any, caller: Callable[[], Caller]):
        self._app = app
        self._caller = caller

    @property
    def caller(self) -> Caller:
        return self._caller()

    def __getattr__(self, name: str) -> Any:
        if name in AS_CALLER:
            method = getattr(self._app, name)

            @functools.wraps(method)
            def as_phone(*args: Any, **kwargs: Any) -> Any:
                kwargs["caller"] = self._caller()
                return method(*args, **kwargs)

            return as_phone
        if name in READS:
            return getattr(self._app, name)
        raise AttributeError(f"{name!r} is not for phones (scorepad.app.phone)")
