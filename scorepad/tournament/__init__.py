"""A Preisschafkopf tournament (a club night), below the screens and the store: pure functions.

    draw.py       a round's draw: tables of four, of five where the count does not divide by
                  four (the dealer sits out each hand), players who already sat together kept
                  apart as far as possible, and how many repeat meetings remain
    standings.py  the ranking over every table of every round: points (the table's lead
                  tally), then the table's tie-breaks, then a seeded lot, and which of them
                  decided each line
    tie_breaks.py the tie-breaks a table names (won solos; more won, fewer lost games) and
                  their German words
    sheet.py      what a table sheet says: round, table, seats, the evening and its PIN
    address.py    the address that opens an evening on the organiser's server (BASE/abend/ID)
    printed.py    the printed pages (A4 HTML): the table sheets with the QR code of each
                  evening's address, the ranking list and the prize list (imported where
                  printed: it needs segno)

Each table of a round is an ordinary scorepad evening: the application layer
(scorepad/app/tournaments.py) starts them, keeps the tournament in the store and scores them.
"""

from scorepad.tournament.draw import Draw, draw, meetings, table_sizes
from scorepad.tournament.sheet import TableSheet
from scorepad.tournament.standings import Score, Standing, decided_by, lot_order, rank

__all__ = ["Draw", "Score", "Standing", "TableSheet", "decided_by", "draw", "lot_order", "meetings", "rank", "table_sizes"]
