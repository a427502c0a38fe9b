"""The table app: one Flet page per phone, one application layer (scorepad.app.App) behind it.

Screens render what the app layer returns and call it for every change; no rule lives here.
Every phone on the server sees every change at once: the app layer tells each open page,
which renders again. Who may change an evening: see ui/access.py.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft
from flet.controls.context import _context_page

from scorepad.app import App, ChangeResult, StaleVersionError
from scorepad.describe import describe_hand
from scorepad.errors import ScorepadError
from scorepad.ui.access import PinGuard
from scorepad.ui.widgets import tag

NOTICE_SECONDS = 6  # how long a confirmation line stays
UNDO_NOTHING = "Von diesem Handy gibt es nichts rückgängig zu machen."
UNDO_NOT_OWN = ("Nicht rückgängig gemacht: inzwischen hat ein anderes Handy etwas eingetragen. "
                "Rückgängig geht nur für die letzte eigene Änderung.")


@dataclass(frozen=True)
class Route:
    """Where the phone is: a screen name and, where it needs one, the evening and hand."""

    screen: str = "start"
    evening: int | None = None
    number: int | None = None


@dataclass(frozen=True)
class Notice:
    """One line above the bottom bar: what just happened, maybe a button to take it back.
    Part of the layout (never over the big button); it goes after NOTICE_SECONDS."""

    text: str
    action: str | None = None
    on_action: Callable | None = None


@dataclass(frozen=True)
class OwnChange:
    """This phone's last change of an evening: the evening's version right after it, and what
    it was (add, edit or delete of hand `number`), so that an undo takes back only that."""

    version: int
    kind: str
    number: int | None


class NotOwnChange(ScorepadError):
    """An undo from a phone that has no change of its own to take back (anymore)."""


@dataclass
class Nav:
    """What every screen gets: the app layer, where we are, how to move and to refresh, and
    which evenings this phone may change."""

    app: App
    route: Route
    go: Callable[[Route], None]
    refresh: Callable[[], None]
    page: ft.Page | None = None
    require_pin: bool = False
    unlocked: set[int] = field(default_factory=set)
    guard: PinGuard | None = None
    notice: Notice | None = None
    show: Callable[[Any], None] | None = None
    own: dict[int, OwnChange] = field(default_factory=dict)

    def to(self, screen: str, evening: int | None = None, number: int | None = None) -> Callable[[], None]:
        return lambda: self.go(Route(screen, evening, number))

    def can_edit(self, evening_id: int | None) -> bool:
        """Without a PIN requirement (the app on this machine only) everyone may; otherwise
        only a phone that started the evening or entered its PIN."""
        return not self.require_pin or evening_id in self.unlocked

    @property
    def client(self) -> str:
        page = self.page
        return (getattr(page, "client_ip", None) or "") or (page.session.id if page is not None else "")

    def attempt(self, change: Callable[[], Any], done: str | None = None) -> bool:
        """Run one change of the app layer: say `done` (or why it was refused), render again."""
        try:
            change()
        except ScorepadError as exc:
            self.notify(str(exc))
            self.refresh()
            return False
        if done:
            self.notify(done)
        self.refresh()
        return True

    def notify(self, text: str, action: str | None = None, on_action: Callable | None = None) -> None:
        """A short message: a line above the bottom bar on the table and the hand form, which
        goes away by itself; elsewhere a SnackBar floating clear of a bottom bar."""
        if self.show is not None and self.route.screen in LINE_SCREENS:
            self.say(Notice(text, action, on_action))
            return
        if self.page is None:
            return
        bar = ft.SnackBar(ft.Text(text, size=16), action=action, on_action=on_action,
                          duration=ft.Duration(seconds=NOTICE_SECONDS), show_close_icon=action is None, persist=False,
                          behavior=ft.SnackBarBehavior.FLOATING, margin=ft.Margin.only(left=12, right=12, bottom=90))
        self.page.show_dialog(bar)

    def say(self, notice: Notice | None) -> None:
        """Show `notice` in the line (None: empty it); it empties itself after NOTICE_SECONDS."""
        if self.show is None:
            return
        self.show(notice)
        page = self.page
        if notice is None or page is None:
            return
        try:
            loop = page.session.connection.loop
        except RuntimeError:
            return
        show = self.show

        async def fade() -> None:
            await asyncio.sleep(NOTICE_SECONDS)
            _context_page.set(page)
            show(lambda current: None if current is notice else current)

        asyncio.run_coroutine_threadsafe(fade(), loop)

    # -- this phone's own changes, and taking them back -------------------------------------------
    # The only place that decides what "this phone's last change" is: today the evening's
    # version right after it (kept per phone); a device id in the change log can replace it here.

    def changed(self, evening_id: int, result: ChangeResult, kind: str | None = None) -> None:
        """Remember `result` as this phone's last change of the evening."""
        self.own[evening_id] = OwnChange(result.version, kind or result.action, result.number)

    def undo_own(self, evening_id: int) -> tuple[ChangeResult, OwnChange, str]:
        """Take back this phone's last change, and only it: refused (NotOwnChange) if this phone
        made none or any other change came after it. Returns the result, what was undone and
        the hand it was about (described before the undo for a hand taken out)."""
        mine = self.own.get(evening_id)
        if mine is None:
            raise NotOwnChange(UNDO_NOTHING)
        before = self.hand_words(evening_id, mine.number) if mine.kind == "add" else ""
        try:
            result = self.app.undo(evening_id, expected_version=mine.version)
        except StaleVersionError:
            raise NotOwnChange(UNDO_NOT_OWN) from None
        del self.own[evening_id]
        return result, mine, before or self.hand_words(evening_id, mine.number)

    def hand_words(self, evening_id: int, number: int | None) -> str:
        """"Spiel 5 (Sauspiel Vroni + Kathi · gewonnen)", as the evening has it now."""
        if number is None:
            return ""
        try:
            hands = self.app.session(evening_id)["hands"]
            results = self.app.show(evening_id).hands
            what = describe_hand(self.app.table(evening_id), hands[number - 1], results[number - 1])
        except (ScorepadError, IndexError):
            return f"Spiel {number}"
        return f"Spiel {number} ({what})"

    def undo(self, evening_id: int) -> None:
        """Undo this phone's last change, say what was undone, offer to restore it."""
        try:
            result, mine, words = self.undo_own(evening_id)
        except ScorepadError as exc:
            self.notify(str(exc))
            self.refresh()
            return
        text = {"add": f"{words} rückgängig gemacht",
                "edit": f"Änderung rückgängig gemacht: wieder {words}",
                "delete": f"Löschen rückgängig gemacht: {words} ist wieder da"}.get(mine.kind, "Rückgängig gemacht")
        self.notify(text, "Wiederherstellen", lambda: self.restore(evening_id, result.version, mine))
        self.refresh()

    def restore(self, evening_id: int, version: int, mine: OwnChange) -> None:
        """Do again what this phone just undid, if nothing changed since."""
        try:
            result = self.app.redo(evening_id, expected_version=version)
        except StaleVersionError:
            self.notify("Nicht wiederhergestellt: inzwischen hat ein anderes Handy etwas eingetragen.")
            self.refresh()
            return
        except ScorepadError as exc:
            self.notify(str(exc))
            self.refresh()
            return
        self.changed(evening_id, result, mine.kind)
        words = self.hand_words(evening_id, mine.number)
        text = {"add": f"{words} wiederhergestellt", "edit": f"Änderung an {words} wiederhergestellt",
                "delete": f"Spiel {mine.number} wieder gelöscht"}.get(mine.kind, "Wiederhergestellt")
        self.notify(text, "Rückgängig", lambda: self.undo(evening_id))
        self.refresh()

    def confirm(self, evening_id: int, result: ChangeResult, text: str) -> None:
        """After this phone's own add, edit or delete: remember it, go to the table and say so
        there, with Rückgängig."""
        self.changed(evening_id, result)
        self.go(Route("table", evening_id))
        self.route = Route("table", evening_id)
        self.notify(text, "Rückgängig", lambda: self.undo(evening_id))


