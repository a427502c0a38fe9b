"""Several phones without a browser (issue 15): the pen survives a reload and a restart and a
new PIN takes it away; a refused save shows the other phone's hand beside this one; watchers
see a new hand glow, who keeps score, and a hand read-only; the PIN screen."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest
from conftest import VRONI4
from flet_harness import open_phone

from scorepad.app import App, Caller, phone_label
from scorepad.app.access import ADDRESS_BURST
from scorepad.ui.device import DEVICE_KEY
from scorepad.ui.main import make_main
from scorepad.ui.notices import NOTICE_SECONDS
from scorepad.ui.pen import PEN_KEY
from scorepad.ui.screens import hand as hand_screen
from scorepad.ui.screens import table as table_screen
from scorepad.ui.screens.hand import PEN_LOST
from scorepad.ui.screens.pin import KEYPAD

pytestmark = pytest.mark.ui

SAUSPIEL = ["player-Vroni", "partner-Kathi", "result-won"]
PHONE_IP = "192.0.2.23"  # a phone on the Wi-Fi, as the server sees its socket


@pytest.fixture
def shared(db):
    m = make_main(str(db), require_pin=True)
    yield m
    m.app.close()


async def scorekeeper(main, storage=None):
    phone = await open_phone(main, storage=storage)
    await phone.tap("new-evening")
    for name in VRONI4:
        await phone.type("name-field", name, submit=True)
    await phone.tap("start-evening")
    [evening] = main.app.list_evenings()
    await phone.settle()
    return phone, evening.id


async def watcher(main, evening_id, **kw):
    phone = await open_phone(main, **kw)
    await phone.tap(f"evening-{evening_id}")
    return phone


async def enter_pin(phone, pin: str) -> None:
    await phone.tap("unlock")
    for digit in pin:
        await phone.tap(f"pin-{digit}")


async def enter_sauspiel(phone) -> None:
    await phone.tap("next-hand")
    for key in SAUSPIEL + ["save"]:
        await phone.tap(key)


# -- 1. the pen survives a closed tab and a restart; a new PIN takes it ----------------------------

async def test_the_phone_that_started_the_evening_keeps_the_pen_after_a_reload(shared):
    keeper, eid = await scorekeeper(shared)
    assert PEN_KEY in keeper.storage  # the token is kept on the phone
    again = await watcher(shared, eid, storage=keeper.storage)  # the same phone, a new tab
    assert again.has("next-hand") and again.has("show-pin")
    stranger = await watcher(shared, eid)  # another phone has no token
    assert stranger.has("unlock") and not stranger.has("next-hand")


async def test_the_pen_survives_a_restart_of_the_server(db):
    first = make_main(str(db), require_pin=True)
    keeper, eid = await scorekeeper(first)
    first.app.close()
    restarted = make_main(str(db), require_pin=True)  # a new server on the same file
    try:
        again = await watcher(restarted, eid, storage=keeper.storage)
        assert again.has("next-hand")
        await enter_sauspiel(again)
        assert restarted.app.evening(eid).hands == 1
    finally:
        restarted.app.close()


async def test_a_copied_token_does_not_work_on_another_phone(shared):
    keeper, eid = await scorekeeper(shared)
    thief = await watcher(shared, eid, storage={PEN_KEY: keeper.storage[PEN_KEY]})  # its own device id
    assert thief.has("unlock") and not thief.has("next-hand")


async def test_a_new_pin_takes_the_pen_from_the_other_phones_at_once(shared):
    keeper, eid = await scorekeeper(shared)
    second = await watcher(shared, eid)
    await enter_pin(second, shared.app.pin(eid))
    assert second.has("next-hand")
    await keeper.tap("show-pin")
    await keeper.tap("new-pin")
    assert not keeper.has("pin-1")  # behind a question first, no stray taps
    await keeper.tap("new-pin-yes")
    for digit in "4711":
        await keeper.tap(f"pin-{digit}")
    assert shared.app.pin(eid) != "4711"  # nothing until confirmed
    await keeper.tap("new-pin-set")
    assert shared.app.pin(eid) == "4711"
    await second.settle()
    assert second.has("unlock") and not second.has("next-hand")  # revoked without a reload
    await keeper.tap("back")
    assert keeper.has("next-hand")  # who set it keeps it
    reopened = await watcher(shared, eid, storage=second.storage)
    assert reopened.has("unlock")  # and its old token stays revoked


async def test_a_form_open_when_the_pin_changes_elsewhere_stores_nothing(shared):
    keeper, eid = await scorekeeper(shared)
    await keeper.tap("next-hand")
    for key in SAUSPIEL:
        await keeper.tap(key)
    with App.open(shared.app.store.path) as elsewhere:  # `scorepad pin ID --reset`: no phone is told
        elsewhere.reset_pin(eid)
    await keeper.tap("save")
    assert shared.app.evening(eid).hands == 0
    assert keeper.text_of("notice") == PEN_LOST and keeper.has("pen-lost")  # the form and its taps stay
    assert shared.app.draft(eid, keeper.storage[DEVICE_KEY])["player"] == "Vroni"  # the draft too


async def test_a_pin_reset_on_the_command_line_takes_the_pen_within_two_seconds(shared):
    keeper, eid = await scorekeeper(shared)
    await keeper.tap("next-hand")
    for key in SAUSPIEL:
        await keeper.tap(key)
    watching = await watcher(shared, eid, storage=dict(keeper.storage))  # the same phone's other tab
    assert watching.has("next-hand")
    with App.open(shared.app.store.path) as elsewhere:  # `scorepad pin ID --reset`, another process
        elsewhere.reset_pin(eid)
    for _ in range(20):  # no tap: the server notices the file changed
        await asyncio.sleep(0.1)
        await keeper.settle()
        await watching.settle()
        if keeper.has("pen-lost") and watching.has("unlock"):
            break
    assert keeper.has("pen-lost") and keeper.has("save")  # the form stays, with its taps
    assert watching.has("unlock") and not watching.has("next-hand")


async def test_the_serving_machine_sees_the_pin_without_holding_the_pen(shared):
    keeper, eid = await scorekeeper(shared)
    here = await watcher(shared, eid, client_ip="127.0.0.1")
    phone = await watcher(shared, eid, client_ip="192.168.1.23")
    assert not phone.has("show-pin")
    assert here.has("show-pin") and not here.has("next-hand")
    await here.tap("unlock")
    assert here.text_of("pin-here") == f"Auf diesem Rechner zu sehen: PIN {shared.app.pin(eid)}"
    await here.tap("back")
    await here.tap("show-pin")
    assert here.text_of("pin-current") == shared.app.pin(eid)
    await phone.tap("unlock")
    assert not phone.has("pin-here")


# -- 2. a double save never doubles a hand ----------------------------------------------------------

@pytest.fixture(autouse=True)
def quick_arming(monkeypatch):
    monkeypatch.setattr(hand_screen, "ARM_S", 0.2)  # the choice after another phone's save: armed sooner here


async def armed(phone):
    """Wait until the choice after another phone's save takes taps (hand_screen.ARM_S)."""
    await asyncio.sleep(hand_screen.ARM_S + 0.1)
    await phone.settle()


