"""Entering or fixing a hand: the game's form, a live preview of what the hand will score,
rule errors at their field, and Speichern only once the engine accepts the hand.

The form only collects taps; the app layer has the engine check, score and store the hand.
A new hand's taps are kept as a draft in the store, so a reload or a closed tab loses nothing."""

from __future__ import annotations

import time
from typing import Any, cast

import flet as ft

from scorepad.app import StaleVersionError
from scorepad.describe import describe_hand
from scorepad.errors import HandError, ScorepadError
from scorepad.ui.forms import NO_ERROR, FormCtx, FormError, HandForm, form_for, sit_out
from scorepad.ui.notices import notice_line
from scorepad.ui.widgets import big_button, chip_row, header, screen, tag
from scorepad.ui.words import hand_preview

STALE = "Inzwischen wurde ein Spiel eingetragen"
PEN_LOST = "Die PIN wurde geändert: zum Eintragen die neue PIN eingeben"


def form_error(exc: HandError, number: int | None) -> tuple[FormError, bool]:
    """The engine's refusal as the form shows it, and whether it only says something is not
    entered yet ("Noch offen", shown under the form rather than at a field as a broken rule)."""
    if number is not None and exc.number != number:
        return FormError("hand", f"Dann passt Spiel {exc.number} nicht mehr: {exc.german}"), False
    return FormError(exc.key, exc.german), exc.missing


