"""The application layer on a real store file: hands in, edits, undo, refusals, round trips.

Every refusal must raise a ScorepadError and leave the file exactly as it was; every
standing must be what the engine's replay of the stored hands gives.
"""

from __future__ import annotations

import json
import math
import sqlite3

import pytest
from conftest import SK4, VRONI4, sauspiel

from scorepad.app import (
    App,
    EveningClosedError,
    ExportError,
    LaterHandError,
    NothingToUndoError,
    NotYourChangeError,
    PlayerNameError,
    StaleVersionError,
)
from scorepad.devtools.bench import generate_session
from scorepad.engine import replay
from scorepad.errors import HandError, ScorepadError, SessionError
from scorepad.session import parse_session
from scorepad.store import NotFoundError
from scorepad.tables import builtin_tables, get_table, table_as_dict, with_options

pytestmark = pytest.mark.store

V, H, K, W = VRONI4
RAMSCH = [V, H, K, W]
RULESETS = sorted(builtin_tables())


def ramsch(tricks: dict[str, int]) -> dict:
    return {"participants": [p for p in RAMSCH if p in tricks], "tricks": tricks}


# Vroni: 7 -> 2 -> 4 (goes Ramsch) -> 2 -> 1; without hand 2 she is weg after hand 3.
RAMSCH_HANDS = [
    ramsch({V: 5, H: 0, K: 0, W: 0}),
    ramsch({V: 0, H: 5}),
    ramsch({V: 2, K: 3}),
    ramsch({V: 1, W: 4}),
]


def fingerprint(app: App) -> list[str]:
    """Every committed row of the file, read through a second connection."""
    conn = sqlite3.connect(app.store.path)
    try:
        return list(conn.iterdump()) + [str(conn.execute("PRAGMA user_version").fetchone()[0])]
    finally:
        conn.close()


def fresh_show(app: App, evening_id: int) -> dict:
    """The evening replayed from the store, not from a live replay in memory."""
    app.forget()
    return app.show(evening_id).as_dict()


def engine_replay(session: dict) -> dict:
    table = with_options(get_table(session["ruleset"]), session.get("options"))
    return replay(table, session["players"], session["hands"], session.get("first_dealer")).as_dict()


def schafkopf_evening(app: App, hands: int = 3) -> int:
    evening = app.start_evening("schafkopf", SK4)
    for _ in range(hands):
        app.add_hand(evening.id, sauspiel(70))
    return evening.id


# --- starting and adding -------------------------------------------------------------------


