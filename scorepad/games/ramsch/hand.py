"""The Zaisertshofer Ramsch hand as entered: the session file's keys (docs/session-format.md)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from scorepad.games.base import HandModel


class PenaltyEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # as HandModel
    player: str
    kind: str


class RamschHand(HandModel):
    participants: list[str]
    tricks: dict[str, int]
    penalties: list[PenaltyEntry] = Field(default_factory=list)
    weg_order: list[str] | None = None
