"""Doppelkopf: the rule sheet (German) read from the table: the games, the list of game points,
the Sonderpunkte and the house rules in force."""

from __future__ import annotations

from scorepad.games.doppelkopf.rules import DoppelkopfTable

KIND = {"normal": "Normalspiel, zwei gegen zwei", "hochzeit": "mit Partner als Normalspiel, ohne als Solo",
        "solo": "Solo, einer gegen drei"}
BOCK_AFTER = {"tie": "120 zu 120", "lost_announcement": "verlorene Ansage", "lost_solo": "verlorenes Solo",
              "both_announced": "Re und Kontra angesagt", "nobody_won": "keiner gewinnt"}
STACKING: dict[bool | str, str] = {
    False: "Kommt eine Bockrunde in einer anderen dazu, folgt sie ihr.",
    True: "Kommt eine Bockrunde in einer anderen dazu, verdoppelt sie die Spiele, die beide treffen (Doppelbock).",
    "side_by_side": "Kommt eine Bockrunde in einer anderen dazu, laufen beide nebeneinander: "
                    "ein Spiel, das beide treffen, zählt einfachen Bock."}
WRITES = {"zero_sum": "Gewinner und Verlierer (jedes Spiel ergibt null)", "winners": "nur die Gewinner",
          "losers": "nur die Verlierer"}


def _points(n: int) -> str:
    return f"{n} {'Punkt' if n == 1 else 'Punkte'}"


def bock_lines(t: DoppelkopfTable) -> list[str]:
    """The Bock rounds as the table has them: when one comes, what a Bock game is worth, how
    rounds that meet run."""
    b = t.bock
    round_ = "Bockrunde (ein Spiel je Spieler am Tisch)"
    if b.after:
        out = [f"{round_} nach: {', '.join(BOCK_AFTER[a] for a in b.after)}."]
    elif b.called:
        out = [f"{round_} nur, wenn der Tisch eine ausruft."]
    else:
        out = ["Bockrunden an, aber ohne Auslöser: es kommt keine."]
    if b.after and b.called:
        out.append("Der Tisch kann auch selbst eine Bockrunde ausrufen (Knopf „Bockrunde“).")
    elif b.called:
        out.append("Ausgerufen mit dem Knopf „Bockrunde“ am Tisch.")
    double = b.stacking is True  # only stacked rounds make a Doppelbock
    if b.points:
        out.append(f"Ein Bockspiel bringt den Gewinnern {_points(b.points)} mehr"
                   + (f", ein Doppelbock {_points(2 * b.points)}" if double else "") + " (statt eines Faktors).")
    else:
        out.append(f"Ein Bockspiel zählt {b.factor}-fach" + (f", ein Doppelbock {b.factor ** 2}-fach." if double else "."))
    out.append(STACKING[b.stacking])
    return out


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
    if t.bock.enabled:
        house += bock_lines(t)
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
            ("Sonderpunkte (auch im Solo)" if t.sonderpunkte_in_solo else "Sonderpunkte (nur im Normalspiel)", extras), ("Am Tisch", house)]
