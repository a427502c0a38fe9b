"""What every game shares: seating and the dealer, the board of tallies, hand parsing, results."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from scorepad.errors import HandError, describe_validation_error

if TYPE_CHECKING:
    from scorepad.tables import RuleTable


class HandModel(BaseModel):
    """Base of each game's hand: unknown keys are refused, so a typo never scores silently;
    strict, so a JSON boolean, number or text counts only where the hand key is one
    (`"klopfer": true` is no knock, `"augen": "70"` no Augen). Its validator is built when
    first used, not on import (an evening plays one game)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)


H = TypeVar("H", bound=HandModel)


def parse_hand(model: type[H], raw: Any, number: int) -> H:
    """The entered hand as the game's model (its own type, so scoring.py reads its fields
    typed), or HandError naming the key."""
    if not isinstance(raw, dict):
        raise HandError(number, "hand", "hand_not_object", type=type(raw).__name__)
    try:
        hand: H = model.__pydantic_validator__.validate_python(raw)
        return hand
    except ValidationError as exc:
        key, code, params = describe_validation_error(exc)
        raise HandError(number, key or "hand", code, **params) from None


def contract_of(number: int, table: Any, game_id: Any) -> tuple[str, Any]:
    # table: a family's table with `contracts` (Schafkopf, Saukopf)
    """The hand's contract from the table, refusing unknown and switched-off games."""
    contract = table.contracts.get(game_id)
    if contract is None:
        playable = ", ".join(c for c, v in table.contracts.items() if v.enabled)
        if game_id is None:
            raise HandError(number, "game", "game_missing", playable=playable)
        raise HandError(number, "game", "game_unknown", game=game_id, playable=playable)
    if not contract.enabled:
        raise HandError(number, "game", "game_off", game=contract.name, table=table.name)
    return game_id, contract


@dataclass(slots=True)
class HandResult:
    """One scored hand: who dealt it and what it changed on the board."""

    number: int
    dealer: str
    deltas: dict[str, dict[str, int]]
    # what happened, for statistics (game, player, won, ...); not part of the replay output
    info: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer, "deltas": self.deltas}


@dataclass
class Replay:
    """An evening replayed: every hand's deltas, the board now, and what comes next."""

    hands: list[HandResult]
    standings: dict[str, dict[str, int]]
    state: dict[str, Any]
    boards: list[dict[str, dict[str, int]]] | None = None  # standings after each hand, if kept

    def as_dict(self) -> dict[str, Any]:
        return {
            "hands": [h.as_dict() for h in self.hands],
            "standings": self.standings,
            "state": self.state,
        }


def known_party(in_play: tuple[str, ...], player: Any, partner: Any, with_partner: bool
                ) -> tuple[str, set[str], set[str]] | None:
    """The player, the player party and the opponents of a hand whose player (and partner,
    exactly where the game has one) play it: what Game.player_party returns, without its
    checks and their words, for the common hand (a replay plays many); None for any other,
    which player_party then names."""
    if with_partner:
        if partner == player or player not in in_play or partner not in in_play:
            return None
        party = {player, partner}
    elif partner is None and player in in_play:
        party = {player}
    else:
        return None
    opponents = set(in_play)
    opponents -= party
    return str(player), party, opponents


class InPlay(tuple[str, ...]):
    """Who plays a hand, in seating order (a tuple of names), knowing who sits it out and who
    deals, so a check given only the players of the hand (the Kontra chain) can say why a
    name seated at the table is refused."""

    sitting_out: tuple[str, ...] = ()
    dealer: str = ""

    def sits_out(self, number: int, key: str, name: Any) -> None:
        """HandError `sits_out` when `name` sits this hand out."""
        if name in self.sitting_out:
            raise HandError(number, key, "sits_out", name=name, dealer=self.dealer, in_play=", ".join(self))


