"""The static site (`scorepad static`): Python in the phone's browser, no server but a file server.

Built once for this file into a temporary folder (its packages from the package index, as on a
fresh machine), served by `python -m http.server` on 127.0.0.1; chromium resolves no other host
and every request to one is aborted and fails the test. On one phone: an evening is started and
a hand saved; the page reloaded; the phone goes offline and the app is opened again from the
browser's cache; another hand saved; reloaded: both hands are there. Two tabs of the same site
never both write: the second one says so and takes over once the first is closed; its evening
leaves as a session file (export) and comes back as a new evening (import). After the first
start the phone compiles Python's files once, beside the app; the next start takes them, and
spoilt ones are dropped for the shipped files. A whole evening entered by finger with the CPU
throttled to a mid-range phone's (4x) shows every hand on the table and in the history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, OFFHOST, StaticSite, Tab
from conftest import VRONI4
from playwright.async_api import async_playwright

from scorepad import fmt
from scorepad.devtools import web
from scorepad.engine import replay
from scorepad.staticsite.browser import WAITING
from scorepad.tables import get_table

pytestmark = pytest.mark.browser

# nothing leaves the machine, whoever asks (the page, Python's worker, the service worker)
OFFLINE_FLAGS = FLAGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
START_S = 120  # the first visit downloads and starts Python: generous on a loaded CI machine


@pytest.fixture(scope="module")
def site(built_static_site):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM}"
    folder, built = built_static_site
    assert built["files"] == len(json.loads((folder / "scorepad-static.json").read_text())["files"])
    s = StaticSite(folder)
    yield s
    s.stop()


async def phone(pw, site):
    """A phone's browser: one context (its storage), every request to another host aborted."""
    browser = await pw.chromium.launch(executable_path=CHROMIUM, args=OFFLINE_FLAGS)
    context = await browser.new_context(viewport={"width": 412, "height": 915})

    async def only_ours(route):  # the service worker's requests too
        if route.request.url.startswith(site.url):
            await route.continue_()
        else:
            OFFHOST.append(route.request.url)
            await route.abort()

    await context.route("**/*", only_ours)
    return browser, context


async def ready(tab: Tab, key: str = "new-evening") -> None:
    """Python has started (in the browser) and shows the start screen."""
    await tab.semantics_on()
    await tab.at(key).wait_for(state="attached", timeout=START_S * 1000)


async def reopen(context, site, tab: Tab | None) -> Tab:
    """The tab is closed and the site opened again (from the home screen)."""
    if tab is not None:
        await tab.page.close()
    tab = await Tab.open(context, site)
    await ready(tab, "continue")
    return tab


async def start_evening(tab: Tab) -> None:
    await tab.tap("new-evening")
    await tab.tap("rules-schafkopf")
    for name in VRONI4:
        await tab.type("name-field", name)
    await tab.at(f"dealer-{VRONI4[-1]}").wait_for(state="attached", timeout=10000)
    await tab.tap("start-evening")
    await tab.at("next-hand").wait_for(state="attached", timeout=10000)


async def save_hand(tab: Tab, number: int, keys: list[str]) -> None:
    await tab.tap("next-hand")
    for key in keys:
        await tab.tap(key)
    await tab.tap("save")
    await tab.at(f"hand-{number}").wait_for(state="attached", timeout=10000)


SAUSPIEL = ["player-Vroni", "partner-Kathi", "result-won"]
WENZ = ["game-wenz", "player-Wast", "result-won_schneider"]
HANDS = [{"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"},
         {"game": "wenz", "player": "Wast", "result": "won_schneider"}]


async def assert_cards(tab: Tab, hands: list[dict]) -> None:
    """Each player's card shows what the engine makes of the same hands."""
    standings = replay(get_table("schafkopf"), VRONI4, hands).standings
    for p in VRONI4:
        await tab.wait_text(f"value-{p}", fmt.money(standings[p]["geld"], signed=True))


async def isolated(tab: Tab) -> bool:
    """Whether the page is cross-origin isolated, as Flet's server makes the served app: Flutter
    then draws on a thread of its own, not on the page's (the service worker's headers, sw.js)."""
    return bool(await tab.page.evaluate("crossOriginIsolated"))