@ft.component
def HandScreen(nav, tick: int) -> ft.Control:
    app = nav.app
    evening_id, number = nav.route.evening, nav.route.number
    correcting = nav.route.screen == "correct"  # the organiser corrects a tournament table's hand with its PIN
    info = app.evening(evening_id)
    table = app.table(evening_id)
    game = app.before_hand(evening_id, number)
    # the form offers only who plays this hand: who sits it out (the deal says) is left out
    ctx = FormCtx(table=table, players=list(game.players), dealer=game.seats.dealer, state=game.state(),
                  board=game.snapshot(), number=number, game=game)
    form = form_for(table.family)
    def first_draft():  # the form's first render only: a tap reads neither the draft nor the hand
        if number is None:
            saved = app.draft(evening_id, nav.device)
            if saved:
                return saved
        existing, choice = sit_out.split_existing(app.hand(evening_id, number) if number else None)
        return {**form.initial(ctx, existing), **choice}

    draft, set_draft = ft.use_state(first_draft)
    # who sits out chosen at the table (sit_out.py): the form offers who plays then
    ctx.players = sit_out.in_play(game, sit_out.chosen(game, draft)) if game.seats.out else ctx.players
    busy, set_busy = ft.use_state(False)
    seen = ft.use_state(info.version)[0]  # the evening as this form first showed it
    stale_since = ft.use_ref(cast(float | None, None))  # when this form first showed another phone's change
    if info.version != seen and stale_since.current is None:
        stale_since.current = time.monotonic()
        nav.refresh_in(ARM_S + 0.05)

    def armed() -> bool:
        """Whether the choice "Verwerfen / Trotzdem eintragen" has been on the screen long enough
        to be meant: a tap on Speichern as the other phone's hand arrives lands where those
        buttons now stand, and must not enter the hand twice (or drop it)."""
        return stale_since.current is not None and time.monotonic() - stale_since.current >= ARM_S

    # the draft as last rendered: a tap that reaches an older copy of a chip (Flet may still hold
    # one) adds to the newest taps instead of overwriting them with the draft that copy knew
    latest = ft.use_ref(cast(dict[str, Any], {}))
    latest.current = draft

    def put(**changes):
        new = {**(latest.current or {}), **changes}
        latest.current = new
        set_draft(new)
        if number is None:
            try:
                app.save_draft(evening_id, new, expected_version=None, device=nav.device)
            except ScorepadError:
                pass  # the pen was taken meanwhile: the taps stay on the screen, the line above says why

    hand = sit_out.with_choice(game, draft, form.to_hand(ctx, draft)) if game.seats.out else form.to_hand(ctx, draft)
    err = NO_ERROR
    result = None
    try:
        result = app.preview(evening_id, hand, number)
    except HandError as exc:
        err, missing = form_error(exc, number)
    else:
        missing = False

    def save(payload: dict[str, Any] | None = None, expected: int | None = None):
        if busy:
            return
        if correcting:
            correct(payload if payload is not None else hand)
            return
        if not nav.can_edit(evening_id):  # the pen was taken (a new PIN, also from the command line)
            nav.notify(PEN_LOST)
            nav.refresh()
            return
        set_busy(True)
        to_store = payload if payload is not None else hand
        version = seen if expected is None else expected
        try:
            if number is None:
                done = app.add_hand(evening_id, to_store, expected_version=version, device=nav.device)
            else:
                done = app.edit_hand(evening_id, number, to_store, expected_version=version, device=nav.device)
        except StaleVersionError:
            # another phone saved first: nothing stored, the form keeps every tap, and the
            # screen shows that phone's hand beside this one (conflict_panel): the same hand?
            set_busy(False)
            return
        except ScorepadError as exc:
            set_busy(False)
            nav.notify(exc.german)
            return
        nav.confirm(evening_id, f"Spiel {done.number} gespeichert" if number is None else f"Spiel {number} geändert")

    def correct(to_store: dict[str, Any]) -> None:
        """The organiser's correction (app layer: the organiser only, with the table's PIN)."""
        try:
            app.correct_table_hand(evening_id, number, to_store, nav.route.pin)
        except ScorepadError as exc:
            nav.notify(exc.german)
            return
        nav.go(type(nav.route)("tournament", tournament=nav.route.tournament))
        nav.notify(f"Spiel {number} korrigiert")

    def discard():
        """The other phone's hand was this one: drop this phone's taps, back to the table."""
        if not armed():
            return
        if number is None:
            try:
                app.clear_draft(evening_id, nav.device)
            except ScorepadError as exc:
                nav.notify(exc.german)
                return
        nav.go(type(nav.route)("table", evening_id))
        nav.route = type(nav.route)("table", evening_id)
        nav.notify("Verworfen: dieses Spiel wurde nicht eingetragen")

    def delete():
        def confirmed():
            nav.page.pop_dialog()
            if not nav.can_edit(evening_id):
                nav.notify(PEN_LOST)
                nav.refresh()
                return
            try:
                app.delete_hand(evening_id, number, expected_version=seen, device=nav.device)
            except ScorepadError as exc:
                nav.notify(exc.german)
                return
            nav.confirm(evening_id, f"Spiel {number} gelöscht")

        nav.page.show_dialog(ft.AlertDialog(
            title=ft.Text(f"Spiel {number} löschen?"), semantics_label=f"Spiel {number} löschen?",
            content=ft.Text("Alle Spiele danach werden neu gerechnet."),
            actions=[ft.TextButton("Abbrechen", on_click=lambda: nav.page.pop_dialog()),
                     tag(ft.FilledButton("Löschen", on_click=confirmed, key="confirm-delete"))],
        ))

    body: list[ft.Control] = []
    body += list(form.view(ctx, draft, put, NO_ERROR if missing else err))
    seats_row = sit_out.row(game, draft, put)  # after the game's own rows: a choice seldom made
    if seats_row is not None:
        body.append(seats_row)
    if err.key == "hand" or (err.text and not missing and not _shown_at_field(body, err)):
        body.append(tag(ft.Text(err.text, color=ft.Colors.ERROR, size=15, weight=ft.FontWeight.W_600, key="form-error")))
    quick = form.quick_actions(ctx, save) if number is None else []
    if quick:
        body.append(ft.Divider())
        body.append(chip_row(quick))
    if result is not None:
        words = hand_preview(table, hand, result, list(ctx.board[ctx.players[0]].keys()))
        status = ft.Text(words, size=16, weight=ft.FontWeight.BOLD, key="preview")
    elif (waiting := form.pending(ctx, draft)) is not None:
        status = ft.Text(waiting, size=15, color=ft.Colors.ON_SURFACE_VARIANT, key="preview")
    elif missing:
        status = ft.Text(err.text, size=15, color=ft.Colors.ON_SURFACE_VARIANT, key="preview")  # "Noch offen: ..."
    else:
        status = ft.Text(err.text, size=15, color=ft.Colors.ERROR, key="preview")
    buttons = [big_button("Speichern", lambda: save(), disabled=result is None or busy, key="save",
                          tooltip="Speichern")]
    if number is not None and not correcting:
        buttons.insert(0, tag(ft.OutlinedButton("Löschen", icon=ft.Icons.DELETE, on_click=delete, height=56, key="delete")))
    conflict: list[ft.Control] = []
    if info.version != seen:  # another phone changed the evening since this form opened
        conflict = [conflict_panel(nav, evening_id, seen, table, hand, result, number)]
        ready = armed()  # until then both are greyed: a tap meant for Speichern does neither
        buttons = [tag(ft.OutlinedButton("Verwerfen", icon=ft.Icons.DELETE_OUTLINE, on_click=discard, height=56,
                                         key="discard", disabled=not ready)),
                   big_button("Trotzdem eintragen", lambda: save(expected=info.version) if armed() else None,
                              key="save-anyway", disabled=result is None or busy or not ready)]
    lost: list[ft.Control] = []
    if not correcting and not nav.can_edit(evening_id):  # a new PIN took the pen while the form was open: the taps stay
        lost = [ft.Row([tag(ft.Text(PEN_LOST, size=15, weight=ft.FontWeight.W_600, color=ft.Colors.ERROR, expand=True,
                                    key="pen-lost")),
                        tag(ft.OutlinedButton("PIN eingeben", height=48, on_click=nav.to("pin", evening_id),
                                              key="pen-lost-pin"))], wrap=True)]
    title = f"Spiel {number} ändern" if number else f"Spiel {info.hands + 1}"
    back = nav.to("table", evening_id)
    if correcting:
        title = f"Spiel {number} korrigieren"
        back = (lambda _e=None: nav.go(type(nav.route)("tournament-correct", evening_id, tournament=nav.route.tournament)))
    return screen(header(title, on_back=back, subtitle=f"Geber {ctx.dealer}"), body,
                  ft.Column(lost + [c for c in [notice_line(nav.notice)] if c is not None] + conflict + _summary_line(form, ctx, draft)
                            + [tag(status), ft.Row(buttons)], spacing=8))


