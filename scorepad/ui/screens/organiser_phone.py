"""The organiser's own phone (app/organiser_phones.py): on the serving machine, "Handy als
Organisator zulassen" shows a one-time code and the phones allowed ("Organisator-Handys: 1 ·
abmelden"); a phone from another machine that is not allowed types the code on a keypad ("Code vom
Organisator-Laptop") and keeps the token it gets; an allowed phone may give its right up.

The code lives only in the serving machine's own screen (its state): no other phone renders it.
What a phone may do is decided by the app layer at every call, never by what is shown here."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any, cast

import flet as ft

from scorepad.app.organiser_phones import CODE_DIGITS
from scorepad.errors import ScorepadError
from scorepad.ui.screens.pin import pin_pad
from scorepad.ui.served import LOOPBACK_LINE, loopback_only, phone_base, qr_png
from scorepad.ui.widgets import TARGET, header, screen, section, tag

CODE_HINT = ("Am Organisator-Laptop unter „Turniere“ auf „Handy als Organisator zulassen“ tippen und den "
             "Code hier eingeben. Dann kann dieses Handy das Turnier führen.")


def until_words(expires_at: float) -> str:
    return f"gilt bis {datetime.fromtimestamp(expires_at).astimezone():%H:%M} Uhr, einmal"


@ft.component
def OrganiserPhones(nav: Any, tick: int) -> ft.Control:
    """On the serving machine: make a code for a phone, see and revoke the phones allowed."""
    made, set_made = ft.use_state(cast(Any, None))
    listing, set_listing = ft.use_state(False)
    try:
        phones = nav.app.organiser_phones()
    except ScorepadError:
        return ft.Container()  # not the serving machine: nothing to offer

    def make() -> None:
        try:
            set_made((nav.app.make_organiser_code(), len(phones)))
        except ScorepadError as exc:
            nav.notify(exc.german)

    def revoke(phone_id: int | None) -> None:
        done = "Alle Organisator-Handys abgemeldet" if phone_id is None else "Handy abgemeldet"
        nav.attempt(lambda: nav.app.revoke_organiser_phone(phone_id), done)

    controls: list[ft.Control] = [ft.Row([tag(ft.OutlinedButton(
        "Handy als Organisator zulassen", icon=ft.Icons.PHONELINK_LOCK, height=TARGET, on_click=lambda _e=None: make(),
        key="organiser-code-make"))], wrap=True)]
    if made is not None and len(phones) > made[1]:  # taken (the list grew since): the code is used up
        controls.append(tag(ft.Text(f"Code benutzt: {phones[-1].label} führt jetzt das Turnier mit", size=16,
                                    key="organiser-code-used")))
    elif made is not None and time.time() > made[0].expires_at:
        controls.append(tag(ft.Text("Code abgelaufen", size=16, key="organiser-code-expired")))
    elif made is not None:
        address = phone_base() + "turniere"
        controls += [tag(ft.Text(made[0].german(), size=40, weight=ft.FontWeight.BOLD, key="organiser-code")),
                     tag(ft.Text(f"Auf dem Handy {address} öffnen (oder den QR-Code scannen) und den Code "
                                 f"eingeben · {until_words(made[0].expires_at)}", size=15,
                                 key="organiser-code-address"))]
        if loopback_only():
            controls.append(tag(ft.Text(LOOPBACK_LINE, size=15, color=ft.Colors.ERROR, key="loopback-line")))
        elif (qr := qr_png(address, scale=4)) is not None:
            controls.append(tag(ft.Image(src=qr, width=160, height=160,
                                         semantics_label=f"QR-Code: {address}", key="organiser-code-qr")))
    count = f"Organisator-Handys: {len(phones)}"
    row: list[ft.Control] = [tag(ft.Text(count, size=16, key="organiser-phones"))]
    if phones:
        row.append(tag(ft.TextButton("abmelden" if len(phones) == 1 else "anzeigen", height=TARGET,
                                     key="organiser-phones-list",
                                     on_click=lambda _e=None: (revoke(phones[0].id) if len(phones) == 1
                                                               else set_listing(not listing)))))
    controls.append(ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if listing and len(phones) > 1:
        for p in phones:
            controls.append(ft.Row([ft.Text(f"{p.label} · {p.since()}", size=15, expand=True),
                                    tag(ft.TextButton("abmelden", height=TARGET, key=f"organiser-revoke-{p.id}",
                                                      on_click=lambda _e=None, i=p.id: revoke(i)))]))
        controls.append(ft.Row([tag(ft.TextButton("Alle abmelden", height=TARGET, key="organiser-revoke-all",
                                                  on_click=lambda _e=None: revoke(None)))]))
    return section("Organisator-Handys", *controls)


def allowed_line(nav: Any) -> ft.Control:
    """On a phone the serving machine allowed: it says so, and may give its right up."""
    def leave() -> None:
        try:
            nav.app.revoke_organiser_phone()
        except ScorepadError:
            pass  # revoked already: forgetting the token is all there is to do
        nav.keep_organiser("")
        nav.notify("Dieses Handy ist nicht mehr Organisator")
        nav.refresh()

    return ft.Row([tag(ft.Text("Dieses Handy führt das Turnier (vom Laptop zugelassen)", size=15, expand=True,
                               key="organiser-allowed")),
                   tag(ft.TextButton("abmelden", height=TARGET, on_click=lambda _e=None: leave(),
                                     key="organiser-leave"))], vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def OrganiserCodeScreen(nav: Any, refusal: str) -> ft.Control:
    """A phone that may not run tournaments yet: the code from the organiser's laptop, on a keypad."""
    digits, set_digits = ft.use_state("")
    message, set_message = ft.use_state("")

    def typed(value: str) -> None:
        set_digits(value)
        if len(value) < CODE_DIGITS:
            return
        set_digits("")
        try:
            token = nav.app.redeem_organiser_code(value)
        except ScorepadError as exc:
            set_message(exc.german)
            return
        nav.keep_organiser(token)
        nav.notify("Code richtig: dieses Handy führt jetzt das Turnier")
        nav.refresh()

    body: list[ft.Control] = [ft.Text(refusal, size=15), tag(ft.Text("Code vom Organisator-Laptop", size=18,
                                                                     weight=ft.FontWeight.BOLD, key="organiser-code-ask")),
                              ft.Text(CODE_HINT, size=15)]
    body += pin_pad(digits, typed, places=CODE_DIGITS)
    if message:
        body.append(tag(ft.Text(message, color=ft.Colors.ERROR, size=16, key="organiser-code-message",
                                text_align=ft.TextAlign.CENTER)))
    return screen(header("Turniere", on_back=nav.to("start")), body)
