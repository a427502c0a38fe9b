"""Rules as a sheet ("Regeln ansehen"), and a table's own variant ("Hausregeln anlegen")."""

from __future__ import annotations

import functools
from typing import Any, cast

import flet as ft

from scorepad.errors import ScorepadError
from scorepad.games import DEFAULT_RULESET
from scorepad.rulesheet import rule_sheet
from scorepad.tables import builtin_tables, with_options
from scorepad.ui import browser_calls
from scorepad.ui.choices import all_choices, choice_values, picker, value_at
from scorepad.ui.fields import FieldText, use_field_text
from scorepad.ui.tariffs import tariff_set_section
from scorepad.ui.widgets import big_button, chip, chip_row, choice_row, error_screen, header, screen, section, tag


def sheet_controls(table) -> list[ft.Control]:
    out: list[ft.Control] = []
    for heading, lines in rule_sheet(table):
        out.append(section(heading, *[ft.Text(line, size=15, selectable=True) for line in lines]))
    return out


def _share(nav, pasted: str, set_pasted, paste: FieldText) -> list[ft.Control]:
    """House variants out (a TOML file to download) and in (TOML pasted from a message; `pasted`
    what the field shows, `paste` the field, read when Übernehmen is tapped)."""
    variants = nav.app.house_rules()

    async def download(name: str, _e=None):
        text = nav.app.export_house_rules(name)
        await browser_calls.save_file(nav, f"hausregeln-{name}.toml", text.encode("utf-8"), f"{name} als TOML gespeichert")

    def take():
        try:
            rules = nav.app.import_house_rules_text(paste.value, "eingefügt")
        except ScorepadError as exc:
            nav.notify(exc.german)
            return
        paste.clear()
        set_pasted("")
        nav.notify(f"Hausregeln „{rules.name}“ übernommen")

    out: list[ft.Control] = []
    if variants:
        out.append(section("Hausregeln als TOML-Datei", chip_row(
            chip(v.name, False, functools.partial(download, v.name), key=f"house-export-{v.id}") for v in variants)))
    out.append(section("Hausregeln übernehmen (TOML einfügen)",
                       tag(paste.field(multiline=True, min_lines=3, max_lines=8,
                                       on_change=lambda e: set_pasted(e.control.value or ""), key="house-paste")),
                       chip_row([chip("Übernehmen", False, take, disabled=not pasted.strip(), key="house-import")])))
    return out


@ft.component
def RulesScreen(nav, tick: int) -> ft.Control:
    """The evening's rules, as stored with it; a scorekeeper may change them afterwards: the
    screen says what that changes before anything is stored."""
    evening_id = nav.route.evening
    app = nav.app
    try:
        info = app.evening(evening_id)
        table = app.table(evening_id)
    except ScorepadError as exc:
        return error_screen("Regeln", nav.to("start"), exc)
    options, set_options = ft.use_state(info.options)
    editing, set_editing = ft.use_state(False)
    body: list[ft.Control] = []
    bottom = None
    if nav.can_edit(evening_id) and not info.finished:
        if not editing:
            body.append(chip_row([chip("Regeln ändern", False, lambda: set_editing(True), key="rules-edit")]))
        else:
            body += _change_rules(nav, info, table, options, set_options, set_editing,
                                  all_choices(table))
            bottom = body.pop()
    body += sheet_controls(table)
    return screen(header(f"Regeln: {table.name}", on_back=nav.to("table", evening_id)), body, bottom)


