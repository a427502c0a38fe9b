"""A tournament's ranking for a projector (or a big screen): large type, as many lines a page as
the screen holds (measured against the viewport: every part has a fixed height, scaled to the
screen; ROWS at 1080 lines), the pages turning by themselves every PAGE_S seconds ("Seite 2 von
4"), the counts of the table's tie-breaks in their columns (Schafkopf: won solos; Skat: won and
lost games) and the tie-break shown where it decided a place. A phone (narrow) gets place, name and points
in larger type. It renders again when the browser window changes size (ui/main.py). It renders again after the saves at any table, at most every few tenths of a
second, every ranking screen at once (ui/ranking_feed.py; the board is computed once for them
all: app/ranking.py), and what the command line saves comes in through the store watch
(app/watch.py). Opened from the start screen or at the address /turnier/ID."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorepad import fmt
from scorepad.app.tournament_models import BoardLine, RankingBoard
from scorepad.errors import ScorepadError
from scorepad.tournament import tie_breaks
from scorepad.ui.widgets import error_screen, icon_action, tag

ROWS = 15  # lines a page on a 1080p projector: readable from the back of the room
PAGE_S = 8.0  # seconds a page stays before the next
SIZE = 34  # the lines' type (at 1080 lines)
# the columns: (field, heading, width; None: the rest), at 1080 lines; the table's tie-breaks'
# columns go between the points and the games (BREAK_W each), the decided column is as wide as
# the table's words need (DECIDED_W at least)
COLUMNS: list[tuple[str, str, int | None]] = [("place", "Platz", 110), ("number", "Nr.", 110), ("name", "Name", None),
                                              ("points", "Punkte", 190), ("games", "Spiele", 140),
                                              ("decided", "Entscheid", 230)]
BREAK_W = {"solos": 120}  # a tie-break's column (a short heading over a count), else 100
DECIDED_W, LETTER_W = 230, 17  # the decided column: at least, and for each letter of its longest words
PHONE_FIELDS = ("place", "name", "points")  # a phone: Platz, Name, Punkte
RIGHT = ("number", "points", "games")  # the columns of numbers (and every tie-break's)
NARROW = 700  # a screen narrower than this is a phone
PROJECTOR = (1920.0, 1080.0)  # what a page is taken to be before the browser says its size
# the fixed heights (at 1080 lines) that make a page's lines countable: top bar, headings, footer, line
TOP_H, HEAD_H, FOOT_H, LINE_H = 130, 44, 64, 56


def columns(keys: tuple[str, ...]) -> list[tuple[str, str, int | None]]:
    """The columns of a table whose tie-breaks are `keys` (at 1080 lines)."""
    words = [tie_breaks.LOT_DECIDED, *(tie_breaks.decided_words(k) for k in keys)]
    decided = max(DECIDED_W, LETTER_W * max(len(w) for w in words))
    counts = [(k, tie_breaks.TIE_BREAKS[k].head, BREAK_W.get(k, 100)) for k in keys]
    return [*COLUMNS[:4], *counts, COLUMNS[4], (*COLUMNS[5][:2], decided)]


class Layout:
    """How the ranking is laid out: `phone` (place, name and points) or a projector's columns
    (place, start number (only with `numbered`), name, points, the counts of the tie-breaks
    `keys`, games, what decided), every size times `scale`, `rows` lines a page (what fits
    between the top bar, the headings and the footer, never under them: `fitting`)."""

    def __init__(self, phone: bool, scale: float, numbered: bool = True, keys: tuple[str, ...] = tie_breaks.DEFAULT,
                 rows: int = ROWS):
        self.phone, self.scale, self.rows = phone, scale, rows
        self.columns = [c for c in columns(keys)
                        if (c[0] in PHONE_FIELDS if phone else numbered or c[0] != "number")]

    @classmethod
    def fitting(cls, width: float | None, height: float | None, numbered: bool = True,
                keys: tuple[str, ...] = tie_breaks.DEFAULT) -> Layout:
        """The layout of a screen of `width` x `height` logical pixels (None: not known yet,
        a 1080p projector)."""
        width, height = width or PROJECTOR[0], height or PROJECTOR[1]
        phone = width < NARROW
        # a phone: larger type than a projector's scaled down to its width
        fit = cls(phone, 0.7 if phone else max(0.5, min(height / PROJECTOR[1], width / 1400)), numbered, keys)
        fixed = fit.top(TOP_H) + fit.px(HEAD_H) + fit.px(FOOT_H)
        fit.rows = max(1, int((height - fixed) // fit.px(LINE_H)))
        return fit

    def px(self, size: float) -> int:
        return max(1, round(size * self.scale))

    def top(self, size: float) -> int:
        """The top bar's sizes: on a phone smaller than the lines (its width holds the page number)."""
        return max(1, round(size * (0.5 if self.phone else self.scale)))

    def gap(self) -> int:
        return 12 if self.phone else self.px(24)

    def width(self, column: tuple[str, str, int | None]) -> int | None:
        field, _, wide = column
        if wide is None:
            return None
        return (60 if field == "place" else 100) if self.phone else self.px(wide)


