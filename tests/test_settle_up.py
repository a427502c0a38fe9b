"""Issue 14: settling up as a table expects. Only a finished Rad is money (an open one only
when the table chooses to settle it, and then said so everywhere); exports people can open
(German spreadsheets, Markdown that is text, a JSON that keeps the evening's date); charts
that start where the sheet starts; words that say what they mean."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_runner import ok as cli
from test_summary import sw

from scorepad.app import App
from scorepad.app import evenings as app_module
from scorepad.session import MAX_NAME_CHARS

pytestmark = pytest.mark.store

STARTED = "2026-11-29T18:30:00.000+00:00"
P4 = ["Vroni", "Wast", "Hias", "Kathi"]
V, W, H, K = P4
ALL_TEXT = ("json", "csv", "md", "html", "text")


@pytest.fixture
def app(munich, app, monkeypatch):
    """The shared app (tests/conftest.py) on Munich's time, its evenings started at STARTED."""
    monkeypatch.setattr(app_module, "now", lambda: STARTED)
    return app


def open_rad_evening(app: App) -> int:
    """Struliwuli stopped after 8 of 32 hands (one Partie of four): Vroni made her bid in each
    hand, nobody else did; the open Rad would pay Vroni, but no Rad is finished: no money."""
    evening = app.start_evening("struliwuli", P4).id
    for cards in (8, 7, 6, 5, 4, 3, 2, 1):
        app.add_hand(evening, sw(P4, cards, {V: 0}))
    return evening


# --- 1. no money before the Rad is done --------------------------------------------------------------

def test_an_open_rad_is_no_money_in_any_export(app):
    evening = open_rad_evening(app)
    assert all(row["geld"] == 0 for row in app.show(evening).standings.values())
    summary = app.summary(evening)
    assert summary.balances == dict.fromkeys(P4, 0) and summary.transfers == []
    rad = summary.open_rad
    assert (rad.settled, rad.hands, rad.of) == (False, 8, 32) and rad.cents[V] > 0 and sum(rad.cents.values()) == 0
    data = json.loads(app.export_session(evening, "json"))["results"]["summary"]
    assert data["transfers"] == [] and set(data["balances"].values()) == {0}
    for kind in ("md", "html", "text"):
        text = app.export_session(evening, kind)
        assert "→" not in text and "0,44" not in text, kind
        assert "Rad nicht fertig" in text, kind  # said, not silently dropped


def test_the_open_rad_is_settled_only_when_chosen_and_said_so(app, capsys):
    evening = open_rad_evening(app)
    summary = app.summary(evening, settle_open=True)
    assert summary.open_rad.settled is True
    assert summary.transfers and all(t.payee == V for t in summary.transfers)
    for kind in ("md", "html", "text"):
        text = app.export_session(evening, kind, settle_open=True)
        assert "offener Rad, anteilig" in text, kind
        assert f"→ {V}" in text, kind
    data = json.loads(app.export_session(evening, "json", settle_open=True))["results"]["summary"]
    assert data["open_rad"]["settled"] is True and data["transfers"]
    csv_text = app.export_session(evening, "csv", settle_open=True)
    assert "offener Rad, anteilig" in csv_text
    db = app.store.path
    assert "→" not in cli(capsys, "--db", db, "export", evening, "--format", "text")
    settled = cli(capsys, "--db", db, "export", evening, "--format", "text", "--settle-open-rad")
    assert "offener Rad, anteilig" in settled and f"→ {V}" in settled


def test_the_season_counts_an_open_rad_only_when_chosen(app, capsys):
    evening = open_rad_evening(app)
    rows = {r.name: r.money for r in app.season("struliwuli").rows}
    assert rows == dict.fromkeys(P4, 0)
    chosen = {r.name: r.money for r in app.season("struliwuli", settle_open=True).rows}
    assert chosen == app.summary(evening, settle_open=True).balances
    db = app.store.path
    plain = json.loads(cli(capsys, "--db", db, "stats", "--json"))
    assert {r["name"]: r["money"] for r in plain["rows"]} == dict.fromkeys(P4, 0)
    settled = json.loads(cli(capsys, "--db", db, "stats", "--json", "--settle-open-rad"))
    assert {r["name"]: r["money"] for r in settled["rows"]} == chosen
    assert "offener Rad, anteilig" in cli(capsys, "--db", db, "stats", "--settle-open-rad")


