"""The colour emoji font the web app falls back to (scorepad/fonts/emoji/), made from Twemoji
(Mozilla's COLR build, the npm package twemoji-colr-font) in the pieces Flutter asks for.

Flutter's web engine draws a character that no loaded font has with one of Google's Noto fonts,
which it fetches from `fontFallbackBaseUrl` (Flet's no-CDN page: `assets/fonts/`) when a text
first needs it. Emoji come from "Noto Color Emoji", cut into numbered parts by code point
(`notocoloremoji/v32/...<N>.woff2`); a table compiled into the engine says which fonts cover
which code point. Offline, those requests found nothing and every emoji was a box. Here the same
parts are made from Twemoji: part N holds Twemoji's glyphs for exactly the code points the
engine looks up in part N (the emoji sequences with them, where all their characters are in the
part). Twemoji's COLR (version 0) font is 0.47 MB for every emoji, flags included; Noto Color
Emoji's COLRv1 build, without its SVG table, was 2.0 MB.

The engine does not always pick an emoji part for an emoji: for the missing characters of a
text it takes the font that covers most of them, and on a tie Noto Sans Symbols, else Noto Sans
SC (a lone ♥ is in two emoji parts, Noto Sans Symbols 2 and a part of each Chinese, Japanese and
Korean font: it fetched Noto Sans SC's part 69; "♥ 🃏" together fetched Noto Sans Symbols 2).
So the paths of those fonts (the Noto fonts of symbols and the CJK fonts' parts, `SYMBOLS`, where
they cover an emoji that Roboto lacks) are answered too, all with one file: Twemoji's glyphs for
every code point the engine looks up in any of them (twemoji-symbols.woff2). Once the engine has
loaded it, those characters are no longer missing: it is fetched once, whichever path asked.

The parts and `parts.json` (Flutter's path -> file; `ahead`: whether the static site's service
worker fetches it before a page asks) are made by scripts/emoji_font.py, a dev step (fontTools);
the web server (ui/webserve.py) and the static site (staticsite/assemble.py) only read them
(ui/emojifont.py). Imported by that script and by the tests, never by the app."""

from __future__ import annotations

import bisect
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorepad.ui.emojifont import FOLDER

FAMILY = "Noto Color Emoji"  # the engine's name for the parts (each "Noto Color Emoji <N>")
# the engine's other fallback fonts (or split fonts: their parts, "<family> <N>") it may pick for an
# emoji; not the fonts of other scripts, picked only with letters of theirs in the text
SYMBOLS = ("Noto Sans Symbols", "Noto Sans Symbols 2", "Noto Sans Math", "Noto Sans",
           "Noto Sans SC", "Noto Sans TC", "Noto Sans HK", "Noto Sans JP", "Noto Sans KR")
SYMBOLS_FILE = "twemoji-symbols.woff2"
# what the static site's service worker leaves until a text needs it: the flags (their two
# regional letters; 76 kB), which it then keeps like any other file
ON_DEMAND = ("twemoji-emoji-0.woff2",)
# never looked up alone: the joiner, the emoji variation selector, the keycap's enclosing mark
JOINERS = (0x200D, 0xFE0F, 0x20E3)


@dataclass(frozen=True)
class FallbackTable:
    """The engine's fallback fonts (name, path under fontFallbackBaseUrl) and which of them cover
    each code point (the engine's own packed tables, decoded as its font_fallbacks.dart does)."""

    fonts: list[tuple[str, str]]
    components: list[list[int]]  # each: indices into `fonts`
    bounds: list[int]  # code point ranges: [bounds[i-1], bounds[i]) -> values[i]
    values: list[int]  # indices into `components`

    def fonts_for(self, code_point: int) -> list[str]:
        """The names of the fallback fonts the engine considers for `code_point`."""
        k = bisect.bisect_right(self.bounds, code_point)
        return [self.fonts[i][0] for i in self.components[self.values[k]]]

    def path_of(self, font: str) -> str:
        """The path the engine fetches the font named `font` from."""
        return next(path for name, path in self.fonts if name == font)


