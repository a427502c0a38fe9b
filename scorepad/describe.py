"""One German line per hand for lists and exports ("Sauspiel Vroni + Kathi · gewonnen")."""

from __future__ import annotations

from typing import Any

from scorepad.games.base import HandResult

SEP = " · "

RESULT_WORDS = {
    "won": "gewonnen", "won_schneider": "gewonnen Schneider", "won_schwarz": "gewonnen schwarz",
    "lost": "verloren", "lost_schneider": "verloren Schneider", "lost_schwarz": "verloren schwarz",
}
PENALTY_FALLBACK = "Strafe"


def _laufende(n: int | None) -> str | None:
    if not n:
        return None
    return f"mit {n}" if n > 0 else f"ohne {-n}"


def _party(hand: dict) -> str:
    return f"{hand['player']} + {hand['partner']}" if hand.get("partner") else str(hand.get("player", ""))


def _trick_game(table, hand: dict, result: HandResult | None) -> list[str]:
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
        parts.append(f"{hand['augen']} Augen")
    if hand.get("result"):
        parts.append(RESULT_WORDS.get(hand["result"], hand["result"]))
    elif result is not None and "won" in result.info and hand.get("game") != "sie":
        parts.append("gewonnen" if result.info["won"] else "verloren")
    lauf = _laufende(hand.get("laufende"))
    if lauf:
        parts.append(lauf)
    for step in getattr(table, "kontra_chain", []):
        if hand.get(step.key):
            parts.append(f"{step.name} {hand[step.key]}")
    return parts


def describe_hand(table, hand: Any, result: HandResult | None = None) -> str:
    """What the hand was, in the game's own words, without its points."""
    if not isinstance(hand, dict):
        return str(hand)
    family = table.family
    if hand.get("passed"):
        return "Zamgschmissen" if family == "schafkopf" else "Alle gequiekt: frisches Saufutter"
    if hand.get("vergeben"):
        return "Vergeben"
    if family == "schafkopf" and hand.get("game") == "ramsch":
        if hand.get("durchmarsch"):
            return f"Ramsch{SEP}Durchmarsch {hand['durchmarsch']}"
        loser = result.info.get("loser") if result is not None else hand.get("loser")
        jf = hand.get("jungfrauen") or []
        return f"Ramsch{SEP}zahlt: {loser}" + (f"{SEP}Jungfrau: {', '.join(jf)}" if jf else "") if loser else "Ramsch"
    if family in ("schafkopf", "saukopf"):
        return SEP.join(_trick_game(table, hand, result))
    if family == "schwarze_sau":
        if hand.get("achterbrief_loser"):
            return f"Achterbrief: {hand['achterbrief_loser']} verliert"
        ann = hand.get("announcement")
        if ann:
            kind = "Jungfrau" if ann.get("kind") == "jungfrau" else "Durchmarsch angesagt"
            return f"{kind} {ann.get('by')}{SEP}{'geschafft' if ann.get('success') else 'nicht geschafft'}"
        if hand.get("durchmarsch"):
            return f"Durchmarsch {hand['durchmarsch']}"
        return "Runde"
    if family == "struliwuli":
        cards = result.info.get("cards") if result else sum((hand.get("tricks") or {}).values())
        exact = result.info.get("exact", []) if result else []
        bidders = len(hand.get("bids") or {}) or len(exact)
        made = f"{len(exact)} von {bidders} genau angesagt" if exact else "keiner genau angesagt"
        return f"{cards} {'Karte' if cards == 1 else 'Karten'}{SEP}{made}"
    if family == "ramsch":
        parts = [f"mit: {', '.join(hand.get('participants', []))}"]
        for entry in hand.get("penalties") or []:
            pen = table.penalties.get(entry.get("kind"))
            parts.append(f"{pen.name if pen else PENALTY_FALLBACK} {entry.get('player')}")
        if result is not None and result.info.get("bolla_to"):
            parts.append(f"Bolla {result.info['bolla_to']}")
        return SEP.join(parts)
    return ""
