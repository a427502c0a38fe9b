"""The organiser's tournaments (on the machine that serves scorepad, or a phone it allowed with a
code): the list, and a new one (its name, the rule table, rounds, games per round (one count, or one
per table size: "36/48"), the lost-game fee in euros, the players).
The app layer refuses any other phone (app/organiser.py); the list then asks for the code from the
organiser's laptop (ui/screens/organiser_phone.py) and offers nothing else."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, cast

import flet as ft

from scorepad import fmt
from scorepad.app.errors import TournamentError
from scorepad.errors import ScorepadError
from scorepad.tables import builtin_tables
from scorepad.tournament.event import fee_words, typed_fee, typed_games
from scorepad.tournament.limits import GAMES_MAX, NAME_MAX
from scorepad.ui.fields import use_field_text
from scorepad.ui.nav import Route
from scorepad.ui.screens.organiser_phone import OrganiserCodeScreen, OrganiserPhones, allowed_line
from scorepad.ui.widgets import big_button, choice_row, error_screen, header, screen, section, tag

ROUNDS = list(range(1, 9))
GAMES = [8, 12, 16, 20, 24, 28, 32, 36, 40, 48]
DEFAULT_ROUNDS, DEFAULT_GAMES = 3, 32
PLAYERS_HINT = "Ein Name je Zeile; die Startnummer wahlweise davor, z. B. „7 Hias“"
GAMES_HINT = "Eine Zahl für jeden Tisch, oder eine je Tischgröße, die kleinste zuerst: „36/48“ spielt 36 am Tisch " \
             "zu 3, 48 am Tisch zu 4"
FEE_HINT = "Euro je verlorenes Spiel eines Spielers in einer Runde: „0,50“, oder für das 1., 2., … verlorene Spiel " \
           "„0,50/0,50/0,50/1,00“ (der letzte Betrag gilt weiter); leer: keins"
NUMBERED = re.compile(r"(\d{1,5})[\s.:)-]+(\S.*)")


def player_lines(text: str) -> list[tuple[str, int | None]]:
    """The players as typed, one a line: "Hias", or with a number before it ("7 Hias", "7. Hias")."""
    out: list[tuple[str, int | None]] = []
    for line in text.splitlines():
        line = " ".join(line.split())
        if not line:
            continue
        numbered = NUMBERED.fullmatch(line)
        out.append((numbered.group(2), int(numbered.group(1))) if numbered else (line, None))
    return out


def field_words(nav: Any, ruleset: str, count: int) -> str:
    """How the field is seated under the chosen rules: "8 Spieler · 2 Tische zu 4" (or why it
    cannot be)."""
    try:
        sizes = nav.app.field_tables(ruleset, count)
    except ScorepadError as exc:
        return f"{count} Spieler · {exc.german}"
    parts = [f"{n} {'Tisch' if n == 1 else 'Tische'} zu {k}" for k, n in Counter(sizes).items()]
    return f"{count} Spieler · " + " und ".join(parts)


def status_words(info: Any) -> str:
    """How far a tournament is, in one line."""
    word = info.round_word  # the table's word for a round (Skat: Serie)
    if info.finished:
        state = "beendet"
    elif info.open_round is not None:
        state = f"{word} {info.open_round} von {info.rounds} läuft"
    elif info.drawn:
        state = f"{word} {info.drawn} von {info.rounds} abgeschlossen"
    else:
        state = f"{fmt.counted(info.rounds, info.rounds_word, singular=info.round_word)}, noch keine ausgelost"
    now = info.open_round or (info.drawn if info.finished else info.drawn + 1)  # the round played, or the next
    present = sum(1 for p in info.players if p.present(max(1, now)))
    return f"{state} · {present} Spieler · {info.games_words()} Spiele je {word}"


def one_count(typed: str) -> int | None:
    """The one count the games field holds (its chip lit), or None ("36/48", nothing yet)."""
    counts = typed_games(typed)
    return counts[0] if counts is not None and len(counts) == 1 else None


def fee_line(typed: str) -> str:
    """The lost-game fee as typed, in words ("0,50 € je verlorenes Spiel"), or what is wrong."""
    scale = typed_fee(typed)
    if scale is None:
        return "Beträge in Euro, z. B. „0,50“"
    return fee_words(scale)


def rule_tables(nav: Any) -> list[tuple[str, str]]:
    """(id, name) of each tournament rule table (a built-in table whose `[tournament]` says
    `offered`: the Preisschafkopf lists, Skat's Seeger-Fabian list), then the house variants of them."""
    offered = {tid: t for tid, t in builtin_tables().items() if t.tournament.offered}
    house = [(h.ruleset, h.name) for h in nav.app.house_rules() if h.base in offered]
    return [(tid, t.name) for tid, t in offered.items()] + house


def refused_here(nav: Any, title: str, back: Any, exc: ScorepadError) -> ft.Control:
    """A refused organiser screen: a phone from another machine is asked for the laptop's code."""
    if exc.code == "organiser_only" and not nav.local:
        return OrganiserCodeScreen(nav, exc.german)
    return error_screen(title, back, exc)


@ft.component
def TournamentsScreen(nav, tick: int) -> ft.Control:
    back = nav.to("start")
    try:
        tournaments = nav.app.list_tournaments()
    except ScorepadError as exc:
        return refused_here(nav, "Turniere", back, exc)
    body: list[ft.Control] = [] if nav.local else [allowed_line(nav)]
    body.append(ft.Row([big_button("Neues Turnier", nav.to("tournament-new"), icon=ft.Icons.ADD,
                                   key="new-tournament")]))
    for t in reversed(tournaments):
        body.append(tag(ft.ListTile(
            title=ft.Text(t.name, size=17, weight=ft.FontWeight.BOLD), subtitle=ft.Text(status_words(t), size=15),
            on_click=lambda _e=None, tid=t.id: nav.go(Route("tournament", tournament=tid)),
            min_height=56, key=f"tournament-{t.id}")))
    if not tournaments:
        body.append(ft.Text("Noch kein Turnier angelegt.", size=16))
    if nav.local:
        body.append(OrganiserPhones(nav, tick))
    return screen(header("Turniere", on_back=back, subtitle="Preisschafkopf und Preisskat: Auslosung, Tische, Rangliste"), body)


@ft.component
def NewTournamentScreen(nav, tick: int) -> ft.Control:
    name, set_name = ft.use_state("")  # what the fields show (for the line under them, Turnier anlegen)
    name_text = use_field_text()  # the fields, read when Turnier anlegen is tapped (ui/fields.py)
    tables = rule_tables(nav)
    ruleset, set_ruleset = ft.use_state(cast(str | None, None))
    rounds, set_rounds = ft.use_state(DEFAULT_ROUNDS)
    games_text = use_field_text(str(DEFAULT_GAMES))
    games, set_games = ft.use_state(str(DEFAULT_GAMES))  # what the games field shows (its chip lit)
    fee_text = use_field_text()
    fee, set_fee = ft.use_state("")
    typed, set_typed = ft.use_state("")
    players_text = use_field_text()
    chosen = ruleset or (tables[0][0] if tables else "")

    def pick_games(count: int) -> None:
        """A chip tapped: its count in the field."""
        games_text.pending = str(count)
        set_games(str(count))

    entries = player_lines(typed)

    def create() -> None:
        made = []
        name, entries = name_text.value, player_lines(players_text.value)
        counts, scale = typed_games(games_text.value), typed_fee(fee_text.value)

        def change() -> None:
            if counts is None:
                raise TournamentError("tournament_games_count", max=GAMES_MAX, value=games_text.value)
            if scale is None:
                raise TournamentError("tournament_fee_euros", value=fee_text.value)
            made.append(nav.app.new_tournament(name.strip(), chosen, rounds, counts[0] if len(counts) == 1 else counts,
                                               [n for n, _ in entries], [k for _, k in entries], fees=scale))

        if nav.attempt(change, "Turnier angelegt"):
            nav.go(Route("tournament", tournament=made[0].id))

    body: list[ft.Control] = [
        tag(name_text.field(label="Name des Turniers", on_change=lambda e: set_name(e.control.value or ""),
                            max_length=NAME_MAX, text_size=18, key="tournament-name")),
        section("Regeln", choice_row(tables, chosen, set_ruleset, key_prefix="rules-")),
        section("Runden", choice_row([(r, str(r)) for r in ROUNDS], rounds, set_rounds, width=56, key_prefix="rounds-")),
        section("Spiele je Tisch und Runde", choice_row([(g, str(g)) for g in GAMES], one_count(games), pick_games,
                                                        width=64, key_prefix="games-"),
                tag(games_text.field(label="Spiele je Tisch und Runde", on_change=lambda e: set_games(e.control.value or ""),
                                     text_size=17, key="tournament-games")),
                hint=GAMES_HINT),
        section("Verlustspielgeld", tag(fee_text.field(label="Euro", on_change=lambda e: set_fee(e.control.value or ""),
                                                       text_size=17, key="tournament-fee")),
                tag(ft.Text(fee_line(fee), size=15, key="tournament-fee-words")), hint=FEE_HINT),
        section("Spieler", tag(players_text.field(multiline=True, min_lines=6, max_lines=14, text_size=17,
                                            hint_text=PLAYERS_HINT, on_change=lambda e: set_typed(e.control.value or ""),
                                            key="tournament-players")),
                hint=PLAYERS_HINT),
        tag(ft.Text(field_words(nav, chosen, len(entries)) if entries else "Noch keine Spieler eingetragen", size=16,
                    weight=ft.FontWeight.W_600, key="tournament-field")),
    ]
    ready = bool(name.strip()) and bool(chosen) and len(entries) >= 4
    return screen(header("Neues Turnier", on_back=nav.to("tournaments")), body,
                  ft.Row([big_button("Turnier anlegen", create, icon=ft.Icons.CHECK, disabled=not ready,
                                     key="tournament-create")]))
