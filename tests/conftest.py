"""What the tests share: the players (one list per seat order), a store, the app and the phone
server on it, hand builders, and the rule tests' helpers (build a table, replay hands, catch
refusals). Every test file names its kind (unit, store, ui, browser, load) at its top.

The tests never read /work/shared: every rule and worked example is copied into the tests.
"""

from __future__ import annotations

import sys
import time

import pytest

from scorepad.app import App
from scorepad.engine import replay
from scorepad.errors import HandError, SessionError
from scorepad.session import check_players
from scorepad.tables import get_table, with_options

# The players, one list per seat order (clockwise; the first seat deals first unless told).
SK4 = ["Hias", "Vroni", "Wast", "Kathi"]  # the Schafkopf rule sheets' table
HIAS, VRONI, WAST, KATHI = SK4
SK5 = [*SK4, "Girgl"]
SK6 = [*SK5, "Zenzi"]
VRONI4 = ["Vroni", "Hias", "Kathi", "Wast"]  # the same four, Vroni first (the phone and store tests)
SAU4 = ["Sepp", "Resi", "Alois", "Zenzi"]  # Saukopf
RAMSCH4 = ["Peter", "Rosi", "Hans", "Liesl"]  # Zaisertshofer Ramsch
STRULI4 = ["Anderl", "Burgi", "Cilli", "Done"]  # Struliwuli
SCHWARZ4 = ["Uli", "Fritz", "Guido", "Tim"]  # Schwarze Sau


def sauspiel(augen=None, *, player=HIAS, partner=WAST, suit="gras", **extra) -> dict:
    """A Sauspiel of `player` with `partner` calling `suit` (None: no suit said); `augen` are the
    player party's, left out when not given (the hand says e.g. `result=` then); `extra` as is."""
    hand = {"game": "sauspiel", "player": player, "partner": partner}
    if suit is not None:
        hand["suit"] = suit
    if augen is not None:
        hand["augen"] = augen
    hand.update(extra)
    return hand


@pytest.fixture
def db(tmp_path, monkeypatch):
    """The path of a new store file (SCOREPAD_DB of the environment does not count)."""
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    return tmp_path / "scorepad.db"


@pytest.fixture
def app(db):
    """The application layer on a new store."""
    with App.open(db) as a:
        yield a


@pytest.fixture
def main(db):
    """The phone server (Flet's entry point) on a new store; its app is `main.app`."""
    from scorepad.ui.main import make_main  # Flet only for the tests that ask for it

    m = make_main(str(db))
    yield m
    m.app.close()


@pytest.fixture(scope="session")
def built_static_site(tmp_path_factory):
    """`scorepad static` built once for the whole run (a minute or two): (its folder, what the
    build said). Read only: the static site's tests serve it, the import test reads it."""
    from scorepad.staticsite.assemble import build

    folder = tmp_path_factory.mktemp("static-site")
    return folder, build(folder)


@pytest.fixture
def munich(monkeypatch):
    """Local time is Munich's (an evening's date is the local one)."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def _nothing_from_another_host(request):
    """A browser test fails if its pages asked anything of another host than the app's server
    (tests/browser.py blocks and counts such requests; the app must work off the network), if
    a page threw an uncaught error or showed Flet's crash page ("Error running app"), or if a
    server it ran wrote a traceback or an ERROR line meanwhile (tests/browser.py: OFFHOST,
    PROBLEMS, each server's output)."""
    browser = sys.modules.get("browser")
    before = len(browser.OFFHOST) if browser else 0
    seen = len(browser.PROBLEMS) if browser else 0
    yield
    browser = sys.modules.get("browser")
    if not browser:
        return
    said = []
    if len(browser.OFFHOST) > before:
        asked = browser.OFFHOST[before:]
        del browser.OFFHOST[before:]
        said.append(f"the page asked {len(asked)} request(s) of another host: {sorted(set(asked))[:5]}")
    if len(browser.PROBLEMS) > seen:
        problems = browser.PROBLEMS[seen:]
        del browser.PROBLEMS[seen:]
        said.append("in the browser: " + "; ".join(problems[:5]))
    for server in browser.SERVERS:
        failed = server.failures()
        if failed:
            said.append(f"the server at {server.url} wrote:\n" + "\n".join(failed))
    if said:
        pytest.fail("\n".join(said))


def table_for(ruleset: str, players=None, options=None):
    table = with_options(get_table(ruleset), options)
    if players is not None:
        check_players(table, list(players), None)
    return table


def play(ruleset, players, hands, options=None, first_dealer=None):
    """Replay `hands` at the built-in table `ruleset` (with session `options`)."""
    table = table_for(ruleset, players, options)
    return replay(table, list(players), list(hands), first_dealer)


def refused(ruleset, players, hands, options=None, first_dealer=None) -> str:
    """Assert the evening is refused (HandError or SessionError); return the message."""
    with pytest.raises((HandError, SessionError)) as info:
        play(ruleset, players, hands, options, first_dealer)
    return str(info.value)


def last(result, tally):
    """{player: delta of `tally`} of the last hand of a replay."""
    return {p: row[tally] for p, row in result.hands[-1].deltas.items()}


def deltas(result, number, tally):
    """{player: delta of `tally`} of hand `number` (1-based)."""
    return {p: row[tally] for p, row in result.hands[number - 1].deltas.items()}


def board(result, tally):
    """{player: standing of `tally`} after the replay."""
    return {p: row[tally] for p, row in result.standings.items()}


# --- markers: every test file names its kind -----------------------------------------------
# scripts/test -m "not browser and not load and not wire" is the quick set; -m unit the quickest (see README).
# A test file says `pytestmark = pytest.mark.<kind>` (one of KINDS); a file without one fails
# the collection, so a new file is never silently counted as a quick unit test.
KINDS = ("unit", "store", "ui", "browser", "wire", "load")


def _kinds_of(module) -> list[str]:
    marks = getattr(module, "pytestmark", [])
    marks = marks if isinstance(marks, list) else [marks]
    return [mark.name for mark in marks if getattr(mark, "name", None) in KINDS]


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    report = yield
    if isinstance(collector, pytest.Module) and report.passed:
        kinds = _kinds_of(collector.obj)
        if len(kinds) != 1:
            said = f"names {len(kinds)} kinds ({', '.join(kinds)})" if kinds else "names no kind"
            report.outcome = "failed"
            report.longrepr = (f"{collector.path.name} {said}: a test file says its kind once, at the top, "
                               f"as `pytestmark = pytest.mark.<kind>` with <kind> one of {', '.join(KINDS)} "
                               f"(tests/conftest.py, KINDS)")
    return report
