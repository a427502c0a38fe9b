"""A rule table as a readable rule sheet (German): what each game, bonus and penalty counts,
generated from the table itself, so a house variant reads as it will score."""

from __future__ import annotations

from scorepad.fmt import TALLY_NAMES, money

KIND = {"partner": "mit Partner", "solo": "Solo", "sie": "sofort gewonnen", "doppel": "Doppel"}
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


def _bid(b) -> str:
    return "schwarz" if b == "schwarz" else str(b)


def _chain(table) -> str:
    return ", ".join(f"{s.name} ×{s.factor}" for s in table.kontra_chain) or "keine"


def _schafkopf(t) -> list[tuple[str, list[str]]]:
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
                f"Verdoppeln: {_chain(t)}."]
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


def _saukopf(t) -> list[tuple[str, list[str]]]:
    games = []
    for c in t.contracts.values():
        if c.enabled:
            where = "Trog" if c.mode == "trog" else "Napf"
            bids = _bid(c.min_bid) if c.min_bid == c.max_bid else f"{_bid(c.min_bid)} bis {_bid(c.max_bid)}"
            games.append(f"{c.name} ({KIND[c.kind]}, {where}): Grunzer {bids} · Trümpfe: {c.trumps}")
    out = [("Spiele", games)]
    for mode, title in (("trog", "Schlachtfest im Trog (je Gewinner)"), ("napf", "Schlachtfest im Napf (je Gewinner)")):
        lines = []
        for item in getattr(t.fleisch, mode).values():
            if item.enabled:
                when = FLEISCH_WHEN[item.when].format(t=item.threshold or 1)
                each = " je Laufenden" if item.per_laufende else ""
                lines.append(f"{item.name}: {item.points:+d}{each} ({when})")
        lines.append(f"Verdoppeln: {_chain(t)}.")
        out.append((title, lines))
    out.append(("Rauborstigkeit", [f"{i.name}: {i.points} ({RAUBORSTIG_WHEN[i.when].format(t=i.threshold)})"
                                   for i in t.rauborstig.values() if i.enabled]))
    return out


def _schwarze_sau(t) -> list[tuple[str, list[str]]]:
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


def _struliwuli(t) -> list[tuple[str, list[str]]]:
    deal = [f"{n} Spieler: {', '.join(str(c) for c in s.hand_cards)} Karten, {s.partien_per_rad} Partien je Rad"
            for n, s in sorted(t.seats.items())]
    scoring = [f"Genau getroffen: {t.exact_bonus} + Stiche × {t.points_per_trick}; sonst {t.miss_points}.",
               "Neukirchner Regel: der Geber darf nicht so ansagen, dass es sich ausgeht." if t.neukirchner
               else "Ohne Neukirchner Regel.",
               f"Nach jedem Rad: der Erste bekommt vom Letzten die Differenz, der Zweite vom Vorletzten …, "
               f"{money(t.rate)} je Punkt."]
    return [("Geben", deal), ("Zählen", scoring)]


def _ramsch(t) -> list[tuple[str, list[str]]]:
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
            what.append(f"+{p.striche} Striche")
        if p.bolla:
            what.append(f"{p.bolla} Bolla")
        if p.back_in:
            what.append(f"wieder mit {t.start_striche} dabei")
        if p.ends_partie:
            what.append("die Partie ist aus")
        penalties.append(f"{p.name}: {', '.join(what)}" + (" (der Geber)" if p.who == "dealer" else ""))
    return [("Zählen", scoring), ("Strafen", penalties)]


SHEETS = {"schafkopf": _schafkopf, "saukopf": _saukopf, "schwarze_sau": _schwarze_sau,
          "struliwuli": _struliwuli, "ramsch": _ramsch}


def rule_sheet(table) -> list[tuple[str, list[str]]]:
    """(heading, lines) of the table's rule sheet, with who plays first."""
    head = [table.description] if table.description else []
    head.append(f"Für {' oder '.join(str(n) for n in table.players)} Spieler.")
    sections = [("Überblick", head)] + SHEETS[table.family](table)
    if table.trophies:
        sections.append(("Trophäen", [f"{t.name}: am meisten {TALLY_NAMES[t.most]}" +
                                      (f", bei Gleichstand am wenigsten {TALLY_NAMES[t.tie_fewest]}" if t.tie_fewest else "")
                                      for t in table.trophies.values()]))
    return sections
