"""The evening as a picture to share in a chat: a PNG 1080 px wide (a phone screen), with the
game, the date, the standings, who pays whom and the chart. Drawn offline with Pillow and the
DejaVu font shipped in scorepad/fonts (umlauts, €, →); no browser."""

from __future__ import annotations

import functools
import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scorepad import fmt
from scorepad.exports import (PALETTE, _title, chart_points, games_line, open_rad_note, owed_lines, places,
                              show_saldo, transfers_heading)
from scorepad.summary import EveningSummary

FONTS = Path(__file__).parent / "fonts"
WIDTH, MARGIN, MAX_HEIGHT = 1080, 56, 2400
INK, MUTED, RULE, GREEN, RED, BACKGROUND = "#111111", "#555555", "#dddddd", "#2e7d32", "#c62828", "#ffffff"


@functools.lru_cache(maxsize=16)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


def _fit(text: str, f: ImageFont.FreeTypeFont, width: float) -> str:
    """The text cut with "…" to fit `width` pixels."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _wrap(text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if f.getlength(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return [_fit(x, f, width) for x in lines]


class _Canvas:
    def __init__(self):
        self.image = Image.new("RGB", (WIDTH, MAX_HEIGHT + 400), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.y = MARGIN

    def text(self, text: str, size: int, bold: bool = False, colour: str = INK, gap: int = 10) -> None:
        f = font(size, bold)
        for line in _wrap(text, f, WIDTH - 2 * MARGIN):
            self.draw.text((MARGIN, self.y), line, font=f, fill=colour)
            self.y += int(size * 1.25)
        self.y += gap

    def heading(self, text: str) -> None:
        self.y += 18
        self.text(text, 38, bold=True, gap=8)

    def row(self, left: str, right: str, size: int = 36, colour: str = INK, bold: bool = False) -> None:
        f = font(size, bold)
        right_width = f.getlength(right)
        self.draw.text((MARGIN, self.y), _fit(left, f, WIDTH - 2 * MARGIN - right_width - 24), font=f, fill=INK)
        self.draw.text((WIDTH - MARGIN - right_width, self.y), right, font=f, fill=colour)
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
        left = MARGIN + max(small.getlength(label(hi)), small.getlength(label(lo))) + 12
        top, right, bottom = self.y + 10, WIDTH - MARGIN, self.y + height

        def x(i: int) -> float:
            return left + (right - left) * i / n

        def y(v: int) -> float:
            return bottom - (v - lo) * (bottom - top) / span

        self.draw.line((left, y(0), right, y(0)), fill="#999999", width=2)
        self.draw.text((left - 12, y(hi)), label(hi), font=small, fill=MUTED, anchor="rm")
        self.draw.text((left - 12, y(lo)), label(lo), font=small, fill=MUTED, anchor="rm")
        for k, vs in enumerate(series.values()):
            points = [(x(i), y(v)) for i, v in enumerate(vs)]
            if len(points) > 1:
                self.draw.line(points, fill=PALETTE[k % len(PALETTE)], width=6, joint="curve")
        self.y = bottom + 12
        self.draw.text((left, self.y), "Spiel 0", font=small, fill=MUTED)
        self.draw.text((right, self.y), f"Spiel {n}", font=small, fill=MUTED, anchor="ra")
        self.y += 44
        # the legend: a colour and a (cut) name per player, two to a line
        cell = (WIDTH - 2 * MARGIN) // 2
        for k, p in enumerate(series):
            cx = MARGIN + (k % 2) * cell
            self.draw.rectangle((cx, self.y + 14, cx + 40, self.y + 22), fill=PALETTE[k % len(PALETTE)])
            self.draw.text((cx + 52, self.y), _fit(p, small, cell - 64), font=small, fill=INK)
            if k % 2 == 1 or k == len(series) - 1:
                self.y += 40

    def png(self) -> bytes:
        self.y += 8
        self.draw.text((WIDTH - MARGIN, self.y), "scorepad", font=font(24), fill=MUTED, anchor="ra")
        height = min(max(self.y + 24 + MARGIN // 2, 800), MAX_HEIGHT)
        out = io.BytesIO()
        self.image.crop((0, 0, WIDTH, height)).save(out, format="PNG", optimize=True)
        return out.getvalue()


def to_png(table, session: dict, result, summary: EveningSummary) -> bytes:
    """The evening summed up as a PNG (bytes)."""
    c = _Canvas()
    c.text(summary.game_name, 60, bold=True, gap=4)
    when = _title(summary).partition(" · ")[2]
    if when:
        c.text(when, 34, colour=MUTED, gap=4)
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
