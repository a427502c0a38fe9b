"""Schafkopf: the rule table's model (rulesets/*.toml with family = "schafkopf"); see docs/rulesets.md."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from scorepad.cards import Suit
from scorepad.games.schafkopf.facts import TableFacts
from scorepad.games.schafkopf.hand import RAMSCH
from scorepad.tables import Deck, DoublingStep, Problem, RuleTable, Strict, chain_problems

# how a contract is won: by the player party's Augen, by the player taking no trick (Bettel),
# by the player party taking every trick (Tout); the last two know no Schneider and no Schwarz
WonBy = Literal["augen", "no_trick", "all_tricks"]


class SchafkopfThresholds(Strict):
    player_wins: int = Field(61, ge=1, le=120)  # the opponents win with 120 - 60
    player_free: int = Field(31, ge=0, le=120)  # below this the player party is Schneider
    opponents_free: int = Field(30, ge=0, le=120)  # below this the opponents are Schneider


class SchafkopfContract(Strict):
    name: str
    kind: Literal["partner", "solo", "sie"]
    won_by: WonBy = "augen"
    partner_is: str = ""  # a partner game: how the partner is found ("hat die gerufene Sau")
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
    with_laufende: bool = False  # Sie: tariff_factor x (tariff of `tariff_of` + its Laufende)
    # Sie: "grundwert" the tariff of `tariff_of`; "schwarz" that game won Schwarz
    # (tariff + Schneider + Schwarz), times tariff_factor
    tariff_of_value: Literal["grundwert", "schwarz"] = "grundwert"
    # the Grundwert when played in that suit (Herz-Solo 25 beside Solo 20); other suits: `tariff`
    suit_tariffs: dict[Suit, Annotated[int, Field(ge=0)]] = {}
    thresholds: SchafkopfThresholds | None = None  # the game's own (a Muss-Spiel won with 60); None: the table's
    enabled: bool = True


class Laufende(Strict):
    enabled: bool = False
    value: int = Field(10, ge=0)
    counted_for: Literal["both", "player"] = "both"  # "player": only the player party's Laufende count


class Tout(Strict):
    """An announced Tout: the player party takes every trick; a solo kind only."""

    enabled: bool = False
    factor: int = Field(2, ge=1)
    # "grundwert": (Grundwert + Laufende) x factor; "schwarz": the game won Schwarz x factor
    value: Literal["grundwert", "schwarz"] = "grundwert"
    bonus: int = Field(0, ge=0)  # added to the value before the factor ("Tout angesagt +20")


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
    "passed",  # everyone passed (zamgschmissen)
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
    durchmarsch_as: str = "solo"  # the solo contract a Durchmarsch's value is read from
    # a Durchmarsch is worth: "schwarz" that solo won Schwarz (Grundwert + Schneider + Schwarz),
    # "tariff" that solo's Grundwert only, "ramsch" the Ramsch's `value`; from each other player
    durchmarsch_value: Literal["schwarz", "tariff", "ramsch"] = "schwarz"
    # a Jungfrau multiplies "all": the whole value (every share), "own": only what is paid to her
    jungfrau_doubles: Literal["all", "own"] = "all"


class Muss(Strict):
    """No hand is thrown in: when everyone says weiter, `game` must be played (a Muss-Spiel,
    "über Kreuz"), so a passed hand (Zamgschmissen) is refused."""

    enabled: bool = False
    game: str = ""  # the contract played then


class TariffSet(Strict):
    """The sheet's tariffs move together: a named set ("10/50") of each game's Grundwert, which
    is its Schneider and Schwarz too, and the value of a Laufender."""

    name: str = Field(min_length=1)
    tariffs: dict[str, Annotated[int, Field(ge=0)]] = Field(min_length=1)  # contract id: cents
    laufende: int | None = Field(None, ge=0)  # cents per Laufender; None: as the table has it


class SchafkopfTable(RuleTable):
    SITTING_OUT: ClassVar[bool] = True  # five or six at the table: who sits out follows the deal

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
    tariff_sets: list[TariffSet] = []  # offered on the new-evening screen, each sets its values together
    # who writes a hand's value: "both" the winners plus, the losers minus (zero-sum, as money);
    # "winners" only plus points: each winner writes the value, the losers nothing (Preisschafkopf)
    writes: Literal["both", "winners"] = "both"
    muss: Muss = Muss()

    @cached_property
    def tally(self) -> str:
        """What the hands are written in: `geld` (cents) where the table keeps it, else `punkte`
        (whole points: a Preisschafkopf list) where it keeps that."""
        return "punkte" if "punkte" in self.tallies and "geld" not in self.tallies else "geld"

    def tallies_written(self, family: tuple[str, ...]) -> tuple[str, ...]:
        return (self.tally,)

    @cached_property
    def facts(self) -> TableFacts:
        """What scoring looks up in this table, worked out once (a table never changes)."""
        return TableFacts(self)

    def value_sets(self) -> dict[str, dict[str, Any]]:
        """Each tariff set as the options it sets: every named game's tariff, Schneider and
        Schwarz at its value, and the value of a Laufender."""
        out: dict[str, dict[str, Any]] = {}
        for ts in self.tariff_sets:
            options: dict[str, Any] = {"contracts": {cid: {"tariff": v, "schneider": v, "schwarz": v}
                                                     for cid, v in ts.tariffs.items()}}
            if ts.laufende is not None:
                options["laufende"] = {"value": ts.laufende}
            out[ts.name] = options
        return out

    def hand_players(self) -> frozenset[int]:
        """Two against two or one against three: four play every hand."""
        return frozenset({4})

    # switched off in the built-in table since issue 12 (01.12.2026); a file or variant of the
    # first release may define its own contract of one of these ids
    LATER_CONTRACTS: ClassVar[frozenset[str]] = frozenset({"hochzeit", "bettel", "bettel_brett"})

    @classmethod
    def stored_before(cls, raw: dict[str, Any]) -> dict[str, Any]:
        """A table stored before issue 12 reads as it scored and showed then: a Tout that was
        on was worth the game won Schwarz (`tout.value` "schwarz"; the common rule is the
        default now), and the form named every partner "hat die gerufene Sau"."""
        tout = raw.get("tout")
        if isinstance(tout, dict) and "value" not in tout and tout.get("enabled"):
            raw = {**raw, "tout": {**tout, "value": "schwarz"}}
        contracts = raw.get("contracts")
        if isinstance(contracts, dict) and any(isinstance(c, dict) and "won_by" not in c for c in contracts.values()):
            raw = {**raw, "contracts": {cid: {**c, "partner_is": "hat die gerufene Sau"}
                                        if isinstance(c, dict) and c.get("kind") == "partner" and "partner_is" not in c
                                        else c for cid, c in contracts.items()}}
        return raw

    def problems(self) -> Iterator[Problem]:
        if self.ramsch.enabled:
            if RAMSCH in self.contracts:
                yield f"contracts.{RAMSCH}", "ramsch_contract", {}
            solo = self.contracts.get(self.ramsch.durchmarsch_as)
            if solo is None or solo.kind != "solo" or solo.won_by != "augen":
                yield "ramsch.durchmarsch_as", "not_solo_contract", {"value": self.ramsch.durchmarsch_as}
        for cid, c in self.contracts.items():
            yield from self._contract_problems(cid, c)
        names: set[str] = set()
        for i, ts in enumerate(self.tariff_sets):
            if ts.name in names:
                yield f"tariff_sets[{i}].name", "tariff_set_twice", {"name": ts.name}
            names.add(ts.name)
            for cid in ts.tariffs:
                contract = self.contracts.get(cid)
                if contract is None or contract.kind == "sie":
                    yield f"tariff_sets[{i}].tariffs.{cid}", "tariff_set_contract", {"value": cid}
        yield from chain_problems(self.kontra_chain)
        yield from self._list_problems()

    def _list_problems(self) -> Iterator[Problem]:
        """A Muss-Spiel names a game the table plays; only plus points go with no Stock and no
        Ramsch (each pays the others, which only plus points cannot write)."""
        if self.muss.enabled:
            muss = self.contracts.get(self.muss.game)
            if muss is None or not muss.enabled or muss.kind == "sie":
                yield "muss.game", "muss_not_contract", {"value": self.muss.game}
        if self.writes == "winners":
            for key in ("stock", "ramsch"):
                if getattr(self, key).enabled:
                    yield f"{key}.enabled", "winners_only_with", {"key": key}

    def _contract_problems(self, cid: str, c: SchafkopfContract) -> Iterator[Problem]:
        """What the engine cannot score: a contract won by tricks that is not a solo, a game
        without trumps counted by Augen (a Bettel is won by taking no trick), Laufende of a game
        without trumps, a Sie with its Laufende at a table that counts none."""
        if c.won_by != "augen" and c.kind != "solo":
            yield f"contracts.{cid}.won_by", "won_by_solo_only", {"kind": c.kind}
        # (a contract that does not say `won_by`, as before the key, is won by Augen as then, trumps
        # or none: the first release scored such a game, without Laufende)
        if c.won_by == "augen" and c.kind != "sie" and c.trump_count == 0 and "won_by" in c.model_fields_set:
            yield f"contracts.{cid}.won_by", "augen_without_trumps", {}
        if c.kind == "sie":
            if c.tariff_of not in self.contracts:
                yield f"contracts.{cid}.tariff_of", "not_contract", {"value": c.tariff_of}
            if c.with_laufende and not self.laufende.enabled:
                yield f"contracts.{cid}.with_laufende", "sie_laufende_off", {}
        if c.trump_count > 0 and c.laufende_from > c.trump_count and self.laufende.enabled:
            yield f"contracts.{cid}.laufende_from", "above_trump_count", {"trumps": c.trump_count}
        if c.suit_tariffs and not c.needs_suit:
            yield f"contracts.{cid}.suit_tariffs", "suit_tariffs_no_suit", {}
        if c.laufende_max is not None:
            if c.laufende_max > c.trump_count:
                yield f"contracts.{cid}.laufende_max", "above_trump_count", {"trumps": c.trump_count}
            elif c.laufende_max < c.laufende_from and self.laufende.enabled:
                yield f"contracts.{cid}.laufende_max", "below_laufende_from", {"value": c.laufende_from}
