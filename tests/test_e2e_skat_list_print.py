"""Issue 39: a Skat tournament's table lists printed to A4 (chromium, print media): a table of four
with all 48 games of its series entered and long names, a table of three half played, two not yet
played. The list and its Seeger-Fabian block stay between the margins, the rows are legible (a
readable font, a row tall enough to write in by pen), the block and the lines to sign stay together
on one page. The PDF and its pages as PNG go to tests/artifacts/print/ to look at."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from playwright.sync_api import sync_playwright
from test_settle_up import ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS, PRINT_WIDTH
from test_tournament_skat_list import SERVER, SF, play

from scorepad.app import App

pytestmark = pytest.mark.browser

NAMES = ["Maximilian Huberbauer", "Bartholomäus Wimmer", "Kunigunde Obermaier", "Theresia Unterhuber", "Erna",
         "Fritz", "Gerda", "Heinz", "Ilse", "Jupp", "Käthe", "Lutz", "Mia"]
GAMES = 48  # a series at a table of four (SkWO)

MEASURE = r"""(width) => {
    const wide = [...document.querySelectorAll('table.list, table.foot, h1, h2, p')]
        .filter(el => el.getBoundingClientRect().right > width + 1 || el.scrollWidth > el.clientWidth + 1)
        .map(el => el.tagName + ' ' + el.className + ' ' + Math.round(el.getBoundingClientRect().right));
    const rows = [...document.querySelectorAll('table.list tbody tr')];
    const low = rows.filter(tr => tr.getBoundingClientRect().height < 18.9).length;  // 5 mm
    const small = [...document.querySelectorAll('table.list td, table.foot td')]
        .filter(td => parseFloat(getComputedStyle(td).fontSize) < 10.6).length;  // 8 pt
    const together = [...document.querySelectorAll('div.foot')]
        .filter(el => ['avoid', 'avoid-page'].includes(getComputedStyle(el).breakInside)).length;
    return {wide, rows: rows.length, low, small, together, feet: document.querySelectorAll('div.foot').length};
}"""


def pages_text(pdf) -> list[str]:
    """The PDF's text page by page (poppler's pdftotext)."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, timeout=120,
                          text=True).stdout
    return text.split("\f")


def test_the_skat_table_lists_print_on_a4_legible_with_the_signatures_on_the_page(tmp_path):
    out = ARTIFACTS / "print"
    out.mkdir(parents=True, exist_ok=True)
    with App.open(tmp_path / "scorepad.db") as app, sync_playwright() as pw:
        tid = app.new_tournament("Preisskat im Vereinsheim", "skat", 3, GAMES, NAMES, seed="3", options=SF).id
        app.draw_round(tid)
        sheets = app.table_sheets(tid)
        assert [len(s.seats) for s in sheets] == [4, 3, 3, 3]
        play(app, sheets[0].evening, GAMES, seed=1)
        play(app, sheets[1].evening, GAMES // 2, seed=2)
        page = app.printed_sheets(tid, SERVER)
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            tab = browser.new_page(viewport={"width": PRINT_WIDTH, "height": 1000})
            tab.emulate_media(media="print")
            tab.set_content(page)
            seen = tab.evaluate(MEASURE, PRINT_WIDTH)
            assert seen["wide"] == [], seen
            assert seen["rows"] == 4 * GAMES and seen["low"] == 0 and seen["small"] == 0, seen
            assert seen["feet"] == seen["together"] == 4, seen
            pdf = out / "skat-tournament-lists.pdf"
            tab.pdf(path=str(pdf), format="A4", print_background=True)
        finally:
            browser.close()
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):  # each sheet's block and its lines to sign on one page, every game's row printed
        pages = [p for p in pages_text(pdf) if p.strip()]
        signing = [p for p in pages if "Unterschrift" in p]
        assert len(signing) == 4 and all("Seeger-Fabian gesamt" in p for p in signing), len(signing)
        assert sum(p.count("Spielliste Serie 1") for p in pages) == 4
    if shutil.which("pdftoppm"):  # the pages as pictures, to look at (poppler-utils)
        subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(pdf.with_suffix(""))], check=True, timeout=120)
