"""A Preisskat's series on the players' phones (issue 39): seven players drawn to a table of four
and one of three, each table's evening opened at its sheet's address on a phone's browser
(390x844, this machine's network address), unlocked with the table's PIN, its games tapped in on
the Skat form (Spieler, Spiel, Spitzen, gewonnen/verloren, Speichern), while a ranking screen at
1280x720 follows every save. The ranking's points are the Seeger-Fabian list's, computed here
from the rules: the declarer + value + 50 for a won game, - 2 x value - 50 for a lost one; on a
lost game every other player at the table (the dealer who sits out at four included) + 40 at a
table of three, + 30 at a table of four. The screens say "Serie", never "Runde", and no English.
Screenshots in tests/artifacts/preisskat/."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from german import not_german
from playwright.async_api import async_playwright
from test_e2e_ranking import hand_taps
from test_e2e_sharing import unlock

from scorepad import fmt
from scorepad.app import App

pytestmark = pytest.mark.browser

RULES = "skat-seeger-fabian"
FIELD = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd"]  # 7: a table of four, one of three
GAMES = 3  # games per table in the series
SCREEN = {"width": 1280, "height": 720}  # the ranking on a small projector
# the ISkO's base values (SKAT.md): a suit game or Grand is worth base x (Spitzen + 1), no Hand
BASE = {"karo": 9, "herz": 10, "pik": 11, "kreuz": 12, "grand": 24}
# each table's games in order: (game, Spitzen "mit", won); the declarer is the first after the dealer
PLAYED = [[("kreuz", 1, True), ("grand", 2, False), ("herz", 2, True)],
          [("pik", 1, False), ("karo", 3, True), ("grand", 1, True)]]
# what a screen reader reads of the page: every semantics node's label and its own text
HEARD = """() => Array.from(document.querySelectorAll('flt-semantics, input, textarea')).flatMap(n =>
  [n.getAttribute('aria-label'), n.getAttribute('aria-description'), n.getAttribute('title'),
   Array.from(n.childNodes).filter(c => c.nodeType === 3 || c.tagName === 'SPAN').map(c => c.textContent).join(' ')])
  .map(t => (t || '').replace(/\\s+/g, ' ').trim()).filter(Boolean)"""


@pytest.fixture
def server(tmp_path):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path / "scorepad.db", wifi=True)
    yield s
    s.stop()


def seeger_fabian(seats: list[str], declarer: str, game: str, spitzen: int, won: bool) -> dict[str, int]:
    """The Seeger-Fabian list's points of one game at a table (`seats`: all at it)."""
    value = BASE[game] * (spitzen + 1)
    points = {name: 0 for name in seats}
    if won:
        points[declarer] = value + 50
        return points
    points[declarer] = -2 * value - 50
    for name in seats:
        if name != declarer:
            points[name] = {3: 40, 4: 30}[len(seats)]
    return points


def hand_of(seats: list[str], k: int, game: str, spitzen: int, won: bool) -> tuple[str, dict]:
    """Game k (0-based) at a table: the dealer is the k-th seat; the first after him declares
    (at four the dealer sits out: the first after him always plays)."""
    declarer = seats[(k + 1) % len(seats)]
    return declarer, {"declarer": declarer, "game": game, "spitzen": spitzen, "won": won}


async def heard_german(tab: Tab) -> list[str]:
    heard = await tab.page.evaluate(HEARD)
    assert not_german(heard) == [], heard
    assert not any("Runde" in t for t in heard), heard
    return heard


async def ranking_points(board: Tab, count: int) -> dict[str, str]:
    out = {}
    for rank in range(1, count + 1):
        out[await board.text(f"rank-{rank}-name")] = await board.text(f"rank-{rank}-points")
    return out


async def wait_ranking(board: Tab, expected: dict[str, int], timeout: float = 15) -> None:
    """The ranking screen shows each player's expected points (it updates by itself)."""
    want = {name: fmt.tally_value("punkte", points) for name, points in expected.items()}
    deadline = time.time() + timeout
    shown: dict[str, str] = {}
    while time.time() < deadline:
        shown = await ranking_points(board, len(expected))
        if shown == want:
            return
        await board.page.wait_for_timeout(200)
    raise AssertionError(f"the ranking shows {shown}, the Seeger-Fabian list says {want}")


async def test_a_preisskat_series_on_phones_with_a_live_ranking_screen(server):
    with App.open(server.db) as app:
        tid = app.new_tournament("Preisskat", RULES, 1, GAMES, FIELD, seed="1").id
        drawn = app.draw_round(tid).tables
        pins = {sheet.evening: sheet.pin for sheet in app.table_sheets(tid)}
    assert sorted(len(t.seats) for t in drawn) == [3, 4]
    total = {name: 0 for name in FIELD}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            board = await Tab.open(await browser.new_context(viewport=SCREEN), server, f"turnier/{tid}")
            await board.wait_text("ranking-round", f"Serie 1 von 1 · 0 von {GAMES * len(drawn)} Spielen", timeout=20)
            await wait_ranking(board, total)
            await heard_german(board)
            await board.screenshot("preisskat/ranking-before")
            phones = []
            for k, table in enumerate(drawn, 1):  # each table's phone: the QR code of its sheet, then its PIN
                phone = await Tab.open(browser, server, f"abend/{table.evening}")
                await phone.wait_text("table-title", f"Tisch {k} · Serie 1 · Preisskat", timeout=20)
                await unlock(phone, pins[table.evening])
                await heard_german(phone)
                phones.append(phone)
            saved = 0
            for k in range(GAMES):  # the tables play side by side: a game here, a game there
                for t, (table, phone) in enumerate(zip(drawn, phones)):
                    game, spitzen, won = PLAYED[t][k]
                    declarer, hand = hand_of(table.seats, k, game, spitzen, won)
                    with App.open(server.db) as app:
                        keys = hand_taps(app, table.evening, hand)
                    assert keys == [f"declarer-{declarer}", f"game-{game}", f"spitzen-{spitzen}",
                                    "won-yes" if won else "won-no"]
                    await phone.tap("next-hand")
                    for key in keys:
                        await phone.tap(key)
                    if k == 0:
                        await phone.screenshot(f"preisskat/table-{t + 1}-form")
                    await phone.tap("save")
                    await phone.wait_text("notice", f"Spiel {k + 1} gespeichert")
                    saved += 1
                    for name, points in seeger_fabian(list(table.seats), declarer, game, spitzen, won).items():
                        total[name] += points
                    await board.wait_text("ranking-round",
                                          f"Serie 1 von 1 · {saved} von {GAMES * len(drawn)} Spielen")
                    await wait_ranking(board, total)
            for t, phone in enumerate(phones):
                assert (await phone.text("table-title-sub")).startswith(f"Alle {GAMES} Spiele gespielt")
                await heard_german(phone)
                await phone.screenshot(f"preisskat/table-{t + 1}-done")
            shown = await ranking_points(board, len(FIELD))
            order = list(shown)
            assert [total[name] for name in order] == sorted(total.values(), reverse=True)  # best first
            await heard_german(board)
            await board.screenshot("preisskat/ranking-after")
        finally:
            await browser.close()
    with App.open(server.db) as app:  # the app's own standings: the same points
        assert {s.name: s.points for s in app.tournament_standings(tid)} == total
