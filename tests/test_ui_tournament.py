"""The organiser's tournament screens, without a browser: reached from the start screen only on
the machine that serves scorepad; a new tournament typed in; a round drawn, every table's
progress following the saves; a round closed (with a confirmation while tables have games to
play); a table's hand corrected with its PIN; a new PIN for a table a stranger's wrong PINs locked
(issue 40); late arrivals, withdrawals; finishing; the pages to print. A phone from another machine that opens the organiser's address is refused by the app
layer and is offered nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from flet_harness import open_phone
from german import not_german

from scorepad.app.caller import Caller
from scorepad.ui.main import start_route
from scorepad.ui.nav import Route
from scorepad.ui.printroute import printed_page, prizes_path, sheets_path
from scorepad.ui.screens.tournaments import field_words, player_lines

pytestmark = pytest.mark.ui

RULES = "preisschafkopf-5-10-15"
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]
HERE = "127.0.0.1"  # the organiser's browser on the serving machine (the socket's address)


def herz_solo(player, augen=70):
    return {"game": "solo", "player": player, "suit": "herz", "augen": augen}


def no_english(phone) -> None:
    """All the screen says and a screen reader reads is German (tests/german.py)."""
    assert not_german(phone.words()) == []


async def organiser(main, tid=None):
    """The organiser's browser on the serving machine, at the tournaments (or one tournament)."""
    phone = await open_phone(main, client_ip=HERE)
    await phone.tap("tournaments")
    if tid is not None:
        await phone.tap(f"tournament-{tid}")
    return phone


async def test_the_start_screen_offers_the_tournaments_on_the_serving_machine_only(main):
    assert (await open_phone(main, client_ip=HERE)).has("tournaments")
    assert not (await open_phone(main, client_ip="192.0.2.7")).has("tournaments")


async def test_the_organiser_types_in_a_tournament_and_sees_it(main):
    phone = await organiser(main)
    await phone.tap("new-tournament")
    assert phone.find("tournament-create").disabled  # nothing typed: not yet
    await phone.type("tournament-name", "Kirta")
    await phone.tap(f"rules-{RULES}")
    await phone.tap("rounds-2")
    await phone.tap("games-8")
    await phone.type("tournament-players", "\n".join(f"{k} {name}" for k, name in enumerate(FIELD, 1)))
    assert phone.text_of("tournament-field") == "8 Spieler · 2 Tische zu 4"
    no_english(phone)
    await phone.tap("tournament-create")
    info = main.app.list_tournaments()[0]
    assert (info.name, info.ruleset, info.rounds, info.games) == ("Kirta", RULES, 2, 8)
    assert [(p.number, p.name) for p in info.players] == list(enumerate(FIELD, 1))
    assert phone.text_of("round-title") == "Noch keine Runde ausgelost"
    assert phone.has("draw-round")


async def test_the_organiser_types_games_per_table_size_and_a_lost_game_fee_in_euros(main):
    phone = await organiser(main)
    await phone.tap("new-tournament")
    await phone.type("tournament-name", "Kirta")
    await phone.tap(f"rules-{RULES}")
    assert phone.find("tournament-games").value == "32"  # the chips' default, in the field
    await phone.tap("games-8")
    assert phone.find("tournament-games").value == "8"
    await phone.type("tournament-games", "32/40")  # tables of 4 and of 5, the smaller first
    await phone.type("tournament-fee", "0,50/0,50/0,50/1,00")
    assert phone.text_of("tournament-fee-words") == "0,50 € für das 1. bis 3. verlorene Spiel, ab dem 4. 1,00 €"
    await phone.type("tournament-players", "\n".join(FIELD + ["Gustl"]))
    no_english(phone)
    await phone.tap("tournament-create")
    info = main.app.list_tournaments()[0]
    assert (info.games_words(), info.table_games, info.fees) == ("32/40", {4: 32, 5: 40}, [50, 50, 50, 100])
    drawn = main.app.draw_round(info.id)
    assert {t.games: len(main.app.evening(t.evening).players) for t in main.app.tournament_progress(info.id)} == \
        {32: 4, 40: 5}
    assert len(drawn.tables) == 2


