"""What the table screen says, in the games' own words: the preview of a hand before it is
saved, the line about what comes next, the value shown on each player's card."""

from __future__ import annotations

import re
from typing import Any

from scorepad import fmt

# engine rule texts -> German for the hand form (the command line keeps the engine's English);
# a rule without a German pattern here is shown as the engine says it
GERMAN_RULES = [
    (r"(?P<g>.+) needs a bid of (?P<n>\d+) or more", "{g} braucht mindestens {n}"),
    (r"(?P<g>.+) needs the bid schwarz", "{g} geht nur schwarz"),
    (r"(?P<g>.+) allows a bid of at most (?P<n>\S+) \(got .+\)", "{g} erlaubt höchstens {n}"),
    (r"Neukirchner rule: the dealer (?P<d>.+) may not bid (?P<b>\d+), the bids would add up to the (?P<c>\d+) cards",
     "Neukirchner Regel: {d} darf nicht {b} ansagen, sonst geht es sich mit {c} Karten aus"),
    (r"the tricks must add up to (the )?(?P<c>\d+)( cards of this hand)? \(got (?P<t>\d+)\)",
     "Die Stiche müssen zusammen {c} ergeben (jetzt {t})"),
    (r"(?P<p>.+) is weg and cannot take part", "{p} ist weg und kann nicht mitgehen"),
    (r"at least (?P<n>\d+) must take part \(got \d+\)", "Mindestens {n} müssen mitgehen"),
    (r"a round's points sum to (?P<s>[\d, ]+?)( \(15 less what the Stock holds\))? \(got (?P<g>\d+)\)",
     "Die Punkte einer Runde ergeben zusammen {s} (jetzt {g})"),
    (r"(?P<p>.+) missing: give every player's .+", "{p} fehlt noch"),
    (r"(?P<p>.+) missing: give each participant's .+", "{p} fehlt noch"),
    (r"is missing.*", "fehlt noch"),
    (r"the partner cannot be the player.*", "Der Mitspieler kann nicht der Spieler sein"),
    (r"(?P<n>\w+) comes from an opponent, not from (?P<p>.+)", "{n} kommt von den Gegenspielern, nicht von {p}"),
    (r"(?P<n>\w+) comes from the player party, not from (?P<p>.+)", "{n} kommt von der Spielerpartei, nicht von {p}"),
    (r"(?P<a>\w+) only comes after a (?P<b>\w+)", "{a} erst nach {b}"),
    (r"(?P<n>\d+) Augen cannot be made with these cards.*", "{n} Augen gehen sich mit den Karten nicht aus"),
    (r"(?P<p>.+) has (?P<pen>.+), so must take part in the hand", "{p} hat {pen} und muss mitgehen"),
    (r"(?P<p>.+) sat this hand out and took no trick", "{p} ist nicht mitgegangen"),
    (r"must be (?P<a>\d+)\.\.(?P<b>\d+).*", "muss zwischen {a} und {b} liegen"),
    (r"the player party took every trick, so it has (?P<n>\d+) Augen.*", "Alle Stiche heißt {n} Augen"),
    (r"the opponents took every trick, so the player party has 0 Augen.*", "Gegner alle Stiche heißt 0 Augen"),
    (r"(?P<m>.+) took every trick, so nobody else has points", "{m} hat alle Stiche: die anderen haben 0"),
]
_COMPILED = [(re.compile(pattern + "$"), text) for pattern, text in GERMAN_RULES]


def german(rule: str) -> str:
    """The engine's rule text in German where we know the phrase; otherwise as it is."""
    for pattern, text in _COMPILED:
        m = pattern.match(rule)
        if m:
            out = text.format(**{k: v for k, v in m.groupdict().items() if v is not None})
            return out.replace(" fehlt noch", " fehlen noch") if "," in out and out.endswith(" fehlt noch") else out
    return rule


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
