"""An event's own settings of a tournament, pure: the games a table plays per round by its size
(Skat: 36 at a table of three, 48 at a table of four), and the lost-game fee (Preisskat's
Verlustspielgeld: cents for a player's 1st, 2nd, ... lost game of a series, the last repeating).

The games are typed as one count for every table ("32") or one count per table size, the sizes
in ascending order of the rule table's `[tournament] tables` ("36/48": 36 at three, 48 at
four). A fee is typed in cents on the command line ("50,50,50,100") and in euros on the screens
("0,50/0,50/0,50/1,00"); one amount is a flat fee, none is no fee.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from scorepad import fmt
from scorepad.tournament.standings import Score

PARTS = re.compile(r"\s*/\s*")
EUROS = re.compile(r"(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?(?:\s*€)?")


def ascending_sizes(tables: Sequence[int]) -> list[int]:
    """The table sizes a tournament seats (its rule table's `tournament.tables`), smallest first:
    the order in which counts per table size are typed."""
    return sorted(set(tables))


def split_counts(text: str) -> list[str]:
    """"36/48" -> ["36", "48"]; "32" -> ["32"] (the parts as typed, not yet checked)."""
    return PARTS.split(text.strip())


def per_size(counts: Sequence[int], sizes: Sequence[int]) -> dict[int, int]:
    """The games by table size for `counts` typed in the order of `sizes` (ascending); {} for
    one count (every table plays it). The caller has checked there are 1 or len(sizes)."""
    if len(counts) == 1:
        return {}
    return dict(zip(sizes, counts))


def games_at(games: int, table_games: Mapping[int, int], size: int) -> int:
    """The games a table of `size` plays per round: its size's count, else the one count."""
    return table_games.get(size, games)


def games_words(games: int, table_games: Mapping[int, int]) -> str:
    """The games as typed: "32", or "36/48" (ascending table sizes)."""
    if not table_games:
        return str(games)
    return "/".join(str(table_games[s]) for s in sorted(table_games))


def games_line(games: int, table_games: Mapping[int, int]) -> str:
    """The games in words: "32 Spiele", or "36 Spiele am Dreiertisch, 48 am Vierertisch"."""
    if not table_games:
        return fmt.hands_text(games)
    parts = [f"{table_games[s]} Spiele" if i == 0 else str(table_games[s]) for i, s in enumerate(sorted(table_games))]
    return ", ".join(f"{p} an Tischen zu {s}" for p, s in zip(parts, sorted(table_games)))


def fee(lost: int, scale: Sequence[int]) -> int:
    """The fee in cents for `lost` lost games of one series: the scale's amount for the 1st,
    2nd, ... lost game, its last amount for every one beyond; 0 without a scale."""
    if not scale:
        return 0
    return sum(scale[min(k, len(scale) - 1)] for k in range(max(0, lost)))


def fees_of(tables: Iterable[Mapping[str, Score]], scale: Sequence[int]) -> dict[str, int]:
    """Each player's fee in cents over `tables` (each: name -> the score at that table, one
    table per player and round): the fee of the games they lost there, per table."""
    out: dict[str, int] = {}
    for table in tables:
        for name, score in table.items():
            out[name] = out.get(name, 0) + fee(score.lost, scale)
    return out


def euros(text: str) -> int | None:
    """An amount typed in euros, German style ("0,50", "1", "1,5", "2,00 €") as cents; None if
    it is none."""
    found = EUROS.fullmatch(text.strip())
    if found is None:
        return None
    whole = int(found.group(1).replace(".", ""))
    rest = (found.group(2) or "0").ljust(2, "0")
    return whole * 100 + int(rest)


def fee_words(scale: Sequence[int]) -> str:
    """The fee as the screens and pages say it: "kein Verlustspielgeld", "0,50 € je verlorenes
    Spiel", "0,50 € für das 1. bis 3. verlorene Spiel einer Serie, ab dem 4. 1,00 €"."""
    if not scale:
        return "kein Verlustspielgeld"
    runs: list[tuple[int, int, int]] = []  # (first, last lost game, cents)
    for k, cents in enumerate(scale, 1):
        if runs and runs[-1][2] == cents:
            runs[-1] = (runs[-1][0], k, cents)
        else:
            runs.append((k, k, cents))
    if len(runs) == 1:
        return f"{fmt.money(runs[0][2])} je verlorenes Spiel"
    words = []
    for first, last, cents in runs[:-1]:
        games = f"das {first}." if first == last else f"das {first}. bis {last}."
        words.append(f"{fmt.money(cents)} für {games} verlorene Spiel")
    words.append(f"ab dem {runs[-1][0]}. {fmt.money(runs[-1][2])}")
    return ", ".join(words)


def scale_euros(scale: Sequence[int]) -> str:
    """The scale as the screen's field takes it: "0,50/0,50/0,50/1,00" ("" for none)."""
    return "/".join(fmt.money(c).removesuffix(" €") for c in scale)


def typed_games(text: str) -> list[int] | None:
    """The games as typed on the screen ("32", "36/48"): the counts, or None if a part is no
    whole number (the application layer checks their range and how many)."""
    parts = split_counts(text)
    if not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        return None
    return [int(p) for p in parts]


def typed_fee(text: str) -> list[int] | None:
    """The lost-game fee as typed on the screen, in euros ("0,50", "0,50/0,50/0,50/1,00"; empty:
    none) as cents, or None if a part is no amount."""
    if not text.strip():
        return []
    cents = [euros(p) for p in split_counts(text)]
    return None if any(c is None for c in cents) else [c for c in cents if c is not None]
