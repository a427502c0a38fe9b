"""Schafkopf: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad.fmt import money
from scorepad.rulesheet import KIND, chain_words
from scorepad.games.schafkopf.rules import SchafkopfTable


def sheet(t: SchafkopfTable) -> list[tuple[str, list[str]]]:
    th = t.thresholds
    games = []
    for c in t.contracts.values():
        if not c.enabled:
            continue
        if c.kind == "sie" and c.tariff_of is not None:  # the table's check requires tariff_of
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
    return [("Spiele", games), ("Zählen", counting)]
