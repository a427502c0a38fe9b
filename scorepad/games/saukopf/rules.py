"""Saukopf: the rule table's model (rulesets/*.toml with family = "saukopf"); see docs/rulesets.md."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from scorepad.tables import SCHWARZ, Bid, Deck, DoublingStep, Problem, RuleTable, Strict, bid_rank, chain_problems

if TYPE_CHECKING:
    from scorepad.games.saukopf.scoring import TableFacts

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
    # Farbtrumpf"), one card (hand key `knorpel_card`, "1 beliebige Trumpfkarte"), or nothing;
    # "free": `trump` and `knorpel_card` are notes in any words on any game, unchecked (what a
    # table stored, or a file written, before this key meant: see stored_before, scorepad/compat.py)
    chosen_trump: Literal["none", "suit", "card", "free"] = "none"
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


class SaukopfTable(RuleTable):
    SITTING_OUT: ClassVar[bool] = True  # more at the table than play: who sits out follows the deal

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

    @cached_property
    def facts(self) -> TableFacts:
        """What scoring looks up in this table, worked out once (a table never changes)."""
        from scorepad.games.saukopf.scoring import TableFacts

        return TableFacts(self)

    @classmethod
    def stored_before(cls, raw: dict[str, Any]) -> dict[str, Any]:
        """A table stored before `chosen_trump` (01.12.2026) took `trump` and `knorpel_card` as
        notes in any words on every game (the first release's docs: "optional, informational"):
        its contracts read so (`chosen_trump = "free"`), as they did."""
        contracts = raw.get("contracts")
        if not isinstance(contracts, dict) or all(not isinstance(c, dict) or "chosen_trump" in c
                                                  for c in contracts.values()):
            return raw
        return {**raw, "contracts": {cid: {**c, "chosen_trump": "free"}
                                     if isinstance(c, dict) and "chosen_trump" not in c else c
                                     for cid, c in contracts.items()}}

    def options_before(self, hands: list[Any]) -> dict[str, Any]:
        """A file's hand noting `trump` or `knorpel_card` (text) where its game's `chosen_trump`
        takes none, or in other words than a suit or a card of the deck, was written when both
        were notes in any words on any game (the first release): that game reads so
        (`chosen_trump = "free"`), the note is kept as written."""
        from scorepad.cards import SUITS
        from scorepad.games.saukopf.scoring import deck_cards

        free: dict[str, dict[str, str]] = {}
        cards: tuple[str, ...] | None = None
        for hand in hands:
            if not isinstance(hand, dict) or ("trump" not in hand and "knorpel_card" not in hand):
                continue
            game = hand.get("game")
            if not isinstance(game, str):
                continue
            contract = self.contracts.get(game)
            if contract is None or contract.chosen_trump == "free" or game in free:
                continue
            trump, card = hand.get("trump"), hand.get("knorpel_card")
            if isinstance(trump, str) and (contract.chosen_trump != "suit" or trump not in SUITS):
                free[game] = {"chosen_trump": "free"}
            if isinstance(card, str):
                cards = cards if cards is not None else deck_cards(self)
                if contract.chosen_trump != "card" or card not in cards:
                    free[game] = {"chosen_trump": "free"}
        return {"contracts": free} if free else {}

    def hand_players(self) -> frozenset[int]:
        """As many as the deck, less the cards laid aside, deals hands to (4; the Dreihaxer 3)."""
        return frozenset({(len(self.deck.values) - self.aside_cards) // self.hand_cards})

    def problems(self) -> Iterator[Problem]:
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
        yield from chain_problems(self.kontra_chain)
