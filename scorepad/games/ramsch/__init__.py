"""Zaisertshofer Ramsch: one game, one package. rules (the table), hand (what is entered), scoring (Game),
words (German lines), sheet (rule sheet), choices (options, house rules), stats, bench
(a random hand), refusals (its own, with their words), form (the hand form, UI: imported only
by the screens)."""

from scorepad.games.family import package_family
from scorepad.games.ramsch.rules import RamschTable
from scorepad.games.ramsch.scoring import Ramsch

FAMILY = package_family("ramsch", "Zaisertshofer Ramsch", {"striche": "Striche", "bolla": "Bolla"}, __name__,
                        rules=RamschTable, game=Ramsch,
                        units={"striche": ("Strich", "Striche"), "bolla": ("Bolla", "Bolla")})
