"""The Saukopf hand as entered: the session file's keys (docs/session-format.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from scorepad.games.base import HandModel


class SaukopfHand(HandModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    passed: bool = False
    vergeben: bool = False
    game: str | None = None
    player: str | None = None
    partner: str | None = None
    bid: int | Literal["schwarz"] | None = None
    spiess: bool = False
    augen: int | None = None
    all_tricks: Literal["player", "opponents"] | None = None
    laufende: int = 0
    aside_augen: int = 0
    # the chosen suit, for the record: a suit where the contract's chosen_trump is "suit" (the
    # engine checks it), any text at a table from before that key ("free")
    trump: str | None = None
    knorpel_card: str | None = None  # the one chosen trump card, "herz-sau", for the record
