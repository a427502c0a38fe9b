"""Rule tables: every name, number and threshold of a game, loaded from TOML in `rulesets/`.

A table names its `family` (whose logic lives in `scorepad/games/`) and may `extends` another
table, overriding only the values it names: a house variant is a table, not code. The
conditions a bonus or penalty item may name are the fixed vocabularies below; the engine
defines what each one means (see docs/rulesets.md).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Any, ClassVar, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError, ValidationInfo
from pydantic_core import PydanticCustomError

from scorepad.cards import reachable_sums
from scorepad.errors import SessionError, TableError, describe_validation_error
from scorepad.refusals import Names

# the ranges of a table's numbers (docs/rulesets.md "Numbers") and a table's problem
from scorepad.table_numbers import MAX_CENTS as MAX_CENTS
from scorepad.table_numbers import MAX_FACTOR as MAX_FACTOR
from scorepad.table_numbers import MAX_SAFE as MAX_SAFE
from scorepad.table_numbers import Problem as Problem
from scorepad.table_numbers import number_problems


def _tally(value: Any, info: ValidationInfo) -> str:
    """A tally a table may keep: its game's, money, or another game's (scorepad.games.keeps_tally;
    validate_table gives the family). Anything else is refused as when the tallies were one
    fixed list: not an allowed value, naming every tally a table may keep."""
    from scorepad.games import keeps_tally, known_tallies  # the registry imports this module's models

    family = (info.context or {}).get("family")
    if isinstance(value, str) and (family is None or keeps_tally(family, value)):
        return value
    known = [repr(t) for t in known_tallies()]
    expected = " or ".join([", ".join(known[:-1]), known[-1]] if len(known) > 1 else known)
    raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})


# a tally's name, as a table names it (`tallies`, a trophy's, a ranking's): each game declares its
# own (scorepad/games/<name>/__init__.py)
Tally = Annotated[str, PlainValidator(_tally)]
Bid = int | Literal["schwarz"]
SCHWARZ: Final = "schwarz"
# a player count as a key of `seats`: TOML and JSON keys are text ("3"), read as the number
SeatCount = Annotated[int, Field(strict=False)]



class Strict(BaseModel):
    # strict: options and tables give booleans, numbers and text as such ("20" is no tariff);
    # each model's validator built when first used, not on import (a start loads one game)
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)


class DoublingStep(Strict):
    """One link of the Kontra chain: the hand key that records who said it."""

    key: str
    name: str
    by: Literal["opponents", "player_party"]
    factor: int = Field(2, ge=1)


class Deck(Strict):
    """Card values of one suit and the number of suits: the source of possible Augen totals."""

    suits: int = Field(4, ge=1)
    card_points: dict[str, Annotated[int, Field(ge=0)]]

    @cached_property
    def values(self) -> tuple[int, ...]:
        return tuple(v for v in self.card_points.values() for _ in range(self.suits))

    @cached_property
    def total(self) -> int:
        return sum(self.values)

    @cached_property
    def possible_totals(self) -> frozenset[int]:
        """Every Augen total some of these cards can make (no 1, no 119)."""
        return reachable_sums(self.values)


class Trophy(Strict):
    """An evening's title: most of one tally; ties broken by fewest of another."""

    name: str
    most: Tally
    tie_fewest: Tally | None = None


class RankKey(Strict):
    """One key of the evening's ranking: a tally, and whether more of it is better."""

    tally: Tally
    better: Literal["more", "less"] = "more"


class SittingOut(Strict):
    """More at the table than play a hand: who sits out follows the deal. `seats[n]` are the
    seats (counted clockwise from the dealer: 0 is the dealer) that sit out a hand when `n`
    sit at the table; the others play it."""

    in_play: int = Field(ge=2, le=8)  # players in each hand
    seats: dict[SeatCount, list[Annotated[int, Field(ge=0, le=7)]]] = {}


