"""The ranking screen of a tournament (for a projector), without a browser: it follows every
save at any table, from a phone or from another process, gathering quick saves into one render
and every screen of the tournament rendering on one computation; it pages through a long
field; it shows which tie-break decided a place."""

from __future__ import annotations

import asyncio
import time

import pytest
from flet_harness import open_phone

from scorepad.app import App, tournaments
from scorepad.ui import ranking_feed
from scorepad.ui.main import start_route
from scorepad.ui.nav import Route
from scorepad.ui.screens import ranking

pytestmark = pytest.mark.ui

RULES = "preisschafkopf-5-10-15"  # Farbspiel 5-10-15, Herz-Solo 25 (rulesets/preisschafkopf-5-10-15.toml)
FIELD = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]


def herz_solo(player):
    return {"game": "solo", "player": player, "suit": "herz", "augen": 70}


def farbspiel(player, partner, result):
    return {"game": "sauspiel", "player": player, "partner": partner, "suit": "gras", "result": result}


def shown_order(phone) -> list[str]:
    names = []
    for rank in range(1, ranking.ROWS + 1):
        if not phone.has(f"rank-{rank}-name"):
            break
        names.append(phone.text_of(f"rank-{rank}-name"))
    return names


async def ranking_phone(main, tid, width=1920, height=1080):
    """A screen (a 1080p projector unless said) opened at the start, then the tournament's ranking."""
    phone = await open_phone(main, width=width, height=height)
    await phone.tap(f"ranking-{tid}")
    return phone


