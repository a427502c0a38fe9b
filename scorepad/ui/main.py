"""The table app: one Flet page per phone, one application layer (scorepad.app.App) behind it.

Screens render what the app layer returns and call it for every change; no rule lives here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import flet as ft

from scorepad.app import App


@dataclass(frozen=True)
class Route:
    """Where the phone is: a screen name and, where it needs one, the evening and hand."""

    screen: str = "start"
    evening: int | None = None
    number: int | None = None


@dataclass
class Nav:
    """What every screen gets: the app layer, where we are, how to move and to refresh."""

    app: App
    route: Route
    go: Callable[[Route], None]
    refresh: Callable[[], None]
    page: ft.Page | None = None

    def to(self, screen: str, evening: int | None = None, number: int | None = None) -> Callable[[], None]:
        return lambda: self.go(Route(screen, evening, number))

    def notify(self, text: str, action: str | None = None, on_action: Callable | None = None) -> None:
        """A short message at the bottom ("Gespeichert · Rückgängig")."""
        if self.page is None:
            return
        bar = ft.SnackBar(ft.Text(text, size=16), action=action, on_action=on_action,
                          duration=ft.Duration(seconds=5), show_close_icon=action is None)
        self.page.show_dialog(bar)


@ft.component
def Root(app: App, page: ft.Page, start: Route) -> ft.Control:
    route, set_route = ft.use_state(start)
    tick, set_tick = ft.use_state(0)
    nav = Nav(app=app, route=route, go=set_route, refresh=lambda: set_tick(tick + 1), page=page)
    from scorepad.ui.screens import hand, history, new_evening, settle, start as start_screen, table

    screens: dict[str, Any] = {
        "start": start_screen.StartScreen,
        "new": new_evening.NewEveningScreen,
        "table": table.TableScreen,
        "hand": hand.HandScreen,
        "settle": settle.SettleScreen,
        "history": history.HistoryScreen,
    }
    return screens.get(route.screen, start_screen.StartScreen)(nav, tick)


def make_main(db_path: str | None = None) -> Callable[[ft.Page], None]:
    """The Flet entry point for one store: each phone (session) gets the same app layer."""
    app = App.open(db_path)

    def main(page: ft.Page) -> None:
        page.title = "scorepad"
        page.padding = 0
        page.spacing = 0
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        page.render(Root, app, page, Route("start"))

    main.app = app  # type: ignore[attr-defined]
    return main
