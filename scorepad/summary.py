"""The evening summary: standings, winner and loser, trophies, who pays whom, statistics per
player and the standings hand by hand. Computed from the engine's replay, never by re-scoring."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from scorepad.games import family_of
from scorepad.games.base import Replay, Seating
from scorepad.games.family import MONEY_TALLY, SUMMARY_STAT_KEYS, Stats
from scorepad.settle import balances, transfers
from scorepad.tables import RuleTable
from scorepad.trophies import trophy_holders


class Model(BaseModel):
    """Base of the summary's models: each validator is built when first used, not on import."""

    model_config = ConfigDict(defer_build=True)


class Transfer(Model):
    payer: str
    payee: str
    cents: int


class GameRecord(Model):
    played: int = 0
    won: int = 0


class HandRef(Model):
    number: int
    value: int


class PlayerStats(Model):
    """One player's statistics: the common fields, then the game's own (its stats.COLUMNS,
    extra fields by their keys; `own` reads one)."""

    model_config = ConfigDict(defer_build=True, extra="allow")

    name: str
    hands_played: int = 0
    declared: int = 0  # as Spieler
    declared_won: int = 0
    by_game: dict[str, GameRecord] = {}
    kontra_given: int = 0
    kontra_won: int = 0
    best_hand: HandRef | None = None
    worst_hand: HandRef | None = None

    def own(self, key: str) -> Any:
        """A statistic of the game's own (a StatColumn's key); None where there is none."""
        return (self.model_extra or {}).get(key)

    def set_own(self, key: str, value: Any) -> None:
        setattr(self, key, value)


def player_stats(name: str, stats: Stats) -> PlayerStats:
    """A player's statistics before the first hand: the game's own columns none yet (every
    summary's keys first, in their order, then the game's others)."""
    keys = list(SUMMARY_STAT_KEYS) + [c.key for c in stats.COLUMNS if c.key not in SUMMARY_STAT_KEYS]
    return PlayerStats(name=name, **dict.fromkeys(keys))


class Chart(Model):
    tally: str
    series: dict[str, list[int]]  # the standings after each hand
    start: dict[str, int] = {}  # the standings before the first hand (Ramsch: the table's start Striche)


class OpenRad(Model):
    """An unfinished Struliwuli Rad at the end of the evening: no money on the sheet. `cents`
    is what it pays if the table chooses to settle it pro rata (`settled`: it was chosen)."""

    settled: bool
    hands: int | None = None  # hands played in the open Rad
    of: int | None = None  # hands a Rad has
    cents: dict[str, int]


class EveningSummary(Model):
    ruleset: str
    game_name: str
    players: list[str]
    meta: dict[str, Any] = {}
    hands: int
    tallies: list[str]
    standings: dict[str, dict[str, int]]
    ranking: list[str]  # best first
    winner: str | None
    loser: str | None
    trophies: dict[str, list[str]]
    balances: dict[str, int]
    transfers: list[Transfer]
    stats: list[PlayerStats]
    chart: Chart
    state: dict[str, Any]
    open_rad: OpenRad | None = None  # an unfinished Rad with money in it (settled only when chosen)
    games: int = 0  # hands played as the statistics count them: no thrown-in hand, misdeal or Achterbrief
    thrown_in: int = 0  # passed hands (everyone passed, the cards thrown in)
    misdeals: int = 0  # hands misdealt (the game's stats.misdealt)
    # how the games line says the passed hands ("2 zusammengeworfen"; Skat: "2 eingepasst"): the
    # game's words.PASSED_COUNTED; not part of the summary's JSON
    thrown_in_word: str = Field("zusammengeworfen", exclude=True)


def _rank(table: RuleTable, standings: dict[str, dict[str, int]], players: list[str]) -> list[str]:
    keys = table.rank_keys()

    def key(p: str) -> tuple[int, ...]:
        return tuple(-standings[p][k.tally] if k.better == "more" else standings[p][k.tally] for k in keys)

    return sorted(players, key=lambda p: (key(p), players.index(p)))


