"""The checkpoint (schema 5): the engine's state after an evening's last hand, kept in the store
so that a save from a fresh process plays one hand instead of replaying the evening. A
checkpoint that does not fit (damaged, stale, of another release) is never used: the evening
is replayed, so a wrong checkpoint can cost time, never money."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import VRONI4

import scorepad.app.checkpoint as checkpoint
import scorepad.app.evenings as evenings
from scorepad.app import App
from scorepad.devtools.bench import generate_session
from scorepad.engine import game_data, game_from_data, new_game, replay
from scorepad.store import SCHEMA_VERSION
from scorepad.tables import builtin_tables, get_table, with_options

pytestmark = pytest.mark.store

FIXTURES = Path(__file__).parent / "fixtures"
SAUSPIEL = {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"}  # 20 ct each
WENZ = {"game": "wenz", "player": "Hias", "result": "won"}  # 50 ct from each other player


def game_vars(game):
    """Everything a game holds, but its (shared, unchanging) table."""
    out = {k: v for k, v in vars(game).items() if k not in ("table", "seats")}
    out["seats"] = (game.seats.players, game.seats.dealer_index)
    return out


# --- the engine: a game's state as plain data ----------------------------------------------------

TABLES = dict(builtin_tables())
TABLES["schafkopf+stock+bock"] = with_options(get_table("schafkopf"), {
    "stock": {"enabled": True}, "bock": {"enabled": True}, "klopfen": {"enabled": True}})
for seated in (5, 6):  # who sits out follows the deal: a restored game must seat them alike
    TABLES[f"schafkopf+stock+bock at {seated}"] = with_options(TABLES["schafkopf+stock+bock"], {"players": [seated]})


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_game_restored_from_its_data_plays_on_exactly_as_the_replayed_one(name):
    table = TABLES[name]
    session = generate_session(table, 120, seed=5)
    game = new_game(table, session["players"])
    for number, hand in enumerate(session["hands"], 1):
        data = json.loads(json.dumps(game_data(game)))  # through JSON, as the store keeps it
        restored = game_from_data(table, session["players"], data)
        assert game_vars(restored) == game_vars(game)
        assert restored.play(number, hand).deltas == game.play(number, hand).deltas
    assert game_vars(restored) == game_vars(game)


def test_game_data_is_copied_not_shared_with_the_game():
    table = TABLES["schafkopf+stock+bock"]
    game = new_game(table, VRONI4)
    game.play(1, {"passed": True})
    data = game_data(game)
    data["board"]["Vroni"]["geld"] = 999
    data["kept"]["pot_paid"]["Vroni"] = 999
    assert game.board["Vroni"]["geld"] != 999 and game.pot_paid["Vroni"] != 999


@pytest.mark.parametrize("change", [
    lambda d: d["board"].pop("Wast"),                       # a player missing
    lambda d: d["board"].update(Sepp=d["board"].pop("Wast")),  # another player
    lambda d: d["board"]["Vroni"].update(punkte=1),          # a tally the table does not keep
    lambda d: d["board"]["Vroni"].update(geld="20"),         # no whole number
    lambda d: d.update(dealer=4),                            # no seat
    lambda d: d["kept"].pop("pot"),                          # a kept value missing
    lambda d: d["kept"].update(bock_rounds=["x"]),           # of another kind
    lambda d: d["kept"].update(pot=True),
    lambda d: d.update(extra=1),
])
def test_data_that_does_not_fit_the_table_and_seating_is_refused(change):
    table = TABLES["schafkopf+stock+bock"]
    data = game_data(new_game(table, VRONI4))
    change(data)
    with pytest.raises(ValueError):
        game_from_data(table, VRONI4, data)


# --- the store: written with every hand change, used by a fresh process --------------------------


@pytest.fixture
def evening_file(tmp_path):
    path = tmp_path / "scorepad.db"
    with App.open(path) as app:
        evening = app.start_evening("schafkopf", VRONI4).id
        for hand in (SAUSPIEL, WENZ, SAUSPIEL):
            app.add_hand(evening, hand)
    return path, evening


def stored_checkpoint(path, evening):
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT version, hands, seal, state FROM checkpoints WHERE evening_id = ?",
                            [evening]).fetchone()


def poke(path, sql, params=()):
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql, params)
    conn.close()


@pytest.fixture
def replays(monkeypatch):
    """How often the app layer replays an evening from its hands."""
    calls = []
    real = evenings.replay_live

    def counted(*args, **kwargs):
        calls.append(len(args[3]))
        return real(*args, **kwargs)

    monkeypatch.setattr(evenings, "replay_live", counted)
    return calls


def expected(hands):
    return replay(get_table("schafkopf"), VRONI4, hands).standings


def test_every_hand_change_writes_the_checkpoint_of_the_evening_after_it(evening_file):
    path, evening = evening_file
    version, hands, _, state = stored_checkpoint(path, evening)
    assert (version, hands) == (4, 3)  # start + three hands
    assert json.loads(state)["board"] == expected([SAUSPIEL, WENZ, SAUSPIEL])
    with App.open(path) as app:
        app.delete_hand(evening, 2)
    version, hands, _, state = stored_checkpoint(path, evening)
    assert (version, hands) == (5, 2)
    assert json.loads(state)["board"] == {"Vroni": {"geld": 40}, "Hias": {"geld": -40},
                                          "Kathi": {"geld": 40}, "Wast": {"geld": -40}}


def test_a_fresh_process_adds_a_hand_on_the_checkpoint_without_replaying(evening_file, replays):
    path, evening = evening_file
    with App.open(path) as app:
        done = app.add_hand(evening, WENZ)
        assert replays == []
        assert done.number == 4 and done.hands == 4
        assert done.hand["deltas"]["Hias"] == {"geld": 150}
        assert done.standings == expected([SAUSPIEL, WENZ, SAUSPIEL, WENZ])
        # showing the evening needs every hand's result: that is a replay
        assert app.show(evening).standings == done.standings
        assert replays == [4]


def test_the_hand_form_of_a_fresh_process_reads_the_checkpoint_not_the_hands(evening_file, replays):
    path, evening = evening_file
    with App.open(path) as app:
        assert app.before_hand(evening).seats.dealer == "Wast"  # Vroni dealt hand 1: Wast deals the 4th
        assert app.preview(evening, WENZ).deltas["Hias"] == {"geld": 150}
        assert replays == []


@pytest.mark.parametrize("damage", [
    # the money changed: the seal no longer fits
    ("UPDATE checkpoints SET state = replace(state, '\"geld\":-90', '\"geld\":90')"),
    # not JSON at all
    ("UPDATE checkpoints SET state = 'kaputt'"),
    # of an older version of the evening (a change that wrote no checkpoint, e.g. a rename)
    ("UPDATE checkpoints SET version = version - 1"),
    # of another number of hands
    ("UPDATE checkpoints SET hands = 2"),
    # the last hand, or an earlier one, changed underneath it (not by scorepad)
    ("UPDATE hands SET data = '{\"game\":\"wenz\",\"player\":\"Hias\",\"result\":\"won\"}' WHERE number = 3"),
    ("UPDATE hands SET data = '{\"game\":\"wenz\",\"player\":\"Hias\",\"result\":\"won\"}' WHERE number = 1"),
    ("DELETE FROM hands WHERE number = 3"),
])
def test_a_damaged_or_stale_checkpoint_is_replaced_by_a_replay_never_wrong_money(evening_file, replays, damage):
    path, evening = evening_file
    poke(path, damage)
    with App.open(path) as app:
        hands = app.hands(evening)
        done = app.add_hand(evening, WENZ)
        # one replay of the hands as stored (which also finds the evening sound, issue 24),
        # the new hand played on it
        assert replays == [len(hands)]
        assert done.standings == expected(hands + [WENZ])
    version, count, _, state = stored_checkpoint(path, evening)
    assert count == len(hands) + 1 and json.loads(state)["board"] == done.standings  # anew, from the replay
    replays.clear()
    with App.open(path) as app:
        app.add_hand(evening, SAUSPIEL)
        assert replays == []


def test_a_damaged_checkpoint_with_its_seal_made_to_fit_is_still_not_used(evening_file, replays):
    """Data that is not a game of this table (a player too many) is refused by the engine."""
    path, evening = evening_file
    version, hands, _, state = stored_checkpoint(path, evening)
    data = json.loads(state)
    data["board"]["Sepp"] = {"geld": 0}
    text = json.dumps(data)
    with App.open(path) as app:
        row = app.store.evening(evening)
        seal = checkpoint.seal(row, version, hands, app.store.hand_text(evening, hands), text)
    poke(path, "UPDATE checkpoints SET state = ?, seal = ?", [text, seal])
    with App.open(path) as app:
        assert app.add_hand(evening, WENZ).standings == expected([SAUSPIEL, WENZ, SAUSPIEL, WENZ])
        assert replays == [4]


def test_a_checkpoint_of_another_scorepad_release_is_replaced_by_a_replay(evening_file, replays, monkeypatch):
    path, evening = evening_file
    monkeypatch.setattr(checkpoint, "__version__", "99.0")
    with App.open(path) as app:
        assert app.add_hand(evening, WENZ).standings == expected([SAUSPIEL, WENZ, SAUSPIEL, WENZ])
        assert replays == [3]  # the stored hands, once; the new hand played on them


def test_after_an_edit_of_an_earlier_hand_the_checkpoint_comes_from_the_replay(evening_file, replays):
    path, evening = evening_file
    with App.open(path) as app:
        app.edit_hand(evening, 1, WENZ)
        replays.clear()
    with App.open(path) as app:
        done = app.add_hand(evening, SAUSPIEL)
        assert replays == []
        assert done.standings == expected([WENZ, WENZ, SAUSPIEL, SAUSPIEL])


def test_an_undone_hand_leaves_the_checkpoint_of_the_evening_without_it(evening_file, replays):
    path, evening = evening_file
    with App.open(path) as app:
        app.undo(evening)
    with App.open(path) as app:
        replays.clear()
        assert app.add_hand(evening, WENZ).standings == expected([SAUSPIEL, WENZ, WENZ])
        assert replays == []


# --- upgrading a schema 4 file (the previous version) ---------------------------------------------


def test_a_schema_4_file_is_upgraded_to_checkpoints_keeping_every_hand_and_draft(tmp_path, replays):
    path = tmp_path / "scorepad.db"
    shutil.copy(FIXTURES / "scorepad-v4.db", path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 4
    with App.open(path) as app:
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
            assert conn.execute("SELECT count(*) FROM checkpoints").fetchone()[0] == 0
        assert path.with_name("scorepad.db.bak-v4").exists()
        [evening] = app.list_evenings()
        assert evening.hands == 3
        assert app.draft(evening.id, "phone-1") == {"game": "solo", "player": "Kathi"}
        hands = app.hands(evening.id)
        # no checkpoint yet: the first hand after the upgrade replays the evening once ...
        done = app.add_hand(evening.id, {"passed": True}, device="phone-1")
        assert replays == [3]  # the stored hands, once; the new hand played on them
        assert done.standings == replay(app.table(evening.id), evening.players, hands + [{"passed": True}],
                                        evening.first_dealer).standings
        assert app.draft(evening.id, "phone-1") is None
    replays.clear()
    with App.open(path) as app:  # ... and writes the checkpoint the next process starts from
        app.add_hand(evening.id, {"passed": True})
        assert replays == []


# --- tables on one server: one evening's work never holds up another's taps ------------------------


def test_a_long_replay_of_one_evening_does_not_hold_up_a_tap_at_another_table(tmp_path, monkeypatch):
    import threading

    with App.open(tmp_path / "scorepad.db") as app:
        long_evening = app.start_evening("schafkopf", VRONI4).id
        app.add_hand(long_evening, SAUSPIEL)
        other = app.start_evening("schafkopf", VRONI4).id
        app.forget()  # the long evening must be replayed to be shown
        replaying, release = threading.Event(), threading.Event()
        real = evenings.replay_live

        def slow(*args, **kwargs):
            if threading.current_thread().name == "long-evening":
                replaying.set()
                release.wait(10)
            return real(*args, **kwargs)

        monkeypatch.setattr(evenings, "replay_live", slow)
        shown = threading.Thread(target=app.show, args=(long_evening,), name="long-evening")
        shown.start()
        assert replaying.wait(10)
        done = []

        def tap():  # what a tap on the other table's hand form asks of the app
            app.save_draft(other, {"game": "sauspiel"}, device="phone")
            app.evening(other)
            app.before_hand(other)
            done.append(app.preview(other, SAUSPIEL).deltas["Vroni"])

        tapping = threading.Thread(target=tap)
        tapping.start()
        tapping.join(5)
        finished = not tapping.is_alive()
        release.set()
        shown.join(10)
        tapping.join(10)
        assert finished, "the tap waited for the other evening's replay"
        assert done == [{"geld": 20}]


@pytest.fixture
def checkpoint_reads(monkeypatch):
    """How often the app layer reads an evening's stored checkpoint (and seals it to see if it fits)."""
    from scorepad.store import Store

    calls = []
    real = Store.checkpoint

    def counted(self, evening_id):
        calls.append(evening_id)
        return real(self, evening_id)

    monkeypatch.setattr(Store, "checkpoint", counted)
    return calls


def test_a_hand_added_on_the_checkpoint_reads_and_seals_it_once(evening_file, replays, checkpoint_reads):
    path, evening = evening_file
    with App.open(path) as app:
        done = app.add_hand(evening, WENZ)
    assert checkpoint_reads == [evening] and replays == []
    assert done.standings == expected([SAUSPIEL, WENZ, SAUSPIEL, WENZ])
    assert stored_checkpoint(path, evening)[:2] == (5, 4)


def test_finishing_an_evening_reads_and_seals_its_checkpoint_once_and_keeps_it(evening_file, replays,
                                                                                checkpoint_reads):
    path, evening = evening_file
    with App.open(path) as app:
        app.finish_evening(evening)
    assert checkpoint_reads == [evening] and replays == []
    assert stored_checkpoint(path, evening)[:2] == (5, 3)  # the hands did not change: carried to version 5
