"""Screenshots for review: the table screen and the hand form of every game, mid-evening (the
first hands of examples/<game>.json stored, the next one tapped into the form), on a large and
a small phone, light and dark: tests/artifacts/screens/<game>-<screen>-<size>-<light|dark>.png.
Each shot also checks that the big bottom button is reachable by a finger. Served on the Wi-Fi:
the evenings were started elsewhere, so the phone takes each one's pen with its PIN once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from playwright.async_api import async_playwright
from test_e2e_sharing import unlock

from scorepad.app import App
from scorepad.ui.device import DEVICE_KEY

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SIZES = {"412x915": {"width": 412, "height": 915}, "360x640": {"width": 360, "height": 640}}
STORED = 3  # hands already played when the shots are taken
# the next hand of each example file, as a person taps it on the form
TYPICAL = {
    "schafkopf": ["player-Vroni", "partner-Kathi", "result-won"],
    "saukopf": ["game-sauerei", "player-Sepp", "partner-Zenzi", "quick-60", "lauf-1", "kontra-Resi"],
    "schwarze-sau": ["pt-Uli-6", "pt-Fritz-2", "pt-Guido-6"],
    "struliwuli": ["bid-Vroni-2", "bid-Hias-2", "bid-Kathi-0", "bid-Wast-0"],
    "zaisertshofer-ramsch": ["tr-Hias-3", "tr-Kathi-1"],
}


@pytest.fixture(scope="module")
def evenings(tmp_path_factory):
    """One server; per game an evening with its first STORED hands (stored directly)."""
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    db = tmp_path_factory.mktemp("screens") / "scorepad.db"
    ids = {}
    with App.open(db) as app:
        for game in TYPICAL:
            session = json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))
            info = app.start_evening(session["ruleset"], session["players"], session.get("first_dealer"),
                                     session.get("options"))
            for hand in session["hands"][:STORED]:
                app.add_hand(info.id, hand)
            ids[game] = info.id
    server = Server(db)
    yield server, ids
    server.stop()


async def test_screens_of_every_game_for_review(evenings):
    server, ids = evenings
    out = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            kept = None  # the phone's storage: its id and the pens it took with each evening's PIN
            device = ""  # its id (the drafts are the phone's own)
            for size, viewport in SIZES.items():
                for scheme in ("light", "dark"):
                    context = await browser.new_context(viewport=viewport, color_scheme=scheme, storage_state=kept)
                    for game, eid in ids.items():
                        with App.open(server.db) as app:
                            app.clear_draft(eid, device)  # each time the form starts afresh
                            pin = app.pin(eid)
                        tab = await Tab.open(context, server)  # a new tab: a new session, the start screen
                        await tab.tap(f"evening-{eid}")
                        if kept is None:  # the first time on this phone: the evening's PIN takes the pen
                            await unlock(tab, pin)
                        await tab.at("next-hand").wait_for(state="attached", timeout=10000)
                        await tab.finger_point("next-hand")  # reachable, nothing over it
                        out.append(await tab.screenshot(f"screens/{game}-table-{size}-{scheme}"))
                        await tab.tap("next-hand")
                        for key in TYPICAL[game]:
                            await tab.tap(key)
                        await tab.finger_point("bids-done" if game == "struliwuli" else "save")
                        out.append(await tab.screenshot(f"screens/{game}-hand-{size}-{scheme}"))
                        await tab.page.close()
                    if kept is None:
                        kept = await context.storage_state()
                        stored = {item["name"]: item["value"] for item in kept["origins"][0]["localStorage"]}
                        device = json.loads(stored[f"flutter.{DEVICE_KEY}"])  # (Flutter keeps it as JSON)
                    await context.close()
        finally:
            await browser.close()
    assert len(out) == len(TYPICAL) * len(SIZES) * 2 * 2
