"""What splits players level on points in a tournament's ranking, as the game's table names it
(`[tournament] tie_breaks`: Preisschafkopf "solos", Skat "won" then "lost"; the lot is always
last), and the German words the ranking screen, the printed list and the exports use for each.

A tie-break is a count of the ranking's line (`field`) of which more (or fewer) ranks higher."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LOT = "lot"  # what decided where every tie-break was level too
DEFAULT = ("solos",)  # a table that names none: as every tournament ranked before tables named them


@dataclass(frozen=True)
class TieBreak:
    """One tie-break and its words."""

    key: str  # as the table names it
    field: str  # the count on the ranking's line (Score, Standing)
    more: bool  # more of it ranks higher (False: fewer)
    head: str  # the column heading on the ranking screen, the command line's (short)
    column: str  # the column heading in full (exports)
    printed: str  # ... on the printed list (A4 holds the Skat's two columns short)
    decided: str  # the ranking screen, where it decided a place: "mehr gewonnene Spiele"
    reason: str  # the printed list, where it decided: "Plätze 3 und 4: gleiche Punkte, <reason>"
    level: str  # where it was level and a later one decided: "gleich viele gewonnene Spiele"
    rule: str  # in the printed rule: "Bei gleichen Punkten entscheiden <rule>, dann das Los."
    order: str  # in the ranking screen's rule: "Reihung: Punkte, dann <order>, dann Los"


TIE_BREAKS: dict[str, TieBreak] = {t.key: t for t in (
    TieBreak("solos", "solos_won", True, "Soli", "Soli gewonnen", "Soli gewonnen", "nach Soli",
             "nach den gewonnenen Soli entschieden", "gleich viele gewonnene Soli", "die gewonnenen Soli",
             "gewonnene Soli"),
    TieBreak("won", "won", True, "Gew.", "Spiele gewonnen", "Gew.", "mehr gewonnene Spiele",
             "durch mehr gewonnene Spiele entschieden", "gleich viele gewonnene Spiele",
             "mehr gewonnene Spiele (Gew.)", "mehr gewonnene Spiele (Gew.)"),
    TieBreak("lost", "lost", False, "Verl.", "Spiele verloren", "Verl.", "weniger verlorene Spiele",
             "durch weniger verlorene Spiele entschieden", "gleich viele verlorene Spiele",
             "weniger verlorene Spiele (Verl.)", "weniger verlorene Spiele (Verl.)"),
)}
LOT_DECIDED = "durch Los"  # the ranking screen, where the lot decided
LOT_PRINTED = "durch Los entschieden"


def of(keys: Sequence[str]) -> list[TieBreak]:
    """The tie-breaks `keys` names, in order."""
    return [TIE_BREAKS[k] for k in keys]


def decided_words(key: str | None) -> str:
    """What the ranking screen says where `key` decided a place ("" where the points did)."""
    if key is None:
        return ""
    return LOT_DECIDED if key == LOT else TIE_BREAKS[key].decided


def screen_rule(keys: Sequence[str]) -> str:
    """The ranking screen's line on how it ranks: "Reihung: Punkte, dann gewonnene Soli, dann Los"."""
    return "Reihung: " + ", dann ".join(["Punkte", *(t.order for t in of(keys)), "Los"])


def printed_rule(keys: Sequence[str]) -> str:
    """The printed list's line on how it ranks: "Bei gleichen Punkten entscheiden die gewonnenen
    Soli, dann das Los."."""
    if not keys:
        return "Bei gleichen Punkten entscheidet das Los."
    return "Bei gleichen Punkten entscheiden " + ", dann ".join([*(t.rule for t in of(keys)), "das Los"]) + "."


def printed_reason(key: str, keys: Sequence[str]) -> str:
    """Why a run of places is in its order where `key` (of `keys`, or the lot) decided: what was
    level, then what decided ("gleiche Punkte und gleich viele gewonnene Soli, durch Los entschieden")."""
    earlier = of(keys[:keys.index(key)] if key in keys else keys)
    level = ["gleiche Punkte", *(t.level for t in earlier)]
    same = level[0] if len(level) == 1 else ", ".join(level[:-1]) + " und " + level[-1]
    return f"{same}, {LOT_PRINTED if key == LOT else TIE_BREAKS[key].reason}"
