"""The table app: one Flet page per phone, one application layer (scorepad.app.App) behind it.

Screens render what the app layer returns and call it for every change; no rule lives here.
Every phone on the server sees every change at once: the app layer tells each open page,
which renders again. Who may change an evening: see ui/access.py.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft
from flet.controls.context import _context_page

from scorepad.app import App
from scorepad.errors import ScorepadError
from scorepad.ui.access import PinGuard


@dataclass(frozen=True)
class Route:
    """Where the phone is: a screen name and, where it needs one, the evening and hand."""

    screen: str = "start"
    evening: int | None = None
    number: int | None = None


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
    device: str = ""  # this phone (see phone_device): its drafts and its changes

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
            self.notify(exc.german)
            self.refresh()
            return False
        if done:
            self.notify(done)
        self.refresh()
        return True

    def notify(self, text: str, action: str | None = None, on_action: Callable | None = None) -> None:
        """A short message at the bottom ("Gespeichert · Rückgängig")."""
        if self.page is None:
            return
        bar = ft.SnackBar(ft.Text(text, size=16), action=action, on_action=on_action,
                          duration=ft.Duration(seconds=5), show_close_icon=action is None)
        self.page.show_dialog(bar)


@ft.component
def Root(app: App, page: ft.Page, start: Route, require_pin: bool, guard: PinGuard, device: str = "") -> ft.Control:
    route, set_route = ft.use_state(start)
    tick, set_tick = ft.use_state(0)
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
    nav = Nav(app=app, route=route, go=set_route, refresh=bump, page=page, require_pin=require_pin,
              unlocked=unlocked.current, guard=guard, device=device)
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
        return read_only_banner(app, table.TableScreen(nav, tick))  # no PIN, no form: back to watching
    return read_only_banner(app, screens.get(route.screen, start_screen.StartScreen)(nav, tick))


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
DEVICE_WAIT_S = 5.0


async def phone_device(page: ft.Page) -> str:
    """This phone's id: random, kept in the browser's storage, so the hand it is entering and
    the changes it made stay its own across reloads, closed tabs and server restarts. Where
    the storage does not answer, the id lasts as long as this page session."""
    prefs = ft.SharedPreferences()
    try:
        device = await asyncio.wait_for(prefs.get(DEVICE_KEY), DEVICE_WAIT_S)
        if not isinstance(device, str) or not device:
            device = secrets.token_urlsafe(12)
            await asyncio.wait_for(prefs.set(DEVICE_KEY, device), DEVICE_WAIT_S)
        return device
    except (TimeoutError, asyncio.TimeoutError, RuntimeError):
        return f"session-{page.session.id}"


def make_main(db_path: str | None = None, require_pin: bool = False) -> Callable[[ft.Page], None]:
    """The Flet entry point for one store: each phone (session) gets the same app layer.
    With `require_pin`, changing an evening needs its PIN (always so on a shared network)."""
    app = App.open(db_path)
    guard = PinGuard()

    async def main(page: ft.Page) -> None:
        page.title = "scorepad"
        page.padding = 0
        page.spacing = 0
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        device = await phone_device(page)
        page.render(Root, app, page, Route("start"), require_pin, guard, device)

    main.app = app  # type: ignore[attr-defined]
    main.guard = guard  # type: ignore[attr-defined]
    return main
