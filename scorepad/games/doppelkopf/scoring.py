"""Doppelkopf: Re against Kontra, game points by the DDV's list (points.py), Sonderpunkte in
normal games, a solo three against one; the house rules of rules.py (Bock, who writes,
Pflichtsolo)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Literal

from pydantic import ValidationError

from scorepad.errors import HandError
from scorepad.games.base import Game, HandResult, Replay, parse_hand, share_around_average
from scorepad.games.doppelkopf.hand import DoppelkopfHand
from scorepad.games.doppelkopf.points import (
    NO_EXTRAS,
    PARTIES,
    Item,
    Party,
    Play,
    doublings,
    extra_items,
    game_items,
    re_value,
    winner,
)
from scorepad.games.doppelkopf.result import WINNERS, half_name, level_names, result_augen
from scorepad.refusals import Names

if TYPE_CHECKING:
    from scorepad.games.doppelkopf.rules import DoppelkopfContract, DoppelkopfTable
    from scorepad.tables import RuleTable

TALLY = "punkte"
RE_COUNTS = {"normal": (2,), "solo": (1,), "hochzeit": (1, 2)}  # how many players Re has, by game kind


def impossible_augen(total: int) -> frozenset[int]:
    """Augen no set of cards adds up to: 1 and its counterpart (no card is worth 1 Auge, every
    other number is made of 2s and 3s, 4, 10 and 11)."""
    return frozenset({1, total - 1})


class Doppelkopf(Game):
    hand_model = DoppelkopfHand
    table: DoppelkopfTable
    # the coming games' Bock doublings (next first); who still owes a Pflichtsolo; games of this round
    kept = ("bock", "owed", "round_played")

    def __init__(self, table: DoppelkopfTable, players: list[str], first_dealer: str | None = None) -> None:
        super().__init__(table, players, first_dealer)
        self._bock: deque[int] = deque()  # `bock`, taken from the front in O(1) (Bock rounds pile up)
        self.owed: list[str] = list(self.seated) if table.pflichtsolo.per != "none" else []
        self.round_played = 0
        # what the table says, looked up once per evening, not per hand (replay speed)
        self.call_names = table.call_names()
        self.impossible = impossible_augen(table.game_points.total)
        self.extra_points = {sid: sp.points for sid, sp in table.sonderpunkte.items()}
        # the lines of the Sonderpunkte Kontra gets for winning (its own Items, made once)
        self.kontra_won = [Item("kontra", sid, sp.points) for sid, sp in table.sonderpunkte.items()
                           if sp.enabled and sp.when == "kontra_won"]

    @property
    def bock(self) -> list[int]:
        """The coming games' Bock doublings, next first (a copy: the kept value)."""
        return list(self._bock)

    @bock.setter
    def bock(self, value: list[int]) -> None:
        self._bock = deque(value)

    # -- checks -------------------------------------------------------------------------

    def _game(self, number: int, game_id: str | None) -> tuple[str, DoppelkopfContract]:
        games = self.table.contracts
        gtype = games.get(game_id) if game_id is not None else None
        if game_id is None or gtype is None:  # the list of playable games only for the refusal
            playable = ", ".join(g for g, v in games.items() if v.enabled)
            if game_id is None:
                raise HandError(number, "game", "game_missing", playable=playable)
            raise HandError(number, "game", "game_unknown", game=game_id, playable=playable)
        if not gtype.enabled:
            raise HandError(number, "game", "game_off", game=gtype.name, table=self.table.name)
        return game_id, gtype

    def _re(self, number: int, re: list[str] | None, gtype: DoppelkopfContract) -> list[str]:
        if re is None:
            raise HandError(number, "re", "dk_re_missing")
        in_play = self.players
        for name in re:
            if name not in in_play:  # (who plays the hand passes check_player: asked only for the others)
                self.check_player(number, "re", name)
        if len(set(re)) != len(re):
            raise HandError(number, "re", "dk_re_twice", name=next(n for n in re if re.count(n) > 1))
        counts = RE_COUNTS[gtype.kind]
        if len(re) not in counts:
            raise HandError(number, "re", "dk_re_count", game=gtype.name,
                            count=Names(counts), got=len(re))
        return re

    def _by_result(self, number: int, hand: DoppelkopfHand) -> tuple[int, Literal["re", "kontra"] | None]:
        """Re's Augen and who took every trick standing for a game entered by result (result.py)."""
        scale = self.table.scale
        if hand.augen is not None or hand.all_tricks is not None:
            raise HandError(number, "winner", "dk_result_and_augen")
        if hand.winner not in WINNERS:  # (the model allows only these; a guard for model_construct)
            raise HandError(number, "winner", "not_allowed_value", value=hand.winner, expected="'re', 'kontra', 'none'")
        levels = hand.levels or {}
        allowed = [*level_names(scale), half_name(scale)]
        for party, level in levels.items():
            if party not in PARTIES:
                raise HandError(number, "levels", "dk_level_party", value=party)
            if level not in allowed:
                raise HandError(number, f"levels.{party}", "dk_level_unknown", value=level,
                                expected=", ".join(repr(a) for a in allowed))
        if len(levels) == 2 and set(levels.values()) != {half_name(scale)}:
            raise HandError(number, "levels", "dk_levels_both", half=scale.total // 2)
        return result_augen(scale, hand.winner, levels)

    def _augen(self, number: int, hand: DoppelkopfHand) -> int:
        total = self.table.game_points.total
        augen = hand.augen
        if hand.all_tricks is not None:
            whole = total if hand.all_tricks == "re" else 0
            if augen is not None and augen != whole:
                raise HandError(number, "augen", "dk_all_tricks_augen", party=hand.all_tricks.capitalize(),
                                augen=whole, got=augen)
            return whole
        if augen is None:
            raise HandError(number, "augen", "dk_augen_missing", total=total)
        if not 0 <= augen <= total:
            raise HandError(number, "augen", "out_of_range", max=total, value=augen)
        if augen in self.impossible:
            raise HandError(number, "augen", "dk_augen_impossible", augen=augen)
        return augen

    def _call(self, number: int, party: Party, said: str | None) -> int:
        if said is None:
            return 0
        names = self.call_names[party]
        if said not in names:
            raise HandError(number, f"{party}_call", "not_allowed_value", value=said,
                            expected=", ".join(repr(n) for n in names))
        return names.index(said) + 1

    def _extras(self, number: int, hand: DoppelkopfHand, normal: bool, gname: str) -> dict[Party, dict[str, int]]:
        given = hand.sonderpunkte or {}
        extras: dict[Party, dict[str, int]] = {"re": {}, "kontra": {}}
        if not any(given.values()):
            return extras
        if not normal:
            raise HandError(number, "sonderpunkte", "dk_extras_normal_only", game=gname)
        table = self.table.sonderpunkte
        for party, counts in given.items():
            if party not in PARTIES:
                raise HandError(number, "sonderpunkte", "not_allowed_value", value=party, expected="'re' or 'kontra'")
            for sid, count in counts.items():
                item = table.get(sid)
                if item is None or not item.enabled:
                    known = ", ".join(repr(k) for k, v in table.items() if v.enabled and v.when == "entered")
                    raise HandError(number, f"sonderpunkte.{party}", "not_allowed_value", value=sid, expected=known)
                if item.when != "entered":
                    raise HandError(number, f"sonderpunkte.{party}", "dk_extra_by_result", name=item.name)
                if not 0 <= count <= item.most:
                    raise HandError(number, f"sonderpunkte.{party}.{sid}", "dk_extra_too_many",
                                    name=item.name, most=item.most, got=count)
                extras[party][sid] = count
        return extras

    # -- a hand -------------------------------------------------------------------------

    def play(self, number: int, raw: Any) -> HandResult:
        try:  # an entered object: parse_hand's validation without its call (replay speed)
            hand = _validate(raw) if type(raw) is dict else parse_hand(DoppelkopfHand, raw, number)
        except ValidationError:
            hand = parse_hand(DoppelkopfHand, raw, number)  # refuses it naming the key
        t = self.table
        scale = t.scale
        seats = self.seats
        dealer = seats.players[seats.dealer_index]
        if hand.bockrunde:
            return self._called_bock(number, hand, dealer)
        game_id, gtype = self._game(number, hand.game)
        re = self._re(number, hand.re, gtype)
        kontra = [p for p in self.players if p not in re]
        solo = gtype.kind == "solo" or (gtype.kind == "hochzeit" and len(re) == 1)
        all_tricks = hand.all_tricks
        if hand.winner is not None:
            augen, all_tricks = self._by_result(number, hand)
        elif hand.levels:
            raise HandError(number, "levels", "dk_levels_without_winner")
        else:
            augen = self._augen(number, hand)
        # (a call not said and no Sonderpunkte entered skip their checks: replay speed)
        re_call = 0 if hand.re_call is None else self._call(number, "re", hand.re_call)
        kontra_call = 0 if hand.kontra_call is None else self._call(number, "kontra", hand.kontra_call)
        re_extras = kontra_extras = NO_EXTRAS
        if hand.sonderpunkte is not None:
            extras = self._extras(number, hand, not solo or t.sonderpunkte_in_solo, gtype.name)
            re_extras, kontra_extras = extras["re"], extras["kontra"]
        plays: dict[Party, Play] = {
            "re": Play(augen, re_call, all_tricks != "kontra", re_extras),
            "kontra": Play(scale.total - augen, kontra_call, all_tricks != "re", kontra_extras)}

        won = winner(scale, plays)
        if hand.winner is not None and hand.winner != (won or "none"):
            said = {"re": "Re", "kontra": "Kontra", "none": "keiner"}
            raise HandError(number, "winner", "dk_result_winner", winner=said[hand.winner], actual=said[won or "none"])
        items = game_items(scale, plays, won)
        value = re_value(items)
        if scale.doubling:
            value *= 2 ** doublings(scale, plays)
        if solo:
            value *= t.solo_factor
        if not solo or t.sonderpunkte_in_solo:  # (house rule: in a solo too, after its factor)
            extra = extra_items(plays, self.extra_points) if hand.sonderpunkte is not None else []
            if won == "kontra":
                extra += self.kontra_won
            if extra:
                items += extra
                value += re_value(extra)
        bock = self._bock[0] if self._bock else 0
        if bock and t.bock.points and won is not None:  # house rule: Bock as points for the winners
            bock_item = Item(won, "bock", t.bock.points * bock)
            items.append(bock_item)
            value += re_value([bock_item])
        elif not t.bock.points:
            value *= t.bock.factor ** bock
        deltas = self._book(re, kontra, value)

        soloist = re[0] if solo else None
        pflicht = bool(soloist and gtype.kind == "solo" and gtype.pflicht and soloist in self.owed)
        vorgefuehrt = pflicht and soloist == self.vorgefuehrt()
        self._after(plays, won, solo, pflicht, soloist)
        if not (pflicht and t.pflichtsolo.same_dealer and not vorgefuehrt):
            self.seats.pass_deal()
        # (`player`, `won`: the soloist and whether he won, as the common statistics read them;
        # `items`: the lines as (party, what, points) tuples, the shared Items of the table)
        info = {"game": game_id, "kind": gtype.kind, "re_party": re, "kontra_party": kontra, "winner": won,
                "solo": soloist, "value": value, "bock": bock, "pflicht": pflicht, "items": items}
        if soloist is not None:
            info["player"] = soloist
            info["won"] = won == "re"
        return HandResult(number, dealer, deltas, info)

    def _called_bock(self, number: int, hand: DoppelkopfHand, dealer: str) -> HandResult:
        """The table calls a Bock round (house rule `bock.called`): no game, nobody scores, the
        deal stays; a round is added as a trigger adds one (`stacking`)."""
        if not (self.table.bock.enabled and self.table.bock.called):
            raise HandError(number, "bockrunde", "dk_bock_not_called", table=self.table.name)
        others = [k for k, v in hand.model_dump(exclude={"bockrunde"}).items() if v is not None]
        if others:
            raise HandError(number, others[0], "dk_bock_call_alone")
        self._add_bock_round()
        return HandResult(number, dealer, self.book_sides(TALLY, self.players, 0, [], 0), {"bockrunde": True})

    def _book(self, re: list[str], kontra: list[str], value: int) -> dict[str, dict[str, int]]:
        """Each player's points of a game worth `value` to Re, booked: a Re player gets it, a
        Kontra player its negative; a soloist as much as his opponents together. Who does not
        write (house rule `writes`) gets nothing."""
        each_re, each_kontra = value * len(kontra) // len(re), -value
        writes = self.table.writes
        if writes == "winners":
            each_re, each_kontra = max(each_re, 0), max(each_kontra, 0)
        elif writes == "losers":
            each_re, each_kontra = min(each_re, 0), min(each_kontra, 0)
        return self.book_sides(TALLY, re, each_re, kontra, each_kontra)

    def _after(self, plays: dict[Party, Play], won: Party | None, solo: bool, pflicht: bool,
               soloist: str | None) -> None:
        """What a game leaves for the next: Bock rounds, the Pflichtsoli owed, the round's count."""
        t = self.table
        if self._bock:
            self._bock.popleft()
        if t.bock.enabled:
            for trigger in t.bock.after:
                if self._bock_after(trigger, plays, won, solo):
                    self._add_bock_round()
        if pflicht and soloist is not None:
            self.owed.remove(soloist)
        if t.round_games:
            self.round_played += 1
            if self.round_played == t.round_games:
                self.round_played = 0
                if t.pflichtsolo.per == "round":
                    self.owed = list(self.seated)

    def _bock_after(self, trigger: str, plays: dict[Party, Play], won: Party | None, solo: bool) -> bool:
        """Whether the game met the Bock trigger (each asked only when the table has it)."""
        if trigger == "tie":
            return plays["re"].augen == self.table.game_points.total // 2
        if trigger == "lost_announcement":
            return won is not None and any(plays[p].call >= 1 and won != p for p in PARTIES)
        if trigger == "lost_solo":
            return solo and won == "kontra"
        if trigger == "both_announced":
            return plays["re"].call >= 1 and plays["kontra"].call >= 1
        return won is None  # "nobody_won"

    def _add_bock_round(self) -> None:
        """One game per player at the table, counted again: after the Bock games already coming,
        or (stacking true) on top of them, or ("side_by_side") beside them at single Bock."""
        games = len(self.seated)
        stacking = self.table.bock.stacking
        if stacking is False:
            self._bock.extend([1] * games)
            return
        coming = self._bock
        for i in range(games):
            if i >= len(coming):
                coming.append(1)
            elif stacking is True:
                coming[i] += 1
            # "side_by_side": a game both rounds cover stays at single Bock

    def vorgefuehrt(self) -> str | None:
        """Who must play his Pflichtsolo in the next game (TSR 4.2.3): when as many Pflichtsoli
        are owed as games are left in the round, the first owing player left of the dealer."""
        t = self.table
        if not (t.pflichtsolo.vorfuehrung and t.round_games and self.owed):
            return None
        if len(self.owed) < t.round_games - self.round_played:
            return None
        for p in self.seats.order_from_left_of_dealer():
            if p in self.owed:
                return p
        return None

    def state(self) -> dict[str, Any]:
        state = super().state()
        if self._bock:
            state["bock"] = list(self._bock)
        if self.table.pflichtsolo.per != "none":
            state["pflichtsolo_owed"] = list(self.owed)
            shown = self.vorgefuehrt()
            if shown:
                state["vorgefuehrt"] = shown
        if self.table.round_games:
            state["round_played"] = self.round_played
        return state

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """Points times the tariff: what each has above or below the average (a list where only
        winners or only losers write sums to zero so)."""
        points = {p: row[TALLY] for p, row in result.standings.items()}
        return share_around_average(points, table.tariff)  # type: ignore[attr-defined]


_validate = DoppelkopfHand.__pydantic_validator__.validate_python
