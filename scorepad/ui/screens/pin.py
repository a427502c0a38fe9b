"""The evening's PIN: entering it makes this phone a scorekeeper; a scorekeeper can show and
change it. Wrong PINs are rate-limited per client (ui/access.py)."""

from __future__ import annotations

import math

import flet as ft

from scorepad.errors import ScorepadError
from scorepad.ui.widgets import chip, chip_row, header, screen, tag


def pin_pad(digits: str, on_digits) -> list[ft.Control]:
    """Four dots and a number pad: no keyboard needed."""
    shown = " ".join(digits[i] if i < len(digits) else "_" for i in range(4))
    keys = [chip(str(d), False, (lambda _e=None, d=d: on_digits((digits + str(d))[:4])), width=72, key=f"pin-{d}")
            for d in [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]]
    keys.append(chip("Lösch", False, lambda: on_digits(digits[:-1]), width=88, key="pin-back"))
    return [tag(ft.Text(shown, size=40, weight=ft.FontWeight.BOLD, key="pin-shown")), chip_row(keys)]


@ft.component
def PinScreen(nav, tick: int) -> ft.Control:
    """Enter the PIN to keep score on this phone."""
    evening_id = nav.route.evening
    digits, set_digits = ft.use_state("")
    message, set_message = ft.use_state("")

    def typed(value: str):
        set_digits(value)
        if len(value) < 4:
            return
        wait = nav.guard.wait_left(nav.client) if nav.guard else 0
        if wait > 0:
            set_message(f"Zu viele falsche Versuche: bitte {math.ceil(wait)} s warten")
            set_digits("")
            return
        if nav.app.check_pin(evening_id, value):
            if nav.guard:
                nav.guard.succeeded(nav.client)
            nav.unlocked.add(evening_id)
            nav.notify("PIN richtig: du kannst jetzt eintragen")
            nav.go(type(nav.route)("table", evening_id))
            return
        if nav.guard:
            nav.guard.failed(nav.client)
        left = nav.guard.tries_left(nav.client) if nav.guard else 0
        set_message("Falsche PIN" + (f" (noch {left} Versuche)" if left > 0 else ": bitte eine Minute warten"))
        set_digits("")

    body = [ft.Text("Zum Eintragen die PIN des Abends eingeben (sie steht auf dem Handy, das schreibt).",
                    size=16)] + pin_pad(digits, typed)
    if message:
        body.append(tag(ft.Text(message, color=ft.Colors.ERROR, size=16, key="pin-message")))
    return screen(header("PIN eingeben", on_back=nav.to("table", evening_id)), body)


@ft.component
def PinShowScreen(nav, tick: int) -> ft.Control:
    """The scorekeeper's view of the PIN, to tell the others or to change it."""
    evening_id = nav.route.evening
    new, set_new = ft.use_state("")
    if not nav.can_edit(evening_id):
        return screen(header("PIN", on_back=nav.to("table", evening_id)), [ft.Text("Erst die PIN eingeben.")])

    def typed(value: str):
        set_new(value)
        if len(value) == 4:
            try:
                nav.app.set_pin(evening_id, value)
                nav.notify(f"Neue PIN: {value}")
            except ScorepadError as exc:
                nav.notify(exc.german)
            set_new("")

    body = [ft.Text("PIN dieses Abends", size=16),
            tag(ft.Text(nav.app.pin(evening_id), size=48, weight=ft.FontWeight.BOLD, key="pin-current")),
            ft.Text("Wer sie eingibt, kann auf seinem Handy mitschreiben. Neue PIN:", size=16)]
    body += pin_pad(new, typed)
    return screen(header("PIN", on_back=nav.to("table", evening_id)), body)
