"""The colour emoji font every screen falls back to, offline: the parts of Twemoji in
scorepad/fonts/emoji/, by the path Flutter's web engine fetches each from.

Flutter draws a character that no loaded font has with a Noto font it fetches from
`fontFallbackBaseUrl` (`assets/fonts/` of the web client) when a text first needs it; for emoji,
a numbered part of "Noto Color Emoji". flet-web ships none of them, so offline every emoji was a
box. The web server (webserve.py) and the static site (staticsite/assemble.py) answer those
paths with the parts of scorepad's own font, made by scripts/emoji_font.py
(devtools/emojiparts.py says how): a phone loads a part only when a text on its screen has an
emoji of it."""

from __future__ import annotations

import json
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "fonts" / "emoji"
FALLBACK_FONTS = "assets/fonts/"  # Flutter's fontFallbackBaseUrl, in the web client's folder


def emoji_fonts() -> dict[str, tuple[Path, bool]]:
    """The parts by the path Flutter fetches each from, relative to the web client's folder
    (`assets/fonts/notocoloremoji/...`), with whether the static site's service worker fetches
    it before the page asks (FOLDER/parts.json)."""
    listing = json.loads((FOLDER / "parts.json").read_text(encoding="utf-8"))
    return {FALLBACK_FONTS + path: (FOLDER / part["file"], bool(part["ahead"])) for path, part in listing.items()}
