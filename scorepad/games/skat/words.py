"""Skat in words: the lines that made a game's points ("Kreuz mit 2, Hand: 4 × 12 = 48"),
for replay, history and the form's preview; the line of a game in the lists; what comes next.
German only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad import fmt
from scorepad.describe import SEP, change_words
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.skat.hand import GAME_NAMES, SkatHand, said_kontra
from scorepad.games.skat.lists import points_of
from scorepad.games.skat.paper import list_cells as list_cells
from scorepad.games.skat.paper import list_columns as list_columns
from scorepad.games.skat.paper import list_foot as list_foot
from scorepad.games.skat.ramsch import RamschScored, score_ramsch
from scorepad.games.skat.rules import ListKind, SkatRules
from scorepad.games.skat.value import Scored, lost_factor, null_name, score

if TYPE_CHECKING:
    from scorepad.games.base import HandResult


def signed(points: int) -> str:
    """"+48", "-96", "0": minus written "-", as every game's preview writes it."""
    return f"+{points}" if points > 0 else str(points)


def game_words(scored: Scored) -> str:
    """"Kreuz mit 2, Hand, Schneider angesagt" / "Null ouvert Hand" / "eingepasst"."""
    hand = scored.hand
    if scored.eingepasst:
        return "eingepasst"
    assert hand.game is not None
    if hand.game == "null":
        return null_name(hand)
    marks = [f"{GAME_NAMES[hand.game]} {'mit' if hand.mit else 'ohne'} {hand.spitzen}"]
    if hand.ouvert:
        marks.append("ouvert")
    elif hand.hand:
        marks.append("Hand")
    levels = scored.levels
    assert levels is not None
    if not hand.ouvert:
        if levels.schwarz_angesagt:
            marks.append("Schwarz angesagt")
        elif levels.schneider_angesagt:
            marks.append("Schneider angesagt")
    if levels.schwarz and not levels.schwarz_angesagt:
        marks.append("Schwarz")
    elif levels.schneider and not levels.schneider_angesagt and not levels.schwarz:
        marks.append("Schneider")
    return ", ".join(marks)


def names(players: list[str] | tuple[str, ...]) -> str:
    """"Anna", "Anna und Ben", "Anna, Ben und Cem"."""
    return players[0] if len(players) == 1 else f"{', '.join(players[:-1])} und {players[-1]}"


def ramsch_lines(scored: RamschScored, rules: SkatRules) -> list[str]:
    """A Ramsch (house rule) in words: "Ramsch: Anna verliert 58 Augen, Jungfrau (Cem): × 2 = -116";
    "Ramsch: Durchmarsch Ben: +120"; a push "geschoben 1-mal: × 2"."""
    hand = scored.hand
    factors = []
    if scored.jungfrau > 1:
        factors.append(f"Jungfrau ({names(hand.jungfrauen or [])}): × {scored.jungfrau}")
    if scored.pushed > 1:
        factors.append(f"geschoben {hand.geschoben}-mal: × {scored.pushed}")
    if scored.durchmarsch is not None:
        said = f"Ramsch: Durchmarsch {scored.durchmarsch}" + (f" {signed(scored.amount)}" if factors else "")
    else:
        losers = list(scored.losers)
        verb = "verliert" if len(losers) == 1 else "verlieren je"
        if rules.ramsch.value == "augen":
            said = f"Ramsch: {names(losers)} {verb} {scored.augen} Augen"
        else:
            said = f"Ramsch: {names(losers)} mit {scored.augen} Augen {verb} den Grand {scored.amount}"
        if hand.loser is not None:
            said += " (gleich viele Augen, der Tisch entscheidet)"
    if not factors:
        return [f"{said}: {signed(scored.entry)}"]
    return [", ".join([said, *factors]) + f" = {signed(scored.entry)}"]


def value_lines(scored: Scored | RamschScored, rules: SkatRules) -> list[str]:
    """The lines that made the game's points, in German."""
    if isinstance(scored, RamschScored):
        return ramsch_lines(scored, rules)
    if scored.eingepasst:
        return ["eingepasst: 0"]
    hand = scored.hand
    first = game_words(scored)
    if scored.levels is None:  # Null
        lines = [f"{first}: {scored.value}"]
    else:
        lines = [f"{first}: {scored.levels.factor} × {scored.base} = {scored.reached}"]
    if scored.overbid:
        lines.append(f"überreizt (gereizt {hand.reizwert}): {scored.value // scored.base} × {scored.base} = {scored.value}")
    doubled = f" × {scored.doubled}" if scored.doubled > 1 else ""
    if scored.doubled > 1:
        lines.append(f"{said_kontra(hand.re)}: × {scored.doubled}")
    if scored.won:
        lines.append(f"gewonnen: {scored.value}{doubled} = {signed(scored.entry)}" if doubled
                     else f"gewonnen: {signed(scored.entry)}")
    else:
        lines.append(f"verloren: -{lost_factor(hand, rules)} × {scored.value}{doubled} = {signed(scored.entry)}")
    return lines