@pytest.mark.parametrize(("games", "fee", "refusal"), [("32/40/48", "", "Spiele je Tisch und Runde"),
                                                       ("32,40", "", "Spiele je Tisch und Runde"),
                                                       ("32", "0.50", "Verlustspielgeld in Euro")])
async def test_games_or_a_fee_the_form_cannot_take_are_refused_and_nothing_is_stored(main, games, fee, refusal):
    phone = await organiser(main)
    await phone.tap("new-tournament")
    await phone.type("tournament-name", "Kirta")
    await phone.type("tournament-games", games)
    await phone.type("tournament-fee", fee)
    await phone.type("tournament-players", "\n".join(FIELD))
    await phone.tap("tournament-create")
    assert main.app.list_tournaments() == []
    assert any(t.startswith(refusal) for t in phone.texts())
    assert phone.has("tournament-create")  # still the form


async def test_a_drawn_round_shows_each_tables_progress_as_the_tables_save(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 8, FIELD, seed="1").id
    phone = await organiser(main, tid)
    await phone.tap("draw-round")
    drawn = main.app.tournament_round(tid)
    assert phone.text_of("progress-1") == "Tisch 1: 0 von 8 Spielen"
    assert phone.text_of("progress-2") == "Tisch 2: 0 von 8 Spielen"
    seats = drawn.tables[0].seats
    assert phone.text_of("seats-1") == " · ".join([f"{seats[0]} (gibt zuerst)", *seats[1:]])
    assert phone.text_of("round-meetings") == "Wiederbegegnungen: keine"
    for t in drawn.tables:  # each card: the table's PIN (its sheet's) and its address; on loopback
        # no QR code (a phone scanning it would open its own 127.0.0.1)
        assert phone.text_of(f"table-pin-{t.table}") == f"PIN {t.pin}"
        assert phone.text_of(f"table-link-{t.table}") == f"http://127.0.0.1:8550/abend/{t.evening}"
        assert not phone.has(f"table-qr-{t.table}") and not phone.has(f"table-locked-{t.table}")
    # served on loopback (the harness's server, as the README's default): how to serve for phones
    assert "scripts/run web --host 0.0.0.0" in phone.text_of("loopback-line")
    main.app.add_hand(drawn.tables[0].evening, herz_solo(seats[1]))  # a table's phone saves
    await phone.settle()
    assert phone.text_of("progress-1") == "Tisch 1: 1 von 8 Spielen"
    no_english(phone)
    assert phone.find("print-sheets").url.url == sheets_path(tid, 1)
    await phone.tap("prizes-3")
    assert phone.find("print-prizes").url.url == prizes_path(tid, 3)
    await phone.tap("open-table-1")
    assert phone.has("context-line")  # the table's evening


async def test_served_on_the_wifi_every_card_names_that_address_and_a_locked_table_warns(main, monkeypatch):
    """Served at the Wi-Fi address: the cards' addresses are that address, no loopback line; a
    table strangers locked with wrong PINs says so on its card, beside its "Neue PIN"."""
    monkeypatch.setattr("scorepad.ui.served._base", "http://192.0.2.2:8550/")
    tid = main.app.new_tournament("Kirta", RULES, 2, 8, FIELD, seed="1").id
    drawn = main.app.draw_round(tid)
    evening = drawn.tables[1].evening
    wrong = "0000" if main.app.pin(evening) != "0000" else "1111"
    for k in range(5):  # five strangers' wrong PINs: the table takes no more
        main.app.check_pin(evening, wrong, caller=Caller(f"stranger-{k}", address=f"192.0.2.{20 + k}"))
    phone = await organiser(main, tid)
    assert phone.text_of("table-link-1") == f"http://192.0.2.2:8550/abend/{drawn.tables[0].evening}"
    assert not phone.has("loopback-line")
    assert not phone.has("table-locked-1")
    assert phone.text_of("table-locked-2").startswith("Gesperrt: 5 falsche PINs")
    assert phone.has("new-table-pin-2")
    no_english(phone)


