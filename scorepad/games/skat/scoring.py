"""Skat (ISkO): one declarer against two, the game value by value.py, the points on the list the
evening keeps (lists.py: classic, or Seeger-Fabian), the dealer moving on after every game,
eingepasst included (the shared Seating; at four the dealer, at five two sit out). Money: cents
per list point, settled as the differences between the players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.errors import HandError
from scorepad.games.base import Game, HandResult, Replay, parse_hand
from scorepad.games.skat.hand import SkatHand, SkatRefused
from scorepad.games.skat.lists import classic_points, money, seeger_fabian_points
from scorepad.games.skat.value import score
from scorepad.games.skat.words import value_lines

if TYPE_CHECKING:
    from scorepad.games.skat.rules import SkatTable
    from scorepad.tables import RuleTable

TALLY = "punkte"


class Skat(Game):
    hand_model = SkatHand
    table: SkatTable

    def play(self, number: int, raw: Any) -> HandResult:
        hand = parse_hand(SkatHand, raw, number)
        t = self.table
        dealer = self.seats.dealer
        in_play = list(self.players)
        if t.list_kind == "seeger_fabian" and t.others_bonus(len(self.seated)) is None:
            raise HandError(number, "list_kind", "skat_sf_table", count=len(self.seated))
        if hand.declarer is not None:
            self.check_player(number, "declarer", hand.declarer)
        try:
            scored = score(hand, t)
        except SkatRefused as exc:
            raise HandError(number, exc.key, exc.code, **exc.params) from None
        seated = list(self.seated)
        classic = classic_points(seated, scored)
        sf = seeger_fabian_points(seated, scored, t)  # every other player at the table, who sits out too
        kept = sf if t.list_kind == "seeger_fabian" and sf is not None else classic
        deltas = self.book(TALLY, kept)
        self.seats.pass_deal()
        info: dict[str, Any] = {"eingepasst": scored.eingepasst, "value": scored.value,
                                "overbid": scored.overbid, "entry": scored.entry, "classic": classic,
                                "seeger_fabian": sf, "lines": value_lines(scored, t), "in_play": in_play,
                                "levels": dict(vars(scored.levels)) if scored.levels is not None else None}
        if scored.eingepasst:
            info["passed"] = True  # no game for the statistics
        else:
            info.update(player=hand.declarer, game=hand.game, won=scored.won)
        return HandResult(number, dealer, deltas, info)

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """Cents per list point: everyone pays everyone the difference of their points."""
        points = {p: row[TALLY] for p, row in result.standings.items()}
        return money(points, table.tariff)  # type: ignore[attr-defined]
