"""Skat (ISkO): one declarer against two, the game value by value.py, the points on the list the
evening keeps (lists.py: classic, or Seeger-Fabian), the dealer moving on after every game,
eingepasst and Ramsch included (the shared Seating; at four the dealer, at five two sit out).
Money: cents per list point, settled as the differences between the players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from scorepad.errors import HandError
from scorepad.games.base import Game, HandResult, Replay, parse_hand
from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.lists import money
from scorepad.games.skat.ramsch import score_ramsch
from scorepad.games.skat.value import score

if TYPE_CHECKING:
    from scorepad.games.skat.rules import SkatTable
    from scorepad.tables import RuleTable

TALLY = "punkte"


class Skat(Game):
    hand_model = SkatHand
    table: SkatTable
    # the coming games' Bock doublings, next first; who reached the Bierlachs limit first (house rules)
    kept = ("bock", "bierlachs")

    def __init__(self, table: SkatTable, players: list[str], first_dealer: str | None = None) -> None:
        super().__init__(table, players, first_dealer)
        # what the table says, looked up once per evening, not per game (replay speed)
        self.bonus = table.others_bonus(len(self.seated))  # Seeger-Fabian: every other player on a lost game
        self.seeger_fabian = table.list_kind == "seeger_fabian"
        self.bock: list[int] = []
        self.bierlachs: str | None = None

    def play(self, number: int, raw: Any) -> HandResult:
        try:  # an entered object: parse_hand's validation without its call (replay speed)
            hand = _validate(raw) if type(raw) is dict else parse_hand(SkatHand, raw, number)
        except ValidationError:
            hand = parse_hand(SkatHand, raw, number)  # refuses it naming the key
        t = self.table
        seats = self.seats
        dealer = seats.dealer
        in_play = seats.in_play
        if self.seeger_fabian and self.bonus is None:
            raise HandError(number, "list_kind", "skat_sf_table", count=len(self.seated))
        declarer: Any = hand.declarer
        if declarer is not None and declarer not in in_play:
            self.check_player(number, "declarer", declarer)
        if hand.ramsch:  # house rule: all passed, everyone played alone
            return self._ramsch(number, hand, dealer, in_play)
        try:
            scored = score(hand, t)
        except SkatRefused as exc:
            raise HandError(number, exc.key, exc.code, **exc.params) from None
        seats.pass_deal()
        bock = self.bock.pop(0) if self.bock else 0  # a game of a Bock round, eingepasst too
        if scored.eingepasst:  # worth 0, no game for the statistics
            deltas = self.book_sides(TALLY, (), 0, (), 0)
            return HandResult(number, dealer, deltas, {"eingepasst": True, "passed": True, "value": 0, "entry": 0,
                                                       "in_play": in_play, "bock": bock})
        entry, won = scored.entry * t.bock.factor ** bock, scored.won
        declarer = str(declarer)
        if t.bierlachs.enabled:  # house rule: only minus points, a won game writes nothing
            minus = 0 if won else entry - (t.seeger_fabian.lost if self.seeger_fabian else 0)
            deltas = self.book_sides(TALLY, (declarer,), minus, (), 0)
        elif not self.seeger_fabian:
            deltas = self.book_sides(TALLY, (declarer,), entry, (), 0)
        elif won:
            deltas = self.book_sides(TALLY, (declarer,), entry + t.seeger_fabian.won, (), 0)
        else:  # every other player at the table, who sits out too
            deltas = self.book_sides(TALLY, (declarer,), entry - t.seeger_fabian.lost, self.seated, self.bonus or 0)
        if t.bock.enabled:
            self._bock_after(hand, scored, deltas)
        info = {"player": declarer, "game": hand.game, "won": won, "value": scored.value, "overbid": scored.overbid,
                "entry": entry, "levels": scored.levels, "in_play": in_play, "doubled": scored.doubled, "bock": bock}
        if t.bierlachs.enabled and self.bierlachs is None and self.board[declarer][TALLY] <= -t.bierlachs.limit:
            self.bierlachs = info["bierlachs"] = declarer  # the first to the limit pays the round
        return HandResult(number, dealer, deltas, info)

    def _ramsch(self, number: int, hand: SkatHand, dealer: str, in_play: Sequence[str]) -> HandResult:
        """A Ramsch (house rule `ramsch`): each player's points from ramsch.py, times a Bock
        round's doubling; with Bierlachs only the minus points (a Durchmarsch writes nothing).
        No declarer: the statistics count no game declared."""
        t = self.table
        named: dict[str, list[str | None]] = {"ramsch_augen": list(hand.ramsch_augen or {}),
                                              "jungfrauen": [*(hand.jungfrauen or [])],
                                              "durchmarsch": [hand.durchmarsch], "loser": [hand.loser]}
        for key, names in named.items():  # at the table and not sitting it out: the shared words why not
            for name in names:
                if name is not None and name not in in_play:
                    self.check_player(number, key, name)
        try:
            scored = score_ramsch(hand, t, in_play)
        except SkatRefused as exc:
            raise HandError(number, exc.key, exc.code, **exc.params) from None
        self.seats.pass_deal()
        bock = self.bock.pop(0) if self.bock else 0
        times = t.bock.factor ** bock
        amounts = {p: v * times for p, v in scored.points.items() if not (t.bierlachs.enabled and v > 0)}
        deltas = self.book(TALLY, amounts)
        if t.bock.enabled:
            self._bock_after(hand, None, deltas)
        info: dict[str, Any] = {"ramsch": True, "value": scored.amount, "entry": scored.entry * times,
                                "losers": list(scored.losers), "durchmarsch": scored.durchmarsch,
                                "points": {p: v for p, v in amounts.items() if v}, "in_play": in_play, "bock": bock}
        if t.bierlachs.enabled and self.bierlachs is None:
            first = next((p for p in scored.losers if self.board[p][TALLY] <= -t.bierlachs.limit), None)
            if first is not None:
                self.bierlachs = info["bierlachs"] = first
        return HandResult(number, dealer, deltas, info)

    def _bock_after(self, hand: SkatHand, scored: Any, deltas: dict[str, dict[str, int]]) -> None:
        """A Bock round for each trigger the game met (house rule `bock`), the game already
        booked: `hundred` is met when a player's list total reaches or passes upward a positive
        multiple of `bock.hundred` (100) (from below 100 to 100 or more, from 180 to 210, ...), once per game."""
        t = self.table
        step = t.bock.hundred
        met = {"hundred": any(_passes_hundred(row[TALLY] - deltas[p][TALLY], row[TALLY], step)
                              for p, row in self.board.items()),
               "tie": hand.augen is not None and 2 * hand.augen == t.augen.total,
               "lost_kontra": hand.kontra and scored is not None and not scored.won,
               "kontra_re": hand.kontra and hand.re,
               "lost_grand": hand.game == "grand" and scored is not None and not scored.won}
        for trigger in t.bock.after:
            if met[trigger]:
                games = len(self.seated)
                if t.bock.stacking:
                    self.bock += [0] * (games - len(self.bock))
                    self.bock[:games] = [b + 1 for b in self.bock[:games]]
                else:
                    self.bock += [1] * games

    def state(self) -> dict[str, Any]:
        state = super().state()
        if self.bock:
            state["bock"] = list(self.bock)
        if self.bierlachs is not None:
            state["bierlachs"] = self.bierlachs
        return state

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """Cents per list point: everyone pays everyone the difference of their points."""
        points = {p: row[TALLY] for p, row in result.standings.items()}
        return money(points, table.tariff)  # type: ignore[attr-defined]


def _passes_hundred(before: int, after: int, step: int) -> bool:
    """Whether a total going from `before` to `after` reaches or passes upward a positive
    multiple of `step` (100): a total falling, or staying below the first, passes none."""
    return after >= step and after // step > max(before, 0) // step


_validate = SkatHand.__pydantic_validator__.validate_python
