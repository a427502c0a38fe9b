"""Skat (ISkO): one game, one package. rules (the table), hand (what is entered), value (the
game value), lists (classic and Seeger-Fabian), scoring (Game), refusals, words, sheet, choices,
stats, bench, form, taps; replay (a session file's evening game by game, for the command line)."""

from scorepad.games.family import package_family
from scorepad.games.skat.rules import SkatTable
from scorepad.games.skat.scoring import Skat

FAMILY = package_family("skat", "Skat", {"punkte": "Punkte"}, __name__, rules=SkatTable, game=Skat,
                        units={"punkte": ("Punkt", "Punkte")})
