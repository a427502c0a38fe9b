"""Saukopf: one game, one package. rules (the table), hand (what is entered), scoring (Game),
words (German lines), sheet (rule sheet), choices (options, house rules), stats, bench
(a random hand), refusals (its own, with their words), form (the hand form, UI: imported only
by the screens)."""

from scorepad.games.family import package_family
from scorepad.games.saukopf.rules import SaukopfTable
from scorepad.games.saukopf.scoring import Saukopf

FAMILY = package_family("saukopf", "Saukopf", {"fleisch": "Fleisch", "rauborstig": "Rauborstigkeit"}, __name__,
                        rules=SaukopfTable, game=Saukopf,
                        units={"fleisch": ("Fleischpunkt", "Fleischpunkte"),
                               "rauborstig": ("Rauborstigkeitspunkt", "Rauborstigkeitspunkte")})
