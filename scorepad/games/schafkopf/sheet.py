"""Schafkopf: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad.fmt import money
from scorepad.games.schafkopf.rules import SchafkopfContract, SchafkopfTable, TariffSet
from scorepad.rulesheet import KIND, chain_words

WON_BY = {"no_trick": "gewonnen ohne einen Stich", "all_tricks": "gewonnen mit allen Stichen"}


def _game_line(t: SchafkopfTable, c: SchafkopfContract) -> str:
    if c.kind == "sie" and c.tariff_of is not None:  # the table's check requires tariff_of
        base = t.contracts[c.tariff_of]
        if c.with_laufende and t.laufende.enabled:
            counted = min(c.trump_count, base.laufende_max or base.trump_count)
            return (f"{c.name} ({KIND[c.kind]}): jeder Gegner zahlt {c.tariff_factor} × ({money(base.tariff)} + "
                    f"{counted} Laufende je {money(t.laufende.value)})")
        return f"{c.name} ({KIND[c.kind]}): jeder Gegner zahlt {c.tariff_factor} × {money(base.tariff)}"
    if c.won_by != "augen":
        line = f"{c.name} ({KIND[c.kind]}, {WON_BY[c.won_by]}): {money(c.tariff)}, kein Schneider, kein Schwarz"
    else:
        line = (f"{c.name} ({KIND[c.kind]}): {money(c.tariff)}, Schneider +{money(c.schneider)}, "
                f"Schwarz +{money(c.schwarz)}")
    line += f" · Trümpfe: {c.trumps}"
    if c.kind == "partner" and c.partner_is:
        line += f" · Mitspieler: {c.partner_is}"
    return line


def _extras(t: SchafkopfTable) -> list[str]:
    lines = []
    chain = t.kontra_chain
    if t.tout.enabled:
        if t.tout.value == "grundwert":
            worth = f"(Grundwert + Laufende) × {t.tout.factor}, ohne Schneider und Schwarz"
        else:
            worth = f"wie gewonnen schwarz (Grundwert + Schneider + Schwarz + Laufende) × {t.tout.factor}"
        lines.append(f"Tout: an; gewonnen oder verloren zählt {worth}.")
    if t.klopfen.enabled:
        lines.append("Klopfen: an.")
    if t.stock.enabled:
        lines.append("Stock: an.")
    if t.bock.enabled:
        words = {"kontra_lost": f"{chain[0].name} verloren" if chain else "",
                 "re_lost": f"{chain[1].name} verloren" if len(chain) > 1 else "",
                 "60_60": "60:60", "schwarz": "schwarz", "sie": "Sie", "passed": "Zamgschmissen"}
        after = ", ".join(w for w in (words[trig] for trig in t.bock.triggers) if w) or "nichts"
        lines.append(f"Bockrunden: an, × {t.bock.factor}, nach: {after}.")
    if t.ramsch.enabled:
        r = t.ramsch
        solo = t.contracts[r.durchmarsch_as]
        durch = {"schwarz": f"{money(solo.tariff + solo.schneider + solo.schwarz)} ({solo.name} gewonnen schwarz)",
                 "tariff": f"{money(solo.tariff)} (Grundwert {solo.name})",
                 "ramsch": f"{money(r.value)} (wie im Ramsch)"}[r.durchmarsch_value]
        jf = "alles" if r.jungfrau_doubles == "all" else "was ihr gezahlt wird"
        lines.append(f"Ramsch, wenn alle weiter sagen: an; wer die meisten Augen hat, zahlt jedem "
                     f"{money(r.value)}; je Jungfrau (kein Stich): {jf} × {r.jungfrau_factor}; "
                     f"Durchmarsch: jeder zahlt {durch}.")
    return lines


def sheet(t: SchafkopfTable) -> list[tuple[str, list[str]]]:
    th = t.thresholds
    games = [_game_line(t, c) for c in t.contracts.values() if c.enabled]
    counting = [f"Die Spieler gewinnen mit {th.player_wins} Augen; {121 - th.player_wins} Augen reichen den Gegnern.",
                f"Schneider: Spieler mit {th.player_free - 1} Augen oder weniger, Gegner mit "
                f"{th.opponents_free - 1} oder weniger.",
                "Schwarz: die Verlierer machen keinen Stich (zählt auch als Schneider).",
                f"Verdoppeln: {chain_words(t)}."]
    if t.laufende.enabled:
        who = " (nur die der Spieler)" if t.laufende.counted_for == "player" else ""
        counting.append(f"Laufende{who}: je {money(t.laufende.value)}, vor dem Verdoppeln; ab " + ", ".join(
            f"{c.laufende_from} im {c.name}" for c in t.contracts.values()
            if c.enabled and c.kind != "sie" and c.trump_count) + ".")
    else:
        counting.append("Laufende zählen nicht.")
    counting += _extras(t)
    counting.append("Sauspiel: jeder Verlierer zahlt jedem Gewinner einmal; Solo: jeder Gegner zahlt dem Spieler.")
    sections = [("Spiele", games), ("Zählen", counting)]
    if t.tariff_sets:
        sections.append(("Tarife zur Wahl", [tariff_set_words(t, ts) for ts in t.tariff_sets]))
    return sections


def tariff_set_words(t: SchafkopfTable, ts: TariffSet) -> str:
    """One tariff set in a line: each game's Grundwert (= Schneider = Schwarz), the Laufende."""
    parts = [f"{t.contracts[cid].name} {money(v)}" for cid, v in ts.tariffs.items() if t.contracts[cid].enabled]
    if ts.laufende is not None:
        parts.append(f"Laufender {money(ts.laufende)}")
    return f"{ts.name}: " + ", ".join(parts) + " (Schneider und Schwarz je wie das Spiel)"


def tariffs(t: SchafkopfTable) -> list[str]:
    """The tariffs as they stand, to see before the evening starts (the new-evening screen)."""
    lines = []
    for c in t.contracts.values():
        if not c.enabled:
            continue
        if c.kind == "sie" and c.tariff_of is not None:  # the table's check requires tariff_of
            lines.append(f"{c.name}: {c.tariff_factor} × {money(t.contracts[c.tariff_of].tariff)}")
        elif c.won_by != "augen":  # Bettel, Tout as a game: no Schneider, no Schwarz
            lines.append(f"{c.name}: {money(c.tariff)}")
        else:
            lines.append(f"{c.name}: {money(c.tariff)} · Schneider +{money(c.schneider)} · "
                         f"Schwarz +{money(c.schwarz)}")
    value = money(t.laufende.value)
    lines.append(f"Laufende: je {value}" if t.laufende.enabled else f"Laufende: aus (wenn an, je {value})")
    return lines
