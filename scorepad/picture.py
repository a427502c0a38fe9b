"""The evening as a picture to share in a chat: a PNG 1080 px wide (a phone screen), with the
game, the date, the standings, who pays whom and the chart. Drawn offline with Pillow and the
DejaVu font shipped in scorepad/fonts (umlauts, €, →); no browser.

Made for any stored evening: every line drawn is `plain` (a stored line break or direction mark
never reaches the layout), laid out left to right with a right-to-left name isolated (FSI ... PDI),
and cut to its width by a binary search over a bounded start of the text (a 6,000-character
place costs what a short one does)."""

from __future__ import annotations

import functools
import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

from scorepad import fmt
from scorepad.exportparts import (
    GAME_NAME_CHARS,
    PALETTE,
    chart_points,
    games_line,
    open_rad_note,
    owed_lines,
    places,
    show_saldo,
    transfers_heading,
    when_where,
)
from scorepad.summary import EveningSummary
from scorepad.texts import FSI, PDI, isolate_names, names_pattern, one_line, plain

FONTS = Path(__file__).parent / "fonts"
WIDTH, MARGIN, MAX_HEIGHT = 1080, 56, 2400
INK, MUTED, RULE, GREEN, RED, BACKGROUND = "#111111", "#555555", "#dddddd", "#2e7d32", "#c62828", "#ffffff"


@functools.lru_cache(maxsize=16)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


# with libraqm (Pillow's complex layout) a line is laid out left to right and a right-to-left
# name in it keeps to itself between FSI and PDI; the basic layout knows neither: no marks
RAQM = features.check("raqm")
DIRECTION = {"direction": "ltr"} if RAQM else {}
NARROWEST = 0.2  # no glyph of DejaVu Sans is narrower than this many font sizes (but marks)


def _laid_out(text: str) -> str:
    return text if RAQM else text.replace(FSI, "").replace(PDI, "")


def _length(f: ImageFont.FreeTypeFont, text: str) -> float:
    return f.getlength(_laid_out(text), **DIRECTION)


def _fit(text: str, f: ImageFont.FreeTypeFont, width: float) -> str:
    """The text cut with "…" to fit `width` pixels: no more characters than could ever fit are
    measured, and the cut is found by a binary search (a few measurements, not one per character)."""
    most = int(width / (f.size * NARROWEST)) + 1
    if len(text) <= most and _length(f, text) <= width:
        return text
    lo, hi = 0, min(len(text), most)  # text[:lo] + "…" fits; text[:hi + 1] + "…" does not
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _length(f, text[:mid] + "…") <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


def _wrap(text: str, f: ImageFont.FreeTypeFont, width: float, most: int = 8) -> list[str]:
    """The text in lines of `width` pixels, at most `most` of them (the last takes the rest, cut)."""
    widest = int(width / (f.size * NARROWEST)) + 1
    lines, line = [], ""
    words = text.split(" ")
    for i, word in enumerate(words):
        trial = f"{line} {word}".strip()
        if not line or (len(trial) <= widest and _length(f, trial) <= width):
            line = trial
            continue
        lines.append(line)
        if len(lines) == most - 1:
            line = " ".join(words[i:])
            break
        line = word
    lines.append(line)
    return [_fit(x, f, width) for x in lines]


