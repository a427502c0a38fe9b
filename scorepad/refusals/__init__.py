"""Every refusal scorepad gives, once: a code, the command line's English and the app's German.

A refusal is raised with a code and its parameters (see scorepad/errors.py); the words live only
in the catalogue: those every game shares here (games.py), those of files, tables and the store
in files.py, a tournament's in tournaments.py, and each game's own in its package (scorepad/games/<name>/refusals.py), merged in
when the game is loaded (`add`): a game's refusals are raised only by the game's own code, so
its words are here whenever they are needed. A code is given once: a second is refused.
So the command line's line and the phone's text come from one source and never drift apart.
`missing` marks a refusal that only says something is not entered yet (the form is not finished)
rather than that an entry breaks a rule: the app shows those as "Noch offen: ...".

A German template may use `{field}`, the German name of the refused key (FIELD_NAMES, with each
loaded game's own), besides the parameters the English template uses. A parameter given as
`Names` is a list of names joined by the format spec: `{tied:and}` "Hias and Wast",
`{tied:und}` "Hias und Wast", `{tied}` "Hias, Wast".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorepad.fmt import counted
from scorepad.refusals.files import FILES
from scorepad.refusals.games import GAMES
from scorepad.refusals.refusal import Names, Refusal
from scorepad.refusals.tournaments import TOURNAMENTS

__all__ = ["CATALOGUE", "FIELD_NAMES", "Names", "Refusal", "add", "drop", "excerpt", "field_name", "render"]


# the German names of the keys every game and file shares (the part before any "." or "["), for
# `{field}`; a game's own hand keys are named in its package and added with its refusals
FIELD_NAMES = {
    "game": "Spiel", "player": "Spieler", "partner": "Mitspieler", "augen": "Augen",
    "laufende": "Laufende", "all_tricks": "Alle Stiche", "passed": "Gepasst",
    "kontra": "Kontra", "re": "Re", "hand": "Spiel", "players": "Spieler", "name": "Name",
    "place": "Ort", "note": "Notiz", "sitting_out": "Setzt aus",
}


def field_name(key: str) -> str:
    """The German name of a key path ("tricks.Vroni" -> "Stiche"); the key itself if unknown."""
    return FIELD_NAMES.get(key.split(".")[0].split("[")[0], key) if key else ""


CATALOGUE: dict[str, Refusal] = {
    # -- any key checked by its type (pydantic, see errors.describe_validation_error) ----------
    "key_missing": Refusal("is missing", "{field}", missing=True),
    "unknown_key": Refusal("is not a known key here", "gibt es hier nicht"),
    "not_whole_number": Refusal("must be a whole number (got {value!r})", "muss eine ganze Zahl sein (nicht {value!r})"),
    "not_bool": Refusal("must be true or false (got {value!r})", "muss ja oder nein sein (nicht {value!r})"),
    "not_text": Refusal("must be text (got {value!r})", "muss ein Text sein (nicht {value!r})"),
    "not_object": Refusal("must be an object (got {value!r})", "muss ein Objekt sein (nicht {value!r})"),
    "not_list": Refusal("must be a list (got {value!r})", "muss eine Liste sein (nicht {value!r})"),
    "not_allowed_value": Refusal("must be {expected} (got {value!r})", "erlaubt: {expected} (nicht {value!r})"),
    "too_small": Refusal("must be {ge} or more (got {value!r})", "mindestens {ge} (nicht {value!r})"),
    "too_large": Refusal("must be {le} or less (got {value!r})", "höchstens {le} (nicht {value!r})"),
    "empty": Refusal("must not be empty", "darf nicht leer sein"),
    "invalid": Refusal("{reason}", "ungültig: {reason}"),
    "out_of_range": Refusal("must be 0..{max} (got {value})", "muss zwischen 0 und {max} liegen (nicht {value})"),
    **GAMES,  # refusals/games.py
    **FILES,  # refusals/files.py
    **TOURNAMENTS,  # refusals/tournaments.py
}


# who gave each code and each key's name beyond the shared ones: a game's name
_GIVEN_BY: dict[str, str] = {}
_NAMED_BY: dict[str, set[str]] = {}


def add(owner: str, refusals: Mapping[str, Refusal], field_names: Mapping[str, str] | None = None) -> None:
    """A game's own refusals and key names merged into the catalogue (when the game is loaded or
    registered). A code the catalogue has from elsewhere (scorepad's own or another game's) is
    refused, and so is a key name another game says otherwise; the owner's earlier ones are
    replaced (a game registered again)."""
    twice = [f"{code!r} (already given by {_GIVEN_BY.get(code, 'scorepad')})" for code in refusals
             if code in CATALOGUE and _GIVEN_BY.get(code) != owner]
    if twice:
        raise ValueError(f"{owner}: a refusal code is given once: " + ", ".join(twice))
    clash = [f"{key!r} ({FIELD_NAMES[key]!r}, not {name!r})" for key, name in (field_names or {}).items()
             if FIELD_NAMES.get(key, name) != name and (key not in _NAMED_BY or _NAMED_BY[key] - {owner})]
    if clash:
        raise ValueError(f"{owner}: a key has one German name: " + ", ".join(clash))
    drop(owner)
    field_names = field_names or {}
    for code, entry in refusals.items():
        CATALOGUE[code] = entry
        _GIVEN_BY[code] = owner
    for key, name in field_names.items():
        if key not in FIELD_NAMES or key in _NAMED_BY:  # (a shared key keeps its shared name)
            FIELD_NAMES[key] = name
            _NAMED_BY.setdefault(key, set()).add(owner)


def drop(owner: str) -> None:
    """A game's own refusals and key names out of the catalogue again (a test's toy game)."""
    for code in [code for code, by in _GIVEN_BY.items() if by == owner]:
        del CATALOGUE[code], _GIVEN_BY[code]
    for key in [key for key, by in _NAMED_BY.items() if owner in by]:
        _NAMED_BY[key].discard(owner)
        if not _NAMED_BY[key]:
            del FIELD_NAMES[key], _NAMED_BY[key]


# how much of a value a refusal shows: a quoted value ({value!r}) 60 characters, plain text
# (a list of known ids, a reason) 300, a file or path 400: a 20,000-character value is never
# echoed whole
EXCERPT_CHARS = 60
TEXT_CHARS = 300
EXCERPT_LIMITS = {"path": 400, "file": 400}


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` cut to `limit` characters, with … where it was cut."""
    return text if len(text) <= limit else text[:limit] + "…"