async def test_the_settle_screen_settles_an_open_rad_only_when_chosen(tmp_path):
    from flet_harness import open_phone

    from scorepad.ui.main import make_main

    m = make_main(str(tmp_path / "ui.db"))
    try:
        evening = open_rad_evening(m.app)
        phone = await open_phone(m)
        await phone.tap(f"evening-{evening}")
        await phone.tap("settle")
        assert not phone.has("transfer-0")
        assert any("Rad nicht fertig" in t for t in phone.texts())
        await phone.tap("settle-open-rad")
        assert phone.has("transfer-0")
        assert any("offener Rad, anteilig" in t for t in phone.texts())
        await phone.tap("settle-open-rad")
        assert not phone.has("transfer-0")
    finally:
        m.app.close()


# --- 2. a printout that fits -------------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PRINT_WIDTH = 680  # A4 less 15 mm margins each side: 180 mm at 96 px per inch
# the longest name the app accepts (MAX_NAME_CHARS), with no place to break
LONG = "Maximilianferdinandbartholomäusvonundzuhohenwaldeckamsee"[:MAX_NAME_CHARS]
SIX = ["Vroni", "Hias", "Kathi", "Wast", "Resi", "Sepp"]
ARTIFACTS = Path(__file__).parent / "artifacts"


def generated(app: App, ruleset: str, players: list[str], n: int, seed: int = 1, options=None) -> int:
    """An evening of `n` generated hands at `ruleset` for `players` (any number the game allows)."""
    import random

    from scorepad.engine import new_game
    from scorepad.errors import HandError
    from scorepad.games import family_of

    evening = app.start_evening(ruleset, players, options=options)
    table = app.table(evening.id)
    rng, game, hands = random.Random(seed), new_game(table, players), []
    while len(hands) < n:
        hand = family_of(table).generate(rng, game)
        try:
            game.play(len(hands) + 1, hand)
        except HandError:
            continue
        hands.append(hand)
        app.add_hand(evening.id, hand)
    return evening.id


FITS = r"""(width) => {
    const wide = [];
    for (const el of document.querySelectorAll('table, h1, h2, p, ul, svg')) {
        const r = el.getBoundingClientRect();
        if (el.scrollWidth > el.clientWidth + 1 || r.right > width + 1) wide.push(el.tagName + ' ' + Math.round(r.right) + ' ' + el.scrollWidth);
    }
    const amounts = [...document.querySelectorAll('td.n')];
    const left = amounts.filter(td => getComputedStyle(td).textAlign !== 'right').length;
    const headsAlone = [...document.querySelectorAll('h2')].filter(h => !['avoid', 'avoid-page'].includes(getComputedStyle(h).breakAfter)).length;
    return {wide, page: document.documentElement.scrollWidth, amounts: amounts.length, left, headsAlone};
}"""


def print_cases():
    return [("schafkopf", ["Vroni", LONG, "Kathi", "Wast"]), ("struliwuli", SIX),
            ("struliwuli", [LONG[:30], LONG[5:], "Kathi", LONG, "Resi"]),
            ("schwarze-sau", ["Uli", LONG, "Guido"]), ("zaisertshofer-ramsch", ["Vroni", "Hias", LONG, "Wast"]),
            ("saukopf", ["Sepp", "Resi", "Alois", LONG]), ("saukopf-dreihaxer", ["Sepp", "Resi", LONG[::-1]]),
            # six at a points list and at a money table: each hand's change with the Stand under it
            ("doppelkopf", SIX[:5] + [LONG]), ("schafkopf", SIX), ("preisschafkopf-plusminus", SIX[:4] + [LONG])]


