"""The registry of games (scorepad/games/__init__.py): every game has every part, nothing above
the engine branches on a game's name, and a sixth game is one registry entry (a toy game,
registered here, is started, scored and shown without touching any other file)."""

from __future__ import annotations

import dataclasses
import inspect
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Literal

import pytest

from scorepad.errors import HandError, ScorepadError, TableError
from scorepad.games import FAMILIES, Family, family_of, find_family, registered, tally_name
from scorepad.games.base import Game, HandModel, HandResult, parse_hand
from scorepad.games.family import CardLook
from scorepad.refusals import CATALOGUE, Refusal
from scorepad.tables import RuleTable, builtin_tables, get_table, table_as_dict, validate_table

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("rules", "hand", "scoring", "words", "sheet", "choices", "stats", "bench", "refusals", "form", "taps")


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_game_has_every_part(name):
    family = find_family(name)
    assert family is not None and family.name == name and family.title
    package = ROOT / "scorepad" / "games" / name
    for part in PARTS:
        assert (package / f"{part}.py").is_file(), f"{name} lacks {part}.py"
    assert issubclass(family.rules, RuleTable) and issubclass(family.hand, HandModel)
    assert issubclass(family.game, Game) and family.game.hand_model is family.hand
    assert family.tallies and all(family.tally_names.get(t) for t in family.tallies)
    for attr in ("PASSED", "describe", "context_line", "card_look", "next_label"):
        assert hasattr(family.words, attr), f"{name}.words lacks {attr}"
    for attr in ("COLUMNS", "count", "finish", "phrases", "no_game", "misdealt", "owed", "open_rad"):
        assert hasattr(family.stats, attr), f"{name}.stats lacks {attr}"
    assert callable(family.sheet) and callable(family.generate)
    assert all(len(choice) == 3 for choice in family.options + family.house)
    assert family.form == f"scorepad.games.{name}.form"
    assert family.taps == f"scorepad.games.{name}.taps"


@pytest.mark.parametrize("name", list(FAMILIES))
def test_every_games_form_has_every_function_the_hand_screen_calls(name):
    """A form is imported by its module path, so no type checker holds it to HandForm: a missing
    function (Doppelkopf's first form had no `pending`) left "Nächstes Spiel" doing nothing."""
    form = find_family(name).form_module()
    for attr in ("initial", "to_hand", "view", "summary", "pending", "quick_actions"):
        assert callable(getattr(form, attr, None)), f"{name}.form lacks {attr}"
    taps = find_family(name).taps_module()
    for attr in ("taps", "offered"):
        assert callable(getattr(taps, attr, None)), f"{name}.taps lacks {attr}"


def test_every_built_in_table_belongs_to_a_registered_game():
    assert {t.family for t in builtin_tables().values()} == set(FAMILIES)
    assert find_family("tarock") is None


