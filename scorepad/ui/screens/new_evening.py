"""New evening: the game (a rule table), the players in seating order, the first dealer and
the table's most asked-for options. Names are typed here once; during play nothing is typed."""

from __future__ import annotations

from typing import Any, cast

import flet as ft

from scorepad import fmt
from scorepad.app.checks import check_name
from scorepad.errors import ScorepadError
from scorepad.games import DEFAULT_RULESET
from scorepad.session import MAX_NAME_CHARS, check_players
from scorepad.tables import builtin_tables, with_options
from scorepad.texts import PLACE
from scorepad.ui.choices import choice_values, evening_choices, fitting_table, picker, value_at
from scorepad.ui.fields import use_field_text
from scorepad.ui.tariffs import tariff_set_section
from scorepad.ui.widgets import big_button, chip, chip_row, choice_row, header, screen, section, tag


def joined(players: list[str], typed: str) -> list[str]:
    """The players with a typed name as the last (spaces tidied), unless it is empty or there already."""
    name = " ".join(typed.split())
    if not name or name.casefold() in {p.casefold() for p in players}:
        return players
    return players + [name]


def fits_rule(typed: str) -> bool:
    """Whether the app's name rule takes the typed name (one it refuses is said at its field)."""
    try:
        check_name(typed)
    except ScorepadError:
        return False
    return True


