"""The evening as a picture to share in a chat: a PNG 1080 px wide (a phone screen), with the
game, the date, the standings, who pays whom and the chart. Drawn offline with Pillow and the
DejaVu font shipped in scorepad/fonts (umlauts, €, →); no browser. What DejaVu has no glyph for
(an emoji in a name) is drawn with the first font of FALLBACK_FONTS on the machine that has one
(Symbola, from Debian's fonts-symbola, which scripts/test installs); where none has, DejaVu's box
stays: the picture is drawn all the same.

Made for any stored evening: every line drawn is `plain` (a stored line break or direction mark
never reaches the layout), laid out left to right with a right-to-left name isolated (FSI ... PDI),
and cut to its width by a binary search over a bounded start of the text (a 6,000-character
place costs what a short one does)."""

from __future__ import annotations

import functools
import io
import re
import unicodedata
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

from scorepad import fmt
from scorepad.exportparts import (
    GAME_NAME_CHARS,
    PALETTE,
    chart_points,
    games_line,
    open_rad_note,
    owed,
    places,
    show_saldo,
    standing,
    transfers_heading,
    when_where,
)
from scorepad.games import tally_name
from scorepad.games.base import Replay
from scorepad.games.family import MONEY_TALLY
from scorepad.summary import EveningSummary
from scorepad.tables import RuleTable
from scorepad.texts import FSI, PDI, isolate_names, names_pattern, one_line, plain

FONTS = Path(__file__).parent / "fonts"
WIDTH, MARGIN, MAX_HEIGHT = 1080, 56, 2400
INK, MUTED, RULE, GREEN, RED, BACKGROUND = "#111111", "#555555", "#dddddd", "#2e7d32", "#c62828", "#ffffff"


# outline fonts with emoji and symbols, tried in this order for a character DejaVu lacks (a
# colour bitmap font such as Noto Color Emoji draws at one size only: not listed)
FALLBACK_FONTS = (
    "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",  # Debian: fonts-symbola
    "/usr/share/fonts/truetype/noto/NotoEmoji-Regular.ttf",
    "/usr/share/fonts/truetype/symbola/Symbola.ttf",
)
# joined to the character before it, never a run of its own: variation selectors, the zero
# width joiner, skin tones and the keycap; in a fallback run (one colour, no ligatures) a
# variation selector and a skin tone are left out (drawn alone, a skin tone is a swatch)
JOINERS = re.compile(r"[\ufe0e\ufe0f\u200d\u20e3\U0001f3fb-\U0001f3ff]")
UNDRAWN = re.compile(r"[\ufe0e\ufe0f\U0001f3fb-\U0001f3ff]")


@functools.lru_cache(maxsize=16)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


@functools.lru_cache(maxsize=32)
def fallbacks(size: int) -> tuple[ImageFont.FreeTypeFont, ...]:
    """The fallback fonts this machine has, at `size`."""
    out = []
    for path in FALLBACK_FONTS:
        try:
            out.append(ImageFont.truetype(path, size))
        except OSError:  # not installed (or not an outline font)
            continue
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _drawn(f: ImageFont.FreeTypeFont, ch: str) -> tuple[Any, ...]:
    """The glyph of `ch` as `f` draws it: its size, ink on each row and column, and shades."""
    mask = f.getmask(ch)
    return mask.size, mask.getprojection(), tuple(mask.histogram())


def _has(f: ImageFont.FreeTypeFont, ch: str) -> bool:
    """Whether `f` has a glyph for `ch`: it draws something, and not the box it draws for a
    character it lacks (a noncharacter, which no font has)."""
    drawn = _drawn(f, ch)
    return any(drawn[2][1:]) and drawn != _drawn(f, "\ufffe")


def _joined(ch: str) -> bool:
    """A character that goes with the one before it (or is no glyph: a direction mark)."""
    return bool(JOINERS.match(ch)) or unicodedata.category(ch) in ("Mn", "Me", "Cf")


