"""What a Schafkopf hand looks up in its table, worked out once per table (`TableFacts`, the
table's `facts`), and the outcomes and Laufende it is made of, which scoring asks too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from scorepad.games.kontra import chain_keys
from scorepad.games.schafkopf.hand import RAMSCH, Result

if TYPE_CHECKING:
    from scorepad.games.schafkopf.rules import SchafkopfContract, SchafkopfTable, SchafkopfThresholds

RESULTS: tuple[Result, ...] = get_args(Result)


def result_outcome(result: str) -> tuple[bool, bool, bool]:
    """(won, schneider, schwarz) of a stated result ("won_schneider")."""
    won = result.startswith("won")
    schwarz = result.endswith("schwarz")
    return won, schwarz or result.endswith("schneider"), schwarz


def augen_outcome(t: SchafkopfTable, augen: int, schwarz: bool,
                  th: SchafkopfThresholds | None = None) -> tuple[bool, bool, bool]:
    """(won, schneider, schwarz) of the player party's Augen (`schwarz`: a party took every
    trick), by the thresholds `th` (a game's own) or the table's."""
    th = th or t.thresholds
    won = augen >= th.player_wins
    if won:
        return won, schwarz or t.deck.total - augen < th.opponents_free, schwarz
    return won, schwarz or augen < th.player_free, schwarz


def laufende_points(t: SchafkopfTable, contract: SchafkopfContract, laufende: int) -> int:
    """What `laufende` (a count the contract can have) add before doubling: from
    `laufende_from` up to `laufende_max`; with `counted_for` "player", only the player
    party's ("mit")."""
    if not t.laufende.enabled or abs(laufende) < contract.laufende_from:
        return 0
    if laufende < 0 and t.laufende.counted_for == "player":
        return 0
    counted = min(abs(laufende), contract.laufende_max or contract.trump_count)
    return counted * t.laufende.value


class TableFacts:
    """What a hand looks up in the table, worked out once (a table never changes), each as the
    checks in `Schafkopf.play` would find it: the playable contracts; the outcome
    (won, schneider, schwarz) of every stated result and of every Augen total a hand can have
    (without `all_tricks`); what each count of Laufende a contract can have adds (None: no
    Laufende entered). A lookup that misses leaves the hand to the checks, which refuse it
    naming the key. Made once per table (the table's `facts`), never changed: every game of the
    table and every copy of a game shares it."""

    __slots__ = ("playable", "outcomes", "own_outcomes", "laufende", "chain_length", "chain_keys", "bock", "ramsch_is_no_contract")

    def __init__(self, t: SchafkopfTable) -> None:
        self.playable = {cid: c for cid, c in t.contracts.items() if c.enabled}
        total, possible = t.deck.total, t.deck.possible_totals
        def outcomes_by(th: SchafkopfThresholds | None) -> dict[str | int | None, tuple[bool, bool, bool]]:
            outcomes: dict[str | int | None, tuple[bool, bool, bool]] = {r: result_outcome(r) for r in RESULTS}
            for augen in range(total + 1):
                if augen in possible and total - augen in possible:
                    outcomes[augen] = augen_outcome(t, augen, False, th)
            return outcomes
        self.outcomes = outcomes_by(None)
        # the games with thresholds of their own (a Muss-Spiel won with 60)
        self.own_outcomes = {cid: outcomes_by(c.thresholds) for cid, c in self.playable.items()
                             if c.thresholds is not None}
        self.laufende: dict[str, dict[int | None, int]] = {}
        for cid, c in self.playable.items():
            counts: dict[int | None, int] = {n: laufende_points(t, c, n)
                                             for n in range(-c.trump_count, c.trump_count + 1)}
            self.laufende[cid] = {None: counts[0], **counts}
        self.chain_length = len(t.kontra_chain)
        self.chain_keys = chain_keys(t)
        self.bock = t.bock.enabled
        self.ramsch_is_no_contract = RAMSCH not in t.contracts

    def __deepcopy__(self, memo: dict[int, Any]) -> TableFacts:
        return self