def test_the_printout_fits_a4_for_3_to_6_players_and_any_name(app, tmp_path):
    """Printed to A4 in chromium, no table, heading or chart sticks out of the 180 mm between
    the margins, whatever the names; amounts are right-aligned; a heading stays with what
    follows it. The PDFs (and their pages as PNG, where poppler is installed) are kept in
    tests/artifacts/print/ to look at."""
    from playwright.sync_api import sync_playwright

    out = ARTIFACTS / "print"
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            tab = browser.new_page(viewport={"width": PRINT_WIDTH, "height": 1000})
            tab.emulate_media(media="print")
            for k, (ruleset, players) in enumerate(print_cases()):
                evening = generated(app, ruleset, players, 24, seed=k + 1)
                tab.set_content(app.export_session(evening, "html"))
                found = tab.evaluate(FITS, PRINT_WIDTH)
                assert found["wide"] == [] and found["page"] <= PRINT_WIDTH, (ruleset, len(players), found)
                assert found["amounts"] and found["left"] == 0, (ruleset, found)
                assert found["headsAlone"] == 0, (ruleset, found)
                pdf = out / f"{k}-{ruleset}-{len(players)}.pdf"
                tab.pdf(path=str(pdf), format="A4", print_background=True)
                assert pdf.read_bytes().startswith(b"%PDF")
                if shutil.which("pdftoppm"):  # the pages as pictures, to look at (poppler-utils)
                    subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(pdf.with_suffix(""))],
                                   check=True, timeout=120)
        finally:
            browser.close()


# --- 3. spreadsheets ---------------------------------------------------------------------------------

def schafkopf_named(app: App, names) -> int:
    a, b, c, d = names
    evening = app.start_evening("schafkopf", list(names)).id
    for hand in [{"game": "sauspiel", "player": a, "partner": b, "augen": 95, "kontra": c, "re": a},
                 {"passed": True}, {"game": "wenz", "player": c, "augen": 40}]:
        app.add_hand(evening, hand)
    return evening


GERMAN = ["Zé Ünal", "x;=2+5", "=SUM(A1)", "Grüß,Gott"]


def test_csv_de_opens_in_german_spreadsheets(app, capsys):
    evening = schafkopf_named(app, GERMAN)
    data = app.export_session(evening, "csv-de")
    raw = data.encode("utf-8")
    assert raw.startswith(b"\xef\xbb\xbf")  # the byte-order mark: Excel reads UTF-8
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["Nr", "Geber", "Spiel"]
    assert len(rows) == 4 and all(len(r) == 3 + 4 + 4 for r in rows)  # each player's change, then the Stand
    assert "Zé Ünal Geld (€)" in rows[0] and "Zé Ünal Stand Geld (€)" in rows[0]
    assert rows[1][3:7] == ["1,60", "1,60", "-1,60", "-1,60"]  # euros with a decimal comma
    for r in rows:
        assert not any(c.startswith(("=", "+", "@", "\t", "\r")) for c in r), r
    assert "x;'=2+5 Geld (€)" in rows[0]  # one cell, not split at its ";", the formula neutralised
    # the CLI writes the same bytes to a file
    out = app.store.path.parent / "abend.csv"
    cli(capsys, "--db", app.store.path, "export", evening, "--format", "csv-de", "-o", out)
    assert out.read_bytes() == raw


def test_plain_csv_stays_and_is_formula_safe_read_with_either_separator(app):
    evening = schafkopf_named(app, GERMAN)
    data = app.export_session(evening, "csv")
    assert not data.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(data)))
    assert rows[1][3:7] == ["160", "160", "-160", "-160"]  # cents, as before
    for sep in (",", ";"):
        for r in csv.reader(io.StringIO(data), delimiter=sep):
            assert not any(c.lstrip().startswith(("=", "+", "@")) for c in r), (sep, r)


async def test_the_settle_screen_offers_the_german_spreadsheet(tmp_path):
    from flet_harness import open_phone

    from scorepad.ui.main import make_main

    m = make_main(str(tmp_path / "ui.db"))
    try:
        evening = schafkopf_named(m.app, ["Vroni", "Hias", "Kathi", "Wast"])
        phone = await open_phone(m)
        await phone.tap(f"evening-{evening}")
        await phone.tap("settle")
        assert phone.has("export-csv-de") and phone.has("export-csv")
    finally:
        m.app.close()


# --- 4. Markdown is text -----------------------------------------------------------------------------

def test_markdown_escapes_html_and_pipes(app):
    evening = schafkopf_named(app, ["<script>alert(1)</script>", "a|b", "<b>Kathi</b>", "Wast & Co"])
    text = app.export_session(evening, "md")
    assert "<script>" not in text and "<b>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "Wast &amp; Co" in text
    for line in text.splitlines():
        if line.startswith("|"):
            assert "a|b" not in line and "a\\|b" in line or "a" not in line.split("|")[2:3]


