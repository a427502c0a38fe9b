"""Start: continue the running evening in one tap, the evenings so far, a new evening."""

from __future__ import annotations

import flet as ft

from scorepad import fmt
from scorepad.ui.widgets import big_button, header, screen, tag


def evening_line(e) -> str:
    return f"{e.game} · {', '.join(e.players)} · {e.hands} Spiele"


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
            ft.Text(f"seit {fmt.day(latest.started_at)}" + (f" · {latest.place}" if latest.place else ""), size=14),
            ft.Row([big_button("Weiterspielen", nav.to("table", latest.id), icon=ft.Icons.PLAY_ARROW,
                               key="continue")]),
        ], spacing=6), padding=16)))
    body.append(ft.Row([big_button("Neuer Abend", nav.to("new"), icon=ft.Icons.ADD, key="new-evening")]))
    if evenings:
        body.append(ft.Text("Bisherige Abende", size=16, weight=ft.FontWeight.BOLD))
        for e in sorted(evenings, key=lambda e: e.started_at, reverse=True):
            body.append(tag(ft.ListTile(
                title=ft.Text(evening_line(e), size=16),
                subtitle=ft.Text(fmt.day(e.started_at) + (" · beendet" if e.finished else " · läuft")
                                 + (f" · {e.place}" if e.place else "")),
                on_click=nav.to("table", e.id), min_height=56, key=f"evening-{e.id}",
            )))
    else:
        body.append(ft.Text("Noch kein Abend gespeichert. Leg los!", size=16))
    return screen(header("scorepad", subtitle="Schreiben statt Zettel"), body)
