"""Struliwuli's own refusals: each code with its English (the command line) and German (the app)
words, merged into the one catalogue (scorepad/refusals/) when the game is loaded; the refusals
every game shares are in scorepad/refusals/games.py. FIELD_NAMES: the German names of its own
hand keys, for a refusal's `{field}`."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

REFUSALS: dict[str, Refusal] = {
    # -- its hands --------------------------------------------------------------------------------
    "cards_out_of_range": Refusal("must be 0..{cards}: this hand has {cards} cards (got {value})",
                                  "muss zwischen 0 und {cards} liegen: es gibt {cards} Karten (nicht {value})"),
    "bids_missing": Refusal("{players} missing: give every player's bids (0 too)",
                            "Ansagen von {players} (auch 0)", missing=True),
    "tricks_missing": Refusal("{players} missing: give every player's tricks (0 too)",
                              "Stiche von {players} (auch 0)", missing=True),
    "neukirchner": Refusal("Neukirchner rule: the dealer {dealer} may not bid {bid}, "
                           "the bids would add up to the {cards} cards",
                           "Neukirchner Regel: {dealer} darf nicht {bid} ansagen, sonst geht es sich mit {cards} Karten aus"),
    "tricks_sum": Refusal("the tricks must add up to the {cards} cards of this hand (got {total})",
                          "Die Stiche müssen zusammen {cards} ergeben (jetzt {total})"),

    # -- its rule tables ---------------------------------------------------------------------------
    "seat_cards_too_many": Refusal("{players} x {cards} cards is more than the deck of {deck}",
                                   "{players} x {cards} Karten sind mehr als das Blatt mit {deck}"),
}

FIELD_NAMES: dict[str, str] = {
    "tricks": "Stiche",
    "bids": "Ansagen",
}