def runs(text: str, f: ImageFont.FreeTypeFont) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """The text in runs of one font each: `f` where it has the glyph, else the first fallback
    that has it (else `f`, which draws its box). Only a character past U+2000 (symbols,
    emoji) is looked up: what comes before is DejaVu's."""
    out: list[tuple[str, ImageFont.FreeTypeFont]] = []
    for ch in text:
        joined = _joined(ch)
        use = out[-1][1] if out and joined else f
        if not joined and ord(ch) > 0x2000 and not _has(f, ch):
            use = next((g for g in fallbacks(int(f.size)) if _has(g, ch)), f)
        if use is not f and UNDRAWN.match(ch):
            continue
        if out and out[-1][1] is use:
            out[-1] = (out[-1][0] + ch, use)
        else:
            out.append((ch, use))
    return out


# with libraqm (Pillow's complex layout) a line is laid out left to right and a right-to-left
# name in it keeps to itself between FSI and PDI; the basic layout knows neither: no marks
RAQM = features.check("raqm")
DIRECTION: str | None = "ltr" if RAQM else None
NARROWEST = 0.2  # no glyph of DejaVu Sans is narrower than this many font sizes (but marks)


def _laid_out(text: str) -> str:
    return text if RAQM else text.replace(FSI, "").replace(PDI, "")


def _length(f: ImageFont.FreeTypeFont, text: str) -> float:
    parts = runs(_laid_out(text), f)
    return sum(g.getlength(part, direction=DIRECTION) for part, g in parts)


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
        """Draw one line (made by `line`), left to right; a character `f` lacks in a font that
        has it (`runs`), on the same baseline."""
        parts = runs(_laid_out(text), f)
        if len(parts) <= 1 and all(g is f for _, g in parts):  # one font: as it always was
            self.draw.text(xy, _laid_out(text), font=f, fill=fill, anchor=anchor, direction=DIRECTION)
            return
        x, y = xy
        horizontal, vertical = (anchor or "la")[0], (anchor or "la")[1]
        width = sum(g.getlength(part, direction=DIRECTION) for part, g in parts)
        x -= {"l": 0, "m": width / 2, "r": width}.get(horizontal, 0)
        if vertical == "a":  # the line's top as the main font has it: its baseline for every run
            y, vertical = y + f.getmetrics()[0], "s"
        for part, g in parts:
            self.draw.text((x, y), part, font=g, fill=fill, anchor="l" + vertical, direction=DIRECTION)
            x += g.getlength(part, direction=DIRECTION)

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
        """A line with `left` at the margin and `right` at the other; a `right` wider than half the
        line (a game's several tallies: "12 Fleischpunkte · 1 Rauborstigkeitspunkt") goes on a
        line of its own under `left`, a little smaller, so that the name keeps its room."""
        f = font(size, bold)
        left, right = self.line(left), self.line(right)
        right_width = _length(f, right)
        if right_width > (WIDTH - 2 * MARGIN) / 2:
            self.put((MARGIN, self.y), _fit(left, f, WIDTH - 2 * MARGIN), f, INK)
            self.y += int(size * 1.2)
            small = font(int(size * 0.8))
            right = _fit(right, small, WIDTH - 2 * MARGIN)
            self.put((WIDTH - MARGIN - _length(small, right), self.y), right, small, colour)
            self.y += int(size * 1.1)
            self.draw.line((MARGIN, self.y - 8, WIDTH - MARGIN, self.y - 8), fill=RULE, width=2)
            return
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
        label = (lambda v: fmt.money(v)) if summary.chart.tally == MONEY_TALLY else str
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


def to_png(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary) -> bytes:
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
        v = summary.balances[p]
        colour = (GREEN if v > 0 else RED if v < 0 else INK) if money else INK
        c.row(f"{place}. {p}", standing(table, summary, p), colour=colour, bold=place == 1)
    note = open_rad_note(summary, short=True)
    if note:
        c.y += 8
        c.text(note, 28, colour="#ef6c00")
    said = owed(table, summary)
    if said:
        c.heading(said.heading)
        for line in said.lines:
            c.text(line, 34, gap=2)
    if summary.transfers:
        c.heading(transfers_heading(summary))
        for t in summary.transfers:
            c.row(f"{t.payer} → {t.payee}", fmt.money(t.cents), size=34)
    elif money:
        c.text("Alles ausgeglichen.", 34)
    if summary.hands:
        c.heading(f"Verlauf ({tally_name(table, summary.chart.tally)})")
        c.chart(summary)
    return c.png()
