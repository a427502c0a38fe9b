"""Doppelkopf: the rule table's model (rulesets/doppelkopf*.toml, family = "doppelkopf").

The built-in table is the DDV's Turnierspielregeln; every house rule is a key here, its default
the DDV's way (off)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import ClassVar, Literal

from pydantic import Field

from scorepad.games.doppelkopf.points import Scale
from scorepad.tables import MAX_CENTS, MAX_FACTOR, Problem, RuleTable, Strict

GameKind = Literal["normal", "hochzeit", "solo"]
BockTrigger = Literal[
    "tie",  # 120 : 120
    "lost_announcement",  # a party that said "Re" or "Kontra" (or more) lost
    "lost_solo",  # the soloist lost
    "both_announced",  # both parties said "Re" and "Kontra"
    "nobody_won",  # neither party reached its Absage (TSR 7.1.3)
]


class GamePoints(Strict):
    """TSR 7.2.2's list: what each line is worth, the Augen of the deck and the marks of the
    Absagen ("keine 90", "keine 60", "keine 30"; then "schwarz")."""

    total: int = Field(240, ge=4, le=1000)
    below: list[int] = Field([90, 60, 30], min_length=0, max_length=6)
    won: int = Field(1, ge=0, le=MAX_FACTOR)
    below_points: int = Field(1, ge=0, le=MAX_FACTOR)
    schwarz: int = Field(1, ge=0, le=MAX_FACTOR)
    announced: int = Field(2, ge=0, le=MAX_FACTOR)
    absage: int = Field(1, ge=0, le=MAX_FACTOR)
    reached: int = Field(1, ge=0, le=MAX_FACTOR)
    # house rule: each Ansage and Absage doubles the game points instead of adding its own
    doubling: bool = False


class DoppelkopfContract(Strict):
    """A game the table plays: a normal game (two against two), a Hochzeit (normal with the
    partner who took a trick among the first, a solo without one) or a solo (one against three)."""

    name: str = Field(min_length=1)
    kind: GameKind
    # a solo that is scored like one but replaces no Pflichtsolo (the Stille Hochzeit, TSR 4.4.5)
    pflicht: bool = True
    enabled: bool = True


class Sonderpunkt(Strict):
    """A Sonderpunkt (normal games only, TSR 7.2.3): entered per party (`most` at most in one
    game), or given by the result ("kontra_won": gegen die Kreuz-Damen gewonnen)."""

    name: str = Field(min_length=1)
    points: int = Field(1, ge=0, le=MAX_FACTOR)
    most: int = Field(1, ge=0, le=12)
    when: Literal["entered", "kontra_won"] = "entered"
    enabled: bool = True


# how a Bock round met within another runs: false after it (queued), true doubling the games
# they share once more (Doppelbock), "side_by_side" beside it, the games they share at single Bock
Stacking = bool | Literal["side_by_side"]


class Bock(Strict):
    """Bockrunden (house rule): after a trigger, the next round (one game per player at the
    table) counts `factor` times, or (`points` > 0) gives the winners `points` more per Bock
    instead; a trigger within a Bock round adds a round after it, or with `stacking` doubles the
    games it overlaps once more, or ("side_by_side") runs beside it. `called`: the table may
    call a Bock round itself (the table screen's "Bockrunde", a hand {"bockrunde": true})."""

    enabled: bool = False
    after: list[BockTrigger] = []
    factor: int = Field(2, ge=1, le=MAX_FACTOR)
    stacking: Stacking = False
    points: int = Field(0, ge=0, le=MAX_FACTOR)  # 0: the factor counts
    called: bool = False


class Pflichtsolo(Strict):
    """Pflichtsolo (TSR 8.6 at tournaments, a house rule at home): each player owes one solo per
    round or per evening; the table says who still owes it. `same_dealer`: after a Pflichtsolo
    the same dealer deals again (TSR 4.2.5). `vorfuehrung`: who still owes one when the round has
    only as many games left as solos owed is "vorgeführt" (must play it)."""

    per: Literal["none", "round", "evening"] = "none"
    same_dealer: bool = False
    vorfuehrung: bool = False


class DoppelkopfTable(RuleTable):
    SITTING_OUT: ClassVar[bool] = True  # at five or six the dealer (and the one opposite) sit out

    family: Literal["doppelkopf"]
    game_points: GamePoints = GamePoints()
    contracts: dict[str, DoppelkopfContract] = Field(min_length=1)
    solo_factor: int = Field(1, ge=1, le=MAX_FACTOR)  # house rule: a solo's points count so many times
    sonderpunkte: dict[str, Sonderpunkt] = {}
    sonderpunkte_in_solo: bool = False  # house rule: the Sonderpunkte count in a solo too
    bock: Bock = Bock()
    # who writes: both parties (every game sums to zero), only the winners, only the losers
    writes: Literal["zero_sum", "winners", "losers"] = "zero_sum"
    pflichtsolo: Pflichtsolo = Pflichtsolo()
    round_games: int = Field(0, ge=0, le=1000)  # games per round; 0: no fixed rounds
    schweinchen: bool = False  # house rule (card play only): both Karo-Asse in one hand are the highest trumps
    tariff: int = Field(0, ge=0, le=MAX_CENTS)  # cents per point at settlement; 0: points only

    @cached_property
    def scale(self) -> Scale:
        return Scale(**{**self.game_points.model_dump(), "below": tuple(self.game_points.below)})

    def call_names(self) -> dict[str, list[str]]:
        """Each party's calls as a hand names them, level 1 first: "re" / "kontra", "keine 90", ..., "schwarz"."""
        absagen = [f"keine {mark}" for mark in self.game_points.below] + ["schwarz"]
        return {"re": ["re", *absagen], "kontra": ["kontra", *absagen]}

    def hand_players(self) -> frozenset[int]:
        return frozenset({4})

    def problems(self) -> Iterator[Problem]:
        below = self.game_points.below
        if any(not 0 < m < self.game_points.total // 2 for m in below) or below != sorted(set(below), reverse=True):
            yield "game_points.below", "dk_below_marks", {"half": self.game_points.total // 2}
        for gid, sp in self.sonderpunkte.items():
            if sp.when == "kontra_won" and sp.most != 1:
                yield f"sonderpunkte.{gid}.most", "dk_result_once", {"name": sp.name}
        if self.pflichtsolo.per == "round" and self.round_games == 0:
            yield "round_games", "dk_round_needed", {}