LINE_SCREENS = ("table", "hand")  # the screens with the notice line above their bottom bar


def notice_line(nav: Nav) -> ft.Control | None:
    """The notice as a line of the layout (keys: notice, notice-action), or None."""
    notice = nav.notice
    if notice is None:
        return None
    parts: list[ft.Control] = [tag(ft.Text(notice.text, size=15, weight=ft.FontWeight.W_600, expand=True,
                                           color=ft.Colors.ON_SECONDARY_CONTAINER, key="notice"))]
    if notice.action:
        parts.append(tag(ft.TextButton(content=ft.Text(notice.action, size=16, weight=ft.FontWeight.BOLD), on_click=lambda: notice.on_action(), height=44,
                                       key="notice-action")))
    return ft.Container(ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12,
                        padding=ft.Padding.only(left=14, right=6, top=4, bottom=4))


@ft.component
def Root(app: App, page: ft.Page, start: Route, require_pin: bool, guard: PinGuard) -> ft.Control:
    route, set_route = ft.use_state(start)
    tick, set_tick = ft.use_state(0)
    notice, set_notice = ft.use_state(None)
    own = ft.use_ref(None)
    if own.current is None:
        own.current = {}
    unlocked = ft.use_ref(None)
    if unlocked.current is None:
        unlocked.current = set()
    here = ft.use_ref(None)
    here.current = route  # what the phone shows now, for the change listener below

    def bump():
        set_tick(lambda t: t + 1)

    def follow_changes():
        """Render again whenever any phone (or this one) changes an evening. The change may
        come from another phone's session: the update must run as this phone's page."""

        async def refresh() -> None:
            _context_page.set(page)
            bump()

        def on_change(evening_id: int) -> None:
            shown = here.current
            if shown is not None and shown.screen != "start" and shown.evening != evening_id:
                return  # another table's change: nothing on this phone changes
            # not page.run_task: it would also bind the caller's context to this page
            try:
                loop = page.session.connection.loop
            except RuntimeError:  # this phone's connection is gone
                return
            if loop.is_closed():
                return
            asyncio.run_coroutine_threadsafe(refresh(), loop)

        return app.subscribe(on_change)

    ft.use_effect(follow_changes, [])
    def go(to: Route) -> None:
        set_route(to)
        set_notice(None)  # a line is about the screen it was said on

    nav = Nav(app=app, route=route, go=go, refresh=bump, page=page, require_pin=require_pin,
              unlocked=unlocked.current, guard=guard, notice=notice, show=set_notice, own=own.current)
    from scorepad.ui.screens import hand, history, new_evening, pin, rules, settle, start as start_screen, table

    screens: dict[str, Any] = {
        "start": start_screen.StartScreen,
        "new": new_evening.NewEveningScreen,
        "table": table.TableScreen,
        "hand": hand.HandScreen,
        "settle": settle.SettleScreen,
        "history": history.HistoryScreen,
        "pin": pin.PinScreen,
        "pin-show": pin.PinShowScreen,
        "rules": rules.RulesScreen,
        "house": rules.HouseRulesScreen,
    }
    if route.screen == "hand" and not nav.can_edit(route.evening):
        return table.TableScreen(nav, tick)  # no PIN, no form: back to watching
    return screens.get(route.screen, start_screen.StartScreen)(nav, tick)


def make_main(db_path: str | None = None, require_pin: bool = False) -> Callable[[ft.Page], None]:
    """The Flet entry point for one store: each phone (session) gets the same app layer.
    With `require_pin`, changing an evening needs its PIN (always so on a shared network)."""
    app = App.open(db_path)
    guard = PinGuard()

    def main(page: ft.Page) -> None:
        page.title = "scorepad"
        page.padding = 0
        page.spacing = 0
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        page.render(Root, app, page, Route("start"), require_pin, guard)

    main.app = app  # type: ignore[attr-defined]
    main.guard = guard  # type: ignore[attr-defined]
    return main