async def test_a_save_at_a_table_moves_the_ranking_at_once(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    drawn = main.app.draw_round(tid)
    phone = await ranking_phone(main, tid)
    assert phone.text_of("ranking-title") == "Kirta"
    assert phone.text_of("ranking-round") == "Runde 1 von 2 · 0 von 8 Spielen"
    before = shown_order(phone)
    assert sorted(before) == sorted(FIELD)
    soloist = drawn.tables[1].seats[2]
    main.app.add_hand(drawn.tables[1].evening, herz_solo(soloist))  # as a table's phone saves it
    await phone.settle()
    assert shown_order(phone)[0] == soloist
    assert phone.text_of("rank-1-points") == "75"  # Herz-Solo 25 from each of the three
    assert phone.text_of("rank-1-solos") == "1"
    assert phone.text_of("ranking-round") == "Runde 1 von 2 · 1 von 8 Spielen"
    assert [phone.text_of(f"rank-{k}-points") for k in (6, 7, 8)] == ["-25"] * 3


async def test_a_save_from_another_process_reaches_the_ranking_within_a_second(main, db):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    drawn = main.app.draw_round(tid)
    phone = await ranking_phone(main, tid)
    soloist = drawn.tables[0].seats[3]
    with App.open(db) as other:  # `scorepad add` while the server runs
        other.add_hand(drawn.tables[0].evening, herz_solo(soloist))
        saved = time.monotonic()
    while shown_order(phone)[0] != soloist and time.monotonic() - saved < 1.0:
        await asyncio.sleep(0.05)
        await phone.settle()
    assert shown_order(phone)[0] == soloist
    assert time.monotonic() - saved < 1.0


async def test_the_tie_break_is_shown_where_it_decided(main):
    """Points, then won solos, then the lot: two soloists and a Farbspiel pair all on 50."""
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    t1, t2 = main.app.draw_round(tid).tables
    main.app.add_hand(t1.evening, herz_solo(t1.seats[0]))  # +75, then -25: 50 with a solo
    main.app.add_hand(t1.evening, herz_solo(t1.seats[1]))
    for result in ["won_schwarz"] * 3 + ["won"]:  # 15 + 15 + 15 + 5: 50 without a solo
        main.app.add_hand(t2.evening, farbspiel(t2.seats[0], t2.seats[1], result))
    phone = await ranking_phone(main, tid)
    assert [phone.text_of(f"rank-{k}-points") for k in range(1, 5)] == ["50"] * 4
    assert sorted(shown_order(phone)[:2]) == sorted(t1.seats[:2])
    assert [phone.text_of(f"rank-{k}-decided") for k in range(1, 5)] == ["", "durch Los", "nach Soli", "durch Los"]
    assert phone.text_of("rank-5-decided") == ""  # -50: the points decided
    assert phone.text_of("ranking-rule") == "Reihung: Punkte, dann gewonnene Soli, dann Los"


async def test_a_long_field_pages_by_itself(main, monkeypatch):
    monkeypatch.setattr(ranking, "PAGE_S", 0.2)
    field = [f"Spieler {k:02d}" for k in range(1, 34)]  # 33: three pages of 15
    tid = main.app.new_tournament("Gaudi", RULES, 3, 4, field, seed="1").id
    phone = await ranking_phone(main, tid)
    assert phone.text_of("ranking-page") == "Seite 1 von 3"
    assert phone.has("rank-15-name") and not phone.has("rank-16-name")
    for page, first, last in [(2, 16, 30), (3, 31, 33), (1, 1, 15)]:
        shown = phone.text_of("ranking-page")
        for _ in range(100):  # the next page turns by itself
            await asyncio.sleep(0.01)
            await phone.settle()
            if phone.text_of("ranking-page") != shown:
                break
        assert phone.text_of("ranking-page") == f"Seite {page} von 3"
        assert phone.has(f"rank-{first}-name") and phone.has(f"rank-{last}-name")
        assert not phone.has(f"rank-{first - 1}-name") and not phone.has(f"rank-{last + 1}-name")


def test_a_page_holds_the_lines_that_fit_between_the_top_bar_and_the_footer():
    for width, height in [(1920, 1080), (1280, 720), (1024, 768), (390, 844), (1920, 600)]:
        fit = ranking.Layout.fitting(width, height)
        fixed = fit.top(ranking.TOP_H) + fit.px(ranking.HEAD_H) + fit.px(ranking.FOOT_H)
        assert fixed + fit.rows * fit.px(ranking.LINE_H) <= height < fixed + (fit.rows + 1) * fit.px(ranking.LINE_H)
    assert ranking.Layout.fitting(1920, 1080).rows == ranking.ROWS


async def test_a_phone_shows_place_name_and_points_in_larger_type_than_the_projector_scaled_down(main):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    phone = await ranking_phone(main, tid, width=390, height=844)
    assert phone.has("rank-1-place") and phone.has("rank-1-name") and phone.has("rank-1-points")
    assert not phone.has("rank-1-number") and not phone.has("rank-1-solos") and not phone.has("rank-1-decided")
    assert phone.find("rank-1-name").size > ranking.SIZE * 390 / 1920


async def test_a_small_projector_pages_what_a_1080p_one_shows_on_one(main):
    field = [f"Spieler {k:02d}" for k in range(1, 21)]
    tid = main.app.new_tournament("Gaudi", RULES, 3, 4, field, seed="1").id
    rows = ranking.Layout.fitting(1024, 600).rows
    assert rows < len(field)
    phone = await ranking_phone(main, tid, width=1024, height=600)
    assert phone.text_of("ranking-page") == f"Seite 1 von {ranking.pages_of(len(field), rows)}"
    assert phone.has(f"rank-{rows}-name") and not phone.has(f"rank-{rows + 1}-name")


async def test_the_start_screen_offers_the_ranking_of_a_running_tournament_only(main):
    running = main.app.new_tournament("Kirta", RULES, 1, 1, FIELD, seed="1").id
    done = main.app.new_tournament("Fasching", RULES, 1, 1, FIELD, seed="1").id
    main.app.finish_tournament(done)
    phone = await open_phone(main)
    assert phone.has(f"ranking-{running}") and not phone.has(f"ranking-{done}")
    await phone.tap(f"ranking-{running}")
    assert phone.text_of("ranking-round") == "Noch keine Runde ausgelost · 1 Runde"
    await phone.tap("back")
    assert phone.has("new-evening")


def test_the_address_turnier_id_opens_the_ranking(app):
    assert start_route(app, "/turnier/3") == Route("ranking", tournament=3)
    assert start_route(app, "/turnier/3/") == Route("ranking", tournament=3)
    assert start_route(app, "/") == Route("start")
    assert start_route(app, "/turnier/drei") == Route("start")


async def wait_for_text(phone, key, text, seconds):
    """Settle until `key` reads `text` (at most `seconds`); how long it took."""
    start = time.monotonic()
    while phone.text_of(key) != text and time.monotonic() - start < seconds:
        await asyncio.sleep(0.02)
        await phone.settle()
    assert phone.text_of(key) == text
    return time.monotonic() - start


async def test_saves_in_quick_succession_come_in_one_render_at_the_end_of_the_interval(main, monkeypatch):
    monkeypatch.setattr(ranking_feed, "EVERY_S", 1.0)  # (0.3 when served: long here, so the test sees it)
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    first, second = main.app.draw_round(tid).tables
    phone = await ranking_phone(main, tid)
    renders = []
    real = main.app.ranking_board
    monkeypatch.setattr(main.app, "ranking_board", lambda t: renders.append(t) or real(t))
    main.app.add_hand(first.evening, herz_solo(first.seats[0]))  # after a quiet while: at once
    await phone.settle()
    assert phone.text_of("ranking-round") == "Runde 1 von 2 · 1 von 8 Spielen" and len(renders) == 1
    main.app.add_hand(second.evening, herz_solo(second.seats[0]))
    main.app.add_hand(first.evening, herz_solo(first.seats[1]))
    main.app.add_hand(second.evening, herz_solo(second.seats[1]))
    await phone.settle()
    assert phone.text_of("ranking-round") == "Runde 1 von 2 · 1 von 8 Spielen"  # gathered, not lost:
    await wait_for_text(phone, "ranking-round", "Runde 1 von 2 · 4 von 8 Spielen", 3.0)
    assert len(renders) == 2  # the three saves in one render


async def test_two_ranking_screens_render_together_on_one_computation(main, monkeypatch):
    tid = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    table = main.app.draw_round(tid).tables[1]
    screens = [await ranking_phone(main, tid) for _ in range(2)]
    scored = []
    real = tournaments.table_scores
    monkeypatch.setattr(tournaments, "table_scores", lambda *args: scored.append(args[1]) or real(*args))
    main.app.add_hand(table.evening, herz_solo(table.seats[3]))
    for screen in screens:
        await wait_for_text(screen, "rank-1-name", table.seats[3], 2.0)
        assert screen.text_of("rank-1-points") == "75"
    assert scored == [table.evening]  # the table that saved, scored once for both screens


async def test_the_start_numbers_column_shows_only_where_the_field_has_numbers(main):
    plain = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    numbered = main.app.new_tournament("Gaudi", RULES, 2, 4, FIELD, list(range(11, 19)), seed="1").id
    without = await ranking_phone(main, plain, 1280, 720)
    assert without.has("rank-1-name") and not without.has("rank-1-number")
    with_numbers = await ranking_phone(main, numbered, 1280, 720)
    number = with_numbers.text_of("rank-1-number")
    assert number.isdigit() and 11 <= int(number) <= 18


async def test_the_ranking_shows_the_columns_of_the_tables_tie_breaks(main):
    """Skat: won and lost games (Gew., Verl.) where Schafkopf shows its won solos, the words of
    the tie-break that decided, and the rule spelling out the short headings."""
    from tests.skat_tournament import play_skat_tournament

    skat, *_ = play_skat_tournament(main.app)
    schafkopf = main.app.new_tournament("Kirta", RULES, 2, 4, FIELD, seed="1").id
    board = main.app.ranking_board(skat)
    phone = await ranking_phone(main, skat, 1280, 720)
    assert [phone.text_of(f"ranking-head-{k}") for k in ("won", "lost")] == ["Gew.", "Verl."]
    assert not phone.has("ranking-head-solos") and not phone.has("rank-1-solos")
    for line in board.lines[:4]:
        assert (phone.text_of(f"rank-{line.rank}-won"), phone.text_of(f"rank-{line.rank}-lost")) == \
            (str(line.won), str(line.lost))
    assert [phone.text_of(f"rank-{k}-decided") for k in (2, 4, 6)] == \
        ["mehr gewonnene Spiele", "weniger verlorene Spiele", "durch Los"]
    assert phone.text_of("ranking-rule") == \
        "Reihung: Punkte, dann mehr gewonnene Spiele (Gew.), dann weniger verlorene Spiele (Verl.), dann Los"
    other = await ranking_phone(main, schafkopf, 1280, 720)
    assert other.text_of("ranking-head-solos") == "Soli" and not other.has("ranking-head-won")
    assert other.has("rank-1-solos") and not other.has("rank-1-won") and not other.has("rank-1-lost")
