"""What a table sheet says (printed per table and round, laid on the table): the tournament,
the round and table, the seats in order (who deals first, who sits out the first hand at a
table of five), the games to play, and the evening with its PIN, which the table's
scorekeeper types on a phone (the screens add the evening's QR code). A game with its own paper
list (Skat) prints that list on the sheet (`TableList`): a row for every game of the series, the
games entered filled in, the block at its foot, the seats' signatures; seat 1 keeps it."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.games.family import FootLine


@dataclass(frozen=True)
class ListRow:
    """A game on the list: its number, the game's own cells (Spieler, Spiel, Spitzen, ...) and
    each seat's Stand after it (as the evening keeps it)."""

    number: int
    cells: tuple[str, ...]
    stand: tuple[int, ...]  # in the order of the seats


@dataclass(frozen=True)
class TableList:
    """A table's list for the round, as the game keeps it on paper: its columns (the game's,
    before the seats'), what the short headings mean, the games entered, the rows the round
    plays (the rest ruled to fill in by pen) and the block at its foot (filled in when the
    table's games are all entered, else ruled)."""

    head: tuple[str, ...]
    key: str
    rows: tuple[ListRow, ...]
    games: int
    foot: tuple[FootLine, ...]
    foot_filled: bool
    tally: str  # the tally the Stand is in (for its numbers' format)


@dataclass(frozen=True)
class TableSheet:
    tournament: str
    round: int
    table: int
    evening: int
    pin: str
    games: int
    seats: tuple[str, ...]  # clockwise; the first deals first
    sitting_out: tuple[str, ...]  # who sits out the first hand (a table of five: the dealer)
    round_word: str = "Runde"  # what the game calls a round (the rule table's; Skat: "Serie")
    paper: TableList | None = None  # the game's own list (Skat), None: the plain ruled list

    def lines(self) -> list[str]:
        """The sheet as lines of German text (the printed sheet's words)."""
        out = [self.tournament, f"{self.round_word} {self.round} · Tisch {self.table}",
               f"Abend {self.evening} · PIN {self.pin} · {self.games} Spiele"]
        for place, name in enumerate(self.seats, 1):
            note = self.note(place, name)
            out.append(f"Platz {place}: {name}" + (f" ({note})" if note else ""))
        return out

    def note(self, place: int, name: str) -> str:
        """What the sheet says beside seat `place` (1 deals first): who keeps the list (a game's
        own list: seat 1), who deals first, who sits out the first hand."""
        notes = (["führt die Liste"] if place == 1 and self.paper is not None else []) \
            + (["gibt zuerst"] if place == 1 else [])
        if name in self.sitting_out:
            notes.append("setzt im ersten Spiel aus")
        return ", ".join(notes)
