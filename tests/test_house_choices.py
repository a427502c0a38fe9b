"""Every choice the house-rules screen offers, for every game, changes the table it makes (issue
37): picked as the screen picks it (ui/choices.py), kept as a house variant, its key has the
picked value in the stored table and the rule sheet says something else. A choice whose path
names no key of any built-in table of its game is no choice at all: refused here too."""

from __future__ import annotations

import pytest

from scorepad.errors import ScorepadError
from scorepad.games import FAMILIES
from scorepad.games.family import has_path, is_member_path
from scorepad.rulesheet import rule_sheet
from scorepad.tables import builtin_tables, with_options
from scorepad.ui.choices import all_choices, choice_values, picked, value_at

pytestmark = pytest.mark.unit

# a value a base table refuses for a reason of its own, with the choice that must come first
NEEDS = {("doppelkopf-haus", "pflichtsolo.per", "round"): {"round_games": 24},
         ("doppelkopf", "round_games", None): {"pflichtsolo": {"per": "none"}},
         ("schafkopf", "contracts.sie.with_laufende", None): {"laufende": {"enabled": True}}}


def switched_on(table, path):
    """The options that switch on what a choice belongs to (its `enabled` beside it: Bock's
    triggers count, and the rule sheet says them, only with Bock on)."""
    for end in range(len(path) - 1, 0, -1):
        switch = (*path[:end], "enabled")
        if switch != path and not is_member_path(table, switch) and has_path(table, switch) \
                and value_at(table, switch) is False:
            return picked({}, switch, True)
    return {}


def offered():
    """(table id, path, value) for every value the screen offers besides what stands."""
    for tid, table in builtin_tables().items():
        for _label, path, values in all_choices(table):
            for value, _words in choice_values(path, values):
                if value != value_at(table, path):
                    yield pytest.param(tid, path, value, id=f"{tid}:{'.'.join(path)}={value}")


@pytest.mark.parametrize("tid, path, value", list(offered()))
def test_every_offered_house_choice_changes_the_stored_variant_and_the_rule_sheet(app, tid, path, value):
    base = builtin_tables()[tid]
    needs = NEEDS.get((tid, ".".join(path), value if isinstance(value, str) else None), {})
    needs = {**switched_on(base, path), **needs}
    options = picked(needs, path, value, base)
    before = rule_sheet(with_options(base, needs))
    app.save_house_rules("Stammtisch", tid, options)
    stored = app.house_table("Stammtisch")
    assert value_at(stored, path) == value
    assert rule_sheet(stored) != before


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_house_choice_of_a_game_names_a_key_of_its_tables(family):
    tables = [t for t in builtin_tables().values() if t.family == family]
    fam = FAMILIES[family]
    for label, path, _values in [*fam.options, *fam.house]:
        assert any(has_path(t, path) for t in tables), f"{label}: {'.'.join(path)} is no key of a {family} table"


def test_the_ddv_table_offers_the_bock_triggers_though_it_has_none():
    ddv = builtin_tables()["doppelkopf"]
    paths = [path for _label, path, _values in all_choices(ddv)]
    assert ("bock", "after", "tie") in paths and ("bock", "after", "lost_solo") in paths
    options = picked(picked({}, ("bock", "enabled"), True, ddv), ("bock", "after", "tie"), True, ddv)
    table = with_options(ddv, options)
    options = picked(options, ("bock", "after", "lost_solo"), True, table)
    assert with_options(ddv, options).bock.after == ["tie", "lost_solo"]


def test_a_trigger_switched_off_leaves_the_others():
    haus = builtin_tables()["doppelkopf-haus"]
    assert with_options(haus, picked({}, ("bock", "after", "tie"), False, haus)).bock.after == ["lost_solo"]


def test_a_pflichtsolo_per_round_without_rounds_is_refused_in_german(app):
    with pytest.raises(ScorepadError) as info:
        app.save_house_rules("Stammtisch", "doppelkopf-haus", {"pflichtsolo": {"per": "round"}})
    assert "Runde" in info.value.german


def test_a_trigger_is_added_to_the_triggers_the_options_have_when_the_table_shown_is_the_base():
    ddv = builtin_tables()["doppelkopf"]
    options = {"bock": {"after": ["tie"]}}
    assert picked(options, ("bock", "after", "lost_solo"), True, ddv) == {"bock": {"after": ["tie", "lost_solo"]}}
