"""The change history of an evening: every add, edit, delete and undo, newest first; undo and
redo of this phone's own last change (as on the table screen)."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from scorepad.errors import ScorepadError
from scorepad.ui.widgets import big_button, error_screen, header, screen, tag

ACTIONS = {"add": "eingetragen", "edit": "geändert", "delete": "gelöscht", "undo": "rückgängig",
           "redo": "wiederhergestellt", "start": "Abend begonnen", "import": "importiert",
           "finish": "beendet", "reopen": "wieder geöffnet", "migrate": "übernommen", "rename": "umbenannt",
           "rules": "Regeln geändert"}


def change_line(c) -> str:
    when = datetime.fromisoformat(c.at).astimezone().strftime("%H:%M")
    what = ACTIONS.get(c.action, c.action)
    return f"{when} · " + (f"Spiel {c.number} {what}" if c.number else what)


@ft.component
def HistoryScreen(nav, tick: int) -> ft.Control:
    app = nav.app
    evening_id = nav.route.evening
    try:
        changes = app.history(evening_id)
    except ScorepadError as exc:
        return error_screen("Verlauf", nav.to("start"), exc)

    body = [tag(ft.Text(change_line(c), size=15, key=f"change-{c.id}")) for c in reversed(changes)]
    bottom = ft.Row([big_button("Rückgängig", lambda: nav.undo(evening_id), icon=ft.Icons.UNDO, key="history-undo"),
                     big_button("Wiederholen", lambda: nav.restore(evening_id), icon=ft.Icons.REDO, key="history-redo")]) \
        if nav.can_edit(evening_id) else None
    return screen(header("Verlauf", on_back=nav.to("table", evening_id)), body, bottom)
