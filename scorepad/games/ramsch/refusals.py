"""Zaisertshofer Ramsch's own refusals: each code with its English (the command line) and German (the app)
words, merged into the one catalogue (scorepad/refusals/) when the game is loaded; the refusals
every game shares are in scorepad/refusals/games.py. FIELD_NAMES: the German names of its own
hand keys, for a refusal's `{field}`."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

REFUSALS: dict[str, Refusal] = {
    # -- its hands --------------------------------------------------------------------------------
    "penalty_must_play": Refusal("{player} has {penalty}, so must take part in the hand", "{player} hat {penalty} und muss mitgehen"),
    "penalty_not_out": Refusal("{penalty}: {player} did not go out in this hand", "{penalty}: {player} ist in diesem Spiel nicht weg"),
    "penalty_unknown": Refusal("unknown penalty {kind!r} (known: {known})", "Unbekannte Strafe {kind!r} (bekannt: {known})"),
    "penalty_dealer": Refusal("{penalty} is the dealer's penalty: {dealer} deals this hand, not {player}",
                              "{penalty} trifft den Geber: {dealer} gibt, nicht {player}"),
    "penalty_requires_weg": Refusal("{penalty}: {player} is not weg", "{penalty}: {player} ist nicht weg"),
    "penalty_weg": Refusal("{player} is weg and cannot get {penalty}", "{player} ist weg: kein {penalty}"),
    "named_twice": Refusal("{player} is named twice", "{player} steht doppelt da"),
    "weg_cannot_play": Refusal("{player} is weg and cannot take part", "{player} ist weg und kann nicht mitgehen"),
    "too_few_participants": Refusal("at least {min} must take part (got {got})", "Mindestens {min} müssen mitgehen (jetzt {got})"),
    "sat_out": Refusal("{player} sat this hand out and took no trick", "{player} ist nicht mitgegangen: kein Stich"),
    "participant_tricks_missing": Refusal("{players} missing: give each participant's tricks (0 too)",
                                          "Stiche von {players} (auch 0)", missing=True),
    "ramsch_tricks_sum": Refusal("the tricks must add up to {cards} (got {total})",
                                 "Die Stiche müssen zusammen {cards} ergeben (jetzt {total})"),
    "weg_order_missing": Refusal("is missing: {players} all went out in this hand; "
                                 "say in which order (the last one gets the Bolla)",
                                 "Reihenfolge beim Weggehen: {players} sind alle weg; wer zuletzt, kriegt die Bolla",
                                 missing=True),
    "weg_order_wrong": Refusal("must name exactly who went out in this hand ({players})",
                               "genau die, die in diesem Spiel weg sind ({players})"),
}

FIELD_NAMES: dict[str, str] = {
    "tricks": "Stiche",
    "participants": "Wer geht mit",
    "weg_order": "Reihenfolge beim Weggehen",
    "penalties": "Strafen",
}
