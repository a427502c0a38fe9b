"""A tournament's name and its players' names follow the one rule of every name and text
(scorepad/texts.py): plain text, no control character (DEL), no line or paragraph separator
(U+2028), no writing-direction mark (an LRM pasted from a chat, U+202E), no zero-width
character. Refused where the name comes in, in German naming the character, nothing stored;
a draw never fails on a "note" the organiser never wrote (a name stored before still draws)."""

from __future__ import annotations

import sqlite3

import pytest

from scorepad.app.errors import TournamentError
from scorepad.errors import ScorepadError

pytestmark = pytest.mark.store

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # 👨‍👩‍👧: one picture on a phone (a ZWJ sequence)
HOSTILE = {"\u200d": "U+200D", "\u200e": "U+200E", "\u202e": "U+202E", "\u2028": "U+2028", "\x7f": "U+007F"}


@pytest.mark.parametrize("char", HOSTILE)
def test_a_tournament_name_with_a_control_or_direction_character_is_refused_naming_it(app, char):
    with pytest.raises(TournamentError) as refusal:
        app.new_tournament(f"Kirta{char}2026", RULES, 1, 1, FIELD, seed="1")
    assert HOSTILE[char] in refusal.value.german and refusal.value.german.startswith("Der Name des Turniers")
    assert app.list_tournaments() == []


@pytest.mark.parametrize("char", HOSTILE)
def test_a_player_name_with_a_control_or_direction_character_is_refused(app, char):
    with pytest.raises(ScorepadError) as refusal:
        app.new_tournament("Kirta", RULES, 1, 1, FIELD[:-1] + [f"Gir{char}gl"], seed="1")
    assert HOSTILE[char] in refusal.value.german and refusal.value.german.startswith("„Gir")
    assert app.list_tournaments() == []


def test_a_tournament_stored_with_a_direction_mark_before_still_draws(app, db):
    tid = app.new_tournament("Kirta", RULES, 1, 1, FIELD, seed="1").id
    with sqlite3.connect(db) as conn:  # as an earlier release stored it
        conn.execute("UPDATE tournaments SET name = ? WHERE id = ?", ["\u200eKirta\u202e 2026\u200d", tid])
    drawn = app.draw_round(tid)
    assert [app.evening(t.evening).note for t in drawn.tables] == ["Kirta 2026: Runde 1, Tisch 1",
                                                                   "Kirta 2026: Runde 1, Tisch 2"]


def test_a_family_emoji_is_a_name_and_its_tournament_draws_and_exports(app):
    tid = app.new_tournament(f"Kirta {FAMILY}", RULES, 1, 1, FIELD[:-1] + [f"Girgl {FAMILY}"], seed="1").id
    drawn = app.draw_round(tid)
    assert {app.evening(t.evening).note for t in drawn.tables} == {f"Kirta {FAMILY}: Runde 1, Tisch {k}" for k in (1, 2)}
    assert f"Girgl {FAMILY}" in {p for t in drawn.tables for p in t.seats}
    for format in ("csv-de", "html", "json"):
        assert FAMILY in app.export_tournament(tid, format), format
    assert FAMILY in app.printed_standings(tid)
    assert FAMILY in app.export_session(drawn.tables[0].evening, "csv") or FAMILY in app.export_session(
        drawn.tables[1].evening, "csv")
