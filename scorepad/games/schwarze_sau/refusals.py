"""Schwarze Sau's own refusals: each code with its English (the command line) and German (the app)
words, merged into the one catalogue (scorepad/refusals/) when the game is loaded; the refusals
every game shares are in scorepad/refusals/games.py. FIELD_NAMES: the German names of its own
hand keys, for a refusal's `{field}`."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

REFUSALS: dict[str, Refusal] = {
    # -- its hands --------------------------------------------------------------------------------
    "achterbrief_not_owed": Refusal("no Achterbrief is owed: nobody is tied over {limit}",
                                    "Kein Achterbrief fällig: keiner steht gleich über {limit}"),
    "achterbrief_missing": Refusal("is missing: an Achterbrief between {between:and} is owed before the next round",
                                   "Verlierer des Achterbriefs zwischen {between:und}", missing=True),
    "achterbrief_alone": Refusal("an Achterbrief entry has no other keys", "Beim Achterbrief sonst nichts eintragen"),
    "achterbrief_not_between": Refusal("{loser!r} did not play the Achterbrief ({between:and})",
                                       "{loser!r} hat den Achterbrief nicht gespielt ({between:und})"),
    "one_special_result": Refusal("a round has one special result: an announced Durchmarsch goes under "
                                  "announcement, and a Durchmarsch leaves no Jungfrau",
                                  "Eine Runde hat nur ein besonderes Ergebnis: ein angesagter Durchmarsch gehört "
                                  "zur Ansage, und bei einem Durchmarsch gibt es keine Jungfrau"),
    "points_missing": Refusal("is missing: the card points of each player this round",
                              "Punkte jedes Spielers in dieser Runde", missing=True),
    "player_points_missing": Refusal("{players} missing: give every player's points (0 too)",
                                     "Punkte von {players} (auch 0)", missing=True),
    "points_sum": Refusal("a round's points sum to {sum} (got {total})",
                          "Die Punkte einer Runde ergeben zusammen {sum} (jetzt {total})"),
    "points_sum_stock": Refusal("a round's points sum to {sums} ({round_total} less what the Stock holds) (got {total})",
                                "Die Punkte einer Runde ergeben zusammen {sums} ({round_total} weniger, was im Stock liegt) "
                                "(jetzt {total})"),
    "durchmarsch_points": Refusal("{player} took every trick, so nobody else has points",
                                  "{player} hat alle Stiche: die anderen haben 0"),
    "jungfrau_points": Refusal("{player} made the Jungfrau (no trick), so has no points",
                               "{player} hat die Jungfrau gemacht (kein Stich), also 0 Punkte"),

    # -- its rule tables ---------------------------------------------------------------------------
    "seat_cards": Refusal("{players} x {cards} cards + {stock} in the Stock is not {deck}",
                          "{players} x {cards} Karten + {stock} im Stock ergibt nicht {deck}"),
}

FIELD_NAMES: dict[str, str] = {
    "points": "Punkte",
    "achterbrief_loser": "Verlierer des Achterbriefs",
    "announcement": "Ansage",
    "durchmarsch": "Durchmarsch",
}
