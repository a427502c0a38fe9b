"""Doppelkopf in words: the line describing a game, what it is worth line by line, what comes next."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import SEP
from scorepad.games.base import HandResult
from scorepad.games.doppelkopf.rules import DoppelkopfTable
from scorepad.games.family import CardLook, TableEntry
from scorepad.games.look import plain_look

PASSED = "Neu gegeben"
PARTY = {"re": "Re", "kontra": "Kontra"}


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def call_words(call: str) -> str:
    """A call as said at the table: "Re", "Kontra", "keine 90", "schwarz"."""
    return PARTY.get(call, call)


def said_words(party: str, call: str) -> str:
    """What a party said, as a line says it: "Re angesagt", "Kontra: keine 90"."""
    return f"{PARTY[party]} angesagt" if call == party else f"{PARTY[party]}: {call_words(call)}"


def item_words(table: DoppelkopfTable, what: str) -> str:
    """One line of the game points (points.game_items) or a Sonderpunkt, as the list says it."""
    if what in table.sonderpunkte:
        return table.sonderpunkte[what].name
    if what == "gewonnen":
        return "gewonnen"
    if what == "bock":  # house rule bock.points: Bock as points for the winners
        return "Bock"
    if what == "schwarz":
        return "schwarz gespielt"
    if what.startswith("unter_"):
        return f"unter {what.removeprefix('unter_')} gespielt"
    if what.startswith("erreicht_"):
        return f"{what.removeprefix('erreicht_')} erreicht"
    party, _, rest = what.partition("_")
    if rest == "angesagt":
        return f"{PARTY[party]} angesagt"
    return f"{PARTY[party]} {rest.replace('_', ' ')} abgesagt"


def getter(result: HandResult) -> str | None:
    """The party the game's points go to ("re", "kontra"; None: nobody gets any): the winner,
    unless the other party's Sonderpunkte outweigh the game points (TSR 7.2.3)."""
    value = result.info.get("value", 0)
    return "re" if value > 0 else "kontra" if value < 0 else None


def outcome_words(result: HandResult) -> str:
    """Who won the game, and where the points went when not to the winner: "Re gewinnt",
    "Re gewinnt, Punkte für Kontra", "keiner gewinnt, keine Punkte"."""
    won, gets = result.info.get("winner"), getter(result)
    said = f"{PARTY[won]} gewinnt" if won else "keiner gewinnt"
    if gets is None:
        return f"{said}, keine Punkte"
    return said if gets == won else f"{said}, Punkte für {PARTY[gets]}"


BOCKRUNDE = "Bockrunde ausgerufen"  # a hand {"bockrunde": true}: the table called a Bock round


def describe(table: DoppelkopfTable, hand: dict[str, Any], result: HandResult | None) -> str:
    if hand.get("bockrunde"):
        return BOCKRUNDE
    gtype = table.contracts.get(hand.get("game"))  # type: ignore[arg-type]
    re = list(hand.get("re") or [])
    parts = [f"{gtype.name if gtype else hand.get('game')} {_names(re) if re else ''}".strip()]
    if hand.get("all_tricks"):
        parts.append(f"{PARTY.get(hand['all_tricks'], hand['all_tricks'])} alle Stiche")
    elif hand.get("augen") is not None:
        parts.append(f"Re {fmt.counted(hand['augen'], 'Augen')}")
    for party, level in (hand.get("levels") or {}).items():  # a game entered by result
        parts.append(f"{PARTY.get(party, party)} {level}" if level.startswith(("keine", "schwarz"))
                     else f"{level}:{level}")
    for party in ("re", "kontra"):
        if hand.get(f"{party}_call"):
            parts.append(said_words(party, hand[f"{party}_call"]))
    if result is not None:
        parts.append(outcome_words(result))
    elif hand.get("winner"):
        parts.append(f"{PARTY[hand['winner']]} gewinnt" if hand["winner"] in PARTY else "keiner gewinnt")
    for party, counts in (hand.get("sonderpunkte") or {}).items():
        said = [f"{item_words(table, sid)}{f' ×{n}' if n > 1 else ''}" for sid, n in counts.items() if n]
        if said:
            parts.append(f"{PARTY.get(party, party)}: {', '.join(said)}")
    return SEP.join(parts)


def _points(n: int) -> str:
    return f"{n} {'Punkt' if abs(n) == 1 else 'Punkte'}"


def _calls(table: DoppelkopfTable, hand: dict[str, Any]) -> int:
    """How many Ansagen and Absagen the hand made (each doubles the value under `doubling`)."""
    names = table.call_names()
    return sum(names[party].index(hand[f"{party}_call"]) + 1 for party in PARTY
               if hand.get(f"{party}_call") in names[party])


