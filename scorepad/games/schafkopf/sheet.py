"""Schafkopf: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad.fmt import money
from scorepad.rulesheet import KIND, chain_words


def sheet(t) -> list[tuple[str, list[str]]]:
    th = t.thresholds
    games = []
    for c in t.contracts.values():
        if not c.enabled:
            continue
        if c.kind == "sie":
            base = t.contracts[c.tariff_of]
            games.append(f"{c.name} ({KIND[c.kind]}): jeder Gegner zahlt {c.tariff_factor} × "
                         f"{money(base.tariff)}")
            continue
        line = (f"{c.name} ({KIND[c.kind]}): {money(c.tariff)}, Schneider +{money(c.schneider)}, "
                f"Schwarz +{money(c.schwarz)} · Trümpfe: {c.trumps}")
        games.append(line)
    counting = [f"Die Spieler gewinnen mit {th.player_wins} Augen; {121 - th.player_wins} Augen reichen den Gegnern.",
                f"Schneider: Spieler mit {th.player_free - 1} Augen oder weniger, Gegner mit "
                f"{th.opponents_free - 1} oder weniger.",
                "Schwarz: die Verlierer machen keinen Stich (zählt auch als Schneider).",
                f"Verdoppeln: {chain_words(t)}."]
    if t.laufende.enabled:
        counting.append(f"Laufende: je {money(t.laufende.value)}, vor dem Verdoppeln; ab " + ", ".join(
            f"{c.laufende_from} im {c.name}" for c in t.contracts.values() if c.enabled and c.kind != "sie") + ".")
    else:
        counting.append("Laufende zählen nicht.")
    for extra, text in (("tout", "Tout"), ("klopfen", "Klopfen"), ("stock", "Stock"), ("bock", "Bockrunden"),
                        ("ramsch", "Ramsch, wenn alle weiter sagen")):
        value = getattr(t, extra, None)
        if value is not None and getattr(value, "enabled", False):
            counting.append(f"{text}: an.")
    counting.append("Sauspiel: jeder Verlierer zahlt jedem Gewinner einmal; Solo: jeder Gegner zahlt dem Spieler.")
    sections = [("Spiele", games), ("Zählen", counting)]
    if t.tariff_sets:
        sections.append(("Tarife zur Wahl", [tariff_set_words(t, ts) for ts in t.tariff_sets]))
    return sections


def tariff_set_words(t, ts) -> str:
    """One tariff set in a line: each game's Grundwert (= Schneider = Schwarz), the Laufende."""
    parts = [f"{t.contracts[cid].name} {money(v)}" for cid, v in ts.tariffs.items() if t.contracts[cid].enabled]
    if ts.laufende is not None:
        parts.append(f"Laufender {money(ts.laufende)}")
    return f"{ts.name}: " + ", ".join(parts) + " (Schneider und Schwarz je wie das Spiel)"


def tariffs(t) -> list[str]:
    """The tariffs as they stand, to see before the evening starts (the new-evening screen)."""
    lines = []
    for c in t.contracts.values():
        if not c.enabled:
            continue
        if c.kind == "sie":
            lines.append(f"{c.name}: {c.tariff_factor} × {money(t.contracts[c.tariff_of].tariff)}")
        else:
            lines.append(f"{c.name}: {money(c.tariff)} · Schneider +{money(c.schneider)} · "
                         f"Schwarz +{money(c.schwarz)}")
    value = money(t.laufende.value)
    lines.append(f"Laufende: je {value}" if t.laufende.enabled else f"Laufende: aus (wenn an, je {value})")
    return lines
