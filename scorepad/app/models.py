"""What crosses the application layer's boundary: the facts, results and tables the command
line and the screens get back (pydantic models, so they print and compare as data)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from scorepad.games.family import StatColumn
from scorepad.tables import variant_id


class Model(BaseModel):
    """Base of these models: each validator is built when first used, not on import (a phone's
    start shows the start screen before most of them are needed)."""

    model_config = ConfigDict(defer_build=True)


class EveningInfo(Model):
    """An evening's facts (not its standings: those come from `show`)."""

    id: int
    ruleset: str
    game: str
    family: str
    players: list[str]
    first_dealer: str | None
    options: dict[str, Any]
    started_at: str
    place: str | None
    note: str | None
    finished: bool
    finished_at: str | None
    hands: int
    version: int
    # what an import changed to fit (a session file of an earlier release with a long or
    # multi-line place or note): notices with English str() and German `.german`; not data
    notices: list[Any] = Field(default_factory=list, exclude=True, repr=False)

    def date(self) -> str:
        """The start in local time, minutes precision, for lists."""
        return datetime.fromisoformat(self.started_at).astimezone().strftime("%Y-%m-%d %H:%M")


class ChangeEntry(Model):
    """One line of an evening's change log."""

    id: int
    version: int
    at: str
    action: str
    number: int | None
    old: Any
    new: Any
    undoes: int | None


class Reverted(Model):
    """What an undo or redo took back or did again: the original change and its hand."""

    action: str  # add, edit or delete
    number: int | None
    hand: Any  # the hand that change put in (add, edit) or took out (delete)


class ChangeResult(Model):
    """What a change left: the evening's new version and standings, the changed hand's result."""

    evening: int
    version: int
    action: str
    number: int | None
    hands: int
    hand: dict[str, Any] | None
    standings: dict[str, dict[str, int]]
    state: dict[str, Any]
    reverted: Reverted | None = None  # undo/redo: which change it took back or did again


class HouseRules(Model):
    """A table's own variant: a name, the built-in table it changes, and the changed values.
    `ruleset` is its one id (the one its file wrote, else tables.variant_id): listed, exported,
    started and named in session files by it."""

    id: int
    name: str
    base: str
    options: dict[str, Any]
    ruleset: str = ""  # its id; "" for the base and the name folded

    def model_post_init(self, context: Any) -> None:
        if not self.ruleset:
            self.ruleset = variant_id(self.base, self.name)


class PlayerInfo(Model):
    id: int
    name: str
    evenings: int


class SeasonRow(Model):
    """One player's season: what the evening summaries say, added up; then the games' own
    statistics a season adds up (their StatColumn keys, extra fields: `own` reads one)."""

    model_config = ConfigDict(defer_build=True, extra="allow")

    name: str
    evenings: int = 0
    hands: int = 0  # hands played (taken part in)
    money: int = 0  # cents: the settled balances summed
    points: int | None = None  # the game's lead tally summed (with one ruleset whose lead is not geld)
    trophies: dict[str, int] = {}  # trophy name -> evenings that ended with the player holding it

    def own(self, key: str) -> Any:
        """A game's own statistic added up (a StatColumn's key); None where no evening has it."""
        return (self.model_extra or {}).get(key)

    def set_own(self, key: str, value: Any) -> None:
        setattr(self, key, value)


class Season(Model):
    """The season table over the stored evenings (of one ruleset, from a day on), best first."""

    ruleset: str | None
    game: str | None  # the ruleset's name
    since: str | None  # ISO date
    evenings: int
    tally: str | None  # what `points` adds up (the first tally of the game's ranking)
    better: Literal["more", "less"] | None
    trophies: list[str]
    rows: list[SeasonRow]
    open_rads: int = 0  # evenings whose unfinished Rad was settled pro rata (only when chosen)
    # the games' own statistics the rows add up (StatColumns, in the order of their keys in a
    # row); not data: what the season table shows them as
    columns: list[StatColumn] = Field(default_factory=list, exclude=True, repr=False)
