"""What every export of an evening says alike: the title, the games line, what is owed besides
money, the open Rad, who pays whom, the places (ties share one), what a ranked player stands at,
the chart's lines, each hand's money and the Stand after every hand. What one game adds (its
statistics in words, what is owed) is its stats module's.

The text, CSV, Markdown and HTML exports (exports.py), the picture (picture.py) and the
Abrechnung screen read these, so that they agree with each other on ranks and money."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.engine import new_game, replay
from scorepad.games import family_of, tally_amount
from scorepad.games.base import Replay
from scorepad.games.family import MONEY_TALLY, Owed
from scorepad.summary import EveningSummary, PlayerStats
from scorepad.tables import RuleTable
from scorepad.texts import one_line, shown_place

PALETTE = ["#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f"]
GAME_NAME_CHARS = 80  # a house variant's name is typed by someone too: one line, this long at most
OPEN_RAD = "offener Rad, anteilig"  # a label: "Saldo (offener Rad, anteilig)"
OPEN_RAD_DATIVE = "offenen Rad, anteilig"  # "abgerechnet mit dem offenen Rad, anteilig"


def when_where(summary: EveningSummary) -> str:
    """The day and the place (one short line), as the title shows them after the game."""
    parts = []
    if summary.meta.get("started"):
        parts.append(fmt.day(summary.meta["started"]))
    if isinstance(summary.meta.get("place"), str) and summary.meta["place"]:
        parts.append(shown_place(summary.meta["place"]))
    return " · ".join(parts)


def title(summary: EveningSummary) -> str:
    """The game (one line), the day and the place."""
    return " · ".join(p for p in (one_line(summary.game_name, GAME_NAME_CHARS), when_where(summary)) if p)


def games_line(summary: EveningSummary) -> str:
    """The games played as the statistics count them, and the hands that were no game."""
    parts = [fmt.hands_text(summary.games)]
    if summary.thrown_in:
        parts.append(f"{summary.thrown_in} {summary.thrown_in_word}")
    if summary.misdeals:
        parts.append(f"{summary.misdeals} vergeben")
    return " · ".join(parts)


def owed(table: RuleTable, summary: EveningSummary) -> Owed | None:
    """What players owe besides money (a heading, a line each), as the game says it; None: nothing."""
    return family_of(table).stats.owed(table, summary)


def owed_lines(table: RuleTable, summary: EveningSummary) -> list[str]:
    """The lines of `owed` (none where nothing is owed)."""
    said = owed(table, summary)
    return said.lines if said else []


def chart_points(summary: EveningSummary) -> dict[str, list[int]]:
    """Each player's line: the sheet before hand 1 (Ramsch: the start Striche), then after each hand."""
    return {p: [summary.chart.start.get(p, 0)] + vs for p, vs in summary.chart.series.items()}


def open_rad_note(summary: EveningSummary, short: bool = False) -> str | None:
    """A sentence on an unfinished Rad: not money yet, or settled pro rata by choice; `short`
    (a picture): without how to settle it anyway."""
    rad = summary.open_rad
    if rad is None:
        return None
    played = f" ({rad.hands} von {rad.of} Spielen)" if rad.hands is not None and rad.of else ""
    if rad.settled:
        return f"Abgerechnet mit dem {OPEN_RAD_DATIVE}{played}: so gewählt, das Blatt zahlt erst nach dem Rad."
    note = f"Rad nicht fertig{played}: noch kein Geld."
    if short:
        return note
    return (f"{note} Nur ein fertiger Rad zählt; anteilig abrechnen "
            f"nur auf Wunsch (Abrechnung: „Offenen Rad anteilig abrechnen“, scorepad export --settle-open-rad).")


def transfers_heading(summary: EveningSummary) -> str:
    return "Wer zahlt wem" + (f" ({OPEN_RAD})" if summary.open_rad and summary.open_rad.settled else "")