class _Canvas:
    def __init__(self, players: list[str]):
        self.image = Image.new("RGB", (WIDTH, MAX_HEIGHT + 400), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.y = MARGIN
        self.names = names_pattern(players)

    def line(self, text: str) -> str:
        """A text as the picture draws it: `plain`, its right-to-left names isolated."""
        return isolate_names(plain(text), self.names)

    def put(self, xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont, fill: str, anchor: str | None = None) -> None:
        """Draw one line (made by `line`), left to right."""
        self.draw.text(xy, _laid_out(text), font=f, fill=fill, anchor=anchor, **DIRECTION)

    def text(self, text: str, size: int, bold: bool = False, colour: str = INK, gap: int = 10,
             wrap: bool = True) -> None:
        """Lines of text; `wrap=False`: one line, cut (a stored text, which then never starts a
        line of its own that could pass for a row of the standings)."""
        f = font(size, bold)
        width = WIDTH - 2 * MARGIN
        for line in _wrap(self.line(text), f, width) if wrap else [_fit(self.line(text), f, width)]:
            self.put((MARGIN, self.y), line, f, colour)
            self.y += int(size * 1.25)
        self.y += gap

    def heading(self, text: str) -> None:
        self.y += 18
        self.text(text, 38, bold=True, gap=8)

    def row(self, left: str, right: str, size: int = 36, colour: str = INK, bold: bool = False) -> None:
        f = font(size, bold)
        left, right = self.line(left), self.line(right)
        right_width = _length(f, right)
        self.put((MARGIN, self.y), _fit(left, f, WIDTH - 2 * MARGIN - right_width - 24), f, INK)
        self.put((WIDTH - MARGIN - right_width, self.y), right, f, colour)
        self.y += int(size * 1.35)
        self.draw.line((MARGIN, self.y - 8, WIDTH - MARGIN, self.y - 8), fill=RULE, width=2)

    def chart(self, summary: EveningSummary, height: int = 420) -> None:
        series = chart_points(summary)
        values = [v for vs in series.values() for v in vs] or [0]
        lo, hi = min(values + [0]), max(values + [0])
        span = (hi - lo) or 1
        n = max((len(vs) - 1 for vs in series.values()), default=0) or 1
        small = font(26)
        label = (lambda v: fmt.money(v)) if summary.chart.tally == "geld" else str
        left = MARGIN + max(_length(small, label(hi)), _length(small, label(lo))) + 12
        top, right, bottom = self.y + 10, WIDTH - MARGIN, self.y + height

        def x(i: int) -> float:
            return left + (right - left) * i / n

        def y(v: int) -> float:
            return bottom - (v - lo) * (bottom - top) / span

        self.draw.line((left, y(0), right, y(0)), fill="#999999", width=2)
        self.put((left - 12, y(hi)), label(hi), small, MUTED, anchor="rm")
        self.put((left - 12, y(lo)), label(lo), small, MUTED, anchor="rm")
        for k, vs in enumerate(series.values()):
            points = [(x(i), y(v)) for i, v in enumerate(vs)]
            if len(points) > 1:
                self.draw.line(points, fill=PALETTE[k % len(PALETTE)], width=6, joint="curve")
        self.y = bottom + 12
        self.put((left, self.y), "Spiel 0", small, MUTED)
        self.put((right, self.y), f"Spiel {n}", small, MUTED, anchor="ra")
        self.y += 44
        # the legend: a colour and a (cut) name per player, two to a line
        cell = (WIDTH - 2 * MARGIN) // 2
        for k, p in enumerate(series):
            cx = MARGIN + (k % 2) * cell
            self.draw.rectangle((cx, self.y + 14, cx + 40, self.y + 22), fill=PALETTE[k % len(PALETTE)])
            self.put((cx + 52, self.y), _fit(self.line(p), small, cell - 64), small, INK)
            if k % 2 == 1 or k == len(series) - 1:
                self.y += 40

    def png(self) -> bytes:
        self.y += 8
        self.put((WIDTH - MARGIN, self.y), "scorepad", font(24), MUTED, anchor="ra")
        height = min(max(self.y + 24 + MARGIN // 2, 800), MAX_HEIGHT)
        out = io.BytesIO()
        self.image.crop((0, 0, WIDTH, height)).save(out, format="PNG", optimize=True)
        return out.getvalue()


def to_png(table, session: dict, result, summary: EveningSummary) -> bytes:
    """The evening summed up as a PNG (bytes)."""
    c = _Canvas(summary.players)
    c.text(one_line(summary.game_name, GAME_NAME_CHARS), 60, bold=True, gap=4, wrap=False)
    when = when_where(summary)
    if when:
        c.text(when, 34, colour=MUTED, gap=4, wrap=False)
    c.text(games_line(summary), 30, colour=MUTED, gap=8)
    c.heading("Stand")
    money = show_saldo(summary) or any(summary.balances.values())
    for place, p in zip(places(summary), summary.ranking):
        if money:
            v = summary.balances[p]
            right, colour = fmt.money(v, signed=True), GREEN if v > 0 else RED if v < 0 else INK
        else:
            right = " · ".join(f"{fmt.TALLY_NAMES.get(t, t)} {summary.standings[p][t]}" for t in summary.tallies)
            colour = INK
        c.row(f"{place}. {p}", right, colour=colour, bold=place == 1)
    note = open_rad_note(summary, short=True)
    if note:
        c.y += 8
        c.text(note, 28, colour="#ef6c00")
    owed = owed_lines(table, summary)
    if owed:
        c.heading("Wer zahlt eine Runde")
        for line in owed:
            c.text(line, 34, gap=2)
    if summary.transfers:
        c.heading(transfers_heading(summary))
        for t in summary.transfers:
            c.row(f"{t.payer} → {t.payee}", fmt.money(t.cents), size=34)
    elif money:
        c.text("Alles ausgeglichen.", 34)
    if summary.hands:
        c.heading(f"Verlauf ({fmt.TALLY_NAMES.get(summary.chart.tally, summary.chart.tally)})")
        c.chart(summary)
    return c.png()
