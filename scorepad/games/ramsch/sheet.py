"""Zaisertshofer Ramsch: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad.fmt import counted, money
from scorepad.games.ramsch.rules import RamschTable


def sheet(t: RamschTable) -> list[tuple[str, list[str]]]:
    scoring = [f"Jeder beginnt eine Partie mit {t.start_striche} Strichen; jeder Stich nimmt "
               f"{t.strich_per_trick} weg.",
               f"Wer mitgeht und keinen Stich macht, geht Ramsch: +{t.ramsch_striche}.",
               f"Mindestens {t.min_participants} gehen mit. Wer bei 0 ist, ist weg.",
               "Wer als Letzter übrig bleibt, kriegt einen Bolla."]
    if t.bolla_price:
        scoring.append(f"Ein Bolla kostet {money(t.bolla_price)} an jeden anderen.")
    penalties = []
    for p in t.penalties.values():
        if not p.enabled:
            continue
        what = []
        if p.striche:
            what.append(counted(p.striche, "Striche", with_sign=True))
        if p.bolla:
            what.append(f"{p.bolla} Bolla")
        if p.back_in:
            what.append(f"wieder mit {t.start_striche} dabei")
        if p.ends_partie:
            what.append("die Partie ist aus")
        penalties.append(f"{p.name}: {', '.join(what)}" + (" (der Geber)" if p.who == "dealer" else ""))
    return [("Zählen", scoring), ("Strafen", penalties)]