def _change_rules(nav, info, table, options, set_options, set_editing, choices):
    """The choices, what they change, and the button (last) that applies them."""
    from scorepad import fmt

    app = nav.app
    evening_id = info.id
    variants = [v for v in app.house_rules() if v.base == info.ruleset]
    out: list[ft.Control] = []
    own = [chip(f"Grundregeln {info.ruleset}", not options, lambda: set_options({}), key="rules-base")]
    own += [chip(v.name, options == v.options, (lambda _e=None, v=v: set_options(v.options)), key=f"rules-house-{v.id}")
            for v in variants]
    out.append(section("Regeln für diesen Abend", chip_row(own)))
    problem, lines = "", []
    try:
        new_table, now_, then = app.rules_preview(evening_id, options)
        current = new_table
        lead = next(iter(now_.standings[info.players[0]]))
        for p in info.players:
            a, b = now_.standings[p][lead], then.standings[p][lead]
            if a != b:
                lines.append(f"{p}: {fmt.tally_value(lead, a, True)} → {fmt.tally_value(lead, b, True)}")
    except ScorepadError as exc:
        problem, current = exc.german, table
    for label, path, values in choices:
        out.append(section(label, choice_row(choice_values(path, values), value_at(current, path),
                                             picker(options, set_options, path, current),
                                             key_prefix=f"rules-{'.'.join(path)}-")))
    changed = options != info.options
    if problem:
        out.append(tag(ft.Text(problem, color=ft.Colors.ERROR, size=15, key="rules-problem")))
    elif changed:
        out.append(section("Was sich ändert", *[ft.Text(line, size=16) for line in lines]
                           or [ft.Text("An den Ständen ändert sich nichts.", size=16)]))

    def apply():
        try:
            app.change_rules(evening_id, options, expected_version=info.version)
        except ScorepadError as exc:
            nav.notify(exc.german)
            return
        set_editing(False)
        nav.notify("Regeln geändert: alle Spiele neu gerechnet")

    out.append(ft.Row([big_button("Ändern und neu rechnen", apply, disabled=bool(problem) or not changed,
                                  key="rules-apply")]))
    return out


@ft.component
def HouseRulesScreen(nav, tick: int) -> ft.Control:
    """A variant of a built-in table: its name and the values the table changes, checked live."""
    tables = builtin_tables()
    base, set_base = ft.use_state(DEFAULT_RULESET)
    name, set_name = ft.use_state("")  # what the name field shows (for the problem line)
    name_text = use_field_text()  # the field, read when Hausregeln speichern is tapped (ui/fields.py)
    options, set_options = ft.use_state(cast(dict[str, Any], {}))
    show, set_show = ft.use_state(False)
    pasted, set_pasted = ft.use_state("")
    paste = use_field_text()
    problem = ""
    try:
        table = with_options(tables[base], options)
    except ScorepadError as exc:
        table, problem = tables[base], exc.german
    if not name.strip():
        problem = problem or "Noch offen: ein Name für die Hausregeln"

    def save():
        name = name_text.value
        try:
            nav.app.save_house_rules(name, base, options)
        except ScorepadError as exc:
            nav.notify(exc.german)
            return
        nav.notify(f"Hausregeln „{name.strip()}“ gespeichert")
        nav.go(type(nav.route)("new"))

    body: list[ft.Control] = [
        section("Beruht auf", choice_row([(tid, t.name) for tid, t in tables.items()], base,
                                         lambda v: (set_base(v), set_options({})), key_prefix="base-")),
        tag(name_text.field(label="Name der Hausregeln", on_change=lambda e: set_name(e.control.value or ""),
                            key="house-name")),
    ]
    body += tariff_set_section(table, options, set_options, key_prefix="house-tariff-set-")
    for label, path, values in all_choices(table):
        body.append(section(label, choice_row(choice_values(path, values), value_at(table, path),
                                              picker(options, set_options, path, table),
                                              key_prefix=f"house-{'.'.join(path)}-")))
    body.append(choice_row([(False, "Regeln ausblenden"), (True, "Regeln ansehen")], show, set_show,
                           key_prefix="house-sheet-"))
    if show:
        body += sheet_controls(table)
    if problem:
        body.append(tag(ft.Text(problem, color=ft.Colors.ERROR, size=15, key="house-problem")))
    body += _share(nav, pasted, set_pasted, paste)
    return screen(header("Hausregeln anlegen", on_back=nav.to("new")), body,
                  ft.Row([big_button("Hausregeln speichern", save, disabled=bool(problem), key="house-save")]))