async def two_phones_same_hand(shared):
    keeper, eid = await scorekeeper(shared)
    second = await watcher(shared, eid)
    await enter_pin(second, shared.app.pin(eid))
    await keeper.tap("next-hand")
    await second.tap("next-hand")
    for phone in (keeper, second):
        for key in SAUSPIEL:
            await phone.tap(key)
    await keeper.tap("save")
    await second.settle()
    return keeper, second, eid


async def test_a_refused_save_shows_the_other_phones_hand_beside_this_one(shared):
    keeper, second, eid = await two_phones_same_hand(shared)
    assert second.text_of("stale") == "Inzwischen wurde ein Spiel eingetragen. Das gleiche Spiel?"
    assert second.text_of("stale-other") == "Anderes Handy: Spiel 1 · Sauspiel Vroni + Kathi · gewonnen"
    assert second.text_of("stale-mine") == "Dieses Handy: Sauspiel Vroni + Kathi · gewonnen"
    assert second.has("preview") and second.has("discard") and second.has("save-anyway")
    assert not second.has("save")
    assert not second.has("notice")  # said in the panel, not in a line over the preview


async def test_verwerfen_drops_this_phones_hand_and_its_draft(shared):
    keeper, second, eid = await two_phones_same_hand(shared)
    await armed(second)
    await second.tap("discard")
    assert shared.app.evening(eid).hands == 1  # the same hand is stored once
    assert shared.app.draft(eid, second.storage[DEVICE_KEY]) is None
    assert second.has("next-hand")
    assert second.text_of("notice") == "Verworfen: dieses Spiel wurde nicht eingetragen"


