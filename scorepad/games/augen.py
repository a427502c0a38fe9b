"""Augen (card points) of a trick-taking hand: possible totals and which party took every trick."""

from __future__ import annotations

from scorepad.errors import HandError

PLAYER, OPPONENTS = "player", "opponents"


def check_augen(number: int, augen: int, in_play: int, possible: frozenset[int]) -> None:
    """Augen must lie in 0..in_play and be a total some cards can make (no 1, no 119);
    so must the opponents' in_play - augen."""
    if not 0 <= augen <= in_play:
        raise HandError(number, "augen", "out_of_range", max=in_play, value=augen)
    if augen not in possible:
        raise HandError(number, "augen", "augen_impossible", augen=augen)
    if in_play - augen not in possible:
        raise HandError(number, "augen", "augen_impossible_opponents", augen=augen, opponents=in_play - augen)


def check_all_tricks(number: int, all_tricks: str | None, augen: int, in_play: int) -> None:
    """A party that took every trick has every Augen in play; the other has none."""
    if all_tricks == PLAYER and augen != in_play:
        raise HandError(number, "all_tricks", "all_tricks_player", in_play=in_play, augen=augen)
    if all_tricks == OPPONENTS and augen != 0:
        raise HandError(number, "all_tricks", "all_tricks_opponents", augen=augen)
