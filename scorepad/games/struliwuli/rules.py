"""Struliwuli: the rule table's model (rulesets/*.toml with family = "struliwuli"); see docs/rulesets.md."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field

from scorepad.tables import Problem, RuleTable, SeatCount, Strict


class StruliwuliSeats(Strict):
    deck_cards: int = Field(ge=1)
    hand_cards: list[Annotated[int, Field(ge=1)]] = Field(min_length=1)  # cards per hand in a Partie
    partien_per_rad: int = Field(ge=1)


class StruliwuliTable(RuleTable):
    family: Literal["struliwuli"]
    seats: dict[SeatCount, StruliwuliSeats]
    exact_bonus: int = Field(10, ge=0)  # the "1" written before the tricks
    points_per_trick: int = Field(1, ge=0)
    miss_points: int = 0
    neukirchner: bool = True
    rate: int = Field(1, ge=0)  # cents per point of difference after a Rad

    def problems(self) -> Iterator[Problem]:
        for n in self.players:
            if n not in self.seats:
                yield f"seats.{n}", "seat_missing", {"players": n}
        for n, s in self.seats.items():
            if max(s.hand_cards) * n > s.deck_cards:
                yield f"seats.{n}.hand_cards", "seat_cards_too_many", {"players": n, "cards": max(s.hand_cards),
                                                                  "deck": s.deck_cards}
