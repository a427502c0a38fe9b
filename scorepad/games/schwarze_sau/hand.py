"""The Schwarze Sau hand as entered: the session file's keys (docs/session-format.md)."""

from __future__ import annotations

from typing import Literal

from scorepad.games.base import HandModel


class Announcement(HandModel):
    kind: Literal["jungfrau", "durchmarsch"]
    by: str
    success: bool


class SchwarzeSauHand(HandModel):
    points: dict[str, int] | None = None
    announcement: Announcement | None = None
    durchmarsch: str | None = None
    achterbrief_loser: str | None = None