# --- 5. the evening's date, place and note travel with the session file ------------------------------

def test_json_carries_date_place_and_note_and_import_keeps_them(app, capsys, monkeypatch, tmp_path):
    evening = app.start_evening("schafkopf", ["Vroni", "Hias", "Kathi", "Wast"], place="Gasthaus zur Post",
                                note="Kirta").id
    app.add_hand(evening, {"game": "wenz", "player": "Hias", "augen": 70})
    data = json.loads(app.export_session(evening, "json"))
    assert (data["format"], data["date"], data["place"], data["note"]) == (1, STARTED, "Gasthaus zur Post", "Kirta")
    monkeypatch.setattr(app_module, "now", lambda: "2027-03-01T10:00:00.000+00:00")  # imported months later
    again = app.import_session(json.dumps(data))
    assert (again.started_at, again.place, again.note) == (STARTED, "Gasthaus zur Post", "Kirta")
    assert "29.11.2026" in app.export_session(again.id, "text").splitlines()[0]
    # the command line: the file's date is kept; --place and --note given win over the file's
    path = tmp_path / "abend.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    new_id = int(cli(capsys, "--db", app.store.path, "import", path, "--place", "Stammtisch").strip())
    info = app.evening(new_id)
    assert (info.started_at, info.place, info.note) == (STARTED, "Stammtisch", "Kirta")


def test_a_session_file_without_a_date_is_dated_at_import_and_a_day_alone_is_that_day(app):
    base = {"format": 1, "ruleset": "schafkopf", "players": ["Vroni", "Hias", "Kathi", "Wast"], "hands": []}
    assert app.import_session(json.dumps(base)).started_at == STARTED
    info = app.import_session(json.dumps({**base, "date": "2026-05-01"}))
    assert info.date().startswith("2026-05-01")
    from scorepad.errors import SessionError
    with pytest.raises(SessionError, match="date"):
        app.import_session(json.dumps({**base, "date": "gestern"}))
    with pytest.raises(SessionError, match="place"):
        app.import_session(json.dumps({**base, "place": 7}))


# --- 6. charts and words -----------------------------------------------------------------------------

def ramsch_evening(app: App) -> int:
    evening = app.start_evening("zaisertshofer-ramsch", P4).id
    app.add_hand(evening, {"participants": P4, "tricks": {V: 2, W: 1, H: 1, K: 1}, "penalties": []})
    app.add_hand(evening, {"participants": P4, "tricks": {V: 1, W: 2, H: 1, K: 1}, "penalties": []})
    return evening


def test_the_ramsch_chart_starts_at_the_tables_start_striche(app):
    import re as regex

    from scorepad.exports import chart_points, chart_svg

    evening = ramsch_evening(app)
    summary = app.summary(evening)
    assert summary.chart.start == dict.fromkeys(P4, 7)
    points = chart_points(summary)
    assert all(points[p][0] == 7 and len(points[p]) == 3 for p in P4)
    svg = chart_svg(summary)
    baseline = float(regex.search(r'<line x1="[\d.]+" y1="([\d.]+)"', svg).group(1))
    firsts = [float(m) for m in regex.findall(r'points="[\d.]+,([\d.]+)', svg)]
    assert len(firsts) == 4 and all(abs(y - baseline) > 50 for y in firsts)  # 7 Striche, not 0
    # a house table starting with 9: read from the table
    nine = app.start_evening("zaisertshofer-ramsch", P4, options={"start_striche": 9}).id
    assert app.summary(nine).chart.start == dict.fromkeys(P4, 9)


async def test_the_settle_screen_chart_starts_at_the_start_striche(tmp_path):
    from flet_harness import open_phone

    from scorepad.ui.main import make_main

    m = make_main(str(tmp_path / "ui.db"))
    try:
        evening = ramsch_evening(m.app)
        phone = await open_phone(m)
        await phone.tap(f"evening-{evening}")
        await phone.tap("settle")
        chart = phone.find("chart").content
        assert [s.points[0].y for s in chart.data_series] == [7, 7, 7, 7]
    finally:
        m.app.close()


def test_struliwuli_hands_say_how_many_made_their_bid(app):
    evening = open_rad_evening(app)
    text = app.export_session(evening, "md")
    assert "getroffen" not in text
    assert "8 Karten · 1 von 4 genau angesagt" in text


