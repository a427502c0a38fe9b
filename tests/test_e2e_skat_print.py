"""Skat's paper list printed to A4 (chromium, print media): at three, at four with the
Seeger-Fabian column and at five, long names too, the hand table stays between the margins and
the Spieler and Spiel cells break only between words."""

from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright
from test_exports_agree import BREAKS_INSIDE_WORDS
from test_settle_up import CHROMIUM, CHROMIUM_FLAGS, LONG, PRINT_WIDTH, generated

from scorepad.app import App

pytestmark = pytest.mark.browser

NAMES = ["Maximilian Huberbauer", "Bartholomäus Wimmer", "Kunigunde Obermaier", "Theresia Unterhuber",
         "Ferdinand Hintermoser"]


def test_the_paper_skat_list_fits_a4_at_three_four_and_five(tmp_path):
    cases = [(NAMES[:3], None), (NAMES[:4], {"list_kind": "seeger_fabian"}), (NAMES, None),
             ([LONG[k:k + 30] for k in range(0, 25, 5)], None)]
    with App.open(tmp_path / "scorepad.db") as app, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            tab = browser.new_page(viewport={"width": PRINT_WIDTH, "height": 1000})
            tab.emulate_media(media="print")
            for k, (players, options) in enumerate(cases):
                page = app.export_session(generated(app, "skat", players, 12, seed=k + 1, options=options), "html")
                assert '<table class="hands paper">' in page
                tab.set_content(page)
                seen = tab.evaluate(BREAKS_INSIDE_WORDS)
                assert seen["found"] == [], (len(players), seen["found"][:5])
                assert seen["right"] <= PRINT_WIDTH + 1, (len(players), options, seen)
        finally:
            browser.close()
