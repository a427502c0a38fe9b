"""Issue 40, "A stranger's wrong PINs must not keep a table from handing on its pen".

A new PIN (the command line's `--reset`, the serving machine's "Neue PIN", the organiser's at a
tournament's table) starts the evening's tries afresh, and the phone that types it takes the
pen at once, whatever a stranger typed before. One address has only its share of the evening's
tries, so one stranger never uses them all. A reset by anyone else is refused and changes
nothing. What the tries protect stays: wrong PINs from any number of addresses are counted for
the evening (tests/test_app_access.py: guessing takes weeks)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import VRONI4, sauspiel
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.app import App, Caller, PenError, PinError, PinTries
from scorepad.app.access import ADDRESS_BURST, TRY_BURST, TRY_REFILL_S

pytestmark = pytest.mark.store

HERE = Caller("the-laptop", local=True)  # a browser on the serving machine
TABLE_PHONE = Caller("new-phone", address="192.0.2.10")  # the table's phone that takes over
STRANGER = "192.0.2.66"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def app(db):
    """The shared store (tests/conftest.py), the pen needed for every change."""
    with App.open(db, pen_required=True) as app:
        yield app


@pytest.fixture
def evening(app):
    eid = app.start_evening("schafkopf", VRONI4).id
    app.add_hand(eid, sauspiel(70, player="Vroni", partner="Kathi"))
    return eid


@pytest.fixture
def clock(app):
    now = [1_800_000_000.0]
    app._pins.clock = lambda: now[0]
    return now


def stranger(n: int = 0, address: str = STRANGER) -> Caller:
    """A stranger's phone: a new device id each time, from `address`."""
    return Caller(f"stranger-{n}", address=address)


def wrong_pin(app: App, evening: int) -> str:
    return f"{(int(app.pin(evening)) + 1) % 10_000:04d}"


def lock(app: App, evening: int) -> None:
    """Five wrong PINs from two addresses of a stranger (three and two): none left for the evening."""
    wrong = wrong_pin(app, evening)
    for n in range(TRY_BURST):
        assert app.take_pen(evening, stranger(n, STRANGER if n < ADDRESS_BURST else "192.0.2.67"), wrong) is None
    with pytest.raises(PinError) as refused:
        app.take_pen(evening, TABLE_PHONE, app.pin(evening))
    assert refused.value.code == "pin_wait"


def keeper(app: App, evening: int) -> Caller:
    token = app.take_pen(evening, Caller("keeper", address="192.0.2.11"), app.pin(evening))
    assert token
    return Caller("keeper", {evening: token}, address="192.0.2.11")


def takes_the_pen(app: App, evening: int, pin: str, phone: Caller = TABLE_PHONE) -> bool:
    token = app.take_pen(evening, phone, pin)
    return bool(token) and app.may_change(evening, Caller(phone.device, {evening: token}, address=phone.address))


def tournament_tables(app: App) -> list[int]:
    """A tournament of eight with its first round drawn: the tables' evenings."""
    tid = app.new_tournament("Kirta", "preisschafkopf-5-10-15", 2, 4, FIELD, seed="1").id
    return [t.evening for t in app.draw_round(tid).tables]


def organiser(app: App, device: str = "organisers-phone", address: str = "192.0.2.7") -> Caller:
    """A phone the serving machine allowed to run tournaments (with its one-time code)."""
    code = app.make_organiser_code().code
    token = app.redeem_organiser_code(code, caller=Caller(device, address=address))
    return Caller(device, organiser=token, address=address)


# -- a new PIN starts the evening's tries afresh ------------------------------------------------------

def typed_on_the_serving_machine(app: App, evening: int) -> str:
    app.set_pin(evening, "2468", caller=HERE)  # "Neue PIN" on its PIN screen: four digits typed there
    return "2468"


NEW_PINS = {
    "the command line's --reset": lambda app, e: app.reset_pin(e),
    "a random one on the serving machine": lambda app, e: app.reset_pin(e, caller=HERE),
    "typed on the serving machine": typed_on_the_serving_machine,
}


