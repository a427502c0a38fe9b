"""Emoji in players' names are drawn in colour on a phone, offline: Flutter's fallback asks the
server for its emoji font's parts, which scorepad serves from its own font (Twemoji,
scorepad/fonts/emoji/, ui/emojifont.py). A phone on the Wi-Fi (the machine's network address),
390x844; the shot: tests/artifacts/emoji/table.png."""

from __future__ import annotations

import io

import pytest
from browser import CHROMIUM, FLAGS, OFFHOST, Server, Tab
from PIL import Image
from playwright.async_api import async_playwright

from scorepad.app import App

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PLAYERS = ["Sepp 🐷", "Zenzi 🍺", "Hias 🃏", "Resi ♥"]


def pig_pixels(shot: bytes, box: dict[str, float]) -> int:
    """Pixels of the pig's pink (Twemoji's face #F4ABBA, snout #EA596E) in `box` of the shot:
    a box drawn for a missing glyph, or a grey emoji, has none."""
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    left, top = int(box["x"]), int(box["y"])
    area = image.crop((left, top, left + int(box["width"]) + 1, top + int(box["height"]) + 1))
    return sum(1 for r, g, b in area.getdata() if r > 200 and 70 < g < 190 and 90 < b < 210 and r - g > 50 and b - g > 10)


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
    requested: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = await browser.new_context(viewport=PHONE)
            page = await context.new_page()
            page.on("requestfinished", lambda request: requested.append(request.url))
            await page.close()
            tab = await Tab.open(context, served)
            tab.page.on("requestfinished", lambda request: requested.append(request.url))
            await tab.tap(f"evening-{eid}")
            await tab.at(f"value-{PLAYERS[0]}").wait_for(state="attached", timeout=10000)
            name = tab.page.get_by_text(PLAYERS[0], exact=True)
            shot_path = await tab.screenshot("emoji/table")
            box = await name.bounding_box()
            assert box is not None
            assert pig_pixels(shot_path.read_bytes(), box) > 30, f"no pink pig in {PLAYERS[0]!r} (see {shot_path})"
        finally:
            await browser.close()
    assert not OFFHOST
    fonts = [url for url in requested if "/assets/fonts/notocoloremoji/" in url]
    assert fonts, "the emoji were drawn without the fallback's parts"
