"""Issue 27: a tournament's printed pages. Each table sheet (one A4 page per table) names the
tournament, the round and the table, every seat in order with who deals first and who sits out,
the evening's PIN and a QR code of the evening's address on the organiser's server (BASE/abend/ID,
which opens that evening's table on the phone); the ranking list has every place, the prize
list the first N; every name is escaped. Reached from the command line (`sheets --format html`,
`standings --format html [--prizes N]`, `-o FILE`) through the application layer; the plain
commands print what they printed before.

No QR decoder is installed here: the QR code is checked as the very modules segno draws for
the evening's address (the SVG's path read back module by module), and no other address's."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
import segno
from cli_runner import dump, ok, refused

from scorepad.app import App
from scorepad.tournament.address import evening_address, evening_of_route
from scorepad.ui.main import start_route
from scorepad.ui.nav import Route

pytestmark = pytest.mark.store

SERVER = "http://192.168.178.20:8550/"
NINE = ["Alois", "Burgi", "Cilli", "Done", "Fanny", "Gustl", "Hias", "Kathi", "Lenz"]  # a table of 4, one of 5
HOSTILE = ["<b>Kathi</b>", "&amp;", "שלום 9", "=SUM(A1)", "[klick](http://x.e)", "a|b", "<script>x</script>",
           "Sepp +100,00 €"]
ALLOWED_TAGS = {"html", "head", "meta", "title", "style", "body", "section", "h1", "h2", "p", "table", "thead",
                "tbody", "tr", "th", "td", "div", "bdi", "svg", "path"}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    with App.open(tmp_path / "scorepad.db") as a:
        yield a


class Page(HTMLParser):
    """A printed page read back: its tags, its sections (each sheet's text, seats, notes, svg)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.sheets: list[dict] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self._table: str | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        a = dict(attrs)
        if tag == "section":
            self.sheets.append({"table": int(a["data-table"]), "evening": int(a["data-evening"]), "text": [],
                                "rows": [], "pen": [], "path": None, "label": None})
        elif tag == "table":
            self._table = a.get("class")
        elif tag == "tr":
            self.rows.append([])
            if self.sheets:  # the seats' rows, and the ruled list's (to go on by pen)
                part = "pen" if self._table == "pen" else "rows"
                self.sheets[-1][part] = self.sheets[-1][part] + [self.rows[-1]]
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "svg" and self.sheets:
            self.sheets[-1]["label"] = a.get("aria-label")
        elif tag == "path" and self.sheets:
            self.sheets[-1]["path"] = a["d"]

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self.sheets:
            self.sheets[-1]["text"].append(data)


def modules(path: str, border: int = 4) -> set[tuple[int, int]]:
    """The dark modules (column, row) an SVG path of segno's draws: M x y, m dx dy, h n."""
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for k in range(int(float(a))):
                dark.add((int(x) + k - border, int(y - 0.5) - border))
            x += float(a)
    return dark


def qr_modules(text: str) -> set[tuple[int, int]]:
    """The dark modules of `text`'s QR code as segno makes it."""
    matrix = segno.make(text, error="m", micro=False).matrix
    return {(c, r) for r, row in enumerate(matrix) for c, v in enumerate(row) if v}


def tournament(app: App, players: list[str], name: str = "Kirta-Schafkopf") -> tuple[int, dict]:
    tid = app.new_tournament(name, "preisschafkopf-plusminus", 3, 4, players, seed="Aying").id
    return tid, app.draw_round(tid).model_dump()


def played_out(app: App, drawn: dict) -> None:
    """A round played out: at each table hand k is dealt by seat k, and the seat after the dealer
    wins a Herz-Solo (+15 for the soloist, -5 for each other in play)."""
    for t in drawn["tables"]:
        seats = t["seats"]
        for k in range(4):
            app.add_hand(t["evening"], {"game": "solo", "player": seats[(k + 1) % len(seats)], "suit": "herz",
                                        "augen": 70})


# --- the table sheets ------------------------------------------------------------------------------

def test_each_table_sheet_names_the_round_the_table_and_every_seat_in_order(app):
    tid, drawn = tournament(app, NINE)
    page = Page(app.printed_sheets(tid, SERVER))
    assert [s["table"] for s in page.sheets] == [t["table"] for t in drawn["tables"]] == [1, 2]
    for sheet, table in zip(page.sheets, drawn["tables"]):
        text = "".join(sheet["text"])
        assert "Kirta-Schafkopf" in text and f"Runde 1 · Tisch {table['table']}" in text
        assert "4 Spiele in dieser Runde" in text
        seats = [row[1] for row in sheet["rows"][1:]]
        assert seats == table["seats"]
        assert [row[0] for row in sheet["rows"][1:]] == [f"Platz {k}" for k in range(1, len(seats) + 1)]


def test_the_first_seat_deals_first_and_at_a_table_of_five_the_dealer_sits_out(app):
    tid, drawn = tournament(app, NINE)
    page = Page(app.printed_sheets(tid, SERVER))
    four, five = page.sheets
    assert [row[2] for row in four["rows"][1:]] == ["gibt zuerst", "", "", ""]
    assert [row[2] for row in five["rows"][1:]] == ["gibt zuerst, setzt im ersten Spiel aus", "", "", "", ""]
    assert drawn["tables"][1]["sitting_out"] == [drawn["tables"][1]["seats"][0]]


def test_each_table_sheet_has_its_evenings_pin(app):
    tid, drawn = tournament(app, NINE)
    page = Page(app.printed_sheets(tid, SERVER))
    for sheet, table in zip(page.sheets, drawn["tables"]):
        assert f"PIN {app.pin(table['evening'])}" in "".join(sheet["text"])
        assert sheet["evening"] == table["evening"]


def test_each_table_sheets_qr_code_is_its_evenings_address_on_the_server(app):
    tid, drawn = tournament(app, NINE)
    page = Page(app.printed_sheets(tid, SERVER))
    addresses = [f"http://192.168.178.20:8550/abend/{t['evening']}" for t in drawn["tables"]]
    for sheet, address, other in zip(page.sheets, addresses, reversed(addresses)):
        assert modules(sheet["path"]) == qr_modules(address)
        assert modules(sheet["path"]) != qr_modules(other)
        assert sheet["label"] == f"QR-Code: {address}" and address in "".join(sheet["text"])


def test_the_address_on_a_sheet_opens_that_evenings_table(app):
    tid, drawn = tournament(app, NINE)
    evening = drawn["tables"][0]["evening"]
    address = evening_address(SERVER, evening)
    assert address == f"http://192.168.178.20:8550/abend/{evening}"
    route = address.removeprefix("http://192.168.178.20:8550")  # what the page's route reads
    assert evening_of_route(route) == evening
    assert start_route(app, route) == Route("table", evening)
    assert start_route(app, "/abend/9999") == Route("start")  # no such evening
    for other in ("/", "", None, "/abend/", "/abend/0", "/abend/x", "/abend/1/2", "/xabend/1"):
        assert start_route(app, other) == Route("start"), other


def test_a_sheet_escapes_every_name_and_the_tournaments_name(app):
    tid, drawn = tournament(app, HOSTILE, name="<script>alert(1)</script> & Co")
    text = app.printed_sheets(tid, SERVER)
    page = Page(text)
    assert page.tags <= ALLOWED_TAGS, page.tags - ALLOWED_TAGS
    assert "<script>" not in text and "<b>" not in text
    assert sorted(row[1] for s in page.sheets for row in s["rows"][1:]) == sorted(HOSTILE)
    assert all("<script>alert(1)</script> & Co" in "".join(s["text"]) for s in page.sheets)


def test_sheets_of_an_earlier_round_and_refusals_store_nothing(app, tmp_path):
    tid, first = tournament(app, NINE)
    played_out(app, first)
    app.draw_round(tid)
    earlier = Page(app.printed_sheets(tid, SERVER, round=1))
    assert [s["evening"] for s in earlier.sheets] == [t["evening"] for t in first["tables"]]
    before = dump(tmp_path / "scorepad.db")
    for call, code in [(lambda: app.printed_sheets(tid, SERVER, round=3), "tournament_round_not_drawn"),
                       (lambda: app.printed_sheets(tid, SERVER, round=0), "tournament_round_not_drawn"),
                       (lambda: app.printed_sheets(tid, "192.168.178.20:8550"), "tournament_server_address"),
                       (lambda: app.printed_sheets(tid, "http://x y/"), "tournament_server_address"),
                       (lambda: app.printed_sheets(tid, "http://host:port/"), "tournament_server_address"),
                       (lambda: app.printed_standings(tid, 0), "tournament_prize_places"),
                       (lambda: app.printed_standings(tid, 10), "tournament_prize_places")]:
        with pytest.raises(Exception) as refusal:
            call()
        assert refusal.value.code == code
    assert dump(tmp_path / "scorepad.db") == before


# --- the ranking list and the prize list -----------------------------------------------------------

def drawn_tables(app: App, tid: int) -> list[list[str]]:
    """The first round's tables, as their seats."""
    return [list(sheet.seats) for sheet in app.table_sheets(tid, 1)]


def played(app: App) -> int:
    """A tournament with its first round played out."""
    tid, drawn = tournament(app, NINE)
    played_out(app, drawn)
    return tid


def test_the_ranking_list_has_every_place_with_name_points_and_won_solos(app):
    tid = played(app)
    page = Page(app.printed_standings(tid))
    head, *rows = page.rows
    assert head == ["Platz", "Name", "Punkte", "Soli gewonnen", "Spiele", "Gleichstand"]  # (no numbers: no Nr.)
    standings = app.tournament_standings(tid)
    assert [r[:5] for r in rows] == [[f"{s.rank}.", s.name, str(s.points), str(s.solos_won), str(s.games)]
                                     for s in standings]
    # worked by hand: at the table of four seats 2, 3, 4, 1 each win one solo: 15 - 3 * 5 = 0 each.
    # At the table of five (seats A to E, the dealer sits out): B wins hand 1, sits out hand 2,
    # loses 5 twice: +5; C and D likewise +5; E loses 3 * 5, wins 15: 0; A sits out, loses 3 * 5: -15
    five = drawn_tables(app, tid)[1]
    assert sorted(r[1] for r in rows[:3]) == sorted(five[1:4])
    assert [(r[2], r[3]) for r in rows] == [("5", "1")] * 3 + [("0", "1")] * 5 + [("-15", "0")]
    assert rows[-1][1] == five[0]


def test_the_prize_list_has_the_first_n_places(app):
    tid = played(app)
    text = app.printed_standings(tid, 3)
    page = Page(text)
    head, *rows = page.rows
    assert head == ["Platz", "Name", "Punkte", "Soli gewonnen", "Gleichstand"]
    assert [r[0] for r in rows] == ["1.", "2.", "3."]
    assert [r[1] for r in rows] == [s.name for s in app.tournament_standings(tid)[:3]]
    assert "Preisliste: Plätze 1 bis 3" in text and "Zwischenstand: Runde 1 von 3" in text


def test_the_ranking_and_prize_lists_escape_every_name(app):
    tid, _ = tournament(app, HOSTILE, name="<b>Preis</b>")
    for text in (app.printed_standings(tid), app.printed_standings(tid, 8)):
        page = Page(text)
        assert page.tags <= ALLOWED_TAGS, page.tags - ALLOWED_TAGS
        assert sorted(r[1] for r in page.rows[1:]) == sorted(HOSTILE)


def test_the_ranking_says_which_places_the_lot_decided_in_words(app):
    """Worked by hand (as above): places 1 to 3 have 5 points and 1 won solo each, places 4 to 8
    0 points and 1 won solo: both runs decided by the lot; place 9 by the points."""
    tid = played(app)
    text = app.printed_standings(tid)
    rows = Page(text).rows[1:]
    assert [r[-1] for r in rows] == ["", "durch Los", "durch Los", "", "durch Los", "durch Los", "durch Los",
                                     "durch Los", ""]
    assert "Plätze 1 bis 3: gleiche Punkte und gleich viele gewonnene Soli, durch Los entschieden" in text
    assert "Plätze 4 bis 8: gleiche Punkte und gleich viele gewonnene Soli, durch Los entschieden" in text


def test_a_tie_the_won_solos_break_is_said_nach_soli():
    from scorepad.app.tournament_models import StandingRow
    from scorepad.tournament import decided_by
    from scorepad.tournament.printed import standings_html

    rows = [StandingRow(rank=1, name="Hias", points=20, solos_won=2, games=8),
            StandingRow(rank=2, name="Vroni", points=20, solos_won=1, games=8),
            StandingRow(rank=3, name="Sepp", points=5, solos_won=1, games=8)]
    text = standings_html("Kirta", "Endstand", rows, "punkte", decided=decided_by(rows))
    assert [r[-1] for r in Page(text).rows[1:]] == ["", "nach Soli", ""]
    assert "Plätze 1 und 2: gleiche Punkte, nach den gewonnenen Soli entschieden" in text
    assert "durch Los entschieden" not in text


def test_the_ranking_has_a_number_column_only_when_players_have_numbers(app):
    tid = app.new_tournament("Kirta", "preisschafkopf-plusminus", 1, 4, NINE[:4], numbers=[7, 3, 1, 2],
                             seed="Aying").id
    head, *rows = Page(app.printed_standings(tid)).rows
    assert head[:3] == ["Platz", "Nr.", "Name"]
    assert {(r[1], r[2]) for r in rows} == {("7", "Alois"), ("3", "Burgi"), ("1", "Cilli"), ("2", "Done")}


def test_every_print_page_says_when_it_was_printed(tmp_path, monkeypatch):
    """Stand: the day and time of the serving machine's clock when the page was made."""
    from datetime import datetime

    monkeypatch.delenv("SCOREPAD_DB", raising=False)

    when = datetime.fromtimestamp(1_796_560_440.0)
    with App.open(tmp_path / "scorepad.db") as app:
        app._pins.clock = lambda: 1_796_560_440.0  # (the app's clock, as the PIN tries' tests set it)
        tid, _ = tournament(app, NINE)
        stand = f"Stand: {when:%d.%m.%Y}, {when:%H:%M} Uhr"
        for text in (app.printed_standings(tid), app.printed_standings(tid, 3), app.printed_sheets(tid, SERVER)):
            assert stand in text
        assert all(stand in "".join(s["text"]) for s in Page(app.printed_sheets(tid, SERVER)).sheets)


def test_the_table_sheet_has_ruled_rows_for_every_game_and_a_line_to_sign_for_every_seat(app):
    tid, drawn = tournament(app, NINE)
    for sheet, table in zip(Page(app.printed_sheets(tid, SERVER)).sheets, drawn["tables"]):
        head, *rows = sheet["pen"]
        assert head == ["Spiel", "Spiel und Spieler", *table["seats"]]
        assert [r[0] for r in rows] == ["1", "2", "3", "4", "Summe", "Unterschrift"]  # the round's 4 games
        assert all(r[1:] == [""] * (len(head) - 1) for r in rows[:4])  # empty: to write on
        assert rows[-1][1:] == [""] * len(table["seats"])  # a line for each seat to sign


# --- the command line -----------------------------------------------------------------------------

def test_the_command_line_prints_sheets_and_lists_as_html_to_a_file(capsys, db, tmp_path):
    tid = ok(capsys, "tournament", "new", "Kirta", "--ruleset", "preisschafkopf-plusminus", "--rounds", 2,
             "--games", 4, "--seed", "1", "--db", db, *NINE).strip()
    drawn = json.loads(ok(capsys, "tournament", "draw", tid, "--db", db))
    text = ok(capsys, "tournament", "sheets", tid, "--db", db)
    assert text.startswith("Kirta\nRunde 1 · Tisch 1\n") and "<" not in text  # the plain sheets as before
    out = tmp_path / "tische.html"
    assert ok(capsys, "tournament", "sheets", tid, "--format", "html", "--server", "http://10.0.0.7:8550/",
              "-o", out, "--db", db) == ""
    page = Page(out.read_text(encoding="utf-8"))
    assert [modules(s["path"]) for s in page.sheets] == \
        [qr_modules(f"http://10.0.0.7:8550/abend/{t['evening']}") for t in drawn["tables"]]
    default = Page(ok(capsys, "tournament", "sheets", tid, "--format", "html", "--db", db))
    assert re.fullmatch(r"QR-Code: http://[\d.]+:8550/abend/\d+", default.sheets[0]["label"])
    prizes = Page(ok(capsys, "tournament", "standings", tid, "--format", "html", "--prizes", 2, "--db", db))
    assert [r[0] for r in prizes.rows[1:]] == ["1.", "2."]
    assert len(Page(ok(capsys, "tournament", "standings", tid, "--format", "html", "--db", db)).rows) == 10
    assert ok(capsys, "tournament", "standings", tid, "--format", "json", "--db", db) == \
        ok(capsys, "tournament", "standings", tid, "--json", "--db", db)
    export = tmp_path / "turnier.csv"
    ok(capsys, "tournament", "export", tid, "--format", "csv-de", "-o", export, "--db", db)
    assert export.read_bytes() == ok(capsys, "tournament", "export", tid, "--format", "csv-de",
                                     "--db", db).encode("utf-8")


def test_options_that_go_only_with_html_are_refused(capsys, db):
    tid = ok(capsys, "tournament", "new", "Kirta", "--ruleset", "preisschafkopf-plusminus", "--rounds", 2,
             "--games", 4, "--db", db, *NINE).strip()
    before = dump(db)
    assert "--prizes" in refused(capsys, "tournament", "standings", tid, "--prizes", 2, "--db", db)
    assert "--json" in refused(capsys, "tournament", "standings", tid, "--json", "--format", "html", "--db", db)
    assert "http://" in refused(capsys, "tournament", "sheets", tid, "--format", "html", "--server", "nix",
                                "--db", db)
    assert dump(db) == before


# --- printed in chromium ---------------------------------------------------------------------------

FITS = r"""() => ({
    // a collapsed border lies half outside its table: the table ends short of the margin
    right: Math.max(...[...document.querySelectorAll('table')].map(e => e.getBoundingClientRect().right)),
    box: Math.max(0, ...[...document.querySelectorAll('.phone')].map(e => e.getBoundingClientRect().right)),
    spilled: [...document.querySelectorAll('th, td, p, h1')].filter(e => e.scrollWidth > e.clientWidth + 1)
                                                             .map(e => e.textContent.slice(0, 20)),
})"""


@pytest.mark.browser
def test_the_sheets_print_one_a4_page_per_table_and_the_lists_on_a4(app, tmp_path):
    """Printed by chromium to PDF: one A4 page per table (a table of five with long names too),
    the ranking and prize lists on A4; nothing wider than the page between its margins."""
    from playwright.sync_api import sync_playwright
    from test_exports import chromium
    from test_settle_up import CHROMIUM, CHROMIUM_FLAGS, PRINT_WIDTH

    pages = []

    long = ["Maximilian Huberbauer", "Bartholomäus Wimmer", "Kunigunde Obermaier", "Theresia Unterhuber",
            "Ferdinand Hintermoser", "Walburga Zwirglmaier", "W" * 40, "Kreszentia Oberhuber", "Sepp"]
    tid, drawn = tournament(app, long, name="Preisschafkopf des Trachtenvereins D'Hinterberger Aying")
    for name, text in [("tische", app.printed_sheets(tid, SERVER)), ("rangliste", app.printed_standings(tid)),
                       ("preise", app.printed_standings(tid, 3))]:
        page = tmp_path / f"{name}.html"
        page.write_text(text, encoding="utf-8")
        pdf = tmp_path / f"{name}.pdf"
        done = chromium(tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri())
        assert pdf.exists(), done.stderr.decode(errors="replace")[-2000:]
        data = pdf.read_bytes()
        boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
        assert all(abs(float(w) - 595.3) < 2 and abs(float(h) - 841.9) < 2 for w, h in boxes), boxes
        assert len(boxes) == (len(drawn["tables"]) if name == "tische" else 1), (name, len(boxes))
        pages.append(text)
    with sync_playwright() as pw:  # nothing spills over the right margin, no heading over its cell
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            tab = browser.new_page(viewport={"width": PRINT_WIDTH, "height": 1000})
            tab.emulate_media(media="print")
            for text in pages:
                tab.set_content(text)
                seen = tab.evaluate(FITS)
                assert seen["right"] < PRINT_WIDTH and seen["box"] <= PRINT_WIDTH and seen["spilled"] == [], seen
        finally:
            browser.close()
