"""The Kontra chain (Kontra, Re, ... / Huftritt, Gegenhuftritt): who may say it, what it doubles."""

from __future__ import annotations

from typing import Any

from scorepad.errors import HandError


def chain_said(number: int, hand, table) -> dict[str, Any]:
    """The chain links a hand names (its extra keys); any other unknown key is refused."""
    if not hand.model_extra:
        return {}
    keys = {step.key for step in table.kontra_chain}
    extras = dict(hand.model_extra)
    for key in extras:
        if key not in keys:
            raise HandError(number, key, "is not a known key here")
    return extras


def check_chain(number: int, table, said: dict[str, Any], player_party: set[str], opponents: set[str],
                players: tuple[str, ...], allowed: bool = True, game_name: str = "") -> tuple[int, list[str | None]]:
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
            raise HandError(number, step.key, f"a {game_name} knows no {step.name}")
        if not isinstance(who, str) or who not in players:
            raise HandError(number, step.key, f"{who!r} is not a player of this evening ({', '.join(players)})")
        if not previous_said:
            raise HandError(number, step.key, f"{step.name} only comes after a {previous_name}")
        side = opponents if step.by == "opponents" else player_party
        if who not in side:
            whom = "an opponent" if step.by == "opponents" else "the player party"
            raise HandError(number, step.key, f"{step.name} comes from {whom}, not from {who}")
        factor *= step.factor
        sayers.append(who)
        previous_name = step.name
    return factor, sayers
