"""The table app: one Flet page per phone, one application layer (scorepad.app.App) behind it.

Screens render what the app layer returns and call it for every change; no rule lives here.
Every phone on the server sees every change at once: the app layer tells each open page,
which renders again. Who may change an evening: the app layer decides at every change
(scorepad/app/access.py; each screen calls it as this phone, scorepad/app/phone.py).

This module is the router: which screen a route shows, and the page each phone gets. What a
screen is handed is ui/nav.py; the notice line ui/notices.py; the pen ui/pen.py; the phone's
id ui/device.py; what keeps the app running when a handler fails ui/failsafe.py. No screen
imports this module.
"""

from __future__ import annotations

import asyncio
import importlib
import re
import sys
from collections.abc import Callable, Coroutine
from typing import Any, cast

import flet as ft

from scorepad.app import App, Caller
from scorepad.app.phone import PhoneApp
from scorepad.errors import ScorepadError
from scorepad.tournament.address import evening_of_route
from scorepad.ui.device import phone_device
from scorepad.ui.failsafe import keep_running, say_with
from scorepad.ui.nav import Nav, Route, run_on
from scorepad.ui.notices import Notice
from scorepad.ui.peer import is_local, peer_address
from scorepad.ui.pen import phone_last_evening, phone_organiser, phone_pens, store_last_evening
from scorepad.ui.ranking_feed import feed_of


@ft.component
def Root(app: App, page: ft.Page, start: Route, require_pin: bool, device: str = "",
         pens: dict[int, str] | None = None, organiser: str = "", last: int | None = None) -> ft.Control:
    route, set_route = ft.use_state(start)
    tick, set_tick = ft.use_state(0)
    notice, set_notice = ft.use_state(cast(Notice | None, None))
    kept = ft.use_ref(cast(dict[int, str] | None, None))
    if kept.current is None:
        kept.current = dict(pens or {})
    organiser_token = ft.use_ref(cast(str | None, None))  # the organiser token this phone keeps
    if organiser_token.current is None:
        organiser_token.current = organiser
    here = ft.use_ref(cast(Route | None, None))
    here.current = route  # what the phone shows now, for the change listener below
    ranking: Any = ft.use_ref(None)  # .current: what stops following the ranking shown (ui/ranking_feed.py)
    last_evening = ft.use_ref(cast(int | None, None))  # the evening this phone showed last ("Weiterspielen")
    bar: Any = ft.use_ref(None)  # .current: the floating message on screen (Nav.notify replaces it)
    if last_evening.current is None:
        last_evening.current = last
    if route.screen in ("table", "hand") and route.evening is not None and route.evening != last_evening.current:
        last_evening.current = shown_now = route.evening
        run_on(page, lambda: store_last_evening(shown_now))

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
            if shown is not None and shown.screen not in EVERY_CHANGE and shown.evening != evening_id:
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

        async def address_typed(e: Any) -> None:
            """A new address in a tab that already shows the app (Flet resumes its session and
            says the route changed): an evening's or a ranking's address opens it there too."""
            to = start_route(app, getattr(e, "route", None) or page.route)
            if to.screen != "start":
                go(to)

        def gone() -> None:
            unsubscribe()
            if ranking.current is not None:
                ranking.current()

        def resized() -> None:
            """The ranking counts its lines against the window: a resized window renders it anew."""
            if here.current is not None and here.current.screen == "ranking":
                bump()

        page.on_resize = first(resized, page.on_resize)
        page.on_close = first(gone, page.on_close)
        page.on_connect = first(bump, page.on_connect)
        page.on_route_change = address_typed
        return unsubscribe

    ft.use_effect(follow_changes, [])

    def follow_ranking():
        """A tournament's ranking renders after the saves at its tables, at most every
        few tenths of a second (ui/ranking_feed.py), while the phone shows it."""
        if route.screen != "ranking" or route.tournament is None:
            return None

        async def refresh() -> None:
            bump()

        stop = feed_of(app).follow(route.tournament, lambda: run_on(page, refresh))
        ranking.current = stop

        def leave() -> None:
            stop()
            ranking.current = None

        return leave

    ft.use_effect(follow_ranking, [route.screen, route.tournament])

    def go(to: Route) -> None:
        set_route(to)
        set_notice(None)  # a line is about the screen it was said on

    held = kept.current

    def caller() -> Caller:
        """This phone as the app layer sees it, at the moment of each call."""
        return Caller(device=device, pens=dict(held), local=is_local(page), organiser=organiser_token.current or "",
                      address=peer_address(page) or "")

    def keep_organiser(token: str) -> None:
        organiser_token.current = token

    nav = Nav(app=PhoneApp(app, caller), route=route, go=go, refresh=bump, page=page, require_pin=require_pin,
              pens=held, notice=notice, show=set_notice, device=device, set_organiser=keep_organiser,
              last_evening=last_evening.current, bar=bar)
    say_with(page, nav.notify)  # what failed unexpectedly is said the way this screen says things
    on_form = ft.use_ref(cast(Route | None, None))  # the form this phone opened while it held the pen
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
    "ranking": ("ranking", "RankingScreen"),
    # the organiser's (a tournament run from the serving machine or a phone it allowed with a code;
    # the app layer refuses any other, and the tournaments screen then asks for the code)
    "tournaments": ("tournaments", "TournamentsScreen"),
    "tournament-new": ("tournaments", "NewTournamentScreen"),
    "tournament": ("tournament", "TournamentScreen"),
    "tournament-correct": ("tournament", "CorrectTableScreen"),
    "correct": ("hand", "HandScreen"),  # a table's hand corrected with its PIN (route.pin)
}
# the screens about every evening (the tournament's tables' progress: every table's save moves
# it; a tournament's ranking follows the saves through ui/ranking_feed.py, which gathers them
# into a few renders a second)
EVERY_CHANGE = frozenset({"start", "tournaments", "tournament"})
# the address a projector opens for a tournament's ranking: http://laptop:8550/turnier/3
RANKING_PATH = re.compile(r"/turnier/(\d{1,9})/?")
# the organiser's screens by address (on the serving machine): /turniere, /turniere/3
ORGANISER_PATH = re.compile(r"/turniere(?:/(\d{1,9}))?/?")
# Flutter's own words a screen reader says (a field's counter "Noch 28 Zeichen", a dialog's
# "Schließen", "Benachrichtigung") in German: Flet's client has Flutter's German (flutter_localizations),
# nothing is fetched for it
GERMAN = ft.LocaleConfiguration(supported_locales=[ft.Locale("de", "DE")], current_locale=ft.Locale("de", "DE"))
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


