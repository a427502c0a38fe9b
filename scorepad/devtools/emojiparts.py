"""The colour emoji font the web app falls back to (scorepad/fonts/emoji/), made from Twemoji
(Mozilla's COLR build, the npm package twemoji-colr-font) in the pieces Flutter asks for.

Flutter's web engine draws a character that no loaded font has with one of Google's Noto fonts,
which it fetches from `fontFallbackBaseUrl` (Flet's no-CDN page: `assets/fonts/`) when a text
first needs it. Emoji come from "Noto Color Emoji", cut into numbered parts by code point
(`notocoloremoji/v32/...<N>.woff2`); a table compiled into the engine says which part covers
which code point. Offline, those requests found nothing and every emoji was a box. Here the
same parts are made from Twemoji: part N holds Twemoji's glyphs for exactly the code points the
engine looks up in part N (emoji sequences with them, as far as all their characters are in the
part), so whatever part the engine picks for a text has its emoji in colour. Twemoji's COLR
(version 0) font is 0.47 MB for every emoji, flags included; Noto Color Emoji's COLRv1 build,
without its SVG table, was 2.0 MB.

Where the engine would pick a Noto font of symbols instead (Noto Sans Symbols wins a tie, and a
font that covers more of a text's missing characters wins: "♥ 🃏" together are in Noto Sans
Symbols 2, apart in two emoji parts), that font's path is answered with Twemoji's glyphs for the
code points the engine looks up there, too (`stands_in_for`).

The parts and `parts.json` (Flutter's path -> file; `ahead`: whether the static site's service
worker fetches the part before it is needed) are made by scripts/emoji_font.py, a dev step
(fontTools); the web server (ui/webserve.py) and the static site (staticsite/assemble.py) only
read them (ui/emojifont.py). Imported by that script and by the tests, never by the app."""

from __future__ import annotations

import bisect
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

from scorepad.ui.emojifont import FOLDER

FAMILY = "Noto Color Emoji"  # the engine's name for the parts (each "Noto Color Emoji <N>")
# the generic Noto fonts the colour font also answers for (stands_in_for)
STAND_INS = ("Noto Sans Symbols", "Noto Sans Math", "Noto Sans")
# the parts the static site's service worker leaves until a text needs them: the flags (their
# two regional letters; 76 kB), which it then keeps like any other file
ON_DEMAND = (FAMILY + " 0",)


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


def stands_in_for(font: str) -> bool:
    """Whether the colour font answers for the engine's fallback font `font`: the emoji parts,
    and the Noto fonts of symbols the engine may pick for an emoji instead (for a text whose
    missing characters one of them covers more of, or on a tie, which Noto Sans Symbols wins: a
    lone ☺ or 😐). Not the fonts of other scripts or of Chinese, Japanese and Korean, picked for a
    text of theirs, whose letters the colour font lacks."""
    return font.startswith((FAMILY + " ", "Noto Sans Symbols 2 ")) or font in STAND_INS


def part_code_points(table: FallbackTable, code_points: set[int]) -> dict[str, list[int]]:
    """Fallback font -> the code points of `code_points` (the colour font's) the engine looks up
    in it, for the fonts the colour font answers for (`stands_in_for`) that get any."""
    out: dict[str, list[int]] = {}
    for cp in sorted(code_points):
        if cp < 160:  # the engine never looks these up (ASCII: Roboto's)
            continue
        for font in table.fonts_for(cp):
            if stands_in_for(font):
                out.setdefault(font, []).append(cp)
    return out


def file_name(font: str) -> str:
    """twemoji-<what the font stands in for>.woff2: twemoji-emoji-7, twemoji-symbols-2-3, ..."""
    short = font.replace(FAMILY, "emoji").replace("Noto Sans ", "").replace("Noto Sans", "sans")
    return "twemoji-" + "-".join(short.lower().split()) + ".woff2"


def make_parts(source: bytes, table: FallbackTable) -> dict[str, bytes]:
    """Fallback font -> the part (WOFF2) cut from the colour font `source` for it. Needs fontTools
    with brotli (a dev step)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    code_points = set(TTFont(io.BytesIO(source)).getBestCmap())
    parts = {}
    for name, wanted in part_code_points(table, code_points).items():
        font = TTFont(io.BytesIO(source))
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
        parts[name] = buf.getvalue()
    return parts


def write_parts(parts: dict[str, bytes], table: FallbackTable, folder: Path = FOLDER) -> dict[str, dict]:
    """Write the parts (`file_name`) and parts.json into `folder` (earlier parts removed)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("twemoji-*.woff2"):
        old.unlink()
    listing = {}
    for font in sorted(parts, key=lambda f: (not f.startswith(FAMILY), len(f), f)):
        (folder / file_name(font)).write_bytes(parts[font])
        listing[table.path_of(font)] = {"file": file_name(font), "font": font, "ahead": font not in ON_DEMAND}
    (folder / "parts.json").write_text(json.dumps(listing, indent=1) + "\n", encoding="utf-8")
    return listing