class TournamentRules(Strict):
    """How a tournament seats this table's game (scorepad/tournament): `tables` the usual
    table's size, then the size of the tables that seat the rest of the field (a Schafkopf
    night: fours, and fives where the count does not divide; Skat: fours and threes)."""

    tables: list[Annotated[int, Field(ge=2, le=8)]] = Field(default=[4, 5], min_length=2, max_length=2)
    round_word: str = Field(default="Runde", min_length=1)  # what a round is called (Skat: "Serie")
    rounds_word: str = Field(default="Runden", min_length=1)  # ... more than one
    # level on points: what splits them, in order (tournament/tie_breaks.py), then the lot
    tie_breaks: list[Literal["solos", "won", "lost"]] = Field(default=["solos"], max_length=3)
    offered: bool = False  # the organiser's screens offer the table for a new tournament

    def table_kinds(self) -> tuple[int, int]:
        usual, rest = self.tables
        return usual, rest


class RuleTable(Strict):
    """What every rule table has; each family's table model is a subclass (its rules.py), found
    through the registry by its `family`."""

    # whether the family's engine lets some of the table sit out a hand (`sitting_out`)
    SITTING_OUT: ClassVar[bool] = False

    family: str  # each family's model narrows it to its name (scorepad/games/<family>/rules.py)
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    description: str = ""
    extends: str | None = None
    players: list[Annotated[int, Field(ge=2, le=8)]] = Field(min_length=1)
    tallies: list[Tally] = Field(min_length=1)
    trophies: dict[str, Trophy] = {}
    ranking: list[RankKey] = []  # who won the evening; default: most of the first tally
    sitting_out: SittingOut | None = None  # None: everyone at the table plays every hand
    tournament: TournamentRules = TournamentRules()  # how a tournament seats the game

    def hand_players(self) -> frozenset[int] | None:
        """How many players the family's engine scores a hand with; None: its own checks say."""
        return None

    def tallies_written(self, family: tuple[str, ...]) -> tuple[str, ...]:
        """The tallies the family's engine writes at this table (the table must keep them);
        default: the family's own. (A Schafkopf table writes `geld`, or `punkte` instead.)"""
        return family

    def value_sets(self) -> dict[str, dict[str, Any]]:
        """Named sets of values a table offers to pick together ("10/50": every tariff at
        once), each as the options it sets; {} for a table that offers none."""
        return {}

    def sitting_out_seats(self, at_table: int) -> tuple[int, ...]:
        """The seats, counted clockwise from the dealer (0), that sit out each hand when
        `at_table` sit at the table; () when everyone plays."""
        if self.sitting_out is None:
            return ()
        return tuple(self.sitting_out.seats.get(at_table, ()))

    def in_play(self, at_table: int) -> int:
        """How many play a hand when `at_table` sit at the table."""
        return at_table - len(self.sitting_out_seats(at_table))

    def rank_keys(self) -> list[RankKey]:
        return list(self.ranking) or [RankKey(tally=self.tallies[0])]

    def problems(self) -> Iterator[Problem]:
        """Cross-field checks a field type can't say: yields (key path, refusal code, parameters)."""
        return iter(())

    def options_before(self, hands: list[Any]) -> dict[str, Any]:
        """Options under which this table reads a file's `hands` as the release that wrote the
        file did (a note that a later check refuses stays a note); {} when it reads them alike.
        The family's model says which; default: {}."""
        return {}

    # built-in contracts the family's tables gained after the first release (29.11.2026): a
    # contract of such an id that an older file or variant defines is its own (merge_values)
    LATER_CONTRACTS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def stored_before(cls, raw: dict[str, Any]) -> dict[str, Any]:
        """A table an evening stored (complete, every key) as this version reads it: a key
        added later whose default would change how an old evening scores is set to what the
        evening was scored by. The family's model says which; default: as stored."""
        return raw


# --- Shared by the families' tables (scorepad/games/<family>/rules.py) ------------------


