"""The table app: one Flet page per phone, one application layer (scorepad.app.App) behind it.

Screens render what the app layer returns and call it for every change; no rule lives here.
Every phone on the server sees every change at once: the app layer tells each open page,
which renders again. Who may change an evening: the app layer decides at every change
(scorepad/app/access.py; each screen calls it as this phone, scorepad/app/phone.py).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scorepad.app import App, Caller, Reverted
from scorepad.app.phone import PhoneApp
from scorepad.describe import describe_hand
from scorepad.errors import ScorepadError
from scorepad.ui.flet_private import context_page
from scorepad.ui.peer import is_local
from scorepad.ui.widgets import tag

NOTICE_SECONDS = 6  # how long a confirmation line stays


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


def run_on(page: Any, job: Callable[[], Any], seconds: float = 0) -> None:
    """Run the coroutine function `job` as `page`'s (this phone's connection), after `seconds`;
    from any thread (another phone's change). Not page.run_task: it would also bind the
    caller's context to this page. Nothing happens once the phone's connection is gone."""
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
        await job()

    asyncio.run_coroutine_threadsafe(later(), loop)


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
    device: str = ""  # this phone (see phone_device): its drafts and its changes

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
        kept = json.dumps({str(e): t for e, t in self.pens.items()})

        async def keep() -> None:
            try:
                await asyncio.wait_for(ft.SharedPreferences().set(PEN_KEY, kept), DEVICE_WAIT_S)
            except (TimeoutError, RuntimeError):
                pass  # the pen lasts as long as this tab's connection

        self.soon(keep)

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
        if notice is None:
            return
        show = self.show

        async def fade() -> None:
            show(lambda current: None if current is notice else current)

        self.soon(fade, NOTICE_SECONDS)

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


def undone_text(words: str, reverted: Reverted) -> str:
    """What an undo says it took back."""
    return {"add": f"{words} rückgängig gemacht",
            "edit": f"Änderung rückgängig gemacht: wieder {words}",
            "delete": f"Löschen rückgängig gemacht: {words} ist wieder da"}.get(reverted.action, "Rückgängig gemacht")


def redone_text(words: str, reverted: Reverted) -> str:
    """What Wiederherstellen says it did again."""
    return {"add": f"{words} wiederhergestellt", "edit": f"Änderung an {words} wiederhergestellt",
            "delete": f"{words} wieder gelöscht"}.get(reverted.action, "Wiederhergestellt")


LINE_SCREENS = ("table", "hand", "pin", "pin-show")  # the screens with the notice line above their bottom bar


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
def Root(app: App, page: ft.Page, start: Route, require_pin: bool, device: str = "",
         pens: dict[int, str] | None = None) -> ft.Control:
    route, set_route = ft.use_state(start)
    tick, set_tick = ft.use_state(0)
    notice, set_notice = ft.use_state(None)
    kept = ft.use_ref(None)
    if kept.current is None:
        kept.current = dict(pens or {})
    here = ft.use_ref(None)
    here.current = route  # what the phone shows now, for the change listener below

    def bump():
        set_tick(lambda t: t + 1)

    def follow_changes():
        """Render again whenever any phone (or this one) changes an evening. The change may
        come from another phone's session: the update must run as this phone's page. A phone
        that comes back after a while away (its connection lost, its session kept: see
        ui/transport.py) renders anew, as it missed what changed meanwhile; when its session
        ends, the listener goes (the page's close and connect events, each chained to a
        handler set before)."""

        async def refresh() -> None:
            bump()

        def on_change(evening_id: int) -> None:
            shown = here.current
            if shown is not None and shown.screen != "start" and shown.evening != evening_id:
                return  # another table's change: nothing on this phone changes
            run_on(page, refresh)

        unsubscribe = app.subscribe(on_change)

        def first(action: Callable[[], Any], earlier: Any) -> Callable[[Any], Any]:
            async def handler(e: Any) -> None:
                action()
                if earlier is not None:
                    result = earlier(e)
                    if asyncio.iscoroutine(result):
                        await result
            return handler

        page.on_close = first(unsubscribe, page.on_close)
        page.on_connect = first(bump, page.on_connect)
        return unsubscribe

    ft.use_effect(follow_changes, [])
    def go(to: Route) -> None:
        set_route(to)
        set_notice(None)  # a line is about the screen it was said on

    held = kept.current

    def caller() -> Caller:
        """This phone as the app layer sees it, at the moment of each call."""
        return Caller(device=device, pens=dict(held), local=is_local(page))

    nav = Nav(app=PhoneApp(app, caller), route=route, go=go, refresh=bump, page=page, require_pin=require_pin,
              pens=held, notice=notice, show=set_notice, device=device)
    on_form = ft.use_ref(None)  # the form this phone opened while it held the pen
    if route.screen == "hand":
        if nav.can_edit(route.evening):
            on_form.current = route
        elif on_form.current != route:
            return read_only_banner(app, screen_of("table")(nav, tick))  # no PIN, no form: back to watching
        # else: the pen was taken while the form was open: its taps stay, a save is refused in words
    else:
        on_form.current = None
    return read_only_banner(app, screen_of(route.screen)(nav, tick))


# each route's screen: (module of scorepad.ui.screens, component). A module is imported when its
# screen is first shown, or soon after the first screen (import_screens): in the browser, Python
# importing every screen (and the controls they use) would hold up the first one
SCREENS: dict[str, tuple[str, str]] = {
    "start": ("start", "StartScreen"),
    "new": ("new_evening", "NewEveningScreen"),
    "table": ("table", "TableScreen"),
    "hand": ("hand", "HandScreen"),
    "settle": ("settle", "SettleScreen"),
    "history": ("history", "HistoryScreen"),
    "pin": ("pin", "PinScreen"),
    "pin-show": ("pin", "PinShowScreen"),
    "hand-view": ("table", "HandViewScreen"),
    "rules": ("rules", "RulesScreen"),
    "house": ("rules", "HouseRulesScreen"),
}
SCREENS_AFTER_S = 1.0  # after the first screen: the others are imported before they are asked for


def screen_of(name: str) -> Any:
    """The screen component of a route (the start screen for a route it does not know)."""
    module, component = SCREENS.get(name, SCREENS["start"])
    return getattr(importlib.import_module(f"scorepad.ui.screens.{module}"), component)


async def import_screens() -> None:
    """Every screen's module, one at a time (another phone's change is shown in between)."""
    for module, _ in SCREENS.values():
        importlib.import_module(f"scorepad.ui.screens.{module}")
        await asyncio.sleep(0)


def read_only_banner(app: App, screen: ft.Control) -> ft.Control:
    """A file that cannot be written (full disk, no permission) opens read-only: the app says
    so above every screen, and why; every change is refused with the same words."""
    problem = app.store.read_only
    if problem is None:
        return screen
    banner = ft.Container(content=ft.Text(f"Nur anschauen: {problem.german}", size=14, key="read-only"),
                          bgcolor=ft.Colors.AMBER_100, padding=8)
    return ft.Column([banner, screen], expand=True, spacing=0)


DEVICE_KEY = "scorepad.device"
PEN_KEY = "scorepad.pen"  # {evening id: pen token}, JSON, in the phone's storage
DEVICE_WAIT_S = 5.0


async def phone_pens(page: ft.Page) -> dict[int, str]:
    """The pen tokens this phone kept (checked by the app layer whenever it matters)."""
    try:
        kept = await asyncio.wait_for(ft.SharedPreferences().get(PEN_KEY), DEVICE_WAIT_S)
        data = json.loads(kept) if isinstance(kept, str) else {}
        return {int(e): t for e, t in data.items() if isinstance(t, str)} if isinstance(data, dict) else {}
    except (TimeoutError, RuntimeError, ValueError):
        return {}


async def phone_device(page: ft.Page) -> str:
    """This phone's id: random, kept in the browser's storage, so the hand it is entering and
    the changes it made stay its own across reloads, closed tabs and server restarts. Where
    the storage does not answer, the id lasts as long as this tab's connection (Flet's
    page.session; the word session alone means the session file)."""
    prefs = ft.SharedPreferences()
    try:
        device = await asyncio.wait_for(prefs.get(DEVICE_KEY), DEVICE_WAIT_S)
        if not isinstance(device, str) or not device:
            device = secrets.token_urlsafe(12)
            await asyncio.wait_for(prefs.set(DEVICE_KEY, device), DEVICE_WAIT_S)
        return device
    except (TimeoutError, RuntimeError):
        return f"session-{page.session.id}"


def make_main(db_path: str | None = None, require_pin: bool = False) -> Callable[[ft.Page], None]:
    """The Flet entry point for one store: each phone (a browser tab) gets the same app layer.
    With `require_pin`, changing an evening needs its PIN (always so on a shared network)."""
    app = App.open(db_path, pen_required=require_pin)
    if sys.platform != "emscripten":  # (the static site: one phone, no other process, no threads)
        app.watch()  # what the command line changes meanwhile reaches the phones too

    async def main(page: ft.Page) -> None:
        asked = asyncio.ensure_future(phone_device(page))
        await asyncio.sleep(0)  # the phone is asked for its id; it answers while the theme is set up
        page.title = "scorepad"
        page.padding = 0
        page.spacing = 0
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        device = await asked
        pens = await phone_pens(page) if require_pin else {}
        page.render(Root, app, page, Route("start"), require_pin, device, pens)
        run_on(page, import_screens, SCREENS_AFTER_S)

    main.app = app  # type: ignore[attr-defined]
    return main
