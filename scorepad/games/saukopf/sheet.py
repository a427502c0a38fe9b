"""Saukopf: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad import fmt
from scorepad.games.saukopf.rules import SaukopfTable
from scorepad.rulesheet import KIND, chain_words
from scorepad.tables import bid_text

FLEISCH_WHEN = {
    "won": "für den Sieg",
    "solo": "bei einem Solo",
    "winners_mit": "Gewinner mit {t} oder mehr Laufenden",
    "winners_ohne": "Gewinner ohne {t} oder mehr Laufende",
    "losers_augen_below": "Verlierer unter {t} Augen",
    "losers_augen_above": "Verlierer über {t} Augen",
    "winners_all_tricks": "Gewinner machen alle Stiche",
    "winners_no_trick": "Gewinner machen keinen Stich",
    "against_spiess": "gewonnen gegen ein Spiel am Spieß",
}
RAUBORSTIG_WHEN = {
    "player_lost_bid_over": "Spieler verliert mit einem Grunzer über {t}",
    "player_lost_spiess": "Spieler verliert am Spieß",
    "kontra_lost": "wer Huftritt gab, wenn die Spieler gewinnen",
    "re_lost": "wer Gegenhuftritt gab, wenn die Spieler verlieren",
}


def sheet(t: SaukopfTable) -> list[tuple[str, list[str]]]:
    games = []
    for c in t.contracts.values():
        if c.enabled:
            where = "Trog" if c.mode == "trog" else "Napf"
            bids = bid_text(c.min_bid) if c.min_bid == c.max_bid else f"{bid_text(c.min_bid)} bis {bid_text(c.max_bid)}"
            games.append(f"{c.name} ({KIND[c.kind]}, {where}): Grunzer {bids} · Trümpfe: {c.trumps}")
    out = [("Spiele", games)]
    for mode, title in (("trog", "Schlachtfest im Trog (je Gewinner)"), ("napf", "Schlachtfest im Napf (je Gewinner)")):
        lines = []
        for item in getattr(t.fleisch, mode).values():
            if item.enabled:
                when = FLEISCH_WHEN[item.when].format(t=item.threshold or 1)
                each = " je Laufenden" if item.per_laufende else ""
                lines.append(f"{item.name}: {item.points:+d}{each} ({when})")
        lines.append(f"Verdoppeln: {chain_words(t)}.")
        out.append((title, lines))
    out.append(("Rauborstigkeit", [f"{i.name}: {i.points} ({RAUBORSTIG_WHEN[i.when].format(t=i.threshold)})"
                                   for i in t.rauborstig.values() if i.enabled]))
    if t.chip_value:  # the house choice "Chipwert je Fleischpunkt": said where it is set
        out.append(("Abrechnung", [f"Ein Fleischpunkt ist {fmt.money(t.chip_value)} wert."]))
    return out
