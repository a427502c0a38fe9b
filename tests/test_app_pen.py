"""The pen: the phone that holds it keeps it across reloads and restarts (a token on the phone,
checked by the app layer), a new PIN takes it from every phone; `scorepad pin ID [--reset]`;
what changed since a form opened (a refused save shows the other phone's hand)."""

from __future__ import annotations

import re

import pytest
from cli_runner import ok
from conftest import VRONI4, sauspiel

from scorepad.app import App, Caller, phone_label

pytestmark = pytest.mark.store

SAUSPIEL = sauspiel(70, player="Vroni", partner="Kathi")


@pytest.fixture
def evening(db):
    with App.open(db) as app:
        return app.start_evening("schafkopf", VRONI4).id


def pen(app: App, evening: int, device: str) -> str | None:
    """The pen for the phone `device`, with the evening's PIN."""
    return app.take_pen(evening, Caller(device), app.pin(evening))


def test_the_pen_token_holds_for_its_phone_and_evening_only(db, evening):
    with App.open(db) as app:
        other = app.start_evening("schafkopf", VRONI4).id
        token = pen(app, evening, "phone-a")
        assert token and app.holds_pen(evening, "phone-a", token)
        assert not app.holds_pen(evening, "phone-b", token)  # another phone cannot borrow it
        assert not app.holds_pen(other, "phone-a", token)  # nor another evening
        assert not app.holds_pen(evening, "phone-a", None) and not app.holds_pen(evening, "phone-a", "x" * 64)


def test_the_pen_survives_a_restart_of_the_server(db, evening):
    with App.open(db) as app:
        token = pen(app, evening, "phone-a")
    with App.open(db) as app:  # a new process on the same file: nothing about the token was kept
        assert app.holds_pen(evening, "phone-a", token)


def test_a_wrong_pin_gets_no_pen_and_the_right_one_does(db, evening):
    with App.open(db) as app:
        pin = app.pin(evening)
        wrong = f"{(int(pin) + 1) % 10_000:04d}"
        assert app.take_pen(evening, Caller("phone-b"), wrong) is None
        token = app.take_pen(evening, Caller("phone-b"), pin)
        assert app.holds_pen(evening, "phone-b", token)


def test_a_new_pin_takes_the_pen_from_every_phone(db, evening):
    with App.open(db) as app:
        a, b = pen(app, evening, "phone-a"), app.take_pen(evening, Caller("phone-b"), app.pin(evening))
        app.set_pin(evening, "4711")
        assert not app.holds_pen(evening, "phone-a", a) and not app.holds_pen(evening, "phone-b", b)
        again = app.take_pen(evening, Caller("phone-a"), "4711")
        assert app.holds_pen(evening, "phone-a", again)


def test_setting_the_same_pin_again_still_revokes(db, evening):
    with App.open(db) as app:
        pin = app.pin(evening)
        token = pen(app, evening, "phone-a")
        app.set_pin(evening, pin)
        assert not app.holds_pen(evening, "phone-a", token)


def test_a_pin_change_tells_the_open_phones(db, evening):
    with App.open(db) as app:
        told: list[int] = []
        app.subscribe(told.append)
        app.set_pin(evening, "1234")
        assert told == [evening]


def test_reset_pin_makes_four_new_digits_and_revokes(db, evening):
    with App.open(db) as app:
        token = pen(app, evening, "phone-a")
        pin = app.reset_pin(evening)
        assert re.fullmatch(r"\d{4}", pin) and app.pin(evening) == pin
        assert not app.holds_pen(evening, "phone-a", token)


def test_the_phones_holding_the_pen_are_named_latest_first(db, evening):
    with App.open(db) as app:
        assert app.pen_holders(evening) == []
        pen(app, evening, "phone-a")
        app.take_pen(evening, Caller("phone-b"), app.pin(evening))
        assert set(app.pen_holders(evening)) == {phone_label("phone-a"), phone_label("phone-b")}
        app.set_pin(evening, "2222")
        assert app.pen_holders(evening) == []  # revoked: nobody holds it


def test_a_phone_label_is_short_stable_and_no_word():
    label = phone_label("abc")
    assert label == phone_label("abc") and re.fullmatch(r"Handy [BCDFGHKLMNPRSTVWXZ]{2}\d", label)
    assert len({phone_label(f"device-{i}") for i in range(50)}) > 40  # phones at one table differ


def test_changes_since_a_version_name_the_other_phones_hand(db, evening):
    with App.open(db) as app:
        seen = app.evening(evening).version
        app.add_hand(evening, SAUSPIEL, expected_version=seen, device="phone-a")
        [change] = app.changes_since(evening, seen)
        assert (change.action, change.number, change.new["player"]) == ("add", 1, "Vroni")
        assert app.last_writer(evening) == phone_label("phone-a")


def test_scorepad_pin_shows_and_resets_the_pin(capsys, db, evening):
    with App.open(db) as app:
        pin = app.pin(evening)
        token = pen(app, evening, "phone-a")
    assert ok(capsys, "--db", db, "pin", evening) == f"evening {evening}: PIN {pin}\n"
    out = ok(capsys, "--db", db, "pin", evening, "--reset")
    new = re.fullmatch(rf"evening {evening}: new PIN (\d{{4}}) \(every phone that kept score must enter it again; "
                       r"the evening's tries start afresh\)\n", out)
    assert new
    with App.open(db) as app:
        assert app.pin(evening) == new.group(1)
        assert not app.holds_pen(evening, "phone-a", token)
