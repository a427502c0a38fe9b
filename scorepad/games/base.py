"""What every game shares: seating and the dealer, the board of tallies, hand parsing, results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from scorepad.errors import HandError, describe_validation_error

if TYPE_CHECKING:
    from scorepad.tables import TableBase


class HandModel(BaseModel):
    """Base of each game's hand: unknown keys are refused, so a typo never scores silently;
    strict, so a JSON boolean, number or text counts only where the hand key is one
    (`"klopfer": true` is no knock, `"augen": "70"` no Augen)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


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


class Seating:
    """Players in clockwise order and whose turn it is to deal."""

    def __init__(self, players: Iterable[str], first_dealer: str | None = None):
        self.players: tuple[str, ...] = tuple(players)
        self.dealer_index = self.players.index(first_dealer) if first_dealer else 0

    @property
    def dealer(self) -> str:
        return self.players[self.dealer_index]

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

    def order_from_left_of_dealer(self) -> list[str]:
        """Bidding / playing order: left of the dealer first, the dealer last."""
        n = len(self.players)
        return [self.players[(self.dealer_index + k) % n] for k in range(1, n + 1)]


class Game:
    """A game family's running evening. Subclasses score one hand at a time in `play`.

    What changes while hands are played is the board, the dealer's seat and each family's
    `kept` attributes: `to_data` writes exactly that as plain JSON values and `from_data`
    puts it back on a new game of the same table and seating (a checkpoint of the evening)."""

    hand_model: ClassVar[type[HandModel]]
    # the attributes a family's `play` changes besides the board and the dealer (JSON values)
    kept: ClassVar[tuple[str, ...]] = ()

    def __init__(self, table: TableBase, players: list[str], first_dealer: str | None = None):
        self.table: Any = table  # the family's own table model (scoring.py reads its fields)
        self.players: tuple[str, ...] = tuple(players)
        self.seats = Seating(players, first_dealer)
        self.tallies: tuple[str, ...] = tuple(self.tallies_kept(table))
        self._zero_row = dict.fromkeys(self.tallies, 0)
        self.board: dict[str, dict[str, int]] = self.zero_deltas()

    @staticmethod
    def tallies_kept(table: TableBase) -> list[str]:
        return list(table.tallies)

    # -- helpers shared by the families ------------------------------------------------

    def zero_deltas(self) -> dict[str, dict[str, int]]:
        zero = self._zero_row
        return {p: zero.copy() for p in self.players}

    def check_player(self, number: int, key: str, name: Any) -> str:
        if name not in self.seats.players:
            raise HandError(number, key, "not_a_player", name=name, players=", ".join(self.players))
        return str(name)

    def player_party(self, number: int, player: Any, partner: Any, with_partner: bool,
                     needs_partner: str, no_partner: str, game: str) -> tuple[str, set[str], set[str]]:
        """The player, the player party and the opponents of a hand; a partner exactly where
        the game has one, and never the player himself. `needs_partner` and `no_partner` are
        the refusal codes of this game (with the parameter `game`)."""
        if player is None:
            raise HandError(number, "player", "player_missing")
        self.check_player(number, "player", player)
        party = {player}
        if with_partner:
            if partner is None:
                raise HandError(number, "partner", needs_partner, game=game)
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
            for p in self.players:
                v = amounts.get(p, 0)
                board[p][tally] += v
                deltas[p] = {tally: v}
            return deltas
        for p in self.players:
            row = zero.copy()
            v = amounts.get(p, 0)
            row[tally] = v
            board[p][tally] += v
            deltas[p] = row
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
        if type(dealer) is not int or not 0 <= dealer < len(self.players):
            raise ValueError("dealer")
        if not isinstance(board, dict) or list(board) != list(self.players):
            raise ValueError("board players")
        for row in board.values():
            if not isinstance(row, dict) or list(row) != list(self.tallies) \
                    or any(type(v) is not int for v in row.values()):
                raise ValueError("board tallies")
        if not isinstance(kept, dict) or set(kept) != set(self.kept):
            raise ValueError("kept")
        values = {name: _fitting(name, getattr(self, name), kept[name], self.players) for name in self.kept}
        self.seats.dealer_index = dealer
        self.board = {p: dict(row) for p, row in board.items()}
        for name, value in values.items():
            setattr(self, name, value)

    # -- the interface the engine uses --------------------------------------------------

    def play(self, number: int, raw: Any) -> HandResult:
        """Score one entered hand, or raise HandError and leave the game as it was."""
        raise NotImplementedError

    def state(self) -> dict[str, Any]:
        return {"next_dealer": self.seats.dealer}

    @staticmethod
    def money(table: TableBase, result: Replay, settle_open: bool = False) -> dict[str, int]:
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