@pytest.mark.timeout(600)  # four starts of Python in the browser, on a loaded machine
async def test_saved_hands_survive_reloads_and_going_offline(site):
    async with async_playwright() as pw:
        browser, context = await phone(pw, site)
        try:
            tab = await Tab.open(context, site)
            await ready(tab)
            await tab.screenshot("static/01-start")
            await start_evening(tab)
            await save_hand(tab, 1, SAUSPIEL)
            await assert_cards(tab, HANDS[:1])
            await tab.reload()
            await ready(tab, "continue")
            assert await isolated(tab)
            await tab.tap("continue")
            await tab.at("hand-1").wait_for(state="attached", timeout=10000)

            await context.set_offline(True)
            tab = await reopen(context, site, tab)
            assert await isolated(tab)
            await tab.tap("continue")
            await tab.at("hand-1").wait_for(state="attached", timeout=10000)
            await save_hand(tab, 2, WENZ)
            await tab.reload()
            await ready(tab, "continue")
            await tab.tap("continue")
            for number in (1, 2):
                await tab.at(f"hand-{number}").wait_for(state="attached", timeout=10000)
            await assert_cards(tab, HANDS)
            await tab.screenshot("static/02-offline-two-hands")
        finally:
            await browser.close()


@pytest.mark.timeout(600)
async def test_a_second_tab_waits_until_the_first_is_closed(site):
    async with async_playwright() as pw:
        browser, context = await phone(pw, site)
        try:
            first = await Tab.open(context, site)
            await ready(first)
            await start_evening(first)
            await save_hand(first, 1, SAUSPIEL)
            second = await Tab.open(context, site)
            await ready(second, "other-tab")
            assert await second.text("other-tab") == " ".join(WAITING.split())
            await second.screenshot("static/03-second-tab")
            assert not await second.has("new-evening")
            await save_hand(first, 2, WENZ)  # the first tab goes on writing
            await first.page.close()
            await ready(second, "continue")  # now this one holds the store, with both hands
            await second.tap("continue")
            for number in (1, 2):
                await second.at(f"hand-{number}").wait_for(state="attached", timeout=10000)
            await second.tap("settle")
            await second.at("export-json").wait_for(state="attached", timeout=10000)
            assert not await second.has("export-png")  # no Pillow in the browser: no picture
            await second.screenshot("static/04-settle")
            async with second.page.expect_download(timeout=15000) as info:
                await second.tap("export-json")
            session_file = Path(await (await info.value).path())
            assert json.loads(session_file.read_text(encoding="utf-8"))["hands"] == HANDS
            # the saved file is said in a floating message: the next tap waits until it is there
            # (a tap at the moment it slides in can land on it; one it covers waits until it goes)
            await second.wait_said("JSON gespeichert")
            # shared: chromium on Linux has no share sheet, so the browser downloads it instead
            async with second.page.expect_download(timeout=30000) as info:
                await second.tap("share-session", timeout=20)
            shared = Path(await (await info.value).path())
            assert json.loads(shared.read_text(encoding="utf-8"))["hands"] == HANDS

            # the session file moves the evening to another phone: a new evening from it
            await second.reload()
            await ready(second, "import-evening")
            async with second.page.expect_file_chooser(timeout=15000) as chooser:
                await second.tap("import-evening")
            await (await chooser.value).set_files(str(session_file))
            for number in (1, 2):
                await second.at(f"hand-{number}").wait_for(state="attached", timeout=15000)
            await assert_cards(second, HANDS)
            await second.reload()
            await ready(second, "continue")
            assert await second.page.locator('[flt-semantics-identifier^="evening-"]').count() == 2
            await second.screenshot("static/05-start-two-evenings")
        finally:
            await browser.close()


COMPILED_S = 240  # the compiler's own Python start and its work, beside the app, on a loaded machine


async def started_from(tab: Tab) -> str:
    """What the app's Python started from: "snapshot" (the memory snapshot and the files compiled
    after the first start), "bundle" (those files alone) or "shipped" (the site's own: sources,
    the app archive)."""
    for _ in range(100):
        workers = [w for w in tab.page.workers if w.url.endswith("/python-worker.js")]
        if workers:
            return await workers[-1].evaluate("flet_js.started_from")
        await tab.page.wait_for_timeout(100)
    raise AssertionError("no Python worker in the page")


async def random_draw(tab: Tab) -> str:
    """A number from Python's random module in the app's worker."""
    workers = [w for w in tab.page.workers if w.url.endswith("/python-worker.js")]
    return await workers[-1].evaluate("String(self.pyodide.runPython('import random; random.getrandbits(64)'))")