def lines_outside_the_games(pattern: re.Pattern[str], allowed: set[tuple[str, str]]) -> list[str]:
    """Each line of scorepad/ outside scorepad/games/ that `pattern` finds, but for the `allowed`
    (file, text on the line) pairs: "path:line: text"."""
    found = []
    for path in sorted((ROOT / "scorepad").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("scorepad/games/"):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and not any(rel == f and s in line for f, s in allowed):
                found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_nothing_above_the_engine_branches_on_a_games_name():
    """Outside scorepad/games/ a game's name is data only (a ruleset id, a hand's `game`)."""
    names = re.compile(r'"({})"'.format("|".join(FAMILIES)))
    allowed = {("scorepad/table_numbers.py", "MONEY_VALUE_IN"),  # a table's key `ramsch` (Schafkopf's Ramsch), not the game
               ("scorepad/devtools/tournament_ws.py", "SKAT_RULES = ")}  # the Preisskat bench's rule table id
    found = lines_outside_the_games(names, allowed)
    assert not found, "\n".join(found)


def game_state_keys() -> set[str]:
    """The keys of a game's own state (what its words read of it, what its example evening
    leaves), not the seating's that every game has (base.py: the next dealer, who sits out)."""
    import json

    from scorepad.engine import replay
    from scorepad.tables import get_table, with_options

    read = re.compile(r"""state(?:\.get)?[(\[]["']([a-z_]+)["']""")
    keys = {k for path in (ROOT / "scorepad" / "games").rglob("*.py") if path.parent.name in FAMILIES
            for k in read.findall(path.read_text(encoding="utf-8"))}
    for path in (ROOT / "examples").glob("*.json"):
        session = json.loads(path.read_text(encoding="utf-8"))
        if "ruleset" in session and "hands" in session:
            table = with_options(get_table(session["ruleset"]), session.get("options"))
            keys |= set(replay(table, session["players"], session["hands"], session.get("first_dealer")).state)
    return keys - {"next_dealer", "sitting_out"}


def test_the_screens_branch_on_no_games_tally_or_state_key():
    """A player's card, the preview, the line about what comes next are the game's words
    (words.card_look, words.preview, words.context_line): the UI names no tally a game writes
    ("geld", "weg" ...) and no key of a game's own state."""
    words = {t for name in FAMILIES for t in find_family(name).tallies} | game_state_keys()
    assert {"geld", "striche", "weg", "trophies", "achterbrief_owed"} <= words
    quoted = re.compile(r"""["']({})["']""".format("|".join(sorted(words))))
    allowed = {("scorepad/ui/screens/settle.py", 't != "geld"')}  # the Abrechnung's money column (the stats' part)
    found = []
    for path in sorted((ROOT / "scorepad" / "ui").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if quoted.search(line) and not any(rel == f and s in line for f, s in allowed):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


# --- a toy sixth game -----------------------------------------------------------------------


class ToyTable(RuleTable):
    family: Literal["toy"]
    points_per_win: int = 1


class ToyHand(HandModel):
    winner: str


class Toy(Game):
    hand_model = ToyHand

    def play(self, number, raw) -> HandResult:
        hand = parse_hand(ToyHand, raw, number)
        if hand.winner == "":
            raise HandError(number, "winner", "toy_nobody_won")
        self.check_player(number, "winner", hand.winner)
        dealer = self.seats.dealer
        deltas = self.book("punkte", {hand.winner: self.table.points_per_win})
        self.seats.pass_deal()
        return HandResult(number, dealer, deltas, {"winner": hand.winner})


TOY_WORDS = types.SimpleNamespace(
    PASSED="Keiner",
    describe=lambda table, hand, result: f"Gewonnen: {hand['winner']}",
    context_line=lambda state, standings, table: f"Geber {state['next_dealer']}",
    # the card the toy's own way: a star a point (no other game shows a star)
    card_look=lambda table, player, row, state: CardLook(big="★" * row["punkte"] or "–", small=("Sterne",)),
    next_label=lambda state, draft: "Nächste Runde",
    preview=lambda table, hand, result: f"{hand['winner']} gewinnt {result.deltas[hand['winner']]['punkte']}",
)
TOY_STATS = types.SimpleNamespace(
    COLUMNS=(),
    count=lambda table, players, games, stats: None,
    finish=lambda stats, row: None,
    phrases=lambda stats: [],
    no_game=lambda info: False,
    misdealt=lambda info: False,
    owed=lambda table, summary: None,
    open_rad=lambda table, players, result: (None, None),
)


def _toy_view(c, d, put, err):
    import flet as ft  # only when a screen shows the form: the engine never imports the toolkit

    return [ft.Row([ft.Button(p, key=f"winner-{p}", on_click=lambda _e=None, p=p: put(winner=p))
                    for p in c.players])]


TOY_FORM = types.SimpleNamespace(  # what a form has (scorepad.ui.forms.HandForm)
    initial=lambda c, existing: dict(existing or {}),
    to_hand=lambda c, d: {k: v for k, v in d.items() if not k.startswith("_")},
    view=_toy_view,
    summary=lambda c, d: "",
    pending=lambda c, d: None,
    quick_actions=lambda c, save: [],
)
TOY_TAPS = types.SimpleNamespace(  # what a game's taps have (scorepad.ui.forms.taps.HandTaps)
    taps=lambda table, ctx, hand: [f"winner-{hand['winner']}"],
    offered=lambda table, hand: hand,
)

TOY_REFUSALS = {"toy_nobody_won": Refusal("somebody wins every hand", "Irgendwer gewinnt immer")}

TOY = Family(name="toy", title="Toy", rules=ToyTable, game=Toy, tallies=("punkte",), tally_names={"punkte": "Pünktchen"},
             refusals=TOY_REFUSALS, field_names={"winner": "Gewinner"},
             words=TOY_WORDS, sheet=lambda t: [("Zählen", [f"Wer gewinnt, bekommt {t.points_per_win}."])],
             options=[("Punkte je Sieg", ("points_per_win",), [1, 2])], house=[], stats=TOY_STATS,
             generate=lambda rng, game: {"winner": rng.choice(list(game.players))}, form=TOY_FORM, taps=TOY_TAPS)
OPTIONAL_PARTS = {"tariffs", "house_for_table"}  # the parts a game may go without (the toy goes without them too)

TOY_TOML = '''
id = "toy"
name = "Toy"
family = "toy"
players = [2, 3]
tallies = ["punkte"]
'''


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy game registered and its rule table among the built-in ones, for this test only."""
    import scorepad.tables as tables

    folder = tmp_path / "rulesets"
    shutil.copytree(tables.builtin_dir(), folder)
    (folder / "toy.toml").write_text(TOY_TOML, encoding="utf-8")
    monkeypatch.setattr(tables, "builtin_dir", lambda: folder)
    tables.builtin_tables.cache_clear()
    with registered(TOY):
        yield TOY
    tables.builtin_tables.cache_clear()


def test_a_toy_game_is_started_scored_and_shown(toy, tmp_path):
    from scorepad.app import App
    from scorepad.describe import describe_hand
    from scorepad.rulesheet import rule_sheet
    from scorepad.ui.choices import evening_choices
    from scorepad.ui.words import context_line

    app = App.open(tmp_path / "toy.db")
    try:
        eid = app.start_evening("toy", ["Anna", "Beni"], options={"points_per_win": 2}).id
        app.add_hand(eid, {"winner": "Anna"})
        app.add_hand(eid, {"winner": "Beni"})
        app.add_hand(eid, {"winner": "Anna"})
        result = app.show(eid)
        assert result.standings == {"Anna": {"punkte": 4}, "Beni": {"punkte": 2}}
        table = app.table(eid)
        assert family_of(table) is TOY
        assert describe_hand(table, app.hands(eid)[0], result.hands[0]) == "Gewonnen: Anna"
        assert context_line("toy", result.state, result.standings, table) == "Geber Beni"
        assert ("Zählen", ["Wer gewinnt, bekommt 2."]) in rule_sheet(table)
        assert evening_choices("toy")[0][0] == "Punkte je Sieg"
        summary = app.summary(eid)
        assert summary.ranking == ["Anna", "Beni"] and summary.winner == "Anna"
        assert "Gewonnen: Anna" in app.export_session(eid, "md")
        assert "| Platz | Name | Pünktchen |" in app.export_session(eid, "md")  # the toy's name for its tally
        with pytest.raises(ScorepadError) as info:
            app.add_hand(eid, {"winner": ""})
        assert (info.value.code, info.value.rule, info.value.rule_german) == (
            "toy_nobody_won", "somebody wins every hand", "Irgendwer gewinnt immer")
        with pytest.raises(ScorepadError) as info:
            app.add_hand(eid, {})
        assert info.value.rule_german == "Noch offen: Gewinner"  # the toy's name for its hand key
        assert "Anna" in app.export_session(eid, "text")
    finally:
        app.close()


async def test_a_toy_game_is_entered_on_a_phone(toy, tmp_path):
    """Its card, its form, its own preview line, the taps that enter its hand: all its own."""
    from flet_harness import open_phone

    from scorepad.ui.main import make_main

    main = make_main(str(tmp_path / "phone.db"))
    try:
        eid = main.app.start_evening("toy", ["Anna", "Beni"], "Anna").id
        phone = await open_phone(main)
        await phone.tap(f"evening-{eid}")
        assert phone.text_of("context-line") == "Geber Anna"
        assert phone.text_of("value-Beni") == "–"
        table = main.app.table(eid)
        ctx = types.SimpleNamespace(players=["Anna", "Beni"])
        keys = family_of(table).taps_module().taps(table, ctx, {"winner": "Beni"})
        await phone.tap("next-hand")
        for key in keys:
            await phone.tap(key)
        assert phone.text_of("preview") == "Beni gewinnt 1"
        await phone.tap("save")
        assert main.app.show(eid).standings == {"Anna": {"punkte": 0}, "Beni": {"punkte": 1}}
        assert phone.text_of("value-Beni") == "★"
    finally:
        main.app.close()


def test_the_toy_game_needs_nothing_outside_its_own_module():
    """Every part the registry asks a game for (its rules, words and card, form, taps, ...) the
    toy gives from this file alone: no other file of scorepad or its tests names it, and the
    only parts it leaves out are those a game may go without."""
    def ours(value) -> bool:
        if isinstance(value, types.SimpleNamespace):
            return all(ours(v) for v in vars(value).values())
        if isinstance(value, (list, tuple)):
            return all(ours(v) for v in value)
        if callable(value):
            return value.__module__ == __name__
        return True  # data: a name, a title, a tally, an option's values

    for part in dataclasses.fields(Family):
        value = getattr(TOY, part.name)
        assert ours(value), f"the toy's {part.name} comes from outside this file"
        if part.default is not dataclasses.MISSING and value == part.default:
            assert part.name in OPTIONAL_PARTS, f"the toy goes without its {part.name}"
    assert TOY.form_module() is TOY_FORM and TOY.taps_module() is TOY_TAPS
    # (a test file that takes the toy from here to try it elsewhere uses it; it gives it nothing)
    outside = [path for path in sorted(ROOT.glob("scorepad/**/*.py")) + sorted(ROOT.glob("tests/*.py"))
               if path.name != Path(__file__).name and "from test_registry import" not in path.read_text(encoding="utf-8")
               and re.search(r'"toy"|\bToy\b', path.read_text(encoding="utf-8"))]
    assert outside == []


def test_the_engine_imports_no_form():
    """The families' forms are module paths: the engine's import never loads the UI toolkit."""
    import scorepad.games.family as family_module

    assert "flet" not in inspect.getsource(family_module)


def test_a_game_is_imported_when_first_asked_for():
    """Starting the app imports no game: the evening's game is imported when it is opened (in
    the browser, importing all five took about 0.1 s of every start)."""
    script = (
        "import sys, scorepad.engine, scorepad.ui.main\n"
        "from scorepad.games import find_family\n"
        "games = lambda: sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('scorepad.games.'))\n"
        "from scorepad.refusals import CATALOGUE\n"
        "print(games())\n"
        "print('bid_too_low' in CATALOGUE, 'neukirchner' in CATALOGUE)\n"
        "print(find_family('saukopf').title)\n"
        "print(games())\n"
        "games_then = games()\n"
        "print('bid_too_low' in CATALOGUE, 'neukirchner' in CATALOGUE)\n"
        "from scorepad.tables import builtin_dir, load_table_file\n"
        "from scorepad.games import tally_name\n"
        "table = load_table_file(builtin_dir() / 'saukopf.toml')\n"
        "print(tally_name(table, 'rauborstig'), tally_name(table, 'geld'), games() == games_then)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.splitlines()
    assert out[0] == "['scorepad.games.base', 'scorepad.games.family']"
    assert out[1] == "False False"  # no game's own refusals yet
    assert out[2] == "Saukopf"
    assert "scorepad.games.saukopf" in out[3] and "scorepad.games.schafkopf" not in out[3]
    assert out[4] == "True False"  # Saukopf's own refusals, not Struliwuli's
    assert out[5] == "Rauborstigkeit Geld True"  # its table checked and its tallies named: no other game imported


# --- a game's refusals and tallies come from its package ----------------------------------------


def test_a_refusal_code_is_given_once():
    """A game's refusals join the one catalogue when it is registered: a code that scorepad or
    another game gives already is refused (ValueError), and the game is not registered."""
    shared = Family(**{**TOY.__dict__, "name": "toy_shared", "refusals": {"hand_not_object": Refusal("x", "y")}})
    with pytest.raises(ValueError, match="hand_not_object"), registered(shared):
        pass
    assert find_family("toy_shared") is None and CATALOGUE["hand_not_object"].english != "x"
    twice = Family(**{**TOY.__dict__, "name": "toy_twice"})
    with registered(TOY):
        assert CATALOGUE["toy_nobody_won"] is TOY_REFUSALS["toy_nobody_won"]
        with pytest.raises(ValueError, match="toy_nobody_won"), registered(twice):
            pass
        assert find_family("toy_twice") is None
    assert "toy_nobody_won" not in CATALOGUE  # gone with the game


def test_a_hand_key_has_one_german_name():
    other = Family(**{**TOY.__dict__, "name": "toy_other", "refusals": {}, "field_names": {"winner": "Sieger"}})
    with registered(TOY):
        with pytest.raises(ValueError, match="winner"), registered(other):
            pass
    shared = Family(**{**TOY.__dict__, "name": "toy_other", "refusals": {}, "field_names": {"player": "Gewinner"}})
    with pytest.raises(ValueError, match="player"), registered(shared):
        pass


def test_a_table_keeps_only_tallies_a_game_declares():
    raw = {"id": "t", "name": "T", "family": "toy", "players": [2], "tallies": ["sterne"]}
    with registered(TOY):
        with pytest.raises(TableError) as info:
            validate_table(raw, "t")
        assert (info.value.key, info.value.code) == ("tallies[0]", "not_allowed_value")
        assert "'punkte'" in info.value.params["expected"] and "sterne" not in info.value.params["expected"]
    starry = Family(**{**TOY.__dict__, "tallies": ("sterne",), "tally_names": {"sterne": "Sterne"}})
    with registered(starry):
        assert tally_name(validate_table(raw, "t"), "sterne") == "Sterne"


def test_a_tally_is_named_as_its_game_names_it():
    saukopf = get_table("saukopf")
    assert tally_name(saukopf, "rauborstig") == "Rauborstigkeit" and tally_name(saukopf, "geld") == "Geld"
    # a table may keep another game's tally (as when the tallies were one list): that game names it
    kept = validate_table({**table_as_dict(saukopf), "tallies": ["fleisch", "rauborstig", "striche"]}, "t")
    assert tally_name(kept, "striche") == "Striche"


def test_nothing_outside_a_games_package_names_its_tallies():
    """A game's tallies and their German names are declared in its package (money, `geld`, is
    every game's: fmt.TALLY_NAMES); outside scorepad/games/ a game's tally is data only."""
    from scorepad import fmt

    assert fmt.TALLY_NAMES == {"geld": "Geld"}
    tallies = {t for name in FAMILIES for t in FAMILIES[name].tallies} - set(fmt.TALLY_NAMES)
    names = re.compile(r'"({})"'.format("|".join(sorted(tallies))))
    allowed = {("scorepad/describe.py", '"verloren')}  # a result in words ("lost": "verloren"), not the tally
    found = lines_outside_the_games(names, allowed)
    assert not found, "\n".join(found)