async def test_the_organisers_screen_offers_the_tournaments_exports(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 8, FIELD, seed="1").id
    phone = await organiser(main, tid)
    assert all(phone.has(f"export-{f}") for f in ("csv-de", "html", "json"))


async def test_closing_a_round_with_games_to_play_asks_first(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 1, FIELD, seed="1").id
    drawn = main.app.draw_round(tid)
    main.app.add_hand(drawn.tables[0].evening, herz_solo(drawn.tables[0].seats[1]))
    phone = await organiser(main, tid)
    await phone.tap("close-round")
    assert "Tisch 2 (0 von 1)" in " ".join(phone.texts())
    await phone.tap("close-force-cancel")
    assert main.app.tournament(tid).open_round == 1
    await phone.tap("close-round")
    await phone.tap("close-force")
    assert main.app.tournament(tid).open_round is None
    assert phone.text_of("round-title") == "Runde 1 von 2 · abgeschlossen"
    assert phone.has("draw-round")
    await phone.tap("draw-round")
    assert main.app.tournament(tid).open_round == 2
    assert phone.text_of("round-title") == "Runde 2 von 2"


async def test_a_played_out_round_closes_without_asking(main):
    tid = main.app.new_tournament("Kirta", RULES, 1, 1, FIELD, seed="1").id
    for table in main.app.draw_round(tid).tables:
        main.app.add_hand(table.evening, herz_solo(table.seats[1]))
    phone = await organiser(main, tid)
    await phone.tap("close-round")
    assert main.app.tournament(tid).open_round is None
    assert phone.has("finish-last")  # all rounds played: the tournament can be finished
    await phone.tap("finish-last")
    await phone.tap("finish-yes")
    assert main.app.tournament(tid).finished
    assert phone.text_of("finished") == "Turnier beendet"


async def test_a_tables_hand_is_corrected_with_its_pin_only(main):
    tid = main.app.new_tournament("Kirta", RULES, 1, 2, FIELD, seed="1").id
    table = main.app.draw_round(tid).tables[0]
    main.app.add_hand(table.evening, herz_solo(table.seats[1]))
    main.app.close_round(tid, force=True)  # also after the round is closed
    pin = main.app.pin(table.evening)
    phone = await organiser(main, tid)
    await phone.tap("correct-table-1")
    assert phone.find("fix-hand-1").disabled  # no PIN typed yet
    await phone.type("correct-pin", "0000" if pin != "0000" else "1111")
    await phone.tap("fix-hand-1")
    assert phone.has("fix-hand-1")  # a wrong PIN: no form
    await phone.type("correct-pin", pin)
    await phone.tap("fix-hand-1")
    assert phone.has("save") and not phone.has("delete")
    await phone.tap(f"player-{table.seats[2]}")
    no_english(phone)
    await phone.tap("save")
    assert main.app.hand(table.evening, 1)["player"] == table.seats[2]
    assert main.app.evening(table.evening).finished  # closed again after the correction
    assert phone.has("progress-1")  # back at the tournament


def lock(app, evening: int) -> None:
    """A stranger's five wrong PINs at a table, from two addresses: none left for its evening."""
    wrong = f"{(int(app.pin(evening)) + 1) % 10_000:04d}"
    for n in range(5):
        app.take_pen(evening, Caller(f"stranger-{n}", address="192.0.2.66" if n < 3 else "192.0.2.67"), wrong)
    assert app.pin_tries(evening).left == 0


