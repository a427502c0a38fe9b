"""The Doppelkopf hand as entered: the session file's keys (docs/session-format.md)."""

from __future__ import annotations

from typing import Literal

from scorepad.games.base import HandModel


class DoppelkopfHand(HandModel):
    bockrunde: bool = False  # no game: the table calls a Bock round (house rule `bock.called`), nothing else
    game: str | None = None  # a key of the table's `games`: "normal", "hochzeit", "damen", ...
    re: list[str] | None = None  # the Re party: two players, the soloist, the Hochzeit (and its partner)
    augen: int | None = None  # Re's Augen; Kontra has the rest
    all_tricks: Literal["re", "kontra"] | None = None  # a party took every trick: the other is schwarz
    re_call: str | None = None  # "re", "keine 90", "keine 60", "keine 30", "schwarz" (the highest said)
    kontra_call: str | None = None  # "kontra", "keine 90", ...
    # entered by result instead of Augen (result.py): who won ("re", "kontra", "none") and the
    # level a party was played down to: {"kontra": "keine 90"}
    winner: Literal["re", "kontra", "none"] | None = None
    levels: dict[str, str] | None = None
    sonderpunkte: dict[str, dict[str, int]] | None = None  # {"re": {"fuchs": 1}, "kontra": {"doppelkopf": 2}}
