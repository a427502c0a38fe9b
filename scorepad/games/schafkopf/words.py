"""Schafkopf in words: the line describing a hand, the line about what comes next, the cards."""

from __future__ import annotations

from typing import Any

from scorepad import fmt
from scorepad.describe import SEP, Reckoning, reckoning_line, trick_game_words
from scorepad.games.base import HandResult
from scorepad.games.family import CardLook
from scorepad.games.look import plain_look
from scorepad.games.schafkopf.facts import laufende_points
from scorepad.games.schafkopf.hand import RAMSCH
from scorepad.games.schafkopf.rules import SchafkopfContract, SchafkopfTable
from scorepad.games.schafkopf.sheet import ramsch_loser

PASSED = "Zamgschmissen"


def describe(table: SchafkopfTable, hand: dict[str, Any], result: HandResult | None) -> str:
    if hand.get("game") == RAMSCH:
        if hand.get("durchmarsch"):
            return f"Ramsch{SEP}Durchmarsch {hand['durchmarsch']}"
        loser = result.info.get("loser") if result is not None else hand.get("loser")
        jf = hand.get("jungfrauen") or []
        if not loser:
            return "Ramsch"
        return f"Ramsch{SEP}{ramsch_loser(table)}: {loser}" + (f"{SEP}Jungfrau: {', '.join(jf)}" if jf else "")
    return SEP.join(trick_game_words(table, hand, result))


def context_line(state: dict[str, Any], standings: dict[str, dict[str, int]], table: SchafkopfTable) -> str:
    dealer = state.get("next_dealer", "")
    line = f"Geber {dealer}"
    seats = list(standings)  # the players in seating order, clockwise
    if dealer in seats:
        line += f" · raus kommt {seats[(seats.index(dealer) + 1) % len(seats)]}"
    if state.get("stock"):
        stock = state["stock"]
        line += f" · im Stock {fmt.money(stock) if table.tally == 'geld' else fmt.counted(stock, 'Punkte')}"
    if state.get("bock"):
        line += f" · Bock ×{state['bock_factor']}: noch {fmt.counted(max(state['bock']), 'Spiele')}"
    return line


def card_look(table: SchafkopfTable, player: str, row: dict[str, int], state: dict[str, Any]) -> CardLook:
    return plain_look(table, player, row, state)


def next_label(state: dict[str, Any], draft: dict[str, Any] | None) -> str:
    return "Nächstes Spiel"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def _laufende_item(t: SchafkopfTable, contract: SchafkopfContract, n: int | None) -> list[tuple[str, int]]:
    """The Laufende's line ("Laufende mit 3 (3 × 0,10 €)"), as `laufende_points` counts them."""
    points = laufende_points(t, contract, n or 0) if n else 0
    if not points:
        return []
    counted = points // t.laufende.value
    each = fmt.money(t.laufende.value) if t.tally == "geld" else str(t.laufende.value)
    return [(f"Laufende {'mit' if n and n > 0 else 'ohne'} {abs(n or 0)} ({counted} × {each})", points)]


def _factors(t: SchafkopfTable, hand: dict[str, Any], info: dict[str, Any]) -> list[tuple[int, str]]:
    """What multiplies a hand after its value: each link of the Kontra chain said (Kontra,
    Re, ...), each knock (Klopfen), the Bock rounds it was played in."""
    out = [(step.factor, f"{step.name} {who}") for step, who in zip(t.kontra_chain, info.get("kontra") or [])
           if who is not None and step.factor != 1]
    if hand.get("klopfer") and t.klopfen.factor != 1:
        out.append((t.klopfen.factor ** hand["klopfer"], f"{hand['klopfer']}× geklopft"))
    if info.get("bock", 1) != 1:
        out.append((info["bock"], "Bock"))
    return out


def _sie_items(t: SchafkopfTable, contract: SchafkopfContract) -> tuple[list[tuple[str, int]], list[tuple[int, str]]]:
    """A Sie's value as the engine books it (`Schafkopf._sie_value`): the tariff of `tariff_of`
    (won Schwarz, where the table says so), its Laufende, times `tariff_factor`."""
    base = t.contracts[contract.tariff_of or ""]
    items = [(base.name, base.tariff)]
    if contract.tariff_of_value == "schwarz":
        items += [("Schneider", base.schneider), ("Schwarz", base.schwarz)]
    if contract.with_laufende and t.laufende.enabled:
        counted = min(contract.trump_count, base.laufende_max or base.trump_count)
        each = fmt.money(t.laufende.value) if t.tally == "geld" else str(t.laufende.value)
        items.append((f"Laufende ({counted} × {each})", counted * t.laufende.value))
    return items, [(contract.tariff_factor, contract.name)] if contract.tariff_factor != 1 else []


