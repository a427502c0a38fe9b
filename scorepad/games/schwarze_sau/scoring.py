"""Schwarze Sau: collect as few points as possible; whoever passes 30 loses the game and buys a
round. Jungfrau and Durchmarsch replace a round's card points; a tie over 30 is an Achterbrief."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from scorepad.cards import reachable_sums, reachable_sums_of_size
from scorepad.errors import HandError
from scorepad.games.base import Game, HandResult, Replay, parse_hand
from scorepad.games.schwarze_sau.hand import SchwarzeSauHand
from scorepad.refusals import Names

if TYPE_CHECKING:
    from scorepad.games.schwarze_sau.rules import SchwarzeSauTable
    from scorepad.tables import RuleTable




class SchwarzeSau(Game):
    hand_model = SchwarzeSauHand
    table: SchwarzeSauTable  # the family's own table model
    kept = ("game_number", "new_game_next", "achterbrief")

    def __init__(self, table: SchwarzeSauTable, players: list[str], first_dealer: str | None = None) -> None:
        super().__init__(table, players, first_dealer)
        self.game_number = 1
        self.new_game_next = False
        self.achterbrief: list[str] = []  # the tied players while an Achterbrief is owed
        seats = table.seats[len(self.players)]
        values = table.card_values()
        deck = values + (0,) * (table.deck_cards - len(values))
        self.round_total = sum(values)
        self.stock_holds = reachable_sums_of_size(deck, seats.stock_cards)
        self.possible_sums = frozenset(self.round_total - s for s in self.stock_holds)
        self.possible_points = reachable_sums(values)

    def play(self, number: int, raw: Any) -> HandResult:
        hand = parse_hand(SchwarzeSauHand, raw, number)
        dealer = self.seats.dealer
        if self.achterbrief:
            return self._achterbrief(number, hand, dealer)
        if hand.achterbrief_loser is not None:
            raise HandError(number, "achterbrief_loser", "achterbrief_not_owed",
                            limit=self.table.game_over_above)
        round_points = self._round_points(number, hand)
        deltas = self.zero_deltas()
        for p, v in round_points.items():
            deltas[p]["punkte"] = v
        if self.new_game_next:  # the finished game stayed on the board until now
            for row in self.board.values():
                row["punkte"] = 0
            self.game_number += 1
            self.new_game_next = False
        self.add(deltas)
        info = self._maybe_end_game(deltas)
        if hand.announcement is not None:
            info["announcement"] = hand.announcement.model_dump()
        if hand.durchmarsch is not None:
            info["durchmarsch"] = hand.durchmarsch
        self.seats.pass_deal()
        return HandResult(number, dealer, deltas, info)

    def _achterbrief(self, number: int, hand: SchwarzeSauHand, dealer: str) -> HandResult:
        if hand.achterbrief_loser is None:
            raise HandError(number, "achterbrief_loser", "achterbrief_missing",
                            between=Names(self.achterbrief))
        if hand.points is not None or hand.announcement is not None or hand.durchmarsch is not None:
            raise HandError(number, "achterbrief_loser", "achterbrief_alone")
        loser = hand.achterbrief_loser
        if loser not in self.achterbrief:
            raise HandError(number, "achterbrief_loser", "achterbrief_not_between", loser=loser,
                            between=Names(self.achterbrief))
        deltas = self.zero_deltas()
        deltas[loser]["verloren"] = 1
        self.add(deltas)
        self.achterbrief = []
        self.new_game_next = True
        return HandResult(number, dealer, deltas, {"achterbrief_loser": loser, "game_lost_by": loser})

    def _round_points(self, number: int, hand: SchwarzeSauHand) -> dict[str, int]:
        t = self.table
        sp = t.specials
        ann = hand.announcement
        if ann is not None:
            self.check_player(number, "announcement.by", ann.by)
        if hand.durchmarsch is not None:
            self.check_player(number, "durchmarsch", hand.durchmarsch)
            if ann is not None:
                raise HandError(number, "durchmarsch", "one_special_result")
        if hand.points is not None:
            self._check_points(number, hand.points, hand)
        elif ann is None and hand.durchmarsch is None:
            raise HandError(number, "points", "points_missing")

        out = {p: 0 for p in self.players}
        if ann is None and hand.durchmarsch is None:
            assert hand.points is not None  # checked above: no result without card points
            out.update(hand.points)
            return out
        if hand.durchmarsch is not None:
            by, each_other, self_points = hand.durchmarsch, sp.durchmarsch, 0
        elif ann is None:
            raise AssertionError("an announcement or a Durchmarsch (returned above otherwise)")
        elif ann.kind == "jungfrau":
            by = ann.by
            each_other, self_points = (sp.jungfrau_made, 0) if ann.success else (0, sp.jungfrau_failed)
        else:
            by = ann.by
            each_other, self_points = ((sp.durchmarsch_announced_made, 0) if ann.success
                                       else (0, sp.durchmarsch_announced_failed))
        for p in self.players:
            out[p] = self_points if p == by else each_other
        return out

    def _check_points(self, number: int, points: dict[str, int], hand: SchwarzeSauHand) -> None:
        """Card points as the cards allow: each a possible total, all of them summing right."""
        for p, v in points.items():
            self.check_player(number, "points", p)
            if v not in self.possible_points:
                raise HandError(number, f"points.{p}", "out_of_range", max=self.round_total, value=v)
        missing = [p for p in self.players if p not in points]
        if missing:
            raise HandError(number, "points", "player_points_missing", players=", ".join(missing))
        total = sum(points.values())
        if total not in self.possible_sums:
            if len(self.possible_sums) == 1:
                raise HandError(number, "points", "points_sum", sum=self.round_total, total=total)
            sums = ", ".join(str(s) for s in sorted(self.possible_sums, reverse=True))
            raise HandError(number, "points", "points_sum_stock", sums=sums, total=total,
                            round_total=self.round_total)
        ann = hand.announcement
        marcher = hand.durchmarsch or (ann.by if ann and ann.kind == "durchmarsch" and ann.success else None)
        if marcher is not None and any(v for p, v in points.items() if p != marcher):
            raise HandError(number, "points", "durchmarsch_points", player=marcher)
        if ann and ann.kind == "jungfrau" and ann.success and points.get(ann.by):
            raise HandError(number, "points", "jungfrau_points", player=ann.by)

    def _maybe_end_game(self, deltas: dict[str, dict[str, int]]) -> dict[str, Any]:
        limit = self.table.game_over_above
        over = {p: row["punkte"] for p, row in self.board.items() if row["punkte"] > limit}
        if not over:
            return {}
        most = max(over.values())
        losers = [p for p in self.players if over.get(p) == most]
        if len(losers) > 1:
            self.achterbrief = losers
            return {"achterbrief_between": losers}
        deltas[losers[0]]["verloren"] += 1
        self.board[losers[0]]["verloren"] += 1
        self.new_game_next = True
        return {"game_lost_by": losers[0]}

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """With a drink price, the loser of each game pays it to every other player."""
        lost = {p: row["verloren"] for p, row in result.standings.items()}
        total, n = sum(lost.values()), len(lost)
        price = cast("SchwarzeSauTable", table).drink_price
        return {p: price * (total - n * v) for p, v in lost.items()}

    def state(self) -> dict[str, Any]:
        state = super().state()
        state["game"] = self.game_number + (1 if self.new_game_next else 0)
        state["achterbrief_owed"] = bool(self.achterbrief)
        state["achterbrief_between"] = list(self.achterbrief)
        return state
