"""New evening: the game (a rule table), the players in seating order, the first dealer and
the table's most asked-for options. Names are typed here once; during play nothing is typed."""

from __future__ import annotations

import flet as ft

from scorepad import fmt
from scorepad.errors import ScorepadError
from scorepad.session import check_players
from scorepad.tables import builtin_tables, with_options
from scorepad.ui.widgets import big_button, chip, chip_row, choice_row, header, screen, section, tag

def _chain(*links: tuple[str, str, str]) -> list[dict]:
    return [{"key": key, "name": name, "by": by, "factor": 2} for key, name, by in links]


KONTRA, RE = ("kontra", "Kontra", "opponents"), ("re", "Re", "player_party")
SUB, HIRSCH = ("sub", "Sub", "opponents"), ("hirsch", "Hirsch", "player_party")

# the options a table asks for when an evening starts: (label, option path, choices)
OPTION_CHOICES = {
    "schafkopf": [
        ("Sauspiel-Tarif", ("contracts", "sauspiel", "tariff"), [10, 20, 50, 100]),
        ("Solo-Tarif", ("contracts", "solo", "tariff"), [50, 100, 200]),
        ("Laufende", ("laufende", "enabled"), [False, True]),
    ],
    "struliwuli": [
        ("Geld je Punkt", ("rate",), [1, 2, 5, 10]),
        ("Neukirchner Regel", ("neukirchner",), [True, False]),
    ],
    "ramsch": [("Bolla-Preis", ("bolla_price",), [0, 50, 100, 200])],
    "saukopf": [("Chipwert je Fleischpunkt", ("chip_value",), [0, 5, 10, 20])],
    "schwarze_sau": [("Preis je verlorenem Spiel", ("drink_price",), [0, 50, 100, 200])],
}

# what a table's own rules (Hausregeln) may change besides: tariffs, switches, thresholds
HOUSE_CHOICES = {
    "schafkopf": [
        ("Wenz-Tarif", ("contracts", "wenz", "tariff"), [50, 100, 200]),
        ("Farbwenz-Tarif", ("contracts", "farbwenz", "tariff"), [30, 50, 100]),
        ("Geier-Tarif", ("contracts", "geier", "tariff"), [50, 100]),
        ("Schneider im Sauspiel", ("contracts", "sauspiel", "schneider"), [10, 20, 50]),
        ("Wert je Laufendem", ("laufende", "value"), [10, 20, 50]),
        ("Tout", ("tout", "enabled"), [False, True]),
        ("Klopfen", ("klopfen", "enabled"), [False, True]),
        ("Stock, wenn alle weiter sagen", ("stock", "enabled"), [False, True]),
        ("Stock-Einsatz", ("stock", "stake"), [10, 20, 50]),
        ("Bockrunden", ("bock", "enabled"), [False, True]),
        ("Ramsch, wenn alle weiter sagen", ("ramsch", "enabled"), [False, True]),
        ("Verdoppeln", ("kontra_chain",), [_chain(KONTRA, RE), _chain(KONTRA, RE, SUB), _chain(KONTRA, RE, SUB, HIRSCH)]),
    ],
    "saukopf": [
        ("Stallgeruch im Trog: Verlierer unter", ("fleisch", "trog", "stallgeruch", "threshold"), [30, 31]),
        ("Stallgeruch im Napf: Verlierer über", ("fleisch", "napf", "stallgeruch", "threshold"), [89, 90]),
        ("Schlachtung im Trog", ("fleisch", "trog", "schlachtung", "points"), [1, 2, 3]),
        ("Schlachtung im Napf", ("fleisch", "napf", "schlachtung", "points"), [1, 2, 3]),
        ("Gegenhuftreter", ("rauborstig", "gegenhuftreter", "points"), [2, 3, 4]),
    ],
    "schwarze_sau": [("Verloren über", ("game_over_above",), [30, 40, 50])],
    "struliwuli": [("Genau getroffen zählt", ("exact_bonus",), [10, 20])],
    "ramsch": [
        ("Striche am Anfang", ("start_striche",), [5, 7, 9]),
        ("Ramsch (kein Stich)", ("ramsch_striche",), [1, 2, 3]),
    ],
}


