"""Emoji in players' names are drawn in colour on a phone, offline: Flutter's font fallback asks
the server for Noto's emoji and symbol fonts, which scorepad answers from its own colour font
(Twemoji, scorepad/fonts/emoji/, ui/emojifont.py). A phone on the Wi-Fi (the machine's network
address), 390x844; the shot: tests/artifacts/emoji/table.png."""

from __future__ import annotations

import io

import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from PIL import Image
from playwright.async_api import async_playwright

from scorepad.app import App

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# a pig, a beer, the joker and a heart: four different fonts of Flutter's fallback for each alone
PLAYERS = ["Sepp 🐷", "Zenzi 🍺", "Hias 🃏", "Resi ♥"]


def pixels(shot: bytes, box: dict[str, float], colour) -> int:
    """How many pixels in `box` of the shot `colour` (r, g, b -> bool) accepts."""
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    left, top = int(box["x"]), int(box["y"])
    area = image.crop((left, top, left + int(box["width"]) + 1, top + int(box["height"]) + 1))
    return sum(1 for rgb in area.get_flattened_data() if colour(*rgb))


def pig_pink(r: int, g: int, b: int) -> bool:
    """The pig's pink (Twemoji's face #F4ABBA, snout #EA596E)."""
    return r > 200 and 70 < g < 190 and 90 < b < 210 and r - g > 50 and b - g > 10


def vivid(r: int, g: int, b: int) -> bool:
    """A saturated colour: not the text's grey nor the card's, not a box drawn for a missing glyph."""
    return max(r, g, b) - min(r, g, b) > 90


async def assert_drawn_in_colour(tab: Tab, shot_name: str) -> None:
    """Each player's name on the table screen has its emoji in colour; the pig pink."""
    shot = await tab.screenshot(shot_name)
    data = shot.read_bytes()
    for player in PLAYERS:
        box = await tab.page.get_by_text(player, exact=True).bounding_box()
        assert box is not None, player
        assert pixels(data, box, vivid) > 20, f"{player!r} has no emoji in colour (see {shot})"
    box = await tab.page.get_by_text(PLAYERS[0], exact=True).bounding_box()
    assert box is not None
    assert pixels(data, box, pig_pink) > 30, f"no pink pig in {PLAYERS[0]!r} (see {shot})"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert CHROMIUM, "the browser tests need Debian's chromium"
    db = tmp_path_factory.mktemp("emoji") / "scorepad.db"
    with App.open(db) as app:
        eid = app.start_evening("schafkopf", PLAYERS).id
    served = Server(db, wifi=True)
    yield served, eid
    served.stop()


async def test_a_pig_in_a_name_is_drawn_in_colour_on_the_table_screen(server):
    served, eid = server
    fonts: list[tuple[str, int]] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = await browser.new_context(viewport=PHONE)
            tab = await Tab.open(context, served)
            tab.page.on("response", lambda r: fonts.append((r.url, r.status)) if "/assets/fonts/noto" in r.url else None)
            await tab.tap(f"evening-{eid}")
            await tab.at(f"value-{PLAYERS[0]}").wait_for(state="attached", timeout=10000)
            await assert_drawn_in_colour(tab, "emoji/table")
        finally:
            await browser.close()
    assert fonts and all(status == 200 for _, status in fonts), fonts