async def test_trotzdem_eintragen_stores_it_after_the_other_hand(shared):
    keeper, second, eid = await two_phones_same_hand(shared)
    await armed(second)
    await second.tap("save-anyway")
    assert shared.app.evening(eid).hands == 2
    assert second.text_of("notice") == "Spiel 2 gespeichert"


async def test_a_tap_meant_for_speichern_as_the_other_hand_arrives_enters_nothing(shared):
    """Speichern is tapped just as another phone's save reaches this one: the finger lands where
    "Trotzdem eintragen" and "Verwerfen" now stand. Both are greyed for a moment, and a tap that
    reaches them before (already on its way) does neither."""
    keeper, second, eid = await two_phones_same_hand(shared)
    assert second.find("save-anyway").disabled and second.find("discard").disabled
    for key in ("save-anyway", "discard"):
        await second.session.dispatch_event(second.find(key)._i, "click", None)  # as if not greyed yet
        await second.settle()
    assert shared.app.evening(eid).hands == 1
    assert second.has("stale")  # the taps are still on the form, the choice still open
    await armed(second)
    assert not second.find("save-anyway").disabled and not second.find("discard").disabled


# -- 3. watchers -------------------------------------------------------------------------------

async def test_a_watcher_sees_a_new_hand_glow_for_a_moment(shared, monkeypatch):
    monkeypatch.setattr(table_screen, "GLOW_S", 0.3)
    keeper, eid = await scorekeeper(shared)
    other = await watcher(shared, eid)
    await enter_sauspiel(keeper)
    await other.settle()
    assert other.has("hand-1") and other.text_of("new-1") == "neu"
    assert other.find("hand-1").bgcolor == ft.Colors.TERTIARY_CONTAINER
    await asyncio.sleep(0.6)
    await other.settle()
    assert other.has("hand-1") and not other.has("new-1")
    assert not keeper.has("new-1")  # this phone's own save is not news to it


async def test_a_watcher_sees_who_keeps_score(shared):
    keeper, eid = await scorekeeper(shared)
    other = await watcher(shared, eid)
    me, them = phone_label(keeper.storage[DEVICE_KEY]), phone_label(other.storage[DEVICE_KEY])
    assert keeper.text_of("pen-line") == f"Du schreibst mit ({me})"
    assert other.text_of("pen-line") == f"Es schreibt: {me} · du schaust zu ({them})"


async def test_after_a_restart_the_last_writer_is_named_until_the_pen_shows_up(db):
    first = make_main(str(db), require_pin=True)
    keeper, eid = await scorekeeper(first)
    await enter_sauspiel(keeper)
    first.app.close()
    restarted = make_main(str(db), require_pin=True)
    try:
        other = await watcher(restarted, eid)
        me, them = phone_label(keeper.storage[DEVICE_KEY]), phone_label(other.storage[DEVICE_KEY])
        assert other.text_of("pen-line") == f"Zuletzt eingetragen von {me} · du schaust zu ({them})"
        await watcher(restarted, eid, storage=keeper.storage)
        await other.tap("back")
        await other.tap(f"evening-{eid}")
        assert other.text_of("pen-line") == f"Es schreibt: {me} · du schaust zu ({them})"
    finally:
        restarted.app.close()


async def test_the_context_line_says_who_comes_out_in_schafkopf(shared):
    keeper, eid = await scorekeeper(shared)  # Vroni deals first
    other = await watcher(shared, eid)
    assert other.text_of("context-line") == "Geber Vroni · raus kommt Hias"


