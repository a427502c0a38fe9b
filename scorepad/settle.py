"""Settling up: each player's balance from the engine, and the fewest transfers that clear it."""

from __future__ import annotations

from scorepad.games import family_of
from scorepad.games.base import Replay
from scorepad.tables import RuleTable


def balances(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
    """Cents each player is up (+) or down (-) at the end of the evening; sums to zero."""
    return family_of(table).game.money(table, result, settle_open)


def transfers(balance: dict[str, int]) -> list[tuple[str, str, int]]:
    """The fewest payments (payer, payee, cents) that bring every balance to zero.

    Players split into as many groups as possible that settle among themselves (sum zero);
    a group of k needs k - 1 payments, so more groups means fewer payments. Within a group
    the biggest debtor pays the biggest creditor. At most (players - 1) payments."""
    if sum(balance.values()) != 0:
        raise ValueError(f"balances do not sum to zero: {balance}")
    open_ = [p for p in balance if balance[p]]
    out: list[tuple[str, str, int]] = []
    for group in _zero_sum_groups(open_, balance):
        out.extend(_settle_group(group, balance))
    return out


def _zero_sum_groups(players: list[str], balance: dict[str, int]) -> list[list[str]]:
    """Partition into the most zero-sum groups (exact for up to 12 players, else one group)."""
    if len(players) > 12:
        return [players] if players else []
    n = len(players)
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + balance[players[low]]
    best: dict[int, tuple[int, int]] = {0: (0, 0)}  # zero-sum mask -> (groups, first group)

    def solve(mask: int) -> int:
        if mask in best:
            return best[mask][0]
        low = mask & -mask
        top, choice = 0, mask
        sub = mask
        while sub:  # every zero-sum part holding the lowest player
            if sub & low and sums[sub] == 0 and (sub == mask or sums[mask ^ sub] == 0):
                count = 1 + (solve(mask ^ sub) if sub != mask else 0)
                if count > top or (count == top and sub < choice):
                    top, choice = count, sub
            sub = (sub - 1) & mask
        best[mask] = (top, choice)
        return top

    full = (1 << n) - 1
    groups = []
    if full:
        solve(full)
    mask = full
    while mask:
        part = best[mask][1]
        groups.append([players[i] for i in range(n) if part >> i & 1])
        mask ^= part
    return groups


def _settle_group(group: list[str], balance: dict[str, int]) -> list[tuple[str, str, int]]:
    left = {p: balance[p] for p in group}
    order = {p: i for i, p in enumerate(group)}
    out = []
    while any(left.values()):
        payer = min(left, key=lambda p: (left[p], order[p]))
        payee = max(left, key=lambda p: (left[p], -order[p]))
        amount = min(-left[payer], left[payee])
        out.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return out


__all__ = ["balances", "transfers"]
