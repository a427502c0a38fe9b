"""Who may change an evening, decided by the application layer at the moment of the change
(issue 23): a phone (a Caller) needs the evening's pen on a server others can reach; wrong PINs
are counted per evening in the store; a new PIN takes the pen at once; shared house variants and
players are not a stranger's to change. The command line (caller None) may do everything."""

from __future__ import annotations

import inspect
import time

import pytest
from conftest import VRONI4, sauspiel

from scorepad.app import App, Caller, PenError, PinError
from scorepad.app.access import PEN_WITHOUT_PIN_S, TRY_BURST, TRY_REFILL_S
from scorepad.app.phone import AS_CALLER, READS, PhoneApp

pytestmark = pytest.mark.store

SAUSPIEL = sauspiel(70, player="Vroni", partner="Kathi")
STRANGER = Caller("stranger", local=False)


@pytest.fixture
def app(db):
    """The shared store (tests/conftest.py), the pen needed for every change."""
    with App.open(db, pen_required=True) as app:
        yield app


@pytest.fixture
def evening(app):
    eid = app.start_evening("schafkopf", VRONI4).id
    app.add_hand(eid, SAUSPIEL)
    return eid


def keeper(app: App, evening: int, device: str = "keeper") -> Caller:
    """A phone that entered the evening's PIN."""
    token = app.take_pen(evening, Caller(device), app.pin(evening))
    assert token
    return Caller(device, {evening: token})


def wrong_pin(app: App, evening: int) -> str:
    return f"{(int(app.pin(evening)) + 1) % 10_000:04d}"


def guesser(n: int) -> Caller:
    """The n-th phone of a guesser, each a new phone from an address of its own (as a guesser
    with addresses to spare would make them: one address alone has only its share of the tries)."""
    return Caller(f"guess-{n}", address=f"192.0.2.{100 + n}")


# -- every change needs the pen, checked when it is made -------------------------------------------