async def test_the_organiser_draws_a_locked_table_a_new_pin_and_its_phone_takes_the_pen(db):
    """Issue 40: a stranger's wrong PINs lock a table; the organiser's "Neue PIN" on its card
    (after a question) shows the new PIN, and the table's phone that types it keeps score at once."""
    from scorepad.ui.main import make_main

    main = make_main(str(db), require_pin=True)  # a server for the Wi-Fi: the tables' phones need the PIN
    try:
        tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
        first, second = (t.evening for t in main.app.draw_round(tid).tables)
        old, other = main.app.pin(first), main.app.pin(second)
        lock(main.app, first)
        table = await open_phone(main, client_ip="192.0.2.23")
        await table.tap(f"evening-{first}")
        await table.tap("unlock")
        assert table.find("pin-1").disabled
        assert table.text_of("pin-wait-help") == "Sofort geht es mit einer neuen PIN vom Veranstalter des Turniers."
        phone = await organiser(main, tid)
        await phone.tap("new-table-pin-1")
        assert "Neue PIN für Tisch 1?" in phone.texts()
        await phone.tap("new-table-pin-yes-cancel")
        assert main.app.pin(first) == old  # nothing without the yes
        await phone.tap("new-table-pin-1")
        await phone.tap("new-table-pin-yes")
        shown = phone.text_of("new-table-pin-shown")
        assert shown == main.app.pin(first) != old and main.app.pin(second) == other
        assert "Tisch 1: neue PIN" in phone.texts()
        no_english(phone)
        await phone.tap("new-table-pin-done")
        assert not phone.has("new-table-pin-shown")
        await table.settle()
        for digit in shown:
            await table.tap(f"pin-{digit}")
        assert table.has("next-hand")  # the new phone keeps score
    finally:
        main.app.close()


async def test_a_closed_round_offers_no_new_pin(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 1, FIELD, seed="1").id
    main.app.draw_round(tid)
    phone = await organiser(main, tid)
    assert phone.has("new-table-pin-1") and phone.has("new-table-pin-2")
    main.app.close_round(tid, force=True)
    await phone.settle()
    assert not phone.has("new-table-pin-1")


async def test_late_arrivals_and_withdrawals_between_rounds(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 1, FIELD, seed="1").id
    phone = await organiser(main, tid)
    await phone.tap("withdraw-Alois")
    await phone.type("late-name", "9 Zenzi")
    await phone.tap("late-add")
    info = main.app.tournament(tid)
    assert not next(p for p in info.players if p.name == "Alois").present(1)
    assert next(p for p in info.players if p.name == "Zenzi").number == 9
    assert phone.has("enter-Alois") and phone.has("withdraw-Zenzi")
    await phone.tap("draw-round")
    seated = {n for t in main.app.tournament_round(tid).tables for n in t.seats}
    assert "Zenzi" in seated and "Alois" not in seated


async def test_a_phone_from_another_machine_at_the_organisers_address_is_refused(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 1, FIELD, seed="1").id
    main.app.draw_round(tid)
    refused = await open_phone_at(main, f"/turniere/{tid}", "192.0.2.7")
    assert "Das darf nur der Veranstalter" in " ".join(refused.texts())
    assert not any(refused.has(k) for k in ("draw-round", "close-round", "finish", "print-sheets", "progress-1",
                                            "new-table-pin-1"))
    assert (await open_phone_at(main, f"/turniere/{tid}", HERE)).has("close-round")


async def open_phone_at(main, address, client_ip):
    """A phone that opened the app at `address` (a typed address, a bookmark)."""
    return await open_phone(_at(main, address), client_ip=client_ip)


def _at(main, address):
    async def opened(page):
        page.route = address
        await main(page)
    return opened


def test_the_print_pages_are_the_organisers(app):
    tid = app.new_tournament("Kirta", RULES, 1, 1, FIELD, seed="1").id
    app.draw_round(tid)
    pin = app.table_sheets(tid)[0].pin
    status, html = printed_page(app, sheets_path(tid, 1), Caller("druck", local=True), "http://192.0.2.2:8550/")
    assert status == 200 and pin in html and "Tisch 1" in html
    status, html = printed_page(app, sheets_path(tid, 1), Caller("druck"), "http://192.0.2.2:8550/")
    assert status == 403 and pin not in html and "Veranstalter" in html
    status, html = printed_page(app, f"/druck/turnier/{tid}/preise/3", Caller("druck", local=True), "http://x:1/")
    assert status == 200 and sum(name in html for name in FIELD) == 3  # the first three places
    assert printed_page(app, "/druck/turnier/99/rangliste", Caller("druck", local=True), "http://x:1/")[0] == 404
    assert printed_page(app, "/druck/etwas", Caller("druck", local=True), "http://x:1/")[0] == 404


def test_the_players_are_typed_one_a_line_with_an_optional_number():
    assert player_lines("7 Hias\n\n  Vroni \n12. Wast Huber\n3) Kathi") == [
        ("Hias", 7), ("Vroni", None), ("Wast Huber", 12), ("Kathi", 3)]


