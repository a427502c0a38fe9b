"""Evening exports open correctly: the CSV read back with the csv module (formula-safe names),
the HTML parsed (well-formed, escaped, German, with its SVG chart) and rendered by a real
browser (chromium: a PDF, and no amount of money broken over two lines), the Markdown tables,
the chat text, and the JSON that imports as the same evening with results matching `show`.

German formats (issue 4): money "3,20 €", dates "29.11.2026"."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_runner import ok as cli
from conftest import HIAS, KATHI, VRONI, WAST, sauspiel

from scorepad import fmt
from scorepad.app import App
from scorepad.app import evenings as app_module

pytestmark = pytest.mark.store

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# a Sunday evening in Bavaria: 19:30 in Munich is 18:30 UTC
STARTED = "2026-11-29T18:30:00.000+00:00"
DANGEROUS = ["=SUM(A1)", "+cmd", "-1", "@x"]
FORMULA_START = ("=", "+", "-", "@")


@pytest.fixture
def app(munich, app, monkeypatch):
    """The shared app (tests/conftest.py) on Munich's time, its evenings started at STARTED."""
    monkeypatch.setattr(app_module, "now", lambda: STARTED)
    return app


def schafkopf_evening(app: App, players=(HIAS, VRONI, WAST, KATHI), place="Gasthaus zur Post") -> int:
    """Two Sauspiele Schneider with Kontra and Re: (20 + 20) x 4 = 160 each, so the first two
    players are up 3,20 € each, the other two down 3,20 €; then a passed hand and a Wenz."""
    h, v, w, k = players
    evening = app.start_evening("schafkopf", list(players), place=place)
    for hand in [sauspiel(95, player=h, partner=v, kontra=w, re=h), sauspiel(100, player=h, partner=v, kontra=k, re=v), {"passed": True},
                 {"game": "wenz", "player": w, "augen": 70}, {"game": "wenz", "player": w, "augen": 40}]:
        app.add_hand(evening.id, hand)
    return evening.id


# --- CSV -------------------------------------------------------------------------------------------

def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def is_number(cell: str) -> bool:
    return re.fullmatch(r"-?\d+", cell) is not None


def test_csv_one_row_per_hand_and_a_column_per_player(app):
    evening = schafkopf_evening(app)
    rows = read_csv(app.export_session(evening, "csv"))
    replay = app.show(evening)
    assert rows[0] == ["Nr", "Geber", "Spiel", "Hias Geld (ct)", "Vroni Geld (ct)", "Wast Geld (ct)", "Kathi Geld (ct)",
                       "Hias Stand Geld (ct)", "Vroni Stand Geld (ct)", "Wast Stand Geld (ct)", "Kathi Stand Geld (ct)"]
    assert len(rows) == 1 + 5
    for row, hand in zip(rows[1:], replay.hands):
        assert row[0] == str(hand.number)
        assert row[1] == hand.dealer
        assert [int(c) for c in row[3:7]] == [hand.deltas[p]["geld"] for p in (HIAS, VRONI, WAST, KATHI)]
    assert [int(c) for c in rows[-1][7:]] == [replay.standings[p]["geld"] for p in (HIAS, VRONI, WAST, KATHI)]
    assert rows[1][2] == "Sauspiel Hias + Vroni · 95 Augen · gewonnen · Kontra Wast · Re Hias"
    assert rows[3][2] == "Zamgschmissen"
    # the columns add up to the standings
    for i, p in enumerate((HIAS, VRONI, WAST, KATHI)):
        assert sum(int(r[3 + i]) for r in rows[1:]) == replay.standings[p]["geld"]


