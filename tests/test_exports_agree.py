"""Issue 25: the exports agree with each other. Tied players share a place in every export
(1, 2, 2, 4); a game whose money is no tally of the sheet (Schwarze Sau, Saukopf with a price)
has its money in both CSVs; every game with a price comes to the same ranks and money in the
text, the Markdown, the page, both CSVs and the JSON; the open Rad is declined as German does;
the formats are one list that the command line, the application layer and the screen read."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import time

import pytest
from test_settle_up import generated

from scorepad import fmt
from scorepad.app import App
from scorepad.app import evenings as app_module
from scorepad.exportformats import BY_NAME, FORMATS, NAMES, downloads
from scorepad.exportparts import places
from scorepad.games import family_of
from scorepad.table_numbers import MONEY_KEYS
from scorepad.tables import builtin_tables, get_table

pytestmark = pytest.mark.store

STARTED = "2026-11-29T18:30:00.000+00:00"
NAMES4 = ["Uli", "Fritz", "Guido", "Sepp"]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    monkeypatch.setattr(app_module, "now", lambda: STARTED)
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    with App.open(tmp_path / "scorepad.db") as a:
        yield a
    monkeypatch.undo()
    time.tzset()


def tied_evening(app: App) -> int:
    """Schwarze Sau, one round: Uli 1 point, Fritz and Guido 4 each, Sepp 6 (fewest is best)."""
    evening = app.start_evening("schwarze-sau", NAMES4).id
    app.add_hand(evening, {"points": {"Uli": 1, "Fritz": 4, "Guido": 4, "Sepp": 6}})
    return evening


# --- what each export says: the places and the money, read back ---------------------------------------

def text_places(text: str) -> dict[str, tuple[str, str]]:
    """{name: (place, the rest of the line)} from the chat text's standings lines."""
    out = {}
    for line in text.splitlines():
        m = re.fullmatch(r"(\d+)\. (\S+) (.*)", line)
        if m and m.group(2) in NAMES4:
            out[m.group(2)] = (m.group(1), m.group(3))
    return out


def md_standings(text: str) -> list[list[str]]:
    table = text.split("## Stand\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    return [[c.strip() for c in row.strip("|").split("|")] for row in table]


def html_standings(page: str) -> list[list[str]]:
    table = page.split("<h2>Stand</h2>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table)
    return [[html.unescape(re.sub(r"</?bdi>", "", c)) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)]
            for r in rows]


def csv_money(text: str, sep: str) -> dict[str, int]:
    """Each player's money added up over the CSV's rows (cents), from its Geld column."""
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=sep))
    head, out = rows[0], {}
    for p in NAMES4:
        cells = [i for i, h in enumerate(head) if h.startswith(f"{p} Geld")]
        if not cells:
            continue
        (i,) = cells
        out[p] = sum(int(r[i]) if sep == "," else round(float(r[i].replace(",", ".")) * 100) for r in rows[1:])
    return out


# --- one place for tied players -----------------------------------------------------------------------

def test_the_text_export_numbers_tied_players_like_markdown_html_and_the_picture(app):
    evening = tied_evening(app)
    summary = app.summary(evening)
    assert places(summary) == [1, 2, 2, 4]
    text = text_places(app.export_session(evening, "text"))
    assert {p: text[p][0] for p in NAMES4} == {"Uli": "1", "Fritz": "2", "Guido": "2", "Sepp": "4"}
    md = {row[1]: row[0] for row in md_standings(app.export_session(evening, "md"))[2:]}
    page = {row[1]: row[0] for row in html_standings(app.export_session(evening, "html"))[1:]}
    assert md == page == {"Uli": "1.", "Fritz": "2.", "Guido": "2.", "Sepp": "4."}


# --- money in the CSVs where the money is no tally ------------------------------------------------------

@pytest.mark.parametrize("ruleset,option,players", [
    ("schwarze-sau", "drink_price", NAMES4[:3]), ("saukopf", "chip_value", NAMES4),
    ("saukopf-dreihaxer", "chip_value", NAMES4[:3])])
def test_a_game_with_a_price_per_point_has_a_money_column_in_both_csvs(app, ruleset, option, players):
    evening = generated(app, ruleset, players, 24, seed=2, options={option: 50})
    balances = app.summary(evening).balances
    assert any(balances.values())
    plain, german = app.export_session(evening, "csv"), app.export_session(evening, "csv-de")
    assert f"{players[0]} Geld (ct)" in plain.splitlines()[0] and f"{players[0]} Geld (€)" in german.splitlines()[0]
    assert csv_money(plain, ",") == csv_money(german, ";") == balances
    unpriced = generated(app, ruleset, players, 24, seed=2)
    assert "Geld" not in app.export_session(unpriced, "csv").splitlines()[0]  # no price: no money, no column


# --- every game with a price: the same ranks and money in every export -----------------------------------

