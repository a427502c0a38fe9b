"""Schwarze Sau: the rule table's model (rulesets/*.toml with family = "schwarze_sau"); see docs/rulesets.md."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from scorepad.tables import Problem, RuleTable, SeatCount, Strict


class ScoringCard(Strict):
    name: str
    points: int = Field(ge=0)
    count: int = Field(1, ge=1)


class SchwarzeSauSeats(Strict):
    hand_cards: int = Field(ge=1)
    stock_cards: int = Field(0, ge=0)


class SchwarzeSauSpecials(Strict):
    jungfrau_made: int = Field(15, ge=0)  # to every other player
    jungfrau_failed: int = Field(15, ge=0)  # to the announcer
    durchmarsch: int = Field(15, ge=0)  # unannounced: to every other player
    durchmarsch_announced_made: int = Field(30, ge=0)
    durchmarsch_announced_failed: int = Field(30, ge=0)


class SchwarzeSauTable(RuleTable):
    family: Literal["schwarze_sau"]
    deck_cards: int = Field(32, ge=1)
    scoring_cards: dict[str, ScoringCard] = Field(min_length=1)
    seats: dict[SeatCount, SchwarzeSauSeats]
    game_over_above: int = Field(30, ge=1)
    # the table screen warns ("knapp an 30", the bar turns red) from this many points under the limit
    warn_within: int = Field(5, ge=0)
    specials: SchwarzeSauSpecials = SchwarzeSauSpecials()
    drink_price: int = Field(0, ge=0)  # cents a lost game costs; 0 = rounds only

    def card_values(self) -> tuple[int, ...]:
        return tuple(c.points for c in self.scoring_cards.values() for _ in range(c.count))

    def problems(self) -> Iterator[Problem]:
        for n in self.players:
            if n not in self.seats:
                yield f"seats.{n}", "seat_missing", {"players": n}
        for n, s in self.seats.items():
            if n * s.hand_cards + s.stock_cards != self.deck_cards:
                yield f"seats.{n}", "seat_cards", {"players": n, "cards": s.hand_cards, "stock": s.stock_cards,
                                                   "deck": self.deck_cards}
