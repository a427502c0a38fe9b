"""One German line per hand for lists and exports ("Sauspiel Vroni + Kathi · gewonnen"): each
family says its own (scorepad/games/<family>/words.py); the shared words are here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorepad import fmt
from scorepad.games import tally_name
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


def change_words(deltas: dict[str, dict[str, int]], tallies: list[str], table: Any = None) -> str:
    """What a hand does to each player, in words: "Vroni & Kathi je +0,20 €, Hias & Wast je
    -0,20 €" (each tally named as the table's game names it)."""
    parts = []
    for tally in tallies:
        groups: dict[int, list[str]] = {}
        for p, row in deltas.items():
            if row.get(tally):
                groups.setdefault(row[tally], []).append(p)
        if not groups:
            continue
        name = tally_name(table, tally)
        for value, who in sorted(groups.items(), key=lambda kv: -kv[0]):
            each = " je" if len(who) > 1 else ""
            amount = (fmt.tally_value(tally, value, True) if fmt.is_money(tally)
                      else fmt.counted(value, name, with_sign=True))  # "+1 Punkt", "+2 Punkte"
            parts.append(f"{' & '.join(who)}{each} {amount}")
    return ", ".join(parts) if parts else "Keine Punkte: es wird nur weitergegeben"


def value_line(table: Any, hand: dict[str, Any], result: HandResult, tallies: list[str]) -> str:
    """What made a hand's points: the game's own line where its words.py has one (Doppelkopf:
    the winner, each line of TSR 7.2.2/7.2.3 with its points, the factors), else each
    player's change. The hand screen's preview, the history's opened hand and `scorepad replay
    --lines` say this."""
    from scorepad.games import family_of

    own = family_of(table).preview_line(table, hand, result)
    return own if own is not None else change_words(result.deltas, tallies, table)


def hand_lines(table: Any, hand: Any, result: HandResult, tallies: list[str]) -> list[str]:
    """A scored hand in words: what it was (`describe_hand`), then what made its points (`value_line`)."""
    raw = hand if isinstance(hand, dict) else {}
    return [describe_hand(table, hand, result), value_line(table, raw, result, tallies)]


@dataclass(frozen=True)
class Reckoning:
    """What made one amount of a hand, as a list writes it out: the amounts added (each with
    its words: "Sauspiel", "Schneider"), then the factors (each with its reason: "Kontra Hias",
    "Bock"); `total` is what they make. Every number is read from the table or the engine's
    result by the family's words.py (`reckonings`), none is written here."""

    head: str  # what it is for: "Vroni & Kathi gewinnen", "Hias 3 angesagt, 3 gemacht"
    tally: str  # the tally the amounts are of ("geld" as money, else plain numbers)
    items: tuple[tuple[str, int], ...] = ()
    factors: tuple[tuple[int, str], ...] = ()
    tail: str = ""  # after the total: " je Gegner", " an jeden"

    @property
    def total(self) -> int:
        run = sum(amount for _, amount in self.items)
        for factor, _ in self.factors:
            run *= factor
        return run

    def words(self, table: Any) -> str:
        """"Vroni & Kathi gewinnen: Sauspiel 0,20 € + Schneider 0,20 € = 0,40 € × 2 (Kontra
        Hias) = 0,80 € je Gegner" (a line and its amount kept on one line of the screen)."""
        from scorepad.games import tally_amount

        def plain(value: int) -> str:
            return fmt.money(value) if fmt.is_money(self.tally) else str(value)

        run = sum(amount for _, amount in self.items)
        if len(self.items) == 1 and not self.factors:  # one amount: said with its unit
            return f"{self.head}: {self.items[0][0]}\u00a0{tally_amount(table, self.tally, run)}{self.tail}"
        text = ""
        for i, (words, amount) in enumerate(self.items):
            if i == 0:
                text = f"{words}\u00a0{plain(amount)}"
            else:
                text += f" {'+' if amount >= 0 else '-'} {words}\u00a0{plain(abs(amount))}"
        for factor, why in self.factors:
            text += f" = {plain(run)} × {factor} ({why})"
            run *= factor
        text += f" = {tally_amount(table, self.tally, run)}"
        return f"{self.head}: {text}{self.tail}"


def reckoning_line(table: Any, reckonings: list[Reckoning], result: HandResult, extra: list[str] | None = None) -> str:
    """A family's `preview` from its reckonings: each one's words, then any further line (the
    Stock, who lost the game), then each player's change (change_words, every tally the hand
    writes), joined by "; "."""
    tallies = list(next(iter(result.deltas.values()), {}))
    return "; ".join([r.words(table) for r in reckonings] + list(extra or [])
                     + [change_words(result.deltas, tallies, table)])