# --- the family's words (scorepad.games.family.Words) ----------------------------------------

PASSED = "Eingepasst"  # all three passed: a game worth 0, the next deals
PASSED_COUNTED = "eingepasst"  # the evening's summary: "2 eingepasst"
RAMSCH = "Ramsch"  # house rule: all passed and everyone played alone
LIST_NAMES = {"classic": "klassische Liste", "seeger_fabian": "Seeger-Fabian-Liste"}


def game_label(hand: dict[str, Any]) -> str:
    """The game as the list writes it, from the hand's keys: "Kreuz mit 2 Hand", "Grand ohne 1
    ouvert", "Null ouvert Hand"."""
    game = hand.get("game")
    name = GAME_NAMES.get(str(game), str(game))
    if game == "null":
        return " ".join(["Null"] + (["ouvert"] if hand.get("ouvert") else []) + (["Hand"] if hand.get("hand") else []))
    words = [name]
    if hand.get("spitzen") is not None:
        words.append(f"{'ohne' if hand.get('mit') is False else 'mit'} {hand['spitzen']}")
    if hand.get("ouvert"):
        words.append("ouvert")
    elif hand.get("hand"):
        words.append("Hand")
    return " ".join(words)


def result_words(table: SkatRules, hand: dict[str, Any], won: bool | None) -> str | None:
    """"gewonnen", "verloren", with Schneider or Schwarz when reached or entered."""
    if won is None:
        return None
    said = "gewonnen" if won else "verloren"
    if hand.get("schwarz"):
        return f"{said} Schwarz"
    augen, limit, total = hand.get("augen"), table.augen.schneider, table.augen.total
    if hand.get("schneider") or (augen is not None and (augen <= limit or total - augen <= limit)):
        return f"{said} Schneider"
    return said


def describe(table: SkatRules, hand: dict[str, Any], result: HandResult | None) -> str:
    """One line per game: "Kreuz mit 2 Hand Ben · 70 Augen · gewonnen"; "überreizt" where the
    value did not reach the bid."""
    if hand.get("eingepasst"):
        return PASSED
    if hand.get("ramsch"):
        return ramsch_describe(hand, result)
    parts = [f"{game_label(hand)} {hand.get('declarer') or ''}".strip()]
    if hand.get("schwarz_angesagt") and not hand.get("ouvert"):
        parts.append("Schwarz angesagt")
    elif hand.get("schneider_angesagt"):
        parts.append("Schneider angesagt")
    if hand.get("kontra"):
        parts.append(said_kontra(bool(hand.get("re"))))
    if hand.get("reizwert") is not None:
        parts.append(f"gereizt {hand['reizwert']}")
    if hand.get("augen") is not None:
        parts.append(fmt.counted(hand["augen"], "Augen"))
    if result is not None and "won" in result.info:
        said = result_words(table, hand, bool(result.info["won"]))
    else:
        said = result_words(table, hand, hand.get("won"))
    if said:
        parts.append(said)
    if result is not None and result.info.get("overbid"):
        parts.append("überreizt")
    if result is not None and result.info.get("bock"):
        parts.append("Bock")
    return SEP.join(parts)


def ramsch_describe(hand: dict[str, Any], result: HandResult | None) -> str:
    """"Ramsch · Anna 58, Ben 62, Cem 0 Augen · Jungfrau Cem · 1-mal geschoben · Ben verliert"."""
    parts = [RAMSCH]
    if hand.get("durchmarsch"):
        parts.append(f"Durchmarsch {hand['durchmarsch']}")
    elif isinstance(hand.get("ramsch_augen"), dict):
        parts.append(", ".join(f"{p} {a}" for p, a in hand["ramsch_augen"].items()) + " Augen")
    if hand.get("jungfrauen"):
        parts.append(f"Jungfrau {names(list(hand['jungfrauen']))}")
    if hand.get("geschoben"):
        parts.append(f"{hand['geschoben']}-mal geschoben")
    losers = list(result.info.get("losers") or []) if result is not None else []
    if losers:
        parts.append(f"{names(losers)} {'verliert' if len(losers) == 1 else 'verlieren'}")
    if result is not None and result.info.get("bock"):
        parts.append("Bock")
    return SEP.join(parts)


def ramsch_preview(table: SkatRules, hand: dict[str, Any], result: HandResult) -> str:
    """A Ramsch's line: how its points are made, a Bock round's doubling, Bierlachs's minus only,
    the Seeger-Fabian list's word (no declarer: no Leistungsbewertung), each player's change."""
    info = result.info
    entered = SkatHand.model_validate({k: v for k, v in hand.items() if k != "sitting_out"})
    scored = score_ramsch(entered, table, list(info["in_play"]))
    lines = ramsch_lines(scored, table)
    if info.get("bock"):
        lines.append(f"Bock: {signed(scored.entry)} × {table.bock.factor ** info['bock']} = {signed(info['entry'])}")
    if table.bierlachs.enabled:
        if info.get("durchmarsch"):
            return "; ".join([*lines, "Bierlachs: nur Minuspunkte, der Durchmarsch schreibt nichts"])
        said = "Bierlachs: nur Minuspunkte"
        if info.get("bierlachs"):
            said += f"; {info['bierlachs']} erreicht {signed(-table.bierlachs.limit)} und zahlt die Runde"
        lines.append(said)
    elif table.list_kind == "seeger_fabian":
        lines.append("Seeger-Fabian: ohne Spieler keine Leistungsbewertung")
    return "; ".join([*lines, change_words(result.deltas, ["punkte"], table)])


