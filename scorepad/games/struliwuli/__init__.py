"""Struliwuli: one game, one package. rules (the table), hand (what is entered), scoring (Game),
words (German lines), sheet (rule sheet), choices (options, house rules), stats, bench
(a random hand), refusals (its own, with their words), form (the hand form, UI: imported only
by the screens)."""

from scorepad.games.family import package_family
from scorepad.games.struliwuli.rules import StruliwuliTable
from scorepad.games.struliwuli.scoring import Struliwuli

FAMILY = package_family("struliwuli", "Struliwuli", {"punkte": "Punkte", "geld": "Geld"}, __name__,
                        rules=StruliwuliTable, game=Struliwuli,
                        units={"punkte": ("Punkt", "Punkte")})
