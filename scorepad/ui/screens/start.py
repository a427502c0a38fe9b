"""Start: continue in one tap the evening this phone showed last (while it runs; a phone new
here: the newest running evening that is no tournament's table), the evenings so far (a
tournament's tables grouped under Turnier · Runde, each named by its table), a new evening, an
evening from a session file (exported on another phone or by `scorepad export`), the ranking of
a running tournament, and on the serving machine the organiser's tournaments."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorepad import fmt
from scorepad.session import session_text
from scorepad.texts import shown_place
from scorepad.ui import browser_calls
from scorepad.ui.widgets import TARGET, big_button, header, screen, tag

# lines about this installation shown under the evenings (the static site: how to keep them)
NOTES: list[str] = []


def evening_line(e) -> str:
    return f"{e.game} · {', '.join(e.players)} · {fmt.hands_text(e.hands)}"


def table_line(e, label) -> str:
    return f"Tisch {label.table} · {', '.join(e.players)} · {fmt.hands_text(e.hands)}"


def resumed(nav, evenings, labels):
    """The evening "Weiterspielen" resumes: the one this phone showed last while it runs, else
    (a phone new here) the newest running evening that is no tournament's table (a table's phone
    comes by its table sheet's QR code), else none."""
    running = [e for e in evenings if not e.finished]
    mine = next((e for e in running if e.id == nav.last_evening), None)
    if mine is not None:
        return mine
    ordinary = [e for e in running if e.id not in labels]
    return max(ordinary, key=lambda e: e.started_at) if ordinary else None


def evening_tile(nav, e, title: str) -> ft.Control:
    return tag(ft.ListTile(
        title=ft.Text(title, size=16),
        subtitle=ft.Text(fmt.day(e.started_at) + (" · beendet" if e.finished else " · läuft")
                         + (f" · {shown_place(e.place)}" if e.place else "")),
        on_click=nav.to("table", e.id), min_height=56, key=f"evening-{e.id}",
    ))


@ft.component
def StartScreen(nav, tick: int) -> ft.Control:
    evenings = nav.app.list_evenings()
    labels = nav.app.table_labels()  # the tournaments' tables: grouped, named by Turnier · Runde · Tisch
    body: list[ft.Control] = []
    latest = resumed(nav, evenings, labels)
    if latest is not None:
        label = labels.get(latest.id)
        line = f"{label.group()} · {table_line(latest, label)}" if label else evening_line(latest)
        body.append(ft.Card(ft.Container(ft.Column([
            ft.Text("Läuft gerade" if latest.id != nav.last_evening else "Zuletzt auf diesem Handy", size=14,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            tag(ft.Text(line, size=18, weight=ft.FontWeight.BOLD, key="continue-line")),
            ft.Text(f"seit {fmt.day(latest.started_at)}" + (f" · {shown_place(latest.place)}" if latest.place else ""), size=14),
            ft.Row([big_button("Weiterspielen", nav.to("table", latest.id), icon=ft.Icons.PLAY_ARROW,
                               key="continue")]),
        ], spacing=6), padding=16)))
    body.append(ft.Row([big_button("Neuer Abend", nav.to("new"), icon=ft.Icons.ADD, key="new-evening")]))
    if nav.local or nav.app.may_organise():  # the organiser's: the serving machine, a phone it allowed
        body.append(ft.Row([tag(ft.OutlinedButton("Turniere", icon=ft.Icons.EMOJI_EVENTS, height=TARGET,
                                                  on_click=nav.to("tournaments"), key="tournaments"))]))
    for board in nav.app.ranking_boards():  # a running tournament: its ranking, for the projector
        body.append(ft.Row([tag(ft.OutlinedButton(f"Rangliste: {board.name}", icon=ft.Icons.LEADERBOARD, height=TARGET,
                                                  on_click=lambda _e=None, t=board.id: nav.go(type(nav.route)("ranking", tournament=t)),
                                                  key=f"ranking-{board.id}"))]))
    newest_first = sorted(evenings, key=lambda e: e.started_at, reverse=True)
    ordinary = [e for e in newest_first if e.id not in labels]
    if ordinary:
        body.append(ft.Text("Bisherige Abende", size=16, weight=ft.FontWeight.BOLD))
        body.extend(evening_tile(nav, e, evening_line(e)) for e in ordinary)
    groups: dict[tuple[int, int], list[Any]] = {}
    for e in evenings:
        if e.id in labels:
            groups.setdefault((labels[e.id].tournament, labels[e.id].round), []).append(e)
    for (tid, round), tables in sorted(groups.items(), key=lambda g: (-g[0][0], -g[0][1])):
        # a tournament's round: its tables in table order, under Turnier · Runde
        first = labels[tables[0].id]
        body.append(tag(ft.Text(f"Turnier {first.group()}" + (" · beendet" if first.finished else ""), size=16,
                                weight=ft.FontWeight.BOLD, key=f"tables-{tid}-{round}")))
        body.extend(evening_tile(nav, e, table_line(e, labels[e.id]))
                    for e in sorted(tables, key=lambda e: labels[e.id].table))
    if not evenings:
        body.append(ft.Text("Noch kein Abend gespeichert. Leg los!", size=16))

    async def import_file(_e=None) -> None:
        """A session file (JSON) from this phone's files: a new evening, then its table."""
        picked = await browser_calls.pick_file(nav, "Abend importieren", ["json"])
        if picked is None:
            return
        name, data = picked
        made = []

        def change() -> None:
            made.append(nav.app.import_session(session_text(data, name)))

        if nav.attempt(change):  # a place or note too long for this release is fitted, and said so
            nav.notify(" · ".join(["Abend importiert"] + [n.german for n in made[0].notices]))
            nav.to("table", made[0].id)()

    for note in NOTES:
        body.append(tag(ft.Text(note, size=14, color=ft.Colors.ON_SURFACE_VARIANT), "storage-note"))
    body.append(ft.Row([tag(ft.OutlinedButton("Abend importieren (Datei)", icon=ft.Icons.FILE_OPEN, on_click=import_file,
                                              height=TARGET, key="import-evening"))]))
    return screen(header("scorepad", subtitle="Schreiben statt Zettel"), body)
