"""The refusals of the hands: those of every game, of the Kontra chain, and each game's own."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

GAMES: dict[str, Refusal] = {
    # -- every game ---------------------------------------------------------------------------
    "hand_not_object": Refusal("must be an object of hand keys (got {type})",
                               "muss ein Objekt aus Spiel-Angaben sein (nicht {type})"),
    "not_plain_json": Refusal("must be plain JSON ({reason})", "geht nicht als JSON ({reason})"),
    "game_missing": Refusal("is missing ({playable})", "Spiel ({playable})", missing=True),
    "game_unknown": Refusal("unknown game {game!r} (known: {playable})", "Unbekanntes Spiel {game!r} (bekannt: {playable})"),
    "game_off": Refusal("{game} is not played at this table ({table})", "{game} wird an diesem Tisch ({table}) nicht gespielt"),
    "not_a_player": Refusal("{name!r} is not a player of this evening ({players})",
                            "{name!r} spielt heute nicht mit ({players})"),
    "sits_out": Refusal("{name!r} sits out this hand ({dealer} deals; in play: {in_play})",
                        "{name!r} setzt dieses Spiel aus ({dealer} gibt; es spielen {in_play})"),
    "nobody_sits_out": Refusal("nobody sits out at this table: everyone plays every hand",
                               "Hier setzt keiner aus: alle spielen jedes Spiel"),
    "sit_out_count": Refusal("{count} sit out each hand here (got {got})",
                             "Je Spiel setzen {count} aus, nicht {got}"),
    "player_missing": Refusal("is missing: who played the game?", "Spieler", missing=True),
    "partner_is_player": Refusal("the partner cannot be the player ({player})",
                                 "Der Mitspieler kann nicht der Spieler sein ({player})"),
    "augen_impossible": Refusal("{augen} Augen cannot be made with these cards",
                                "{augen:Augen}: geht sich mit den Karten nicht aus"),
    "augen_impossible_opponents": Refusal(
        "{augen} Augen cannot be made with these cards: the opponents would have {opponents}",
        "{augen:Augen}: geht sich nicht aus, die Gegenspieler hätten {opponents}"),
    "all_tricks_player": Refusal("the player party took every trick, so it has {in_play} Augen (got {augen})",
                                 "Alle Stiche heißt {in_play:Augen} (nicht {augen})"),
    "all_tricks_opponents": Refusal("the opponents took every trick, so the player party has 0 Augen (got {augen})",
                                    "Gegenspieler alle Stiche heißt 0 Augen (nicht {augen})"),
    "too_many_laufende": Refusal("a {game} has only {trumps} trumps (got {laufende})",
                                 "{game} hat nur {trumps} Trümpfe (nicht {laufende} Laufende)"),

    # -- Kontra, Re and the rest of the chain ---------------------------------------------------
    "chain_not_allowed": Refusal("a {game} knows no {step}", "Beim {game} gibt es kein {step}"),
    "chain_order": Refusal("{step} only comes after a {previous}", "{step} erst nach {previous}"),
    "chain_from_opponent": Refusal("{step} comes from an opponent, not from {who}",
                                   "{step} kommt von den Gegenspielern, nicht von {who}"),
    "chain_from_party": Refusal("{step} comes from the player party, not from {who}",
                                "{step} kommt von der Spielerpartei, nicht von {who}"),
}
