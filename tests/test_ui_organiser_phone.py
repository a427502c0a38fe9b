"""The organiser's own phone, without a browser (ui/screens/organiser_phone.py): the serving machine
shows a one-time code; a phone from another machine at /turniere is asked for it on a keypad, and
with it runs the tournament (all but the printing, which the laptop does); the laptop lists the
phone and revokes it, and the phone's open screen asks for a code again at once. The code is never
on the phone's screen."""

from __future__ import annotations

import pytest
from flet_harness import open_phone

from scorepad.ui.pen import ORGANISER_KEY

pytestmark = pytest.mark.ui

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
HERE, AWAY = "127.0.0.1", "192.0.2.7"


async def laptop_code(main) -> tuple[object, str]:
    laptop = await open_phone(main, client_ip=HERE, route="/turniere")
    await laptop.tap("organiser-code-make")
    shown = laptop.text_of("organiser-code")
    return laptop, shown.replace(" ", "")


async def type_code(phone, code: str) -> None:
    for digit in code:
        await phone.tap(f"pin-{digit}")


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


async def test_a_phone_from_another_machine_is_asked_for_the_laptops_code_and_offered_nothing_else(main):
    phone = await open_phone(main, client_ip=AWAY, route="/turniere")
    assert phone.text_of("organiser-code-ask") == "Code vom Organisator-Laptop"
    assert any("Das darf nur der Veranstalter" in t for t in phone.texts())
    assert not any(phone.has(k) for k in ("new-tournament", "organiser-code-make", "organiser-phones"))
    assert phone.has("pin-0") and phone.text_of("pin-shown") == "_ _ _ _ _ _"


async def test_the_serving_machine_shows_a_six_digit_code_the_phone_never_sees(main):
    phone = await open_phone(main, client_ip=AWAY, route="/turniere")
    laptop, code = await laptop_code(main)
    assert len(code) == 6 and code.isdigit()
    assert laptop.text_of("organiser-phones") == "Organisator-Handys: 0"
    await phone.settle()
    assert not any(code in t.replace(" ", "") for t in phone.texts())


