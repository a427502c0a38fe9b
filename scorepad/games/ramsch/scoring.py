"""Zaisertshofer Ramsch: everyone starts a Partie with 7 Striche, each trick takes one off, a
hand without a trick "goes Ramsch" (+2). At 0 a player is weg; the last one left gets a Bolla."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from scorepad.errors import HandError
from scorepad.games.base import Game, HandResult, parse_hand
from scorepad.games.ramsch.hand import RamschHand

if TYPE_CHECKING:
    from scorepad.games.ramsch.hand import PenaltyEntry
    from scorepad.games.ramsch.rules import RamschPenalty, RamschTable
    from scorepad.tables import RuleTable




class Ramsch(Game):
    hand_model = RamschHand
    table: RamschTable  # the family's own table model
    kept = ("partie", "new_partie_next", "weg", "last_bolla")

    @staticmethod
    def tallies_kept(table: RuleTable) -> list[str]:
        kept: list[str] = list(table.tallies)
        if cast("RamschTable", table).bolla_price and "geld" not in kept:
            kept.append("geld")
        return kept

    def __init__(self, table: RamschTable, players: list[str], first_dealer: str | None = None) -> None:
        super().__init__(table, players, first_dealer)
        for row in self.board.values():
            row["striche"] = table.start_striche
        self.partie = 1
        self.new_partie_next = False
        self.weg: list[str] = []  # who went out this Partie, in order
        self.last_bolla: str | None = None

    def play(self, number: int, raw: Any) -> HandResult:
        hand = parse_hand(RamschHand, raw, number)
        t = self.table
        dealer = self.seats.dealer
        start = t.start_striche
        before = {p: start if self.new_partie_next else self.board[p]["striche"] for p in self.players}
        weg_before = {p for p in self.players if before[p] == 0}

        penalties = self._check_penalties(number, hand, dealer, weg_before)
        back_in = {e.player for e, pen in penalties if pen.back_in}
        participants = self._check_participants(number, hand, weg_before - back_in)
        for i, (entry, pen) in enumerate(penalties):
            if pen.requires == "took_part" and entry.player not in participants:
                raise HandError(number, f"penalties[{i}].player",
                                "penalty_must_play", player=entry.player, penalty=pen.name)
        tricks = self._check_tricks(number, hand, participants)

        striche = dict(before)
        bolla = {p: 0 for p in self.players}
        ends = False
        for entry, pen in penalties:  # penalties first, then the tricks
            if pen.back_in:
                striche[entry.player] = start
            striche[entry.player] += pen.striche
        for p in participants:
            taken = tricks[p]
            striche[p] += t.ramsch_striche if taken == 0 else -taken * t.strich_per_trick
            striche[p] = max(striche[p], 0)
        went_out = []
        if any(striche[p] == 0 for p in participants):
            in_before = {p for p in self.players if before[p] > 0} | back_in
            went_out = [p for p in self.seats.order_from_left_of_dealer() if p in in_before and striche[p] == 0]
        for i, (entry, pen) in enumerate(penalties):
            if pen.requires == "went_out" and entry.player not in went_out:
                raise HandError(number, f"penalties[{i}].player",
                                "penalty_not_out", penalty=pen.name, player=entry.player)
            bolla[entry.player] += pen.bolla
            ends = ends or pen.ends_partie
        still_in = [p for p in self.players if striche[p] > 0]
        went_out = self._check_weg_order(number, hand, went_out, decides=not ends and not still_in)

        left_over = None
        if not ends:
            if len(still_in) == 1:
                left_over = still_in[0]
            elif not still_in:
                left_over = went_out[-1]  # the last to go out is the one left
            if left_over is not None:
                bolla[left_over] += 1
                ends = True

        deltas = {}
        zero = self._zero_row
        for p in self.players:
            row = deltas[p] = zero.copy()
            row["striche"] = striche[p] - start if self.new_partie_next else striche[p] - before[p]
            row["bolla"] = bolla[p]
        if t.bolla_price:
            n = len(self.players)
            for owner, count in bolla.items():
                for p in self.players:
                    deltas[p]["geld"] += -count * t.bolla_price * (n - 1) if p == owner else count * t.bolla_price

        # commit: everything is valid
        if self.new_partie_next:
            for row in self.board.values():
                row["striche"] = start
            self.partie += 1
            self.weg = []
            self.new_partie_next = False
        self.add(deltas)
        if went_out:
            self.weg.extend(p for p in went_out if p not in self.weg)
        for p in back_in:
            if p in self.weg:
                self.weg.remove(p)
        self.last_bolla = None
        if ends:
            self.new_partie_next = True
            self.last_bolla = left_over or next((p for p in self.players if bolla[p]), None)
            self.seats.pass_deal()
        else:
            self.seats.pass_deal(skip={p for p in self.players if striche[p] == 0})
        info = {"participants": participants, "went_out": went_out, "bolla_to": self.last_bolla if ends else None}
        return HandResult(number, dealer, deltas, info)

    def _check_penalties(self, number: int, hand: RamschHand, dealer: str,
                         weg_before: set[str]) -> list[tuple[PenaltyEntry, RamschPenalty]]:
        t = self.table
        out = []
        for i, entry in enumerate(hand.penalties):
            pen = t.penalties.get(entry.kind)
            if pen is None or not pen.enabled:
                known = ", ".join(k for k, v in t.penalties.items() if v.enabled)
                raise HandError(number, f"penalties[{i}].kind", "penalty_unknown", kind=entry.kind, known=known)
            self.check_player(number, f"penalties[{i}].player", entry.player)
            if pen.who == "dealer" and entry.player != dealer:
                raise HandError(number, f"penalties[{i}].player",
                                "penalty_dealer", penalty=pen.name, dealer=dealer, player=entry.player)
            if pen.requires == "weg" and entry.player not in weg_before:
                raise HandError(number, f"penalties[{i}].player", "penalty_requires_weg", penalty=pen.name, player=entry.player)
            if pen.requires != "weg" and entry.player in weg_before:
                raise HandError(number, f"penalties[{i}].player", "penalty_weg", player=entry.player, penalty=pen.name)
            out.append((entry, pen))
        return out

    def _check_participants(self, number: int, hand: RamschHand, weg: set[str]) -> list[str]:
        seen = set()
        for p in hand.participants:
            self.check_player(number, "participants", p)
            if p in seen:
                raise HandError(number, "participants", "named_twice", player=p)
            if p in weg:
                raise HandError(number, "participants", "weg_cannot_play", player=p)
            seen.add(p)
        if len(seen) < self.table.min_participants:
            raise HandError(number, "participants", "too_few_participants",
                            min=self.table.min_participants, got=len(seen))
        return [p for p in self.players if p in seen]

    def _check_tricks(self, number: int, hand: RamschHand, participants: list[str]) -> dict[str, int]:
        t = self.table
        for p, v in hand.tricks.items():
            self.check_player(number, "tricks", p)
            if p not in participants and v:
                raise HandError(number, f"tricks.{p}", "sat_out", player=p)
            if not 0 <= v <= t.tricks_per_hand:
                raise HandError(number, f"tricks.{p}", "out_of_range", max=t.tricks_per_hand, value=v)
        missing = [p for p in participants if p not in hand.tricks]
        if missing:
            raise HandError(number, "tricks", "participant_tricks_missing", players=", ".join(missing))
        total = sum(hand.tricks.values())
        if total != t.tricks_per_hand:
            raise HandError(number, "tricks", "ramsch_tricks_sum", cards=t.tricks_per_hand, total=total)
        return {p: hand.tricks[p] for p in participants}

    def _check_weg_order(self, number: int, hand: RamschHand, went_out: list[str], decides: bool) -> list[str]:
        """The order in which players went out this hand (seat order from the dealer's left
        unless given); it must be given where it decides who is left with the Bolla."""
        if hand.weg_order is None:
            if decides and len(went_out) > 1:
                raise HandError(number, "weg_order", "weg_order_missing",
                                players=", ".join(went_out))
            return went_out
        if sorted(hand.weg_order) != sorted(went_out):
            who = ", ".join(went_out) or "nobody"
            raise HandError(number, "weg_order", "weg_order_wrong", players=who)
        return list(hand.weg_order)

    def state(self) -> dict[str, Any]:
        state = super().state()
        fresh = self.new_partie_next
        state.update({
            "partie": self.partie + (1 if fresh else 0),
            "weg": [] if fresh else list(self.weg),
            "still_in": list(self.players) if fresh else [p for p in self.players if self.board[p]["striche"] > 0],
            "bolla_to": self.last_bolla,
        })
        return state
