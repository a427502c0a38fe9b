"""Schafkopf: the rule sheet (German) read from the table: what each game, bonus and penalty counts."""

from __future__ import annotations

from scorepad import fmt
from scorepad.games.schafkopf.rules import SchafkopfContract, SchafkopfTable, TariffSet
from scorepad.rulesheet import KIND, chain_words

WON_BY = {"no_trick": "gewonnen ohne einen Stich", "all_tricks": "gewonnen mit allen Stichen"}


def worth(t: SchafkopfTable, value: int) -> str:
    """A value as the table writes it: money (0,20 €), or whole points at a Preisschafkopf list."""
    if t.tally == "geld":
        return fmt.money(value)
    return fmt.counted(value, "Punkte")


def pays(t: SchafkopfTable) -> str:
    """What a loser does with the value: pays money, or gives points at a Preisschafkopf list."""
    return "zahlt" if t.tally == "geld" else "gibt"


def suit_words(t: SchafkopfTable, c: SchafkopfContract) -> str:
    """A game worth more in some suits: " (Herz 25 Punkte)"."""
    if not c.suit_tariffs:
        return ""
    return " (" + ", ".join(f"{suit.capitalize()} {worth(t, v)}" for suit, v in c.suit_tariffs.items()) + ")"


def ramsch_loser(t: SchafkopfTable) -> str:
    """Who has the most Augen in a Ramsch: pays (money), or loses (a Preisschafkopf list's points)."""
    return "zahlt" if t.tally == "geld" else "verliert"


def sie_worth(t: SchafkopfTable, c: SchafkopfContract) -> str:
    """What a Sie counts, as the engine books it: "4 × 7 Punkte (Solo gewonnen schwarz)",
    "3 × (0,50 € + 8 Laufende je 0,10 €)"."""
    base = t.contracts[c.tariff_of or ""]
    base_value = base.tariff + (base.schneider + base.schwarz if c.tariff_of_value == "schwarz" else 0)
    won = f" ({base.name} gewonnen schwarz)" if c.tariff_of_value == "schwarz" else ""
    if c.with_laufende and t.laufende.enabled:
        counted = min(c.trump_count, base.laufende_max or base.trump_count)
        return f"{c.tariff_factor} × ({worth(t, base_value)}{won} + {counted} Laufende je {worth(t, t.laufende.value)})"
    return f"{c.tariff_factor} × {worth(t, base_value)}{won}"


def _game_line(t: SchafkopfTable, c: SchafkopfContract) -> str:
    if c.kind == "sie" and c.tariff_of is not None:  # the table's check requires tariff_of
        return f"{c.name} ({KIND[c.kind]}): jeder Gegner {pays(t)} {sie_worth(t, c)}"
    if c.won_by != "augen":
        line = f"{c.name} ({KIND[c.kind]}, {WON_BY[c.won_by]}): {worth(t, c.tariff)}, kein Schneider, kein Schwarz"
    else:
        line = (f"{c.name} ({KIND[c.kind]}): {worth(t, c.tariff)}{suit_words(t, c)}, Schneider +{worth(t, c.schneider)}, "
                f"Schwarz +{worth(t, c.schwarz)}")
        if c.thresholds is not None:
            line += (f" · gewonnen mit {c.thresholds.player_wins} Augen, Schneider frei mit "
                     f"{c.thresholds.player_free}")
    line += f" · Trümpfe: {c.trumps}"
    if c.kind == "partner" and c.partner_is:
        line += f" · Mitspieler: {c.partner_is}"
    return line


