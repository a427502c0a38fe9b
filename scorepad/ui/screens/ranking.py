"""A tournament's ranking for a projector (or a big screen): large type, ROWS lines a page, the
pages turning by themselves every PAGE_S seconds ("Seite 2 von 4"), the tie-break shown where it
decided a place. It renders again after the saves at any table, at most every few tenths of a
second, every ranking screen at once (ui/ranking_feed.py; the board is computed once for them
all: app/ranking.py), and what the command line saves comes in through the store watch
(app/watch.py). Opened from the start screen or at the address /turnier/ID."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorepad import fmt
from scorepad.app.tournament_models import BoardLine, RankingBoard
from scorepad.errors import ScorepadError
from scorepad.ui.widgets import error_screen, icon_action, tag

ROWS = 15  # lines a page: readable from the back of the room on a 1080p projector
PAGE_S = 8.0  # seconds a page stays before the next
TIE_BREAK = "Reihung: Punkte, dann gewonnene Soli, dann Los"
DECIDED = {"solos": "nach Soli", "lot": "durch Los"}
SIZE = 34  # the lines' type
# the columns: (heading, width; None: the rest)
COLUMNS: list[tuple[str, int | None]] = [("Platz", 110), ("Nr.", 110), ("Name", None), ("Punkte", 190),
                                         ("Soli", 120), ("Spiele", 140), ("Entscheid", 230)]


def pages_of(count: int) -> int:
    """How many pages `count` lines fill (one for none)."""
    return max(1, -(-count // ROWS))


def round_words(board: RankingBoard) -> str:
    """How far the tournament is, in one line."""
    if board.finished:
        return f"Endstand nach {board.round} von {board.rounds} Runden"
    if board.round == 0:
        return f"Noch keine Runde ausgelost · {board.rounds} Runden"
    if board.playing:
        return f"Runde {board.round} von {board.rounds} · {board.played} von {board.games} Spielen"
    return f"Runde {board.round} von {board.rounds} abgeschlossen"


def cell(text: str, width: int | None, *, size: int = SIZE, bold: bool = False, right: bool = False,
         colour: Any = None, key: str | None = None) -> ft.Control:
    words = ft.Text(text, size=size, weight=ft.FontWeight.BOLD if bold else ft.FontWeight.NORMAL, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS, color=colour, key=key,
                    text_align=ft.TextAlign.RIGHT if right else ft.TextAlign.LEFT)
    return ft.Container(tag(words) if key else words, width=width, expand=width is None)


@ft.component
def LineRow(tally: str, line: BoardLine, shaded: bool) -> ft.Control:
    """One line of the ranking: rendered again only when it changed (RANK_LINE: at 50 tables
    most saves move a few lines of the page shown, not all fifteen)."""
    values = [f"{line.rank}.", "" if line.number is None else str(line.number), line.name,
              fmt.tally_value(tally, line.points), str(line.solos_won), str(line.games),
              DECIDED.get(line.decided_by or "", "")]
    cells = [cell(v, w, bold=k in (0, 2, 3), right=k in (1, 3, 4, 5),
                  colour=ft.Colors.ON_SURFACE_VARIANT if k == 6 else None,
                  key=f"rank-{line.rank}-{('place', 'number', 'name', 'points', 'solos', 'games', 'decided')[k]}")
             for k, (v, (_, w)) in enumerate(zip(values, COLUMNS))]
    return ft.Container(ft.Row(cells, spacing=24), padding=ft.Padding.symmetric(horizontal=24, vertical=4),
                        bgcolor=ft.Colors.SURFACE_CONTAINER if shaded else None, key=f"rank-{line.rank}")


RANK_LINE = ft.memo(LineRow)


@ft.component
def RankingScreen(nav, tick: int) -> ft.Control:
    tournament_id = nav.route.tournament
    turn, set_turn = ft.use_state(0)

    def turn_pages() -> Any:
        """The next page after PAGE_S (as long as the screen is shown)."""
        gone = [False]

        async def next_page() -> None:
            if not gone[0]:
                set_turn(lambda t: t + 1)

        nav.soon(next_page, PAGE_S)
        return lambda: gone.__setitem__(0, True)

    ft.use_effect(turn_pages, [turn])

    def back(_e=None) -> None:
        nav.go(type(nav.route)("start"))

    try:
        board = nav.app.ranking_board(tournament_id)
    except ScorepadError as exc:
        return error_screen("Rangliste", back, exc)
    pages = pages_of(len(board.lines))
    page = turn % pages
    shown = board.lines[page * ROWS:(page + 1) * ROWS]

    top = ft.Container(ft.Row([
        icon_action(ft.Icons.ARROW_BACK, "Zurück", back, key="back", icon_size=30),
        ft.Column([tag(ft.Text(board.name, size=52, weight=ft.FontWeight.BOLD, max_lines=1,
                               overflow=ft.TextOverflow.ELLIPSIS, key="ranking-title")),
                   tag(ft.Text(round_words(board), size=30, color=ft.Colors.ON_SURFACE_VARIANT, key="ranking-round"))],
                  spacing=2, expand=True),
        tag(ft.Text(f"Seite {page + 1} von {pages}", size=30, weight=ft.FontWeight.BOLD, key="ranking-page")),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER), padding=ft.Padding.symmetric(horizontal=24, vertical=12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)
    headings = ft.Container(ft.Row([cell(h, w, size=24, right=k in (1, 3, 4, 5), colour=ft.Colors.ON_SURFACE_VARIANT)
                                    for k, (h, w) in enumerate(COLUMNS)], spacing=24),
                            padding=ft.Padding.symmetric(horizontal=24, vertical=6))
    rows: list[ft.Control] = [RANK_LINE(board.tally, line, k % 2 == 1) for k, line in enumerate(shown)]
    if not rows:
        rows.append(ft.Container(tag(ft.Text("Noch niemand gemeldet", size=SIZE, key="ranking-empty")), padding=24))
    foot = ft.Container(tag(ft.Text(TIE_BREAK, size=26, color=ft.Colors.ON_SURFACE_VARIANT, key="ranking-rule")),
                        padding=ft.Padding.symmetric(horizontal=24, vertical=12))
    return ft.Column([top, headings, ft.Column(rows, spacing=0, expand=True), foot], spacing=0, expand=True)
