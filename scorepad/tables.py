"""Rule tables: every name, number and threshold of a game, loaded from TOML in `rulesets/`.

A table names its `family` (whose logic lives in `scorepad/games/`) and may `extends` another
table, overriding only the values it names: a house variant is a table, not code. The
conditions a bonus or penalty item may name are the fixed vocabularies below; the engine
defines what each one means (see docs/rulesets.md).
"""

from __future__ import annotations

import tomllib
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from scorepad.cards import reachable_sums
from scorepad.errors import SessionError, TableError, describe_validation_error

Tally = Literal["geld", "fleisch", "rauborstig", "punkte", "verloren", "striche", "bolla"]
Bid = Union[int, Literal["schwarz"]]
SCHWARZ = "schwarz"
# a player count as a key of `seats`: TOML and JSON keys are text ("3"), read as the number
SeatCount = Annotated[int, Field(strict=False)]


class Strict(BaseModel):
    # strict: options and tables give booleans, numbers and text as such ("20" is no tariff)
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


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


class TableBase(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    description: str = ""
    extends: str | None = None
    players: list[Annotated[int, Field(ge=2, le=8)]] = Field(min_length=1)
    tallies: list[Tally] = Field(min_length=1)
    trophies: dict[str, Trophy] = {}
    ranking: list[RankKey] = []  # who won the evening; default: most of the first tally

    def rank_keys(self) -> list[RankKey]:
        return list(self.ranking) or [RankKey(tally=self.tallies[0])]

    def problems(self):
        """Cross-field checks a field type can't say: yields (key path, refusal code, parameters)."""
        return iter(())


# --- Schafkopf -------------------------------------------------------------------------


class SchafkopfContract(Strict):
    name: str
    kind: Literal["partner", "solo", "sie"]
    trumps: str = ""
    trump_count: int = Field(0, ge=0, le=32)
    needs_suit: bool = False
    tariff: int = Field(0, ge=0)
    schneider: int = Field(0, ge=0)
    schwarz: int = Field(0, ge=0)
    laufende_from: int = Field(3, ge=1)
    laufende_max: int | None = Field(None, ge=1)  # Laufende count up to this many; None = trump_count
    tariff_of: str | None = None  # Sie: pays a multiple of another contract's tariff
    tariff_factor: int = Field(1, ge=1)
    enabled: bool = True


class SchafkopfThresholds(Strict):
    player_wins: int = Field(61, ge=1, le=120)  # the opponents win with 120 - 60
    player_free: int = Field(31, ge=0, le=120)  # below this the player party is Schneider
    opponents_free: int = Field(30, ge=0, le=120)  # below this the opponents are Schneider


class Laufende(Strict):
    enabled: bool = False
    value: int = Field(10, ge=0)


class Tout(Strict):
    """An announced Tout: the player party takes every trick; a solo kind only."""

    enabled: bool = False
    factor: int = Field(2, ge=1)  # times the value of the game won Schwarz


class Klopfen(Strict):
    """Klopfen / Legen: each player who knocked before the game doubles the hand."""

    enabled: bool = False
    factor: int = Field(2, ge=1)  # per knock


class Stock(Strict):
    """The Stock: when everyone passes, each pays `stake` into a pot the table holds."""

    enabled: bool = False
    stake: int = Field(10, ge=0)  # cents each player pays in when everyone passed
    sauspiel_wins_pot: bool = True  # only a Sauspiel takes the pot (False: any game does)
    lost_doubles_pot: bool = True  # such a game lost: its party pays the pot's amount in


# what starts a Bock round (the Schafkopf engine defines each one, see docs/rulesets.md)
BockTrigger = Literal[
    "kontra_lost",  # Kontra (the chain's first link) was said and the player party won
    "re_lost",  # Re (the chain's second link) was said and the player party lost
    "60_60",  # the player party has exactly half the Augen (60:60), from `augen`
    "schwarz",  # a game won or lost Schwarz
    "sie",  # a Sie
]


class Bock(Strict):
    """Bockrunden: after a trigger, a round of hands (one per player) at `factor` times."""

    enabled: bool = False
    factor: int = Field(2, ge=1)
    triggers: list[BockTrigger] = ["kontra_lost", "60_60"]


class Ramsch(Strict):
    """Ramsch when everyone passes: the one with most Augen pays each other player `value`."""

    enabled: bool = False
    value: int = Field(20, ge=0)  # cents the loser pays each other player
    jungfrau_factor: int = Field(2, ge=1)  # per player who took no trick (Jungfrau)
    durchmarsch_as: str = "solo"  # a Durchmarsch is paid as this solo contract won Schwarz


RAMSCH = "ramsch"  # the hand's `game` of a Ramsch: not a contract of the table


class SchafkopfTable(TableBase):
    family: Literal["schafkopf"]
    deck: Deck
    hand_cards: int = Field(8, ge=1)
    thresholds: SchafkopfThresholds = SchafkopfThresholds()
    contracts: dict[str, SchafkopfContract] = Field(min_length=1)
    kontra_chain: list[DoublingStep] = []
    laufende: Laufende = Laufende()
    tout: Tout = Tout()
    klopfen: Klopfen = Klopfen()
    stock: Stock = Stock()
    bock: Bock = Bock()
    ramsch: Ramsch = Ramsch()

    def problems(self):
        if self.ramsch.enabled:
            if RAMSCH in self.contracts:
                yield f"contracts.{RAMSCH}", "ramsch_contract", {}
            solo = self.contracts.get(self.ramsch.durchmarsch_as)
            if solo is None or solo.kind != "solo":
                yield "ramsch.durchmarsch_as", "not_solo_contract", {"value": self.ramsch.durchmarsch_as}
        for cid, c in self.contracts.items():
            if c.kind == "sie":
                if c.tariff_of not in self.contracts:
                    yield f"contracts.{cid}.tariff_of", "not_contract", {"value": c.tariff_of}
            if c.laufende_from > max(c.trump_count, 1) and self.laufende.enabled:
                yield f"contracts.{cid}.laufende_from", "above_trump_count", {"trumps": c.trump_count}
            if c.laufende_max is not None:
                if c.laufende_max > c.trump_count:
                    yield f"contracts.{cid}.laufende_max", "above_trump_count", {"trumps": c.trump_count}
                elif c.laufende_max < c.laufende_from and self.laufende.enabled:
                    yield f"contracts.{cid}.laufende_max", "below_laufende_from", {"value": c.laufende_from}
        yield from _chain_problems(self.kontra_chain)


def _chain_problems(chain):
    seen = set()
    for i, step in enumerate(chain):
        if step.key in seen:
            yield f"kontra_chain[{i}].key", "chain_key_twice", {"key": step.key}
        seen.add(step.key)
        want = "opponents" if i % 2 == 0 else "player_party"
        if step.by != want:
            yield f"kontra_chain[{i}].by", "chain_alternates", {"want": want}


# --- Saukopf ---------------------------------------------------------------------------

FleischCondition = Literal[
    "won",  # every winner
    "solo",  # the game is a Solo (either side wins it)
    "winners_mit",  # winners' Laufende >= threshold (default 1)
    "winners_ohne",  # winners are "ohne" at least threshold (default 1)
    "losers_augen_below",  # the losers have fewer than threshold Augen
    "losers_augen_above",  # the losers have more than threshold Augen
    "winners_all_tricks",
    "winners_no_trick",
    "against_spiess",  # the opponents beat a game am Spieß
]

RauborstigCondition = Literal[
    "player_lost_bid_over",  # to the player: lost with a bid over threshold (schwarz counts as over 120)
    "player_lost_spiess",  # to the player: lost am Spieß
    "kontra_lost",  # to whoever said the first link of the chain: the player party won
    "re_lost",  # to whoever said the second link: the player party lost
]


class SaukopfContract(Strict):
    name: str
    kind: Literal["doppel", "solo"]
    mode: Literal["trog", "napf"]
    min_bid: Bid
    max_bid: Bid
    trumps: str = ""
    trump_count: int = Field(0, ge=0, le=32)
    # what the player picks as trump, noted with the hand: a suit (hand key `trump`, "beliebiger
    # Farbtrumpf"), one card (hand key `knorpel_card`, "1 beliebige Trumpfkarte"), or nothing
    chosen_trump: Literal["none", "suit", "card"] = "none"
    enabled: bool = True


class FleischItem(Strict):
    name: str
    points: int
    when: FleischCondition
    threshold: int | None = None
    per_laufende: bool = False  # points for each Laufende ("Ohne Schwarte n")
    enabled: bool = True


class RauborstigItem(Strict):
    name: str
    points: int
    when: RauborstigCondition
    threshold: int | None = None
    enabled: bool = True


class BidRange(Strict):
    lowest: int = Field(61, ge=0, le=120)
    highest: int = Field(120, ge=0, le=120)
    presets: list[int] = []  # the chips offered when entering a bid


class Fleisch(Strict):
    trog: dict[str, FleischItem]
    napf: dict[str, FleischItem]


class SaukopfTable(TableBase):
    family: Literal["saukopf"]
    deck: Deck
    hand_cards: int = Field(8, ge=1)
    aside_cards: int = Field(0, ge=0)
    bids: BidRange = BidRange()
    contracts: dict[str, SaukopfContract] = Field(min_length=1)
    fleisch: Fleisch
    rauborstig: dict[str, RauborstigItem] = {}
    kontra_chain: list[DoublingStep] = []
    chip_value: int = Field(0, ge=0)  # cents per Fleischpunkt at settlement; 0 = off

    def problems(self):
        lo, hi = self.bids.lowest, self.bids.highest
        for cid, c in self.contracts.items():
            for field in ("min_bid", "max_bid"):
                v = getattr(c, field)
                if v != SCHWARZ and not lo <= v <= hi:
                    yield f"contracts.{cid}.{field}", "bid_limit_range", {"lo": lo, "hi": hi, "value": v}
            if bid_rank(c.min_bid) > bid_rank(c.max_bid):
                yield f"contracts.{cid}.min_bid", "min_above_max", {"max": c.max_bid}
        for mode in ("trog", "napf"):
            for iid, item in getattr(self.fleisch, mode).items():
                if item.when in ("losers_augen_below", "losers_augen_above") and item.threshold is None:
                    yield f"fleisch.{mode}.{iid}.threshold", "threshold_needed", {"when": item.when}
        for iid, item in self.rauborstig.items():
            if item.when == "player_lost_bid_over" and item.threshold is None:
                yield f"rauborstig.{iid}.threshold", "threshold_needed", {"when": "player_lost_bid_over"}
        yield from _chain_problems(self.kontra_chain)


def bid_rank(bid: Bid) -> int:
    """Bids in order: a schwarz bid ranks above 120."""
    return 121 if bid == SCHWARZ else bid


# --- Schwarze Sau ----------------------------------------------------------------------


class ScoringCard(Strict):
    name: str
    points: int = Field(ge=0)
    count: int = Field(1, ge=1)


class SchwarzeSauSeats(Strict):
    hand_cards: int = Field(ge=1)
    stock_cards: int = Field(0, ge=0)


class SchwarzeSauSpecials(Strict):
    jungfrau_made: int = Field(15, ge=0)  # to every other player
    jungfrau_failed: int = Field(15, ge=0)  # to the announcer
    durchmarsch: int = Field(15, ge=0)  # unannounced: to every other player
    durchmarsch_announced_made: int = Field(30, ge=0)
    durchmarsch_announced_failed: int = Field(30, ge=0)


class SchwarzeSauTable(TableBase):
    family: Literal["schwarze_sau"]
    deck_cards: int = Field(32, ge=1)
    scoring_cards: dict[str, ScoringCard] = Field(min_length=1)
    seats: dict[SeatCount, SchwarzeSauSeats]
    game_over_above: int = Field(30, ge=1)
    # the table screen warns ("knapp an 30", the bar turns red) from this many points under the limit
    warn_within: int = Field(5, ge=0)
    specials: SchwarzeSauSpecials = SchwarzeSauSpecials()
    drink_price: int = Field(0, ge=0)  # cents a lost game costs; 0 = rounds only

    def card_values(self) -> tuple[int, ...]:
        return tuple(c.points for c in self.scoring_cards.values() for _ in range(c.count))

    def problems(self):
        for n in self.players:
            if n not in self.seats:
                yield f"seats.{n}", "seat_missing", {"players": n}
        for n, s in self.seats.items():
            if n * s.hand_cards + s.stock_cards != self.deck_cards:
                yield f"seats.{n}", "seat_cards", {"players": n, "cards": s.hand_cards, "stock": s.stock_cards,
                                                   "deck": self.deck_cards}


# --- Struliwuli ------------------------------------------------------------------------


class StruliwuliSeats(Strict):
    deck_cards: int = Field(ge=1)
    hand_cards: list[Annotated[int, Field(ge=1)]] = Field(min_length=1)  # cards per hand in a Partie
    partien_per_rad: int = Field(ge=1)


class StruliwuliTable(TableBase):
    family: Literal["struliwuli"]
    seats: dict[SeatCount, StruliwuliSeats]
    exact_bonus: int = Field(10, ge=0)  # the "1" written before the tricks
    points_per_trick: int = Field(1, ge=0)
    miss_points: int = 0
    neukirchner: bool = True
    rate: int = Field(1, ge=0)  # cents per point of difference after a Rad

    def problems(self):
        for n in self.players:
            if n not in self.seats:
                yield f"seats.{n}", "seat_missing", {"players": n}
        for n, s in self.seats.items():
            if max(s.hand_cards) * n > s.deck_cards:
                yield f"seats.{n}.hand_cards", "seat_cards_too_many", {"players": n, "cards": max(s.hand_cards),
                                                                  "deck": s.deck_cards}


# --- Zaisertshofer Ramsch ----------------------------------------------------------------


class RamschPenalty(Strict):
    name: str
    striche: int = Field(0, ge=0)
    bolla: int = Field(0, ge=0)
    ends_partie: bool = False
    back_in: bool = False  # a weg player who takes cards again is back with the start Striche
    who: Literal["anyone", "dealer"] = "anyone"
    requires: Literal["none", "took_part", "weg", "went_out"] = "none"
    enabled: bool = True


class RamschTable(TableBase):
    family: Literal["ramsch"]
    hand_cards: int = Field(5, ge=1)
    tricks_per_hand: int = Field(5, ge=1)
    start_striche: int = Field(7, ge=1)
    strich_per_trick: int = Field(1, ge=0)
    ramsch_striche: int = Field(2, ge=0)  # a participant who takes no trick "goes Ramsch"
    min_participants: int = Field(2, ge=1)
    bolla_price: int = Field(0, ge=0)  # cents the Bolla's owner pays each other player
    penalties: dict[str, RamschPenalty] = {}


RuleTable = Annotated[
    Union[SchafkopfTable, SaukopfTable, SchwarzeSauTable, StruliwuliTable, RamschTable],
    Field(discriminator="family"),
]
_ADAPTER = TypeAdapter(RuleTable)


# --- Loading ---------------------------------------------------------------------------


def builtin_dir() -> Path:
    """The shipped tables: inside the installed package, or `rulesets/` of a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "rulesets", here.parent / "rulesets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the built-in rule tables (rulesets/) are missing from this installation")


def deep_merge(base: dict, override: dict) -> dict:
    """Override's values win; tables (dicts) merge key by key, lists and values are replaced."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def _read_toml(path: Path, source: str) -> dict:
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


def _resolve(raw: dict, source: str, search: list[Path], seen: tuple[str, ...]) -> dict:
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
            merged = deep_merge(base, raw)
            return merged
    raise TableError(source, "extends", "extends_unknown", id=base_id)


def validate_table(raw: dict, source: str) -> RuleTable:
    """A table from its raw (merged) values, or TableError naming the key path and the reason."""
    if not isinstance(raw, dict) or "family" not in raw:
        raise TableError(source, "family", "family_missing")
    try:
        table = _ADAPTER.validate_python(raw)
    except ValidationError as exc:
        key, code, params = describe_validation_error(exc)
        if key.startswith(("schafkopf.", "saukopf.", "schwarze_sau.", "struliwuli.", "ramsch.")):
            key = key.split(".", 1)[1]
        if key == "family" or key.startswith("family"):
            code, params = "family_unknown", {}
        raise TableError(source, key, code, **params) from None
    for key, code, params in _tally_problems(table):
        raise TableError(source, key, code, **params)
    for key, code, params in table.problems():
        raise TableError(source, key, code, **params)
    return table


# the tallies each family's logic writes: a table must keep them
FAMILY_TALLIES = {
    "schafkopf": ("geld",),
    "saukopf": ("fleisch", "rauborstig"),
    "schwarze_sau": ("punkte", "verloren"),
    "struliwuli": ("punkte", "geld"),
    "ramsch": ("striche", "bolla"),
}


def _tally_problems(table):
    """Tallies the game writes must be kept; trophies and rankings name kept tallies."""
    for tally in FAMILY_TALLIES[table.family]:
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
    path = Path(path)
    source = str(path)
    raw = _read_toml(path, source)
    search = [path.resolve().parent]
    try:
        search.append(builtin_dir())
    except FileNotFoundError:
        pass
    merged = _resolve(raw, source, search, (str(raw.get("id", path.stem)),))
    return validate_table(merged, source)


def load_table_text(text: str, source: str) -> tuple[RuleTable, dict]:
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
    merged = deep_merge(table.model_dump(mode="json"), options)
    try:
        return validate_table(merged, "options")
    except TableError as exc:
        raise SessionError(f"options.{exc.key}", exc.code, **exc.params) from None


def table_as_dict(table: RuleTable) -> dict:
    return table.model_dump(mode="json")