class Seating:
    """Players in clockwise order, whose turn it is to deal, and who sits out the hand.

    The deal goes round every seat. With more at the table than play a hand, the seats
    `out` (counted clockwise from the dealer: 0 is the dealer) sit out each hand; the rest
    play it (`in_play`, in seating order)."""

    def __init__(self, players: Iterable[str], first_dealer: str | None = None, out: Iterable[int] = ()):
        self.players: tuple[str, ...] = tuple(players)
        self.dealer_index = self.players.index(first_dealer) if first_dealer else 0
        self.out: tuple[int, ...] = tuple(out)
        self._seat_out()

    def _seat_out(self) -> None:
        n = len(self.players)
        if not self.out:  # everyone plays every hand: nobody to refuse as sitting out
            self.sitting_out: tuple[str, ...] = ()
            self.in_play = InPlay(self.players)
            return
        away = {(self.dealer_index + k) % n for k in self.out}
        self.sitting_out = tuple(self.players[i] for i in sorted(away, key=lambda i: (i - self.dealer_index) % n))
        in_play = InPlay(p for i, p in enumerate(self.players) if i not in away)
        in_play.sitting_out, in_play.dealer = self.sitting_out, self.dealer
        self.in_play = in_play

    @property
    def dealer(self) -> str:
        return self.players[self.dealer_index]

    def choose_out(self, number: int, names: Any) -> None:
        """Who sits this hand out chosen at the table (someone goes to the bar) instead of the
        deal's order: as many as the table seats out, each seated here once. The next deal seats
        out by the order again (`_seat_out`)."""
        if not self.out:
            raise HandError(number, "sitting_out", "nobody_sits_out")
        if not isinstance(names, list) or len(names) != len(self.out):
            raise HandError(number, "sitting_out", "sit_out_count", count=len(self.out),
                            got=len(names) if isinstance(names, list) else names)
        for name in names:
            if name not in self.players:
                raise HandError(number, "sitting_out", "not_a_player", name=name, players=", ".join(self.players))
        if len(set(names)) != len(names):
            raise HandError(number, "sitting_out", "sit_out_count", count=len(self.out), got=len(set(names)))
        n = len(self.players)
        away = {self.players.index(name) for name in names}
        self.sitting_out = tuple(self.players[i] for i in sorted(away, key=lambda i: (i - self.dealer_index) % n))
        in_play = InPlay(p for i, p in enumerate(self.players) if i not in away)
        in_play.sitting_out, in_play.dealer = self.sitting_out, self.dealer
        self.in_play = in_play

    @staticmethod
    def in_play_of(table: RuleTable, players: list[str], dealer: str,
                   chosen: Collection[str] | None = None) -> list[str]:
        """Who played a hand `dealer` dealt (for a hand already scored: its `dealer`); `chosen`:
        who sat it out, when the table chose (the hand's info `sitting_out`)."""
        if chosen:
            return [p for p in players if p not in chosen]
        seats = Seating(players, dealer, table.sitting_out_seats(len(players)))
        return list(seats.in_play)

    def left_of(self, index: int, skip: frozenset[str] | set[str] = frozenset()) -> int:
        """The next seat clockwise from `index` whose player is not in `skip`."""
        n = len(self.players)
        for step in range(1, n + 1):
            candidate = (index + step) % n
            if self.players[candidate] not in skip:
                return candidate
        return (index + 1) % n

    def pass_deal(self, skip: frozenset[str] | set[str] = frozenset()) -> None:
        if skip:
            self.dealer_index = self.left_of(self.dealer_index, skip)
        else:
            self.dealer_index = (self.dealer_index + 1) % len(self.players)
        if self.out:
            self._seat_out()

    def order_from_left_of_dealer(self) -> list[str]:
        """Bidding / playing order: left of the dealer first, the dealer last (who sits out
        the hand is left out)."""
        n = len(self.players)
        order = [self.players[(self.dealer_index + k) % n] for k in range(1, n + 1)]
        return [p for p in order if p not in self.sitting_out] if self.out else order


