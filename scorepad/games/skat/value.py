"""Skat: the game value and the declarer's list entry, exactly per ISkO.

Suit and Grand: base value × (Spitzen + 1 Spiel + Hand + Schneider + angesagt + Schwarz +
angesagt + ouvert); ouvert is always Hand and Schwarz angesagt; Schwarz angesagt includes
Schneider angesagt; an announcement counts whether or not it is reached, and the game is lost
if it is not. Null has fixed values. A game whose value does not reach the bid is lost
(überreizt), worth the lowest multiple of its base value reaching the bid. A lost game counts
`lost.factor` (2) times its value, negative. Eingepasst is worth 0. Pure: no store, no UI."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.games.skat.hand import GAME_NAMES, SkatHand, SkatRefused
from scorepad.games.skat.rules import SkatRules, SuitGame


@dataclass(frozen=True)
class Levels:
    """The multiplier's parts of a suit or Grand game, each 0 or 1 but Spitzen."""

    spitzen: int
    hand: int
    schneider: int
    schneider_angesagt: int
    schwarz: int
    schwarz_angesagt: int
    ouvert: int

    @property
    def factor(self) -> int:
        return (self.spitzen + 1 + self.hand + self.schneider + self.schneider_angesagt
                + self.schwarz + self.schwarz_angesagt + self.ouvert)


@dataclass(frozen=True)
class Scored:
    """A scored game: its value, won or lost, überreizt, and the declarer's list entry
    (+ value won, - factor × value lost; 0 eingepasst)."""

    hand: SkatHand
    value: int
    won: bool
    overbid: bool
    levels: Levels | None  # None: Null or eingepasst
    base: int  # the base value (Null: its fixed value; eingepasst: 0)
    reached: int  # the value the game reached before the bid was checked
    entry: int  # the declarer's list entry

    @property
    def eingepasst(self) -> bool:
        return self.hand.eingepasst


def check(hand: SkatHand, rules: SkatRules) -> None:
    """SkatRefused naming in German what is wrong with the game as entered."""
    if hand.eingepasst:
        if hand.declarer is not None or hand.game is not None:
            raise SkatRefused("Eingepasst: dann gibt es keinen Spieler und kein Spiel.")
        return
    if not hand.declarer:
        raise SkatRefused("Wer hat gespielt? Der Spieler fehlt.")
    if hand.game is None:
        raise SkatRefused("Welches Spiel? Karo, Herz, Pik, Kreuz, Grand oder Null fehlt.")
    name = GAME_NAMES[hand.game]
    if (hand.augen is None) == (hand.won is None):
        raise SkatRefused("Das Ergebnis fehlt: die Augen des Spielers oder gewonnen/verloren, eins von beiden.")
    if hand.bid is not None and hand.bid not in bid_values(rules):
        raise SkatRefused(f"{hand.bid} ist kein Reizwert: gereizt wird mit Spielwerten (18, 20, 22, 23, 24, 27, ...).")
    if hand.augen is not None and not 0 <= hand.augen <= rules.augen.total:
        raise SkatRefused(f"{hand.augen} Augen gibt es nicht: im Spiel sind {rules.augen.total} Augen.")
    if (hand.schneider_angesagt or hand.schwarz_angesagt) and not hand.hand and not hand.ouvert:
        raise SkatRefused("Schneider oder Schwarz ansagen kann man nur im Handspiel.")
    if hand.game == "null":
        if hand.spitzen is not None:
            raise SkatRefused("Null hat keine Spitzen.")
        if hand.schneider_angesagt or hand.schwarz_angesagt or hand.schneider:
            raise SkatRefused("Null kennt kein Schneider und kein Schwarz.")
        if hand.augen is not None:
            raise SkatRefused("Null wird nicht nach Augen gezählt: gewonnen oder verloren angeben.")
        if hand.schwarz:
            raise SkatRefused("Null kennt kein Schwarz: gewonnen heißt, der Spieler hat keinen Stich.")
        value = null_value(hand, rules)
        if hand.bid is not None and hand.bid > value:
            raise SkatRefused(f"{null_name(hand)} ist {value} wert, gereizt war {hand.bid}: "
                              "dieses Spiel durfte nicht angesagt werden.")
        return
    most = rules.spitzen.grand if hand.game == "grand" else rules.spitzen.suit
    if hand.spitzen is None:
        raise SkatRefused(f"{name}: die Spitzen fehlen (mit oder ohne 1 bis {most}).")
    if not 1 <= hand.spitzen <= most:
        raise SkatRefused(f"{name} hat 1 bis höchstens {most} Spitzen, nicht {hand.spitzen}.")
    if hand.augen is not None:
        if hand.schneider:
            raise SkatRefused("Schneider folgt aus den Augen: nicht zusätzlich angeben.")
        if hand.schwarz and hand.augen not in (0, rules.augen.total):
            raise SkatRefused(f"Schwarz (keinen Stich) geht nur mit 0 oder {rules.augen.total} Augen, "
                              f"nicht mit {hand.augen}.")