def test_csv_a_column_per_player_and_tally(app):
    players = ["Sepp", "Resi", "Alois", "Zenzi"]
    evening = app.start_evening("saukopf", players)
    app.add_hand(evening.id, {"game": "keiler", "player": "Resi", "bid": 80, "trump": "eichel", "augen": 70})
    rows = read_csv(app.export_session(evening.id, "csv"))
    assert rows[0][3:] == [f"{p} {t}" for p in players for t in ("Fleisch", "Rauborstigkeit")] \
        + [f"{p} Stand {t}" for p in players for t in ("Fleisch", "Rauborstigkeit")]
    # lost: Sepp, Alois, Zenzi 3 Fleisch; Resi Uebergrunzer 1; after the first hand that is the Stand
    assert rows[1][3:] == ["3", "0", "0", "1", "3", "0", "3", "0"] * 2


def test_csv_ramsch_with_bolla_price_has_a_money_column(app):
    players = ["Vroni", "Hias", "Kathi", "Wast"]
    evening = app.start_evening("zaisertshofer-ramsch", players, options={"bolla_price": 50})
    app.add_hand(evening.id, {"participants": players, "tricks": {"Vroni": 5, "Hias": 0, "Kathi": 0, "Wast": 0}})
    rows = read_csv(app.export_session(evening.id, "csv"))
    heads = ("Striche", "Bolla", "Geld (ct)")
    assert rows[0][3:] == [f"{p} {t}" for p in players for t in heads] + [f"{p} Stand {t}" for p in players for t in heads]
    assert rows[1][3:15] == ["-5", "0", "0", "2", "0", "0", "2", "0", "0", "2", "0", "0"]
    assert rows[1][15:] == ["2", "0", "0", "9", "0", "0", "9", "0", "0", "9", "0", "0"]  # from the start's 7 Striche


def test_csv_names_that_look_like_formulas_are_quoted(app):
    evening = schafkopf_evening(app, players=tuple(DANGEROUS))
    text = app.export_session(evening, "csv")
    rows = read_csv(text)
    assert rows[0][3:] == [f"'{p} Geld (ct)" for p in DANGEROUS] + [f"'{p} Stand Geld (ct)" for p in DANGEROUS]
    # the dealers: "=SUM(A1)" deals hand 1, then "+cmd", "-1", "@x", "=SUM(A1)"
    assert [r[1] for r in rows[1:]] == ["'=SUM(A1)", "'+cmd", "'-1", "'@x", "'=SUM(A1)"]
    for row in rows:
        for cell in row:
            # every text cell is safe; a number (the points, also negative) stays a number
            assert is_number(cell) or not cell.startswith(FORMULA_START), cell
    # the numbers are still the money of each hand
    replay = app.show(evening)
    assert [int(c) for c in rows[1][3:7]] == [replay.hands[0].deltas[p]["geld"] for p in DANGEROUS]


def test_csv_game_names_from_the_table_options_are_quoted_too(app):
    # a house table may name its games: the "Spiel" cell starts with that name
    evening = app.start_evening("schafkopf", [HIAS, VRONI, WAST, KATHI],
                                options={"contracts": {"sauspiel": {"name": '=HYPERLINK("http://x")'}}})
    app.add_hand(evening.id, sauspiel(70, player=HIAS, partner=VRONI))
    rows = read_csv(app.export_session(evening.id, "csv"))
    assert rows[1][2] == "'=HYPERLINK(\"http://x\") Hias + Vroni · 70 Augen · gewonnen"


@pytest.mark.parametrize("ruleset,players", [
    ("schafkopf", [HIAS, VRONI, WAST, KATHI]), ("struliwuli", ["Anderl", "Burgi", "Cilli", "Done", "Evi"]),
    ("schwarze-sau", ["Uli", "Fritz", "Guido"]), ("zaisertshofer-ramsch", [VRONI, HIAS, KATHI, WAST]),
    ("saukopf", ["Sepp", "Resi", "Alois", "Zenzi"]),
])
def test_an_evening_without_hands_exports_in_every_format(app, ruleset, players):
    evening = app.start_evening(ruleset, players).id
    page = parse_html(app.export_session(evening, "html"))
    assert len([1 for tag, _ in page.tags if tag == "polyline"]) == len(players)
    assert read_csv(app.export_session(evening, "csv"))[1:] == []
    assert "0 Spiele" in app.export_session(evening, "md")
    assert app.export_session(evening, "text").splitlines()[1] == "0 Spiele"
    assert json.loads(app.export_session(evening, "json"))["results"]["summary"]["transfers"] == []