async def test_the_phone_types_the_code_and_runs_the_tournament_but_prints_at_the_laptop(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    laptop, code = await laptop_code(main)
    phone = await open_phone(main, client_ip=AWAY, route="/turniere")
    await type_code(phone, wrong(code))
    assert phone.text_of("organiser-code-message") == "Falscher Code"  # (the code stays valid: issue 36)
    await type_code(phone, code)
    assert phone.has("organiser-allowed") and phone.has("new-tournament")
    assert phone.storage[ORGANISER_KEY]  # kept on the phone, as its pens are
    await laptop.settle()
    assert laptop.text_of("organiser-phones") == "Organisator-Handys: 1"
    assert not laptop.has("organiser-code") and laptop.text_of("organiser-code-used").startswith("Code benutzt: Handy")
    await phone.tap(f"tournament-{tid}")
    await phone.tap("draw-round")
    assert main.app.tournament(tid).open_round == 1
    assert phone.text_of("progress-1") == "Tisch 1: 0 von 4 Spielen"
    assert phone.has("print-at-laptop") and not phone.has("print-sheets")
    assert phone.has("close-round") and phone.has("correct-table-1") is False  # nothing played yet


async def test_a_phone_that_reloads_keeps_its_right_and_the_start_screen_offers_the_tournaments(db):
    from scorepad.ui.main import make_main

    main = make_main(str(db), require_pin=True)  # served to the Wi-Fi: the phone's storage is read
    try:
        _, code = await laptop_code(main)
        phone = await open_phone(main, client_ip=AWAY, route="/turniere")
        await type_code(phone, code)
        again = await open_phone(main, client_ip=AWAY, storage=phone.storage)
        assert again.has("tournaments")
        await again.tap("tournaments")
        assert again.has("organiser-allowed")
        stranger = await open_phone(main, client_ip="192.0.2.8")
        assert not stranger.has("tournaments")
    finally:
        main.app.close()


async def test_the_laptop_revokes_the_phone_and_its_open_screen_asks_for_a_code_again(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    laptop, code = await laptop_code(main)
    phone = await open_phone(main, client_ip=AWAY, route=f"/turniere/{tid}")
    await type_code(phone, code)
    await phone.settle()
    assert phone.has("draw-round")
    await laptop.settle()
    await laptop.tap("organiser-phones-list")  # one phone: "Organisator-Handys: 1 · abmelden"
    await phone.settle()
    assert phone.has("organiser-code-ask") and not phone.has("draw-round")
    assert main.app.organiser_phones() == [] and main.app.tournament(tid).drawn == 0


async def test_an_allowed_phone_gives_its_right_up(main):
    _, code = await laptop_code(main)
    phone = await open_phone(main, client_ip=AWAY, route="/turniere")
    await type_code(phone, code)
    await phone.tap("organiser-leave")
    assert phone.has("organiser-code-ask")
    assert main.app.organiser_phones() == []


async def test_the_allowed_phone_corrects_a_tables_hand_with_its_pin_on_a_server_for_the_wifi(db):
    from scorepad.ui.main import make_main

    main = make_main(str(db), require_pin=True)  # the pen is required: the phone holds none of the table's
    try:
        tid = main.app.new_tournament("Kirta", RULES, 1, 2, FIELD, seed="1").id
        table = main.app.draw_round(tid).tables[0]
        main.app.add_hand(table.evening, {"game": "solo", "player": table.seats[1], "suit": "herz", "augen": 70})
        _, code = await laptop_code(main)
        phone = await open_phone(main, client_ip=AWAY, route=f"/turniere/{tid}")
        await type_code(phone, code)
        await phone.settle()
        await phone.tap("correct-table-1")
        await phone.type("correct-pin", main.app.pin(table.evening))
        await phone.tap("fix-hand-1")
        await phone.tap(f"player-{table.seats[2]}")
        await phone.tap("save")
        assert main.app.hand(table.evening, 1)["player"] == table.seats[2]
        assert phone.has("progress-1")  # back at the tournament
    finally:
        main.app.close()


async def test_the_allowed_phone_draws_a_table_a_new_pin_on_a_server_for_the_wifi(db):
    """Issue 40: the organiser's phone gives a table whose tries a stranger used up a new PIN."""
    from scorepad.app import Caller
    from scorepad.ui.main import make_main

    main = make_main(str(db), require_pin=True)
    try:
        tid = main.app.new_tournament("Kirta", RULES, 1, 2, FIELD, seed="1").id
        table = main.app.draw_round(tid).tables[1]
        wrong = f"{(int(main.app.pin(table.evening)) + 1) % 10_000:04d}"
        for n in range(5):
            main.app.take_pen(table.evening, Caller(f"stranger-{n}", address=f"192.0.2.{66 + n // 3}"), wrong)
        assert main.app.pin_tries(table.evening).left == 0
        _, code = await laptop_code(main)
        phone = await open_phone(main, client_ip=AWAY, route=f"/turniere/{tid}")
        await type_code(phone, code)
        await phone.settle()
        await phone.tap("new-table-pin-2")
        await phone.tap("new-table-pin-yes")
        pin = phone.text_of("new-table-pin-shown")
        assert pin == main.app.pin(table.evening) and main.app.pin_tries(table.evening).left == 5
        assert main.app.take_pen(table.evening, Caller("table-phone", address="192.0.2.23"), pin)
    finally:
        main.app.close()


async def test_the_code_screen_gives_the_full_address_of_turniere(main, monkeypatch):
    """Not "…/turniere": the address to open in full; served on loopback the line how to serve for
    phones instead of a QR code no phone could open; served on the Wi-Fi its QR code."""
    laptop, _ = await laptop_code(main)
    assert "http://127.0.0.1:8550/turniere" in laptop.text_of("organiser-code-address")
    assert "…" not in laptop.text_of("organiser-code-address")
    assert "scripts/run web --host 0.0.0.0" in laptop.text_of("loopback-line")
    assert not laptop.has("organiser-code-qr")
    monkeypatch.setattr("scorepad.ui.served._base", "http://192.0.2.2:8550/")
    laptop, _ = await laptop_code(main)
    assert "http://192.0.2.2:8550/turniere" in laptop.text_of("organiser-code-address")
    assert laptop.has("organiser-code-qr") and not laptop.has("loopback-line")