def preview(table: SkatRules, hand: dict[str, Any], result: HandResult) -> str:
    """The hand screen's line: how the value is made, won or lost, überreizt ("Kreuz mit 2, Hand:
    4 × 12 = 48; gewonnen: +48"), the Seeger-Fabian points where that list is kept, then each
    player's change on the list."""
    info = result.info
    if info.get("eingepasst"):
        return f"{PASSED}: keine Punkte, der Nächste gibt"
    if info.get("ramsch"):
        return ramsch_preview(table, hand, result)
    entered = SkatHand.model_validate({k: v for k, v in hand.items() if k != "sitting_out"})
    scored = score(entered, table)
    lines = value_lines(scored, table)
    if info.get("bock"):  # house rule: a game of a Bock round
        lines.append(f"Bock: {signed(scored.entry)} × {table.bock.factor ** info['bock']} = {signed(info['entry'])}")
    sf = points_of(table, info, list(result.deltas), "seeger_fabian")
    if table.bierlachs.enabled:  # house rule: only minus points, and who reached the limit
        lines.append(bierlachs_words(table, info, result.deltas))
        if info["won"]:  # nothing written: no change to say
            return "; ".join(lines)
    elif table.list_kind == "seeger_fabian" and sf is not None:
        lines.append(seeger_fabian_words(table, info, sf))
    return "; ".join([*lines, change_words(result.deltas, ["punkte"], table)])


def bierlachs_words(table: SkatRules, info: dict[str, Any], deltas: dict[str, dict[str, int]]) -> str:
    """"Bierlachs: nur Minuspunkte, gewonnen schreibt nichts"; a lost game at Seeger-Fabian with
    its - 50; "Ben erreicht -500 und zahlt die Runde" on the game that reached the limit."""
    player = info["player"]
    said = "Bierlachs: nur Minuspunkte"
    if info["won"]:
        said += ", gewonnen schreibt nichts"
    elif table.list_kind == "seeger_fabian":
        said += (f", Seeger-Fabian {signed(int(info['entry']))} - {table.seeger_fabian.lost} = "
                 f"{signed(deltas[player]['punkte'])}")
    if info.get("bierlachs"):
        said += f"; {player} erreicht {signed(-table.bierlachs.limit)} und zahlt die Runde"
    return said


def seeger_fabian_words(table: SkatRules, info: dict[str, Any], sf: dict[str, int]) -> str:
    """The Leistungsbewertung added: "Seeger-Fabian: +48 + 50 = +98" or "-96 - 50 = -146, die
    anderen je +40"."""
    entry, player = int(info["entry"]), info["player"]
    if info["won"]:
        return f"Seeger-Fabian: {signed(entry)} + {table.seeger_fabian.won} = {signed(sf[player])}"
    bonus = next((v for p, v in sf.items() if p != player), 0)
    return (f"Seeger-Fabian: {signed(entry)} - {table.seeger_fabian.lost} = {signed(sf[player])}, "
            f"die anderen je {signed(bonus)}")


def replay_lines(table: SkatRules, hand: dict[str, Any], result: HandResult) -> list[str]:
    """For `scorepad replay --lines`: each player's points on the list the evening does not keep
    ("Seeger-Fabian-Liste: Anna +40, Ben -90, Cem +40"; "klassische Liste: Ben -40"), so a game
    can be checked on both lists from outside."""
    other: ListKind = "classic" if table.list_kind == "seeger_fabian" else "seeger_fabian"
    points = points_of(table, result.info, list(result.deltas), other)
    if points is None:
        return [f"{LIST_NAMES[other]}: kennt keinen Tisch zu {len(result.deltas)}"]
    return [f"{LIST_NAMES[other]}: " + ", ".join(f"{p} {fmt.signed(v)}" for p, v in points.items())]


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: SkatRules) -> str:
    parts = [f"Geber {state.get('next_dealer', '')}", LIST_NAMES[table.list_kind]]
    bock = state.get("bock") or []
    if bock:
        parts.append(f"Bock: noch {len(bock)} {'Spiel' if len(bock) == 1 else 'Spiele'}")
    if table.bierlachs.enabled:  # house rule: who pays the round, once someone reached the limit
        payer = state.get("bierlachs")
        parts.append(f"Bierlachs: {payer} zahlt die Runde" if payer
                     else f"Bierlachs bis {signed(-table.bierlachs.limit)}")
    return SEP.join(parts)


def card_look(table: SkatRules, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"
