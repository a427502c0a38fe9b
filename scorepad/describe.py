"""One German line per hand for lists and exports ("Sauspiel Vroni + Kathi · gewonnen"): each
family says its own (scorepad/games/<family>/words.py); the shared words are here."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.games.base import HandResult
from scorepad.tables import RuleTable

SEP = " · "

RESULT_WORDS = {
    "won": "gewonnen", "won_schneider": "gewonnen Schneider", "won_schwarz": "gewonnen schwarz",
    "lost": "verloren", "lost_schneider": "verloren Schneider", "lost_schwarz": "verloren schwarz",
}
# a Tout (announced: every trick) is won only with every trick, else lost, without Schneider
TOUT_WORDS = {True: "gewonnen – alle Stiche", False: "verloren"}
PENALTY_FALLBACK = "Strafe"


def tout_won(hand: dict[str, Any]) -> bool:
    """Whether a Tout was won, as the engine books it: only with every trick (the result
    won_schwarz, or every trick to the player party); gewonnen or Schneider lose it."""
    return hand.get("result") == "won_schwarz" or hand.get("all_tricks") == "player"


def laufende_words(n: int | None) -> str | None:
    """Signed Laufende as the table says them: "mit 3", "ohne 2"."""
    if not n:
        return None
    return f"mit {n}" if n > 0 else f"ohne {-n}"


def chain_words(table: Any, hand: dict[str, Any]) -> list[str]:
    """Who said each link of the Kontra chain: "Kontra Resi", "Re Sepp"."""
    return [f"{step.name} {hand[step.key]}" for step in getattr(table, "kontra_chain", []) if hand.get(step.key)]


def _party(hand: dict[str, Any]) -> str:
    return f"{hand['player']} + {hand['partner']}" if hand.get("partner") else str(hand.get("player", ""))


def trick_game_words(table: Any, hand: dict[str, Any], result: HandResult | None) -> list[str]:
    """A game with a player and contracts (Schafkopf, Saukopf): name, party, bid, Augen, result."""
    contract = table.contracts.get(hand.get("game"))
    name = contract.name if contract else str(hand.get("game"))
    parts = [f"{name} {_party(hand)}"]
    if hand.get("bid") is not None:
        parts[0] += f" ({hand['bid']})"
    if hand.get("spiess"):
        parts[0] += " am Spieß"
    if hand.get("tout"):
        parts[0] += " Tout"
    if hand.get("klopfer"):
        parts.append(f"{hand['klopfer']}× geklopft")
    if hand.get("augen") is not None:
        parts.append(fmt.counted(hand["augen"], "Augen"))
    if hand.get("tout") and hand.get("game") != "sie":  # won only with every trick, whatever else was said
        parts.append(TOUT_WORDS[result.info["won"] if result is not None and "won" in result.info else tout_won(hand)])
    elif hand.get("result"):
        parts.append(RESULT_WORDS.get(hand["result"], hand["result"]))
    elif result is not None and "won" in result.info and hand.get("game") != "sie":
        parts.append("gewonnen" if result.info["won"] else "verloren")
    lauf = laufende_words(hand.get("laufende"))
    if lauf:
        parts.append(lauf)
    return parts + chain_words(table, hand)


def describe_hand(table: RuleTable, hand: Any, result: HandResult | None = None) -> str:
    """What the hand was, in the game's own words (its family's words.py), without its points."""
    from scorepad.games import family_of  # the families' words use this module's helpers

    if not isinstance(hand, dict):
        return str(hand)
    words = family_of(table).words
    if hand.get("passed"):
        return words.PASSED
    if hand.get("vergeben"):
        return "Vergeben"
    return words.describe(table, hand, result)
