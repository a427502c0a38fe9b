"""A Preisschafkopf tournament on one laptop, over the real transport (issue 27's scale goal):
`scorepad web --pin` in its own process; a tournament of `tables` x 4 players at
preisschafkopf-5-10-15, round 1 drawn; every table's evening opened at its address (/abend/ID,
as a table sheet's QR code opens it) on four phones speaking Flet's protocol on the websocket
(scorepad/devtools/wire.py), the first of them the scorekeeper, which takes the pen with the
table's PIN on the PIN pad as a real one does; and `screens` ranking screens at /turnier/ID.
`scorepad bench` reports it under "tournament_ws".

Each scorekeeper waits PACE/2 to 3*PACE/2 s, taps Neues Spiel, the hand (a Sauspiel: the
player, the partner, the result; who plays turns with each hand, so the ranking moves) and
Speichern (wire_load.keep_score). PACE 20 makes a hand about every 20 s at each table: several
times a table's real pace (a Preisschafkopf round of 32 games takes one and a half to two hours,
a hand every 3 minutes), 2.5 saves a second at 50 tables. PACE 6 (a hand about every 7 s, 7 a
second at 50 tables) is the stress figure, where the server's one core nears its end; PACE 2 is the
sharing figures' pace (1-3 s).

Measured from the Speichern event leaving this process: (a) until each of its table's three
watchers received the update holding the new hand (its row `hand-N`); (b) until a ranking
screen received the update that shows the table's new points: a player of that table in the
shown lines (`rank-R-name`) with as many games (`rank-R-games`: at a table of four every
player plays each hand) as the table has saved hands. A ranking screen shows ROWS lines of
the field at a time and turns its pages by itself, so (b) is timed for the saves whose table
had a player on the page the screen showed at that moment, up to the next turn of the page
(a page turned in between shows the new points too, but by the turn, not by the save). Also:
the server's CPU and memory, the ranking updates each screen received.

With `event="preisskat"` (`scorepad bench`'s "tournament_skat_ws"): a Preisskat of 4 x tables - 3
players on the Seeger-Fabian list (PREISSKAT), so the draw seats tables - 3 fours and three
threes (13 players: 4 + 3 + 3 + 3), a phone per seat; each hand a suit game or a Grand won or
lost (Spieler, Spiel, Spitzen, gewonnen: four choices), its declarer the seat after the dealer
(at four the dealer sits out). The ranking screen's games are a player's hands not sat out.

Checked: every hand reaches every phone of its table once, no phone gets a word of another
table, the store holds each table's hands 1..N; every line a ranking screen showed has the
points its player had after that many games (never another player's, never a sum that was not
the store's); at the end each screen counts every saved hand ("N von M Spielen").
"""

from __future__ import annotations

import asyncio
import bisect
import os
import random
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from scorepad.devtools.figures import WAIT_S
from scorepad.devtools.sharing_ws import NAME, names_of
from scorepad.devtools.web import start_server, stop
from scorepad.devtools.wire import WireError, WirePhone, controls_in, key_of
from scorepad.devtools.wire_load import (
    SETUP_S,
    Watcher,
    by_10s,
    cpu_seconds,
    every_keeper,
    keep_score,
    rss_bytes,
    table_problems,
    tap_until,
    timing,
    until_all_arrived,
)

RULES = "preisschafkopf-5-10-15"
SKAT_RULES = "skat"  # (the rule table's id)
# the Skat hands in turn: game, mit (or ohne) Spitzen, won
SKAT_GAMES = (("kreuz", True, 1, True), ("pik", False, 2, False), ("grand", True, 1, True),
              ("herz", True, 2, True), ("karo", False, 1, False), ("grand", False, 2, True))
PACE = 20.0  # seconds a scorekeeper waits before each hand (from half to one and a half times this)
GAMES = 64  # games per table and round: more than a table saves in the run even at PACE 2
RESULTS = ("won", "won_schneider", "lost", "won", "lost_schneider", "won_schwarz")
RANK_CELL = re.compile(r"^rank-(\d+)-(name|points|games)$")
PLAYED = re.compile(r"· (\d+) von \d+ Spielen")
OPENING_AT_ONCE = 5  # tables whose phones open at the same time (the players arrive in a hurry)


