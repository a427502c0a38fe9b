"""Skat's own refusals: each code with its English (the command line) and German (the app) words,
merged into the one catalogue (scorepad/refusals/) when the game is loaded; the pure engine
(value.py, lists.py) raises them as SkatRefused, the family's Game as HandError. FIELD_NAMES: the
German names of its own hand keys, for a refusal's `{field}`."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

REFUSALS: dict[str, Refusal] = {
    # the table
    "skat_sf_table": Refusal("the Seeger-Fabian list names no figure for a table of {count}: keep the classic list there",
                             "Die Seeger-Fabian-Liste kennt keinen Tisch zu {count}: dort die klassische Liste führen."),
    "skat_players": Refusal("Skat is played by {allowed} at the table, not {count}",
                            "Skat spielen {allowed} am Tisch, nicht {count}."),
    "skat_name_twice": Refusal("a name is at the table twice", "Ein Name steht zweimal am Tisch."),
    "skat_option_unknown": Refusal("options.{key}: Skat has no such rule", "options.{key}: diese Regel gibt es im Skat nicht."),
    "skat_option_bad": Refusal("options.{key}: this value does not fit", "options.{key}: dieser Wert passt nicht."),
    "skat_unreadable": Refusal("{where} cannot be read", "{where} ist so nicht lesbar."),
    "skat_not_seated": Refusal("{name} is not at the table", "{name} sitzt nicht am Tisch."),
    "skat_sits_out": Refusal("{name} sits this game out ({dealer} deals)",
                             "{name} setzt dieses Spiel aus (Geber: {dealer})."),
    # the game
    "skat_eingepasst_alone": Refusal("eingepasst has no declarer and no game",
                                     "Eingepasst: dann gibt es keinen Spieler und kein Spiel."),
    "skat_kontra_off": Refusal("this table plays no Kontra and Re (house rule kontra_re)",
                               "An diesem Tisch gibt es kein Kontra und Re (Hausregel)."),
    "skat_re_without_kontra": Refusal("Re answers a Kontra: no Re without Kontra",
                                      "Re antwortet auf Kontra: ohne Kontra kein Re."),
    "skat_declarer_missing": Refusal("is missing: who played the game?", "Spieler", missing=True),
    "skat_game_missing": Refusal("is missing (karo, herz, pik, kreuz, grand or null)",
                                 "Spiel (Karo, Herz, Pik, Kreuz, Grand oder Null)", missing=True),
    "skat_result_missing": Refusal("is missing: the declarer's Augen, or won (true/false)",
                                   "Ergebnis: die Augen des Spielers oder gewonnen/verloren", missing=True),
    "skat_result_both": Refusal("give the declarer's Augen or won/lost, not both",
                                "Das Ergebnis zweimal: die Augen des Spielers oder gewonnen/verloren, eins von beiden."),
    "skat_bid_unknown": Refusal("{bid} is no bid: one bids with game values (18, 20, 22, 23, 24, 27, ...)",
                                "{bid} ist kein Reizwert: gereizt wird mit Spielwerten (18, 20, 22, 23, 24, 27, ...)."),
    "skat_augen_range": Refusal("there are no {augen} Augen: the game has {total}",
                                "{augen} Augen gibt es nicht: im Spiel sind {total} Augen."),
    "skat_announce_hand": Refusal("Schneider or Schwarz can be announced in a Hand game only",
                                  "Schneider oder Schwarz ansagen kann man nur im Handspiel."),
    "skat_null_spitzen": Refusal("Null has no Spitzen", "Null hat keine Spitzen."),
    "skat_null_schneider": Refusal("Null knows no Schneider and no Schwarz", "Null kennt kein Schneider und kein Schwarz."),
    "skat_null_augen": Refusal("Null is not counted by Augen: give won (true/false)",
                               "Null wird nicht nach Augen gezählt: gewonnen oder verloren angeben."),
    "skat_null_schwarz": Refusal("Null knows no Schwarz: won means the declarer took no trick",
                                 "Null kennt kein Schwarz: gewonnen heißt, der Spieler hat keinen Stich."),
    "skat_null_bid": Refusal("{game} is worth {value}, the bid was {bid}: this game could not be declared",
                             "{game} ist {value} wert, gereizt war {bid}: dieses Spiel durfte nicht angesagt werden."),
    "skat_spitzen_missing": Refusal("is missing ({game}: mit or ohne 1 to {most})",
                                    "Spitzen ({game}: mit oder ohne 1 bis {most})", missing=True),
    "skat_spitzen_range": Refusal("{game} has 1 to {most} Spitzen, not {got}",
                                  "{game} hat 1 bis höchstens {most} Spitzen, nicht {got}."),
    "skat_schneider_from_augen": Refusal("Schneider follows from the Augen: do not give it as well",
                                         "Schneider folgt aus den Augen: nicht zusätzlich angeben."),
    "skat_schwarz_augen": Refusal("Schwarz (no trick) goes with 0 or {total} Augen only, not {augen}",
                                  "Schwarz (keinen Stich) geht nur mit 0 oder {total} Augen, nicht mit {augen}."),
}

FIELD_NAMES: dict[str, str] = {
    "declarer": "Spieler", "eingepasst": "Eingepasst", "ouvert": "Ouvert", "spitzen": "Spitzen", "mit": "Spitzen",
    "schneider_angesagt": "Schneider angesagt", "schwarz_angesagt": "Schwarz angesagt", "won": "Ergebnis",
    "schneider": "Schneider", "schwarz": "Schwarz", "reizwert": "Reizwert",
}