def priced(ruleset: str) -> dict[str, int]:
    """The game's prices asked when an evening starts, each at its highest offered value."""
    family = family_of(get_table(ruleset))
    return {path[-1]: max(values) for _, path, values in family.options
            if len(path) == 1 and path[-1] in MONEY_KEYS and all(isinstance(v, int) for v in values)}


# the Preisschafkopf lists write points, not money (issue 27): checked on their own below
POINTS_LISTS = sorted(r for r in builtin_tables() if get_table(r).tallies == ["punkte"]
                      and get_table(r).family == "schafkopf")


def test_every_builtin_ruleset_with_a_price_is_listed():
    games = {r for r in builtin_tables() if priced(r) or "geld" in get_table(r).tallies}
    # every game plays for money but the Preisschafkopf lists; each is checked below
    assert games == set(builtin_tables()) - set(POINTS_LISTS)
    assert len(POINTS_LISTS) >= 3 and all(r.startswith("preisschafkopf-") for r in POINTS_LISTS)


@pytest.mark.parametrize("ruleset", POINTS_LISTS)
def test_a_points_list_agrees_on_ranks_in_every_export_and_shows_no_money(app, ruleset):
    players = NAMES4
    evening = generated(app, ruleset, players, 26, seed=5)
    summary = app.summary(evening)
    assert not any(summary.balances.values()) and any(summary.standings[p]["punkte"] for p in players)
    ranks = {p: f"{place}." for place, p in zip(places(summary), summary.ranking)}
    points = [summary.standings[p]["punkte"] for p in summary.ranking]
    assert points == sorted(points, reverse=True)
    text = text_places(app.export_session(evening, "text"))
    assert {p: text[p][0] + "." for p in players} == ranks
    for rows in (md_standings(app.export_session(evening, "md"))[2:],
                 html_standings(app.export_session(evening, "html"))[1:]):
        assert {r[1]: r[0] for r in rows} == ranks
    for kind in ("text", "md", "html", "csv-de"):
        assert "€" not in app.export_session(evening, kind), kind


@pytest.mark.parametrize("ruleset", sorted(set(builtin_tables()) - set(POINTS_LISTS)))
@pytest.mark.parametrize("settle_open", [False, True])
def test_every_game_with_a_price_agrees_on_ranks_and_money_in_every_export(app, ruleset, settle_open):
    table = get_table(ruleset)
    players = NAMES4[:max(n for n in table.players if n <= 4)]
    evening = generated(app, ruleset, players, 26, seed=5, options=priced(ruleset) or None)
    summary = app.summary(evening, settle_open)
    if ruleset != "struliwuli" or settle_open:  # an unfinished Rad is money only when settled
        assert any(summary.balances.values()), ruleset
    money = {p: fmt.money(summary.balances[p], signed=True) for p in players}
    ranks = {p: f"{place}." for place, p in zip(places(summary), summary.ranking)}

    def export(kind: str) -> str:
        out = app.export_session(evening, kind, settle_open)
        assert isinstance(out, str)
        return out

    data = json.loads(export("json"))["results"]["summary"]
    assert (data["ranking"], data["balances"]) == (summary.ranking, summary.balances)
    text = text_places(export("text"))
    assert {p: text[p][0] + "." for p in players} == ranks
    if any(summary.balances.values()):
        assert {p: text[p][1] for p in players} == money
    for rows in (md_standings(export("md"))[2:], html_standings(export("html"))[1:]):
        assert {r[1]: r[0] for r in rows} == ranks
        if any(summary.balances.values()):  # the last column is the Saldo, or the Geld tally itself
            assert {r[1]: r[-1] for r in rows} == money
    if any(summary.balances.values()):
        assert csv_money(export("csv"), ",") == csv_money(export("csv-de"), ";") == summary.balances


# --- the open Rad, declined -----------------------------------------------------------------------------

def test_abgerechnet_mit_dem_offenen_rad(app):
    evening = app.start_evening("struliwuli", NAMES4).id
    from test_settle_up import sw

    for cards in (8, 7, 6, 5):
        app.add_hand(evening, sw(NAMES4, cards, {"Uli": 0}))
    for kind in ("md", "html", "text"):
        out = app.export_session(evening, kind, settle_open=True)
        assert "Abgerechnet mit dem offenen Rad, anteilig" in out, kind
        assert "dem offener" not in out and "den offener" not in out, kind
        assert "(offener Rad, anteilig)" in out, kind  # as a label the nominative stays
    assert "Offenen Rad anteilig abrechnen" in app.export_session(evening, "text")  # accusative


# --- one list of formats --------------------------------------------------------------------------------