@pytest.mark.parametrize("how", sorted(NEW_PINS))
def test_a_new_pin_gives_the_evening_its_tries_back_and_the_phone_typing_it_the_pen(app, evening, how):
    lock(app, evening)
    pin = NEW_PINS[how](app, evening)
    assert app.pin(evening) == pin
    assert app.pin_tries(evening) == PinTries(wrong=0, last_wrong=None, left=TRY_BURST, wait_s=0.0)
    assert takes_the_pen(app, evening, pin)


def test_the_phone_keeping_score_that_sets_its_own_pin_gives_the_evening_its_tries_back_too(app, evening):
    holder = keeper(app, evening)
    lock(app, evening)
    assert app.set_pin(evening, "1357", caller=holder)
    assert app.pin_tries(evening).left == TRY_BURST
    assert takes_the_pen(app, evening, "1357")


def test_the_organiser_draws_a_tournament_table_a_new_pin_and_its_new_phone_takes_the_pen(app):
    first, second = tournament_tables(app)
    other_pin = app.pin(second)
    boss = organiser(app)
    lock(app, first)
    pin = app.reset_pin(first, caller=boss)
    assert app.pin(first) == pin and app.pin_tries(first).left == TRY_BURST
    assert takes_the_pen(app, first, pin)
    assert not app.may_change(first, boss)  # the organiser's phone keeps no table's score by it
    assert app.pin(second) == other_pin  # the other table is not touched


def test_the_serving_machine_draws_a_tournament_table_a_new_pin(app):
    first, _ = tournament_tables(app)
    lock(app, first)
    assert takes_the_pen(app, first, app.reset_pin(first, caller=HERE))


def test_a_stranger_who_goes_on_after_a_new_pin_has_only_his_share_of_its_tries(app, evening):
    lock(app, evening)
    pin = app.reset_pin(evening)
    wrong = wrong_pin(app, evening)
    for n in range(ADDRESS_BURST):
        assert app.take_pen(evening, stranger(n), wrong) is None
    with pytest.raises(PinError):
        app.take_pen(evening, stranger(ADDRESS_BURST), wrong)
    assert app.pin_tries(evening, TABLE_PHONE).left == TRY_BURST - ADDRESS_BURST
    assert takes_the_pen(app, evening, pin)


# -- a reset by anyone else is refused and changes nothing ------------------------------------------

def refused_reset(app: App, evening: int, caller: Caller) -> None:
    def kept() -> tuple:
        tries = app.pin_tries(evening)
        return app.pin(evening), tries.wrong, tries.last_wrong, tries.left

    before = kept()
    with pytest.raises(PenError) as refused:
        app.reset_pin(evening, caller=caller)
    assert refused.value.code == "pin_reset_here" and refused.value.german
    assert kept() == before


def test_a_stranger_cannot_draw_a_new_pin(app, evening):
    lock(app, evening)
    refused_reset(app, evening, stranger())
    refused_reset(app, evening, Caller("claims-an-organiser-token", organiser="forged", address=STRANGER))


def test_the_phone_keeping_score_cannot_draw_a_random_pin(app, evening):
    holder = keeper(app, evening)
    refused_reset(app, evening, holder)
    assert app.may_change(evening, holder)  # its pen is not taken either


def test_the_organiser_draws_no_new_pin_for_an_evening_that_is_no_tournament_table(app, evening):
    refused_reset(app, evening, organiser(app))


def test_a_revoked_organiser_phone_draws_no_new_pin(app):
    first, _ = tournament_tables(app)
    boss = organiser(app)
    app.revoke_organiser_phone()
    refused_reset(app, first, boss)


# -- one address's share ------------------------------------------------------------------------------

