"""The organiser's own phone (scorepad/app/organiser_phones.py): the serving machine (or the command
line) makes a one-time code; the phone that types it gets a token, and with it every organiser
operation, checked in the store at each call. A code is one use and expires; wrong codes never
void it: each phone and each network (an IPv4 address, an IPv6 /64) may type three wrong codes
(asking while none is valid counts too) before it must wait. A revoked or
forged token is refused, and nothing is stored on a refusal. The store keeps only hashes."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest

from scorepad.app import App
from scorepad.app.caller import Caller
from scorepad.app.errors import OrganiserError
from scorepad.app.organiser_phones import ADDRESS_BURST, ADDRESS_REFILL_S, CODE_VALID_S, day_end
from scorepad.app.phone import PhoneApp

pytestmark = pytest.mark.store

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
HERE = Caller("the-laptop", local=True)
SERVER = "http://192.0.2.2:8550/"


def phone(token: str = "", device: str = "organisers-phone", address: str = "192.0.2.7") -> Caller:
    return Caller(device, organiser=token, address=address)


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def refused(call, code: str) -> OrganiserError:
    with pytest.raises(OrganiserError) as caught:
        call()
    assert caught.value.code == code, caught.value
    assert caught.value.english and caught.value.german
    return caught.value


def stored(app: App) -> tuple:
    tournaments = [app.tournament_data(t.id) for t in app.list_tournaments()]
    return tournaments, [(e.id, e.version, e.finished, e.hands) for e in app.list_evenings()]


def granted(app: App, device: str = "organisers-phone", address: str = "192.0.2.7") -> Caller:
    code = app.make_organiser_code(caller=HERE).code
    return phone(app.redeem_organiser_code(code, caller=phone(device=device, address=address)), device, address)


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(app):
    ticking = Clock()
    app._organiser_phones.clock = ticking
    return ticking


def test_a_code_is_made_only_on_the_serving_machine_or_the_command_line(app, db):
    refused(lambda: app.make_organiser_code(caller=phone()), "organiser_code_here")
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM organiser_codes").fetchone()[0] == 0  # nothing stored
    conn.close()
    refused(lambda: app.make_organiser_code(caller=granted(app)), "organiser_code_here")  # not by a phone allowed
    for caller in (HERE, None):
        made = app.make_organiser_code(caller=caller)
        assert len(made.code) == 6 and made.code.isdigit() and made.valid_s == CODE_VALID_S


def test_the_phone_that_types_the_code_runs_every_organiser_operation(app):
    org = PhoneApp(app, lambda: granted_phone)
    granted_phone = granted(app)
    tid = org.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    org.enter_tournament_player(tid, "Zenzi")
    org.withdraw_tournament_player(tid, "Zenzi")
    drawn = org.draw_round(tid)
    table = drawn.tables[0]
    app.add_hand(table.evening, {"game": "solo", "player": table.seats[1], "suit": "herz", "augen": 70})
    assert [t.german() for t in org.tournament_round(tid).tables] == ["Tisch 1: 1 von 4 Spielen",
                                                                      "Tisch 2: 0 von 4 Spielen"]
    pin = org.table_sheets(tid)[0].pin
    org.correct_table_hand(table.evening, 1, {"game": "solo", "player": table.seats[2], "suit": "herz",
                                               "augen": 70}, pin)
    assert app.hand(table.evening, 1)["player"] == table.seats[2]
    assert org.tournament_standings(tid)[0].name == table.seats[2]
    assert "<html" in org.printed_sheets(tid, SERVER).lower() and org.export_tournament(tid, "json")
    assert [t.name for t in org.list_tournaments()] == ["Kirta"] and org.tournament_progress(tid)
    org.close_round(tid, force=True)
    assert org.finish_tournament(tid).finished


def test_a_code_is_used_once(app):
    code = app.make_organiser_code(caller=HERE).code
    assert app.redeem_organiser_code(code, caller=phone())
    refused(lambda: app.redeem_organiser_code(code, caller=phone(device="second", address="192.0.2.8")),
            "organiser_code_none")
    assert len(app.organiser_phones()) == 1


def test_a_code_expires_after_ten_minutes(app, clock):
    code = app.make_organiser_code().code
    clock.now += CODE_VALID_S + 1
    refused(lambda: app.redeem_organiser_code(code, caller=phone()), "organiser_code_none")
    assert app.organiser_phones() == []


def test_a_new_code_voids_the_one_before(app):
    first = app.make_organiser_code().code
    second = app.make_organiser_code().code
    if first != second:
        refused(lambda: app.redeem_organiser_code(first, caller=phone()), "organiser_code_wrong")
    assert app.redeem_organiser_code(second, caller=phone(address="192.0.2.9"))


def test_wrong_codes_from_many_phones_do_not_void_the_code(app):
    code = app.make_organiser_code().code
    for k in range(20):
        refused(lambda k=k: app.redeem_organiser_code(wrong(code), caller=phone(device=f"g{k}", address=f"192.0.2.{k}")),
                "organiser_code_wrong")
    assert app.redeem_organiser_code(code, caller=phone(address="192.0.2.99"))


def test_asking_before_a_code_exists_counts_as_a_wrong_code(app):
    for _ in range(ADDRESS_BURST):
        refused(lambda: app.redeem_organiser_code("123456", caller=phone(device="watcher", address="192.0.2.66")),
                "organiser_code_none")
    code = app.make_organiser_code().code
    refused(lambda: app.redeem_organiser_code(code, caller=phone(device="watcher", address="192.0.2.66")),
            "organiser_code_wait")


@pytest.mark.parametrize("addresses", [
    ["2001:db8:1:2::10", "2001:db8:1:2::11", "2001:db8:1:2:ffff::1", "2001:db8:1:2::12"],  # one /64
    ["192.0.2.66", "::ffff:192.0.2.66", "::ffff:c000:242", "192.0.2.66"],  # IPv4 and IPv4-mapped IPv6
], ids=["ipv6-64", "ipv4-mapped"])
def test_a_network_types_three_wrong_codes_whatever_address_and_phone_it_takes(app, addresses):
    code = app.make_organiser_code().code
    for k, address in enumerate(addresses[:ADDRESS_BURST]):
        refused(lambda k=k, a=address: app.redeem_organiser_code(wrong(code), caller=phone(device=f"g{k}", address=a)),
                "organiser_code_wrong")
    refused(lambda: app.redeem_organiser_code(code, caller=phone(device="new", address=addresses[-1])),
            "organiser_code_wait")
    assert app.redeem_organiser_code(code, caller=phone(address="2001:db8:1:3::1"))  # the next /64 is another


def test_one_phone_types_three_wrong_codes_whatever_address_it_takes(app):
    code = app.make_organiser_code().code
    for k in range(ADDRESS_BURST):
        refused(lambda k=k: app.redeem_organiser_code(wrong(code), caller=phone(device="roamer", address=f"192.0.2.{k}")),
                "organiser_code_wrong")
    refused(lambda: app.redeem_organiser_code(code, caller=phone(device="roamer", address="192.0.2.50")),
            "organiser_code_wait")


def test_an_address_types_three_wrong_codes_then_waits_even_with_the_right_one(app, clock):
    code = app.make_organiser_code().code
    for _ in range(ADDRESS_BURST):
        refused(lambda: app.redeem_organiser_code(wrong(code), caller=phone(device="guesser")), "organiser_code_wrong")
    error = refused(lambda: app.redeem_organiser_code(code, caller=phone(device="another")), "organiser_code_wait")
    assert error.params["minutes"] == 10
    assert app.organiser_phones() == []
    clock.now += ADDRESS_REFILL_S  # one more try after ten minutes
    assert app.redeem_organiser_code(code, caller=phone(device="another"))


def test_a_guesser_on_one_address_cannot_void_the_organisers_code(app):
    code = app.make_organiser_code().code
    for _ in range(ADDRESS_BURST + 3):
        try:
            app.redeem_organiser_code(wrong(code), caller=phone(device="guesser", address="192.0.2.66"))
        except OrganiserError as exc:
            assert exc.code in ("organiser_code_wrong", "organiser_code_wait")
    assert app.redeem_organiser_code(code, caller=phone(address="192.0.2.7"))


def test_a_revoked_phone_is_refused_at_its_next_call_even_with_the_screen_open(app):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    org = granted(app)
    screen = PhoneApp(app, lambda: org)
    assert screen.tournament(tid).name == "Kirta"  # the screen is drawn
    [allowed] = app.organiser_phones(caller=HERE)
    assert app.revoke_organiser_phone(allowed.id, caller=HERE) == 1
    before = stored(app)
    for call in (lambda: screen.draw_round(tid), lambda: screen.tournament(tid),
                 lambda: screen.finish_tournament(tid, force=True)):
        refused(call, "organiser_only")
    assert stored(app) == before and app.organiser_phones() == []


def test_the_command_line_revokes_every_phone(app):
    phones = [granted(app, device=f"phone-{k}", address=f"192.0.2.{k}") for k in range(2)]
    assert app.revoke_organiser_phone() == 2
    for org in phones:
        refused(lambda org=org: app.list_tournaments(caller=org), "organiser_only")


@pytest.mark.parametrize("forged", ["", "x", "A" * 43, "A" * 10_000, "' OR 1=1 --"])
def test_a_forged_token_is_refused_and_nothing_is_stored(app, forged):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    granted(app)  # a real phone is allowed; the forger is not it
    before = stored(app)
    refused(lambda: app.draw_round(tid, caller=phone(forged, device="forger")), "organiser_only")
    refused(lambda: app.table_sheets(tid, caller=phone(forged, device="forger")), "organiser_only")
    assert stored(app) == before


def test_the_store_keeps_only_hashes_and_the_stored_hash_is_no_token(app, db):
    code = app.make_organiser_code().code
    token = app.redeem_organiser_code(code, caller=phone())
    conn = sqlite3.connect(db)
    rows = [str(r) for t in ("organiser_codes", "organiser_phones") for r in conn.execute(f"SELECT * FROM {t}")]
    [stored_hash] = [r[0] for r in conn.execute("SELECT token_hash FROM organiser_phones")]
    conn.close()
    assert not any(code in r or token in r for r in rows)
    refused(lambda: app.list_tournaments(caller=phone(stored_hash)), "organiser_only")


def test_a_phone_cannot_list_or_revoke_the_phones_but_may_give_up_its_own(app):
    first, second = granted(app, "first", "192.0.2.1"), granted(app, "second", "192.0.2.2")
    refused(lambda: app.organiser_phones(caller=first), "organiser_code_here")
    others = {p.label: p.id for p in app.organiser_phones()}
    refused(lambda: app.revoke_organiser_phone(max(others.values()), caller=first), "organiser_code_here")
    refused(lambda: app.revoke_organiser_phone(caller=phone("forged")), "organiser_code_here")
    assert len(app.organiser_phones()) == 2
    assert app.revoke_organiser_phone(caller=first) == 1
    assert app.may_organise(second) and not app.may_organise(first)


def test_a_phone_is_listed_by_its_name(app):
    granted(app, device="organisers-phone")
    from scorepad.app import phone_label

    assert [p.label for p in app.organiser_phones()] == [phone_label("organisers-phone")]


def test_a_file_of_schema_8_upgrades_with_its_tournament_as_it_was_and_no_organiser_phone(tmp_path):
    import shutil
    from pathlib import Path

    from scorepad.store import SCHEMA_VERSION

    path = tmp_path / "scorepad.db"
    shutil.copyfile(Path(__file__).parent / "fixtures" / "scorepad-v8.db", path)
    before = sqlite3.connect(path)
    columns = {t: ", ".join(c[1] for c in before.execute(f"PRAGMA table_info('{t}')"))  # (what schema 8 had; later
               for t in ("tournaments", "tournament_players", "tournament_rounds", "tournament_tables", "hands",
                         "evenings", "pins")}  # schemas add columns)
    tables = {t: before.execute(f"SELECT {c} FROM {t}").fetchall() for t, c in columns.items()}
    before.close()
    with App.open(path) as app:
        assert app.organiser_phones() == []
        [info] = app.list_tournaments()
        assert (info.name, info.drawn, info.open_round) == ("Kirta", 1, 1)
        assert [t.german() for t in app.tournament_round(info.id).tables] == ["Tisch 1: 1 von 4 Spielen",
                                                                              "Tisch 2: 0 von 4 Spielen"]
        refused(lambda: app.tournament(info.id, caller=phone("anything")), "organiser_only")
    after = sqlite3.connect(path)
    assert after.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
    assert {t: after.execute(f"SELECT {c} FROM {t}").fetchall() for t, c in columns.items()} == tables
    after.close()


def test_the_command_line_makes_a_code_lists_the_phones_and_revokes_them(capsys, db):
    from tests.cli_runner import ok

    code = ok(capsys, "--db", db, "tournament", "organiser-code").strip()
    assert len(code) == 6 and code.isdigit()
    with App.open(db) as app:
        token = app.redeem_organiser_code(code, caller=phone())
    [line] = ok(capsys, "--db", db, "tournament", "organiser-phones").splitlines()
    assert line.split()[1] == "Handy"
    assert ok(capsys, "--db", db, "tournament", "organiser-phones", "--revoke", line.split()[0]).strip() == "1"
    with App.open(db) as app:
        assert not app.may_organise(phone(token))


def test_a_revoke_from_the_command_line_reaches_the_servers_open_screens(app, db):
    from scorepad.app.watch import ORGANISER_PHONES, StoreWatch

    granted(app)
    told: list[int] = []
    watch = StoreWatch(app.store, told.append, lambda evening: None, interval=3600)
    try:
        assert watch.check() == []
        with App.open(db) as cli:  # `scorepad tournament organiser-phones --revoke-all`, another process
            assert cli.revoke_organiser_phone() == 1
        assert watch.check() == [ORGANISER_PHONES] and told == [ORGANISER_PHONES]
    finally:
        watch.stop()


def test_an_organiser_phones_token_ends_with_its_tournament_day(app, clock):
    tid = app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    org = granted(app)
    assert app.tournament(tid, caller=org).name == "Kirta"
    end = day_end(datetime.fromtimestamp(clock.now, UTC).isoformat())
    assert 0 < end - clock.now <= 24 * 3600
    clock.now = end - 1
    assert app.may_organise(org)
    clock.now = end  # six in the morning after the night: the next night's tournament is not its
    refused(lambda: app.draw_round(tid, caller=org), "organiser_only")
    assert app.organiser_phones() == []