CHANGES = {
    "add_hand": lambda app, e, c: app.add_hand(e, SAUSPIEL, caller=c),
    "edit_hand": lambda app, e, c: app.edit_hand(e, 1, SAUSPIEL, caller=c),
    "delete_hand": lambda app, e, c: app.delete_hand(e, 1, caller=c),
    "undo": lambda app, e, c: app.undo(e, caller=c),
    "finish_evening": lambda app, e, c: app.finish_evening(e, caller=c),
    "change_rules": lambda app, e, c: app.change_rules(e, {"contracts": {"sauspiel": {"tariff": 20}}}, caller=c),
    "save_draft": lambda app, e, c: app.save_draft(e, {"game": "wenz"}, caller=c),
    "clear_draft": lambda app, e, c: app.clear_draft(e, caller=c),
    "set_pin": lambda app, e, c: app.set_pin(e, "4711", caller=c),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_phone_without_the_pen_changes_nothing(app, evening, change):
    before = (app.evening(evening).version, app.pin(evening), app.draft(evening, "stranger"))
    with pytest.raises(PenError) as refused:
        CHANGES[change](app, evening, STRANGER)
    assert refused.value.code == "no_pen"
    assert (app.evening(evening).version, app.pin(evening), app.draft(evening, "stranger")) == before


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_the_phone_holding_the_pen_may_change(app, evening, change):
    phone = keeper(app, evening)
    if change == "undo":  # a phone takes back its own change only
        app.add_hand(evening, SAUSPIEL, caller=phone)
    CHANGES[change](app, evening, phone)


def test_redo_needs_the_pen_too(app, evening):
    phone = keeper(app, evening)
    app.add_hand(evening, SAUSPIEL, caller=phone)
    app.undo(evening, caller=phone)
    with pytest.raises(PenError):
        app.redo(evening, caller=STRANGER)
    app.redo(evening, caller=phone)
    assert app.evening(evening).hands == 2


def test_a_pen_taken_by_a_new_pin_is_refused_at_the_change(app, evening):
    phone = keeper(app, evening)
    assert app.may_change(evening, phone)
    app.reset_pin(evening)  # the command line; the phone's screen still shows the form
    for change in ("add_hand", "undo", "set_pin", "save_draft"):
        with pytest.raises(PenError):
            CHANGES[change](app, evening, phone)
    assert app.evening(evening).hands == 1


def test_a_token_of_another_evening_or_phone_is_no_pen(app, evening):
    other = app.start_evening("schafkopf", VRONI4).id
    phone = keeper(app, other, "phone-a")
    for caller in (Caller("phone-a", {evening: phone.pens[other]}), Caller("phone-b", {other: phone.pens[other]})):
        with pytest.raises(PenError):
            app.add_hand(evening if caller.device == "phone-a" else other, SAUSPIEL, caller=caller)


def test_the_serving_machine_needs_the_pin_to_change_too(app, evening):
    with pytest.raises(PenError):
        app.add_hand(evening, SAUSPIEL, caller=Caller("here", local=True))


def test_without_a_pin_requirement_every_phone_may(tmp_path):
    with App.open(tmp_path / "local.db") as app:  # scorepad web on 127.0.0.1 only
        eid = app.start_evening("schafkopf", VRONI4).id
        assert app.add_hand(eid, SAUSPIEL, caller=STRANGER).number == 1


def test_the_command_line_may_change_everything(app, evening):
    assert app.add_hand(evening, SAUSPIEL).number == 2
    app.set_pin(evening, "1234")


# -- the PIN: who sees it, who sets it, who takes the pen without it ----------------------------------

def test_the_pin_is_shown_to_the_pen_holder_and_the_serving_machine_only(app, evening):
    pin = app.pin(evening)
    assert app.pin(evening, caller=keeper(app, evening)) == pin
    assert app.pin(evening, caller=Caller("here", local=True)) == pin
    with pytest.raises(PenError) as refused:
        app.pin(evening, caller=STRANGER)
    assert refused.value.code == "pin_only_here"


def test_only_the_serving_machine_draws_a_new_random_pin(app, evening):
    with pytest.raises(PenError):
        app.reset_pin(evening, caller=keeper(app, evening))
    pin = app.reset_pin(evening, caller=Caller("here", local=True))
    assert app.pin(evening) == pin


def test_the_phone_that_starts_an_evening_takes_its_pen_without_the_pin(app):
    eid = app.start_evening("schafkopf", VRONI4, caller=Caller("starter")).id
    assert app.take_pen(eid, Caller("starter"))
    assert app.take_pen(eid, Caller("another")) is None


def test_the_pen_without_the_pin_is_only_for_the_moment_after_the_start(app):
    eid = app.start_evening("schafkopf", VRONI4, caller=Caller("starter")).id
    later = time.time() + PEN_WITHOUT_PIN_S + 1
    app._pins.clock = lambda: later
    assert app.take_pen(eid, Caller("starter")) is None
    assert app.take_pen(eid, Caller("starter"), app.pin(eid))  # with the PIN, of course


def test_an_evening_started_on_the_command_line_gives_no_pen_without_the_pin(app, evening):
    assert app.take_pen(evening, Caller("any")) is None
    assert app.take_pen(evening, Caller("")) is None


def test_who_sets_a_new_pin_keeps_the_pen_and_every_other_phone_loses_it(app, evening):
    a, b = keeper(app, evening, "a"), keeper(app, evening, "b")
    token = app.set_pin(evening, "2468", caller=a)
    assert token and app.holds_pen(evening, "a", token)
    assert not app.may_change(evening, b)
    assert app.take_pen(evening, Caller("a")) and app.take_pen(evening, Caller("b")) is None


def test_after_a_reset_on_the_command_line_no_phone_takes_the_pen_without_the_pin(app):
    eid = app.start_evening("schafkopf", VRONI4, caller=Caller("starter")).id
    app.reset_pin(eid)
    assert app.take_pen(eid, Caller("starter")) is None


# -- guessing takes weeks ---------------------------------------------------------------------------

def test_guessing_a_pin_takes_more_than_thirty_days_on_average():
    expected_tries = (10_000 + 1) / 2
    minutes = (expected_tries - TRY_BURST) * TRY_REFILL_S / 60
    assert minutes / (60 * 24) >= 30


def test_wrong_pins_are_counted_per_evening_whatever_the_phone(app, evening):
    wrong = wrong_pin(app, evening)
    for n in range(TRY_BURST):  # each a new phone from a new address, as a guesser would make them
        assert app.take_pen(evening, guesser(n), wrong) is None
    with pytest.raises(PinError) as refused:
        app.take_pen(evening, Caller("honest", address="192.0.2.10"), app.pin(evening))  # even the right PIN waits now
    assert refused.value.code == "pin_wait" and refused.value.params["minutes"] == 10
    assert app.pin_tries(evening).wrong == TRY_BURST and app.pin_tries(evening).left == 0


def test_another_evening_keeps_its_own_tries(app, evening):
    other = app.start_evening("schafkopf", VRONI4).id
    for n in range(TRY_BURST):
        app.take_pen(evening, guesser(n), wrong_pin(app, evening))
    assert app.take_pen(other, Caller("honest"), app.pin(other))


def test_a_restart_gives_a_guesser_nothing_back(tmp_path):
    path = tmp_path / "restart.db"
    with App.open(path, pen_required=True) as app:
        eid = app.start_evening("schafkopf", VRONI4).id
        for n in range(TRY_BURST):
            app.take_pen(eid, guesser(n), wrong_pin(app, eid))
        pin = app.pin(eid)
    with App.open(path, pen_required=True) as app:
        with pytest.raises(PinError):
            app.take_pen(eid, guesser(TRY_BURST), pin)


def test_one_more_try_each_ten_minutes_after_the_first_five(app, evening):
    now = [1_000_000.0]
    app._pins.clock = lambda: now[0]
    wrong = wrong_pin(app, evening)
    for n in range(TRY_BURST):
        app.take_pen(evening, guesser(n), wrong)
    now[0] += TRY_REFILL_S - 1
    with pytest.raises(PinError):
        app.take_pen(evening, guesser(TRY_BURST), wrong)
    now[0] += 1
    assert app.take_pen(evening, guesser(TRY_BURST), wrong) is None  # one try, and it was wrong
    with pytest.raises(PinError):
        app.take_pen(evening, guesser(TRY_BURST + 1), app.pin(evening))


def test_the_right_pin_uses_up_no_try(app, evening):
    for _ in range(TRY_BURST + 2):
        assert app.take_pen(evening, Caller("honest"), app.pin(evening))
    assert app.pin_tries(evening).left == TRY_BURST


def test_the_serving_machine_and_the_command_line_are_not_counted(app, evening):
    wrong = wrong_pin(app, evening)
    for _ in range(TRY_BURST + 3):
        assert not app.check_pin(evening, wrong, caller=Caller("here", local=True))
        assert not app.check_pin(evening, wrong)
    assert app.pin_tries(evening).wrong == 0


def test_the_scorekeeper_is_told_of_wrong_pins_until_a_new_pin(app, evening):
    told: list[int] = []
    app.subscribe(told.append)
    app.take_pen(evening, Caller("guess"), wrong_pin(app, evening))
    assert told == [evening] and app.pin_tries(evening).wrong == 1
    assert app.pin_tries(evening).last_wrong is not None
    app.set_pin(evening, "1357")
    assert app.pin_tries(evening).wrong == 0


# -- things other tables rely on ------------------------------------------------------------------

VARIANT = {"contracts": {"sauspiel": {"tariff": 20}}}
FIELD8 = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]


