"""An evening's free texts (its place and its note): their limits, how new input is checked,
how a text an earlier release stored is fitted, and how any stored text is shown on one line.

The place is one line, the note a few lines; both are plain text as player names are: no tab,
no control character, no writing-direction mark (U+202A-202E, U+2066-2069, U+200E/200F, U+061C
...). New input breaking a limit is refused, naming the field. An earlier release took any text
here, so what it stored still opens and exports, shown on one line and shortened (`one_line`),
and what its session files hold is fitted on import (`fit_text`), never refused.

A name with a right-to-left character is isolated by direction in the exports (`isolate`: FSI ...
PDI, <bdi> in HTML), so that "שלום 9" does not take the amount after it ("→ שלום 9 0,20 €")."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, NamedTuple

from scorepad.errors import SessionError
from scorepad.names import CONTROL, char_words, joins_emoji
from scorepad.names import first_control as names_first_control

# what a text never holds: the same as a player's name (names.CONTROL; a zero width joiner only
# inside an emoji sequence)
BREAKING = ("Cc", "Zl", "Zp")  # shown as a space on one line; the rest is left out


class TextRule(NamedTuple):
    """How long and how many lines a free text may be."""

    key: str
    max_chars: int
    max_lines: int


PLACE = TextRule("place", 80, 1)  # "Gasthaus zur Post, Nebenzimmer": one line on a phone
NOTE = TextRule("note", 500, 5)  # a few lines: who brought the cards, the Kirta, the tariff

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate ... pop directional isolate


def _first_control(text: str, allow: str = "") -> str | None:
    return names_first_control(text, allow)


def first_control(text: str) -> str | None:
    """The first character of `text` no name or text may hold (names.first_control), or None."""
    return names_first_control(text)


def check_free_text(rule: TextRule, value: Any) -> str | None:
    """A new place or note as it is stored (NFC, no spaces at either end, a note's Windows line
    breaks as plain ones; empty: None), or SessionError naming the field: a line break in the
    place, a control or writing-direction character, too many lines, too long."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise SessionError(rule.key, "not_text", value=value)
    text = unicodedata.normalize("NFC", value.replace("\r\n", "\n")).strip()
    if not text:
        return None
    if rule.max_lines == 1 and any(ch in text for ch in "\n\r\u2028\u2029\x0b\x0c\x85"):
        raise SessionError(rule.key, "text_line_break")
    lines = text.count("\n") + 1
    if lines > rule.max_lines:
        raise SessionError(rule.key, "text_too_many_lines", lines=lines, max=rule.max_lines)
    if len(text) > rule.max_chars:  # before the characters are looked at one by one
        raise SessionError(rule.key, "text_too_long", length=len(text), max=rule.max_chars)
    bad = _first_control(text, "\n" if rule.max_lines > 1 else "")
    if bad is not None:
        raise SessionError(rule.key, "text_control", **char_words(bad))
    return text


def plain(text: str) -> str:
    """`text` as a line of an export carries it: line breaks and other control characters become
    spaces, writing-direction marks and other format characters are left out (a zero width
    joiner inside an emoji sequence stays: the family stays one picture)."""
    if text.isprintable():  # the common case, checked in C: nothing to take out
        return text
    return "".join(" " if unicodedata.category(ch) in BREAKING else ""
                   if unicodedata.category(ch) in CONTROL and not joins_emoji(text, i) else ch
                   for i, ch in enumerate(text))


def one_line(text: str, limit: int) -> str:
    """Any stored text as one line of at most `limit` characters (and "…" where it was cut):
    `plain`, with runs of spaces as one space. Reads only a bounded start of the text, so a text
    of megabytes costs what a short one does."""
    head = text[: 4 * limit + 16]
    shown = " ".join(plain(head).split())
    if len(shown) > limit or len(text) > len(head):
        return shown[: limit - 1].rstrip() + "…"
    return shown


def shown_place(place: str | None) -> str:
    """The place as every screen and export shows it: one line, at most the place's limit."""
    return one_line(place, PLACE.max_chars) if place else ""


def fit_text(rule: TextRule, value: Any) -> tuple[str | None, bool]:
    """A place or note from a session file as this release keeps it, and whether it had to be
    changed: an earlier release took any text, so a file's text is fitted (each line as
    `one_line`, lines past the last allowed one joined to it, cut to the limit), never refused.
    Not text at all is still refused (SessionError)."""
    try:
        return check_free_text(rule, value), False
    except SessionError:
        if not isinstance(value, str):
            raise
    raw = unicodedata.normalize("NFC", value[: 4 * rule.max_chars + 16 * rule.max_lines])
    lines = [one_line(line, rule.max_chars) for line in _lines(raw, rule)]
    lines = [line for line in lines if line]
    if len(lines) > rule.max_lines:
        lines = lines[: rule.max_lines - 1] + [one_line(" ".join(lines[rule.max_lines - 1:]), rule.max_chars)]
    text = "\n".join(lines)
    if len(text) > rule.max_chars:
        text = text[: rule.max_chars - 1].rstrip() + "…"
    return check_free_text(rule, text), True


def _lines(text: str, rule: TextRule) -> list[str]:
    return [text] if rule.max_lines == 1 else text.splitlines()


RIGHT_TO_LEFT = ("R", "AL", "AN")  # Hebrew, Arabic letters, Arabic digits


def isolate(name: str) -> str:
    """A name set apart by direction where it needs it: a name with a right-to-left character
    as FSI name PDI (a left-to-right name beside left-to-right text reads the same either way)."""
    name = plain(name)
    return FSI + name + PDI if any(unicodedata.bidirectional(ch) in RIGHT_TO_LEFT for ch in name) else name


def names_pattern(names: list[str]) -> re.Pattern[str] | None:
    """Finds any of `names` that needs isolating (`isolate`) as a whole name (not inside a word:
    "Sau" not in "Sauspiel"), the longest first; None where no name needs it."""
    rtl = sorted({plain(n) for n in names if isolate(n) != plain(n)}, key=len, reverse=True)
    if not rtl:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, rtl)) + r")(?!\w)")


def isolate_names(text: str, pattern: re.Pattern[str] | None) -> str:
    """`text` (one `plain` line) with every name `pattern` finds isolated (`isolate`)."""
    return pattern.sub(lambda m: isolate(m.group()), text) if pattern is not None else text
