"""The record that names one game's parts; see scorepad/games/__init__.py for the registry."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol

from scorepad import refusals as catalogue
from scorepad.games.base import Game, HandModel
from scorepad.refusals import Refusal

if TYPE_CHECKING:  # (the tables' module asks the registry for a family's model)
    from scorepad.tables import RuleTable

if TYPE_CHECKING:  # the UI's protocols: the engine never imports the toolkit
    from scorepad.ui.forms import HandForm
    from scorepad.ui.forms.taps import HandTaps

# one choice a screen offers: (label, option path in the table, the values to pick from)
Choice = tuple[str, tuple[str, ...], list[Any]]


class Labelled(NamedTuple):
    """A value of a choice with the game's own words for it (a rule's word such as "grundwert"
    reads as the table says it)."""

    value: Any
    label: str

def value_at_path(table: Any, path: tuple[str, ...]) -> Any:
    """The table's value a choice's path names (("contracts", "solo", "tariff")). A path that
    ends in a word under a list names whether the list holds it (("bock", "after", "tie"):
    a choice that switches one trigger on or off, see `is_member_path`)."""
    value = table
    for i, part in enumerate(path):
        if isinstance(value, list) and i == len(path) - 1:
            return part in value
        if isinstance(value, dict):  # a table's count keys ("5" at `sitting_out.seats`) are numbers
            value = value[int(part) if part not in value and part.isdigit() else part]
        else:
            value = getattr(value, part)
    return value


def is_member_path(table: Any, path: tuple[str, ...]) -> bool:
    """Whether the path names one word of a list of the table (value_at_path: held or not)."""
    try:
        return len(path) > 1 and isinstance(value_at_path(table, path[:-1]), list)
    except (KeyError, AttributeError):
        return False


def has_path(table: Any, path: tuple[str, ...]) -> bool:
    """Whether the table has the value a choice's path names (a list may lack a game)."""
    try:
        value_at_path(table, path)
    except (KeyError, AttributeError):
        return False
    return True


Sheet = list[tuple[str, list[str]]]


class TableEntry(NamedTuple):
    """An entry the table screen offers as a button of its own (not a game): its label, the
    hand it stores (through the application layer, as a hand is saved) and the button's key."""

    label: str
    hand: dict[str, Any]
    key: str


class ListColumns(NamedTuple):
    """The columns a game's paper list has before the players' (the HTML and print export's
    hand table): their headings, and how many of the last of them hold amounts (right-aligned).
    Default: Geber and Spiel (the hand in words)."""

    head: list[str]
    amounts: int = 0
    key: str = ""  # what the short headings and marks mean, a line above the table
    narrow: bool = False  # the players' columns narrower (points of a few digits, no money)


class FootLine(NamedTuple):
    """A line at the foot of a game's paper list (Skat: the Seeger-Fabian block): its words,
    and per player the amount (with `count`, the times the line's `each` was earned)."""

    label: str
    amounts: dict[str, int]
    counts: dict[str, int] | None = None
    each: int | None = None


@dataclass(frozen=True)
class CardLook:
    """How the table screen shows one player's card: every word on it is the game's (the screen
    adds the name, the dealer's mark and who sits out). scorepad/games/look.py makes the plain
    one: the lead tally's value, the other tallies by name, the trophies held."""

    big: str  # the value in big: "+1,20 €", "17", Ramsch's Striche as tally marks, "weg"
    small: tuple[str, ...] = ()  # the line under the value, its parts joined by " · "
    notes: tuple[str, ...] = ()  # quiet lines under it: "2. weg"
    titles: tuple[str, ...] = ()  # the trophies the player holds, in bold
    marks: bool = False  # the big text is tally marks: a fixed-width font, a size smaller
    tone: Literal["", "gain", "loss"] = ""  # the big value green (a gain) or red (a loss)
    warn: bool = False  # the value in red: close to losing
    progress: float | None = None  # a bar (0..1) under the value: how near the limit
    faded: bool = False  # the player is out for now


