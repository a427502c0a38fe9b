"""The Kontra chain (Kontra, Re, ... / Huftritt, Gegenhuftritt): who may say it, what it doubles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from scorepad.errors import HandError
from scorepad.games.base import HandModel, InPlay
from scorepad.tables import DoublingStep


class ChainTable(Protocol):
    """A rule table with a Kontra chain (Schafkopf's, Saukopf's)."""

    @property
    def kontra_chain(self) -> Sequence[DoublingStep]: ...


def chain_said(number: int, hand: HandModel, table: ChainTable,
               keys: frozenset[str] | None = None) -> dict[str, Any]:
    """The chain links a hand names (its extra keys); any other unknown key is refused. `keys`:
    the chain's keys, when the caller has them worked out already (`chain_keys`)."""
    if not hand.model_extra:
        return {}
    if keys is None:
        keys = chain_keys(table)
    extras = dict(hand.model_extra)
    for key in extras:
        if key not in keys:
            raise HandError(number, key, "unknown_key")
    return extras


def chain_keys(table: ChainTable) -> frozenset[str]:
    """The hand keys of the table's Kontra chain ("kontra", "re", ...)."""
    return frozenset(step.key for step in table.kontra_chain)


def check_chain(number: int, table: ChainTable, said: dict[str, Any], player_party: set[str], opponents: set[str],
                players: InPlay, allowed: bool = True, game_name: str = "") -> tuple[int, list[str | None]]:
    """Validate who said each link; return the factor and the sayer of each link (None if unsaid).

    A link comes from the opponents or the player party, as the table says, and only after
    the link before it was said."""
    if not said:
        return 1, [None] * len(table.kontra_chain)
    factor = 1
    sayers: list[str | None] = []
    previous_said = True
    previous_name = ""
    for step in table.kontra_chain:
        who = said.get(step.key)
        if who is None:
            sayers.append(None)
            previous_said = False
            previous_name = step.name
            continue
        if not allowed:
            raise HandError(number, step.key, "chain_not_allowed", game=game_name, step=step.name)
        if not isinstance(who, str) or who not in players:
            players.sits_out(number, step.key, who)  # seated, but sitting this hand out
            raise HandError(number, step.key, "not_a_player", name=who, players=", ".join(players))
        if not previous_said:
            raise HandError(number, step.key, "chain_order", step=step.name, previous=previous_name)
        side = opponents if step.by == "opponents" else player_party
        if who not in side:
            code = "chain_from_opponent" if step.by == "opponents" else "chain_from_party"
            raise HandError(number, step.key, code, step=step.name, who=who)
        factor *= step.factor
        sayers.append(who)
        previous_name = step.name
    return factor, sayers
