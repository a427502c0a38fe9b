"""Rules as a sheet ("Regeln ansehen"), and a table's own variant ("Hausregeln anlegen")."""

from __future__ import annotations

import flet as ft

from scorepad.errors import ScorepadError
from scorepad.rulesheet import rule_sheet
from scorepad.tables import builtin_tables, with_options
from scorepad.ui.widgets import big_button, choice_row, header, screen, section, tag


def sheet_controls(table) -> list[ft.Control]:
    out: list[ft.Control] = []
    for heading, lines in rule_sheet(table):
        out.append(section(heading, *[ft.Text(line, size=15, selectable=True) for line in lines]))
    return out


@ft.component
def RulesScreen(nav, tick: int) -> ft.Control:
    """The evening's rules, as stored with it."""
    evening_id = nav.route.evening
    try:
        table = nav.app.table(evening_id)
    except ScorepadError as exc:
        return screen(header("Regeln", on_back=nav.to("start")), [ft.Text(str(exc), color=ft.Colors.ERROR)])
    return screen(header(f"Regeln: {table.name}", on_back=nav.to("table", evening_id)), sheet_controls(table))


@ft.component
def HouseRulesScreen(nav, tick: int) -> ft.Control:
    """A variant of a built-in table: its name and the values the table changes, checked live."""
    from scorepad.ui.screens.new_evening import HOUSE_CHOICES, OPTION_CHOICES, _get, _label, _merge, _nest

    tables = builtin_tables()
    base, set_base = ft.use_state("schafkopf")
    name, set_name = ft.use_state("")
    options, set_options = ft.use_state({})
    show, set_show = ft.use_state(False)
    problem = ""
    try:
        table = with_options(tables[base], options)
    except ScorepadError as exc:
        table, problem = tables[base], str(exc)
    if not name.strip():
        problem = problem or "Noch offen: ein Name für die Hausregeln"

    def save():
        try:
            nav.app.save_house_rules(name, base, options)
        except ScorepadError as exc:
            nav.notify(str(exc))
            return
        nav.notify(f"Hausregeln „{name.strip()}“ gespeichert")
        nav.go(type(nav.route)("new"))

    body: list[ft.Control] = [
        section("Beruht auf", choice_row([(tid, t.name) for tid, t in tables.items()], base,
                                         lambda v: (set_base(v), set_options({})), key_prefix="base-")),
        tag(ft.TextField(value=name, label="Name der Hausregeln", on_change=lambda e: set_name(e.control.value),
                         key="house-name")),
    ]
    family = tables[base].family
    for label, path, values in OPTION_CHOICES.get(family, []) + HOUSE_CHOICES.get(family, []):
        body.append(section(label, choice_row([(v, _label(path, v)) for v in values], _get(table, path),
                                              lambda v, path=path: set_options(_merge(options, _nest(path, v))),
                                              key_prefix=f"house-{path[-1]}-")))
    body.append(choice_row([(False, "Regeln ausblenden"), (True, "Regeln ansehen")], show, set_show,
                           key_prefix="house-sheet-"))
    if show:
        body += sheet_controls(table)
    if problem:
        body.append(tag(ft.Text(problem, color=ft.Colors.ERROR, size=15, key="house-problem")))
    return screen(header("Hausregeln anlegen", on_back=nav.to("new")), body,
                  ft.Row([big_button("Hausregeln speichern", save, disabled=bool(problem), key="house-save")]))
