"""A game's statistics, what it owes besides money and what the exports and the Abrechnung say of
it come from its package (its stats module, through the registry): the statistics, the season,
the exports and the settle screen name no game, no tally of one game and no key of a game's
hands or state, and a toy game's own column and debts show everywhere without another file."""

from __future__ import annotations

import ast
import contextlib
import functools
import io
import json
import types
from pathlib import Path

import pytest
from test_registry import TOY, TOY_STATS, toy  # noqa: F401 (the toy fixture)

from scorepad.devtools.bench import generate_session
from scorepad.engine import replay
from scorepad.games import FAMILIES, Family, find_family, registered
from scorepad.games.family import MONEY_TALLY, Owed, StatColumn
from scorepad.tables import RuleTable, builtin_tables

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent

# the modules that show an evening's statistics, season and money: nothing of one game in them
GENERIC = ("scorepad/summary.py", "scorepad/app/models.py", "scorepad/app/reports.py", "scorepad/exports.py",
           "scorepad/exportparts.py", "scorepad/picture.py", "scorepad/ui/screens/settle.py",
           "scorepad/cli/evenings.py")
# what every game's hands may say and the common statistics read: who took part, who played
# which game and won it, who said Kontra, a hand everyone passed
COMMON_INFO = {"participants", "player", "game", "won", "kontra", "passed"}


@functools.lru_cache(maxsize=1)
def _game_words() -> tuple[set[str], set[str]]:
    """(the strings that are one game's: names, tallies, keys of its hands (as entered and as
    scored) and its state, fields of its rule table; the attributes that are one game's: its statistics and table fields)."""
    strings: set[str] = set(FAMILIES)
    attributes: set[str] = set()
    common_fields = set(RuleTable.model_fields)
    for table in builtin_tables().values():
        family = find_family(table.family)
        assert family is not None
        strings |= set(family.tallies) - {MONEY_TALLY}
        own_fields = set(family.rules.model_fields) - common_fields
        strings |= own_fields | set(family.hand.model_fields)  # what a hand may say, if it seldom does
        attributes |= own_fields | {c.key for c in family.stats.COLUMNS}
        session = generate_session(table, 60, seed=3)
        result = replay(table, session["players"], session["hands"])
        strings |= {key for hand in result.hands for key in hand.info} | set(result.state)
    return strings - COMMON_INFO, attributes


def _literals_and_attributes(path: Path) -> list[tuple[int, str, str]]:
    """Each string constant (no docstring), attribute name and declared field of a module, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append((node.lineno, "string", node.value))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, "attribute", node.attr))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):  # a model's field
            out.append((node.lineno, "attribute", node.target.id))
    return out


def test_statistics_exports_and_settling_name_nothing_of_one_game():
    strings, attributes = _game_words()
    found = []
    for rel in GENERIC:
        for line, kind, word in _literals_and_attributes(ROOT / rel):
            if (kind == "string" and word in strings) or (kind == "attribute" and word in attributes):
                found.append(f"{rel}:{line}: {kind} {word!r}")
    assert not found, "one game's word outside its package:\n" + "\n".join(found)


def test_the_search_sees_a_game_word_where_it_comes_back(tmp_path):
    """The check above catches a game's key, tally and statistic (as the base of issue 26 had them)."""
    strings, attributes = _game_words()
    assert {"went_out", "vergeben", "achterbrief_loser", "bolla", "verloren", "drink_price"} <= strings
    assert {"bollas", "games_lost", "exact_bids_pct"} <= attributes
    module = tmp_path / "m.py"
    module.write_text('"""doc: went_out"""\nif "went_out" in info and s.bollas:\n    pass\n'
                      'class Row:\n    games_lost: int = 0\n', encoding="utf-8")
    seen = _literals_and_attributes(module)
    assert (2, "string", "went_out") in seen and (2, "attribute", "bollas") in seen
    assert (5, "attribute", "games_lost") in seen
    assert all(word != "doc: went_out" for _, _, word in seen)


# --- a toy game's own statistics ------------------------------------------------------------

TOY_OWN_STATS = types.SimpleNamespace(**{
    **TOY_STATS.__dict__,
    "COLUMNS": (StatColumn("wins", "Siege", season=True),),
    "count": lambda table, players, games, stats: [
        stats[h.info["winner"]].set_own("wins", (stats[h.info["winner"]].own("wins") or 0) + 1) for h in games],
    "finish": lambda stats, row: stats.set_own("wins", stats.own("wins") or 0),
    "phrases": lambda stats: [f"Siege {stats.own('wins')}"],
    "owed": lambda table, summary: Owed("Wer spült ab", [f"{summary.ranking[-1]} spült ab"]),
})


def test_a_games_own_statistics_and_debts_come_from_its_package(toy, tmp_path):  # noqa: F811
    from scorepad.app import App
    from scorepad.cli import main

    with registered(Family(**{**TOY.__dict__, "stats": TOY_OWN_STATS})):
        db = tmp_path / "toy.db"
        app = App.open(db)
        try:
            eid = app.start_evening("toy", ["Anna", "Beni"]).id
            for winner in ("Anna", "Beni", "Anna"):
                app.add_hand(eid, {"winner": winner})
            summary = app.summary(eid)
            assert [s.own("wins") for s in summary.stats] == [2, 1]
            players = json.loads(app.export_session(eid, "json"))["results"]["summary"]["stats"]
            assert [p["wins"] for p in players] == [2, 1]
            assert "Siege 2" in app.export_session(eid, "md") and "Siege 1" in app.export_session(eid, "html")
            assert "## Wer spült ab" in app.export_session(eid, "md")
            assert "<h2>Wer spült ab</h2>" in app.export_session(eid, "html")
            assert "Beni spült ab" in app.export_session(eid, "text")
            season = app.season("toy")
            assert [(r.name, r.own("wins")) for r in season.rows] == [("Anna", 2), ("Beni", 1)]
        finally:
            app.close()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["--db", str(db), "stats", "--ruleset", "toy"]) == 0
        head = out.getvalue().splitlines()[1].split()
        assert head[-1] == "Siege"


async def test_the_abrechnung_shows_a_games_own_statistics_and_debts(toy, tmp_path):  # noqa: F811
    from flet_harness import open_phone

    from scorepad.ui.main import make_main

    with registered(Family(**{**TOY.__dict__, "stats": TOY_OWN_STATS})):
        main = make_main(str(tmp_path / "phone.db"))
        try:
            eid = main.app.start_evening("toy", ["Anna", "Beni"], "Anna").id
            for winner in ("Anna", "Beni", "Anna"):
                main.app.add_hand(eid, {"winner": winner})
            phone = await open_phone(main)
            await phone.tap(f"evening-{eid}")
            await phone.tap("settle")
            texts = phone.texts()
            assert "Anna: 3 Spiele · Siege 2" in texts and "Beni: 3 Spiele · Siege 1" in texts
            assert "Wer spült ab" in texts and "Beni spült ab" in texts
        finally:
            main.app.close()
