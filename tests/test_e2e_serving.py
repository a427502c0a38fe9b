"""How `scorepad web` serves the web client (scorepad/ui/webserve.py): compressed, cached by
the browser (a reload moves next to nothing), nothing unused, and nothing asked of any other
host. Byte counts, not times: the times are `scorepad bench --web`'s. Served as at the pub: a
phone on the Wi-Fi at the network address (plain http: Flutter draws on the page's own thread)."""

from __future__ import annotations

import gzip
import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import browser as browser_module
import pytest
from browser import CHROMIUM, FLAGS, Server, Tab
from playwright.async_api import async_playwright

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert Path(CHROMIUM).exists(), f"the browser tests need Debian's chromium at {CHROMIUM} (scripts/test installs it)"
    s = Server(tmp_path_factory.mktemp("serving") / "scorepad.db")
    yield s
    s.stop()


def get(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def web_dir() -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir())


def test_the_page_is_revalidated_and_the_rest_cached_for_good_compressed(server):
    status, headers, page = get(server.url, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["cache-control"] == "no-cache" and headers["etag"]
    page = gzip.decompress(page).decode() if headers.get("content-encoding") == "gzip" else page.decode()
    status, again, body = get(server.url, **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
    assert status == 304 and body == b""
    version = re.search(r'"/_v/([0-9a-f]+)/"', page).group(1)
    assert f'src="_v/{version}/flutter_bootstrap.js"' in page
    # a route of the app is the page too
    assert get(server.url + "evening/3")[0] == 200

    wasm = f"{server.url}_v/{version}/main.dart.wasm"
    status, headers, body = get(wasm, **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["content-encoding"] == "gzip" and headers["content-type"] == "application/wasm"
    assert "immutable" in headers["cache-control"] and "max-age=31536000" in headers["cache-control"]
    assert gzip.decompress(body) == (web_dir() / "main.dart.wasm").read_bytes()
    assert len(body) < 0.5 * (web_dir() / "main.dart.wasm").stat().st_size
    assert get(wasm, **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})[0] == 304
    # without gzip: the file as it is
    status, headers, body = get(wasm)
    assert status == 200 and "content-encoding" not in headers and len(body) == (web_dir() / "main.dart.wasm").stat().st_size
    # an old version's path: served, but not for good
    assert "immutable" not in get(f"{server.url}_v/0123456789ab/main.dart.mjs")[1]["cache-control"]


def test_unused_fonts_are_not_served(server):
    status, headers, body = get(server.url + "assets/FontManifest.json")
    families = [f["family"] for f in json.loads(body)]
    assert "MaterialIcons" in families and "Roboto" in families
    assert not [f for f in families if "KaTeX" in f or "Cupertino" in f], families
    assert get(server.url + "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf")[0] == 404
    assert get(server.url + "assets/packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_Main-Regular.ttf")[0] == 404
    assert get(server.url + "_offhost/cdn.jsdelivr.net/npm/x/wasm/rive_native.js")[0] == 404
    assert get(server.url + "no-such-file.js")[0] == 404


def test_the_emoji_fonts_are_served_where_flutters_fallback_asks_and_cached_for_good(server):
    from scorepad.ui.emojifont import emoji_fonts

    status, headers, page = get(server.url)
    version = re.search(r'"/_v/([0-9a-f]+)/"', page.decode()).group(1)
    assert f'flet.fontFallbackBaseUrl = "/_v/{version}/assets/fonts/";' in page.decode()
    fonts = emoji_fonts()
    assert len({file for file, _ahead in fonts.values()}) > 10
    for rel, (file, _ahead) in fonts.items():
        status, headers, body = get(f"{server.url}_v/{version}/{rel}", **{"Accept-Encoding": "gzip"})
        assert status == 200 and body == file.read_bytes(), rel  # WOFF2 is compressed already
        assert headers["content-type"] == "font/woff2" and "immutable" in headers["cache-control"], rel


async def test_first_load_and_reload_on_the_wire(server):
    """What a phone moves: the first load under 6 MB, a reload (a normal browser, with its
    cache) under 100 kB, no request to another host (measured by chromium, as the bench does)."""
    from scorepad.devtools.web import _measure

    loads = await _measure(server.url, throttled=False)
    first, reload = loads["first_load"], loads["reload"]
    assert first["offhost_requests"] == 0 and reload["offhost_requests"] == 0, (first, reload)
    assert first["bytes"] < 6_000_000, first
    assert reload["bytes"] < 100_000, reload


async def test_a_request_to_another_host_an_error_in_the_page_or_in_the_servers_output_fails_the_test(server):
    """The browser tests' guards: what a page asks of another host is blocked and counted, an
    uncaught error in a page is counted, a traceback or ERROR line in a server's output is
    found (the autouse fixture in conftest.py fails the test then); a script from another host
    is asked of our server instead (the page's own guard, for Rive's runtime from a CDN); the
    phone at the network address has no secure context (Tab.open checks it)."""
    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tab = await Tab.open(chromium, server)
            await tab.at("new-evening").wait_for(state="attached", timeout=30000)
            assert browser_module.OFFHOST == []
            await tab.page.evaluate("() => fetch('http://example.invalid/x.json').catch(() => null)")
            assert browser_module.OFFHOST == ["http://example.invalid/x.json"]
            browser_module.OFFHOST.clear()  # counted, as it should be: not a failure of this test
            src = await tab.page.evaluate(
                "() => { const s = document.createElement('script');"
                " s.src = 'https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/wasm/rive_native.js';"
                " return s.src; }")
            assert src == server.url + "_offhost/cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/wasm/rive_native.js"
            assert await tab.page.evaluate("() => [isSecureContext, !!navigator.clipboard, !!navigator.share]") == [
                False, False, False]
            await tab.page.evaluate("() => { setTimeout(() => { throw new Error('kaputt'); }); }")
            for _ in range(50):
                if browser_module.PROBLEMS:
                    break
                await tab.page.wait_for_timeout(20)
            assert browser_module.PROBLEMS and "kaputt" in browser_module.PROBLEMS[0]
            browser_module.PROBLEMS.clear()
            assert server.failures() == []
            server.log += ["INFO a line that is fine", "ERROR flet: Unhandled error in 'on_click' handler",
                           "Traceback (most recent call last):", "ZeroDivisionError: kaputt"]
            assert server.failures()[-3:] == server.log[-3:]
            assert server.failures() == []  # each line is looked at once
        finally:
            await chromium.close()