def test_start_evening_copies_the_rule_table_with_its_options(app):
    options = {"laufende": {"enabled": True}}
    info = app.start_evening("schafkopf", SK4, first_dealer=V, options=options, place="Gasthof Post", note="Stammtisch")
    row = app.store.evening(info.id)
    assert json.loads(row["rule_table"]) == table_as_dict(with_options(get_table("schafkopf"), options))
    assert json.loads(row["options"]) == options
    assert (info.ruleset, info.game, info.players, info.first_dealer) == ("schafkopf", "Schafkopf", SK4, V)
    assert (info.place, info.note, info.finished, info.hands, info.version) == ("Gasthof Post", "Stammtisch", False, 0, 1)
    assert [c.action for c in app.history(info.id)] == ["start"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_hands_added_one_by_one_score_like_the_engine_replay(app, ruleset):
    session = generate_session(get_table(ruleset), 25, seed=3)
    evening = app.start_evening(ruleset, session["players"])
    for number, hand in enumerate(session["hands"], 1):
        result = app.add_hand(evening.id, hand)
        assert (result.number, result.hands, result.version) == (number, number, number + 1)
    expected = engine_replay(session)
    assert app.show(evening.id).as_dict() == expected
    assert result.standings == expected["standings"] and result.state == expected["state"]
    assert fresh_show(app, evening.id) == expected


def test_add_returns_the_new_hand_and_the_standings(app):
    evening = app.start_evening("schafkopf", SK4)
    result = app.add_hand(evening.id, sauspiel(70))
    assert result.hand == {"number": 1, "dealer": H, "deltas": {H: {"geld": 20}, V: {"geld": -20},
                                                              W: {"geld": 20}, K: {"geld": -20}}}
    assert result.standings[H] == {"geld": 20}
    assert result.state == {"next_dealer": V}


def test_a_second_app_on_the_same_file_never_scores_from_an_old_live_replay(tmp_path):
    with App.open(tmp_path / "s.db") as one, App.open(tmp_path / "s.db") as two:
        evening = one.start_evening("schafkopf", SK4)
        one.add_hand(evening.id, sauspiel(70))
        two.show(evening.id)  # two now has a live replay at this version
        one.edit_hand(evening.id, 1, sauspiel(augen=20))
        one.add_hand(evening.id, sauspiel(70, player=V, partner=K))
        result = two.add_hand(evening.id, sauspiel(70))
        assert result.number == 3
        assert result.standings == fresh_show(one, evening.id)["standings"]


# --- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_import_export_import_gives_an_identical_evening(app, ruleset):
    session = generate_session(get_table(ruleset), 60, seed=7)
    session["first_dealer"] = session["players"][1]
    first = app.import_session(json.dumps(session))
    exported = json.loads(app.export_session(first.id, "json"))
    results = exported.pop("results")  # the computed results ride along; import ignores them
    assert exported["date"] == first.started_at  # the evening's date travels with it
    assert {k: v for k, v in exported.items() if k != "date"} == parse_session(session).as_dict()
    assert results["replay"] == engine_replay(session)
    second = app.import_session(json.dumps({**exported, "results": results}))
    again = json.loads(app.export_session(second.id))
    assert again.pop("results")["replay"] == results["replay"]
    assert again == exported
    assert fresh_show(app, second.id) == fresh_show(app, first.id) == engine_replay(session)


def test_export_keeps_options(app):
    session = {"format": 1, "ruleset": "schafkopf", "players": SK4, "options": {"laufende": {"enabled": True}},
               "hands": [sauspiel(70)]}
    evening = app.import_session(session)
    exported = json.loads(app.export_session(evening.id))
    exported.pop("results")
    assert exported.pop("date") == evening.started_at  # the evening's date travels with it
    assert exported == session


@pytest.mark.parametrize("change", ["edit", "delete"])
def test_a_change_then_undo_is_identical_and_redo_does_it_again(app, change):
    session = generate_session(get_table("schafkopf"), 30, seed=11)
    evening = app.import_session(session)
    before_file, before_show = app.export_session(evening.id), app.show(evening.id).as_dict()
    if change == "edit":
        changed = app.edit_hand(evening.id, 5, sauspiel(player=K, partner=V, augen=12))
    else:
        changed = app.delete_hand(evening.id, 5)
    after_file, after_show = app.export_session(evening.id), fresh_show(app, evening.id)
    assert after_show["standings"] == changed.standings != before_show["standings"]
    app.undo(evening.id)
    assert app.export_session(evening.id) == before_file
    assert app.show(evening.id).as_dict() == before_show == fresh_show(app, evening.id)
    app.redo(evening.id)
    assert app.export_session(evening.id) == after_file
    assert fresh_show(app, evening.id) == after_show


def test_undo_and_redo_walk_back_and_forth_through_the_changes(app):
    evening = app.start_evening("schafkopf", SK4)
    hands = [sauspiel(augen=a) for a in (70, 20, 90)]
    for hand in hands:
        app.add_hand(evening.id, hand)
    app.edit_hand(evening.id, 2, sauspiel(augen=100))
    app.delete_hand(evening.id, 1)

    def stored():
        return json.loads(app.export_session(evening.id))["hands"]

    assert stored() == [sauspiel(augen=100), hands[2]]
    assert app.undo(evening.id).action == "undo"
    assert stored() == [hands[0], sauspiel(augen=100), hands[2]]
    app.undo(evening.id)
    assert stored() == hands
    app.undo(evening.id)
    assert stored() == hands[:2]
    app.redo(evening.id)
    assert stored() == hands
    app.add_hand(evening.id, sauspiel(augen=61))  # a new change: nothing left to redo
    with pytest.raises(NothingToUndoError, match="nothing to redo"):
        app.redo(evening.id)
    for _ in range(4):
        app.undo(evening.id)
    assert stored() == []
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        app.undo(evening.id)
    assert fresh_show(app, evening.id)["hands"] == []
    actions = [c.action for c in app.history(evening.id)]
    assert actions == ["start", "add", "add", "add", "edit", "delete", "undo", "undo", "undo", "redo", "add",
                       "undo", "undo", "undo", "undo"]
    assert [c.version for c in app.history(evening.id)] == list(range(1, len(actions) + 1))


# --- refusals that name a later hand ---------------------------------------------------------


def ramsch_evening(app: App) -> int:
    evening = app.start_evening("zaisertshofer-ramsch", RAMSCH)
    for hand in RAMSCH_HANDS:
        app.add_hand(evening.id, hand)
    return evening.id


def test_an_edit_that_makes_a_later_hand_invalid_is_refused_naming_that_hand(app):
    evening = ramsch_evening(app)
    before = fingerprint(app)
    with pytest.raises(LaterHandError) as info:
        app.edit_hand(evening, 2, ramsch({V: 2, H: 3}))
    assert str(info.value) == "cannot edit hand 2: hand 3: participants: Vroni is weg and cannot take part"
    assert (info.value.number, info.value.was) == (3, 3)
    assert fingerprint(app) == before


def test_a_delete_that_makes_a_later_hand_invalid_names_it_by_its_new_number(app):
    evening = ramsch_evening(app)
    before = fingerprint(app)
    with pytest.raises(LaterHandError) as info:
        app.delete_hand(evening, 2)
    assert str(info.value) == ("cannot delete hand 2: hand 3 (numbered after the change; it was hand 4): "
                               "participants: Vroni is weg and cannot take part")
    assert isinstance(info.value, HandError) and info.value.number == 3
    assert fingerprint(app) == before
    assert app.add_hand(evening, ramsch({H: 1, K: 4})).number == 5  # the evening goes on


def test_an_edit_that_breaks_its_own_hand_gives_the_engine_message(app):
    evening = schafkopf_evening(app)
    with pytest.raises(HandError) as info:
        app.edit_hand(evening, 2, sauspiel(70, partner=H))
    assert not isinstance(info.value, LaterHandError)
    assert str(info.value).startswith("hand 2: partner:")


# --- every refusal stores nothing ------------------------------------------------------------


REFUSALS = {
    "invalid hand": (lambda app, e: app.add_hand(e, sauspiel(augen=130)), HandError),
    "not an object": (lambda app, e: app.add_hand(e, [1, 2]), HandError),
    "not JSON": (lambda app, e: app.add_hand(e, {"game": "sauspiel", "augen": math.nan}), HandError),
    "unknown key": (lambda app, e: app.add_hand(e, {**sauspiel(70), "agen": 3}), HandError),
    "edit no such hand": (lambda app, e: app.edit_hand(e, 9, sauspiel(70)), NotFoundError),
    "edit hand 0": (lambda app, e: app.edit_hand(e, 0, sauspiel(70)), NotFoundError),
    "edit invalid": (lambda app, e: app.edit_hand(e, 1, {"game": "sauspiel"}), HandError),
    "delete no such hand": (lambda app, e: app.delete_hand(e, 4), NotFoundError),
    "delete hand '1'": (lambda app, e: app.delete_hand(e, "1"), NotFoundError),
    "edit hand True": (lambda app, e: app.edit_hand(e, True, sauspiel(70)), NotFoundError),
    "place not text": (lambda app, e: app.start_evening("schafkopf", SK4, place=["Post"]), SessionError),
    "redo nothing": (lambda app, e: app.redo(e), NothingToUndoError),
    "no such evening": (lambda app, e: app.add_hand(e + 1, sauspiel(70)), NotFoundError),
    "stale add": (lambda app, e: app.add_hand(e, sauspiel(70), expected_version=3), StaleVersionError),
    "stale edit": (lambda app, e: app.edit_hand(e, 1, sauspiel(70), expected_version=1), StaleVersionError),
    "stale delete": (lambda app, e: app.delete_hand(e, 1, expected_version=2), StaleVersionError),
    "stale undo": (lambda app, e: app.undo(e, expected_version=0), StaleVersionError),
    "stale finish": (lambda app, e: app.finish_evening(e, expected_version=2), StaleVersionError),
    "reopen unfinished": (lambda app, e: app.finish_evening(e, finished=False), EveningClosedError),
    "unknown ruleset": (lambda app, e: app.start_evening("tarock", SK4), SessionError),
    "too few players": (lambda app, e: app.start_evening("schafkopf", SK4[:3]), SessionError),
    "same name twice": (lambda app, e: app.start_evening("schafkopf", [H, V, W, "hias"]), SessionError),
    "bad option": (lambda app, e: app.start_evening("schafkopf", SK4, options={"laufende": 3}), SessionError),
    "import not JSON": (lambda app, e: app.import_session("{oops"), SessionError),
    "import bad hand": (lambda app, e: app.import_session(
        {"format": 1, "ruleset": "schafkopf", "players": SK4, "hands": [sauspiel(70), sauspiel(augen=-1)]}), HandError),
    "import format 2": (lambda app, e: app.import_session({"format": 2, "ruleset": "schafkopf", "players": SK4}),
                        SessionError),
    "rename unknown": (lambda app, e: app.rename_player("Zenzi", "Resi"), NotFoundError),
    "rename to a taken name": (lambda app, e: app.rename_player(H, "vroni"), PlayerNameError),
    "rename to empty": (lambda app, e: app.rename_player(H, "  "), PlayerNameError),
    "export format": (lambda app, e: app.export_session(e, "pdf"), ExportError),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_every_refusal_raises_a_scorepad_error_and_stores_nothing(app, name):
    attempt, error = REFUSALS[name]
    evening = schafkopf_evening(app, hands=3)  # at version 4
    before = fingerprint(app)
    with pytest.raises(error) as info:
        attempt(app, evening)
    assert isinstance(info.value, ScorepadError)
    assert "\n" not in str(info.value)
    assert fingerprint(app) == before
    assert app.add_hand(evening, sauspiel(70)).number == 4  # nothing half-done is left behind
    assert fresh_show(app, evening)["standings"][H] == {"geld": 80}


def test_a_stale_version_is_refused_in_german(app):
    evening = schafkopf_evening(app, hands=1)
    assert app.add_hand(evening, sauspiel(70), expected_version=2).version == 3
    with pytest.raises(StaleVersionError, match="Inzwischen wurde ein Spiel eingetragen"):
        app.add_hand(evening, sauspiel(70), expected_version=2)


def test_a_finished_evening_takes_no_hand_changes_until_reopened(app):
    evening = schafkopf_evening(app, hands=2)
    info = app.finish_evening(evening)
    assert info.finished and info.finished_at and info.version == 4
    before = fingerprint(app)
    for attempt in (lambda: app.add_hand(evening, sauspiel(70)), lambda: app.edit_hand(evening, 1, sauspiel(70)),
                    lambda: app.delete_hand(evening, 1), lambda: app.undo(evening),
                    lambda: app.finish_evening(evening)):
        with pytest.raises(EveningClosedError):
            attempt()
    assert fingerprint(app) == before
    assert not app.finish_evening(evening, finished=False).finished
    assert app.add_hand(evening, sauspiel(70)).number == 3
    assert app.undo(evening).hands == 2


def test_a_failed_write_leaves_no_live_replay_behind(app, monkeypatch):
    evening = schafkopf_evening(app, hands=2)
    app.show(evening)

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(app.store, "log_change", broken)
    with pytest.raises(ScorepadError, match="disk I/O error"):
        app.add_hand(evening, sauspiel(augen=10))
    monkeypatch.undo()
    assert app.add_hand(evening, sauspiel(70)).standings == fresh_show(app, evening)["standings"]
    assert app.show(evening).standings[H] == {"geld": 60}


# --- the stored rule table -------------------------------------------------------------------


def test_an_old_evening_keeps_its_table_when_the_built_in_one_changes(app, monkeypatch):
    evening = schafkopf_evening(app, hands=2)
    before = app.show(evening).as_dict()
    dearer = with_options(get_table("schafkopf"), {"contracts": {"sauspiel": {"tariff": 50}}})
    monkeypatch.setattr("scorepad.session.get_table", lambda rid: dearer)
    monkeypatch.setattr("scorepad.app.reports.get_table", lambda rid: dearer)
    assert fresh_show(app, evening) == before
    assert app.add_hand(evening, sauspiel(70)).standings[H] == {"geld": 60}
    new = app.start_evening("schafkopf", SK4)
    assert app.add_hand(new.id, sauspiel(70)).standings[H] == {"geld": 50}
    # the session file names the ruleset; the options carry the old tariff back
    exported = json.loads(app.export_session(evening))
    assert exported["options"] == {"contracts": {"sauspiel": {"tariff": 20}}}
    copy = app.import_session(exported)
    assert fresh_show(app, copy.id) == fresh_show(app, evening)


def test_export_refuses_what_a_session_file_cannot_carry(app, monkeypatch):
    evening = schafkopf_evening(app, hands=1)
    monkeypatch.setattr("scorepad.app.reports.get_table", lambda rid: (_ for _ in ()).throw(SessionError("ruleset", "ruleset_unknown", ruleset="gone", known="")))
    with pytest.raises(ExportError, match="has changed since the evening was started"):
        app.export_session(evening)


# --- players -----------------------------------------------------------------------------------


def test_players_come_back_whatever_the_case_of_their_name(app):
    first = app.start_evening("schafkopf", SK4)
    session = {"format": 1, "ruleset": "schafkopf", "players": ["HIAS", "vroni", "Wast", "Kathi"],
               "first_dealer": "vroni", "hands": [sauspiel(70, player="HIAS", partner="vroni")]}
    second = app.import_session(session)
    assert second.players == SK4 and second.first_dealer == V
    assert json.loads(app.export_session(second.id))["hands"] == [sauspiel(70, player=H, partner=V)]
    assert [(p.name, p.evenings) for p in app.players()] == [(H, 2), (K, 2), (V, 2), (W, 2)]
    assert app.start_evening("schafkopf", ["WAST", "kathi", "Hias", "Vroni"]).players == [W, K, H, V]
    assert first.id != second.id


def test_renaming_a_player_keeps_every_evening_and_its_scores(app):
    one = schafkopf_evening(app, hands=2)
    two = app.start_evening("zaisertshofer-ramsch", RAMSCH).id
    for hand in RAMSCH_HANDS:
        app.add_hand(two, hand)
    shows = {e: fresh_show(app, e) for e in (one, two)}
    versions = {e: app.evening(e).version for e in (one, two)}
    info = app.rename_player("vroni", "Veronika")
    assert (info.name, info.evenings) == ("Veronika", 2)
    for e in (one, two):
        renamed = json.loads(json.dumps(shows[e]).replace('"Vroni"', '"Veronika"'))
        assert fresh_show(app, e) == renamed
        assert app.evening(e).version == versions[e] + 1
        assert app.history(e)[-1].model_dump(include={"action", "old", "new"}) == {
            "action": "rename", "old": {"name": V}, "new": {"name": "Veronika"}}
    assert "Vroni" not in app.export_session(two)
    assert app.add_hand(two, {"participants": ["Veronika", W], "tricks": {"Veronika": 1, W: 4}}).number == 5


def test_undo_after_a_rename_restores_the_hand_under_the_new_name(app):
    evening = app.start_evening("schafkopf", SK4).id
    app.add_hand(evening, sauspiel(70, player=V, partner=K))
    app.edit_hand(evening, 1, sauspiel(70))
    app.delete_hand(evening, 1)
    app.rename_player(V, "Veronika")
    app.undo(evening)
    app.undo(evening)
    assert json.loads(app.export_session(evening))["hands"] == [sauspiel(70, player="Veronika", partner=K)]
    app.rename_player("Veronika", "Vroni")
    app.redo(evening)
    assert json.loads(app.export_session(evening))["hands"] == [sauspiel(70)]
    app.undo(evening)
    assert json.loads(app.export_session(evening))["hands"] == [sauspiel(70, player=V, partner=K)]


def test_a_rename_that_would_change_a_hand_is_refused(app):
    evening = app.start_evening("schafkopf", ["gras", V, W, K]).id
    app.add_hand(evening, sauspiel(70, player="gras"))  # "gras" is a player and, here, the suit too
    before = fingerprint(app)
    with pytest.raises(PlayerNameError, match="used in the hands for something else"):
        app.rename_player("gras", "Gras-Sepp")
    assert fingerprint(app) == before
    with pytest.raises(PlayerNameError):
        app.rename_player("gras", "Gras")  # only the case changes, but the suit would change with it
    assert fingerprint(app) == before


# --- undo from a phone: only its own change -----------------------------------------------------


SAUSPIEL = {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"}
WENZ = {"game": "wenz", "player": "Hias", "result": "won"}


def test_a_phone_undoes_its_own_last_hand(app):
    e = app.start_evening("schafkopf", SK4, "Vroni")
    app.add_hand(e.id, SAUSPIEL, device="a")
    result = app.undo(e.id, device="a")
    assert app.evening(e.id).hands == 0
    assert result.reverted.model_dump() == {"action": "add", "number": 1, "hand": SAUSPIEL}


def test_a_phone_cannot_undo_a_hand_another_phone_saved_since(app):
    e = app.start_evening("schafkopf", SK4, "Vroni")
    app.add_hand(e.id, SAUSPIEL, device="a")
    app.add_hand(e.id, WENZ, device="b")
    with pytest.raises(NotYourChangeError):
        app.undo(e.id, device="a")
    assert app.hands(e.id) == [SAUSPIEL, WENZ]  # nothing removed
    app.undo(e.id, device="b")
    assert app.hands(e.id) == [SAUSPIEL]


def test_only_the_phone_that_undid_a_change_redoes_it(app):
    e = app.start_evening("schafkopf", SK4, "Vroni")
    app.add_hand(e.id, SAUSPIEL, device="a")
    app.undo(e.id, device="a")
    with pytest.raises(NotYourChangeError):
        app.redo(e.id, device="b")
    result = app.redo(e.id, device="a")
    assert result.reverted.model_dump() == {"action": "add", "number": 1, "hand": SAUSPIEL}
    assert app.hands(e.id) == [SAUSPIEL]


def test_the_command_line_undo_names_no_phone_and_takes_back_any_last_change(app):
    e = app.start_evening("schafkopf", SK4, "Vroni")
    app.add_hand(e.id, SAUSPIEL, device="a")
    app.undo(e.id)
    assert app.hands(e.id) == []


def test_undoing_a_delete_says_which_hand_comes_back(app):
    e = app.start_evening("schafkopf", SK4, "Vroni")
    app.add_hand(e.id, SAUSPIEL, device="a")
    app.add_hand(e.id, WENZ, device="a")
    app.delete_hand(e.id, 1, device="a")
    result = app.undo(e.id, device="a")
    assert result.reverted.model_dump() == {"action": "delete", "number": 1, "hand": SAUSPIEL}
    assert app.hands(e.id) == [SAUSPIEL, WENZ]


def test_an_evening_opens_after_its_built_in_table_gained_a_contract(app):
    """An evening keeps the table it was started with: the screens read its hands and table
    from the store, never through the session-file export, which cannot name the old table."""
    e = app.start_evening("schafkopf", SK4, "Vroni")
    app.add_hand(e.id, SAUSPIEL)
    with app.store.write() as db:  # the table as an older scorepad stored it: no Farbgeier yet
        table = json.loads(db.execute("SELECT rule_table FROM evenings WHERE id = ?", [e.id]).fetchone()[0])
        del table["contracts"]["farbgeier"]
        table.pop("tariff_sets", None)  # nor tariff sets (which name the Farbgeier)
        db.execute("UPDATE evenings SET rule_table = ? WHERE id = ?", [json.dumps(table), e.id])
    app.forget()
    assert "farbgeier" not in app.table(e.id).contracts
    assert app.hands(e.id) == [SAUSPIEL]
    app.add_hand(e.id, WENZ)
    assert app.show(e.id).standings["Hias"]["geld"] > 0


def test_the_hand_form_reads_the_kept_evening_without_replaying(tmp_path, monkeypatch):
    """before_hand and preview of the next hand come from the kept evening: a tap replays nothing."""
    import scorepad.app.evenings as app_module
    from scorepad.app import App

    app = App.open(tmp_path / "kept.db")
    try:
        eid = app.start_evening("schafkopf", ["Vroni", "Hias", "Kathi", "Wast"]).id
        for _ in range(3):
            app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
        app.show(eid)

        def no_replay(*args, **kwargs):
            raise AssertionError("replayed the evening")

        monkeypatch.setattr(app_module, "replay_live", no_replay)
        monkeypatch.setattr(app.store, "hands", no_replay)
        game = app.before_hand(eid)
        before = game.snapshot()
        result = app.preview(eid, {"game": "sauspiel", "player": "Hias", "partner": "Wast", "result": "won"})
        assert result.number == 4 and result.deltas["Hias"]["geld"] > 0
        assert game.snapshot() == before == app.show(eid).standings  # the preview changed nothing kept
    finally:
        app.close()


def test_the_table_screen_reads_one_view_from_the_kept_evening(tmp_path, monkeypatch):
    """The table screen's read model: facts, table, hands, standings and this phone's draft at one
    version, from the kept evening: no replay and no read of the hands from the store."""
    import scorepad.app.evenings as app_module
    from scorepad.app import App

    app = App.open(tmp_path / "view.db")
    try:
        eid = app.start_evening("schafkopf", ["Vroni", "Hias", "Kathi", "Wast"]).id
        hand = {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"}
        for _ in range(3):
            app.add_hand(eid, hand)
        app.save_draft(eid, {"game": "wenz"}, device="phone-a")
        app.show(eid)

        def no_replay(*args, **kwargs):
            raise AssertionError("replayed the evening or read its hands")

        monkeypatch.setattr(app_module, "replay_live", no_replay)
        monkeypatch.setattr(app.store, "hands", no_replay)
        view = app.table_view(eid, "phone-a")
        assert view.hands == [hand] * 3 and view.info.hands == 3 and view.info.version == 4
        assert view.replay.standings["Vroni"]["geld"] == 3 * 20 and view.table.family == "schafkopf"
        assert view.draft == {"game": "wenz"} and app.table_view(eid, "phone-b").draft is None
        app.add_hand(eid, hand)  # played on the kept game: the view follows without a replay
        assert app.table_view(eid).hands == [hand] * 4
    finally:
        app.close()


def test_the_summary_is_summed_up_once_per_change(tmp_path, monkeypatch):
    """The Abrechnung screen asks for the summary on every render: the evening is replayed once
    per version, and a change (or the other settle choice) is summed up afresh."""
    import scorepad.app.reports as reports
    from scorepad.app import App

    app = App.open(tmp_path / "summary.db")
    try:
        eid = app.start_evening("schafkopf", ["Vroni", "Hias", "Kathi", "Wast"]).id
        app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
        calls = []
        real = reports.evening_summary
        monkeypatch.setattr(reports, "evening_summary", lambda *a, **k: calls.append(1) or real(*a, **k))
        first = app.summary(eid)
        first.balances["Vroni"] = 999  # a caller's copy: changing it changes nothing kept
        assert app.summary(eid).balances["Vroni"] == 20 and len(calls) == 1
        app.add_hand(eid, {"game": "sauspiel", "player": "Hias", "partner": "Wast", "result": "won"})
        assert app.summary(eid).balances["Vroni"] == 0 and len(calls) == 2
        app.summary(eid, settle_open=True)
        assert len(calls) == 3
    finally:
        app.close()
