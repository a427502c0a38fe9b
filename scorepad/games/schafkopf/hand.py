"""The Schafkopf hand as entered: the session file's keys (docs/session-format.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict

from scorepad.cards import Suit
from scorepad.games.base import HandModel

RAMSCH = "ramsch"  # the hand's `game` of a Ramsch: not a contract of the table
Result = Literal["won", "won_schneider", "won_schwarz", "lost", "lost_schneider", "lost_schwarz"]


class SchafkopfHand(HandModel):
    """A Schafkopf hand as entered. Kontra chain keys (kontra, re, ...) come from the table."""

    model_config = ConfigDict(extra="allow", frozen=True)

    passed: bool = False
    game: str | None = None
    player: str | None = None
    partner: str | None = None
    suit: Suit | None = None
    augen: int | dict[str, Any] | None = None  # a Ramsch: {player: Augen} for every player
    result: Result | None = None
    all_tricks: Literal["player", "opponents"] | None = None
    laufende: int | None = None
    tout: bool | None = None
    klopfer: int | None = None
    jungfrauen: list[str] | None = None  # a Ramsch: who took no trick
    durchmarsch: str | None = None  # a Ramsch: who took every trick
    loser: str | None = None  # a Ramsch: who loses a tie at the most Augen