def test_a_stranger_cannot_replace_house_rules_an_evening_plays(app):
    app.save_house_rules("Stammtisch", "schafkopf", VARIANT)
    eid = app.start_evening("schafkopf-stammtisch", VRONI4).id
    with pytest.raises(PenError) as refused:
        app.save_house_rules("Stammtisch", "schafkopf", {"contracts": {"sauspiel": {"tariff": 5}}}, caller=STRANGER)
    assert refused.value.code == "house_variant_played" and refused.value.params["name"] == "Stammtisch"
    assert app.evening(eid).ruleset
    assert app.house_variant("Stammtisch")["contracts"]["sauspiel"]["tariff"] == 20
    with pytest.raises(PenError):
        app.import_house_rules_text(app.export_house_rules("Stammtisch").replace("tariff = 20", "tariff = 5"),
                                    caller=STRANGER)
    assert app.house_variant("Stammtisch")["contracts"]["sauspiel"]["tariff"] == 20


def test_a_stranger_may_save_house_rules_under_a_new_name(app):
    app.save_house_rules("Stammtisch", "schafkopf", VARIANT)
    app.start_evening("schafkopf-stammtisch", VRONI4)
    app.save_house_rules("Mein Tisch", "schafkopf", {"contracts": {"sauspiel": {"tariff": 5}}}, caller=STRANGER)
    assert app.house_variant("Mein Tisch")["contracts"]["sauspiel"]["tariff"] == 5