async def wait_compiled(tab: Tab) -> None:
    await web.wait_compiled(tab.page, COMPILED_S)


@pytest.mark.timeout(600)
async def test_after_the_first_start_python_starts_from_the_files_it_compiled(site):
    async with async_playwright() as pw:
        browser, context = await phone(pw, site)
        try:
            tab = await Tab.open(context, site)
            await ready(tab)
            assert await started_from(tab) == "shipped"
            await start_evening(tab)
            await save_hand(tab, 1, SAUSPIEL)  # the app answers while the compiler works beside it
            await wait_compiled(tab)
            await tab.reload()
            await ready(tab, "continue")
            assert await started_from(tab) == "snapshot"
            drawn = await random_draw(tab)
            await tab.tap("continue")
            await tab.at("hand-1").wait_for(state="attached", timeout=10000)
            await save_hand(tab, 2, WENZ)
            await assert_cards(tab, HANDS)
            await tab.screenshot("static/06-started-from-compiled")
            await tab.tap("settle")  # a screen whose modules the first start had not imported
            await tab.at("export-json").wait_for(state="attached", timeout=10000)
            await tab.reload()  # from the same snapshot again: Python's random numbers are new
            await ready(tab, "continue")
            assert await started_from(tab) == "snapshot"
            assert await random_draw(tab) != drawn
        finally:
            await browser.close()


@pytest.mark.timeout(600)
async def test_compiled_files_that_do_not_start_are_dropped_and_python_starts_from_the_shipped_ones(site):
    async with async_playwright() as pw:
        browser, context = await phone(pw, site)
        try:
            tab = await Tab.open(context, site)
            await ready(tab)
            await start_evening(tab)
            await save_hand(tab, 1, SAUSPIEL)
            await wait_compiled(tab)
            for name in ("python_stdlib.zip", "app.bundle", "python.snapshot"):  # spoilt (a broken disk, a bug)
                assert await tab.page.evaluate(
                    f"async () => (await fetch('compiled/{name}', {{method: 'PUT', body: 'not a zip'}})).status") == 204
            await tab.reload()
            await ready(tab, "continue")
            assert await started_from(tab) == "shipped"
            await tab.tap("continue")
            await tab.at("hand-1").wait_for(state="attached", timeout=10000)
            await wait_compiled(tab)  # made again, whole
            await tab.reload()
            await ready(tab, "continue")
            assert await started_from(tab) == "snapshot"
            # a browser that could not make the snapshot keeps it empty: the compiled files alone
            assert await tab.page.evaluate(
                "async () => (await fetch('compiled/python.snapshot', {method: 'PUT', body: ''})).status") == 204
            await tab.reload()
            await ready(tab, "continue")
            assert await started_from(tab) == "bundle"
            await tab.tap("continue")
            await tab.at("hand-1").wait_for(state="attached", timeout=10000)
        finally:
            await browser.close()


# whether the cache of the site's service worker has all these files (sw.js: its cache "scorepad-<version>")
KEPT = """async (paths) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("scorepad-")) continue;
    const cache = await caches.open(name);
    const kept = await Promise.all(paths.map((p) => cache.match(new URL(p, location.href).href)));
    if (kept.every(Boolean)) return true;
  }
  return false;
}"""


@pytest.mark.timeout(600)
async def test_emoji_typed_into_names_offline_are_drawn_in_colour_on_the_table_screen(site):
    from test_e2e_emoji import PLAYERS, assert_drawn_in_colour

    from scorepad.ui.emojifont import emoji_fonts

    ahead = sorted({"assets/fonts/" + file.name for file, ahead in emoji_fonts().values() if ahead})
    async with async_playwright() as pw:
        browser, context = await phone(pw, site)
        try:
            tab = await Tab.open(context, site)
            await ready(tab)
            # the page asks its service worker to fill its cache 15 s after the first frame: at once here
            await tab.page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.postMessage('fill-cache'))")
            for _ in range(300):
                if await tab.page.evaluate(KEPT, ahead):
                    break
                await tab.page.wait_for_timeout(100)
            else:
                raise AssertionError(f"the service worker never kept all of {ahead}")
            await context.set_offline(True)
            await tab.tap("new-evening")
            await tab.tap("rules-schafkopf")
            for name in PLAYERS:  # one by one: the fallback looks for each emoji alone
                await tab.type("name-field", name)
            await tab.at(f"dealer-{PLAYERS[-1]}").wait_for(state="attached", timeout=10000)
            await tab.tap("start-evening")
            await tab.at(f"value-{PLAYERS[0]}").wait_for(state="attached", timeout=10000)
            await assert_drawn_in_colour(tab, "static/07-emoji-offline")
        finally:
            await browser.close()


