"""What keeps a phone's app running when something in it fails: one German line on the phone,
the trace in the server's log, and the app goes on.

Flet (1.0.5) ends a phone's app when a handler or an effect raises: the session's `error`
(flet/messaging/session.py: `dispatch_event` catches a handler's exception, the updates
scheduler an effect's) sends SESSION_CRASHED, and the browser replaces the whole app by an
English page ("Error running app ..."); a screen whose drawing raises stops the session's
updates for good. `keep_running` hooks both paths of each phone's session, once, when its page
is set up (ui/main.py); the jobs scorepad runs on a phone's connection itself (ui/nav.py
`run_on`) report there too. No handler needs a try of its own:
a refusal the app layer words (ScorepadError) is said where it is expected; this is for what
nobody expected."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

import flet as ft

LINE = "Das hat nicht geklappt: bitte noch einmal versuchen."
log = logging.getLogger("scorepad.ui")

class _Keeper:
    """A phone session's error path: says LINE the way the phone's screen says things. Kept by
    the session itself (its `error`), so it goes with the session: a table of pages would keep
    every page alive through the `say` it holds (a WeakKeyDictionary's value that refers to its
    key never lets it go: the flood test's memory grew with every session)."""

    def __init__(self, page: Any):
        self.page = page
        self.say: Callable[[str], Any] | None = None

    def __call__(self, message: str) -> None:
        report(self.page, message)


def keep_running(page: ft.Page) -> None:
    """From now on a handler or effect of `page` that raises shows LINE on the phone and logs
    its trace, instead of Flet's crash page (the session's `error`, replaced for this session);
    so does a screen whose drawing raises, which would stop the session's updates for good
    (Flet's updates scheduler ends at the first control whose `update` raises: the phone
    would show what it showed, and answer no tap again)."""
    session = page.session
    schedule = session.schedule_update

    def schedule_update(control: Any) -> None:
        schedule(_Guarded(control, page))  # type: ignore[arg-type]  # (it updates as the control does)

    session.error = _Keeper(page)  # type: ignore[method-assign]  # (this session only)
    session.schedule_update = schedule_update  # type: ignore[method-assign]


class _Guarded:
    """A control queued for its update, whose drawing, should it raise, is reported (LINE in a
    SnackBar: the screen's own line would draw the failing screen again) and the queue goes on.
    The same control queued twice is one update, as before."""

    __slots__ = ("control", "page")

    def __init__(self, control: Any, page: Any):
        self.control, self.page = control, page

    def __hash__(self) -> int:
        return id(self.control)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Guarded) and other.control is self.control

    def update(self) -> None:
        try:
            self.control.update()
        except Exception:
            report(self.page, on_screen=False)


def _keeper(page: Any) -> _Keeper | None:
    try:
        keeper = page.session.error
    except Exception:  # no session (any more)
        return None
    return keeper if isinstance(keeper, _Keeper) else None


def say_with(page: Any, say: Callable[[str], Any]) -> None:
    """How `page` says a line to its phone (the screen's own: ui/main.py's Root sets it)."""
    keeper = _keeper(page)
    if keeper is not None:
        keeper.say = say


def report(page: Any, message: str = "", on_screen: bool = True) -> None:
    """Something failed on `page` (Flet's message: the error and its trace; or the exception
    being handled): logged with its trace, and LINE said on the phone, the way its screen says
    things (`on_screen`) or in a SnackBar. Never raises."""
    trace = sys.exc_info()
    log.error("a phone's app went on after an error: %s", message.strip() or "see the trace",
              exc_info=trace if trace[0] is not None and not message else None)
    try:
        keeper = _keeper(page) if on_screen else None
        say = keeper.say if keeper is not None else None
        if say is not None:
            say(LINE)
        else:  # (before the first screen, or the screen itself failed)
            page.show_dialog(ft.SnackBar(ft.Text(LINE, size=16), show_close_icon=True, persist=False,
                                         behavior=ft.SnackBarBehavior.FLOATING,
                                         margin=ft.Margin.only(left=12, right=12, bottom=90)))
    except Exception:  # the phone is gone, or its page cannot say it: the log has it
        log.exception("the line about the error could not be shown")