def fallback_table(main_dart_js: str) -> FallbackTable:
    """The fallback table compiled into Flutter's JavaScript build (flet-web's main.dart.js; the
    Wasm build has the same). Raises ValueError where the build's code is not as expected."""
    first = main_dart_js.find(f'("{FAMILY} 0",')
    if first < 0:
        raise ValueError("no Noto fallback fonts in this build of Flutter")
    start = main_dart_js.rfind("[", 0, first)
    end = main_dart_js.find("]", first)
    fonts = re.findall(r'\("([^"]+)","([^"]+\.woff2?)"\)', main_dart_js[start:end])
    sets = re.search(r'\.\w+\("([a-z0-9,]{10000,})"\)', main_dart_js)
    ranges = re.search(r'\.\w+\("([A-Za-z0-9]{10000,})",', main_dart_js)
    if not fonts or sets is None or ranges is None:
        raise ValueError("the fallback tables are not where they were in Flutter's build")
    components = []
    for data in sets.group(1).split(","):  # font indices: base-26 letters, a decimal prefix for more
        found, previous, prefix = [], -1, 0
        for ch in data:
            if ch.isdigit():
                prefix = prefix * 10 + int(ch)
            else:
                previous += prefix * 26 + (ord(ch) - 97) + 1
                found.append(previous)
                prefix = 0
        components.append(found)
    bounds, values, at, prefix, size = [], [], 0, 0, 1
    for ch in ranges.group(1):  # capital: a range's value; small: its size; digits: a prefix
        if ch.isdigit():
            prefix = prefix * 10 + int(ch)
        elif ch.isupper():
            at += size
            bounds.append(at)
            values.append(prefix * 26 + (ord(ch) - 65))
            prefix, size = 0, 1
        else:
            size = prefix * 26 + (ord(ch) - 97) + 2
            prefix = 0
    if at != 0x110000:
        raise ValueError(f"the fallback ranges end at {at:#x}, not at the last code point")
    return FallbackTable(fonts, components, bounds, values)


def _of(font: str, family: str) -> bool:
    """Whether `font` is `family` or one of its parts ("<family> <N>")."""
    return font == family or (font.startswith(family + " ") and font[len(family) + 1:].isdigit())


def file_for(font: str) -> str | None:
    """The file that answers for the engine's fallback font `font`: twemoji-emoji-<N>.woff2 for
    an emoji part, SYMBOLS_FILE for a font of symbols or a CJK font's part, else None."""
    if _of(font, FAMILY) and font != FAMILY:
        return f"twemoji-emoji-{font[len(FAMILY) + 1:]}.woff2"
    if any(_of(font, family) for family in SYMBOLS):
        return SYMBOLS_FILE
    return None


def stand_ins(table: FallbackTable, code_points: set[int], text_font: set[int]) -> dict[str, str]:
    """The engine's fallback fonts the colour font answers for -> the file that does: those the
    engine may fetch for one of `code_points` (the colour font's) that the text font (Roboto,
    `text_font`) lacks, which the engine alone looks up."""
    out = {}
    for cp in code_points:
        if cp < 160 or cp in text_font or cp in JOINERS:  # the engine never looks these up
            continue
        for font in table.fonts_for(cp):
            file = file_for(font)
            if file is not None:
                out[font] = file
    return out


def file_code_points(table: FallbackTable, code_points: set[int], fonts: dict[str, str]) -> dict[str, list[int]]:
    """File -> the code points of `code_points` it holds: each one the engine looks up in a font
    the file answers for (`fonts`, from stand_ins)."""
    out: dict[str, set[int]] = {}
    for cp in code_points:
        for font in table.fonts_for(cp):
            if font in fonts:
                out.setdefault(fonts[font], set()).add(cp)
    return {file: sorted(cps) for file, cps in out.items()}


def make_parts(source: bytes, table: FallbackTable, text_font: bytes) -> tuple[dict[str, bytes], dict[str, str]]:
    """The files (name -> WOFF2) cut from the colour font `source`, and which file answers for
    which of the engine's fallback fonts. `text_font`: the font the app's text is in (Roboto).
    Needs fontTools with brotli (a dev step)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    code_points = set(TTFont(io.BytesIO(source)).getBestCmap())
    fonts = stand_ins(table, code_points, set(TTFont(io.BytesIO(text_font)).getBestCmap()))
    parts = {}
    for file, wanted in file_code_points(table, code_points, fonts).items():
        font = TTFont(io.BytesIO(source), recalcTimestamp=False)  # the same bytes every time it is run
        options = subset.Options()
        options.layout_features = ["*"]  # the sequences (ZWJ, skin tones, flags, keycaps)
        options.name_IDs = ["*"]  # the copyright and licence stay in the font
        options.hinting = False  # colour layers at text size: no hinting needed
        options.drop_tables += ["FFTM"]
        options.flavor = "woff2"
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        buf = io.BytesIO()
        font.save(buf)
        parts[file] = buf.getvalue()
    return parts, fonts


def write_parts(parts: dict[str, bytes], fonts: dict[str, str], table: FallbackTable,
                folder: Path = FOLDER) -> dict[str, dict[str, Any]]:
    """Write the files and parts.json (Flutter's path -> file, font, ahead) into `folder`
    (earlier parts removed)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("twemoji-*.woff2"):
        old.unlink()
    for file, data in parts.items():
        (folder / file).write_bytes(data)
    order = {name: i for i, (name, _path) in enumerate(table.fonts)}
    listing = {table.path_of(font): {"file": fonts[font], "font": font, "ahead": fonts[font] not in ON_DEMAND}
               for font in sorted(fonts, key=order.__getitem__)}
    (folder / "parts.json").write_text(json.dumps(listing, indent=1) + "\n", encoding="utf-8")
    return listing