def test_the_service_worker_lists_every_file_of_the_site_and_each_gzip_or_brotli_sibling_is_that_file(site):
    import gzip
    import re

    import brotli

    sw = (site.folder / "flutter_service_worker.js").read_text(encoding="utf-8")
    listing = json.loads(re.search(r"const FILES = (\{.*?\n\});", sw, re.S).group(1))
    on_disk = {p.relative_to(site.folder).as_posix() for p in site.folder.rglob("*") if p.is_file()}
    made = {"flutter_service_worker.js", "scorepad-static.json"}
    files = {path: entry for path, entry in listing.items() if len(entry) == 3}  # not the aliases
    assert set(files) | {gz for _, gz, _ in files.values() if gz} | made == on_disk
    for path, (kind, gz, _variant) in files.items():
        if gz:
            unpack = brotli.decompress if gz.endswith(".br") else gzip.decompress
            assert unpack((site.folder / gz).read_bytes()) == (site.folder / path).read_bytes(), path
        if path.endswith(".wasm"):
            assert kind == "application/wasm"  # else the browser will not compile it streaming
    page = (site.folder / "index.html").read_text(encoding="utf-8")
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs";' in page
    assert "app.tar.xz" in listing and "pyodide/pyodide.asm.wasm" in listing
    assert listing["pyodide/python_stdlib.zip"][1] == "pyodide/python_stdlib.zip.br"  # stored, packed whole
    # the big WebAssembly files as brotli, unpacked by the decoder the site ships (gzipped itself)
    for big in ("pyodide/pyodide.asm.wasm", "main.dart.wasm", "canvaskit/skwasm.wasm"):
        assert listing[big][1] == big + ".br", big
    assert listing["brotli-decode.js"][1] == "brotli-decode.js.gz"
    # the colour emoji's files, each once in assets/fonts/ (where flet-web's page has Flutter's
    # fallback look), fetched ahead by the worker but the flags, which wait until a name has one;
    # the paths the fallback asks for are aliases of them
    from scorepad.ui.emojifont import emoji_fonts

    for path, (file, ahead) in emoji_fonts().items():
        shipped = "assets/fonts/" + file.name
        assert (site.folder / shipped).read_bytes() == file.read_bytes(), path
        assert listing[shipped] == ["font/woff2", None, not ahead], shipped
        assert listing[path] == ["font/woff2", None, True, shipped], path
    assert 'flet.fontFallbackBaseUrl="assets/fonts/";' in page


@pytest.mark.timeout(900)  # Python's first start in the browser at a quarter of this machine's speed
async def test_a_whole_evening_by_finger_at_a_phones_cpu_shows_every_hand_on_the_table_and_in_the_history(site):
    from test_e2e_games import card_text, enter_evening, start

    session = json.loads((EXAMPLES / "schafkopf.json").read_text(encoding="utf-8"))
    players, hands = session["players"], session["hands"]
    expected = replay(get_table(session["ruleset"]), players, hands).standings
    async with async_playwright() as pw:
        browser, context = await phone(pw, site)
        try:
            page = await context.new_page()
            cdp = await context.new_cdp_session(page)
            await cdp.send("Emulation.setCPUThrottlingRate", {"rate": web.CPU_PHONE})
            await page.goto(site.url)
            tab = Tab(page, site)
            await ready(tab)
            await start(tab, session["ruleset"], players, session.get("first_dealer"))
            await enter_evening(tab, session)
            for number in range(1, len(hands) + 1):
                await tab.at(f"hand-{number}").wait_for(state="attached", timeout=10000)
            for p in players:
                await tab.wait_text(f"value-{p}", card_text(session["ruleset"], expected[p]), timeout=30)
            await tab.screenshot("static/03-evening-at-cpu4x")
            await tab.tap("history")
            await tab.at("history-undo").wait_for(state="attached", timeout=30000)
            lines = await page.locator('[flt-semantics-identifier^="change-"]').all_inner_texts()
            for number in range(1, len(hands) + 1):
                assert any(f"Spiel {number} eingetragen" in line for line in lines), lines
        finally:
            await browser.close()
