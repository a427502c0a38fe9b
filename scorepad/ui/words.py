"""What the table screen says, in the games' own words: the preview of a hand before it is
saved, the line about what comes next, the value shown on each player's card."""

from __future__ import annotations

from typing import Any

from scorepad import fmt


def tally_text(tally: str, value: int, signed: bool = False) -> str:
    if tally == "geld":
        return fmt.money(value, signed=signed)
    return fmt.signed(value) if signed else str(value)


def preview(deltas: dict[str, dict[str, int]], tallies: list[str]) -> str:
    """What a hand will do, in words: "Vroni & Kathi je +0,20 €, Hias & Wast je -0,20 €"."""
    parts = []
    for tally in tallies:
        groups: dict[int, list[str]] = {}
        for p, row in deltas.items():
            if row.get(tally):
                groups.setdefault(row[tally], []).append(p)
        if not groups:
            continue
        label = "" if tally in ("geld",) else f" {fmt.TALLY_NAMES.get(tally, tally)}"
        for value, who in sorted(groups.items(), key=lambda kv: -kv[0]):
            each = " je" if len(who) > 1 else ""
            parts.append(f"{' & '.join(who)}{each} {tally_text(tally, value, signed=True)}{label}")
    return ", ".join(parts) if parts else "Keine Punkte: es wird nur weitergegeben"


def near_game_over(table, punkte: int) -> bool:
    """Schwarze Sau: a player close to losing the game, as the table sets it (warn_within)."""
    return punkte > table.game_over_above - table.warn_within


def context_line(family: str, state: dict[str, Any], standings: dict[str, dict[str, int]], table) -> str:
    """One line under the standings: what comes next at this table."""
    dealer = state.get("next_dealer", "")
    if family == "struliwuli":
        line = (f"Rad {state['rad']} · Partie {state['partie']} von {state['partien_per_rad']} · "
                f"{state['cards']} {'Karte' if state['cards'] == 1 else 'Karten'} · Geber {dealer}")
        if state.get("bids_may_not_total") is not None:
            line += f" · Ansagen dürfen nicht {state['bids_may_not_total']} ergeben"
        return line
    if family == "ramsch":
        line = f"Partie {state['partie']} · Geber {dealer}"
        if state.get("bolla_to"):
            line = f"Bolla für {state['bolla_to']}! Nächste Partie startet mit {table.start_striche} · Geber {dealer}"
        elif state.get("weg"):
            line += " · weg: " + ", ".join(f"{i}. {p}" for i, p in enumerate(state["weg"], 1))
        return line
    if family == "schwarze_sau":
        if state.get("achterbrief_owed"):
            return f"Achterbrief zwischen {' und '.join(state['achterbrief_between'])}!"
        near = [p for p, row in standings.items() if near_game_over(table, row["punkte"])]
        line = f"Spiel {state['game']} · Geber {dealer}"
        if near:
            line += f" · knapp an {table.game_over_above}: " + ", ".join(near)
        return line
    if family == "saukopf":
        names = {t.name: state.get("trophies", {}).get(tid, []) for tid, t in table.trophies.items()}
        held = [f"{name}: {', '.join(who)}" for name, who in names.items() if who]
        return f"Geber {dealer}" + (" · " + " · ".join(held) if held else "")
    line = f"Geber {dealer}"
    if state.get("stock"):
        line += f" · im Stock {fmt.money(state['stock'])}"
    if state.get("bock"):
        line += f" · Bock ×{state['bock_factor']}: noch {max(state['bock'])} Spiele"
    return line