class Game:
    """A game family's running evening. Subclasses score one hand at a time in `play`.

    What changes while hands are played is the board, the dealer's seat and each family's
    `kept` attributes: `to_data` writes exactly that as plain JSON values and `from_data`
    puts it back on a new game of the same table and seating (a checkpoint of the evening)."""

    hand_model: ClassVar[type[HandModel]]
    # the attributes a family's `play` changes besides the board and the dealer (JSON values)
    kept: ClassVar[tuple[str, ...]] = ()

    def __init__(self, table: RuleTable, players: list[str], first_dealer: str | None = None):
        self.table: Any = table  # the family's own table model (scoring.py reads its fields)
        self.seated: tuple[str, ...] = tuple(players)  # everyone at the table, clockwise
        self.seats = Seating(players, first_dealer, table.sitting_out_seats(len(self.seated)))
        self.tallies: tuple[str, ...] = tuple(self.tallies_kept(table))
        self._zero_row = dict.fromkeys(self.tallies, 0)
        self.board: dict[str, dict[str, int]] = self.zero_deltas()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every family's `play` takes the hand key `sitting_out` (who sits this hand out, chosen
        at the table): the seats are set for the hand, the rest of the hand is the family's."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("play")
        if own is None or getattr(own, "seats_chosen", False):
            return

        def play(self: Game, number: int, raw: Any) -> HandResult:
            if type(raw) is dict and "sitting_out" in raw:
                return self._play_seated(number, raw, own)
            return own(self, number, raw)  # type: ignore[no-any-return]

        play.seats_chosen = True  # type: ignore[attr-defined]
        play.__doc__ = own.__doc__
        cls.play = play  # type: ignore[method-assign]

    def _play_seated(self, number: int, raw: dict[str, Any], own: Callable[..., HandResult]) -> HandResult:
        """A hand whose `sitting_out` was chosen: the seats for it, the family's play of the
        rest; a refused hand leaves the seats as the deal's order has them."""
        chosen = raw["sitting_out"]
        try:
            self.seats.choose_out(number, chosen)
            result = own(self, number, {k: v for k, v in raw.items() if k != "sitting_out"})
        finally:  # the next hand (or this one again) by the deal's order
            self.seats._seat_out()
        result.info["sitting_out"] = list(chosen)
        return result

    @property
    def players(self) -> InPlay:
        """Who plays the next hand: everyone at the table but who sits it out (the deal says
        who; see Seating). The board keeps every seat (`seated`); who sits out a hand is
        booked a zero row for it."""
        return self.seats.in_play

    @staticmethod
    def tallies_kept(table: RuleTable) -> list[str]:
        return list(table.tallies)

    # -- helpers shared by the families ------------------------------------------------

    def zero_deltas(self) -> dict[str, dict[str, int]]:
        zero = self._zero_row
        return {p: zero.copy() for p in self.seated}

    def check_player(self, number: int, key: str, name: Any) -> str:
        """A player of this hand: at the table and not sitting it out."""
        if name not in self.seats.players:
            raise HandError(number, key, "not_a_player", name=name, players=", ".join(self.seated))
        self.players.sits_out(number, key, name)
        return str(name)

    def player_party(self, number: int, player: Any, partner: Any, with_partner: bool,
                     needs_partner: str, no_partner: str, game: str, **params: Any) -> tuple[str, set[str], set[str]]:
        """The player, the player party and the opponents of a hand; a partner exactly where
        the game has one, and never the player himself. `needs_partner` and `no_partner` are
        the refusal codes of this game (with the parameter `game`; `needs_partner` with
        `params` too)."""
        if player is None:
            raise HandError(number, "player", "player_missing")
        self.check_player(number, "player", player)
        party = {player}
        if with_partner:
            if partner is None:
                raise HandError(number, "partner", needs_partner, game=game, **params)
            self.check_player(number, "partner", partner)
            if partner == player:
                raise HandError(number, "partner", "partner_is_player", player=player)
            party.add(partner)
        elif partner is not None:
            raise HandError(number, "partner", no_partner, game=game)
        return player, party, set(self.players) - party

    def check_players_map(self, number: int, key: str, mapping: dict[str, Any]) -> None:
        for name in mapping:
            self.check_player(number, key, name)

    def book(self, tally: str, amounts: dict[str, int]) -> dict[str, dict[str, int]]:
        """Deltas of a hand that changes one tally, already added to the board."""
        zero = self._zero_row
        board = self.board
        deltas = {}
        if len(zero) == 1:  # the table keeps this one tally only: each row is just it
            for p in self.seated:
                v = amounts.get(p, 0)
                board[p][tally] += v
                deltas[p] = {tally: v}
            return deltas
        for p in self.seated:
            row = zero.copy()
            v = amounts.get(p, 0)
            row[tally] = v
            board[p][tally] += v
            deltas[p] = row
        return deltas

    def book_sides(self, tally: str, party: Collection[str], each_member: int, opponents: Collection[str],
                   each_opponent: int) -> dict[str, dict[str, int]]:
        """`book` of a hand in which each of `party` gets `each_member` and each of
        `opponents` gets `each_opponent` (anyone else nothing). (The board's rows are walked
        as they are kept, one per seat in seating order: no lookup per player.)"""
        deltas = {}
        if len(self._zero_row) == 1:  # the table keeps this one tally only: each row is just it
            for p, board_row in self.board.items():
                v = each_member if p in party else each_opponent if p in opponents else 0
                board_row[tally] += v
                deltas[p] = {tally: v}
            return deltas
        zero = self._zero_row
        for p, board_row in self.board.items():
            v = each_member if p in party else each_opponent if p in opponents else 0
            board_row[tally] += v
            row = deltas[p] = zero.copy()
            row[tally] = v
        return deltas

    def add(self, deltas: dict[str, dict[str, int]]) -> None:
        board = self.board
        for p, row in deltas.items():
            board_row = board[p]
            for t, v in row.items():
                if v:
                    board_row[t] += v

    def snapshot(self) -> dict[str, dict[str, int]]:
        return {p: dict(row) for p, row in self.board.items()}

    # -- the evening's state as data ------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """What the hands played so far left behind, as plain JSON values."""
        return {"dealer": self.seats.dealer_index, "board": self.snapshot(),
                "kept": {name: _plain(getattr(self, name)) for name in self.kept}}

    def load_data(self, data: Any) -> None:
        """Put `to_data`'s values back on this game (a new one of the same table and seating).
        ValueError if they do not fit it: other players or tallies, a value of another kind."""
        if not isinstance(data, dict) or set(data) != {"dealer", "board", "kept"}:
            raise ValueError("not a game's data")
        dealer, board, kept = data["dealer"], data["board"], data["kept"]
        if type(dealer) is not int or not 0 <= dealer < len(self.seated):
            raise ValueError("dealer")
        if not isinstance(board, dict) or list(board) != list(self.seated):
            raise ValueError("board players")
        for row in board.values():
            if not isinstance(row, dict) or list(row) != list(self.tallies) \
                    or any(type(v) is not int for v in row.values()):
                raise ValueError("board tallies")
        if not isinstance(kept, dict) or set(kept) != set(self.kept):
            raise ValueError("kept")
        values = {name: _fitting(name, getattr(self, name), kept[name], self.seated) for name in self.kept}
        self.seats.dealer_index = dealer
        if self.seats.out:
            self.seats._seat_out()  # who sits out follows the deal
        self.board = {p: dict(row) for p, row in board.items()}
        for name, value in values.items():
            setattr(self, name, value)

    # -- the interface the engine uses --------------------------------------------------

    def play(self, number: int, raw: Any) -> HandResult:
        """Score one entered hand, or raise HandError and leave the game as it was."""
        raise NotImplementedError

    def state(self) -> dict[str, Any]:
        """What comes next: the dealer, and who sits out the next hand (when anyone does)."""
        if self.seats.out:
            return {"next_dealer": self.seats.dealer, "sitting_out": list(self.seats.sitting_out)}
        return {"next_dealer": self.seats.dealer}

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """Each player's balance in cents at the end of the evening (sums to zero).

        Default: the `geld` tally, where the game keeps one. `settle_open` settles an
        unfinished round (a Struliwuli Rad) by the game's own rule."""
        return {p: row.get("geld", 0) for p, row in result.standings.items()}


