"""The colour emoji font (scorepad/fonts/emoji/, made by scripts/emoji_font.py) answers every
path Flutter's font fallback may fetch for an emoji, in the build of Flutter flet-web ships: each
file has the glyphs of the emoji the engine looks for there (devtools/emojiparts.py says why)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from scorepad.devtools.emojiparts import JOINERS, fallback_table, file_for
from scorepad.ui.emojifont import FOLDER, emoji_fonts

pytestmark = pytest.mark.unit

# faces, hands, hearts, animals, drinks, the card table's; a flag
COMMON = "😀😂😉😍😎🤔😭😡🥳🤣👍👎👋👏💪🙏✌❤💔💕🐷🐗🐶🐱🐻🦊🐸🐴🐮🍺🍻🍷🥨☕🃏♥♠♦♣🎉🏆⭐🔥💯🇩🇪"


@pytest.fixture(scope="module")
def web() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


@pytest.fixture(scope="module")
def table(web):
    return fallback_table((web / "main.dart.js").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cmaps() -> dict[str, set[int]]:
    return {path.name: set(TTFont(path).getBestCmap()) for path in FOLDER.glob("twemoji-*.woff2")}


def test_every_path_of_the_font_is_one_the_engine_fetches_a_fallback_font_from(table, web):
    wasm = (web / "main.dart.wasm").read_bytes()  # the build chromium runs names them too
    for rel, (file, _ahead) in emoji_fonts().items():
        path = rel.removeprefix("assets/fonts/")
        font = next(name for name, p in table.fonts if p == path)
        assert file_for(font) == file.name, (font, file.name)
        assert path.encode() in wasm, path


def test_every_font_the_engine_may_pick_for_a_common_emoji_is_answered_with_its_glyph(table, cmaps, web):
    answered = {rel.removeprefix("assets/fonts/"): file.name for rel, (file, _ahead) in emoji_fonts().items()}
    roboto = set(TTFont(web / "assets" / "fonts" / "roboto.woff2").getBestCmap())  # never looked up
    for cp in {ord(ch) for ch in COMMON} - roboto - set(JOINERS):
        fonts = table.fonts_for(cp)
        assert any(file_for(f) for f in fonts), f"{chr(cp)}: no emoji font for it in the engine's table"
        for font in fonts:
            if file_for(font):
                file = answered.get(table.path_of(font))
                assert file is not None, f"{chr(cp)}: the engine may fetch {font}, which nothing answers"
                assert cp in cmaps[file], f"{chr(cp)}: {file} (for {font}) lacks it"


def test_the_static_site_fetches_all_but_the_flags_ahead():
    later = {file.name for file, ahead in emoji_fonts().values() if not ahead}
    assert later == {"twemoji-emoji-0.woff2"}


def test_the_fonts_licence_ships_beside_it():
    licence = (FOLDER / "LICENSE-Twemoji.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in licence and "CC BY 4.0" in licence
