"""Doppelkopf: one game, one package. points (the DDV's list), rules (the table), hand (what is
entered), scoring (Game), refusals (its codes), words, sheet, choices, stats, bench, form."""

from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.doppelkopf.scoring import Doppelkopf
from scorepad.games.family import package_family

FAMILY = package_family("doppelkopf", "Doppelkopf", {"punkte": "Punkte"}, __name__,
                        rules=DoppelkopfTable, game=Doppelkopf,
                        units={"punkte": ("Punkt", "Punkte")})