def _ramsch_reckonings(t: SchafkopfTable, hand: dict[str, Any], info: dict[str, Any]) -> list[Reckoning]:
    """A Ramsch: who has most Augen pays each other player the Ramsch's value (each Jungfrau
    doubling it, or only what is paid to her); a Durchmarsch gets it from each other player."""
    factors = _factors(t, hand, info)
    ramsch = t.ramsch
    if info.get("durchmarsch"):
        contract = t.contracts[ramsch.durchmarsch_as]
        items = {"ramsch": [("Ramsch", ramsch.value)], "tariff": [(contract.name, contract.tariff)],
                 "schwarz": [(contract.name, contract.tariff), ("Schneider", contract.schneider),
                             ("Schwarz", contract.schwarz)]}[ramsch.durchmarsch_value]
        return [Reckoning(f"Durchmarsch {info['durchmarsch']}", t.tally, tuple(items), tuple(factors), " von jedem")]
    loser, jungfrauen = info["loser"], info.get("jungfrauen") or []
    head = f"{loser} {ramsch_loser(t)} mit {fmt.counted(info['augen'][loser], 'Augen')}"
    if ramsch.jungfrau_doubles == "all":
        factors += [(ramsch.jungfrau_factor, f"Jungfrau {j}") for j in jungfrauen if ramsch.jungfrau_factor != 1]
        return [Reckoning(head, t.tally, (("Ramsch", ramsch.value),), tuple(factors), " an jeden")]
    out = [Reckoning(head, t.tally, (("Ramsch", ramsch.value),), tuple(factors),
                     " an jeden" if not jungfrauen else " an jeden außer der Jungfrau")]
    out += [Reckoning(f"an die Jungfrau {j}", t.tally, (("Ramsch", ramsch.value),),
                      (*factors, (ramsch.jungfrau_factor, "Jungfrau"))) for j in jungfrauen]
    return out


def reckonings(table: SchafkopfTable, hand: dict[str, Any], result: HandResult) -> list[Reckoning]:
    """What made the hand's value, line by line, read from the table and the engine's result:
    the Grundwert (a suit's own), Schneider, Schwarz, the Laufende, Tout or Sie, then each
    factor (the Kontra chain, Klopfen, Bock). Its total is what each opponent pays (or is
    paid); at a list of plus points only (`writes` "winners"), what each winner writes."""
    info = result.info
    if info.get("passed"):
        if info.get("stock"):
            return [Reckoning("In den Stock", table.tally, (("Einsatz", table.stock.stake),), (), " je Spieler")]
        return []
    if info.get("game") == RAMSCH and RAMSCH not in table.contracts:
        return _ramsch_reckonings(table, hand, info)
    contract = table.contracts[info["game"]]
    party = [p for p in (info.get("player"), info.get("partner")) if p]
    tail = " je Gewinner" if table.writes == "winners" else " je Gegner"
    if contract.kind == "sie":
        sie_items, sie_factors = _sie_items(table, contract)
        return [Reckoning(f"{_names(party)} {contract.name}", table.tally, tuple(sie_items),
                          tuple(sie_factors + _factors(table, hand, info)), tail)]
    won = info.get("won")
    head = f"{_names(party)} {'gewinnt' if len(party) == 1 else 'gewinnen'}" if won else \
        f"{_names(party)} {'verliert' if len(party) == 1 else 'verlieren'}"
    suit: Any = hand.get("suit")
    tariff = contract.suit_tariffs.get(suit, contract.tariff) if contract.suit_tariffs else contract.tariff
    items = [(contract.name if not contract.suit_tariffs else f"{contract.name} ({str(suit).capitalize()})", tariff)]
    factors: list[tuple[int, str]] = []
    if info.get("tout"):
        tout = table.tout
        if tout.bonus:
            items.append(("Tout angesagt", tout.bonus))
        if tout.value == "schwarz":
            items += [("Schneider", contract.schneider), ("Schwarz", contract.schwarz)]
        if tout.factor != 1:
            factors.append((tout.factor, "Tout"))
    else:
        if info.get("schneider") and contract.schneider:
            items.append(("Schneider", contract.schneider))
        if info.get("schwarz") and contract.schwarz:
            items.append(("Schwarz", contract.schwarz))
    items += _laufende_item(table, contract, hand.get("laufende"))  # before the Tout's factor, as booked
    return [Reckoning(head, table.tally, tuple(items), tuple(factors + _factors(table, hand, info)), tail)]


def stock_line(table: SchafkopfTable, info: dict[str, Any]) -> list[str]:
    """What the hand did to the Stock's pot, besides its value: taken, or paid in (doubled)."""
    moved = info.get("stock")
    if not moved or info.get("passed"):
        return []
    amount = fmt.money(abs(moved)) if table.tally == "geld" else fmt.counted(abs(moved), "Punkte")
    party = _names([p for p in (info.get("player"), info.get("partner")) if p])
    return [f"{party} {'nehmen' if info.get('partner') else 'nimmt'} den Stock: {amount}" if moved < 0
            else f"{party} {'zahlen' if info.get('partner') else 'zahlt'} {amount} in den Stock"]


def preview(table: SchafkopfTable, hand: dict[str, Any], result: HandResult) -> str:
    """What made the hand's points (`reckonings`), the Stock, then each player's change: the
    hand screen's line, the history's opened hand and `scorepad replay --lines` say it."""
    return reckoning_line(table, reckonings(table, hand, result), result, stock_line(table, result.info))