def test_the_export_formats_are_one_list_read_by_the_command_line_the_app_and_the_screen(capsys):
    from scorepad.app import EXPORT_FORMATS
    from scorepad.cli import main

    assert NAMES == ("json", "csv", "md", "html", "text", "csv-de", "png")  # the names stay as they were
    assert list(EXPORT_FORMATS) == list(NAMES) == list(fmt.EXPORT_FORMAT_NAMES)
    with pytest.raises(SystemExit):
        main(["export", "1", "--format", "pdf"])
    assert "(choose from " + ", ".join(f"'{n}'" for n in NAMES) + ")" in capsys.readouterr().err
    assert [f.name for f in downloads()] == ["html", "csv-de", "csv", "md", "json", "png"]
    assert [f.label for f in downloads()] == ["HTML (drucken)", "Excel (CSV)", "CSV", "Markdown", "JSON", "Bild (PNG)"]
    assert BY_NAME["csv-de"].file_name("abend") == "abend-excel.csv" and BY_NAME["png"].mime == "image/png"
    assert all(f.renderer.count(":") == 1 for f in FORMATS)


# --- the printed hand table: Geber and Spiel wrap between words ------------------------------------------

BREAKS_INSIDE_WORDS = r"""() => {
    // every line break inside the hand table's Geber and Spiel cells, with the characters either side
    const found = [];
    for (const td of document.querySelectorAll('table.hands td:nth-child(2), table.hands td:nth-child(3)')) {
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        let text = '', tops = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.length; i++) {
                const range = document.createRange();
                range.setStart(node, i); range.setEnd(node, i + 1);
                const rect = range.getClientRects()[0];
                text += node.data[i]; tops.push(rect ? rect.top : null);
            }
        }
        for (let i = 1; i < text.length; i++) {
            if (tops[i] !== null && tops[i - 1] !== null && tops[i] > tops[i - 1] + 2
                    && text[i - 1] !== ' ' && text[i] !== ' ' && text[i - 1] !== '-') {
                found.push(text.slice(Math.max(0, i - 8), i) + '/' + text.slice(i, i + 8));
            }
        }
    }
    const table = document.querySelector('table.hands').getBoundingClientRect();
    return {found, right: Math.round(table.right)};
}"""


@pytest.mark.browser
def test_the_printed_hand_table_wraps_geber_and_spiel_only_between_words(app):
    """Six players with long names, printed to A4 (chromium): the Spiel column (and the Geber)
    breaks a line only between words ("genau angesagt", never "angesa/gt"), and the table still
    fits between the margins."""
    from playwright.sync_api import sync_playwright
    from test_settle_up import CHROMIUM, CHROMIUM_FLAGS, LONG, PRINT_WIDTH

    six_long = ["Maximilian Huberbauer", "Bartholomäus Wimmer", "Kunigunde Obermaier", "Theresia Unterhuber",
                "Ferdinand Hintermoser", "Walburga Zwirglmaier"]
    six_unbroken = [LONG[k:k + 30] for k in range(0, 30, 5)]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            tab = browser.new_page(viewport={"width": PRINT_WIDTH, "height": 1000})
            tab.emulate_media(media="print")
            for k, (ruleset, players) in enumerate([("struliwuli", six_long), ("struliwuli", six_unbroken),
                                                    ("schafkopf", six_long[:4])]):
                tab.set_content(app.export_session(generated(app, ruleset, players, 12, seed=k + 1), "html"))
                seen = tab.evaluate(BREAKS_INSIDE_WORDS)
                assert seen["found"] == [], (ruleset, seen["found"][:5])
                assert seen["right"] <= PRINT_WIDTH + 1, (ruleset, seen)
        finally:
            browser.close()


# --- the picture draws emoji in names ------------------------------------------------------------------

def test_the_picture_draws_emoji_in_names_not_empty_boxes(app, monkeypatch):
    """DejaVu has no emoji: a character it lacks is drawn with a fallback font that has it
    (Symbola, Debian's fonts-symbola, installed by scripts/test); without any, the picture is
    drawn all the same."""
    from test_settle_up import png_ok

    from scorepad import picture

    f = picture.font(40)
    assert picture.fallbacks(40), "no emoji font on this machine: apt-get install fonts-symbola (scripts/test does)"
    for emoji in ("🍺", "🎉", "👍", "🐷", "🏆"):
        assert not picture._has(f, emoji)  # DejaVu alone would draw its box
        ((text, used),) = picture.runs(emoji, f)
        assert used is not f and picture._has(used, emoji), emoji
    assert [t for t, _ in picture.runs("Sepp 👍🏽!", f)] == ["Sepp ", "👍", "!"]  # the skin tone no swatch
    players = ["Uli 🍺", "Fritz", "Guido", "Sepp"]
    evening = app.start_evening("schafkopf", players).id
    app.add_hand(evening, {"game": "sauspiel", "player": "Uli 🍺", "partner": "Fritz", "suit": "gras", "augen": 95})
    drawn = app.export_session(evening, "png")
    png_ok(drawn)
    monkeypatch.setattr(picture, "FALLBACK_FONTS", ())
    picture.fallbacks.cache_clear()
    try:
        boxes = app.export_session(evening, "png")
        png_ok(boxes)  # no emoji font: DejaVu's boxes, and the picture all the same
        assert boxes != drawn
    finally:
        picture.fallbacks.cache_clear()
