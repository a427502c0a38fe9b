"""A tournament as its organiser runs it (on the machine that serves scorepad): the round's tables
with their progress, live ("Tisch 7: 28 von 32 Spielen": it renders again at every save at any
table, ui/main.py EVERY_CHANGE), each table's evening, correcting a table's hand with its PIN,
a table's new PIN (when a stranger's wrong PINs keep its phones from taking the pen), drawing
and closing rounds, late arrivals and withdrawals, the sheets and lists to print (served
by scorepad's own web server, ui/printroute.py), the projector's ranking, finishing.

Every button calls the app layer, which checks the caller when it is called (app/organiser.py):
a phone from another machine that reached this screen is refused and asked for the laptop's code;
a phone the laptop allowed runs it all but the printing (the print pages are the laptop's)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.describe import describe_hand
from scorepad.errors import ScorepadError
from scorepad.tournament.address import evening_address
from scorepad.ui import browser_calls
from scorepad.ui.fields import use_field_text
from scorepad.ui.nav import Route
from scorepad.ui.printroute import prizes_path, ranking_path, sheets_path
from scorepad.ui.screens.tournaments import player_lines, refused_here, status_words
from scorepad.ui.served import LOOPBACK_LINE, loopback_only, phone_base, qr_png
from scorepad.ui.widgets import TARGET, big_button, chip_row, choice_row, error_screen, header, icon_action, screen, section, tag

PRIZE_PLACES = (3, 5, 10, 20, 30)
EXPORTS = (("csv-de", "CSV für Excel", "csv"), ("html", "HTML", "html"), ("json", "JSON", "json"))
LOCKED_WORDS = ("Gesperrt: {wrong} falsche PINs. Die Handys am Tisch schreiben erst mit einer neuen PIN wieder mit "
                "(„Neue PIN“).")


def export_name(tournament: str, tid: int, ending: str) -> str:
    """The file name of a tournament's export: turnier-ID-NAME.ENDING (the name's letters and digits)."""
    word = "".join(c if c.isalnum() else "-" for c in tournament).strip("-")[:40]
    return f"turnier-{tid}" + (f"-{word}" if word else "") + f".{ending}"


def meetings_words(count: int) -> str:
    """The draw's repeat meetings, in words."""
    if count == 0:
        return "Wiederbegegnungen: keine"
    return f"Wiederbegegnungen: {count} {'Paar sitzt' if count == 1 else 'Paare sitzen'} wieder zusammen"


def seats_words(table: Any) -> str:
    """The seats in order (the first deals first), who sits out the first hand."""
    seats = [f"{name} (gibt zuerst)" if k == 0 else name for k, name in enumerate(table.seats)]
    line = " · ".join(seats)
    return line + (f" · setzt aus: {', '.join(table.sitting_out)}" if table.sitting_out else "")


def outlined(label: str, on_click: Any = None, *, icon: Any = None, key: str, url: str | None = None) -> ft.Control:
    return tag(ft.OutlinedButton(label, icon=icon, on_click=on_click, height=TARGET, key=key,
                                 url=ft.Url(url, target=ft.UrlTarget.BLANK) if url else None))


def table_card(nav: Any, tid: int, table: Any, open_round: bool,
               new_pin: Callable[[Any], None] | None = None) -> ft.Control:
    """A table of the round: its progress and seats; open its evening, correct a hand, and while
    the round is open draw it a new PIN (`new_pin`: a table whose phones cannot take the pen)."""
    k = table.table
    actions = [outlined("Abend öffnen", lambda _e=None, e=table.evening: nav.go(Route("table", e)),
                        icon=ft.Icons.OPEN_IN_NEW, key=f"open-table-{k}")]
    if table.played:
        actions.append(outlined("Spiel korrigieren", lambda _e=None, e=table.evening: nav.go(
            Route("tournament-correct", e, tournament=tid)), icon=ft.Icons.EDIT, key=f"correct-table-{k}"))
    if open_round and new_pin is not None:
        actions.append(outlined("Neue PIN", lambda _e=None: new_pin(table), icon=ft.Icons.PASSWORD,
                                key=f"new-table-pin-{k}"))
    done = table.complete or not open_round
    parts: list[ft.Control] = [
        tag(ft.Text(table.german(), size=18, weight=ft.FontWeight.BOLD,
                    color=None if done else ft.Colors.PRIMARY, key=f"progress-{k}")),
        tag(ft.Text(seats_words(table), size=15, key=f"seats-{k}")),
    ]
    if table.locked and open_round:
        parts.append(ft.Container(ft.Row([
            ft.Icon(ft.Icons.LOCK, color=ft.Colors.ON_ERROR_CONTAINER),
            tag(ft.Text(LOCKED_WORDS.format(wrong=table.wrong_pins), size=15, expand=True,
                        color=ft.Colors.ON_ERROR_CONTAINER, key=f"table-locked-{k}"))]),
            bgcolor=ft.Colors.ERROR_CONTAINER, padding=8, border_radius=8))
    if open_round:
        parts.append(table_phone(k, table))
    parts.append(chip_row(actions))
    return ft.Row([ft.Card(ft.Container(ft.Column(parts, spacing=6), padding=12), expand=True, margin=0)])