def value_words(table: DoppelkopfTable, result: HandResult, hand: dict[str, Any] | None = None) -> str:
    """What a game gives, in words that add up on screen: who won, each line with its points
    from the side of the party that gets them (the other party's lines with a minus and its
    name), each factor with its reason, then each player's share: "Kontra gewinnt: gewonnen +1,
    unter 90 gespielt +1, Karlchen (Re) -1, Fuchs gefangen +1 = 2 Punkte × 2 (Bock) = 4 Punkte;
    Vroni & Wast je +4, Hias & Kathi je -4". A lost solo is Kontra's win "gegen" the soloist."""
    info = result.info
    if info.get("bockrunde"):
        return f"{BOCKRUNDE}: die nächsten Spiele zählen Bock"
    won, gets = info.get("winner"), getter(result)
    side = gets or won or "re"
    soloist = info.get("solo")
    if won == "re" and soloist:
        head = f"{soloist} gewinnt"
    elif won == "kontra" and soloist:
        head = f"Kontra gewinnt gegen {soloist}"
    elif won:
        head = f"{PARTY[won]} gewinnt"
    else:
        head = "Keiner gewinnt"
    if gets is None:
        head += ", keine Punkte"
    elif gets != won:
        head += f", Punkte für {PARTY[gets]}"

    def line(item: Any) -> tuple[str, int]:
        party, what, points = item
        own = party == side
        words = item_words(table, what) + ("" if own else f" ({PARTY[party]})")
        # (a line and its points stay on one line of the screen: no break before the sign)
        return f"{words}\u00a0{fmt.signed(points if own else -points)}", points if own else -points

    items = list(info.get("items", []))
    extras = [line(item) for item in items if item[1] in table.sonderpunkte]
    bock_points = [line(item) for item in items if item[1] == "bock"]
    game = [line(item) for item in items if item[1] not in table.sonderpunkte and item[1] != "bock"]
    text, run = ", ".join(words for words, _ in game) or "nichts", sum(points for _, points in game)
    factors: list[tuple[int, str]] = []
    calls = _calls(table, hand or {}) if table.game_points.doubling else 0
    if calls:
        factors.append((2 ** calls, f"{calls} {'Ansage' if calls == 1 else 'An- und Absagen'}"))
    if soloist and table.solo_factor > 1:
        factors.append((table.solo_factor, "Solo"))
    for factor, why in factors:  # these double the game points, before the Sonderpunkte
        text += f" = {_points(run)} × {factor} ({why})"
        run *= factor
    if extras:
        text += (f" = {_points(run)}, " if factors else ", ") + ", ".join(words for words, _ in extras)
        run += sum(points for _, points in extras)
    if bock_points:  # house rule bock.points: added for the winners, no factor
        text += f" = {_points(run)}, " + ", ".join(words for words, _ in bock_points)
        run += sum(points for _, points in bock_points)
    elif info.get("bock") and not table.bock.points:
        factor = table.bock.factor ** info["bock"]
        text += f" = {_points(run)} × {factor} (Bock)"
        run *= factor
    text = f"{head}: {text} = {_points(run)}"
    by_amount: dict[int, list[str]] = {}
    for player, row in result.deltas.items():
        if row.get("punkte") or player in info.get("re_party", []) or player in info.get("kontra_party", []):
            by_amount.setdefault(row.get("punkte", 0), []).append(player)
    shares = [f"{_names(names)}{' je' if len(names) > 1 else ''} {fmt.signed(amount)}"
              for amount, names in sorted(by_amount.items(), reverse=True)]
    return text + "; " + ", ".join(shares) if shares else text


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: DoppelkopfTable) -> str:
    parts = [f"Geber {state.get('next_dealer', '')}"]
    bock = state.get("bock") or []
    if bock:
        parts.append(f"Bock: noch {len(bock)} {'Spiel' if len(bock) == 1 else 'Spiele'}")
    if state.get("vorgefuehrt"):
        parts.append(f"{state['vorgefuehrt']} wird vorgeführt")
    elif state.get("pflichtsolo_owed"):
        parts.append(f"Pflichtsolo offen: {', '.join(state['pflichtsolo_owed'])}")
    if table.round_games and "round_played" in state:
        parts.append(f"Spiel {state['round_played'] + 1} von {table.round_games}")
    return SEP.join(parts)


def card_look(table: DoppelkopfTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def preview(table: DoppelkopfTable, hand: dict[str, Any], result: HandResult) -> str:
    """The hand screen's line: what the game gives, line by line (`value_words`)."""
    return value_words(table, result, hand)


def table_entries(table: DoppelkopfTable) -> list[TableEntry]:
    """A Bock round the table calls (house rule `bock.called`): the table screen's "Bockrunde"."""
    if table.bock.enabled and table.bock.called:
        return [TableEntry("Bockrunde", {"bockrunde": True}, "call-bockrunde")]
    return []


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"