async def test_a_watcher_tapping_a_hand_sees_it_read_only(shared):
    keeper, eid = await scorekeeper(shared)
    await enter_sauspiel(keeper)
    other = await watcher(shared, eid)
    await other.tap("hand-1")
    assert other.text_of("view-hand") == "Sauspiel Vroni + Kathi · gewonnen"
    assert other.text_of("view-deltas") == ("Vroni & Kathi gewinnen: Sauspiel\xa00,20 € je Gegner; "
                                            "Vroni & Kathi je +0,20 €, Hias & Wast je -0,20 €")
    assert not other.has("save") and not other.has("delete")
    await other.tap("view-back")
    assert other.has("unlock")


# -- 4. the PIN screen -------------------------------------------------------------------------

def test_the_pad_is_laid_out_like_a_phone_keypad():
    assert KEYPAD == [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["", "0", "back"]]


async def test_the_delete_key_takes_back_the_last_digit(shared):
    keeper, eid = await scorekeeper(shared)
    phone = await watcher(shared, eid)
    await phone.tap("unlock")
    assert phone.find("pin-back").disabled  # nothing to delete yet
    for key in ["pin-1", "pin-2", "pin-back"]:
        await phone.tap(key)
    assert phone.text_of("pin-shown") == "1 _ _ _"


async def test_one_try_left_is_said_in_the_singular(shared):
    keeper, eid = await scorekeeper(shared)
    wrong = "0000" if shared.app.pin(eid) != "0000" else "1111"
    phone = await watcher(shared, eid, client_ip=PHONE_IP)
    await phone.tap("unlock")
    said = []
    for _ in range(ADDRESS_BURST - 1):  # one phone (its address) has three of the evening's five
        for digit in wrong:
            await phone.tap(f"pin-{digit}")
        said.append(phone.text_of("pin-message"))
    assert said == ["Falsche PIN (noch 2 Versuche)", "Falsche PIN (noch 1 Versuch)"]
    other = await watcher(shared, eid, client_ip="192.0.2.24")  # another phone has the evening's three left
    await other.tap("unlock")
    for digit in wrong:
        await other.tap(f"pin-{digit}")
    assert other.text_of("pin-message") == "Falsche PIN (noch 2 Versuche)"
    for digit in wrong:
        await other.tap(f"pin-{digit}")
    assert other.text_of("pin-message") == "Falsche PIN (noch 1 Versuch)"


async def test_the_wait_for_the_next_pin_is_said_and_ends(shared, monkeypatch):
    from scorepad.ui.screens import pin as pin_screen

    monkeypatch.setattr(pin_screen, "WAIT_REFRESH_S", 0.2)
    now = [1_000_000.0]
    shared.app._pins.clock = lambda: now[0]
    keeper, eid = await scorekeeper(shared)
    wrong = "0000" if shared.app.pin(eid) != "0000" else "1111"
    phone = await watcher(shared, eid, client_ip=PHONE_IP)
    await phone.tap("unlock")
    for _ in range(ADDRESS_BURST):
        for digit in wrong:
            await phone.tap(f"pin-{digit}")
    assert phone.text_of("pin-message") == "Zu viele falsche PINs für diesen Abend: nächster Versuch in 10 min"
    assert phone.text_of("pin-wait-help") == "Sofort geht es mit einer neuen PIN vom Rechner, auf dem scorepad läuft."
    now[0] += 7 * 60
    await asyncio.sleep(0.5)  # the screen renders again by itself
    await phone.settle()
    assert phone.text_of("pin-message") == "Zu viele falsche PINs für diesen Abend: nächster Versuch in 3 min"
    now[0] += 3 * 60
    await asyncio.sleep(0.5)
    await phone.settle()
    assert not phone.has("pin-message") and not phone.find("pin-1").disabled
    assert not phone.has("pin-wait-help")