def table_phone(k: int, table: Any) -> ft.Control:
    """What a table's phone needs (as its sheet says): the PIN, the table's address and its QR
    code; the address is the one the server serves phones (ui/served.py). Served on loopback no
    QR code: a phone that scans one opens its own 127.0.0.1 (the screen's line says how to serve)."""
    address = evening_address(phone_base(), table.evening)
    qr = None if loopback_only() else qr_png(address, scale=3)
    return ft.Row(([] if qr is None else [
        tag(ft.Image(src=qr, width=112, height=112, semantics_label=f"QR-Code: {address}", key=f"table-qr-{k}"))]) + [
        ft.Column([
            tag(ft.Text(f"PIN {table.pin}", size=24, weight=ft.FontWeight.BOLD, key=f"table-pin-{k}")),
            tag(ft.Text(address, size=14, key=f"table-link-{k}")),
        ], spacing=4, expand=True, tight=True),
    ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def TournamentScreen(nav, tick: int) -> ft.Control:
    tid = nav.route.tournament
    places, set_places = ft.use_state(10)
    late = use_field_text()  # the late arrival's field, read when Nachmelden is tapped (ui/fields.py)
    back = nav.to("tournaments")
    try:
        info = nav.app.tournament(tid)
        shown = nav.app.tournament_round(tid)
    except ScorepadError as exc:
        return refused_here(nav, "Turnier", back, exc)
    playing = info.open_round is not None and not info.finished

    def draw() -> None:
        nav.attempt(lambda: nav.app.draw_round(tid), f"{info.round_word} {info.drawn + 1} ausgelost")

    def confirm(title: str, text: str, label: str, key: str, action: Any) -> None:
        def yes(_e=None) -> None:
            nav.page.pop_dialog()
            action()

        nav.page.show_dialog(ft.AlertDialog(
            title=ft.Text(title), semantics_label=title, content=ft.Text(text, size=16),
            actions=[ft.TextButton("Abbrechen", on_click=lambda: nav.page.pop_dialog(), key=f"{key}-cancel"),
                     tag(ft.FilledButton(label, on_click=yes, key=key))]))

    short = [t for t in (shown.tables if shown and playing else []) if not t.complete]
    short_words = ", ".join(f"Tisch {t.table} ({t.played} von {t.games})" for t in short)

    def close() -> None:
        done = f"{info.round_word} {info.open_round} abgeschlossen"
        if not short:
            nav.attempt(lambda: nav.app.close_round(tid), done)
            return
        confirm(f"{info.round_word} {info.open_round} abschließen?", f"Noch nicht fertig: {short_words}. Die fehlenden Spiele "
                "werden nicht mehr gespielt.", "Trotzdem abschließen", "close-force",
                lambda: nav.attempt(lambda: nav.app.close_round(tid, force=True), done))

    def finish() -> None:
        more = f" Noch nicht fertig: {short_words}." if short else ""
        confirm("Turnier beenden?", f"Danach wird nichts mehr ausgelost und nichts mehr eingetragen.{more}",
                "Beenden", "finish-yes", lambda: nav.attempt(lambda: nav.app.finish_tournament(tid, force=True),
                                                             "Turnier beendet"))

    def new_pin(table: Any) -> None:
        """Ask, then draw the table a new PIN (the app layer checks this phone runs the
        tournament) and show it, to take to the table."""
        def drawn() -> None:
            try:
                pin = nav.app.reset_pin(table.evening)
            except ScorepadError as exc:
                nav.notify(exc.german)
                nav.refresh()
                return
            nav.page.show_dialog(ft.AlertDialog(
                title=ft.Text(f"Tisch {table.table}: neue PIN"),
                content=ft.Column([
                    tag(ft.Text(pin, size=48, weight=ft.FontWeight.BOLD, key="new-table-pin-shown")),
                    ft.Text("Ein Handy am Tisch gibt sie unter „Mitschreiben: PIN eingeben“ ein und schreibt "
                            "sofort mit.", size=16)], tight=True),
                actions=[tag(ft.FilledButton("Fertig", on_click=lambda: nav.page.pop_dialog(),
                                             key="new-table-pin-done"))]))

        confirm(f"Neue PIN für Tisch {table.table}?",
                "Die Handys am Tisch schreiben erst wieder mit, wenn eines die neue PIN eingibt. Falsche PINs "
                "von vorher zählen dann nicht mehr.", "Neue PIN", "new-table-pin-yes", drawn)

    async def download(format: str, ending: str, label: str, _e: Any = None) -> None:
        """The tournament as a file (the app layer checks this phone runs it); where the browser
        saves none, the text to copy by hand (ui/browser_calls.py)."""
        try:
            text = await asyncio.to_thread(nav.app.export_tournament, tid, format)
        except ScorepadError as exc:
            nav.notify(exc.german)
            return
        await browser_calls.save_file(nav, export_name(info.name, tid, ending), text.encode("utf-8"),
                                      f"{label} gespeichert")

    def enter() -> None:
        entries = player_lines(late.value)
        if len(entries) != 1:
            nav.notify("Eine Nachmeldung: ein Name, die Nummer wahlweise davor")
            return
        name, number = entries[0]
        if nav.attempt(lambda: nav.app.enter_tournament_player(tid, name, number),
                       f"{name} spielt ab {info.round_word} {info.drawn + 1} mit"):
            late.clear()

    body: list[ft.Control] = []
    if shown is not None:
        title = f"{info.round_word} {shown.round} von {info.rounds}" + (" · abgeschlossen" if shown.closed else "")
        body.append(tag(ft.Text(title, size=18, weight=ft.FontWeight.BOLD, key="round-title")))
        body.append(tag(ft.Text(meetings_words(shown.repeat_meetings), size=15, key="round-meetings")))
        if loopback_only():
            body.append(tag(ft.Text(LOOPBACK_LINE, size=15, color=ft.Colors.ERROR, key="loopback-line")))
        body.extend(table_card(nav, tid, t, playing, new_pin) for t in shown.tables)
    else:
        body.append(tag(ft.Text(f"Noch keine {info.round_word} ausgelost", size=16, key="round-title")))
    prints = []
    if shown is not None:
        prints.append(outlined(f"Tischzettel {info.round_word} {shown.round}", icon=ft.Icons.PRINT, key="print-sheets",
                               url=sheets_path(tid, shown.round)))
    prints.append(outlined("Rangliste drucken", icon=ft.Icons.PRINT, key="print-ranking", url=ranking_path(tid)))
    offered = sorted({p for p in PRIZE_PLACES if p < len(info.players)} | {len(info.players)})
    chosen = places if places in offered else min(offered, key=lambda p: abs(p - places))
    prints.append(outlined(f"Preisliste: erste {chosen}", icon=ft.Icons.EMOJI_EVENTS, key="print-prizes",
                           url=prizes_path(tid, chosen)))
    if nav.local:  # the print pages are served to the serving machine only (ui/printroute.py)
        body.append(section("Drucken", chip_row(prints)))
    else:
        body.append(section("Drucken", tag(ft.Text("Tischzettel, Rangliste und Preisliste druckt der "
                                                    "Organisator-Laptop", size=15, key="print-at-laptop"))))
    body.append(section("Exportieren", chip_row(
        outlined(label, functools.partial(download, fmt, ending, label),
                 icon=ft.Icons.DOWNLOAD, key=f"export-{fmt}") for fmt, label, ending in EXPORTS)))
    body.append(section("Preise für die ersten", choice_row([(p, str(p)) for p in offered], chosen, set_places,
                                                            width=56, key_prefix="prizes-")))
    body.append(section("Spieler", *player_rows(nav, tid, info)))
    if not info.finished:
        body.append(section("Nachmeldung", ft.Row([
            tag(late.field(hint_text="Name, wahlweise die Nummer davor", expand=True, text_size=17,
                           on_submit=lambda _e=None: enter(), key="late-name")),
            tag(ft.FilledButton("Nachmelden", on_click=lambda _e=None: enter(), height=TARGET, key="late-add"))])))
        body.append(ft.Row([outlined("Turnier beenden", lambda _e=None: finish(), icon=ft.Icons.FLAG, key="finish")]))

    if info.finished:
        bottom: ft.Control = tag(ft.Text("Turnier beendet", size=18, weight=ft.FontWeight.BOLD, key="finished"))
    elif playing:
        bottom = big_button(f"{info.round_word} {info.open_round} abschließen", lambda _e=None: close(), icon=ft.Icons.DONE_ALL,
                            key="close-round")
    elif info.drawn < info.rounds:
        bottom = big_button(f"{info.round_word} {info.drawn + 1} auslosen", lambda _e=None: draw(), icon=ft.Icons.SHUFFLE,
                            key="draw-round")
    else:
        bottom = big_button("Turnier beenden", lambda _e=None: finish(), icon=ft.Icons.FLAG, key="finish-last")
    board = icon_action(ft.Icons.LEADERBOARD, "Rangliste am Beamer",
                        lambda _e=None: nav.go(Route("ranking", tournament=tid)), key="projector")
    return screen(header(info.name, on_back=back, actions=[board], subtitle=status_words(info)), body,
                  ft.Row([bottom]))


def player_rows(nav: Any, tid: int, info: Any) -> list[ft.Control]:
    """Each entered player: withdraw (from the next round on) or enter again."""
    upcoming = info.drawn + 1
    rows: list[ft.Control] = []
    for p in info.players:
        change: Callable[[], Any]
        label = (f"{p.number} · " if p.number is not None else "") + p.name
        if p.present(upcoming):
            action, key = "Abmelden", f"withdraw-{p.name}"
            change = functools.partial(nav.app.withdraw_tournament_player, tid, p.name)
            done = f"{p.name} ab {info.round_word} {upcoming} abgemeldet"
        else:
            label += f" · abgemeldet ab {info.round_word} {p.until_round}" if p.until_round else f" · ab {info.round_word} {p.from_round}"
            action, key = "Wieder anmelden", f"enter-{p.name}"
            change = functools.partial(nav.app.enter_tournament_player, tid, p.name, p.number)
            done = f"{p.name} spielt ab {info.round_word} {upcoming} wieder mit"
        parts: list[ft.Control] = [ft.Text(label, size=16, expand=True)]
        if not info.finished and upcoming <= info.rounds:
            parts.append(tag(ft.TextButton(action, height=TARGET, key=key,
                                           on_click=lambda _e=None, c=change, d=done: nav.attempt(c, d))))
        rows.append(ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return rows


@ft.component
def CorrectTableScreen(nav, tick: int) -> ft.Control:
    """Which hand of a table to correct, and the table's PIN (its sheet's): then the game's form."""
    evening_id, tid = nav.route.evening, nav.route.tournament
    pin, set_pin = ft.use_state("")  # what the PIN field shows (the hands are offered at 4 digits)
    pin_text = use_field_text()  # the field, read when a hand is tapped (ui/fields.py)
    back = (lambda _e=None: nav.go(Route("tournament", tournament=tid)))
    try:
        where = nav.app.tournament_table(evening_id)
        nav.app.tournament(tid)  # (the organiser's: refused a phone from another machine)
        table, result, hands = nav.app.table(evening_id), nav.app.show(evening_id), nav.app.hands(evening_id)
    except ScorepadError as exc:
        return error_screen("Spiel korrigieren", back, exc)
    title = f"Tisch {where.table} · {table.tournament.round_word} {where.round}" if where else "Spiel korrigieren"

    def pick(number: int) -> None:
        pin = pin_text.value
        try:
            right = nav.app.check_pin(evening_id, pin)
        except ScorepadError as exc:
            nav.notify(exc.german)
            return
        if not right:
            nav.notify(f"Das ist nicht die PIN von Tisch {where.table if where else ''}".strip())
            return
        nav.go(Route("correct", evening_id, number, tournament=tid, pin=pin))

    body: list[ft.Control] = [
        section("PIN des Tisches (steht auf dem Tischzettel)", tag(pin_text.field(
            max_length=4, text_size=22, keyboard_type=ft.KeyboardType.NUMBER, width=160,
            on_change=lambda e: set_pin(e.control.value or ""), key="correct-pin"))),
        ft.Text("Welches Spiel?", size=16, weight=ft.FontWeight.BOLD),
    ]
    for hand, raw in reversed(list(zip(result.hands, hands))):
        body.append(tag(ft.ListTile(title=ft.Text(f"{hand.number} · {describe_hand(table, raw, hand)}", size=15),
                                    on_click=lambda _e=None, n=hand.number: pick(n), disabled=len(pin) != 4,
                                    min_height=52, key=f"fix-hand-{hand.number}")))
    return screen(header("Spiel korrigieren", on_back=back, subtitle=title), body)
