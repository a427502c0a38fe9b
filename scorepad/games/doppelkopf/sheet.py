"""Doppelkopf: the rule sheet (German) read from the table: the games, the list of game points,
the Sonderpunkte and the house rules in force."""

from __future__ import annotations

from scorepad.games.doppelkopf.rules import DoppelkopfTable

KIND = {"normal": "Normalspiel, zwei gegen zwei", "hochzeit": "mit Partner als Normalspiel, ohne als Solo",
        "solo": "Solo, einer gegen drei"}
BOCK_AFTER = {"tie": "120 zu 120", "lost_announcement": "verlorene Ansage", "lost_solo": "verlorenes Solo",
              "both_announced": "Re und Kontra angesagt", "nobody_won": "keiner gewinnt"}
WRITES = {"zero_sum": "Gewinner und Verlierer (jedes Spiel ergibt null)", "winners": "nur die Gewinner",
          "losers": "nur die Verlierer"}


def _points(n: int) -> str:
    return f"{n} {'Punkt' if n == 1 else 'Punkte'}"


def sheet(t: DoppelkopfTable) -> list[tuple[str, list[str]]]:
    p = t.game_points
    half = p.total // 2
    games = [f"{g.name} ({KIND[g.kind]})" + ("" if g.kind != "solo" or g.pflicht else ", ersetzt kein Pflichtsolo")
             for g in t.contracts.values() if g.enabled]
    win = [f"Re gewinnt mit {half + 1} Augen, Kontra mit {half}; hat nur Kontra angesagt, Re mit {half}, Kontra mit {half + 1}.",
           *[f"Wer „keine {m}“ absagt, braucht {p.total - m + 1} Augen; die Gegner gewinnen dann schon mit {m}."
             for m in p.below],
           "Wer „schwarz“ absagt, braucht alle Stiche; die Gegner gewinnen dann mit einem Stich.",
           "Erreicht keine Partei ihr abgesagtes Ziel, gewinnt keiner: es zählen nur „unter ... gespielt“, "
           "das Erreichte und die Sonderpunkte."]
    marks = (half, *p.below)
    score = [f"Gewonnen: {_points(p.won)}",
             *[f"Unter {m} gespielt: {_points(p.below_points)}" for m in p.below],
             f"Schwarz gespielt: {_points(p.schwarz)}",
             f"„Re“ angesagt, „Kontra“ angesagt: je {_points(p.announced)}" if not p.doubling
             else "„Re“, „Kontra“ und jede Absage verdoppeln die Spielpunkte",
             *([f"Jede Absage (keine {', keine '.join(map(str, p.below))}, schwarz): {_points(p.absage)}"]
               if not p.doubling else []),
             *[f"{marks[i]} Augen gegen „keine {m}“ erreicht: {_points(p.reached)}" for i, m in enumerate(p.below)],
             f"{p.below[-1] if p.below else half} Augen gegen „schwarz“ erreicht: {_points(p.reached)}",
             "Solo: die Spielpunkte dreifach für den Solospieler, einfach für jeden Gegner"
             + (f", das Solo zählt {t.solo_factor}-fach" if t.solo_factor != 1 else "")]
    extras = [f"{sp.name}: {_points(sp.points)}" + (f" (höchstens {sp.most} je Partei)" if sp.most > 1 else "")
              for sp in t.sonderpunkte.values() if sp.enabled]
    house = [f"Es schreiben {WRITES[t.writes]}."]
    if t.bock.enabled and t.bock.after:
        house.append(f"Bockrunde nach: {', '.join(BOCK_AFTER[a] for a in t.bock.after)}; zählt {t.bock.factor}-fach"
                     + (", Bockrunden stapeln sich" if t.bock.stacking else ", Bockrunden folgen einander"))
    if t.pflichtsolo.per != "none":
        house.append(f"Pflichtsolo: eines je {'Runde' if t.pflichtsolo.per == 'round' else 'Abend'} und Spieler"
                     + ("; danach gibt derselbe Geber noch einmal" if t.pflichtsolo.same_dealer else "")
                     + ("; wer es zum Schluss noch schuldet, wird vorgeführt" if t.pflichtsolo.vorfuehrung else ""))
    if t.round_games:
        house.append(f"Eine Runde hat {t.round_games} Spiele.")
    if t.schweinchen:
        house.append("Schweinchen: beide Karo-Asse in einer Hand sind die höchsten Trümpfe.")
    if t.tariff:
        house.append(f"{t.tariff} Cent je Punkt.")
    return [("Spiele", games), ("Wer gewinnt", win), ("Spielpunkte", score),
            ("Sonderpunkte (nur im Normalspiel)", extras), ("Am Tisch", house)]