def lock(app, eid: int) -> None:
    """A stranger's five wrong PINs from two addresses: none left for the evening."""
    wrong = f"{(int(app.pin(eid)) + 1) % 10_000:04d}"
    for n in range(5):
        app.take_pen(eid, Caller(f"stranger-{n}", address="192.0.2.66" if n < ADDRESS_BURST else "192.0.2.67"), wrong)
    assert app.pin_tries(eid).left == 0


async def test_the_serving_machines_new_pin_lets_the_next_phone_take_the_pen_at_once(shared):
    """Issue 40: a stranger's wrong PINs lock the evening; "Neue PIN" on the serving machine
    gives it its tries back, and the phone that types the new PIN keeps score."""
    keeper, eid = await scorekeeper(shared)
    lock(shared.app, eid)
    phone = await watcher(shared, eid, client_ip=PHONE_IP)  # the keeper's battery died: another phone
    await phone.tap("unlock")
    assert phone.find("pin-1").disabled and phone.has("pin-wait-help")
    here = await watcher(shared, eid, client_ip="127.0.0.1")
    await here.tap("show-pin")
    await here.tap("new-pin")
    await here.tap("new-pin-yes")
    for digit in "3579":
        await here.tap(f"pin-{digit}")
    await here.tap("new-pin-set")
    assert shared.app.pin(eid) == "3579" and shared.app.pin_tries(eid).left == 5
    await phone.settle()
    assert not phone.find("pin-1").disabled and not phone.has("pin-wait-help")  # at once, no wait
    for digit in "3579":
        await phone.tap(f"pin-{digit}")
    assert phone.has("next-hand")
    await enter_sauspiel(phone)
    assert shared.app.evening(eid).hands == 1


async def test_pin_screen_messages_are_lines_that_go_by_themselves(shared, monkeypatch):
    import scorepad.ui.notices as notices

    monkeypatch.setattr(notices, "NOTICE_SECONDS", 0.2)
    keeper, eid = await scorekeeper(shared)
    await keeper.tap("show-pin")
    await keeper.tap("new-pin")
    await keeper.tap("new-pin-yes")
    for digit in "2580":
        await keeper.tap(f"pin-{digit}")
    await keeper.tap("new-pin-set")
    assert keeper.text_of("notice") == "Neue PIN 2580: die anderen Handys brauchen sie jetzt"
    assert not [c for c in keeper.controls() if isinstance(c, ft.SnackBar)]  # no SnackBar to stay open
    await asyncio.sleep(0.4)
    await keeper.settle()
    assert not keeper.has("notice")
    assert NOTICE_SECONDS > 0


async def test_header_icon_buttons_carry_their_names(shared):
    keeper, eid = await scorekeeper(shared)
    for key, name in [("back", "Zurück"), ("show-pin", "PIN zeigen"), ("undo", "Rückgängig"), ("settle", "Abrechnung")]:
        [node] = [c for c in keeper.controls() if isinstance(c, ft.Semantics) and c.identifier == key]
        assert node.label == name and node.button, key
        assert node.content.tooltip == name


async def test_the_pin_screen_says_the_evenings_pin_is_under_pin_zeigen_the_123(shared):
    """Where the PIN is, as the keeper's screen shows it: its PIN zeigen action, the 123 icon."""
    keeper, eid = await scorekeeper(shared)
    assert keeper.find("show-pin").icon == ft.Icons.PIN  # the 123
    phone = await watcher(shared, eid, client_ip=PHONE_IP)
    await phone.tap("unlock")
    said = phone.text_of("pin-where")
    assert "„PIN zeigen“ (das Zeichen 123)" in said and "Schlüssel" not in said


async def test_a_tournament_tables_pin_screen_says_the_pin_is_on_the_tischzettel(shared):
    tid = shared.app.new_tournament("Kirta", "preisschafkopf-5-10-15", 1, 4,
                                    ["Alois", "Anderl", "Burgi", "Cilli"], seed="1").id
    eid = shared.app.draw_round(tid).tables[0].evening
    phone = await open_phone(shared, client_ip=PHONE_IP, route=f"/abend/{eid}")
    await phone.tap("unlock")
    said = phone.text_of("pin-where")
    assert "Tischzettel" in said and "Turnierleiter" in said and "Handy" not in said
