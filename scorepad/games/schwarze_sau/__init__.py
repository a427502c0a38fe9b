"""Schwarze Sau: one game, one package. rules (the table), hand (what is entered), scoring (Game),
words (German lines), sheet (rule sheet), choices (options, house rules), stats, bench
(a random hand), refusals (its own, with their words), form (the hand form, UI: imported only
by the screens)."""

from scorepad.games.family import package_family
from scorepad.games.schwarze_sau.rules import SchwarzeSauTable
from scorepad.games.schwarze_sau.scoring import SchwarzeSau

FAMILY = package_family("schwarze_sau", "Schwarze Sau", {"punkte": "Punkte", "verloren": "Verloren"}, __name__,
                        rules=SchwarzeSauTable, game=SchwarzeSau,
                        units={"punkte": ("Punkt", "Punkte"),
                               "verloren": ("verlorenes Spiel", "verlorene Spiele")})
