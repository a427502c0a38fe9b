"""What every screen gets (`Nav`): the app layer as this phone, where the phone is (`Route`), how
to move, to refresh and to say what happened, the pen it holds, and taking its own changes back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scorepad.app.phone import PhoneApp
from scorepad.describe import describe_hand
from scorepad.errors import ScorepadError
from scorepad.ui import notices
from scorepad.ui.failsafe import report
from scorepad.ui.flet_private import context_page
from scorepad.ui.notices import LINE_SCREENS, Notice, redone_text, undone_text
from scorepad.ui.peer import is_local
from scorepad.ui.pen import store_organiser, store_pens


@dataclass(frozen=True)
class Route:
    """Where the phone is: a screen name and, where it needs one, the evening and hand (or the
    tournament: its ranking screen, the organiser's screens; `pin`: the table's PIN the organiser
    typed to correct one of its hands)."""

    screen: str = "start"
    evening: int | None = None
    number: int | None = None
    tournament: int | None = None
    pin: str | None = None


def run_on(page: Any, job: Callable[[], Any], seconds: float = 0) -> None:
    """Run the coroutine function `job` as `page`'s (this phone's connection), after `seconds`;
    from any thread (another phone's change). Not page.run_task: it would also bind the
    caller's context to this page. Nothing happens once the phone's connection is gone. A job
    that raises is reported as a handler's is (ui/failsafe.py)."""
    if page is None:
        return
    try:
        connection = page.session.connection
        loop = connection.loop if connection is not None else None
    except RuntimeError:  # this phone's session or connection is gone
        return
    if loop is None or loop.is_closed():  # the phone is away (it renders anew when it comes back)
        return

    async def later() -> None:
        if seconds:
            await asyncio.sleep(seconds)
        context_page.set(page)
        try:
            await job()
        except Exception:  # (as a handler's: one German line, the trace logged, the app goes on)
            report(page)

    asyncio.run_coroutine_threadsafe(later(), loop)


def close_bar(bar: ft.SnackBar | None) -> None:
    """Take a floating message away, if it is still on screen: a new one says what just happened
    (Flutter would queue it behind every earlier one, six seconds each, after a row of downloads)."""
    if bar is None or not bar.open:
        return
    bar.open = False
    try:
        bar.update()
    except RuntimeError:  # dismissed meanwhile: no longer on the page
        pass


@dataclass
class Nav:
    """What every screen gets: the app layer (as this phone: every change it asks for is
    checked there, scorepad.app.phone), where we are, how to move and to refresh, and which
    evenings this phone may change."""

    app: PhoneApp
    route: Route
    go: Callable[[Route], None]
    refresh: Callable[[], None]
    page: ft.Page | None = None
    require_pin: bool = False
    pens: dict[int, str] = field(default_factory=dict)  # evening -> this phone's pen token (kept on the phone)
    notice: Notice | None = None
    show: Callable[[Any], None] | None = None
    device: str = ""  # this phone (see ui/device.py): its drafts and its changes
    set_organiser: Callable[[str], None] | None = None  # sets the organiser token this phone's calls carry
    last_evening: int | None = None  # the evening this phone showed last (kept in its storage): "Weiterspielen"
    bar: Any = None  # a ref (ft.use_ref) to this phone's floating message on screen: the next one replaces it

    def to(self, screen: str, evening: int | None = None, number: int | None = None) -> Callable[[], None]:
        return lambda: self.go(Route(screen, evening, number))

    def can_edit(self, evening_id: int | None) -> bool:
        """What the screens offer: without a PIN requirement (the app on this machine only)
        everyone may change; otherwise only a phone that holds the pen: it started the evening
        or entered its PIN, and the PIN has not changed since (the token it keeps survives
        reloads and restarts). The app layer checks again at every change."""
        return evening_id is not None and self.app.may_change(evening_id)

    def take_pen(self, evening_id: int, pin: str | None = None) -> bool:
        """This phone takes the pen (with the PIN; None: it started the evening or set the
        PIN) and keeps its token in the phone's storage. False: the PIN was wrong (PinError
        when the evening takes no more tries for now)."""
        token = self.app.take_pen(evening_id, pin=pin)
        if token is None:
            return False
        self.keep_pen(evening_id, token)
        return True

    def keep_pen(self, evening_id: int, token: str) -> None:
        """Keep a pen token in this phone's storage (across reloads, closed tabs, restarts)."""
        self.pens[evening_id] = token
        kept = dict(self.pens)
        self.soon(lambda: store_pens(kept))

    def keep_organiser(self, token: str) -> None:
        """Keep the organiser token the serving machine allowed ("" forgets it): every later call
        of this phone carries it, and it is kept in the phone's storage."""
        if self.set_organiser is not None:
            self.set_organiser(token)
        self.soon(lambda: store_organiser(token))

    @property
    def local(self) -> bool:
        """Whether this browser runs on the machine that serves scorepad (its socket comes from
        127.0.0.1, as the server saw it: ui/peer.py): it may always see and reset an evening's
        PIN (a lost PIN is recovered there)."""
        return is_local(self.page)

    def soon(self, job: Callable[[], Any], seconds: float = 0) -> None:
        """Run the coroutine function `job` on this phone's connection, after `seconds`."""
        run_on(self.page, job, seconds)

    def refresh_in(self, seconds: float) -> None:
        """Render again after `seconds` (a highlight that fades, a countdown)."""
        refresh = self.refresh

        async def again() -> None:
            refresh()

        self.soon(again, seconds)

    def attempt(self, change: Callable[[], Any], done: str | None = None) -> bool:
        """Run one change of the app layer: say `done` (or why it was refused), render again."""
        try:
            change()
        except ScorepadError as exc:
            self.notify(exc.german)
            self.refresh()
            return False
        if done:
            self.notify(done)
        self.refresh()
        return True

    def notify(self, text: str, action: str | None = None, on_action: Callable[[], Any] | None = None) -> None:
        """A short message: a line above the bottom bar on the table and the hand form, which
        goes away by itself; elsewhere a SnackBar floating clear of a bottom bar."""
        if self.show is not None and self.route.screen in LINE_SCREENS:
            self.say(Notice(text, action, on_action))
            return
        if self.page is None:
            return
        bar = ft.SnackBar(ft.Text(text, size=16), action=action, on_action=on_action,
                          duration=ft.Duration(seconds=notices.NOTICE_SECONDS), show_close_icon=action is None, persist=False,
                          behavior=ft.SnackBarBehavior.FLOATING, margin=ft.Margin.only(left=12, right=12, bottom=90))
        if self.bar is not None:
            close_bar(self.bar.current)
            self.bar.current = bar
        self.page.show_dialog(bar)

    def say(self, notice: Notice | None) -> None:
        """Show `notice` in the line (None: empty it); it empties itself after NOTICE_SECONDS."""
        if self.show is None:
            return
        self.show(notice)
        if notice is None:
            return
        show = self.show

        async def fade() -> None:
            show(lambda current: None if current is notice else current)

        self.soon(fade, notices.NOTICE_SECONDS)

    # -- this phone's own changes, and taking them back -------------------------------------------
    # The app layer decides what "this phone's last change" is: the change log names the phone
    # (device) that made each change, and an undo from a phone takes back only its own.

    def hand_words(self, evening_id: int, number: int | None, hand: Any) -> str:
        """"Spiel 5 (Sauspiel Vroni + Kathi · gewonnen)": the hand an undo or redo was about."""
        if number is None:
            return ""
        try:
            return f"Spiel {number} ({describe_hand(self.app.table(evening_id), hand, None)})"
        except (ScorepadError, KeyError, TypeError, AttributeError):
            return f"Spiel {number}"

    def undo(self, evening_id: int) -> None:
        """Undo this phone's last change, say what was undone, offer to restore it."""
        self._take_back(evening_id, redo=False)

    def restore(self, evening_id: int) -> None:
        """Do again what this phone just undid (refused if another phone undid it)."""
        self._take_back(evening_id, redo=True)

    def _take_back(self, evening_id: int, redo: bool) -> None:
        try:
            result = (self.app.redo if redo else self.app.undo)(evening_id, device=self.device)
        except ScorepadError as exc:
            self.notify(exc.german)
            self.refresh()
            return
        reverted = result.reverted
        words = self.hand_words(evening_id, reverted.number, reverted.hand)
        if redo:
            self.notify(redone_text(words, reverted), "Rückgängig", lambda: self.undo(evening_id))
        else:
            self.notify(undone_text(words, reverted), "Wiederherstellen", lambda: self.restore(evening_id))
        self.refresh()

    def confirm(self, evening_id: int, text: str) -> None:
        """After this phone's own add, edit or delete: go to the table and say so there, with
        Rückgängig (the app layer knows which change was this phone's)."""
        self.go(Route("table", evening_id))
        self.route = Route("table", evening_id)
        self.notify(text, "Rückgängig", lambda: self.undo(evening_id))
