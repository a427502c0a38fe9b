"""What crosses the application layer's boundary for tournaments (pydantic models, as
models.py for evenings): the tournament's facts, a round's draw, each table's progress and the
ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.app.models import Model
from scorepad.tournament.event import games_at, games_words


class RoundWords(Model):
    """What the rule table calls a round (`[tournament] round_word`; Skat: "Serie"), one and more."""

    round_word: str = "Runde"
    rounds_word: str = "Runden"


class TournamentPlayer(Model):
    """One entered player: drawn from round `from_round` on, until (a withdrawal) before
    round `until_round`."""

    name: str
    number: int | None
    from_round: int = 1
    until_round: int | None = None

    def present(self, round: int) -> bool:
        """Whether the player is drawn for `round`."""
        return self.from_round <= round and (self.until_round is None or round < self.until_round)


class TournamentInfo(RoundWords):
    id: int
    name: str
    ruleset: str
    options: dict[str, Any]
    rounds: int
    games: int  # per table and round (with `table_games`: the count of the rule table's usual size)
    table_games: dict[int, int] = {}  # the games per round by table size; {}: `games` at every table
    fees: list[int] = []  # the lost-game fee: cents for a player's 1st, 2nd, ... lost game of a round
    seed: str  # of the draws and the lot
    created_at: str
    finished: bool
    finished_at: str | None
    players: list[TournamentPlayer]
    drawn: int  # rounds drawn so far
    open_round: int | None  # the round being played (drawn, not closed), if any
    tally: str  # what the points are: the rule table's lead tally (geld: cents)
    tie_breaks: list[str] = ["solos"]  # what splits players level on points (the table's), then the lot

    def games_at(self, size: int) -> int:
        """The games a table of `size` plays per round."""
        return games_at(self.games, self.table_games, size)

    def games_words(self) -> str:
        """The games as typed: "32", or per table size "36/48"."""
        return games_words(self.games, self.table_games)


class DrawnTable(Model):
    """A table of a round: its evening, the seats (clockwise; the first deals first) and who sits
    out the first hand (at a table of five the dealer: then the deal says who)."""

    table: int
    evening: int
    seats: list[str]
    sitting_out: list[str]


class Progressing:
    """What a table of a round says of how far it is (RoundTable, TableProgress)."""

    if TYPE_CHECKING:
        table: int
        played: int
        games: int

    @property
    def complete(self) -> bool:
        return self.played >= self.games

    def german(self) -> str:
        return f"Tisch {self.table}: {self.played} von {self.games} Spielen"


class RoundTable(Progressing, DrawnTable):
    """A table of a round as the organiser's screen shows it: the draw and how far it is."""

    played: int
    games: int
    finished: bool  # the round is closed (its evening finished)
    pin: str  # the table's PIN (the organiser's alone: what its sheet says)
    locked: bool  # strangers' wrong PINs used up the table's tries: its phones cannot take the pen
    wrong_pins: int  # wrong PINs typed at the table since its PIN was set


class RoundView(Model):
    """A drawn round for the organiser: its tables with their progress, the repeat meetings."""

    round: int
    tables: list[RoundTable]
    repeat_meetings: int
    closed: bool


class RoundDraw(Model):
    """A round's draw, as `scorepad tournament draw` prints it."""

    round: int
    tables: list[DrawnTable]
    repeat_meetings: int


class TableProgress(Progressing, Model):
    """How far a table of a round is: hands entered of the games it plays."""

    round: int
    table: int
    evening: int
    played: int
    games: int
    finished: bool  # the round is closed (its evening finished)