def pages_of(count: int, rows: int = ROWS) -> int:
    """How many pages `count` lines fill, `rows` a page (one for none)."""
    return max(1, -(-count // rows))


def round_words(board: RankingBoard) -> str:
    """How far the tournament is, in one line."""
    one, more = board.round_word, board.rounds_word  # the table's words (Skat: Serie, Serien)
    if board.finished:
        return f"Endstand nach {board.round} von {board.rounds} {more}"
    if board.round == 0:
        return f"Noch keine {one} ausgelost · {fmt.counted(board.rounds, more, singular=one)}"
    if board.playing:
        return f"{one} {board.round} von {board.rounds} · {board.played} von {board.games} Spielen"
    return f"{one} {board.round} von {board.rounds} abgeschlossen"


def cell(text: str, width: int | None, *, size: int = SIZE, bold: bool = False, right: bool = False,
         colour: Any = None, key: str | None = None) -> ft.Control:
    words = ft.Text(text, size=size, weight=ft.FontWeight.BOLD if bold else ft.FontWeight.NORMAL, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS, color=colour, key=key,
                    text_align=ft.TextAlign.RIGHT if right else ft.TextAlign.LEFT)
    return ft.Container(tag(words) if key else words, width=width, expand=width is None)


@ft.component
def LineRow(tally: str, line: BoardLine, shaded: bool, layout: tuple[bool, float, bool, tuple[str, ...]]) -> ft.Control:
    """One line of the ranking, of a fixed height (so a page's lines are counted, never cut):
    rendered again only when it changed (RANK_LINE: at 50 tables most saves move a few lines of
    the page shown, not all fifteen). `layout`: (phone, scale, numbered, tie-breaks), what
    Layout makes of the screen."""
    fit = Layout(*layout)
    values = {"place": f"{line.rank}.", "number": "" if line.number is None else str(line.number), "name": line.name,
              "points": fmt.tally_value(tally, line.points), "games": str(line.games),
              "decided": tie_breaks.decided_words(line.decided_by)}
    values |= {t.key: str(getattr(line, t.field)) for t in tie_breaks.of(layout[3])}
    cells = [cell(values[c[0]], fit.width(c), size=fit.px(SIZE), bold=c[0] in ("place", "name", "points"),
                  right=c[0] in RIGHT or c[0] in tie_breaks.TIE_BREAKS,
                  colour=ft.Colors.ON_SURFACE_VARIANT if c[0] == "decided" else None, key=f"rank-{line.rank}-{c[0]}")
             for c in fit.columns]
    return tag(ft.Container(ft.Row(cells, spacing=fit.gap(), vertical_alignment=ft.CrossAxisAlignment.CENTER),
                            height=fit.px(LINE_H), padding=ft.Padding.symmetric(horizontal=fit.gap()),
                            bgcolor=ft.Colors.SURFACE_CONTAINER if shaded else None, key=f"rank-{line.rank}"))


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
    page_of = nav.page
    numbered = any(line.number is not None for line in board.lines)  # a field with start numbers
    keys = tuple(board.tie_breaks)  # the table's: their counts' columns
    fit = Layout.fitting(getattr(page_of, "width", None), getattr(page_of, "height", None), numbered, keys)
    pages = pages_of(len(board.lines), fit.rows)
    page = turn % pages
    shown = board.lines[page * fit.rows:(page + 1) * fit.rows]

    title = tag(ft.Text(board.name, size=fit.top(52), weight=ft.FontWeight.BOLD, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS, key="ranking-title"))
    round_line = tag(ft.Text(round_words(board), size=fit.top(30), color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                             overflow=ft.TextOverflow.ELLIPSIS, key="ranking-round"))
    page_words = tag(ft.Text(f"Seite {page + 1} von {pages}", size=fit.top(30), weight=ft.FontWeight.BOLD,
                             key="ranking-page"))
    # a phone: the page number beside the name, so the round's line has the bar's whole width
    # (beside the page number it was cut: "0 von 20 Spiel…")
    texts: list[ft.Control] = [ft.Column([ft.Row([ft.Container(title, expand=True), page_words],
                                                 vertical_alignment=ft.CrossAxisAlignment.CENTER), round_line],
                                         spacing=2, expand=True, alignment=ft.MainAxisAlignment.CENTER)] if fit.phone \
        else [ft.Column([title, round_line], spacing=2, expand=True, alignment=ft.MainAxisAlignment.CENTER), page_words]
    top = ft.Container(ft.Row([
        icon_action(ft.Icons.ARROW_BACK, "Zurück", back, key="back", icon_size=fit.top(30) if fit.phone else 30),
        *texts,
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER), height=fit.top(TOP_H),
        padding=ft.Padding.symmetric(horizontal=fit.gap()), bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        clip_behavior=ft.ClipBehavior.HARD_EDGE)
    headings = ft.Container(ft.Row([cell(c[1], fit.width(c), size=fit.px(24), right=c[0] in RIGHT or c[0] in keys,
                                         colour=ft.Colors.ON_SURFACE_VARIANT, key=f"ranking-head-{c[0]}")
                                    for c in fit.columns],
                                   spacing=fit.gap(), vertical_alignment=ft.CrossAxisAlignment.CENTER),
                            height=fit.px(HEAD_H), padding=ft.Padding.symmetric(horizontal=fit.gap()))
    rows: list[ft.Control] = [RANK_LINE(board.tally, line, k % 2 == 1, (fit.phone, fit.scale, numbered, keys))
                              for k, line in enumerate(shown)]
    if not rows:
        rows.append(ft.Container(tag(ft.Text("Noch niemand gemeldet", size=fit.px(SIZE), key="ranking-empty")),
                                 padding=fit.px(24)))
    foot = ft.Container(tag(ft.Text(tie_breaks.screen_rule(keys), size=fit.top(26) if fit.phone else fit.px(26), color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2,
                                    overflow=ft.TextOverflow.ELLIPSIS, key="ranking-rule")),
                        height=fit.px(FOOT_H), padding=ft.Padding.symmetric(horizontal=fit.gap()),
                        alignment=ft.Alignment.CENTER_LEFT)
    # the lines between the headings and the footer, clipped there: a page holds what fits
    lines = ft.Container(ft.Column(rows, spacing=0), expand=True, clip_behavior=ft.ClipBehavior.HARD_EDGE,
                         alignment=ft.Alignment.TOP_LEFT)
    return ft.Column([top, headings, lines, foot], spacing=0, expand=True)
