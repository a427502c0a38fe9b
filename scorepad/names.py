"""Player names as they are compared and stored (the store and the session file both use
this; it sits below both)."""

from __future__ import annotations

import unicodedata

# Unicode categories no name or text holds: control characters (tab, line breaks, DEL), format
# characters (writing-direction marks, zero-width characters), line and paragraph separators, lone
# surrogates; but for the zero width joiner inside an emoji sequence (a family, 👩‍💻, 🏳️‍🌈: one
# picture on a phone), which every check and export keeps
CONTROL = ("Cc", "Cf", "Zl", "Zp", "Cs")
ZWJ = "\u200d"
EMOJI_TAIL = ("\ufe0f", "\ufe0e")  # variation selectors after an emoji (skin tones are Sk, also skipped)


def _emoji_before(text: str, i: int) -> bool:
    while i >= 0 and (text[i] in EMOJI_TAIL or "\U0001f3fb" <= text[i] <= "\U0001f3ff"):
        i -= 1
    return i >= 0 and unicodedata.category(text[i]) == "So"


def joins_emoji(text: str, i: int) -> bool:
    """Whether text[i] is a zero width joiner between two emoji (a ZWJ sequence)."""
    return text[i] == ZWJ and _emoji_before(text, i - 1) and i + 1 < len(text) \
        and unicodedata.category(text[i + 1]) == "So"


def first_control(text: str, allow: str = "") -> str | None:
    """The first character of `text` no name or text holds (see CONTROL; `allow`: but these,
    a note's line break), or None."""
    if text.isprintable():  # checked in C: no control character at all (most texts)
        return None
    for i, ch in enumerate(text):
        if ch not in allow and unicodedata.category(ch) in CONTROL and not joins_emoji(text, i):
            return ch
    return None


# how a refusal names a character no text holds, in German words (the code point beside them)
_KINDS = {"\n": "einen Zeilenumbruch", "\r": "einen Zeilenumbruch", "\t": "einen Tabulator",
          "\u2028": "einen Zeilenumbruch", "\u2029": "einen Absatzumbruch", "\u200b": "ein unsichtbares Zeichen",
          "\u200c": "ein unsichtbares Zeichen", "\u200d": "ein unsichtbares Zeichen",
          "\u2060": "ein unsichtbares Zeichen", "\ufeff": "ein unsichtbares Zeichen"}
_BIDI = ("AL", "R", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")


def char_words(ch: str) -> dict[str, str]:
    """A character as a refusal names it: `char` its code point (U+202E), `char_kind` in German
    words (ein Richtungszeichen); the keywords of every *_control refusal."""
    kind = _KINDS.get(ch)
    if kind is None:
        category = unicodedata.category(ch)
        if category == "Cs":
            kind = "ein kaputtes Zeichen"
        elif category == "Cf" and (unicodedata.bidirectional(ch) in _BIDI or ch in "\u200e\u200f\u061c"):
            kind = "ein Richtungszeichen"
        elif category == "Cf":
            kind = "ein unsichtbares Zeichen"
        else:
            kind = "ein Steuerzeichen"
    return {"char": f"U+{ord(ch):04X}", "char_kind": kind}


def has_control_characters(text: str) -> bool:
    """Line breaks, tabs and the like: a name is one line of plain text (`first_control`)."""
    return first_control(text) is not None


def normalize_name(name: str) -> str:
    """A name as it is compared and stored: NFC (an ü typed as u + ¨ is the same ü), no
    spaces at either end, inner runs of spaces one space. A name with a control character is
    left as it is (it is refused, not repaired)."""
    if not isinstance(name, str) or has_control_characters(name):
        return name
    return " ".join(unicodedata.normalize("NFC", name).split())


def name_key(name: str) -> str:
    """How a player's name is compared: normalized (see normalize_name), casefolded."""
    return normalize_name(name).casefold()