def test_the_serving_machine_and_the_phone_that_made_them_may_replace_house_rules_an_evening_plays(app):
    app.save_house_rules("Stammtisch", "schafkopf", VARIANT, caller=Caller("maker"))
    eid = app.start_evening("schafkopf-stammtisch", VRONI4).id
    app.save_house_rules("Stammtisch", "schafkopf", {"contracts": {"sauspiel": {"tariff": 30}}}, caller=Caller("maker"))
    assert app.house_variant("Stammtisch")["contracts"]["sauspiel"]["tariff"] == 30
    with pytest.raises(PenError):  # the evening's keeper did not make them
        app.save_house_rules("Stammtisch", "schafkopf", {"contracts": {"sauspiel": {"tariff": 35}}},
                             caller=keeper(app, eid))
    app.save_house_rules("Stammtisch", "schafkopf", {"contracts": {"sauspiel": {"tariff": 40}}}, caller=Caller("here", local=True))
    assert app.house_variant("Stammtisch")["contracts"]["sauspiel"]["tariff"] == 40


def test_a_stranger_cannot_replace_house_rules_a_tournament_plays_before_its_first_draw(app):
    club = app.save_house_rules("Clubabend", "preisschafkopf-5-10-15", VARIANT)
    tid = app.new_tournament("Kirta", club.ruleset, 2, 4, FIELD8, seed="1").id
    with pytest.raises(PenError) as refused:
        app.save_house_rules("Clubabend", "preisschafkopf-5-10-15", {"contracts": {"sauspiel": {"tariff": 50}}},
                             caller=STRANGER)
    assert refused.value.code == "house_variant_played" and "neuen Namen" in refused.value.german
    drawn = app.draw_round(tid)
    assert app.evening(drawn.tables[0].evening).options["contracts"]["sauspiel"]["tariff"] == 20



def test_a_stranger_cannot_rename_a_player_of_an_evening_it_does_not_keep(app, evening):
    with pytest.raises(PenError) as refused:
        app.rename_player("Vroni", "Veronika", caller=STRANGER)
    assert refused.value.code == "rename_needs_pen"
    assert "Vroni" in app.evening(evening).players
    app.rename_player("Vroni", "Veronika", caller=keeper(app, evening))
    assert "Veronika" in app.evening(evening).players


# -- the phone's view of the app layer --------------------------------------------------------------

def test_every_operation_of_the_app_layer_is_either_a_phones_read_or_asked_as_the_phone():
    public = {name for name, _ in inspect.getmembers(App) if not name.startswith("_")}
    not_for_phones = {"open", "close", "check", "repair", "forget", "watch", "import_house_rules", "check_house_rules",
                      "holds_pen"}
    assert not READS & AS_CALLER
    assert public - not_for_phones <= READS | AS_CALLER, sorted(public - not_for_phones - READS - AS_CALLER)
    for name in AS_CALLER:
        assert "caller" in inspect.signature(getattr(App, name)).parameters, name


def test_a_phone_asks_as_itself_and_cannot_reach_the_rest(app, evening):
    phone = PhoneApp(app, lambda: STRANGER)
    with pytest.raises(PenError):
        phone.add_hand(evening, SAUSPIEL, caller=None)  # a screen cannot ask as the command line
    with pytest.raises(AttributeError):
        phone.repair()
    assert phone.evening(evening).hands == 1