class Quoted:
    """A value a refusal quotes: its repr (`{value!r}`), str or format, cut by `excerpt`. In a
    German text a quoted text stands in German quotation marks („Clara“), with what a repr
    makes visible (a line break as \\n) still visible."""

    __slots__ = ("value", "limit", "german")

    def __init__(self, value: Any, limit: int = TEXT_CHARS, german: bool = False):
        self.value, self.limit, self.german = value, limit, german

    def __repr__(self) -> str:
        limit = min(self.limit, EXCERPT_CHARS)
        if self.german and isinstance(self.value, str):
            return f"„{excerpt(german_inner(self.value), limit)}“"
        return excerpt(_safe(repr, self.value), limit)

    def __str__(self) -> str:
        return excerpt(_safe(str, self.value), self.limit)

    def __format__(self, spec: str) -> str:
        return excerpt(_safe(lambda v: format(v, spec), self.value), self.limit)


class Count(int):
    """A whole number a refusal shows: `{augen:Augen}` says it with the word it counts, agreeing
    ("1 Auge", "61 Augen": fmt.counted); any other format as a number's."""

    def __format__(self, spec: str) -> str:
        if spec[:1].isupper() and spec.isalpha():
            return counted(int(self), spec)
        return int(self).__format__(spec)


def german_inner(text: str) -> str:
    """A text as its repr shows it (control characters escaped), without Python's quotes."""
    shown = repr(text)
    inner = shown[1:-1]
    return inner.replace("\\'", "'") if shown[0] == "'" else inner.replace('\\"', '"')


def _safe(show: Callable[[Any], str], value: Any) -> str:
    try:
        return show(value)
    except ValueError:  # an int too long to print (Python's digit limit)
        return f"<a number of about {value.bit_length() * 3 // 10} digits>" if isinstance(value, int) else "?"


def quoted(name: str, value: Any, german: bool = False) -> Any:
    """The parameter as a refusal shows it: numbers and name lists as they are, anything
    else (text, lists, objects, a number too long to read) as a short excerpt (`german`: a
    quoted text in „…“)."""
    if isinstance(value, Names) or value is None or isinstance(value, (bool, float)):
        return value
    if isinstance(value, int) and -10**30 < value < 10**30:
        return Count(value)
    return Quoted(value, EXCERPT_LIMITS.get(name, TEXT_CHARS), german)


def render(code: str, params: dict[str, Any], german: bool = False, key: str = "") -> str:
    """A refusal's text: the English line for the command line, or the German for the app.
    Every value it quotes is cut to a short excerpt (`quoted`)."""
    entry = CATALOGUE[code]
    shown = {name: quoted(name, value, german) for name, value in params.items()}
    if german:
        return entry.german.format(**shown, field=field_name(key))
    return entry.english.format(**shown)