def test_csv_safe_cell():
    from scorepad.csvcells import safe_cell

    for name in DANGEROUS + ["\tx", "\rx"]:
        assert safe_cell(name) == "'" + name
    for name in ["Hias", "Sepp-Bauer", "3 Bier", "'quoted", ""]:
        assert safe_cell(name) == name


# --- HTML ------------------------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Checker(HTMLParser):
    """Well-formed: every opened tag closed, in order (void tags excepted); collects what we check."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.doctype = None

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag in VOID:
            self.problems.append(f"end tag for void <{tag}>")
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse_html(text: str) -> Checker:
    checker = Checker()
    checker.feed(text)
    checker.close()
    assert checker.problems == []
    assert checker.stack == [], f"never closed: {checker.stack}"
    return checker


def test_checker_finds_what_is_not_well_formed():
    for bad in ["<p><b>x</p></b>", "<div><p>x</div>", "<ul><li>x</ul>"]:
        checker = Checker()
        checker.feed(bad)
        assert checker.problems or checker.stack, bad


def test_html_is_well_formed_german_with_the_chart(app):
    evening = schafkopf_evening(app)
    text = app.export_session(evening, "html")
    page = parse_html(text)
    assert page.doctype.lower() == "doctype html"
    assert page.tags[0] == ("html", {"lang": "de"})
    assert ("meta", {"charset": "utf-8"}) in page.tags
    svg = [attrs for tag, attrs in page.tags if tag == "svg"]
    assert len(svg) == 1 and svg[0]["xmlns"] == "http://www.w3.org/2000/svg"
    assert len([1 for tag, _ in page.tags if tag == "polyline"]) == 4  # a line per player
    assert not [tag for tag, _ in page.tags if tag in ("script", "link", "img", "iframe")]  # self-contained
    body = "".join(page.text)
    assert "Schafkopf · 29.11.2026 · Gasthaus zur Post" in body
    # the evening: Hias and Vroni +3,20 €, Wast and Kathi -3,20 €; then Wast's Wenz +1,50 €
    # and -1,50 €: even
    assert "+3,20 €" in body and "-3,20 €" in body
    assert "Wer zahlt wem" in body
    transfers = app.summary(evening).transfers
    assert len(transfers) == 2
    for t in transfers:
        assert f"{t.payer} → {t.payee} 3,20 €" in body
    assert "Stand" in body and "Statistik" in body and "Spiele" in body and "Verlauf" in body


def test_html_escapes_names_and_place(app):
    players = ("<b>x</b>", "Vroni & Co", 'Wast "Bua"', "Kathi")
    evening = schafkopf_evening(app, players=players, place="<script>alert(1)</script>")
    text = app.export_session(evening, "html")
    page = parse_html(text)
    assert not [tag for tag, _ in page.tags if tag in ("b", "script")]
    assert "&lt;b&gt;x&lt;/b&gt;" in text
    assert "<b>" not in text and "<script>" not in text
    body = "".join(page.text)
    assert "<b>x</b>" in body  # shown as the name it is
    assert "<script>alert(1)</script>" in body
    assert "Vroni & Co" in body and 'Wast "Bua"' in body


@pytest.mark.parametrize("ruleset,players,options", [
    ("saukopf", ["Sepp", "Resi", "Alois", "Zenzi"], {"chip_value": 10}),
    ("struliwuli", ["Anderl", "Burgi", "Cilli", "Done", "Evi", "Ferdl"], {}),
    ("schwarze-sau", ["Uli", "Fritz", "Guido"], {"drink_price": 250}),
    ("zaisertshofer-ramsch", ["Vroni", "Hias", "Kathi", "Wast"], {"bolla_price": 50}),
    ("saukopf-dreihaxer", ["Sepp", "Resi", "Alois"], {}),
])
def test_every_game_exports_well_formed_html_and_consistent_text(app, ruleset, players, options):
    from scorepad.app import rename_in
    from scorepad.devtools.bench import generate_session
    from scorepad.tables import get_table, with_options

    table = with_options(get_table(ruleset), options)
    session = generate_session(table.model_copy(update={"players": [len(players)]}), 60, seed=7)
    assert len(session["players"]) == len(players)
    session = rename_in(session, dict(zip(session["players"], players)))
    session["options"] = options
    evening = app.import_session(session).id
    summary = app.summary(evening)
    page = parse_html(app.export_session(evening, "html"))
    body = "".join(page.text)
    assert "29.11.2026" in body
    assert len([1 for tag, _ in page.tags if tag == "polyline"]) == len(players)
    for t in summary.transfers:
        assert f"{t.payer} → {t.payee} {fmt.money(t.cents)}" in body
    for name, holders in summary.trophies.items():
        assert f"{name}: {', '.join(holders) if holders else 'noch niemand'}" in body
    # the Markdown and the text say the same
    md = app.export_session(evening, "md")
    text = app.export_session(evening, "text")
    for t in summary.transfers:
        line = f"{t.payer} → {t.payee} {fmt.money(t.cents)}"
        assert f"- {line}" in md.splitlines()
        assert line in text.splitlines()
    assert len(read_csv(app.export_session(evening, "csv"))) == 61


# --- Markdown --------------------------------------------------------------------------------------

def md_tables(text: str) -> list[list[list[str]]]:
    """The Markdown tables: rows of cells (split on unescaped |)."""
    tables, current = [], []
    for line in text.splitlines():
        if line.startswith("|"):
            cells = re.split(r"(?<!\\)\|", line)[1:-1]
            current.append([c.strip() for c in cells])
        elif current:
            tables.append(current)
            current = []
    if current:
        tables.append(current)
    return tables


def test_markdown_has_the_tables(app):
    evening = schafkopf_evening(app, players=(HIAS, "Vroni|Veronika", WAST, KATHI))
    text = app.export_session(evening, "md")
    lines = text.splitlines()
    assert lines[0] == "# Schafkopf · 29.11.2026 · Gasthaus zur Post"
    for heading in ("## Stand", "## Wer zahlt wem", "## Statistik", "## Spiele"):
        assert heading in lines
    stand, stats, hands = md_tables(text)
    # the Saldo is the Geld here: one money column, signed; tied players share a place
    assert stand[0] == ["Platz", "Name", "Geld"]
    assert set(stand[1]) == {"---"}
    assert len(stand) == 2 + 4 and all(len(r) == 3 for r in stand)
    assert stand[2][:2] == ["1.", "Hias"]
    assert "Vroni\\|Veronika" in [r[1] for r in stand[2:]]  # the | in the name is escaped
    assert [r[2] for r in stand[2:]] == ["+3,20 €", "+3,20 €", "-3,20 €", "-3,20 €"]
    assert [r[0] for r in stand[2:]] == ["1.", "1.", "3.", "3."]
    assert len(stats) == 2 + 4
    assert hands[0] == ["Nr", "Geber", "Spiel", "Geld"]
    assert len(hands) == 2 + 5 and all(len(r) == 4 for r in hands)
    assert [r[0] for r in hands[2:]] == ["1", "2", "3", "4", "5"]
    assert "- Wast → Hias 3,20 €" in lines or "- Kathi → Hias 3,20 €" in lines


# --- text --------------------------------------------------------------------------------------------

def test_text_has_a_line_per_transfer(app):
    evening = schafkopf_evening(app)
    text = app.export_session(evening, "text")
    lines = text.splitlines()
    assert lines[0] == "Schafkopf · 29.11.2026 · Gasthaus zur Post"
    assert lines[1] == "4 Spiele · 1 zusammengeworfen"  # as the statistics count: a passed hand is no game
    assert lines[2:6] == ["1. Hias +3,20 €", "1. Vroni +3,20 €", "3. Wast -3,20 €", "3. Kathi -3,20 €"]  # tied: one place
    arrows = [line for line in lines if "→" in line]
    transfers = app.summary(evening).transfers
    assert arrows == [f"{t.payer} → {t.payee} 3,20 €" for t in transfers]
    assert "Wer zahlt wem:" in lines


def test_one_hand_is_one_spiel(app):
    evening = app.start_evening("schafkopf", [HIAS, VRONI, WAST, KATHI]).id
    app.add_hand(evening, sauspiel(70, player=HIAS, partner=VRONI))
    assert app.export_session(evening, "text").splitlines()[1] == "1 Spiel"
    assert "1 Spiel · Hias, Vroni, Wast, Kathi" in app.export_session(evening, "md").splitlines()
    assert "<p>1 Spiel · Hias, Vroni, Wast, Kathi</p>" in app.export_session(evening, "html")


def test_text_without_money_shows_the_tallies(app):
    players = ["Sepp", "Resi", "Alois", "Zenzi"]
    evening = app.start_evening("saukopf", players)
    app.add_hand(evening.id, {"game": "keiler", "player": "Resi", "bid": 80, "trump": "eichel", "augen": 70})
    lines = app.export_session(evening.id, "text").splitlines()
    assert "1. Sepp 3 Fleischpunkte · 0 Rauborstigkeitspunkte" in lines
    assert "4. Resi 0 Fleischpunkte · 1 Rauborstigkeitspunkt" in lines
    assert "Schlachtmeister: Sepp, Alois, Zenzi" in lines
    assert "Oberrauborstler: Resi" in lines
    assert not [line for line in lines if "→" in line]


# --- dates ---------------------------------------------------------------------------------------------

def test_dates_are_german_and_local(munich):
    assert fmt.day("2026-11-29T18:30:00.000+00:00") == "29.11.2026"
    # 23:30 UTC on the 28th is half past midnight on the 29th in Munich: the evening's date is
    # the local one (as `scorepad evenings` shows it)
    assert fmt.day("2026-11-28T23:30:00.000+00:00") == "29.11.2026"
    assert fmt.day("2026-01-05") == "05.01.2026"


def test_export_title_uses_the_local_date(tmp_path, monkeypatch, munich):
    monkeypatch.setattr(app_module, "now", lambda: "2026-11-28T23:30:00.000+00:00")
    with App.open(tmp_path / "late.db") as a:
        evening = schafkopf_evening(a)
        assert a.evening(evening).date() == "2026-11-29 00:30"
        assert a.export_session(evening, "text").splitlines()[0] == "Schafkopf · 29.11.2026 · Gasthaus zur Post"


def test_money_is_german():
    assert fmt.money(320) == "3,20 €"
    assert fmt.money(-5) == "-0,05 €"
    assert fmt.money(123456) == "1.234,56 €"
    assert fmt.money(320, signed=True) == "+3,20 €"
    assert fmt.money(0, signed=True) == "0,00 €"


# --- JSON ----------------------------------------------------------------------------------------------

def test_json_round_trips_through_import_and_results_match_show(app, capsys, tmp_path):
    evening = schafkopf_evening(app)
    db = app.store.path
    out = tmp_path / "abend.json"
    cli(capsys, "--db", db, "export", str(evening), "--format", "json", "-o", out)
    exported = json.loads(out.read_text(encoding="utf-8"))
    shown = json.loads(cli(capsys, "--db", db, "show", str(evening)))
    assert exported["results"]["replay"] == shown
    summary = exported["results"]["summary"]
    assert summary["standings"] == shown["standings"]
    assert summary["balances"] == app.summary(evening).model_dump()["balances"]
    assert summary["transfers"] == [t.model_dump() for t in app.summary(evening).transfers]
    assert summary["meta"]["started"] == STARTED
    new_id = cli(capsys, "--db", db, "import", out).strip()
    again = json.loads(cli(capsys, "--db", db, "show", new_id))
    assert again["standings"] == shown["standings"]
    assert again == shown
    # the imported evening exports the same results again
    again_export = json.loads(cli(capsys, "--db", db, "export", new_id))
    assert again_export["results"]["replay"] == exported["results"]["replay"]
    assert {k: v for k, v in again_export.items() if k != "results"} == \
        {k: v for k, v in exported.items() if k != "results"}


def test_json_results_are_ignored_on_import(app, capsys, tmp_path):
    evening = schafkopf_evening(app)
    exported = json.loads(app.export_session(evening, "json"))
    exported["results"]["summary"]["standings"] = {"Hias": {"geld": 1_000_000}}
    copy = app.import_session(json.dumps(exported))
    assert app.show(copy.id).standings == app.show(evening).standings


# --- a real browser ----------------------------------------------------------------------------------

def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / "chromium-profile"
    return subprocess.run([str(CHROMIUM), *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, timeout=180)


def test_html_prints_to_pdf_in_chromium(app, tmp_path):
    evening = schafkopf_evening(app, players=("<b>x</b>", "=SUM(A1)", "Vroni", "Kathi"))
    for _ in range(30):
        app.add_hand(evening, sauspiel(61, player="Vroni", partner="Kathi"))
    page = tmp_path / "abend.html"
    page.write_text(app.export_session(evening, "html"), encoding="utf-8")
    pdf = tmp_path / "abend.pdf"
    done = chromium(tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri())
    assert pdf.exists(), done.stderr.decode(errors="replace")[-2000:]
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(data) > 5000
    # A4 (595 x 842 points) from the page's @page rule; 35 hands take more than one page
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert boxes, "no page in the PDF"
    assert all(abs(float(w) - 595.3) < 2 and abs(float(h) - 841.9) < 2 for w, h in boxes), boxes
    assert len(boxes) >= 2


MONEY_ON_ONE_LINE = r"""() => {
    const broken = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const money = /[-+]?\d{1,3}(\.\d{3})*,\d\d €/g;
    let node, count = 0;
    while ((node = walker.nextNode())) {
        for (const m of node.data.matchAll(money)) {
            count++;
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            if (tops.size > 1) broken.push(m[0]);
        }
    }
    return {count, broken, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def short_names_long_hands(app: App) -> int:
    evening = schafkopf_evening(app)
    for i in range(6):
        app.add_hand(evening, {"game": "solo", "player": [HIAS, VRONI, WAST, KATHI][i % 4], "suit": "herz",
                               "augen": 100, "kontra": [VRONI, WAST, KATHI, HIAS][i % 4]})
    return evening


def long_names(app: App) -> int:
    names = ["Maximilian-Ferdinand", "Walburga-Theresia", "Bartholomäus", "Kunigunde-Josefa"]
    evening = app.start_evening("schafkopf", names, place="Gasthaus zur Post").id
    for i in range(8):
        app.add_hand(evening, {"game": "solo", "player": names[i % 4], "suit": "herz", "result": "won_schneider",
                               "kontra": names[(i + 1) % 4], "re": names[i % 4]})
    return evening


@pytest.mark.parametrize("make", [short_names_long_hands, long_names])
def test_html_money_never_breaks_over_two_lines_in_chromium(app, tmp_path, make):
    """At A4 width (180 mm between the margins), an amount like "-12,50 €" stays on one line
    everywhere, and nothing sticks out to the side (a broken "+0,20 / €" was seen in the
    Spiele table of an export of short names and long hand descriptions)."""
    from playwright.sync_api import sync_playwright  # a test dependency: not a reason to skip

    evening = make(app)
    page = tmp_path / "abend.html"
    page.write_text(app.export_session(evening, "html"), encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            tab = browser.new_page(viewport={"width": 680, "height": 1000})
            tab.goto(page.as_uri())
            found = tab.evaluate(MONEY_ON_ONE_LINE)
        finally:
            browser.close()
    assert found["count"] > 30
    assert found["broken"] == []
    assert found["overflow"] <= 0