def chain_problems(chain: list[DoublingStep]) -> Iterator[Problem]:
    """The Kontra chain's own rules (Schafkopf, Saukopf): keys once, sides alternating."""
    seen: set[str] = set()
    for i, step in enumerate(chain):
        if step.key in seen:
            yield f"kontra_chain[{i}].key", "chain_key_twice", {"key": step.key}
        seen.add(step.key)
        want = "opponents" if i % 2 == 0 else "player_party"
        if step.by != want:
            yield f"kontra_chain[{i}].by", "chain_alternates", {"want": want}


def bid_rank(bid: Bid) -> int:
    """Bids in order: a schwarz bid ranks above 120."""
    return 121 if bid == SCHWARZ or isinstance(bid, str) else bid


def bid_text(bid: Bid) -> str:
    """A bid as the table says it: a number of Augen, or "schwarz"."""
    return "schwarz" if bid == SCHWARZ else str(bid)



# --- Loading ---------------------------------------------------------------------------


def builtin_dir() -> Path:
    """The shipped tables: inside the installed package, or `rulesets/` of a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "rulesets", here.parent / "rulesets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the built-in rule tables (rulesets/) are missing from this installation")


def deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Override's values win; tables (dicts) merge key by key, lists and values are replaced."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def merge_values(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Table values over a table (`deep_merge`), except that a built-in contract added later
    never swallows a contract of the same id that an older file defines: an override's contract
    with its own `name` and `kind` (what a contract added by a file needed before the table had
    one of that id) replaces the base's, if the id is one of the family's LATER_CONTRACTS
    (docs/rulesets.md, "Compatibility")."""
    from scorepad.games import find_family  # the registry imports this module's shared models

    out = deep_merge(base, override)
    contracts = override.get("contracts")
    if not isinstance(contracts, dict) or not isinstance(out.get("contracts"), dict):
        return out
    family = find_family(base["family"]) if isinstance(base.get("family"), str) else None
    later = family.rules.LATER_CONTRACTS if family is not None else frozenset()
    own = {cid: entry for cid, entry in contracts.items()
           if cid in later and isinstance(entry, dict) and "name" in entry and "kind" in entry}
    if own:
        out["contracts"] = {**out["contracts"], **own}
    return out


