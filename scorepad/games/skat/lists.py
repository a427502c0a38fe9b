"""Skat: an evening's games on the two lists, the dealer moving on, and the money.

The classic list gives the declarer his entry (+ value won, - 2 × value lost). The
Seeger-Fabian list (SkWO) adds the Leistungsbewertung: + 50 for a won, - 50 for a lost game
to the declarer, and on a lost game 40 at a table of 3 (30 at a table of 4) to every other
player at the table, the one sitting out included. The dealer moves on after every game,
eingepasst included (the shared Seating). Money: cents per list point, settled as the
differences between the players (the shared `settle.transfers`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorepad.games.base import Seating
from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.ramsch import RamschScored, score_ramsch
from scorepad.games.skat.rules import ListKind, SkatRules
from scorepad.games.skat.value import Scored, score
from scorepad.settle import transfers


@dataclass(frozen=True)
class Line:
    """One game of the evening: who dealt, who played it, its score, and each player's points
    on both lists (seeger_fabian None at a table the SkWO gives no figure for)."""

    number: int
    dealer: str
    in_play: tuple[str, ...]
    scored: Scored | RamschScored
    classic: dict[str, int]
    seeger_fabian: dict[str, int] | None

    def points(self, kind: ListKind) -> dict[str, int] | None:
        return self.classic if kind == "classic" else self.seeger_fabian


def classic_points(players: Iterable[str], scored: Scored | RamschScored) -> dict[str, int]:
    points = {p: 0 for p in players}
    if isinstance(scored, RamschScored):  # house rule: each player's own points
        points.update(scored.points)
        return points
    if not scored.eingepasst:
        points[str(scored.hand.declarer)] = scored.entry
    return points


def seeger_fabian_points(players: list[str], scored: Scored | RamschScored, rules: SkatRules) -> dict[str, int] | None:
    """The declarer's entry plus 50 won / - 50 lost; on a lost game the others' bonus
    (by players at the table; None when the table's size has no figure). A Ramsch (house rule)
    counts as on the classic list: nobody declared, no Leistungsbewertung."""
    points = classic_points(players, scored)
    if not isinstance(scored, RamschScored) and scored.eingepasst:
        return points
    bonus = rules.others_bonus(len(players))
    if bonus is None:
        return None
    if isinstance(scored, RamschScored):
        return points
    declarer = str(scored.hand.declarer)
    sf = rules.seeger_fabian
    points[declarer] += sf.won if scored.won else -sf.lost
    if not scored.won:
        for player in players:
            if player != declarer:
                points[player] += bonus
    return points


def play_evening(rules: SkatRules, players: list[str], hands: Iterable[SkatHand],
                 first_dealer: str | None = None) -> list[Line]:
    """Every game scored in order; SkatRefused (the game's number in the message) when one
    cannot be: the declarer must be at the table and not sitting out."""
    if len(players) not in rules.players:
        allowed = ", ".join(str(n) for n in rules.players)
        raise SkatRefused("skat_players", "players", allowed=allowed, count=len(players))
    if rules.list_kind == "seeger_fabian" and rules.others_bonus(len(players)) is None:
        raise SkatRefused("skat_sf_table", "list_kind", count=len(players))
    if len(set(players)) != len(players):
        raise SkatRefused("skat_name_twice", "players")
    seats = Seating(players, first_dealer, rules.sitting_out_seats(len(players)))
    lines: list[Line] = []
    for number, hand in enumerate(hands, start=1):
        try:
            if hand.declarer is not None and hand.declarer not in players:
                raise SkatRefused("skat_not_seated", "declarer", name=hand.declarer)
            if hand.declarer in seats.sitting_out:
                raise SkatRefused("skat_sits_out", "declarer", name=hand.declarer, dealer=seats.dealer)
            scored: Scored | RamschScored = score_ramsch(hand, rules, seats.in_play) if hand.ramsch \
                else score(hand, rules)
        except SkatRefused as exc:
            raise exc.numbered(number) from None
        lines.append(Line(number, seats.dealer, tuple(seats.in_play), scored,
                          classic_points(players, scored), seeger_fabian_points(players, scored, rules)))
        seats.pass_deal()
    return lines


def totals(players: list[str], lines: list[Line], kind: ListKind) -> dict[str, int] | None:
    """Each player's sum on the list (None: a game with no Seeger-Fabian figure)."""
    sums = {p: 0 for p in players}
    for line in lines:
        points = line.points(kind)
        if points is None:
            return None
        for player, value in points.items():
            sums[player] += value
    return sums


def money(totals_: dict[str, int], cents: int) -> dict[str, int]:
    """Each player's balance in cents, settled as differences: everyone pays everyone the
    difference of their list points × cents; sums to zero."""
    everyone = sum(totals_.values())
    n = len(totals_)
    return {p: (n * points - everyone) * cents for p, points in totals_.items()}


def who_pays_whom(totals_: dict[str, int], cents: int) -> list[tuple[str, str, int]]:
    """The fewest payments (payer, payee, cents) that settle the evening."""
    return transfers(money(totals_, cents))


def points_of(rules: SkatRules, info: dict[str, Any], players: list[str], kind: ListKind) -> dict[str, int] | None:
    """Each player's points of a scored game (the family's HandResult info: player, won, entry)
    on the list `kind`, whichever list the evening keeps (None: Seeger-Fabian at a table it
    names no figure for). A Ramsch (house rule) counts alike on both lists: nobody declared."""
    points = dict.fromkeys(players, 0)
    if info.get("eingepasst"):
        return points
    if info.get("ramsch"):
        if kind == "seeger_fabian" and rules.others_bonus(len(players)) is None:
            return None
        points.update(info["points"])
        return points
    declarer = info["player"]
    points[declarer] = info["entry"]
    if kind == "classic":
        return points
    bonus = rules.others_bonus(len(players))
    if bonus is None:
        return None
    if info["won"]:
        points[declarer] += rules.seeger_fabian.won
    else:
        points[declarer] -= rules.seeger_fabian.lost
        for player in players:
            if player != declarer:
                points[player] += bonus
    return points
