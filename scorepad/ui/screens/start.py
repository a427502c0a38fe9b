"""Start: continue the running evening in one tap, the evenings so far, a new evening, an
evening from a session file (exported on another phone or by `scorepad export`), the ranking of
a running tournament, and on the serving machine the organiser's tournaments."""

from __future__ import annotations

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


@ft.component
def StartScreen(nav, tick: int) -> ft.Control:
    evenings = nav.app.list_evenings()
    running = [e for e in evenings if not e.finished]
    body: list[ft.Control] = []
    if running:
        latest = max(running, key=lambda e: e.started_at)
        body.append(ft.Card(ft.Container(ft.Column([
            ft.Text("Läuft gerade", size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(evening_line(latest), size=18, weight=ft.FontWeight.BOLD),
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
    if evenings:
        body.append(ft.Text("Bisherige Abende", size=16, weight=ft.FontWeight.BOLD))
        for e in sorted(evenings, key=lambda e: e.started_at, reverse=True):
            body.append(tag(ft.ListTile(
                title=ft.Text(evening_line(e), size=16),
                subtitle=ft.Text(fmt.day(e.started_at) + (" · beendet" if e.finished else " · läuft")
                                 + (f" · {shown_place(e.place)}" if e.place else "")),
                on_click=nav.to("table", e.id), min_height=56, key=f"evening-{e.id}",
            )))
    else:
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