def _extras(t: SchafkopfTable) -> list[str]:
    lines = []
    chain = t.kontra_chain
    if t.tout.enabled:
        if t.tout.value == "grundwert":
            worth_words = f"(Grundwert + Laufende) × {t.tout.factor}, ohne Schneider und Schwarz"
        else:
            worth_words = f"wie gewonnen schwarz (Grundwert + Schneider + Schwarz + Laufende) × {t.tout.factor}"
        if t.tout.bonus:
            worth_words += f", dazu {worth(t, t.tout.bonus)} für das angesagte Tout"
        lines.append(f"Tout: an; gewonnen oder verloren zählt {worth_words}.")
    if t.klopfen.enabled:
        lines.append("Klopfen: an.")
    if t.stock.enabled:
        lines.append(f"Stock: an; wenn alle weiter sagen, zahlt jeder {worth(t, t.stock.stake)} ein.")
    if t.bock.enabled:
        words = {"kontra_lost": f"{chain[0].name} verloren" if chain else "",
                 "re_lost": f"{chain[1].name} verloren" if len(chain) > 1 else "",
                 "60_60": "60:60", "schwarz": "schwarz", "sie": "Sie", "passed": "Zamgschmissen"}
        after = ", ".join(w for w in (words[trig] for trig in t.bock.triggers) if w) or "nichts"
        lines.append(f"Bockrunden: an, × {t.bock.factor}, nach: {after}.")
    if t.ramsch.enabled:
        r = t.ramsch
        solo = t.contracts[r.durchmarsch_as]
        durch = {"schwarz": f"{worth(t, solo.tariff + solo.schneider + solo.schwarz)} ({solo.name} gewonnen schwarz)",
                 "tariff": f"{worth(t, solo.tariff)} (Grundwert {solo.name})",
                 "ramsch": f"{worth(t, r.value)} (wie im Ramsch)"}[r.durchmarsch_value]
        jf = "alles" if r.jungfrau_doubles == "all" else "was ihr gezahlt wird"
        lines.append(f"Ramsch, wenn alle weiter sagen: an; wer die meisten Augen hat, {pays(t)} jedem "
                     f"{worth(t, r.value)}; je Jungfrau (kein Stich): {jf} × {r.jungfrau_factor}; "
                     f"Durchmarsch: jeder {pays(t)} {durch}.")
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
        counting.append(f"Laufende{who}: je {worth(t, t.laufende.value)}, vor dem Verdoppeln; ab " + ", ".join(
            f"{c.laufende_from} im {c.name}" for c in t.contracts.values()
            if c.enabled and c.kind != "sie" and c.trump_count) + ".")
    else:
        counting.append("Laufende zählen nicht.")
    counting += _extras(t)
    if t.writes == "winners":
        counting.append("Es werden nur Pluspunkte geschrieben: jeder Gewinner schreibt den Wert des Spiels, "
                        "die Verlierer nichts.")
    elif t.tally == "geld":
        counting.append("Sauspiel: jeder Verlierer zahlt jedem Gewinner einmal; Solo: jeder Gegner zahlt dem Spieler.")
    else:
        counting.append("Plus- und Minuspunkte: im Partnerspiel schreibt jeder Gewinner den Wert plus, jeder "
                        "Verlierer minus; im Solo schreibt jeder Gegner den Wert minus, der Spieler dreifach plus.")
    if t.muss.enabled:
        counting.append(f"Zamgschmissen wird nicht: sagen alle weiter, wird gespielt: {t.contracts[t.muss.game].name}.")
    sections = [("Spiele", games), ("Zählen", counting)]
    if t.tariff_sets:
        sections.append(("Tarife zur Wahl", [tariff_set_words(t, ts) for ts in t.tariff_sets]))
    return sections


def tariff_set_words(t: SchafkopfTable, ts: TariffSet) -> str:
    """One tariff set in a line: each game's Grundwert (= Schneider = Schwarz), the Laufende."""
    parts = [f"{t.contracts[cid].name} {worth(t, v)}" for cid, v in ts.tariffs.items() if t.contracts[cid].enabled]
    if ts.laufende is not None:
        parts.append(f"Laufender {worth(t, ts.laufende)}")
    return f"{ts.name}: " + ", ".join(parts) + " (Schneider und Schwarz je wie das Spiel)"


def tariffs(t: SchafkopfTable) -> list[str]:
    """The tariffs as they stand, to see before the evening starts (the new-evening screen)."""
    lines = []
    for c in t.contracts.values():
        if not c.enabled:
            continue
        if c.kind == "sie" and c.tariff_of is not None:  # the table's check requires tariff_of
            base = t.contracts[c.tariff_of]
            base_value = base.tariff + (base.schneider + base.schwarz if c.tariff_of_value == "schwarz" else 0)
            lines.append(f"{c.name}: {c.tariff_factor} × {worth(t, base_value)}")
        elif c.won_by != "augen":  # Bettel, Tout as a game: no Schneider, no Schwarz
            lines.append(f"{c.name}: {worth(t, c.tariff)}{suit_words(t, c)}")
        else:
            lines.append(f"{c.name}: {worth(t, c.tariff)}{suit_words(t, c)} · Schneider +{worth(t, c.schneider)} · "
                         f"Schwarz +{worth(t, c.schwarz)}")
    value = worth(t, t.laufende.value)
    lines.append(f"Laufende: je {value}" if t.laufende.enabled else f"Laufende: aus (wenn an, je {value})")
    return lines
