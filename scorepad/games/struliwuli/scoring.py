"""Struliwuli (Stich ansagen): everyone bids their tricks; an exact bid scores 10 + tricks.
Points run through a Rad; after the Rad the ranking pays out (first from last, second from
second-to-last, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from scorepad.errors import HandError
from scorepad.games.base import Game, HandResult, Replay, parse_hand
from scorepad.games.struliwuli.hand import StruliwuliHand

if TYPE_CHECKING:
    from scorepad.games.struliwuli.rules import StruliwuliTable
    from scorepad.tables import RuleTable




def forbidden_bid(cards: int, other_bids: list[int]) -> int | None:
    """Neukirchner Regel: the bid the last bidder (the dealer) may not make, if any."""
    rest = cards - sum(other_bids)
    return rest if 0 <= rest <= cards else None


def rad_payout(points: dict[str, int], rate: int) -> dict[str, int]:
    """Money (cents) after a Rad: rank by points; the first gets the difference to the last,
    paid by the last; the second to the second-to-last, ...; an odd middle pays nothing.
    Equal points share their ranks' amounts equally; a remainder cent goes to the earlier
    seat (`points` is in seating order). Sums to zero."""
    seat = {p: i for i, p in enumerate(points)}
    ranked = sorted(points, key=lambda p: (-points[p], seat[p]))
    n = len(ranked)
    by_rank = [0] * n
    for i in range(n // 2):
        diff = (points[ranked[i]] - points[ranked[n - 1 - i]]) * rate
        by_rank[i] += diff
        by_rank[n - 1 - i] -= diff
    out: dict[str, int] = {}
    i = 0
    while i < n:
        j = i
        while j < n and points[ranked[j]] == points[ranked[i]]:
            j += 1
        group = sorted(ranked[i:j], key=seat.__getitem__)
        share, extra = divmod(sum(by_rank[i:j]), len(group))
        for k, p in enumerate(group):
            out[p] = share + (1 if k < extra else 0)
        i = j
    return {p: out[p] for p in points}


class Struliwuli(Game):
    hand_model = StruliwuliHand
    table: StruliwuliTable  # the family's own table model
    kept = ("rad", "in_rad", "new_rad_next")

    def __init__(self, table: StruliwuliTable, players: list[str], first_dealer: str | None = None) -> None:
        super().__init__(table, players, first_dealer)
        seats = table.seats[len(self.players)]
        self.hand_cards = list(seats.hand_cards)
        self.hands_per_rad = seats.partien_per_rad * len(self.hand_cards)
        self.partien_per_rad = seats.partien_per_rad
        self.rad = 1
        self.in_rad = 0  # hands played in the current Rad
        self.new_rad_next = False

    def _position(self) -> tuple[int, int, int]:
        """(Rad, Partie, cards) of the next hand."""
        if self.new_rad_next:
            return self.rad + 1, 1, self.hand_cards[0]
        return self.rad, self.in_rad // len(self.hand_cards) + 1, self.hand_cards[self.in_rad % len(self.hand_cards)]

    def play(self, number: int, raw: Any) -> HandResult:
        hand = parse_hand(StruliwuliHand, raw, number)
        t = self.table
        _, _, cards = self._position()
        dealer = self.seats.dealer
        for key in ("bids", "tricks"):
            given = getattr(hand, key)
            for p, v in given.items():
                self.check_player(number, key, p)
                if not 0 <= v <= cards:
                    raise HandError(number, f"{key}.{p}", "cards_out_of_range", cards=cards, value=v)
            missing = [p for p in self.players if p not in given]
            if missing:
                raise HandError(number, key, "bids_missing" if key == "bids" else "tricks_missing",
                                players=", ".join(missing))
        if t.neukirchner and sum(hand.bids.values()) == cards:
            others = [hand.bids[p] for p in self.players if p != dealer]
            bad = forbidden_bid(cards, others)
            raise HandError(number, f"bids.{dealer}", "neukirchner", dealer=dealer, bid=bad, cards=cards)
        total = sum(hand.tricks.values())
        if total != cards:
            raise HandError(number, "tricks", "tricks_sum", cards=cards, total=total)

        if self.new_rad_next:  # the finished Rad stayed on the board until now
            for row in self.board.values():
                row["punkte"] = 0
            self.rad += 1
            self.in_rad = 0
            self.new_rad_next = False
        deltas = self.zero_deltas()
        for p in self.players:
            bid, made = hand.bids[p], hand.tricks[p]
            deltas[p]["punkte"] = t.exact_bonus + made * t.points_per_trick if bid == made else t.miss_points
        self.add(deltas)
        self.in_rad += 1
        if self.in_rad == self.hands_per_rad:
            money = rad_payout({p: self.board[p]["punkte"] for p in self.players}, t.rate)
            for p, cents in money.items():
                deltas[p]["geld"] = cents
                self.board[p]["geld"] += cents
            self.new_rad_next = True
        self.seats.pass_deal()
        info = {"cards": cards, "exact": [p for p in self.players if hand.bids[p] == hand.tricks[p]],
                "rad_complete": self.new_rad_next}
        return HandResult(number, dealer, deltas, info)

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """The money of the finished Rads; with settle_open, an unfinished Rad is paid out by
        the same ranking rule as if it had ended now."""
        money = {p: row["geld"] for p, row in result.standings.items()}
        if settle_open and result.hands and not result.hands[-1].info.get("rad_complete"):
            open_rad = rad_payout({p: row["punkte"] for p, row in result.standings.items()},
                                  cast("StruliwuliTable", table).rate)
            money = {p: money[p] + open_rad[p] for p in money}
        return money

    def state(self) -> dict[str, Any]:
        state = super().state()
        rad, partie, cards = self._position()
        state.update({
            "rad": rad,
            "partie": partie,
            "partien_per_rad": self.partien_per_rad,
            "cards": cards,
            "bidding_order": self.seats.order_from_left_of_dealer(),
            # Neukirchner: the dealer bids last and may not make all bids add up to this
            "bids_may_not_total": cards if self.table.neukirchner else None,
        })
        return state
