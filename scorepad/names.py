"""Player names as they are compared and stored (the store and the session file both use
this; it sits below both)."""

from __future__ import annotations

import unicodedata


def has_control_characters(text: str) -> bool:
    """Line breaks, tabs and the like: a name is one line of plain text."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs") for ch in text)


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
