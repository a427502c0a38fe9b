"""Doppelkopf's own refusals: each code with its English (the command line) and German (the app)
words, merged into the one catalogue (scorepad/refusals/) when the game is loaded. FIELD_NAMES:
the German names of its own hand keys, for a refusal's `{field}`."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

REFUSALS: dict[str, Refusal] = {
    # the table
    "dk_below_marks": Refusal("the Absage marks must lie between 0 and {half}, highest first",
                              "Die Marken der Absagen liegen zwischen 0 und {half}, die höchste zuerst"),
    "dk_result_once": Refusal("{name} is given by the result and counts once (most = 1)",
                              "{name} ergibt sich aus dem Spiel und zählt einmal (most = 1)"),
    "dk_round_needed": Refusal("a Pflichtsolo per round needs the games of a round (round_games)",
                               "Ein Pflichtsolo je Runde braucht die Zahl der Spiele einer Runde (round_games)"),
    # the hand
    "dk_re_missing": Refusal("is missing (who plays Re)", "Wer ist Re?", missing=True),
    "dk_re_count": Refusal("{game} is played by {count:or} Re player(s) (got {got})",
                           "{game}: {count:oder} in der Re-Partei (nicht {got})"),
    "dk_re_twice": Refusal("names {name!r} twice", "nennt {name!r} zweimal"),
    "dk_augen_missing": Refusal("is missing (Re's Augen, 0..{total})", "Augen der Re-Partei (0 bis {total})", missing=True),
    "dk_augen_impossible": Refusal("Re cannot have {augen} Augen (no card is worth 1)",
                                   "{augen:Augen}: nicht möglich (keine Karte zählt 1 Auge)"),
    "dk_all_tricks_augen": Refusal("{party} took every trick, so Re has {augen} Augen, not {got}",
                                   "{party} hat alle Stiche: Re hat dann {augen:Augen}, nicht {got}"),
    "dk_result_and_augen": Refusal("give the winner or the Augen, not both",
                                   "Entweder Gewinner oder Augen angeben, nicht beides"),
    "dk_levels_without_winner": Refusal("levels need the winner", "Zum Stand gehört, wer gewonnen hat"),
    "dk_level_party": Refusal("names {value!r}, not 're' or 'kontra'", "nennt {value!r}, nicht Re oder Kontra"),
    "dk_level_unknown": Refusal("{value!r} is no level (expected {expected})",
                                "{value!r} gibt es nicht (möglich: {expected})"),
    "dk_levels_both": Refusal("only one party can be played down (both only at {half}:{half})",
                              "Nur eine Partei kann darunter bleiben (beide nur bei {half}:{half})"),
    "dk_result_winner": Refusal("with these calls and levels {winner} cannot have won ({actual} did)",
                                "Bei diesen Ansagen und diesem Stand gewinnt nicht {winner}, sondern {actual}"),
    "dk_extras_normal_only": Refusal("Sonderpunkte count in a normal game only, not in {game}",
                                     "Sonderpunkte zählen nur im Normalspiel, nicht beim {game}"),
    "dk_extra_too_many": Refusal("{name}: at most {most} per party (got {got})",
                                 "{name}: höchstens {most} je Partei (nicht {got})"),
    "dk_bock_not_called": Refusal("the table {table} calls no Bock round (bock.enabled and bock.called)",
                                  "Am Tisch {table} ruft keiner eine Bockrunde aus (Hausregel aus)"),
    "dk_bock_call_alone": Refusal("a called Bock round (bockrunde) has no other keys",
                                  "Eine ausgerufene Bockrunde ist kein Spiel: nichts anderes eintragen"),
    "dk_extra_by_result": Refusal("{name} follows from the result and is not entered",
                                  "{name} ergibt sich aus dem Ergebnis und wird nicht eingetragen"),
}


FIELD_NAMES: dict[str, str] = {
    "re_call": "Ansage der Re-Partei", "kontra_call": "Ansage der Kontra-Partei", "sonderpunkte": "Sonderpunkte",
    "bockrunde": "Bockrunde", "winner": "Gewinner", "levels": "Stand",
}
