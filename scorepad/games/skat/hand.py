"""Skat: what is entered for one game (pydantic), and the German message when it cannot be.

A game is either eingepasst (all three passed: worth 0) or played by a declarer: the game
(Karo, Herz, Pik, Kreuz, Grand, Null), Hand, ouvert, Spitzen "mit"/"ohne" N, Schneider or
Schwarz announced, and the result: the declarer's Augen, or won/lost with Schneider/Schwarz
reached. Schwarz means a party took no trick, so it is always entered, never read off Augen."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Game = Literal["karo", "herz", "pik", "kreuz", "grand", "null"]
GAME_NAMES: dict[str, str] = {"karo": "Karo", "herz": "Herz", "pik": "Pik", "kreuz": "Kreuz",
                              "grand": "Grand", "null": "Null"}


class SkatRefused(ValueError):
    """A game that cannot be scored; the message says in German what is wrong."""


class SkatHand(BaseModel):
    """One game as entered (the session file's hand keys, docs/session-format.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

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
    bid: int | None = None  # the Reizwert, if written down
