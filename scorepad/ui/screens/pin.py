"""The evening's PIN: entering it gives this phone the pen (kept across reloads and restarts);
a scorekeeper, and the machine that serves scorepad, can show it and set a new one. Wrong PINs
are counted per evening (and per address) by the app layer (app/access.py), whatever phone typed
them; when none are left the screen says how long to wait, and who gives the tries back at once
(a new PIN: the serving machine, or a tournament's organiser)."""

from __future__ import annotations

import math

import flet as ft

from scorepad.errors import ScorepadError
from scorepad.ui.notices import notice_line
from scorepad.ui.widgets import TARGET, big_button, chip, header, screen, tag

KEY_WIDTH = 88
WAIT_REFRESH_S = 15.0  # while a phone must wait for its next PIN: how often the screen says so again
KEYPAD = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["", "0", "back"]]  # as on a phone


def pin_pad(digits: str, on_digits, *, disabled: bool = False, places: int = 4) -> list[ft.Control]:
    """Four places (or `places`) and a number pad laid out like a phone's: no keyboard needed."""
    shown = " ".join(digits[i] if i < len(digits) else "_" for i in range(places))

    def key(label: str) -> ft.Control:
        if not label:
            return ft.Container(width=KEY_WIDTH)
        if label == "back":  # the keypad's delete key: an icon, named for a screen reader
            off = disabled or not digits
            return ft.Semantics(identifier="pin-back", label="Löschen", button=True, container=True,
                                exclude_semantics=True, on_tap=None if off else (lambda: on_digits(digits[:-1])),
                                content=ft.OutlinedButton(content=ft.Icon(ft.Icons.BACKSPACE_OUTLINED), width=KEY_WIDTH,
                                                          height=TARGET, disabled=off, key="pin-back",
                                                          on_click=lambda: on_digits(digits[:-1]),
                                                          style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12))))
        return chip(label, False, (lambda _e=None, d=label: on_digits((digits + d)[:places])), width=KEY_WIDTH,
                    key=f"pin-{label}", disabled=disabled)

    rows: list[ft.Control] = [ft.Row([key(label) for label in row], spacing=12, alignment=ft.MainAxisAlignment.CENTER)
            for row in KEYPAD]
    return [tag(ft.Text(shown, size=40, weight=ft.FontWeight.BOLD, key="pin-shown", text_align=ft.TextAlign.CENTER)),
            ft.Column(rows, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)]


def tries_text(left: int) -> str:
    """"noch 1 Versuch", "noch 3 Versuche"."""
    return f"noch {left} {'Versuch' if left == 1 else 'Versuche'}"


def wait_text(seconds: float) -> str:
    return f"Zu viele falsche PINs für diesen Abend: nächster Versuch in {max(1, math.ceil(round(seconds) / 60))} min"


def new_pin_help(nav, evening_id: int) -> str:
    """While the phone must wait: who gives the table its tries back at once (a new PIN)."""
    where = "vom Veranstalter des Turniers" if nav.app.tournament_table(evening_id) else \
        "vom Rechner, auf dem scorepad läuft"
    return f"Sofort geht es mit einer neuen PIN {where}."


def where_pin_is(nav, evening_id: int) -> str:
    """Where the table finds its PIN: a tournament table on its Tischzettel (or from the
    organiser); an evening on the phone that writes, behind its „PIN zeigen“ button (the 123)."""
    if nav.app.tournament_table(evening_id):
        return ("Zum Eintragen die PIN des Tisches eingeben: sie steht auf dem Tischzettel, sonst beim "
                "Turnierleiter.")
    return ("Zum Eintragen die PIN des Abends eingeben: das Handy, das schreibt, zeigt sie oben unter "
            "„PIN zeigen“ (das Zeichen 123).")