def _plain(value: Any) -> Any:
    """A kept attribute as a JSON value (a copy: the data never shares lists with the game)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _fitting(name: str, fresh: Any, value: Any, players: tuple[str, ...]) -> Any:
    """`value` for the kept attribute `name` if it is of the kind a new game has there
    (`fresh`): a whole number, a flag, a player or None, a list of players or of whole numbers,
    whole numbers per player. ValueError otherwise."""
    def whole(v: Any) -> bool:
        return type(v) is int

    def player(v: Any) -> bool:
        return isinstance(v, str) and v in players

    ok = False
    if type(fresh) is bool:
        ok = type(value) is bool
    elif type(fresh) is int:
        ok = whole(value)
    elif fresh is None or isinstance(fresh, str):
        ok = value is None or player(value)
    elif isinstance(fresh, dict):
        ok = isinstance(value, dict) and list(value) == list(fresh) and all(whole(v) for v in value.values())
    elif isinstance(fresh, list):
        ok = isinstance(value, list) and (all(player(v) for v in value) or all(whole(v) for v in value))
    if not ok:
        raise ValueError(name)
    return _plain(value)


def share_around_average(points: dict[str, int], value: int) -> dict[str, int]:
    """value x (points - average) per player, rounded to whole cents summing to zero: how a game
    that keeps points (Saukopf's Fleisch, Doppelkopf's list) settles in money."""
    n = len(points)
    total = sum(points.values())
    exact = {p: value * (v * n - total) for p, v in points.items()}  # in 1/n cents
    out = {p: e // n for p, e in exact.items()}
    leftover = -sum(out.values())
    by_remainder = sorted(points, key=lambda p: -(exact[p] % n))  # stable: seat order on ties
    for p in by_remainder[:leftover]:
        out[p] += 1
    return out