def test_the_text_counts_games_as_the_statistics_do(app):
    evening = schafkopf_named(app, ["Vroni", "Hias", "Kathi", "Wast"])  # a Sauspiel, thrown in, a Wenz
    summary = app.summary(evening)
    assert max(s.hands_played for s in summary.stats) == 2
    for kind in ("text", "md", "html"):
        assert "2 Spiele · 1 zusammengeworfen" in app.export_session(evening, kind), kind


@pytest.mark.parametrize("price", [0, 100])
def test_schwarze_sau_says_who_owes_rounds_and_money(app, price):
    players = ["Uli", "Fritz", "Guido"]
    evening = app.start_evening("schwarze-sau", players, options={"drink_price": price}).id
    for _ in range(2):  # Uli over 30 twice: he loses two games
        for pts in ({"Uli": 15, "Fritz": 0, "Guido": 0}, {"Uli": 15, "Fritz": 0, "Guido": 0},
                    {"Uli": 15, "Fritz": 0, "Guido": 0}):
            app.add_hand(evening, {"points": pts})
    assert app.show(evening).standings["Uli"]["verloren"] == 2
    text = app.export_session(evening, "text")
    assert "Uli zahlt 2 Runden" in text
    if price:
        assert "Uli → Fritz 2,00 €" in text and "Uli → Guido 2,00 €" in text
    else:
        assert "→" not in text


# --- 7. a picture to share ---------------------------------------------------------------------------

def png_ok(data: bytes):
    from PIL import Image

    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert image.width == 1080 and 600 <= image.height <= 2400, image.size  # a phone screen, a chat
    grey = image.convert("L")
    lo, hi = grey.getextrema()
    assert hi - lo > 150  # text on a background, not blank
    assert len(image.convert("RGB").getcolors(1 << 20) or []) > 20  # lines of several colours, anti-aliased text
    return image


def test_the_png_of_the_evening(app, capsys, tmp_path):
    evening = schafkopf_named(app, ["Zé Ünal", "Vroni", "Kathi", "Wast"])
    data = app.export_session(evening, "png")
    out = ARTIFACTS / "png"
    out.mkdir(parents=True, exist_ok=True)
    (out / "schafkopf.png").write_bytes(data)
    png_ok(data)
    path = tmp_path / "abend.png"
    assert cli(capsys, "--db", app.store.path, "export", evening, "--format", "png", "-o", path) == ""
    png_ok(path.read_bytes())


def test_the_png_font_draws_euro_and_umlauts_not_boxes():
    from PIL import Image, ImageDraw

    from scorepad.picture import font

    def drawn(ch: str) -> bytes:
        image = Image.new("L", (60, 60), 0)
        ImageDraw.Draw(image).text((5, 5), ch, font=font(40), fill=255)
        return image.tobytes()

    missing = drawn("\ufffe")  # a noncharacter: no font has it, so the font's box for a missing glyph
    for ch in "€ÄÖÜäöüß→é":
        assert drawn(ch) != missing and any(drawn(ch)), ch


@pytest.mark.parametrize("ruleset,players", [
    ("schafkopf", ["Vroni", LONG, "Kathi", "Wast"]), ("struliwuli", SIX), ("schwarze-sau", ["Uli", "Fritz", "Guido"]),
    ("zaisertshofer-ramsch", P4), ("saukopf", ["Sepp", "Resi", "Alois", "Zenzi"]),
])
def test_every_game_has_a_png(app, ruleset, players):
    evening = generated(app, ruleset, players, 30, seed=3)
    data = app.export_session(evening, "png")
    out = ARTIFACTS / "png"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{ruleset}-{len(players)}.png").write_bytes(data)
    png_ok(data)
    png_ok(app.export_session(evening, "png", settle_open=True))


async def test_the_settle_screen_offers_the_picture(tmp_path):
    from flet_harness import open_phone

    from scorepad.ui.main import make_main

    m = make_main(str(tmp_path / "ui.db"))
    try:
        evening = schafkopf_named(m.app, ["Vroni", "Hias", "Kathi", "Wast"])
        phone = await open_phone(m)
        await phone.tap(f"evening-{evening}")
        await phone.tap("settle")
        assert phone.has("export-png")
    finally:
        m.app.close()