def _read_toml(path: Path, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TableError(source, "", "no_such_file") from None
    except tomllib.TOMLDecodeError as exc:
        raise TableError(source, "", "toml_invalid", reason=str(exc)) from None
    except UnicodeDecodeError as exc:
        raise TableError(source, "", "toml_not_utf8", reason=exc.reason, byte=exc.start) from None
    except OSError as exc:
        raise TableError(source, "", "cannot_read", reason=exc.strerror) from None


def _resolve(raw: dict[str, Any], source: str, search: list[Path], seen: tuple[str, ...]) -> dict[str, Any]:
    base_id = raw.get("extends")
    if base_id is None:
        return raw
    if not isinstance(base_id, str):
        raise TableError(source, "extends", "extends_not_id")
    if base_id in seen:
        raise TableError(source, "extends", "extends_circle", chain=" -> ".join(seen + (base_id,)))
    for folder in search:
        path = folder / f"{base_id}.toml"
        if path.is_file():
            base = _resolve(_read_toml(path, str(path)), str(path), search, seen + (base_id,))
            return merge_values(base, raw)
    raise TableError(source, "extends", "extends_unknown", id=base_id)


def stored_table_as_then(raw: Any) -> Any:
    """An evening's stored rule table (complete, every key of the scorepad that stored it) with
    each key added since written as the evening was scored (its family's `stored_before`):
    a stored table without a key means what it meant before the key existed."""
    from scorepad.games import find_family

    family = find_family(raw["family"]) if isinstance(raw, dict) and isinstance(raw.get("family"), str) else None
    return family.rules.stored_before(raw) if family is not None else raw


def stored_table_from(raw: Any, source: str) -> RuleTable:
    """An evening's stored rule table (as `table_as_dict` wrote it, maybe by an older
    scorepad), validated back into its family's model."""
    # (the ranges of numbers came later: an evening stored before keeps opening as it was)
    return validate_table(stored_table_as_then(raw), source, ranges=False)


def validate_table(raw: dict[str, Any], source: str, ranges: bool = True) -> RuleTable:
    """A table from its raw (merged) values, or TableError naming the key path and the reason.
    The model is the family's (scorepad/games/<family>/rules.py), found through the registry.
    `ranges`: its numbers within their ranges (number_problems); an evening's stored table is not
    held to them."""
    from scorepad.games import FAMILIES, find_family  # the registry imports this module's shared models

    families = Names(FAMILIES)  # every registered game's name (none imported)
    if not isinstance(raw, dict) or "family" not in raw:
        raise TableError(source, "family", "family_missing", families=families)
    family = find_family(raw["family"]) if isinstance(raw["family"], str) else None
    if family is None:
        raise TableError(source, "family", "family_unknown", families=families)
    try:
        table: RuleTable = family.rules.__pydantic_validator__.validate_python(raw, context={"family": family})
    except ValidationError as exc:
        key, code, params = describe_validation_error(exc)
        if key == "family" or key.startswith("family"):
            code, params = "family_unknown", {"families": families}
        raise TableError(source, key, code, **params) from None
    for key, code, params in number_problems(raw) if ranges else ():
        raise TableError(source, key, code, **params)
    for key, code, params in _tally_problems(table, table.tallies_written(family.tallies)):
        raise TableError(source, key, code, **params)
    for key, code, params in table.problems():
        raise TableError(source, key, code, **params)
    for key, code, params in seating_problems(table, family.title):
        raise TableError(source, key, code, **params)
    return table


def seating_problems(table: RuleTable, title: str) -> Iterator[Problem]:
    """Each player count of the table plays a hand the engine can score: with `sitting_out`,
    the seats that sit out are as many as the table has more than `in_play`, each once and at
    the table; a family whose engine has everyone play refuses `sitting_out` altogether."""
    sitting = table.sitting_out
    if sitting is not None and not table.SITTING_OUT:
        yield "sitting_out", "sitting_out_not_played", {"game": title}
        return
    if sitting is not None:
        for n, seats in sorted(sitting.seats.items()):
            if len(seats) != n - sitting.in_play:
                yield f"sitting_out.seats.{n}", "sitting_out_how_many", {
                    "count": n, "in_play": sitting.in_play, "out": n - sitting.in_play}
            elif len(set(seats)) != len(seats) or max(seats, default=0) >= n:
                yield f"sitting_out.seats.{n}", "sitting_out_seat", {"count": n, "last": n - 1}
    plays = table.hand_players()
    for n in table.players:
        playing = table.in_play(n)
        if sitting is not None and n < sitting.in_play:
            yield "players", "players_below_in_play", {"count": n, "in_play": sitting.in_play}
        elif sitting is not None and n > sitting.in_play and n not in sitting.seats:
            yield "sitting_out.seats", "sitting_out_missing", {"count": n, "in_play": sitting.in_play}
        elif plays is not None and playing not in plays:
            yield "players", "hand_players", {"game": title, "count": n, "plays": Names(sorted(plays))}


def _tally_problems(table: RuleTable, written: tuple[str, ...]) -> Iterator[Problem]:
    """Tallies the game writes must be kept; trophies and rankings name kept tallies."""
    for tally in written:
        if tally not in table.tallies:
            yield "tallies", "tally_required", {"tally": tally, "family": table.family}
    for tid, trophy in table.trophies.items():
        for field in ("most", "tie_fewest"):
            tally = getattr(trophy, field)
            if tally is not None and tally not in table.tallies:
                yield f"trophies.{tid}.{field}", "tally_unknown", {"tally": tally}
    for i, key in enumerate(table.ranking):
        if key.tally not in table.tallies:
            yield f"ranking[{i}].tally", "tally_unknown", {"tally": key.tally}


def load_table_file(path: str | Path) -> RuleTable:
    """A table from a TOML file; `extends` is looked up beside it, then among the built-ins."""
    return load_table_file_raw(path)[0]


def load_table_file_raw(path: str | Path) -> tuple[RuleTable, dict[str, Any], str | None]:
    """A table from a TOML file (as `load_table_file`), the raw values as written, and the
    built-in table its `extends` chain ends at (None: it extends none, or the chain ends at a
    complete table that is not built in)."""
    path = Path(path)
    source = str(path)
    raw = _read_toml(path, source)
    search = [path.resolve().parent]
    try:
        search.append(builtin_dir())
    except FileNotFoundError:
        pass
    merged = _resolve(raw, source, search, (str(raw.get("id", path.stem)),))
    return validate_table(merged, source), raw, _builtin_root(raw, search)


def _builtin_root(raw: dict[str, Any], search: list[Path]) -> str | None:
    """The built-in table at the end of `raw`'s `extends` chain (looked up as `_resolve` does:
    beside the file first, then among the built-ins); None if it ends elsewhere. The chain is
    known to be sound (`_resolve` read it)."""
    try:
        builtin = builtin_dir().resolve()
    except FileNotFoundError:  # no built-in tables on disk: the chain ends at none of them
        return None
    while isinstance(raw.get("extends"), str):
        base_id: str = raw["extends"]
        path = next((folder / f"{base_id}.toml" for folder in search if (folder / f"{base_id}.toml").is_file()), None)
        if path is None:
            return None
        if path.resolve().parent == builtin:
            return base_id
        raw = _read_toml(path, str(path))
    return None


def load_table_text(text: str, source: str) -> tuple[RuleTable, dict[str, Any]]:
    """A table from TOML text (pasted in the app); `extends` names a built-in table. Returns
    the table and the raw values as written."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TableError(source, "", "toml_invalid", reason=str(exc)) from None
    merged = _resolve(raw, source, [builtin_dir()], (str(raw.get("id", source)),))
    return validate_table(merged, source), raw


@lru_cache(maxsize=1)
def builtin_tables() -> dict[str, RuleTable]:
    """Every shipped table by id, in file name order."""
    folder = builtin_dir()
    tables = {}
    for path in sorted(folder.glob("*.toml")):
        table = load_table_file(path)
        tables[table.id] = table
    return tables


def variant_id(base: str, name: str) -> str:
    """The one id of a house variant: its built-in table's id and its name, folded
    (base "b" + "Stammtisch Huber" -> "b-stammtisch-huber"). `rulesets` lists it,
    `rulesets export` writes it, `start` and session files name a variant by it."""
    return f"{base}-{re.sub(r'[^a-z0-9]+', '-', name.casefold()).strip('-') or 'haus'}"


def get_table(ruleset_id: str) -> RuleTable:
    tables = builtin_tables()
    if ruleset_id not in tables:
        known = ", ".join(tables)
        raise SessionError("ruleset", "ruleset_unknown", ruleset=ruleset_id, known=known)
    return tables[ruleset_id]


def with_options(table: RuleTable, options: dict[str, Any] | None) -> RuleTable:
    """The table with a session's `options` applied; a bad option names its key under `options`."""
    if not options:
        return table
    if not isinstance(options, dict):
        raise SessionError("options", "options_not_object")
    for fixed in ("id", "family"):
        if fixed in options:
            raise SessionError(f"options.{fixed}", "option_fixed")
    merged = merge_values(table.model_dump(mode="json"), options)
    try:
        return validate_table(merged, "options")
    except TableError as exc:
        raise SessionError(f"options.{exc.key}", exc.code, **exc.params) from None


def table_as_dict(table: RuleTable) -> dict[str, Any]:
    return table.model_dump(mode="json")