def _label(path: tuple, value) -> str:
    if isinstance(value, list):
        return ", ".join(link["name"] for link in value) if value else "nicht"
    if isinstance(value, bool):
        return "an" if value else "aus"
    if path[-1] in ("tariff", "rate", "bolla_price", "chip_value", "drink_price", "schneider", "value", "stake"):
        return "aus" if value == 0 and path[-1] != "tariff" else fmt.money(value)
    return str(value)


def _get(table, path: tuple):
    value = table
    for part in path:
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    if isinstance(value, list):  # a list of table entries (the Kontra chain) compares as plain values
        return [v.model_dump(mode="json") if hasattr(v, "model_dump") else v for v in value]
    return value



def _nest(path: tuple, value) -> dict:
    out: dict = {}
    cur = out
    for part in path[:-1]:
        cur = cur.setdefault(part, {})
    cur[path[-1]] = value
    return out


def _merge(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


@ft.component
def NewEveningScreen(nav, tick: int) -> ft.Control:
    tables = builtin_tables()
    ruleset, set_ruleset = ft.use_state("schafkopf")
    players, set_players = ft.use_state([])
    typed, set_typed = ft.use_state("")
    dealer, set_dealer = ft.use_state(None)
    options, set_options = ft.use_state({})
    place, set_place = ft.use_state("")
    failure, set_failure = ft.use_state("")
    variant, set_variant = ft.use_state(None)  # a house variant's name, if one is chosen
    show_rules, set_show_rules = ft.use_state(False)
    variants = nav.app.house_rules()

    base = tables[ruleset]
    known = [p.name for p in nav.app.players()]

    def add(name: str):
        name = " ".join(name.split())
        if name and name.casefold() not in {p.casefold() for p in players}:
            set_players(players + [name])
        set_typed("")

    def move(i: int, step: int):
        j = i + step
        if 0 <= j < len(players):
            new = list(players)
            new[i], new[j] = new[j], new[i]
            set_players(new)

    def remove(name: str):
        set_players([p for p in players if p != name])
        if dealer == name:
            set_dealer(None)

    problem = ""
    try:
        table = with_options(base, options)
        check_players(table, players, dealer)
    except ScorepadError as exc:
        problem = exc.german
        if not players:
            problem = f"{base.name}: {' oder '.join(str(n) for n in base.players)} Spieler eintragen"
        elif exc.code == "player_count":
            problem = f"{base.name} spielen {' oder '.join(str(n) for n in base.players)} (jetzt {len(players)})"
        table = base

    def start():
        try:
            info = nav.app.start_evening(ruleset, players, dealer or players[0], options, place.strip() or None)
        except ScorepadError as exc:
            set_failure(exc.german)
            return
        nav.unlocked.add(info.id)  # who starts the evening keeps score
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
                chip_row([chip("Hausregeln anlegen", False, nav.to("house"), key="house-new"),
                          chip("Regeln ansehen", show_rules, lambda: set_show_rules(not show_rules), key="show-rules")]),
                hint=table.description),
        section("Spieler (im Uhrzeigersinn)",
                ft.Row([tag(ft.TextField(value=typed, label="Name", on_change=lambda e: set_typed(e.control.value),
                                     on_submit=lambda e: add(e.control.value), expand=True, key="name-field",
                                     capitalization=ft.TextCapitalization.WORDS)),
                        tag(ft.IconButton(ft.Icons.PERSON_ADD, on_click=lambda: add(typed), tooltip="Hinzufügen",
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
    for label, path, values in OPTION_CHOICES.get(base.family, []):
        current = _get(table, path)
        body.append(section(label, choice_row([(v, _label(path, v)) for v in values], current,
                                              lambda v, path=path: set_options(_merge(options, _nest(path, v))),
                                              key_prefix=f"opt-{'.'.join(path)}-")))
    if show_rules:
        from scorepad.ui.screens.rules import sheet_controls

        body += sheet_controls(table)
    body.append(tag(ft.TextField(value=place, label="Ort (optional)", on_change=lambda e: set_place(e.control.value),
                                 key="place-field")))
    if problem or failure:
        body.append(tag(ft.Text(failure or problem, color=ft.Colors.ERROR, size=15, key="new-problem")))
    return screen(header("Neuer Abend", on_back=nav.to("start")), body,
                  ft.Row([big_button("Abend starten", start, disabled=bool(problem), key="start-evening")]))
