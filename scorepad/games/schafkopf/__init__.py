"""Schafkopf: one game, one package. rules (the table), hand (what is entered), scoring (Game),
words (German lines), sheet (rule sheet), choices (options, house rules), stats, bench
(a random hand), refusals (its own, with their words), form (the hand form, UI: imported only
by the screens)."""

from scorepad.games.family import package_family
from scorepad.games.schafkopf.rules import SchafkopfTable
from scorepad.games.schafkopf.scoring import Schafkopf

FAMILY = package_family("schafkopf", "Schafkopf", {"geld": "Geld"}, __name__,
                        rules=SchafkopfTable, game=Schafkopf,
                        units={"punkte": ("Punkt", "Punkte")})  # a Preisschafkopf list writes punkte