def start_route(app: App, address: str | None) -> Route:
    """Where a phone starts: /turnier/ID a tournament's ranking (the projector), /turniere (/ID)
    the organiser's tournaments (a tournament); the evening its
    address names (BASE/abend/ID, a table sheet's QR code), if there is one; otherwise the start
    screen."""
    found = RANKING_PATH.fullmatch(address or "")
    if found:
        return Route("ranking", tournament=int(found.group(1)))
    found = ORGANISER_PATH.fullmatch(address or "")
    if found:
        return Route("tournament", tournament=int(found.group(1))) if found.group(1) else Route("tournaments")
    evening = evening_of_route(address)
    if evening is not None:
        try:
            app.evening(evening)
        except ScorepadError:
            return Route("start")
        return Route("table", evening)
    return Route("start")


def make_main(db_path: str | None = None, require_pin: bool = False) -> Callable[[ft.Page], Coroutine[Any, Any, None]]:
    """The Flet entry point for one store: each phone (a browser tab) gets the same app layer.
    With `require_pin`, changing an evening needs its PIN (always so on a shared network)."""
    app = App.open(db_path, pen_required=require_pin)
    if sys.platform != "emscripten":  # (the static site: one phone, no other process, no threads)
        app.watch()  # what the command line changes meanwhile reaches the phones too

    async def main(page: ft.Page) -> None:
        keep_running(page)  # an error in a handler: one German line, not Flet's crash page (ui/failsafe.py)
        asked = asyncio.ensure_future(phone_device(page))
        await asyncio.sleep(0)  # the phone is asked for its id; it answers while the theme is set up
        page.title = "scorepad"
        page.padding = 0
        page.spacing = 0
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.locale_configuration = GERMAN  # Flutter's own words (a counter, a dialog's close) for a screen reader
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        device = await asked
        pens: dict[int, str] = {}
        organiser = ""  # (only a phone from another machine needs its pens and an organiser token)
        if require_pin:
            pens, organiser, last = await asyncio.gather(phone_pens(page), phone_organiser(page),
                                                         phone_last_evening(page))
        else:
            last = await phone_last_evening(page)
        page.render(Root, app, page, start_route(app, page.route), require_pin, device, pens, organiser, last)
        run_on(page, import_screens, SCREENS_AFTER_S)

    main.app = app  # type: ignore[attr-defined]
    return main