class TablePlace(RoundWords):
    """Where a table phone belongs (its title: Tisch · Runde · Turnier; Spiel n von m) and,
    once its round is closed, where its players sit in the next round when that is drawn."""

    tournament: str
    round: int
    rounds: int
    table: int
    played: int  # games entered at this table
    games: int  # games a table plays in the round
    closed: bool  # the round is over (closed by the organiser)
    finished: bool  # the whole tournament is over
    next_round: int | None = None  # the round drawn after this one, if any
    next_tables: dict[str, int] = {}  # this table's players -> their table in `next_round`

    def title(self) -> str:
        """The table phone's title line: the table first, then the round, the tournament last
        (a phone's narrow title cuts its end, and the table is what the players look for)."""
        return f"Tisch {self.table} · {self.round_word} {self.round} · {self.tournament}"

    def game_words(self) -> str:
        """"Spiel n von m" while the round is played (n: the next game), else how it ended."""
        if self.closed:
            return f"{self.round_word} {self.round} beendet · {self.played} von {self.games} Spielen"
        if self.played >= self.games:
            return f"Alle {self.games} Spiele gespielt"
        return f"Spiel {min(self.played + 1, self.games)} von {self.games}"

    def over_words(self) -> str:
        """What a closed round's table says instead of the dealer and the entry."""
        if self.finished:
            return "Das Turnier ist beendet: die Rangliste hat der Veranstalter."
        if self.next_round is None:
            return f"{self.round_word} {self.round} ist beendet. Die nächste {self.round_word} ist noch nicht ausgelost."
        return f"{self.round_word} {self.round} ist beendet. {self.round_word} {self.next_round} ist ausgelost:"


class TableLabel(RoundWords):
    """A tournament table as the start screen groups it: Turnier · Runde · Tisch."""

    evening: int
    tournament: int
    name: str  # the tournament's
    round: int
    table: int
    finished: bool  # the tournament is over

    def group(self) -> str:
        return f"{self.name} · {self.round_word} {self.round}"


class StandingRow(Model):
    """A line of the ranking; `scorepad tournament standings --json` prints all but `number`."""

    rank: int
    name: str
    points: int
    solos_won: int
    games: int
    number: int | None = None
    won: int = 0  # games the player declared and won
    lost: int = 0  # ... and lost
    fees: int = 0  # the lost-game fee over every round, in cents (0: the tournament takes none)


class FeeRound(Model):
    """A player's round (a Skat series) as the lost-game fee counts it."""

    lost: int  # games the player declared and lost at the round's table
    fee: int  # in cents


class FeeLine(Model):
    """A player's lost-game fee: per round (None: not seated that round) and in all, in cents."""

    name: str
    number: int | None = None
    rounds: list[FeeRound | None]
    total: int = 0


class FeeList(Model):
    """The lost-game fee of a tournament (`scorepad tournament fees`): the scale, each player's
    fee per round and the pot's total, in cents."""

    tournament: int
    name: str
    scale: list[int]  # cents for the 1st, 2nd, ... lost game of a round, the last repeating ([]: none)
    words: str  # the scale in German ("0,50 € je verlorenes Spiel")
    round_word: str = "Runde"  # what a round is called at the rule table (Skat: "Serie")
    players: list[FeeLine]
    total: int  # the pot


class BoardLine(StandingRow):
    """A line of the ranking screen: the ranking's line and what decided its place against the
    line above: None (the points), the tie-break that did ("solos", "won", "lost": level on
    points and the ones before) or "lot" (level on all)."""

    decided_by: str | None


class RankingBoard(RoundWords):
    """What the ranking screen (a projector's) shows of a tournament: its name, how far it is,
    the ranking with its tie-breaks. No seed, no PIN: anyone in the room may read it."""

    id: int
    name: str
    tally: str  # what the points are (the rule table's lead tally)
    tie_breaks: list[str] = ["solos"]  # the table's, in order (their columns are shown); then the lot
    rounds: int
    round: int  # the round being played, else the last drawn (0: none drawn yet)
    playing: bool  # the round is being played (drawn, not closed)
    played: int  # games entered at the round's tables
    games: int  # games the round's tables play in all
    finished: bool
    lines: list[BoardLine]


class BoardLabel(Model):
    """A tournament as the start screen offers its ranking screen."""

    id: int
    name: str
