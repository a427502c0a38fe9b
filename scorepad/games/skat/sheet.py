"""Skat: the rule sheet (German) read from the table: the games and their values, how a game is
won, the list kept, who sits out, the money."""

from __future__ import annotations

from scorepad.games.skat.rules import SkatTable

LEVELS = "Spiel, Hand, Schneider, Schneider angesagt, Schwarz, Schwarz angesagt, ouvert"


BOCK_AFTER = {"tie": "60 zu 60", "lost_kontra": "verlorenes Spiel mit Kontra", "kontra_re": "Kontra und Re",
              "lost_grand": "verlorener Grand", "hundred": "ein Spieler erreicht den nächsten Hunderter"}
COUNTS = {3: "dritt", 4: "viert", 5: "fünft", 6: "sechst"}


def at_table(n: int) -> str:
    """"zu dritt", "zu viert", ..."""
    return f"zu {COUNTS.get(n, str(n))}"


def out_words(seats: tuple[int, ...]) -> str:
    """Who sits out, from the seats counted clockwise from the dealer: "setzt der Geber aus",
    "setzen der Geber und der dritte nach ihm aus"."""
    ordinals = {1: "erste", 2: "zweite", 3: "dritte", 4: "vierte"}
    names = ["der Geber" if k == 0 else f"der {ordinals.get(k, str(k) + '.')} nach ihm" for k in seats]
    verb = "setzt" if len(names) == 1 else "setzen"
    return f"{verb} {' und '.join(names)} aus"


def sheet(t: SkatTable) -> list[tuple[str, list[str]]]:
    b, n, a, sf = t.grundwerte, t.null, t.augen, t.seeger_fabian
    spitzen_only_buben = t.spitzen.suit <= t.spitzen.grand
    games = [f"Grundwerte: Karo {b.karo}, Herz {b.herz}, Pik {b.pik}, Kreuz {b.kreuz}, Grand {b.grand}.",
             f"Spielwert = Grundwert × (Spitzen + je eine Stufe für {LEVELS}).",
             f"Spitzen mit oder ohne 1 bis {t.spitzen.suit} im Farbspiel, 1 bis {t.spitzen.grand} im Grand "
             + ("(nur die Buben zählen, auch im Farbspiel)." if spitzen_only_buben else "(nur die Buben)."),
             f"Null {n.plain}, Null Hand {n.hand}, Null ouvert {n.ouvert}, Null ouvert Hand {n.ouvert_hand}.",
             "Ouvert ist immer Hand und Schwarz angesagt; Schwarz angesagt schließt Schneider angesagt ein."]
    if b.grand_ouvert:
        games.append(f"Grand ouvert hat den eigenen Grundwert {b.grand_ouvert} (alte Regel), die Stufen zählen wie "
                     f"sonst: mit 1 ist er 8 × {b.grand_ouvert} = {8 * b.grand_ouvert}; überreizt zählt das kleinste "
                     f"Vielfache von {b.grand_ouvert}, verloren wie jedes verlorene Handspiel.")
    win = [f"Der Spieler gewinnt mit {a.win} Augen (der Skat zählt für ihn); im Spiel sind {a.total} Augen.",
           f"Schneider: eine Partei mit {a.schneider} Augen oder weniger. Schwarz: eine Partei ohne Stich.",
           "Schneider und Schwarz ansagen nur im Handspiel; eine Ansage zählt immer, "
           "wird sie nicht erreicht, ist das Spiel verloren.",
           "Null gewinnt der Spieler, wenn er keinen Stich bekommt.",
           "Überreizt: erreicht der Spielwert das Reizgebot nicht, ist das Spiel verloren; es zählt das "
           "kleinste Vielfache des Grundwerts, das das Gebot erreicht.",
           "Passen alle, wird geramscht (siehe Ramsch)." if t.ramsch.enabled
           else "Eingepasst: alle passen, das Spiel zählt 0, der Nächste gibt."]
    lists = [f"Gewonnen: der Spielwert für den Spieler; verloren: {t.lost.factor} × der Spielwert minus"
             + ("." if t.lost.hand == t.lost.factor else f", ein Handspiel {t.lost.hand} ×.")]
    if t.list_kind == "seeger_fabian":
        others = ", ".join(f"{v} {at_table(int(k))}" for k, v in sf.others.items())
        lists += [f"Seeger-Fabian-Liste: dazu {sf.won} für ein gewonnenes Spiel, minus {sf.lost} für ein verlorenes.",
                  f"Verliert der Spieler, bekommt jeder andere am Tisch (auch wer aussetzt): {others}."]
    else:
        lists.append("Klassische Liste: nur der Spieler schreibt.")
    table = [f"{at_table(n).capitalize()} {out_words(t.sitting_out_seats(n))}."
             for n in t.players if t.sitting_out_seats(n)]
    table.append("Der Geber wechselt nach jedem Spiel, auch nach einem "
                 + ("Ramsch." if t.ramsch.enabled else "eingepassten."))
    if t.announce_without_hand:
        table.append("Schneider und Schwarz ansagen geht auch ohne Hand.")
    if t.bock.enabled:
        step = t.bock.hundred
        after = ", ".join(f"ein Spieler erreicht oder überschreitet {step}, {2 * step}, … Punkte (aufwärts)"
                          if a == "hundred" else BOCK_AFTER[a] for a in t.bock.after) or "nichts (kein Auslöser an)"
        table.append(f"Bockrunde (ein Spiel je Spieler am Tisch, {t.bock.factor}-fach) nach: {after}; "
                     + ("trifft sie eine andere, verdoppelt sie die Spiele beider noch einmal."
                        if t.bock.stacking else "trifft sie eine andere, folgt sie ihr."))
    if t.bierlachs.enabled:
        table.append(f"Bierlachs: nur Minuspunkte werden geschrieben (ein gewonnenes Spiel schreibt nichts); "
                     f"wer als Erster {t.bierlachs.limit} Minuspunkte erreicht, zahlt die Runde.")
    if t.kontra_re.enabled:
        table.append(f"Kontra und Re: jedes zählt das Spiel {t.kontra_re.factor}-fach auf der Liste "
                     "(das Reizen prüft den Spielwert ohne sie).")
    if t.tariff:
        table.append(f"{t.tariff} Cent je Punkt; am Ende zahlt jeder jedem die Differenz.")
    parts = [("Spiele", games), ("Wer gewinnt", win), ("Die Liste", lists), ("Am Tisch", table)]
    if t.ramsch.enabled:
        parts.append(("Ramsch", ramsch_lines(t)))
    return parts


