"""Skat: what is entered for one game (pydantic), and the German message when it cannot be.

A game is either eingepasst (all three passed: worth 0), a Ramsch (house rule: all passed and
everyone played alone; ramsch.py), or played by a declarer: the game
(Karo, Herz, Pik, Kreuz, Grand, Null), Hand, ouvert, Spitzen "mit"/"ohne" N, Schneider or
Schwarz announced, and the result: the declarer's Augen, or won/lost with Schneider/Schwarz
reached. Schwarz means a party took no trick, so it is always entered, never read off Augen."""

from __future__ import annotations

from typing import Any, Literal

from scorepad.games.base import HandModel
from scorepad.games.skat.refusals import REFUSALS

Game = Literal["karo", "herz", "pik", "kreuz", "grand", "null"]
GAME_NAMES: dict[str, str] = {"karo": "Karo", "herz": "Herz", "pik": "Pik", "kreuz": "Kreuz",
                              "grand": "Grand", "null": "Null"}


def said_kontra(re: bool) -> str:
    """Kontra and Re (house rule) as said: "Kontra", "Kontra, Re"."""
    return "Kontra, Re" if re else "Kontra"


class SkatRefused(ValueError):
    """A game that cannot be scored: a refusal code of refusals.py, the hand key it names and
    its parameters; the message says in German what is wrong ("Spiel 3: ..." with `number`).
    The family's Game raises it again as the HandError of that code."""

    def __init__(self, code: str, key: str = "", /, number: int | None = None, **params: Any):
        self.code, self.key, self.number, self.params = code, key, number, params
        refusal = REFUSALS[code]
        text = refusal.german.format(**params)
        text = f"Noch offen: {text}" if refusal.missing else text
        super().__init__(f"Spiel {number}: {text}" if number is not None else text)

    def numbered(self, number: int) -> SkatRefused:
        """The same refusal naming the game's number."""
        return SkatRefused(self.code, self.key, number=number, **self.params)


class SkatHand(HandModel):
    """One game as entered (the session file's hand keys, docs/session-format.md)."""

    eingepasst: bool = False
    declarer: str | None = None
    game: Game | None = None
    hand: bool = False
    ouvert: bool = False
    spitzen: int | None = None
    mit: bool = True  # "mit N" (True) or "ohne N" (False)
    schneider_angesagt: bool = False
    schwarz_angesagt: bool = False
    augen: int | None = None  # the declarer's Augen, Skat included
    won: bool | None = None  # instead of Augen: won or lost
    schneider: bool = False  # with `won`: Schneider reached (by either party)
    schwarz: bool = False  # a party took no trick
    reizwert: int | None = None  # the Reizwert, if written down
    kontra: bool = False  # house rule kontra_re: the defenders said Kontra
    re: bool = False  # ... and the declarer answered Re
    # house rule ramsch: all passed and a Ramsch was played (no declarer, no game)
    ramsch: bool = False
    ramsch_augen: dict[str, int] | None = None  # each player's Augen, summing to 120 over those in play
    jungfrauen: list[str] | None = None  # who took no trick (each has 0 Augen)
    durchmarsch: str | None = None  # who took every trick (no Augen entered then)
    geschoben: int = 0  # how often the Skat was pushed on (Schieberamsch)
    loser: str | None = None  # most Augen shared and the table decides: which of them loses
