"""Zaisertshofer Ramsch: the rule table's model (rulesets/*.toml with family = "ramsch"); see docs/rulesets.md."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from scorepad.tables import RuleTable, Strict


class RamschPenalty(Strict):
    name: str
    striche: int = Field(0, ge=0)
    bolla: int = Field(0, ge=0)
    ends_partie: bool = False
    back_in: bool = False  # a weg player who takes cards again is back with the start Striche
    who: Literal["anyone", "dealer"] = "anyone"
    requires: Literal["none", "took_part", "weg", "went_out"] = "none"
    enabled: bool = True


class RamschTable(RuleTable):
    family: Literal["ramsch"]
    hand_cards: int = Field(5, ge=1)
    tricks_per_hand: int = Field(5, ge=1)
    start_striche: int = Field(7, ge=1)
    strich_per_trick: int = Field(1, ge=0)
    ramsch_striche: int = Field(2, ge=0)  # a participant who takes no trick "goes Ramsch"
    min_participants: int = Field(2, ge=1)
    bolla_price: int = Field(0, ge=0)  # cents the Bolla's owner pays each other player
    penalties: dict[str, RamschPenalty] = {}