def players_of(tables: int, fewer: int = 0) -> list[str]:
    """The field: every name carries two digits (Resi00 .. Wast49), so a word of another table
    is found on any phone (a table's players are whoever the draw seats there); `fewer` less
    than four a table (Skat: three, so that three tables seat three)."""
    names = [name for t in range(tables) for name in names_of(t)]
    return names[:len(names) - fewer]


class Projector(WirePhone):
    """A ranking screen: after every update, what it shows (the page, the round's line, and
    for each name shown its points and games), kept as a timeline of what changed."""

    def __init__(self, url: str, name: str):
        super().__init__(url, width=1920, height=1080, name=name)
        self.shown: list[tuple[float, str, str, dict[str, tuple[str, int]]]] = []  # (when, page, round, lines)
        self.updates = 0

    def receive(self, packet: bytes) -> dict[str, Any] | None:
        before = self.changed
        asked = super().receive(packet)
        if self.changed > before:
            self.updates += 1
            self.look(time.perf_counter())
        return asked

    def counts(self, hands: int) -> bool:
        """Whether the round's line counts `hands` games played ("Runde 1 von 3 · N von M Spielen")."""
        return bool(self.shown) and f" {hands} von " in self.shown[-1][2]

    def look(self, now: float) -> None:
        texts: dict[str, str] = {}
        for c in controls_in(self.page):
            k = key_of(c)
            if k is not None and c.get("_c") == "Text" and isinstance(c.get("value"), str):
                texts[k] = c["value"]
        cells: dict[int, dict[str, str]] = {}
        for k, v in texts.items():
            m = RANK_CELL.match(k)
            if m:
                cells.setdefault(int(m.group(1)), {})[m.group(2)] = v
        lines = {c["name"]: (c.get("points", ""), int(c.get("games", "-1") or -1)) for c in cells.values() if "name" in c}
        now_shown = (texts.get("ranking-page", ""), texts.get("ranking-round", ""), lines)
        if not self.shown or self.shown[-1][1:] != now_shown:
            self.shown.append((now, *now_shown))


def hand_of(seats: list[str], first: int, n: int) -> dict[str, Any]:
    """Hand `n` of a table of four: a Sauspiel, its player and partner and result turning with n
    (`first`, the seat dealing first, plays no part: at four everyone plays every hand)."""
    return {"game": "sauspiel", "player": seats[n % 4], "partner": seats[(n + 1) % 4],
            "result": RESULTS[n % len(RESULTS)]}


def skat_hand_of(seats: list[str], first: int, n: int) -> dict[str, Any]:
    """Hand `n` (0: the first) of a Skat table whose seat `first` deals first: declared by the
    seat after the dealer (never the dealer, who sits out at four), the game turning with n."""
    game, mit, spitzen, won = SKAT_GAMES[n % len(SKAT_GAMES)]
    return {"declarer": seats[(first + n + 1) % len(seats)], "game": game, "mit": mit, "spitzen": spitzen,
            "won": won}


@dataclass(frozen=True)
class Event:
    """A tournament the bench runs: its name, rule table and options, how many players fewer
    than four a table the field has, the hand in turn (seats, the seat dealing first, n), the
    choice the hand form opens on (tapped never), the choices a hand takes."""

    name: str
    ruleset: str
    options: dict[str, Any] | None
    fewer: int
    hand_of: Callable[[list[str], int, int], dict[str, Any]]
    chosen: str | None
    choices: int


PREISSCHAFKOPF = Event("Preisschafkopf", RULES, None, 0, hand_of, "game-sauspiel", 3)
PREISSKAT = Event("Preisskat", SKAT_RULES, {"list_kind": "seeger_fabian"}, 3, skat_hand_of, None, 4)
EVENTS = {"preisschafkopf": PREISSCHAFKOPF, "preisskat": PREISSKAT}