def test_the_line_under_the_players_says_the_tables_the_chosen_rules_seat(app):
    nav = SimpleNamespace(app=app)
    assert field_words(nav, "preisschafkopf-5-10-15", 13) == "13 Spieler · 2 Tische zu 4 und 1 Tisch zu 5"
    assert field_words(nav, "preisschafkopf-5-10-15", 7) == "7 Spieler · 7 Spieler passen nicht an Tische zu 4 und zu 5"


def test_the_addresses_turniere_open_the_organisers_screens(app):
    assert start_route(app, "/turniere") == Route("tournaments")
    assert start_route(app, "/turniere/3") == Route("tournament", tournament=3)
    assert start_route(app, "/turnier/3") == Route("ranking", tournament=3)


async def test_a_house_variant_of_a_tournament_table_is_offered_and_played(main):
    house = main.app.save_house_rules("Kirchenwirt", RULES, {"contracts": {"sauspiel": {"tariff": 10}}})
    phone = await organiser(main)
    await phone.tap("new-tournament")
    assert phone.has(f"rules-{RULES}") and not phone.has("rules-schafkopf")  # tournament tables only
    await phone.type("tournament-name", "Kirta")
    await phone.tap(f"rules-{house.ruleset}")
    await phone.type("tournament-players", "\n".join(FIELD))
    await phone.tap("tournament-create")
    assert main.app.list_tournaments()[0].ruleset == house.ruleset


async def test_the_projectors_ranking_opens_from_the_tournament(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 1, FIELD, seed="1").id
    phone = await organiser(main, tid)
    await phone.tap("projector")
    assert phone.text_of("ranking-title") == "Kirta"


def test_the_new_tournament_offers_the_tables_that_say_they_are_for_tournaments(app):
    from scorepad.tables import builtin_tables
    from scorepad.ui.screens.tournaments import rule_tables

    app.save_house_rules("Preisskat Huber", "skat-seeger-fabian", {"seeger_fabian": {"won": 40}})
    offered = [tid for tid, _name in rule_tables(SimpleNamespace(app=app))]
    assert offered == [tid for tid, t in builtin_tables().items() if t.tournament.offered] + \
        ["skat-seeger-fabian-preisskat-huber"]
    assert {"preisschafkopf-5-10-15", "preisschafkopf-nurplus", "preisschafkopf-plusminus",
            "skat-seeger-fabian"} <= set(offered) and "schafkopf" not in offered and "skat" not in offered


def test_a_skat_tournament_says_serie_where_a_schafkopf_one_says_runde(app):
    from scorepad.ui.screens.ranking import round_words
    from scorepad.ui.screens.tournaments import status_words

    tid = app.new_tournament("Preisskat", "skat-seeger-fabian", 3, 2, ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"],
                             seed="1").id
    assert status_words(app.tournament(tid)) == "3 Serien, noch keine ausgelost · 6 Spieler · 2 Spiele je Serie"
    assert round_words(app.ranking_board(tid)) == "Noch keine Serie ausgelost · 3 Serien"
    app.draw_round(tid)
    assert status_words(app.tournament(tid)).startswith("Serie 1 von 3 läuft")
    assert round_words(app.ranking_board(tid)) == "Serie 1 von 3 · 0 von 4 Spielen"
    other = app.new_tournament("Kirta", RULES, 3, 2, FIELD, seed="1").id
    assert status_words(app.tournament(other)).startswith("3 Runden, noch keine ausgelost")


async def test_the_organiser_draws_a_serie_of_a_skat_tournament(main):
    tid = main.app.new_tournament("Preisskat", "skat-seeger-fabian", 2, 2,
                                  ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd"], seed="1").id
    phone = await organiser(main, tid)
    assert phone.has("draw-round") and "Serie 1 auslosen" in phone.words()
    await phone.tap("draw-round")
    assert "Serie 1 von 2" in phone.words() and "Serie 1 abschließen" in phone.words()
    assert "Runde" not in " ".join(phone.words())
    no_english(phone)
