"""Saukopf's own refusals: each code with its English (the command line) and German (the app)
words, merged into the one catalogue (scorepad/refusals/) when the game is loaded; the refusals
every game shares are in scorepad/refusals/games.py. FIELD_NAMES: the German names of its own
hand keys, for a refusal's `{field}`."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

REFUSALS: dict[str, Refusal] = {
    # -- its hands --------------------------------------------------------------------------------
    "doppel_partner_missing": Refusal("a {game} needs a partner", "Mitspieler beim {game}", missing=True),
    "solo_no_partner": Refusal("a {game} is a Solo: no partner", "{game} ist ein Solo: ohne Mitspieler"),
    "passed_alone_saukopf": Refusal("a hand that is passed has no other keys",
                                    "Alle haben gepasst: sonst nichts eintragen"),
    "vergeben_alone": Refusal("a hand that is vergeben has no other keys", "Vergeben: sonst nichts eintragen"),
    "augen_missing": Refusal("is missing: the Augen of the player party", "Augen der Spielerpartei", missing=True),
    "bid_missing": Refusal("is missing: {game} needs the Grunzer ({min}..{max} or schwarz)",
                           "Grunzer für {game} ({min}..{max} oder schwarz)", missing=True),
    "bid_out_of_range": Refusal("must be {lowest}..{highest} or schwarz (got {bid})",
                                "muss zwischen {lowest} und {highest} liegen oder schwarz sein (nicht {bid})"),
    "bid_needs_schwarz": Refusal("{game} needs the bid schwarz", "{game} geht nur schwarz"),
    "bid_too_low": Refusal("{game} needs a bid of {min} or more", "{game} braucht mindestens {min}"),
    "bid_too_high": Refusal("{game} allows a bid of at most {max} (got {bid})", "{game} erlaubt höchstens {max} (nicht {bid})"),
    "no_chosen_trump": Refusal("{game} has no trump suit of the player's choice",
                               "Beim {game} sucht sich der Spieler keine Trumpffarbe aus"),
    "no_chosen_card": Refusal("{game} has no trump card of the player's choice",
                              "Beim {game} sucht sich der Spieler keine Trumpfkarte aus"),
    "not_a_card": Refusal("{value!r} is not a card of this deck (like {example!r})",
                          "{value!r} ist keine Karte dieses Blatts (so: {example!r})"),
    "no_aside": Refusal("no cards are laid aside at {table} (got {aside})",
                        "Bei {table} werden keine Karten weggelegt (nicht {aside})"),
    "aside_impossible": Refusal("{cards} cards laid aside cannot hold {aside} Augen",
                                "{cards} weggelegte Karten haben nie {aside:Augen}"),

    # -- its rule tables ---------------------------------------------------------------------------
    "bid_limit_range": Refusal("must be {lo}..{hi} or 'schwarz' (got {value})",
                               "muss zwischen {lo} und {hi} liegen oder 'schwarz' sein (nicht {value})"),
    "min_above_max": Refusal("must not be above max_bid ({max})", "darf nicht über max_bid ({max}) liegen"),
    "threshold_needed": Refusal("is needed for the condition {when!r}", "wird für die Bedingung {when!r} gebraucht"),
}

FIELD_NAMES: dict[str, str] = {
    "bid": "Grunzer",
    "aside_augen": "Augen im Weggelegten",
    "vergeben": "Vergeben",
    "bids": "Ansagen",  # its table's `bids` (the range of Grunzer), named as Struliwuli's hand key
}