ARM_S = 1.0  # how long the choice after another phone's save stays greyed (see `armed`)


def conflict_panel(nav, evening_id: int, seen: int, table, hand, result, number: int | None) -> ft.Control:
    """What another phone stored since this form opened, beside this phone's hand, as a line
    of the layout above the preview (never over it): the same hand twice, or a second one?"""
    try:
        changes = nav.app.changes_since(evening_id, seen)
    except ScorepadError:
        changes = []
    added = any(c.action == "add" for c in changes)
    title = f"{STALE}. Das gleiche Spiel?" if added else "Inzwischen hat ein anderes Handy etwas geändert"
    lines: list[ft.Control] = [tag(ft.Text(title, size=16,
                                           weight=ft.FontWeight.BOLD, key="stale"))]
    for i, change in enumerate(changes[-3:]):
        lines.append(tag(ft.Text(f"Anderes Handy: {change_words(table, change)}", size=15,
                                 key=f"stale-other-{i}" if i else "stale-other")))
    try:
        mine = describe_hand(table, hand, result) if result is not None else "noch nicht fertig"
    except (ScorepadError, KeyError, TypeError, ValueError, AttributeError):
        mine = hand_preview(table, hand, result, list(next(iter(result.deltas.values())).keys())) if result else ""
    lines.append(tag(ft.Text(f"Dieses Handy: {'Spiel ' + str(number) + ': ' if number else ''}{mine}", size=15,
                             weight=ft.FontWeight.W_600, key="stale-mine")))
    return ft.Container(ft.Column(lines, spacing=4), bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=10,
                        border_radius=10)


def change_words(table, change) -> str:
    """One change of the log in a few words: "Spiel 3 · Sauspiel Vroni + Kathi · gewonnen"."""
    try:
        if change.action in ("add", "edit") and isinstance(change.new, dict):
            words = describe_hand(table, change.new, None)
            return f"Spiel {change.number} · {words}" + (" (geändert)" if change.action == "edit" else "")
    except (ScorepadError, KeyError, TypeError, ValueError, AttributeError):
        pass
    what = {"add": "eingetragen", "edit": "geändert", "delete": "gelöscht", "undo": "rückgängig gemacht",
            "redo": "wiederhergestellt"}.get(change.action, "geändert")
    return f"Spiel {change.number} {what}" if change.number else f"Abend {what}"


def _summary_line(form: HandForm, ctx: FormCtx, draft: dict[str, Any]) -> list[ft.Control]:
    """What the form has so far, in one line above the preview: stays in view while it scrolls."""
    text = form.summary(ctx, draft)
    return [tag(ft.Text(text, size=14, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, key="summary"))] if text else []


def _shown_at_field(body: list[ft.Control], err: FormError) -> bool:
    """Whether a form section already shows this error next to its field."""
    def walk(c) -> bool:
        if isinstance(c, ft.Text) and c.value == err.text and c.color == ft.Colors.ERROR:
            return True
        for child in getattr(c, "controls", None) or []:
            if walk(child):
                return True
        content = getattr(c, "content", None)
        return walk(content) if isinstance(content, ft.Control) else False
    return any(walk(c) for c in body)
