"""Schafkopf: the rule table's model (rulesets/*.toml with family = "schafkopf"); see docs/rulesets.md."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterator, Literal

from pydantic import Field

from scorepad.tables import Problem, Deck, DoublingStep, Strict, TableBase, chain_problems

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


class TariffSet(Strict):
    """The sheet's tariffs move together: a named set ("10/50") of each game's Grundwert, which
    is its Schneider and Schwarz too, and the value of a Laufender."""

    name: str = Field(min_length=1)
    tariffs: dict[str, Annotated[int, Field(ge=0)]] = Field(min_length=1)  # contract id: cents
    laufende: int | None = Field(None, ge=0)  # cents per Laufender; None: as the table has it


class SchafkopfTable(TableBase):
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

    def problems(self) -> Iterator[Problem]:
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