def hand_taps(app: Any, evening: int, seats: list[str], event: Event) -> list[list[str]]:
    """The keys a finger taps for hands 1..24 (they repeat after: a multiple of the deal's turn
    at three and at four), on a fresh form (the game's own taps module, as
    tests/test_e2e_ranking.py enters hands)."""
    from scorepad.engine import before_hand
    from scorepad.games import family_of
    from scorepad.ui.forms import FormCtx

    table, info = app.table(evening), app.evening(evening)
    game = before_hand(table, info.players, app.hands(evening), None, info.first_dealer)
    ctx = FormCtx(table=table, players=list(info.players), dealer=game.seats.dealer, state=game.state(),
                  board=game.snapshot(), number=None, game=game)
    tapper = family_of(table).taps_module()
    first = list(seats).index(game.seats.dealer)
    # a choice the form opens on (the Sauspiel): a tap on it changes nothing, so the server answers nothing
    return [[k for k in tapper.taps(table, ctx, event.hand_of(seats, first, n)) if k != event.chosen]
            for n in range(24)]


def typed(phone: WirePhone, digits: int) -> bool:
    """Whether the PIN pad shows `digits` digits typed."""
    return phone.text("pin-shown").count("_") == 4 - digits


async def open_table(url: str, t: int, evening: int, pin: str, names: set[str]) -> tuple[list[WirePhone], list[Watcher]]:
    """The table's phones (one a seat) at its address; the first takes the pen with the PIN."""
    watchers = [Watcher(names, NAME, armed=True) for _ in names]
    phones = [WirePhone(url, on_patch=w, name=f"table{t + 1}-phone{i}") for i, w in enumerate(watchers)]
    for phone in phones:
        await phone.connect(SETUP_S, route=f"/abend/{evening}")
        await phone.wait_for("unlock", SETUP_S)  # the table, without the pen
    keeper = phones[0]
    await tap_until(keeper, "unlock", lambda: keeper.has("pin-shown"))
    for k, digit in enumerate(pin[:-1], 1):  # the pad shows each digit typed: "4 1 _ _"
        await tap_until(keeper, f"pin-{digit}", partial(typed, keeper, k))
    await tap_until(keeper, f"pin-{pin[-1]}", lambda: keeper.has("next-hand"))  # the pen taken: the table
    return phones, watchers


def ranking_latencies(screen: Projector, seats: list[str], saves: list[float],
                      games: dict[str, list[int]]) -> tuple[list[float], int]:
    """Seconds from each save of a table to the first update of `screen` showing one of its
    players with the games the player had after it (`games`: each player's after 0, 1, 2 ...
    hands), for the saves at which the screen showed one of them, until its page turned; and
    how many saves were shown by a page turn instead."""
    out: list[float] = []
    turned = 0
    shown = screen.shown
    times = [s[0] for s in shown]
    for k, saved in enumerate(saves, 1):
        at = bisect.bisect_right(times, saved) - 1  # what the screen showed at the save
        if at < 0 or not any(name in shown[at][3] for name in seats):
            continue
        page = shown[at][1]
        for when, now_page, _, lines in shown[at + 1:]:
            if now_page != page:
                turned += 1
                break
            if any(lines.get(name, ("", -1))[1] >= games[name][k] > games[name][k - 1] for name in seats):
                out.append(when - saved)
                break
    return out, turned


def count_latencies(screen: Projector, saves: list[float]) -> tuple[list[float], int]:
    """Seconds from each save (`saves`: every table's, in order) to the first update of `screen`
    whose round line counts as many games played as saves were sent up to it ("Runde 1 von 3 ·
    N von M Spielen": every table's saved hands, whatever page is shown); and the saves it
    never counted. A save is counted with those sent before it (the server takes them in turn)."""
    out: list[float] = []
    shown = [(when, int(m.group(1))) for when, _, words, _ in screen.shown if (m := PLAYED.search(words))]
    j = 0
    for i, saved in enumerate(saves):
        while j < len(shown) and (shown[j][0] < saved or shown[j][1] < i + 1):
            j += 1
        if j == len(shown):
            return out, len(saves) - i
        out.append(shown[j][0] - saved)
    return out, 0


def line_problems(screen: Projector, expected: dict[str, dict[int, set[int]]]) -> list[str]:
    """Lines a ranking screen showed with points its player never had after that many games
    (`expected`: by games played, the points the player had; Skat at four: more than one, the
    hands the player sat out move the points too)."""
    wrong = []
    for *_, lines in screen.shown:
        for name, (points, games) in lines.items():
            after = expected.get(name)
            if after is None or games not in after or points not in {str(p) for p in after[games]}:
                wrong.append(f"{name}: {points} after {games} games (the store: {after})")
    return [f"{screen.name} showed {len(wrong)} wrong line(s): {wrong[:3]}"] if wrong else []