def ramsch_lines(t: SkatTable) -> list[str]:
    """The house rule Ramsch as the rule sheet says it."""
    r = t.ramsch
    lose = "schreibt sie minus" if r.value == "augen" else f"schreibt einen Grand ({t.grundwerte.grand}) minus"
    lines = ["Passen alle, spielt jeder für sich (Ramsch) statt einzupassen.",
             f"Wer die meisten Augen hat, {lose}.",
             f"Jungfrau (ein Spieler ohne Stich): × {r.jungfrau} je Jungfrau." if r.jungfrau > 1
             else "Eine Jungfrau (ein Spieler ohne Stich) zählt nichts extra.",
             f"Durchmarsch (einer bekommt alle Stiche): +{r.durchmarsch} für ihn.",
             f"Schieberamsch: jedes Schieben des Skats × {r.push_factor}." if r.push_factor > 1
             else "Schieben des Skats zählt nichts extra.",
             "Gleich viele Augen: alle mit den meisten verlieren." if r.tie == "all"
             else "Gleich viele Augen: der Tisch bestimmt, wer von ihnen verliert."]
    if t.bock.enabled:
        lines.append(f"Ein Ramsch in einer Bockrunde zählt {t.bock.factor}-fach.")
    lines.append("Seeger-Fabian-Liste: ein Ramsch zählt wie auf der klassischen Liste, ohne Leistungsbewertung "
                 "(die Skatwettspielordnung kennt keinen Ramsch; im Turnier bleibt er aus).")
    return lines
