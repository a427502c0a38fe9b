"""A rule table as a readable rule sheet (German): what each game, bonus and penalty counts,
generated from the table itself, so a house variant reads as it will score."""

from __future__ import annotations

from scorepad.fmt import TALLY_NAMES

KIND = {"partner": "mit Partner", "solo": "Solo", "sie": "sofort gewonnen", "doppel": "Doppel"}
def bid_words(b) -> str:
    return "schwarz" if b == "schwarz" else str(b)


def chain_words(table) -> str:
    return ", ".join(f"{s.name} ×{s.factor}" for s in table.kontra_chain) or "keine"


def rule_sheet(table) -> list[tuple[str, list[str]]]:
    """(heading, lines) of the table's rule sheet, with who plays first."""
    head = [table.description] if table.description else []
    head.append(f"Für {' oder '.join(str(n) for n in table.players)} Spieler.")
    from scorepad.games import family_of  # the families' sheets use this module's helpers

    sections = [("Überblick", head)] + family_of(table).sheet(table)
    if table.trophies:
        sections.append(("Trophäen", [f"{t.name}: am meisten {TALLY_NAMES[t.most]}" +
                                      (f", bei Gleichstand am wenigsten {TALLY_NAMES[t.tie_fewest]}" if t.tie_fewest else "")
                                      for t in table.trophies.values()]))
    return sections