def test_one_address_types_three_wrong_pins_then_one_every_ten_minutes(app, evening, clock):
    wrong = wrong_pin(app, evening)
    for n in range(ADDRESS_BURST):  # new phones, the same address
        assert app.take_pen(evening, stranger(n), wrong) is None
    with pytest.raises(PinError) as refused:
        app.take_pen(evening, stranger(9), app.pin(evening))  # even the right PIN, from there
    assert refused.value.code == "pin_wait" and refused.value.params["minutes"] == 10
    assert app.pin_tries(evening, stranger()).left == 0
    assert app.pin_tries(evening).wrong == ADDRESS_BURST  # the scorekeeper is told of each
    clock[0] += TRY_REFILL_S
    assert app.take_pen(evening, stranger(10), wrong) is None  # one more, and it was wrong
    with pytest.raises(PinError):
        app.take_pen(evening, stranger(11), wrong)


def test_one_stranger_never_keeps_the_table_from_handing_on_its_pen(app, evening, clock):
    """For twelve hours, every five minutes, a stranger types wrong PINs from his address until
    he is refused: the table's phone always has tries left and takes the pen with the PIN."""
    wrong, pin = wrong_pin(app, evening), app.pin(evening)
    for step in range(12 * 12):
        for n in range(2 * TRY_BURST):
            try:
                app.take_pen(evening, stranger(step * 100 + n), wrong)
            except PinError:
                break
        assert app.pin_tries(evening, TABLE_PHONE).left >= TRY_BURST - ADDRESS_BURST, step
        assert takes_the_pen(app, evening, pin), step
        clock[0] += 5 * 60


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 40), st.floats(0, 3 * TRY_REFILL_S)), max_size=40))
def test_wrong_pins_from_any_number_of_addresses_are_counted_for_the_evening(app, attempts):
    """However many addresses and whenever they type: no more wrong PINs are tried than the
    evening's allowance, TRY_BURST and one per TRY_REFILL_S since, nor by one address more
    than its share."""
    now = [1_800_000_000.0]
    app._pins.clock = lambda: now[0]
    eid = app.start_evening("schafkopf", VRONI4).id
    wrong = wrong_pin(app, eid)
    counted: dict[int, int] = {}
    for address, pause in attempts:
        now[0] += pause
        try:
            assert app.take_pen(eid, stranger(len(counted), f"10.40.0.{address}"), wrong) is None
        except PinError:
            continue
        counted[address] = counted.get(address, 0) + 1
    refills = (now[0] - 1_800_000_000.0) / TRY_REFILL_S
    assert sum(counted.values()) <= TRY_BURST + refills
    assert all(c <= ADDRESS_BURST + refills for c in counted.values())
    assert app.pin_tries(eid).wrong == sum(counted.values())


# -- a store from before -------------------------------------------------------------------------------

def test_a_store_of_schema_9_opens_with_its_tries_against_each_evenings_current_pin(tmp_path):
    """scorepad-v9.db (tests/fixtures/make_schema_v9.py): "Gasthof Post" had two wrong PINs,
    "Zum Ochsen" five and then a new PIN (schema 9 kept the tries used up), "Stadl" none."""
    path = tmp_path / "scorepad.db"
    shutil.copyfile(FIXTURES / "scorepad-v9.db", path)
    with sqlite3.connect(path) as conn:
        written = max(row[0] for row in conn.execute("SELECT at FROM pin_tries"))
    with App.open(path, pen_required=True) as app:
        app._pins.clock = lambda: written  # the moment the file was written: nothing refilled since
        places = {e.place: e.id for e in app.list_evenings()}
        post, ochsen, stadl = places["Gasthof Post"], places["Zum Ochsen"], places["Stadl"]
        assert (app.pin_tries(post).wrong, app.pin_tries(post).left) == (2, TRY_BURST - 2)
        assert app.pin_tries(ochsen) == PinTries() == app.pin_tries(stadl)
        assert takes_the_pen(app, ochsen, app.pin(ochsen))
        assert [app.evening(e).hands for e in (post, ochsen, stadl)] == [1, 1, 1]
