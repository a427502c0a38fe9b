"""Saukopf: bids (Grunzer) in Trog and Napf; Fleischpunkte for the winners, Rauborstigkeit for
those who lost boldly. Also the Dreihaxer (3 players, cards laid aside)."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any, cast

from scorepad.cards import SUITS, reachable_sums_of_size
from scorepad.errors import HandError
from scorepad.games.augen import OPPONENTS, PLAYER, check_all_tricks, check_augen
from scorepad.games.base import Game, HandResult, Replay, contract_of, known_party, parse_hand, share_around_average
from scorepad.games.kontra import chain_keys, chain_said, check_chain
from scorepad.games.saukopf.hand import SaukopfHand
from scorepad.tables import SCHWARZ, Bid, bid_rank, bid_text
from scorepad.trophies import trophy_holders

if TYPE_CHECKING:
    from scorepad.games.saukopf.rules import FleischItem, RauborstigItem, SaukopfContract, SaukopfTable
    from scorepad.tables import RuleTable





def deck_cards(table: SaukopfTable) -> tuple[str, ...]:
    """Every card of the table's deck as a hand names it: suit-rank ("herz-sau")."""
    return tuple(f"{suit}-{rank}" for suit in SUITS[:table.deck.suits] for rank in table.deck.card_points)


def fleisch_points(item: FleischItem, facts: dict[str, Any]) -> int:
    """What one Schlachtfest item gives each winner; the conditions are the table vocabulary."""
    when = item.when
    w = facts["w"]
    if when == "winners_mit" or when == "winners_ohne":
        n = w if when == "winners_mit" else -w
        if n >= (item.threshold or 1):
            return item.points * (n if item.per_laufende else 1)
        return 0
    if when == "losers_augen_below":
        return item.points if facts["losers_augen"] < item.threshold else 0
    if when == "losers_augen_above":
        return item.points if facts["losers_augen"] > item.threshold else 0
    return item.points if facts[when] else 0


# what each Rauborstigkeit condition needs of a hand to pay anyone: (won, a chain link said)
RAUBORSTIG_PAYS: dict[str, tuple[tuple[bool, bool], ...]] = {
    "player_lost_bid_over": ((False, False), (False, True)), "player_lost_spiess": ((False, False), (False, True)),
    "kontra_lost": ((True, True),), "re_lost": ((False, True),)}
# the hand facts a Schlachtfest item may ask, each a flag
FLAGS = ("solo", "winners_all_tricks", "winners_no_trick", "against_spiess")


class TableFacts:
    """What a hand looks up in the table, worked out once (a table never changes), each as the
    checks in `Saukopf.play` would find it: the playable contracts; each contract's
    bids (None: as it has no other) and the Augen in play by the Augen laid aside; per mode,
    the Schlachtfest's items (fleisch_points) summed by what they ask: the flags
    (FLAGS, in order), the winners' Laufende (w), the losers' Augen; the Rauborstigkeit items
    that can pay anyone by (won, a chain link said). A lookup that misses leaves the hand to
    the checks, which refuse it naming the key. Made once per table (the table's `facts`) and
    never changed: every game of the table and every copy of a game shares it."""

    __slots__ = ("playable", "bids", "in_play", "chain_length", "chain_keys", "fleisch", "rauborstig")

    def __init__(self, t: SaukopfTable) -> None:
        self.playable = {cid: c for cid, c in t.contracts.items() if c.enabled}
        lowest, highest = t.bids.lowest, t.bids.highest
        self.bids: dict[str, dict[Bid | None, Bid]] = {}
        for cid, c in self.playable.items():
            low, high = bid_rank(c.min_bid), bid_rank(c.max_bid)
            bids: dict[Bid | None, Bid] = {b: b for b in range(max(low, lowest), min(high, highest) + 1)}
            if low <= bid_rank(SCHWARZ) <= high:
                bids[SCHWARZ] = SCHWARZ
            if c.min_bid == c.max_bid:
                bids[None] = c.min_bid
            self.bids[cid] = bids
        total = t.deck.total
        if t.aside_cards == 0:
            self.in_play = {0: total}
        else:
            self.in_play = {aside: total - aside for aside in reachable_sums_of_size(t.deck.values, t.aside_cards)}
        self.chain_length = len(t.kontra_chain)
        self.chain_keys = chain_keys(t)
        self.fleisch: dict[str, tuple[dict[tuple[bool, ...], int], dict[int, int], dict[int, int]]] = {}
        most = max(c.trump_count for c in t.contracts.values())  # the most Laufende a hand can have
        laufende = range(-most, most + 1)
        for mode in ("trog", "napf"):
            items = [item for item in getattr(t.fleisch, mode).values() if item.enabled]
            flag_items = [item for item in items if item.when in ("won", *FLAGS)]
            w_items = [item for item in items if item.when in ("winners_mit", "winners_ohne")]
            augen_items = [item for item in items if item.when in ("losers_augen_below", "losers_augen_above")]
            by_flags = {}
            for flags in product((False, True), repeat=len(FLAGS)):
                facts = {"won": True, "w": 0, "losers_augen": 0, **dict(zip(FLAGS, flags))}
                by_flags[flags] = sum(fleisch_points(item, facts) for item in flag_items)
            by_w = {w: sum(fleisch_points(item, {"w": w}) for item in w_items) for w in laufende}
            by_losers_augen = {a: sum(fleisch_points(item, {"w": 0, "losers_augen": a}) for item in augen_items)
                               for a in range(total + 1)}
            self.fleisch[mode] = by_flags, by_w, by_losers_augen
        items = [item for item in t.rauborstig.values() if item.enabled]
        self.rauborstig = {case: tuple(item for item in items if case in RAUBORSTIG_PAYS.get(item.when, ()))
                           for case in product((False, True), repeat=2)}

    def __deepcopy__(self, memo: dict[int, Any]) -> TableFacts:
        return self