class Words(Protocol):
    """A family's `words` module: the German it speaks (no UI toolkit). It may also have
    `preview(table, hand, result) -> str`, the hand screen's line of what a hand does (without
    it the screen says each player's change, ui/words.py `preview`); see Family.preview_line. The
    games' previews say what made the points from their `reckonings(table, hand, result)`
    (describe.py `Reckoning`: amounts and factors read from the table and the result)."""

    PASSED: str  # a hand everyone passed, in the game's own words
    # optional PASSED_COUNTED: how the evening's games line counts them ("2 eingepasst"; without
    # it "2 zusammengeworfen")

    def describe(self, table: Any, hand: dict[str, Any], result: Any) -> str: ...

    def context_line(self, state: dict[str, Any], standings: dict[str, dict[str, int]], table: Any) -> str: ...

    def card_look(self, table: Any, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook: ...

    def next_label(self, state: dict[str, Any], draft: dict[str, Any] | None) -> str: ...


# the tally a sheet keeps its money in (cents), by this name in every game that keeps one:
# shown as money, settled as it stands
MONEY_TALLY = "geld"


@dataclass(frozen=True)
class StatColumn:
    """One statistic of a game's own per player: its key in the summary's player statistics
    (and the JSON), its German heading, whether the season table adds it up over the evenings,
    and the tally it repeats, if any (the season then shows no points column of that tally)."""

    key: str
    heading: str
    season: bool = False
    tally: str | None = None


class Owed(NamedTuple):
    """What players owe besides money (Schwarze Sau's rounds of drinks): a heading and a line
    each, shown by the exports, the picture and the Abrechnung."""

    heading: str
    lines: list[str]


# the game statistics every evening summary's players have carried, null where the game has
# none, and those of every season row: what a JSON summary said once it says forever. These
# lists are closed: a new game's columns (its stats.COLUMNS) appear in its own evenings only.
SUMMARY_STAT_KEYS = ("exact_bids", "exact_bids_pct", "bollas", "weg_first", "games_lost")
SEASON_STAT_KEYS = ("bollas", "games_lost")


class Stats(Protocol):
    """A family's `stats` module: what the evening's statistics, the season, the exports and
    the Abrechnung add for this game (the common statistics are counted for every game)."""

    COLUMNS: tuple[StatColumn, ...]  # the game's own statistics per player

    def count(self, table: Any, players: list[str], games: list[Any], stats: dict[str, Any]) -> None:
        """Fill the game's own COLUMNS of each player's statistics (`stats`: PlayerStats by
        name, the common fields counted) from the hands that were games (HandResults)."""

    def finish(self, stats: Any, standings_row: dict[str, int]) -> None:
        """Fill what the end of the evening's standings add to one player's statistics."""

    def phrases(self, stats: Any) -> list[str]:
        """One player's own statistics in words (after the common ones)."""

    def no_game(self, info: dict[str, Any]) -> bool:
        """A hand the statistics do not count as a game besides a thrown-in one (a misdeal)."""

    def misdealt(self, info: dict[str, Any]) -> bool:
        """A hand misdealt (counted as `misdeals`)."""

    def owed(self, table: Any, summary: Any) -> Owed | None:
        """What players owe besides money, or None."""

    def open_rad(self, table: Any, players: list[str], result: Any) -> tuple[int | None, int | None]:
        """An unfinished round's progress (hands played, of), where one pays only when done."""


@dataclass(frozen=True)
class Family:
    """One game: every part the rest of scorepad asks for, each in one module of its package
    scorepad/games/<name>/ (the form and the taps are module paths, imported only when a screen
    or a test needs them, so the engine and `scorepad replay` never load the UI toolkit)."""

    name: str  # the tables' `family`
    title: str
    rules: type[RuleTable]  # rules.py: the rule table's model
    game: type[Game]  # scoring.py: plays a hand, money at the end
    tallies: tuple[str, ...]  # what scoring writes: a table must keep these (named in tally_names)
    words: Words  # words.py
    sheet: Callable[[Any], Sheet]  # sheet.py: the rule sheet
    options: list[Choice]  # choices.py OPTIONS: asked when an evening starts
    house: list[Choice]  # choices.py HOUSE: what a table's own rules may change besides
    stats: Stats  # stats.py
    generate: Callable[[random.Random, Game], dict[str, Any]]  # bench.py: a random valid hand of who plays next
    form: str | HandForm = field(default="")  # form.py, as a module path (or the module itself)
    taps: str | HandTaps = field(default="")  # taps.py: a hand as a person taps it on the form (for the tests)
    # sheet.py `tariffs`, if the game has one: the tariffs as they stand, a line each, shown
    # with the table's value sets before an evening starts
    tariffs: Callable[[Any], list[str]] | None = None
    # choices.py `house_for_table`, if the game has one: HOUSE as a given table writes its values
    house_for_table: Callable[[Any], list[Choice]] | None = None
    # its tallies' German names ("fleisch": "Fleisch"); money ("geld") has its name everywhere
    tally_names: Mapping[str, str] = field(default_factory=dict)
    # how an amount of each tally is said, one and many ("punkte": ("Punkt", "Punkte")): "1 Punkt",
    # "31 Punkte" (scorepad.games.tally_amount); a tally without one is said by its name
    tally_units: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # refusals.py: its own refusal codes with their words (REFUSALS), and its hand keys' German
    # names (FIELD_NAMES), merged into the catalogue when the game is loaded (`merge_refusals`)
    refusals: Mapping[str, Refusal] = field(default_factory=dict)
    field_names: Mapping[str, str] = field(default_factory=dict)

    @property
    def hand(self) -> type[HandModel]:
        """hand.py: the hand as entered (the model the game's `play` reads)."""
        return self.game.hand_model

    def merge_refusals(self) -> None:
        """Its refusals and key names into the one catalogue (scorepad/refusals/); a code given
        twice (by another game, or scorepad's own) is refused with ValueError."""
        catalogue.add(self.name, self.refusals, self.field_names)

    def form_module(self) -> HandForm:
        """The hand form (initial, to_hand, view, summary, pending, quick_actions), imported on
        first use."""
        if isinstance(self.form, str):
            module: HandForm = importlib.import_module(self.form)
            return module
        return self.form

    def taps_module(self) -> HandTaps:
        """The taps that enter a hand on the form (taps, offered), imported on first use."""
        if isinstance(self.taps, str):
            module: HandTaps = importlib.import_module(self.taps)
            return module
        return self.taps

    def table_entries(self, table: Any) -> list[TableEntry]:
        """What the table screen offers to enter besides a hand (words.py `table_entries`, if
        the game has one): a called Bockrunde."""
        own: Callable[[Any], list[TableEntry]] | None = getattr(self.words, "table_entries", None)
        return own(table) if own is not None else []

    def list_columns(self, table: Any) -> ListColumns | None:
        """The game's own columns of the paper list (words.py `list_columns`), None: Geber and
        Spiel."""
        own: Callable[[Any], ListColumns] | None = getattr(self.words, "list_columns", None)
        return own(table) if own is not None else None

    def list_foot(self, table: Any, players: list[str], results: list[Any]) -> list[FootLine]:
        """The lines at the foot of the game's paper list (words.py `list_foot`: Skat's
        Seeger-Fabian block), none where the game's list has none."""
        own: Callable[[Any, list[str], list[Any]], list[FootLine]] | None = getattr(self.words, "list_foot", None)
        return own(table, players, results) if own is not None else []

    def list_cells(self, table: Any, hand: dict[str, Any], result: Any) -> list[str]:
        """One hand's cells under `list_columns` (words.py `list_cells`)."""
        own: Callable[[Any, dict[str, Any], Any], list[str]] | None = getattr(self.words, "list_cells", None)
        return own(table, hand, result) if own is not None else []

    def replay_lines(self, table: Any, hand: dict[str, Any], result: Any) -> list[str]:
        """What `scorepad replay --lines` prints of a hand besides `hand_lines` (words.py
        `replay_lines`, if the game has one: Skat's points on the list not kept)."""
        own: Callable[[Any, dict[str, Any], Any], list[str]] | None = getattr(self.words, "replay_lines", None)
        return own(table, hand, result) if own is not None else []

    def preview_line(self, table: Any, hand: dict[str, Any], result: Any) -> str | None:
        """The game's own line of what a hand does (words.py `preview`), None if it has none."""
        own: Callable[[Any, dict[str, Any], Any], str] | None = getattr(self.words, "preview", None)
        return own(table, hand, result) if own is not None else None


def package_family(name: str, title: str, tallies: Mapping[str, str], package: ModuleType | str,
                   rules: type[RuleTable], game: type[Game],
                   units: Mapping[str, tuple[str, str]] | None = None) -> Family:
    """A family from its package's modules by their names (words, sheet, choices, stats, bench,
    refusals, form, taps); `tallies`: what its scoring writes, each with its German name;
    `units`: how an amount of a tally is said, one and many (Family.tally_units). Its
    refusals are in the catalogue from here on (the package's import: its code raises them)."""
    pkg = package if isinstance(package, str) else package.__name__
    words = importlib.import_module(f"{pkg}.words")
    sheet = importlib.import_module(f"{pkg}.sheet")
    choices = importlib.import_module(f"{pkg}.choices")
    stats = importlib.import_module(f"{pkg}.stats")
    bench = importlib.import_module(f"{pkg}.bench")
    own = importlib.import_module(f"{pkg}.refusals")
    family = Family(name=name, title=title, rules=rules, game=game, tallies=tuple(tallies),
                    words=words, sheet=sheet.sheet, options=choices.OPTIONS, house=choices.HOUSE,
                    stats=stats, generate=bench.generate, form=f"{pkg}.form", taps=f"{pkg}.taps",
                    tariffs=getattr(sheet, "tariffs", None), tally_names=dict(tallies), tally_units=dict(units or {}),
                    house_for_table=getattr(choices, "house_for_table", None),
                    refusals=own.REFUSALS, field_names=getattr(own, "FIELD_NAMES", {}))
    family.merge_refusals()
    return family
