"""Schwarze Sau: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad.fmt import money
from scorepad.games.schwarze_sau.rules import SchwarzeSauTable


def sheet(t: SchwarzeSauTable) -> list[tuple[str, list[str]]]:
    cards = [f"{c.name}: {c.points} {'Punkt' if c.points == 1 else 'Punkte'}" + (f" (×{c.count})" if c.count > 1 else "")
             for c in t.scoring_cards.values()]
    sp = t.specials
    specials = [f"Jungfrau geschafft: jeder andere +{sp.jungfrau_made}; nicht geschafft: selbst +{sp.jungfrau_failed}",
                f"Durchmarsch: jeder andere +{sp.durchmarsch}",
                f"Angesagter Durchmarsch geschafft: jeder andere +{sp.durchmarsch_announced_made}; "
                f"nicht geschafft: selbst +{sp.durchmarsch_announced_failed}"]
    end = [f"Wer über {t.game_over_above} kommt, verliert das Spiel und zahlt eine Runde; bei Gleichstand "
           "entscheidet ein Achterbrief."]
    if t.drink_price:
        end.append(f"Ein verlorenes Spiel kostet {money(t.drink_price)} an jeden anderen.")
    return [("Punkte", cards), ("Sonderspiele", specials), ("Ende", end)]