async def _run(tables: int, seconds: float, screens: int, pace: float, seed: int, folder: Path,
               event: Event = PREISSCHAFKOPF) -> dict[str, Any]:
    from scorepad.app import App
    from scorepad.games.base import Seating

    if not event.fewer <= tables <= 100 or tables == 0:
        raise ValueError(f"1 to 100 tables (the players' names carry two digits), {event.fewer} at least")
    rules, options = event.ruleset, event.options
    rng = random.Random(seed)
    db = folder / "tournament_ws.db"
    with App.open(db) as app:
        tid = app.new_tournament(event.name, rules, 3, GAMES, players_of(tables, event.fewer), seed=str(seed),
                                 options=options).id
        drawn = app.draw_round(tid).tables
        pins = [app.pin(d.evening) for d in drawn]
        taps = [hand_taps(app, d.evening, list(d.seats), event) for d in drawn]
    proc, url = start_server(db, pin=True)
    opened: list[list[WirePhone]] = []
    watchers: list[list[Watcher]] = []
    projectors = [Projector(url, f"ranking{k + 1}") for k in range(screens)]
    try:
        base = rss_bytes(proc.pid)
        for screen in projectors:
            await screen.connect(SETUP_S, route=f"/turnier/{tid}")
            await screen.wait_for("ranking-round", SETUP_S)
        gate = asyncio.Semaphore(OPENING_AT_ONCE)

        async def arrive(t: int) -> tuple[list[WirePhone], list[Watcher]]:
            async with gate:
                return await open_table(url, t, drawn[t].evening, pins[t], set(drawn[t].seats))

        for phones, seen in await asyncio.gather(*(arrive(t) for t in range(tables))):
            opened.append(phones)
            watchers.append(seen)
        await asyncio.sleep(1.0)
        memory_open = rss_bytes(proc.pid)

        saves: list[list[float]] = [[] for _ in range(tables)]
        load_before = os.getloadavg()
        cpu_before = cpu_seconds(proc.pid)
        own_before = time.process_time()
        bytes_before = [s.received_bytes for s in projectors]
        updates_before = [s.updates for s in projectors]
        started = time.perf_counter()
        end = started + seconds
        keepers = [asyncio.create_task(keep_score(opened[t][0], taps[t], saves[t], end, rng, GAMES, pace))
                   for t in range(tables)]
        await every_keeper(keepers)
        ran = time.perf_counter() - started
        cpu = cpu_seconds(proc.pid) - cpu_before
        own_cpu = time.process_time() - own_before
        screen_bytes = [s.received_bytes - b for s, b in zip(projectors, bytes_before)]
        screen_updates = [s.updates - u for s, u in zip(projectors, updates_before)]

        await until_all_arrived([(phones, watchers[t], len(saves[t])) for t, phones in enumerate(opened)])
        total = sum(len(s) for s in saves)
        for screen in projectors:  # every saved hand counted on every ranking screen
            await screen.until(partial(screen.counts, total), WAIT_S, f"the ranking never counted {total} hands")
        latencies: list[float] = []
        timeline: list[tuple[float, float]] = []
        problems: list[str] = []
        for t, phones in enumerate(opened):
            problems += table_problems(phones, watchers[t], saves[t], started, latencies, timeline)
        memory_after = rss_bytes(proc.pid)
        load_after = os.getloadavg()
    finally:
        for phones in opened:
            for phone in phones:
                await phone.close()
        for screen in projectors:
            await screen.close()
        stop(proc)

    expected: dict[str, dict[int, set[int]]] = {}  # by games played, the points a player had
    played: dict[str, list[int]] = {}  # each player's games after 0, 1, 2 ... hands of the table
    with App.open(db) as app:  # the store: each table's hands 1..N, none lost, none doubled
        for t, d in enumerate(drawn):
            result = app.show(d.evening)
            table = app.table(d.evening)
            lead = table.tallies[0]  # what the ranking counts (the list's points)
            numbers = [h.number for h in result.hands]
            if numbers != list(range(1, len(saves[t]) + 1)):
                problems.append(f"evening {d.evening}: hands {numbers} stored, {len(saves[t])} saved")
            points = dict.fromkeys(d.seats, 0)
            played |= {name: [0] for name in d.seats}
            expected |= {name: {0: {0}} for name in d.seats}
            for hand in result.hands:
                in_play = Seating.in_play_of(table, list(d.seats), hand.dealer, hand.info.get("sitting_out"))
                for name in d.seats:
                    points[name] += hand.deltas[name][lead]
                    played[name].append(played[name][-1] + (name in in_play))
                    expected[name].setdefault(played[name][-1], set()).add(points[name])
    ranking: list[float] = []  # by the line of the table's players, where it was on the page shown
    counted: list[float] = []  # by the round's count of games played, every save
    turned = 0
    every = sorted(s for table in saves for s in table)
    for screen in projectors:
        problems += line_problems(screen, expected)
        for t, d in enumerate(drawn):
            timed, by_turn = ranking_latencies(screen, d.seats, saves[t], played)
            ranking += timed
            turned += by_turn
        by_count, missed = count_latencies(screen, every)
        counted += by_count
        if missed:
            problems.append(f"{screen.name} never counted {missed} of {len(every)} saves")
    if problems:
        raise WireError(f"{len(problems)} problem(s): " + "; ".join(problems[:10]))
    hands = sum(len(s) for s in saves)
    return {
        "transport": "scorepad web --pin (uvicorn) in its own process; phones speak Flet's protocol over its websocket",
        "ruleset": rules, **({"options": options} if options else {}), "tables": len(drawn),
        **({"tables_by_size": {str(n): sum(len(d.seats) == n for d in drawn) for n in (4, 3)}}
           if event.fewer else {}),
        "players": sum(len(d.seats) for d in drawn), "phones": sum(len(d.seats) for d in drawn),
        "ranking_screens": screens,
        "pace": f"each scorekeeper waits {pace / 2:g}-{3 * pace / 2:g} s, then taps in a hand (Neues Spiel, "
                f"{event.choices} choices, Speichern): a hand every {ran * tables / max(1, hands):.1f} s a table "
                "(a real table: every 2-3 minutes)",
        "seconds": round(ran, 1), "hands_saved": hands, "hands_fewest_at_a_table": min(len(s) for s in saves),
        "hands_per_s": round(hands / ran, 1),
        "watchers": {**timing(latencies), "p95_ms_by_10s": by_10s(timeline)},
        "ranking": {**timing(counted), "by": "the round's line counts the save (N von M Spielen)",
                    "updates_per_s": [round(u / ran, 1) for u in screen_updates],
                    "kb_per_s": [round(b / 1000 / ran, 1) for b in screen_bytes]},
        "ranking_lines": {**timing(ranking), "by": "a line of the table's players shows its games (not the goal's figure: a player whose line "
                                "the save moved off the page counts only when one of the table is shown again)",
                          "saves_timed_share": round(len(ranking) / max(1, hands * screens), 2),
                          "shown_by_a_page_turn": turned},
        "server_cpu_share": round(cpu / ran, 2),
        "server_cpu_ms_per_hand": round(cpu * 1000 / max(1, hands), 1),
        "phones_cpu_share": round(own_cpu / ran, 2),  # this process: every protocol client
        "memory": {"rss_mb_started": round(base / 1e6, 1), "rss_mb_all_open": round(memory_open / 1e6, 1),
                   "rss_mb_after_run": round(memory_after / 1e6, 1)},
        "cores": os.cpu_count(), "load_avg_before": [round(x, 2) for x in load_before],
        "load_avg_after": [round(x, 2) for x in load_after],
    }


def bench_tournament_ws(tables: int = 50, seconds: float = 60.0, screens: int = 2, pace: float = PACE,
                        seed: int = 1, event: str = "preisschafkopf") -> dict[str, Any]:
    """The figure for a Preisschafkopf (`event` "preisschafkopf": tables of four) or a Preisskat
    ("preisskat": tables of four and three on the Seeger-Fabian list)."""
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_run(tables, seconds, screens, pace, seed, Path(folder), EVENTS[event]))