@ft.component
def NewEveningScreen(nav, tick: int) -> ft.Control:
    tables = builtin_tables()
    ruleset, set_ruleset = ft.use_state(DEFAULT_RULESET)
    players, set_players = ft.use_state(cast(list[str], []))
    name_text = use_field_text()  # a handler reads the field itself (ui/fields.py), never `typed`
    typed, set_typed = ft.use_state("")  # what the name field shows, for the problem line
    name_error, set_name_error = ft.use_state("")  # a name refused, said at its field
    dealer, set_dealer = ft.use_state(None)
    options, set_options = ft.use_state(cast(dict[str, Any], {}))
    place_text = use_field_text()
    failure, set_failure = ft.use_state("")
    variant, set_variant = ft.use_state(None)  # a house variant's name, if one is chosen
    show_rules, set_show_rules = ft.use_state(False)
    variants = nav.app.house_rules()

    base = tables[ruleset]
    known = [p.name for p in nav.app.players()]

    def add(name: str) -> None:
        set_players(lambda now: joined(now, name))

    def add_typed(_e=None) -> None:
        """Hinzufügen (or the keyboard's enter): the field's text as the phone last sent it,
        checked by the app's name rule; a refused name stays in the field, the reason under it."""
        if name_text.value.strip():
            try:
                add(check_name(name_text.value))
            except ScorepadError as exc:
                set_name_error(exc.german)
                return
        name_text.clear()
        set_typed("")
        set_name_error("")

    def typing(e) -> None:
        set_typed(e.control.value or "")
        set_name_error("")

    def move(i: int, step: int):
        def moved(now: list[str]) -> list[str]:
            j = i + step
            if not (0 <= i < len(now) and 0 <= j < len(now)):
                return now
            new = list(now)
            new[i], new[j] = new[j], new[i]
            return new
        set_players(moved)

    def remove(name: str):
        set_players(lambda now: [p for p in now if p != name])
        if dealer == name:
            set_dealer(None)

    problem = ""
    table = fitting_table(base, options) or base  # the options picked, also before the players
    listed = joined(players, typed if fits_rule(typed) else "")  # a name still in the field joins on Abend starten
    try:
        check_players(with_options(base, options), listed, dealer)
    except ScorepadError as exc:
        problem = exc.german
        if not listed:
            problem = f"{base.name}: {fmt.counts_words(table.players)} Spieler eintragen"
        elif exc.code == "player_count":
            problem = f"{base.name} spielen {fmt.counts_words(table.players)} (jetzt {len(listed)})"

    chosen = next((v for v in variants if v.name == variant), None)

    def start():
        names = joined(players, name_text.value)  # a name still in the field: the last to join
        try:  # a house variant starts by its id (the one `scorepad rulesets` lists), the picks over it
            info = nav.app.start_evening(chosen.ruleset if chosen else ruleset, names, dealer or next(iter(names), None), options,
                                         place_text.value.strip() or None)
        except ScorepadError as exc:
            set_failure(exc.german)
            return
        if nav.require_pin:
            nav.take_pen(info.id)  # who starts the evening keeps score, across reloads and restarts
        nav.go(type(nav.route)("table", info.id))

    def pick_variant(name):
        chosen = next(v for v in variants if v.name == name)
        set_ruleset(chosen.base)
        set_options(chosen.options)
        set_variant(chosen.name)

    games = [(tid, t.name) for tid, t in tables.items()]
    own = [chip(v.name, variant == v.name, (lambda _e=None, n=v.name: pick_variant(n)), key=f"house-{v.id}")
           for v in variants]
    body: list[ft.Control] = [
        section("Spiel", choice_row(games, None if variant else ruleset,
                                    lambda v: (set_ruleset(v), set_options({}), set_variant(None)), key_prefix="rules-"),
                *([ft.Text("Hausregeln", size=14, weight=ft.FontWeight.BOLD), chip_row(own)] if own else []),
                *([tag(ft.Text(f"Kennung: {chosen.ruleset}", size=13, key="variant-id"))] if chosen else []),
                chip_row([chip("Hausregeln anlegen", False, nav.to("house"), key="house-new"),
                          chip("Regeln ansehen", show_rules, lambda: set_show_rules(not show_rules), key="show-rules")]),
                hint=table.description),
        section("Spieler (im Uhrzeigersinn)",
                ft.Row([tag(name_text.field(label="Name", on_change=typing, error=name_error or None,
                                            on_submit=add_typed, expand=True, key="name-field",
                                            max_length=MAX_NAME_CHARS,  # the app's rule (a counter shows it)
                                            capitalization=ft.TextCapitalization.SENTENCES)),  # not "Von", "De"
                        tag(ft.IconButton(ft.Icons.PERSON_ADD, on_click=add_typed, tooltip="Hinzufügen",
                                          key="add-player"))]),
                chip_row(chip(k, False, (lambda _e=None, k=k: add(k)), key=f"known-{k}") for k in known if k not in players),
                *[ft.Row([ft.Text(f"{i + 1}. {p}", size=18, expand=True),
                          ft.IconButton(ft.Icons.ARROW_UPWARD, on_click=(lambda _e=None, i=i: move(i, -1)), tooltip=f"{p} nach oben"),
                          ft.IconButton(ft.Icons.ARROW_DOWNWARD, on_click=(lambda _e=None, i=i: move(i, 1)), tooltip=f"{p} nach unten"),
                          ft.IconButton(ft.Icons.CLOSE, on_click=(lambda _e=None, p=p: remove(p)), tooltip=f"{p} entfernen")])
                  for i, p in enumerate(players)]),
    ]
    if players:
        body.append(section("Wer gibt zuerst?", choice_row([(p, p) for p in players], dealer or players[0],
                                                           set_dealer, key_prefix="dealer-")))
    body += tariff_set_section(table, options, set_options)  # the tariffs move together, shown before the start
    for label, path, values in evening_choices(base.family):
        current = value_at(table, path)
        body.append(section(label, choice_row(choice_values(path, values), current,
                                              picker(options, set_options, path, table),
                                              key_prefix=f"opt-{'.'.join(path)}-")))
    if show_rules:
        from scorepad.ui.screens.rules import sheet_controls

        body += sheet_controls(table)
    body.append(tag(place_text.field(label="Ort (optional)", max_length=PLACE.max_chars, key="place-field")))
    if problem or failure:
        body.append(tag(ft.Text(failure or problem, color=ft.Colors.ERROR, size=15, key="new-problem")))
    return screen(header("Neuer Abend", on_back=nav.to("start")), body,
                  ft.Row([big_button("Abend starten", start, disabled=bool(problem), key="start-evening")]))