def bid_values(rules: SkatRules) -> frozenset[int]:
    """Every value a game can have, the Reizwerte: each base value times 2 (mit or ohne 1,
    Spiel) up to its most levels (Spitzen + Spiel + Hand + Schneider + angesagt + Schwarz +
    angesagt + ouvert), and the Null values."""
    levels = 7  # Spiel, Hand, Schneider, angesagt, Schwarz, angesagt, ouvert
    values = {getattr(rules.null, kind) for kind in ("plain", "hand", "ouvert", "ouvert_hand")}
    games: tuple[SuitGame, ...] = ("karo", "herz", "pik", "kreuz", "grand")
    for game in games:
        most = rules.spitzen.grand if game == "grand" else rules.spitzen.suit
        values |= {rules.base_value(game) * factor for factor in range(2, most + levels + 1)}
    return frozenset(values)


def null_value(hand: SkatHand, rules: SkatRules) -> int:
    null = rules.null
    if hand.ouvert:
        return null.ouvert_hand if hand.hand else null.ouvert
    return null.hand if hand.hand else null.plain


def null_name(hand: SkatHand) -> str:
    words = ["Null"] + (["ouvert"] if hand.ouvert else []) + (["Hand"] if hand.hand else [])
    return " ".join(words)


def _reached(hand: SkatHand, rules: SkatRules) -> tuple[bool, bool, bool]:
    """Whether the declarer won on the cards, and whether Schneider / Schwarz was reached
    (by either party)."""
    if hand.augen is not None:
        augen = hand.augen
        won = augen >= rules.augen.win
        opponents = rules.augen.total - augen
        schneider = opponents <= rules.augen.schneider or augen <= rules.augen.schneider
        schwarz = hand.schwarz
        if schwarz and augen == 0:  # the declarer took no trick
            won = False
        return won, schneider or schwarz, schwarz
    assert hand.won is not None
    return hand.won, hand.schneider or hand.schwarz, hand.schwarz


def score(hand: SkatHand, rules: SkatRules) -> Scored:
    """The game scored per ISkO (SkatRefused when it cannot be)."""
    check(hand, rules)
    factor = rules.lost.factor
    if hand.eingepasst:
        return Scored(hand, 0, True, False, None, 0, 0, 0)
    assert hand.game is not None
    if hand.game == "null":
        value = null_value(hand, rules)
        won = bool(hand.won)
        return Scored(hand, value, won, False, None, value, value, value if won else -factor * value)
    base = rules.base_value(hand.game)
    won, schneider, schwarz = _reached(hand, rules)
    schwarz_angesagt = hand.schwarz_angesagt or hand.ouvert
    schneider_angesagt = hand.schneider_angesagt or schwarz_angesagt
    if hand.augen is None and won:  # "gewonnen" entered: the announcement was reached
        schwarz = schwarz or schwarz_angesagt
        schneider = schneider or schneider_angesagt or schwarz
    if schneider_angesagt:  # the announcement must be reached by the declarer
        declarer_schneider = (hand.augen is not None and rules.augen.total - hand.augen <= rules.augen.schneider) \
            or (hand.augen is None and schneider and won)
        won = won and declarer_schneider
    if schwarz_angesagt:
        won = won and schwarz
    levels = Levels(
        spitzen=hand.spitzen or 0,
        hand=int(hand.hand or hand.ouvert),
        schneider=int(schneider or schneider_angesagt),
        schneider_angesagt=int(schneider_angesagt),
        schwarz=int(schwarz or schwarz_angesagt),
        schwarz_angesagt=int(schwarz_angesagt),
        ouvert=int(hand.ouvert),
    )
    reached = levels.factor * base
    value, overbid = reached, False
    if hand.bid is not None and reached < hand.bid:
        overbid, won = True, False
        value = -(-hand.bid // base) * base  # the lowest multiple of the base value reaching the bid
    return Scored(hand, value, won, overbid, levels, base, reached, value if won else -factor * value)