def show_saldo(summary: EveningSummary) -> bool:
    """A Saldo column only where it is not the Geld column again (a Stock pot paid back, an
    open Rad settled, or a game whose money is not a tally)."""
    if not any(summary.balances.values()):
        return False
    if MONEY_TALLY not in summary.tallies:
        return True
    return any(summary.balances[p] != summary.standings[p][MONEY_TALLY] for p in summary.players)


def places(summary: EveningSummary) -> list[int]:
    """Each ranked player's place (in the order of `summary.ranking`); tied players (the same
    on every ranking tally and the same money) share it: 1, 2, 2, 4. Every export numbers by it."""
    keys = [summary.balances[p] for p in summary.ranking]
    rows = [(tuple(summary.standings[p].values()), k) for p, k in zip(summary.ranking, keys)]
    out: list[int] = []
    for i, row in enumerate(rows):
        out.append(out[-1] if i and row == rows[i - 1] else i + 1)
    return out


def standing(table: RuleTable, summary: EveningSummary, player: str) -> str:
    """What a ranked player stands at, as the lines of the text and the picture say it after the
    name ("1. Bernhard 31 Punkte"): the money signed ("+3,20 €") where the evening settles money,
    else each tally as an amount of it, the number before its word ("12 Fleischpunkte · 1
    Rauborstigkeitspunkt")."""
    if any(summary.balances.values()):
        return fmt.money(summary.balances[player], signed=True)
    return " · ".join(tally_amount(table, t, summary.standings[player][t]) for t in summary.tallies)


def stat_phrases(table: RuleTable, s: PlayerStats) -> list[str]:
    """A player's statistics in words (for the exports and the settle screen): the common ones,
    then the game's own."""
    extra = []
    if s.declared:  # who played the game: a Spieler (Schafkopf), a soloist (Doppelkopf: "Solo 2×")
        declared = getattr(family_of(table).stats, "DECLARED", "Spieler")
        extra.append(f"{declared} {s.declared}× ({s.declared_won} gewonnen)")
    if s.kontra_given:
        extra.append(f"Kontra {s.kontra_given}× ({s.kontra_won} gewonnen)")
    return extra + family_of(table).stats.phrases(s)


def hand_money(table: RuleTable, players: list[str], result: Replay) -> list[dict[str, int]] | None:
    """Each hand's money (cents per player) where the game settles money that is no tally of
    the sheet (Schwarze Sau's price per lost game, Saukopf's chip value per Fleischpunkt): the
    money of the sheet after the hand less that before it, so the hands add up to the balances.
    None where the sheet tallies its money itself (Geld), keeps no sheets hand by hand, or no
    hand moved money."""
    if result.boards is None or not result.hands or MONEY_TALLY in result.standings[players[0]]:
        return None
    money = family_of(table).game.money
    before = money(table, Replay(hands=[], standings=new_game(table, players).snapshot(), state={}))
    out = []
    for board in result.boards:
        after = money(table, Replay(hands=[], standings=board, state={}))
        out.append({p: after[p] - before[p] for p in players})
        before = after
    return out if any(any(row.values()) for row in out) else None


def sheets(table: RuleTable, session: dict[str, Any], result: Replay) -> list[dict[str, dict[str, int]]]:
    """Each player's sheet after every hand, as the engine keeps it (the replay's boards; a replay
    without them is made again from the session): the Stand a paper list writes after each game.
    It is the Stand before plus the hand, or the hand on a fresh sheet where the game starts one
    (Schwarze Sau after a lost game, the Ramsch after a Bolla, Struliwuli after a Rad); the last
    is the standings."""
    if result.boards is not None:
        return result.boards
    again = replay(table, session["players"], session["hands"], session.get("first_dealer"), keep_boards=True)
    return again.boards or []


def running(per_hand: list[dict[str, int]]) -> list[dict[str, int]]:
    """Each player's amounts added up hand by hand (the money of a game whose money is no tally:
    its Stand after each hand)."""
    out: list[dict[str, int]] = []
    for row in per_hand:
        out.append({p: (out[-1][p] if out else 0) + v for p, v in row.items()})
    return out
