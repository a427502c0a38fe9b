"""Refusals are structured where they are raised (a code and its parameters) and worded once, in
scorepad/refusals/ or the game's own package (scorepad/games/<name>/refusals.py): English for
the command line, German for the app. These tests walk the source for every refusal, format
every catalogue entry (every game's loaded through the registry), and check the phone shows
German."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from conftest import VRONI4
from flet_harness import open_phone
from hypothesis import HealthCheck, given, settings
from test_properties import PLAYERS, evening

import scorepad
import scorepad.app  # noqa: F401  (defines the application layer's refusals)
import scorepad.store  # noqa: F401
from scorepad.engine import replay
from scorepad.errors import HandError, ScorepadError
from scorepad.games import FAMILIES, every_family
from scorepad.refusals import CATALOGUE, Names, render
from scorepad.refusals.files import FILES
from scorepad.refusals.games import GAMES
from scorepad.tables import get_table

every_family()  # every game's refusals in the catalogue (a start loads only its own)

pytestmark = pytest.mark.store

SOURCE = Path(scorepad.__file__).parent
PLACEHOLDER = re.compile(r"\{[a-z_]+(![rs])?(:[a-z]*)?\}")  # a template's {name}, left unformatted
ENGLISH_GIVEAWAYS = [" the ", " is ", " must ", " missing", " not ", " cannot ", " needs ", " only ", " and ",
                     "evening "]


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


REFUSALS = {cls.__name__: cls for cls in [ScorepadError, *_subclasses(ScorepadError)]}
# where the code is among a refusal's arguments; the rest take the code first
CODE_AT = {"HandError": 2, "TableError": 2, "SessionError": 1}
# these wrap or build their code themselves (in their __init__, checked there)
BUILDS_ITS_CODE = {"LaterHandError", "StaleVersionError"}


def _placeholders(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _specs(template: str) -> dict[str, str]:
    return {name: spec for _, name, spec, _ in string.Formatter().parse(template) if name}


def _sources():
    # the catalogue itself (scorepad/refusals/, each game's refusals.py) left out
    return sorted(p for p in SOURCE.rglob("*.py") if p.parent.name != "refusals" and p.name != "refusals.py")


def _raised_codes():
    """Every refusal built in the source: (file:line, class, code node)."""
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in REFUSALS or name in BUILDS_ITS_CODE:
                continue
            at = CODE_AT.get(name, 0)
            where = f"{path.relative_to(SOURCE.parent)}:{node.lineno}"
            assert len(node.args) > at, f"{where}: {name}(...) without a refusal code"
            yield where, name, node.args[at]


def _codes_of(node) -> list[str] | None:
    """The codes a code argument can be: constants (or a choice between constants); None when it
    forwards a code from elsewhere (a variable, exc.code)."""
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _codes_of(node.body), _codes_of(node.orelse)
        return None if a is None or b is None else a + b
    if isinstance(node, (ast.Name, ast.Attribute)):
        return None
    return ["<not a code: " + ast.unparse(node) + ">"]


def test_every_refusal_raised_has_a_code_in_the_catalogue():
    seen = []
    for where, name, node in _raised_codes():
        codes = _codes_of(node)
        for code in codes or []:
            assert isinstance(code, str) and code in CATALOGUE, f"{where}: {name} raised with {code!r}, not a code"
            seen.append(code)
    assert len(seen) > 150  # every game, the session, the tables, the store, the app and the CLI


def test_every_catalogue_entry_is_used_somewhere():
    constants = set()
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
    assert sorted(set(CATALOGUE) - constants) == []


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_each_entry_says_the_same_in_german(code):
    entry = CATALOGUE[code]
    assert entry.german.strip()
    # but the field's German name and a character's kind in German words (names.char_words),
    # which only the German sentence says
    assert _placeholders(entry.english) == _placeholders(entry.german) - {"field", "char_kind"}
    found = [w for w in ENGLISH_GIVEAWAYS if w in f" {entry.german} "]
    assert not found, f"{code}: English in the German {entry.german!r}: {found}"
    assert not entry.german.startswith("Noch offen"), "a missing refusal gets 'Noch offen: ' from the app"


def _sample(template: str) -> dict:
    out = {}
    for name, spec in _specs(template).items():
        if spec in Names.JOINERS:
            out[name] = Names(["Hias", "Wast"]) if spec else "Hias, Wast"
        else:
            out[name] = 1.5  # a number fits every spec used (":g")
    return out


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_each_entry_formats_with_sample_parameters(code):
    entry = CATALOGUE[code]
    params = {k: v for k, v in _sample(entry.english).items() if k != "field"}
    params.update({k: v for k, v in _sample(entry.german).items() if k != "field" and k not in params})
    for exc in (ScorepadError(code, **params), HandError(3, "partner", code, **params)):
        assert str(exc) and "{" not in exc.german and "}" not in exc.german
        assert exc.missing == entry.missing
        assert exc.german.startswith("Noch offen: ") == entry.missing
    assert str(HandError(3, "partner", code, **params)).startswith("hand 3: partner: ")


def test_the_command_line_keeps_its_english():
    exc = HandError(2, "bid", "bid_too_low", game="Mast", min=91)
    assert str(exc) == "hand 2: bid: Mast needs a bid of 91 or more"
    assert exc.german == "Mast braucht mindestens 91" and not exc.missing
    partner = HandError(1, "partner", "partner_missing_is", game="Sauspiel", partner_is="hat die gerufene Sau")
    assert str(partner) == "hand 1: partner: a Sauspiel needs a partner (hat die gerufene Sau)"
    assert partner.missing and partner.german == "Noch offen: Mitspieler (Sauspiel: wer hat die gerufene Sau?)"


# --- the phone ----------------------------------------------------------------------------------


def _english(texts: list[str]) -> list[str]:
    return [t for t in texts if any(w in f" {t} " for w in ENGLISH_GIVEAWAYS + [" partner", "nothing to"])]


async def test_a_sauspiel_without_its_partner_is_open_in_german(main):
    eid = main.app.start_evening("schafkopf", VRONI4, "Vroni").id
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("next-hand")
    await phone.tap("player-Vroni")
    status = phone.text_of("preview")
    assert status.startswith("Noch offen: Mitspieler"), status
    assert "needs a partner" not in status
    assert _english(phone.texts()) == []
    assert phone.find("save").disabled


async def test_undo_with_nothing_to_undo_says_so_in_german(main):
    eid = main.app.start_evening("schafkopf", VRONI4, "Vroni").id
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("undo")
    texts = phone.texts()  # the SnackBar is an open dialog
    assert f"Abend {eid}: nichts mehr rückgängig zu machen" in texts
    assert _english(texts) == []


# --- every refusal the engine gives to generated hands ------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_every_generated_refusal_has_german_words(ruleset):
    @settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands=evening(ruleset))
    def run(hands):
        try:
            replay(get_table(ruleset), PLAYERS[ruleset], hands)
        except HandError as exc:
            assert exc.code in CATALOGUE
            assert exc.german and not PLACEHOLDER.search(exc.german), exc.german
            assert str(exc) == f"hand {exc.number}: {exc.key}: {render(exc.code, exc.params)}"

    run()


def test_a_refusal_survives_pickling_with_both_languages():
    import pickle

    from scorepad.app import LaterHandError

    exc = LaterHandError("edit hand 2", HandError(4, "participants", "weg_cannot_play", player="Vroni"), 5)
    again = pickle.loads(pickle.dumps(exc))
    assert str(again) == str(exc) and again.german == exc.german
    assert again.german == "Dann passt Spiel 4 (vorher Spiel 5) nicht mehr: Vroni ist weg und kann nicht mitgehen"


# --- each game's refusals in its package --------------------------------------------------------


def test_a_refusal_only_one_game_raises_is_worded_in_its_package():
    """scorepad/refusals/ holds what is shared: a code raised by one game's package alone lives
    in that package's refusals.py (and is merged into the catalogue when the game is loaded)."""
    users: dict[str, set[str]] = {}
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in CATALOGUE:
                users.setdefault(node.value, set()).add(path.relative_to(SOURCE).as_posix())
    one_game = []
    for code in {**GAMES, **FILES}:
        games = {p.split("/")[1] for p in users.get(code, ()) if p.startswith("games/") and p.count("/") == 2}
        if len(games) == 1 and all(p.startswith(f"games/{next(iter(games))}/") for p in users[code]):
            one_game.append(f"{code}: only {games.pop()} raises it")
    assert one_game == []


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_a_games_own_refusals_are_in_the_catalogue_once_it_is_loaded(name):
    family = FAMILIES[name]
    assert family.refusals, f"{name} has no refusals of its own"
    for code, entry in family.refusals.items():
        assert CATALOGUE[code] is entry
        assert code not in GAMES and code not in FILES
    for other in FAMILIES:
        if other != name:
            assert not set(family.refusals) & set(FAMILIES[other].refusals)
