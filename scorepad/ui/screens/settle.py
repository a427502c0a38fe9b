"""End of the evening: standings, trophies, who pays whom, statistics, the chart, and the
exports (download in the browser, or copy the chat text; where the phone's browser refuses,
ui/browser_calls.py's way round)."""

from __future__ import annotations

import asyncio
import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

from scorepad import fmt
from scorepad.errors import ScorepadError
from scorepad.exportformats import BY_NAME as EXPORT_FORMATS
from scorepad.exportformats import downloads
from scorepad.exportparts import (
    chart_points,
    games_line,
    open_rad_note,
    owed,
    places,
    stat_phrases,
    transfers_heading,
)
from scorepad.games import tally_name
from scorepad.games.family import MONEY_TALLY
from scorepad.ui import browser_calls
from scorepad.ui.widgets import big_button, chip, chip_row, error_screen, header, screen, section, tag
from scorepad.ui.words import tally_text

T = TypeVar("T")


async def off_the_loop(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` in a worker thread, so that one phone's export (the picture of a long
    evening) keeps no other phone waiting; in the browser (Pyodide, no threads) right here."""
    if sys.platform == "emscripten":
        return work(*args)
    return await asyncio.to_thread(work, *args)


LINE_COLOURS = [ft.Colors.BLUE_700, ft.Colors.RED_700, ft.Colors.GREEN_700, ft.Colors.ORANGE_700,
                ft.Colors.PURPLE_700, ft.Colors.CYAN_700]


def chart(summary) -> ft.Control:
    """The standings hand by hand as a line chart (flet-charts)."""
    import flet_charts as fch

    series = chart_points(summary)  # from the sheet before hand 1 (Ramsch: the start Striche)
    values = [v for vs in series.values() for v in vs] or [0]
    lines = [fch.LineChartData(points=[fch.LineChartDataPoint(i, v) for i, v in enumerate(vs)],
                               stroke_width=3, color=LINE_COLOURS[k % len(LINE_COLOURS)], curved=False)
             for k, vs in enumerate(series.values())]
    return ft.Column([
        ft.Container(fch.LineChart(data_series=lines, min_y=min(values + [0]), max_y=max(values + [0]) or 1,
                                   min_x=0, max_x=max(1, max((len(v) - 1 for v in series.values()), default=1)),
                                   expand=True, interactive=False), height=220, key="chart"),
        chip_row(ft.Row([ft.Container(width=18, height=4, bgcolor=LINE_COLOURS[k % len(LINE_COLOURS)]),
                         ft.Text(p, size=13)], spacing=4) for k, p in enumerate(series)),
    ])


@ft.component
def SettleScreen(nav, tick: int) -> ft.Control:
    app = nav.app
    evening_id = nav.route.evening
    # an unfinished Struliwuli Rad is no money unless the table chooses to settle it pro rata
    settle_open, set_settle_open = ft.use_state(False)
    try:
        info = app.evening(evening_id)
        summary = app.summary(evening_id, settle_open)
        table = app.table(evening_id)
    except ScorepadError as exc:
        return error_screen("Abrechnung", nav.to("start"), exc)

    def exported(kind: str) -> tuple[str, bytes]:
        """The evening in `kind` as a file: its name and its bytes."""
        text = app.export_session(evening_id, kind, settle_open)
        name = EXPORT_FORMATS[kind].file_name(f"scorepad-{info.ruleset}-{fmt.day(info.started_at)}")
        return name, text if isinstance(text, bytes) else text.encode("utf-8")

    async def download(kind: str, label: str, _e=None):
        name, data = await off_the_loop(exported, kind)
        await browser_calls.save_file(nav, name, data, f"{label} gespeichert")

    async def share_session():
        """The evening's session file to another app (the phone's share sheet; a download where
        the browser has none): another phone or `scorepad import` makes the evening from it."""
        name, data = await off_the_loop(exported, "json")
        await browser_calls.share_file(nav, name, data, EXPORT_FORMATS["json"].mime, f"{info.game} {fmt.day(info.started_at)}")

    async def copy_text():
        text = await off_the_loop(app.export_session, evening_id, "text", settle_open)
        await browser_calls.copy_text(nav, "Text für den Chat", text, "Text kopiert: jetzt im Chat einfügen")

    def finish():
        nav.attempt(lambda: app.finish_evening(evening_id, finished=not info.finished),
                    "Abend wieder offen" if info.finished else "Abend beendet")

    rows: list[ft.Control] = []
    money = any(summary.balances.values())
    for place, p in zip(places(summary), summary.ranking):
        cells: list[ft.Control] = [ft.Text(f"{place}. {p}", size=18, weight=ft.FontWeight.BOLD, expand=True)]
        cells += [ft.Text(tally_text(t, summary.standings[p][t]), size=16) for t in summary.tallies if t != MONEY_TALLY]
        if money:
            v = summary.balances[p]
            cells.append(tag(ft.Text(fmt.money(v, signed=True), size=18, weight=ft.FontWeight.BOLD,
                                     color=ft.Colors.GREEN_700 if v > 0 else ft.Colors.RED_700 if v < 0 else None,
                                     key=f"balance-{p}")))
        rows.append(ft.Row(cells, spacing=12))
    body: list[ft.Control] = [section("Stand", *rows)]
    if summary.open_rad:
        body.append(section("Offener Rad",
                            ft.Text(open_rad_note(summary) or "", size=15, key="open-rad-note"),
                            chip_row([chip("Offenen Rad anteilig abrechnen", settle_open,
                                           lambda _e=None: set_settle_open(not settle_open),
                                           key="settle-open-rad")])))
    if summary.trophies:
        body.append(section("Trophäen", *[ft.Text(f"{name}: {', '.join(who) if who else 'noch niemand'}", size=16)
                                          for name, who in summary.trophies.items()]))
    if said := owed(table, summary):
        body.append(section(said.heading, *[ft.Text(line, size=16) for line in said.lines]))
    if summary.transfers:
        body.append(section(transfers_heading(summary), *[
            # the arrow as an icon: Roboto has no "→" glyph, and offline no font falls back
            tag(ft.Row([ft.Text(t.payer, size=18), ft.Icon(ft.Icons.ARROW_FORWARD, size=20),
                        ft.Text(f"{t.payee} {fmt.money(t.cents)}", size=18)], spacing=6,
                       key=f"transfer-{i}"))
            for i, t in enumerate(summary.transfers)]))
    elif money:
        body.append(ft.Text("Alles ausgeglichen.", size=16))
    stats = [ft.Text(f"{s.name}: " + " · ".join([fmt.hands_text(s.hands_played)] + stat_phrases(table, s)), size=14)
             for s in summary.stats]
    body.append(section("Statistik", ft.Text(games_line(summary), size=14, key="games-line"), *stats))
    if summary.hands:
        body.append(section(f"Verlauf ({tally_name(app.table(evening_id), summary.chart.tally)})", chart(summary)))
    body.append(section("Exportieren", chip_row(
        [chip(f.label, False, functools.partial(download, f.name, f.label), key=f"export-{f.name}") for f in downloads()]
        + [chip("Text kopieren", False, copy_text, key="copy-text"),
           chip("Abend teilen (Datei)", False, share_session, key="share-session")])))
    bottom = ft.Row([big_button("Abend wieder öffnen" if info.finished else "Abend beenden", finish,
                                icon=ft.Icons.LOCK_OPEN if info.finished else ft.Icons.FLAG, key="finish")]) \
        if nav.can_edit(evening_id) else None
    return screen(header("Abrechnung", on_back=nav.to("table", evening_id), subtitle=info.game), body, bottom)
