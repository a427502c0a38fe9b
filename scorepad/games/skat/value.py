"""Skat: the game value and the declarer's list entry, exactly per ISkO.

Suit and Grand: base value × (Spitzen + 1 Spiel + Hand + Schneider + angesagt + Schwarz +
angesagt + ouvert); ouvert is always Hand and Schwarz angesagt; Schwarz angesagt includes
Schneider angesagt; an announcement counts whether or not it is reached, and the game is lost
if it is not. Null has fixed values (and, by a house rule, a Grand ouvert its own base value). A game whose value does not reach the bid is lost
(überreizt), worth the lowest multiple of its base value reaching the bid. A lost game counts
`lost.factor` (2) times its value, negative. Eingepasst is worth 0. Pure: no store, no UI."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.games.skat.hand import GAME_NAMES, SkatHand, SkatRefused
from scorepad.games.skat.ramsch import is_ramsch_key_set
from scorepad.games.skat.rules import SkatRules


@dataclass(slots=True)
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


@dataclass(slots=True)
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
    doubled: int = 1  # house rule: Kontra and Re, each doubling the entry

    @property
    def eingepasst(self) -> bool:
        return self.hand.eingepasst


def check(hand: SkatHand, rules: SkatRules) -> None:
    """SkatRefused naming in German what is wrong with the game as entered (its code, the key).
    A Ramsch is checked by ramsch.py, with who plays it."""
    if hand.ramsch or hand.ramsch_augen is not None or hand.jungfrauen or hand.durchmarsch is not None \
            or hand.geschoben or hand.loser is not None:  # one test per game (replay speed)
        if hand.ramsch:
            raise SkatRefused("skat_ramsch_players", "ramsch")
        raise SkatRefused("skat_ramsch_keys", str(is_ramsch_key_set(hand)))
    if hand.eingepasst:
        if hand.declarer is not None or hand.game is not None or hand.kontra or hand.re:
            raise SkatRefused("skat_eingepasst_alone", "eingepasst")
        return
    if hand.kontra or hand.re:
        if not rules.kontra_re.enabled:
            raise SkatRefused("skat_kontra_off", "kontra" if hand.kontra else "re")
        if not hand.kontra:
            raise SkatRefused("skat_re_without_kontra", "re")
    if not hand.declarer:
        raise SkatRefused("skat_declarer_missing", "declarer")
    if hand.game is None:
        raise SkatRefused("skat_game_missing", "game")
    name = GAME_NAMES[hand.game]
    most = rules.spitzen.grand if hand.game == "grand" else rules.spitzen.suit
    if hand.game != "null" and hand.spitzen is None:
        raise SkatRefused("skat_spitzen_missing", "spitzen", game=name, most=most)
    if hand.augen is None and hand.won is None:
        raise SkatRefused("skat_result_missing", "won")
    if hand.augen is not None and hand.won is not None:
        raise SkatRefused("skat_result_both", "won")
    if hand.reizwert is not None and hand.reizwert not in bid_values(rules):
        raise SkatRefused("skat_bid_unknown", "reizwert", bid=hand.reizwert)
    if hand.augen is not None and not 0 <= hand.augen <= rules.augen.total:
        raise SkatRefused("skat_augen_range", "augen", augen=hand.augen, total=rules.augen.total)
    if (hand.schneider_angesagt or hand.schwarz_angesagt) and not (hand.hand or hand.ouvert
                                                                    or rules.announce_without_hand):
        raise SkatRefused("skat_announce_hand", "schneider_angesagt" if hand.schneider_angesagt else "schwarz_angesagt")
    if hand.game == "null":
        if hand.spitzen is not None:
            raise SkatRefused("skat_null_spitzen", "spitzen")
        if hand.schneider_angesagt or hand.schwarz_angesagt or hand.schneider:
            raise SkatRefused("skat_null_schneider", "schneider")
        if hand.augen is not None:
            raise SkatRefused("skat_null_augen", "augen")
        if hand.schwarz:
            raise SkatRefused("skat_null_schwarz", "schwarz")
        value = null_value(hand, rules)
        if hand.reizwert is not None and hand.reizwert > value:
            raise SkatRefused("skat_null_bid", "reizwert", game=null_name(hand), value=value, bid=hand.reizwert)
        return
    assert hand.spitzen is not None
    if not 1 <= hand.spitzen <= most:
        raise SkatRefused("skat_spitzen_range", "spitzen", game=name, most=most, got=hand.spitzen)
    if hand.augen is not None:
        if hand.schneider:
            raise SkatRefused("skat_schneider_from_augen", "schneider")
        if hand.schwarz and hand.augen not in (0, rules.augen.total):
            raise SkatRefused("skat_schwarz_augen", "schwarz", total=rules.augen.total, augen=hand.augen)


def bid_values(rules: SkatRules) -> frozenset[int]:
    """Every value a game can have, the Reizwerte (the table's, made once)."""
    return rules.reizwerte


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


def lost_factor(hand: SkatHand, rules: SkatRules) -> int:
    """How many times a lost game counts: `lost.factor`, a Hand game `lost.hand` (ouvert is Hand;
    Null ouvert is Hand only when played so)."""
    hand_game = hand.hand or (hand.ouvert and hand.game != "null")
    return rules.lost.hand if hand_game else rules.lost.factor


def score(hand: SkatHand, rules: SkatRules) -> Scored:
    """The game scored per ISkO (SkatRefused when it cannot be)."""
    check(hand, rules)
    factor = lost_factor(hand, rules)
    if hand.eingepasst:
        return Scored(hand, 0, True, False, None, 0, 0, 0)
    assert hand.game is not None
    if hand.game == "null":
        value = null_value(hand, rules)
        won = bool(hand.won)
        doubled = doubling(hand, rules)
        return Scored(hand, value, won, False, None, value, value, (value if won else -factor * value) * doubled, doubled)
    base = rules.base_value(hand.game, hand.ouvert)
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
    if hand.reizwert is not None and reached < hand.reizwert:
        overbid, won = True, False
        value = -(-hand.reizwert // base) * base  # the lowest multiple of the base value reaching the bid
    doubled = doubling(hand, rules)
    return Scored(hand, value, won, overbid, levels, base, reached, (value if won else -factor * value) * doubled,
                  doubled)


def doubling(hand: SkatHand, rules: SkatRules) -> int:
    """What Kontra and Re multiply the entry by (house rule; 1 without)."""
    if not hand.kontra:
        return 1
    return int(rules.kontra_re.factor ** (1 + hand.re))