@ft.component
def PinScreen(nav, tick: int) -> ft.Control:
    """Enter the PIN to keep score on this phone."""
    evening_id = nav.route.evening
    digits, set_digits = ft.use_state("")
    message, set_message = ft.use_state("")
    ticking = ft.use_ref(False)
    tries = nav.app.pin_tries(evening_id)
    wait = 0.0 if nav.local else tries.wait_s  # the serving machine sees the PIN anyway

    def count_down() -> None:
        """While the phone must wait: render again now and then, one timer at a time."""
        if ticking.current:
            return
        ticking.current = True

        async def tick_once() -> None:
            ticking.current = False
            nav.refresh()

        nav.soon(tick_once, WAIT_REFRESH_S)

    def typed(value: str):
        set_digits(value)
        if len(value) < 4:
            return
        set_digits("")
        try:
            taken = nav.take_pen(evening_id, value)
        except ScorepadError as exc:  # no tries left for this evening now
            set_message(exc.german)
            return
        if taken:
            nav.go(type(nav.route)("table", evening_id))
            nav.route = type(nav.route)("table", evening_id)
            nav.notify("PIN richtig: du kannst jetzt eintragen")
            return
        if nav.local:  # not counted here: this machine shows the PIN above
            set_message("Falsche PIN")
            return
        left = nav.app.pin_tries(evening_id).left
        set_message(f"Falsche PIN ({tries_text(left)})" if left > 0 else "")  # then the wait speaks

    body: list[ft.Control] = [tag(ft.Text(where_pin_is(nav, evening_id), size=16, key="pin-where"))]
    if nav.local:
        try:
            body.append(tag(ft.Text(f"Auf diesem Rechner zu sehen: PIN {nav.app.pin(evening_id)}", size=16,
                                    weight=ft.FontWeight.BOLD, key="pin-here")))
        except ScorepadError:
            pass
    body += pin_pad(digits, typed, disabled=wait > 0)
    shown = wait_text(wait) if wait > 0 else message
    if wait > 0:
        count_down()
    if shown:
        body.append(tag(ft.Text(shown, color=ft.Colors.ERROR, size=16, key="pin-message",
                                text_align=ft.TextAlign.CENTER)))
    if wait > 0:
        body.append(tag(ft.Text(new_pin_help(nav, evening_id), size=16, key="pin-wait-help",
                                text_align=ft.TextAlign.CENTER)))
    return screen(header("PIN eingeben", on_back=nav.to("table", evening_id)), body, notice_line(nav.notice))


@ft.component
def PinShowScreen(nav, tick: int) -> ft.Control:
    """The scorekeeper's view of the PIN, to tell the others or to set a new one (behind a
    question: a new PIN takes the pen from every other phone). The machine that serves
    scorepad sees it too: that is where a lost PIN is found again."""
    evening_id = nav.route.evening
    step, set_step = ft.use_state("show")  # show -> ask -> type -> confirm
    new, set_new = ft.use_state("")
    holds = nav.can_edit(evening_id)
    back = header("PIN", on_back=nav.to("table", evening_id))
    if not (holds or nav.local):
        return screen(back, [ft.Text("Erst die PIN eingeben.", size=16)])

    def typed(value: str):
        set_new(value)
        if len(value) == 4:
            set_step("confirm")

    def cancel():
        set_new("")
        set_step("show")

    def set_pin():
        try:
            token = nav.app.set_pin(evening_id, new)  # refused unless this phone may, now
        except ScorepadError as exc:
            nav.notify(exc.german)
            cancel()
            return
        if token and nav.require_pin:
            nav.keep_pen(evening_id, token)  # who sets the PIN keeps the pen; every other phone loses it
        cancel()
        nav.notify(f"Neue PIN {new}: die anderen Handys brauchen sie jetzt")

    try:
        current = nav.app.pin(evening_id)
    except ScorepadError as exc:  # the pen was taken since the screen was drawn
        return screen(back, [ft.Text(exc.german, size=16)])
    body: list[ft.Control] = [ft.Text("PIN dieses Abends", size=16),
                              tag(ft.Text(current, size=48, weight=ft.FontWeight.BOLD,
                                          key="pin-current")),
                              ft.Text("Wer sie eingibt, kann auf seinem Handy mitschreiben.", size=16)]
    if step == "show":
        body.append(ft.Row([tag(ft.OutlinedButton("Neue PIN", icon=ft.Icons.PASSWORD, height=48,
                                                  on_click=lambda: set_step("ask"), key="new-pin"))]))
    elif step == "ask":
        body += [ft.Text("Eine neue PIN nimmt allen anderen Handys das Mitschreiben, bis sie die neue "
                         "eingeben. Neue PIN festlegen?", size=16, weight=ft.FontWeight.W_600, key="new-pin-ask"),
                 ft.Row([tag(ft.OutlinedButton("Abbrechen", height=48, on_click=cancel, key="new-pin-cancel")),
                         tag(ft.FilledButton("Ja, neue PIN", height=48, on_click=lambda: set_step("type"),
                                             key="new-pin-yes"))], wrap=True)]
    elif step == "type":
        body.append(ft.Text("Neue PIN eingeben:", size=16, weight=ft.FontWeight.W_600))
        body += pin_pad(new, typed)
        body.append(ft.Row([tag(ft.OutlinedButton("Abbrechen", height=48, on_click=cancel, key="new-pin-cancel"))]))
    else:
        body += [tag(ft.Text(f"Neue PIN: {new}", size=28, weight=ft.FontWeight.BOLD, key="new-pin-typed")),
                 ft.Row([tag(ft.OutlinedButton("Abbrechen", height=48, on_click=cancel, key="new-pin-cancel")),
                         big_button("PIN festlegen", set_pin, key="new-pin-set")])]
    return screen(back, body, notice_line(nav.notice))
