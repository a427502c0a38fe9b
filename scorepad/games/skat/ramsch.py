"""Skat's house rule Ramsch (table section `ramsch`): when all pass, everyone plays alone. The
player with the most Augen loses them (or the Grand's base value) as minus points; each Jungfrau
(a player who took no trick) multiplies that by `ramsch.jungfrau`, each push of the Skat
(Schieberamsch) by `ramsch.push_factor`; a Durchmarsch (one player took every trick) writes
+ `ramsch.durchmarsch` for him, pushes multiplying it too. Most Augen shared: every tied player
loses (`tie` "all"), or the one the table names (`tie` "table", hand key `loser`).

On the Seeger-Fabian list a Ramsch counts as on the classic list: nobody declared, so there is
no Leistungsbewertung (the SkWO knows no Ramsch; tournament tables keep it off). Pure: no store,
no UI."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.rules import SkatRules

# the hand keys of a played game that a Ramsch has none of
NOT_IN_RAMSCH = ("eingepasst", "declarer", "game", "hand", "ouvert", "spitzen", "schneider_angesagt",
                 "schwarz_angesagt", "augen", "won", "schneider", "schwarz", "reizwert", "kontra", "re")


def is_ramsch_key_set(hand: SkatHand) -> str | None:
    """The first Ramsch key a hand that is no Ramsch names (None: none)."""
    if hand.ramsch_augen is not None:
        return "ramsch_augen"
    for key in ("jungfrauen", "durchmarsch", "geschoben", "loser"):
        if getattr(hand, key):
            return key
    return None


@dataclass(slots=True)
class RamschScored:
    """A Ramsch scored: who lost (most Augen) or who went through (Durchmarsch), what one loses
    before the doublings (`amount`: his Augen or the Grand's base value; the Durchmarsch's
    figure), the Jungfrau and push factors, and each player's points (before a Bock round)."""

    hand: SkatHand
    losers: tuple[str, ...]
    augen: int  # the losers' Augen (0: Durchmarsch)
    amount: int
    jungfrau: int  # what the Jungfrauen multiply by (1: none)
    pushed: int  # what the pushes multiply by (1: none)
    entry: int  # each loser's points (negative), or the Durchmarsch player's (positive)
    points: dict[str, int]

    @property
    def durchmarsch(self) -> str | None:
        return self.hand.durchmarsch


def check_ramsch(hand: SkatHand, rules: SkatRules, in_play: Sequence[str]) -> None:
    """SkatRefused naming in German what is wrong with a Ramsch as entered."""
    r = rules.ramsch
    jung = hand.jungfrauen or []
    if not r.enabled:
        raise SkatRefused("skat_ramsch_off", "ramsch")
    for key in NOT_IN_RAMSCH:
        if getattr(hand, key) not in (None, False):
            raise SkatRefused("skat_ramsch_alone", key)
    if not 0 <= hand.geschoben <= len(in_play):
        raise SkatRefused("skat_ramsch_geschoben", "geschoben", most=len(in_play), got=hand.geschoben)
    named = [*(hand.ramsch_augen or {}), *jung, hand.durchmarsch, hand.loser]
    for name in named:
        if name is not None and name not in in_play:
            raise SkatRefused("skat_ramsch_player", "ramsch_augen", name=name)
    if len(set(jung)) != len(jung):
        raise SkatRefused("skat_ramsch_jungfrau_twice", "jungfrauen")
    if hand.durchmarsch is not None:
        if hand.ramsch_augen is not None:
            raise SkatRefused("skat_ramsch_durchmarsch_augen", "ramsch_augen", name=hand.durchmarsch)
        if jung:
            raise SkatRefused("skat_ramsch_durchmarsch_jungfrau", "jungfrauen", name=hand.durchmarsch)
        if hand.loser is not None:
            raise SkatRefused("skat_ramsch_loser_no_tie", "loser")
        return
    augen = hand.ramsch_augen
    if augen is None:
        raise SkatRefused("skat_ramsch_augen_missing", "ramsch_augen")
    for player in in_play:
        if player not in augen:
            raise SkatRefused("skat_ramsch_augen_of", "ramsch_augen", name=player)
    total = rules.augen.total
    for got in augen.values():
        if not 0 <= got <= total:
            raise SkatRefused("skat_augen_range", "ramsch_augen", augen=got, total=total)
    if sum(augen.values()) != total:
        raise SkatRefused("skat_ramsch_augen_sum", "ramsch_augen", sum=sum(augen.values()), total=total)
    for player in jung:
        if augen[player]:
            raise SkatRefused("skat_ramsch_jungfrau_augen", "jungfrauen", name=player, augen=augen[player])
    if jung and len(jung) >= len(in_play) - 1:
        rest = [p for p in in_play if p not in jung]
        raise SkatRefused("skat_ramsch_all_jungfrau", "jungfrauen", name=rest[0] if rest else in_play[0])
    tied = most_augen(augen)
    decided = len(tied) > 1 and r.tie == "table"
    if hand.loser is not None and not decided:
        raise SkatRefused("skat_ramsch_loser_no_tie", "loser")
    if decided:
        if hand.loser is None:
            raise SkatRefused("skat_ramsch_loser_missing", "loser", names=" und ".join(tied))
        if hand.loser not in tied:
            raise SkatRefused("skat_ramsch_loser_not_tied", "loser", name=hand.loser)


def most_augen(augen: dict[str, int]) -> list[str]:
    """Who took the most Augen (more than one: a tie), in the order entered."""
    top = max(augen.values())
    return [p for p, got in augen.items() if got == top]


def score_ramsch(hand: SkatHand, rules: SkatRules, in_play: Sequence[str]) -> RamschScored:
    """The Ramsch scored (SkatRefused when it cannot be)."""
    check_ramsch(hand, rules, in_play)
    r = rules.ramsch
    jung = hand.jungfrauen or []
    pushed = r.push_factor ** hand.geschoben
    points = dict.fromkeys(in_play, 0)
    if hand.durchmarsch is not None:
        entry = r.durchmarsch * pushed
        points[hand.durchmarsch] = entry
        return RamschScored(hand, (), 0, r.durchmarsch, 1, pushed, entry, points)
    augen = hand.ramsch_augen
    assert augen is not None
    tied = most_augen(augen)
    losers = tuple(tied) if r.tie == "all" or len(tied) == 1 else (str(hand.loser),)
    amount = augen[losers[0]] if r.value == "augen" else rules.grundwerte.grand
    jungfrau = r.jungfrau ** len(jung)
    entry = -amount * jungfrau * pushed
    for loser in losers:
        points[loser] = entry
    return RamschScored(hand, losers, augen[losers[0]], amount, jungfrau, pushed, entry, points)