def _stats(table: RuleTable, players: list[str], result: Replay) -> list[PlayerStats]:
    extras = family_of(table).stats
    stats = {p: player_stats(p, extras) for p in players}
    lead = table.tallies[0]
    more_is_better = next((k.better == "more" for k in table.rank_keys() if k.tally == lead), True)
    best_score: dict[str, int] = {}
    worst_score: dict[str, int] = {}
    games = [hand for hand in result.hands if not _no_game(extras, hand.info)]
    for hand in games:
        info = hand.info
        # who played it: the participants the hand names, else who did not sit it out
        took_part = info.get("participants") or Seating.in_play_of(table, players, hand.dealer, info.get("sitting_out"))
        for p in took_part:
            s = stats[p]
            s.hands_played += 1
            score = hand.deltas[p][lead] * (1 if more_is_better else -1)
            if s.best_hand is None or score > best_score[p]:
                s.best_hand, best_score[p] = HandRef(number=hand.number, value=hand.deltas[p][lead]), score
            if s.worst_hand is None or score < worst_score[p]:
                s.worst_hand, worst_score[p] = HandRef(number=hand.number, value=hand.deltas[p][lead]), score
        if "player" in info:
            s = stats[info["player"]]
            rec = s.by_game.setdefault(info["game"], GameRecord())
            rec.played += 1
            s.declared += 1
            if info["won"]:
                rec.won += 1
                s.declared_won += 1
        sayers = info.get("kontra") or []
        if sayers and sayers[0]:
            stats[sayers[0]].kontra_given += 1
            if not info["won"]:
                stats[sayers[0]].kontra_won += 1
    extras.count(table, players, games, stats)
    for p, s in stats.items():
        extras.finish(s, result.standings[p])
    return [stats[p] for p in players]


def _chart(table: RuleTable, players: list[str], result: Replay) -> Chart:
    from scorepad.engine import new_game

    tally = table.tallies[0]
    boards = result.boards or []
    before = new_game(table, players).snapshot()  # the sheet before hand 1, from the table
    return Chart(tally=tally, series={p: [b[p][tally] for b in boards] for p in players},
                 start={p: before[p][tally] for p in players})


def _no_game(extras: Stats, info: dict[str, Any]) -> bool:
    """A hand that was no game: thrown in, or what the game counts as none (a misdeal, a lost
    Achterbrief paid)."""
    return bool(info.get("passed")) or extras.no_game(info)


def _count(table: RuleTable, result: Replay) -> tuple[int, int, int]:
    """Games played (as the statistics count them), hands thrown in, misdeals."""
    extras = family_of(table).stats
    games = sum(1 for h in result.hands if not _no_game(extras, h.info))
    passed = sum(1 for h in result.hands if h.info.get("passed"))
    misdealt = sum(1 for h in result.hands if extras.misdealt(h.info))
    return games, passed, misdealt


def _open_rad(table: RuleTable, players: list[str], result: Replay, settle_open: bool) -> OpenRad | None:
    """What an unfinished Rad would pay if settled now (None: nothing open, or it pays nothing)."""
    closed = balances(table, result, False)
    opened = balances(table, result, True)
    cents = {p: opened[p] - closed[p] for p in players}
    if not any(cents.values()):
        return None
    hands, of = family_of(table).stats.open_rad(table, players, result)
    return OpenRad(settled=settle_open, hands=hands, of=of, cents=cents)


def summarize(table: RuleTable, players: list[str], result: Replay, meta: dict[str, Any] | None = None,
              settle_open: bool = False) -> EveningSummary:
    """Everything the end of the evening shows. `result` should be replayed with
    keep_boards=True for the chart. Only a finished Struliwuli Rad is money; `settle_open`
    (the table's explicit choice) pays out an unfinished one pro rata, and `open_rad` says so."""
    balance = balances(table, result, settle_open)
    # rank by the money the evening settles (an open Struliwuli Rad paid out counts too)
    settled = {p: {**row, MONEY_TALLY: balance[p]} if MONEY_TALLY in row else row
               for p, row in result.standings.items()}
    ranking = _rank(table, settled, players)
    scored = any(any(v for row in h.deltas.values() for v in row.values()) for h in result.hands)
    games, thrown_in, misdeals = _count(table, result)
    return EveningSummary(
        ruleset=table.id,
        game_name=table.name,
        players=list(players),
        meta=meta or {},
        hands=len(result.hands),
        tallies=list(result.standings[players[0]].keys()),
        standings=result.standings,
        ranking=ranking,
        winner=ranking[0] if scored else None,
        loser=ranking[-1] if scored else None,
        trophies={t.name: trophy_holders(result.standings, t) for t in table.trophies.values()},
        balances=balance,
        transfers=[Transfer(payer=a, payee=b, cents=c) for a, b, c in transfers(balance)],
        stats=_stats(table, players, result),
        chart=_chart(table, players, result),
        state=result.state,
        open_rad=_open_rad(table, players, result, settle_open),
        games=games, thrown_in=thrown_in, misdeals=misdeals,
        thrown_in_word=getattr(family_of(table).words, "PASSED_COUNTED", "zusammengeworfen"),
    )
