"""What a table sheet says (printed per table and round, laid on the table): the tournament,
the round and table, the seats in order (who deals first, who sits out the first hand at a
table of five), the games to play, and the evening with its PIN, which the table's
scorekeeper types on a phone (the screens add the evening's QR code)."""

from __future__ import annotations

from dataclasses import dataclass


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
    round_word: str = "Runde"  # what the rule table calls a round (Skat: "Serie")

    def lines(self) -> list[str]:
        """The sheet as lines of German text (the printed sheet's words)."""
        out = [self.tournament, f"{self.round_word} {self.round} · Tisch {self.table}",
               f"Abend {self.evening} · PIN {self.pin} · {self.games} Spiele"]
        for place, name in enumerate(self.seats, 1):
            note = self.note(place, name)
            out.append(f"Platz {place}: {name}" + (f" ({note})" if note else ""))
        return out

    def note(self, place: int, name: str) -> str:
        """What the sheet says beside seat `place` (1 deals first): who deals first, who sits
        out the first hand."""
        notes = ["gibt zuerst"] if place == 1 else []
        if name in self.sitting_out:
            notes.append("setzt im ersten Spiel aus")
        return ", ".join(notes)