class Saukopf(Game):
    hand_model = SaukopfHand
    table: SaukopfTable  # the family's own table model

    def __init__(self, table: SaukopfTable, players: list[str], first_dealer: str | None = None) -> None:
        super().__init__(table, players, first_dealer)
        self.facts = table.facts

    def play(self, number: int, raw: Any) -> HandResult:
        hand = parse_hand(SaukopfHand, raw, number)
        t = self.table
        facts = self.facts
        # (what the table says is looked up in `facts`, the checks run only where a lookup
        # misses, and the calls that do nothing for a plain hand are skipped: replay speed)
        said = chain_said(number, hand, t, facts.chain_keys) if hand.__pydantic_extra__ else {}
        seats = self.seats
        dealer = seats.players[seats.dealer_index]
        if hand.passed or hand.vergeben:
            flag = "passed" if hand.passed else "vergeben"
            others = [k for k, v in hand.model_dump(exclude={flag}).items()
                      if v not in (None, False, 0)] + list(said)
            if others:
                raise HandError(number, others[0], "passed_alone_saukopf" if hand.passed else "vergeben_alone")
            if hand.passed:  # frisches Saufutter: the deal moves on; a misdeal is dealt again
                self.seats.pass_deal()
            return HandResult(number, dealer, self.zero_deltas(), {flag: True})

        game_id = hand.game
        contract = facts.playable.get(game_id)  # type: ignore[arg-type]
        if contract is None or game_id is None:
            game_id, contract = contract_of(number, t, game_id)
        partner = hand.partner
        known = known_party(seats.in_play, hand.player, partner, contract.kind == "doppel")
        if known is None:
            known = self.player_party(
                number, hand.player, partner, contract.kind == "doppel",
                needs_partner="doppel_partner_missing", no_partner="solo_no_partner", game=contract.name)
        player, party, opponents = known

        bid = facts.bids[game_id].get(hand.bid)
        if bid is None:
            bid = self._check_bid(number, contract, hand.bid)
        in_play = facts.in_play.get(hand.aside_augen)
        if in_play is None:
            in_play = self._in_play(number, hand.aside_augen)
        augen = hand.augen
        all_tricks = hand.all_tricks
        if augen is None:
            if all_tricks is None:
                raise HandError(number, "augen", "augen_missing")
            augen = in_play if all_tricks == PLAYER else 0
        possible = t.deck.possible_totals
        if not (0 <= augen <= in_play and augen in possible and in_play - augen in possible):
            check_augen(number, augen, in_play, possible)
        if all_tricks is not None:
            check_all_tricks(number, all_tricks, augen, in_play)
        if hand.trump is not None or hand.knorpel_card is not None:
            self._check_chosen_trump(number, contract, hand)
        laufende = hand.laufende
        if abs(laufende) > contract.trump_count:
            raise HandError(number, "laufende", "too_many_laufende", game=contract.name,
                            trumps=contract.trump_count, laufende=laufende)
        if said:
            factor, sayers = check_chain(number, t, said, party, opponents, self.players)
        else:  # what check_chain gives for a hand without the chain
            factor, sayers = 1, [None] * facts.chain_length

        opp_augen = in_play - augen
        if contract.mode == "trog":
            won = augen >= bid if isinstance(bid, int) else all_tricks == PLAYER
        else:
            won = opp_augen >= bid if isinstance(bid, int) else all_tricks == OPPONENTS
        winners = party if won else opponents
        winning_side, losing_side = (PLAYER, OPPONENTS) if won else (OPPONENTS, PLAYER)
        # the Schlachtfest's items (fleisch_points) each winner gets, summed by what they ask
        by_flags, by_w, by_losers_augen = facts.fleisch[contract.mode]
        fleisch = (by_flags[contract.kind == "solo", all_tricks == winning_side, all_tricks == losing_side,
                            hand.spiess and not won]
                   + by_w[laufende if won else -laufende] + by_losers_augen[opp_augen if won else augen]) * factor

        board = self.board
        deltas = self.zero_deltas()
        for p in winners:
            deltas[p]["fleisch"] = fleisch
            board[p]["fleisch"] += fleisch
        for item in facts.rauborstig[won, bool(said)]:
            who = self._rauborstig_to(item, won, player, bid, hand.spiess, sayers)
            if who is not None:
                deltas[who]["rauborstig"] += item.points
                board[who]["rauborstig"] += item.points
        self.seats.pass_deal()
        info = {"game": game_id, "player": player, "partner": partner, "won": won, "bid": bid,
                "spiess": hand.spiess, "kontra": sayers, "augen": augen, "in_play": in_play}
        return HandResult(number, dealer, deltas, info)

    def _check_chosen_trump(self, number: int, contract: SaukopfContract, hand: SaukopfHand) -> None:
        """The trump the player picked, where the game lets him pick one: a suit or one card of
        the table's deck ("herz-sau"); nothing of the kind for any other game. A contract of a
        table from before this check (`chosen_trump` "free") takes both as notes, as written."""
        if contract.chosen_trump == "free":
            return
        if hand.trump is not None:
            if contract.chosen_trump != "suit":
                raise HandError(number, "trump", "no_chosen_trump", game=contract.name)
            if hand.trump not in SUITS:
                raise HandError(number, "trump", "not_allowed_value", value=hand.trump,
                                expected=", ".join(repr(s) for s in SUITS[:-1]) + f" or {SUITS[-1]!r}")
        if hand.knorpel_card is None:
            return
        if contract.chosen_trump != "card":
            raise HandError(number, "knorpel_card", "no_chosen_card", game=contract.name)
        if hand.knorpel_card not in deck_cards(self.table):
            raise HandError(number, "knorpel_card", "not_a_card", value=hand.knorpel_card,
                            example=deck_cards(self.table)[0])

    def _check_bid(self, number: int, contract: SaukopfContract, bid: Bid | None) -> Bid:
        t = self.table
        if bid is None:
            if contract.min_bid == contract.max_bid:
                return contract.min_bid
            raise HandError(number, "bid", "bid_missing", game=contract.name,
                            min=bid_text(contract.min_bid), max=t.bids.highest)
        if isinstance(bid, int) and not t.bids.lowest <= bid <= t.bids.highest:
            raise HandError(number, "bid", "bid_out_of_range", lowest=t.bids.lowest, highest=t.bids.highest, bid=bid)
        if bid_rank(bid) < bid_rank(contract.min_bid):
            if contract.min_bid == SCHWARZ:
                raise HandError(number, "bid", "bid_needs_schwarz", game=contract.name)
            raise HandError(number, "bid", "bid_too_low", game=contract.name, min=contract.min_bid)
        if bid_rank(bid) > bid_rank(contract.max_bid):
            raise HandError(number, "bid", "bid_too_high", game=contract.name,
                            max=bid_text(contract.max_bid), bid=bid_text(bid))
        return bid

    def _in_play(self, number: int, aside_augen: int) -> int:
        """Augen in the tricks: all the cards' Augen less the cards laid aside (Dreihaxer)."""
        t = self.table
        if t.aside_cards == 0:
            if aside_augen:
                raise HandError(number, "aside_augen", "no_aside", table=t.name, aside=aside_augen)
            return t.deck.total
        possible = reachable_sums_of_size(t.deck.values, t.aside_cards)
        if aside_augen not in possible:
            raise HandError(number, "aside_augen", "aside_impossible", cards=t.aside_cards, aside=aside_augen)
        return t.deck.total - aside_augen

    @staticmethod
    def _rauborstig_to(item: RauborstigItem, won: bool, player: str, bid: Bid, spiess: bool,
                       sayers: list[str | None]) -> str | None:
        """Who gets a Rauborstigkeit item this hand, if anyone."""
        when = item.when
        if when == "player_lost_bid_over":
            return player if not won and item.threshold is not None and bid_rank(bid) > item.threshold else None
        if when == "player_lost_spiess":
            return player if not won and spiess else None
        if when == "kontra_lost":
            return sayers[0] if won and sayers else None
        if when == "re_lost":
            return sayers[1] if not won and len(sayers) > 1 else None
        return None

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """Fleischpunkte are chips: value x (own Fleischpunkte - the average), in whole cents
        that still sum to zero (largest remainders get the leftover cents, earlier seat first)."""
        fleisch = {p: row["fleisch"] for p, row in result.standings.items()}
        return share_around_average(fleisch, cast("SaukopfTable", table).chip_value)

    def state(self) -> dict[str, Any]:
        state = super().state()
        state["trophies"] = {tid: trophy_holders(self.board, trophy) for tid, trophy in self.table.trophies.items()}
        return state
