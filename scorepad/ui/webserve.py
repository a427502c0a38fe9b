"""The table app's web client, served for a phone on a pub's Wi-Fi: compressed, cached, and
nothing asked of any other host. The websocket is scorepad's own (ui/transport.py), and a request
that names no address of this machine is refused (ui/hosts.py).

Flet's web client (the flet-web package: Flutter's engine, the compiled app, fonts) is about
14 MB; served as Flet serves it, every byte goes uncompressed, without cache headers, and a
phone downloads the 8.5 MB `main.dart.wasm` again on a reload. Here uploads and OAuth stay
Flet's, under uvicorn, and Flet runs each phone's session behind scorepad's websocket
(ui/transport.py: the socket's address, Origin, limits); the files are served by `WebClient`:

- gzip, made once per file into a cache folder (`~/.cache/scorepad/web/<version>/`; the same
  bytes every time, so ETags stay valid) and sent to a browser that accepts it;
- everything but the page itself lives under `/_v/<version>/`, cached by the browser for good
  (`immutable`): the version changes whenever the files (the flet-web package) or what this
  module makes of them change. The page (`index.html`, any app route) is `no-cache`: asked again
  on every load, answered `304 Not Modified` by its ETag;
- fonts the app never uses (KaTeX, from Flet's Markdown maths, and Cupertino icons) are left out
  of Flutter's font manifest, so nothing loads them;
- emoji: Flutter draws a character no loaded font has with a Noto font it fetches when a text
  first needs one (`fontFallbackBaseUrl`); for emoji it asks for parts of "Noto Color Emoji",
  which flet-web does not ship. scorepad answers with the parts of its own colour emoji font
  (Twemoji, scorepad/fonts/emoji/, ui/emojifont.py): a phone loads a part only when a name on its
  screen has an emoji of it, nothing on a start without one;
- the compiled app asks a CDN for Rive's runtime (`rive_native.js`, animations scorepad does not
  show) by adding a `<script>` tag; the page redirects every script from another host to this
  server (`/_offhost/...`, answered 404: the same as offline, the app goes on without it).
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import mimetypes
import os
import tempfile
import threading
from email.utils import formatdate
from pathlib import Path

from scorepad.ui.emojifont import FALLBACK_FONTS, emoji_fonts
from scorepad.ui.hosts import OwnAddresses, lan_address
from scorepad.ui.printroute import PREFIX as PRINT_PREFIX
from scorepad.ui.printroute import serve_printed

REVISION = "3"  # bump when what this module serves changes for the same flet-web files
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
UNUSED_ASSETS = ("assets/packages/flutter_math_fork/", "assets/packages/cupertino_icons/")
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".html", ".otf", ".ttf", ".bin", ".css", ".txt", ".frag", ".map"}
# what a phone loads to start: compressed when the server starts, not when the first phone asks
BOOT_FILES = ("main.dart.wasm", "main.dart.mjs", "main.dart.js", "flutter_bootstrap.js", "python.js",
              "canvaskit/skwasm.js", "canvaskit/skwasm.wasm", "canvaskit/skwasm_heavy.js",
              "canvaskit/skwasm_heavy.wasm", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm",
              "canvaskit/chromium/canvaskit.js", "canvaskit/chromium/canvaskit.wasm",
              "assets/fonts/MaterialIcons-Regular.otf", "assets/AssetManifest.bin.json")
# Flet's own headers (flet_web.fastapi.app adds them to what it serves)
ISOLATION = [(b"cross-origin-opener-policy", b"same-origin"), (b"cross-origin-embedder-policy", b"require-corp"),
             (b"access-control-allow-origin", b"*")]

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/ttf", ".ttf")
mimetypes.add_type("font/woff2", ".woff2")

PAGE_SCRIPT = """<script>
  // scorepad (scorepad/ui/webserve.py): Flutter's files from a versioned path, cached for good
  flet.entrypointBaseUrl = "/_v/{version}/";
  flet.assetBase = "/_v/{version}/";
  flet.canvasKitBaseUrl = "/_v/{version}/canvaskit/";
  flet.fontFallbackBaseUrl = "/_v/{version}/{fallback}";
  // nothing from another host: a script from elsewhere (Rive's runtime from a CDN) is asked of
  // this server instead, which does not have it, as if offline
  (() => {{
    const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
    Object.defineProperty(HTMLScriptElement.prototype, "src", {{
      configurable: true, enumerable: src.enumerable,
      get() {{ return src.get.call(this); }},
      set(value) {{
        let url = null;
        try {{ url = new URL(value, document.baseURI); }} catch (e) {{}}
        const away = url && /^https?:$/.test(url.protocol) && url.origin !== location.origin;
        src.set.call(this, away ? "/_offhost/" + url.host + url.pathname : value);
      }},
    }});
  }})();
</script>
"""


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scorepad" / "web"


def _etag(stat: os.stat_result, extra: str = "") -> str:
    return f'"{stat.st_size:x}-{stat.st_mtime_ns:x}{extra}"'


def _accepts_gzip(headers: dict[bytes, bytes]) -> bool:
    for part in headers.get(b"accept-encoding", b"").decode("latin-1").split(","):
        name, _, q = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return q.strip().replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class WebClient:
    """The files of Flet's web client as scorepad serves them (see the module's text)."""

    def __init__(self, web_dir: str | os.PathLike[str], cache: Path | None = None, *, websocket_path: str = "/ws"):
        from flet_web import patch_index_html
        from flet_web.version import version as flet_web_version

        self.root = Path(web_dir).resolve()
        # files scorepad adds to the web client's folder: the emoji font's parts
        self.added = {rel: path for rel, (path, _ahead) in emoji_fonts().items()}
        marks = [flet_web_version, REVISION]
        for name in ("index.html", "main.dart.wasm", "main.dart.js", "flutter_bootstrap.js",
                     "assets/FontManifest.json", *sorted(self.added)):
            st = self.source(name).stat()
            marks.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
        self.version = hashlib.sha256("|".join(marks).encode()).hexdigest()[:12]
        self.gz_dir = self._usable(cache or cache_root()) / self.version
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()

        # the page: Flet's index.html as Flet patches it (no CDN), then scorepad's additions
        with tempfile.TemporaryDirectory() as folder:
            index = Path(folder) / "index.html"
            index.write_bytes((self.root / "index.html").read_bytes())
            from flet import RouteUrlStrategy, WebRenderer  # public names (ui/flet_private.py: the private ones)

            patch_index_html(index_path=str(index), base_href="/", websocket_endpoint_path=websocket_path,
                             web_renderer=WebRenderer.AUTO, route_url_strategy=RouteUrlStrategy.PATH,
                             no_cdn=True)
            page = index.read_text(encoding="utf-8")
        versioned = f"_v/{self.version}/"
        for ref in ('src="python.js"', 'src="flutter_bootstrap.js"', 'href="favicon.png"', 'href="manifest.json"',
                    'href="icons/', 'src="icons/'):
            attr, _, rest = ref.partition('="')
            page = page.replace(ref, f'{attr}="{versioned}{rest}')
        script = PAGE_SCRIPT.format(version=self.version, fallback=FALLBACK_FONTS)
        anchor = f'<script src="{versioned}python.js">'
        page = page.replace(anchor, script + "  " + anchor, 1) if anchor in page else page.replace(
            "</head>", script + "</head>", 1)
        # Flutter's font manifest without the unused fonts, with the Roboto Flet bundles (as Flet does with no CDN)
        fonts = json.loads((self.root / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
        fonts = [f for f in fonts if not any(font["asset"].startswith(tuple(p[len("assets/"):] for p in UNUSED_ASSETS))
                                             for font in f.get("fonts", []))]
        fonts.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
        self.made: dict[str, tuple[bytes, bytes, str]] = {}
        for name, body in (("index.html", page.encode()), ("assets/FontManifest.json", json.dumps(fonts).encode())):
            tag = hashlib.sha256(body).hexdigest()[:16]
            self.made[name] = (body, gzip.compress(body, 6, mtime=0), f'"{tag}"')

    def source(self, rel: str) -> Path:
        """The file served at `rel` (relative to the web folder): flet-web's, or one scorepad adds."""
        return self.added.get(rel) or self.root / rel

    @staticmethod
    def _usable(folder: Path) -> Path:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / f".probe-{os.getpid()}"
            probe.write_bytes(b"")
            probe.unlink()
            return folder
        except OSError:
            fallback = Path(tempfile.gettempdir()) / f"scorepad-web-{os.getuid() if hasattr(os, 'getuid') else 0}"
            fallback.mkdir(parents=True, exist_ok=True)
            return fallback

    # --- gzip, once per file ------------------------------------------------------------------

    def gz_file(self, rel: str) -> Path | None:
        """The gzip of the file `rel` in the cache folder (made now if missing); None if it cannot be made."""
        src = self.source(rel)
        dst = self.gz_dir / (rel + ".gz")
        st = src.stat()
        with self._locks_lock:
            lock = self._locks.setdefault(rel, threading.Lock())
        with lock:
            try:
                if dst.exists() and dst.stat().st_mtime_ns == st.st_mtime_ns:
                    return dst
                dst.parent.mkdir(parents=True, exist_ok=True)
                tmp = dst.with_name(f"{dst.name}.{os.getpid()}.{threading.get_ident()}.tmp")
                tmp.write_bytes(gzip.compress(src.read_bytes(), 6, mtime=0))
                os.utime(tmp, ns=(st.st_atime_ns, st.st_mtime_ns))
                os.replace(tmp, dst)
                return dst
            except OSError:
                return None

    def warm_up(self) -> threading.Thread:
        """Compress what a phone loads to start, in the background."""
        def run():
            for rel in BOOT_FILES:
                if (self.root / rel).is_file():
                    self.gz_file(rel)

        thread = threading.Thread(target=run, name="scorepad-gzip", daemon=True)
        thread.start()
        return thread

    # --- answering ----------------------------------------------------------------------------

    def resolve(self, path: str) -> tuple[str | None, bool]:
        """The file a path names (relative to the web folder, or one scorepad makes) and whether
        the browser may keep it for good; (None, False) for nothing."""
        rel = path.lstrip("/")
        immutable = False
        if rel.startswith("_v/"):
            _, version, rel = (rel.split("/", 2) + [""])[:3]
            immutable = version == self.version
        if rel.startswith("_offhost/") or any(rel.startswith(p) for p in UNUSED_ASSETS):
            return None, False
        if rel in self.made:
            return rel, immutable and rel != "index.html"
        if rel in self.added:
            return rel, immutable
        if rel:
            full = (self.root / rel).resolve()
            if full.is_relative_to(self.root) and full.is_file():
                return rel, immutable
        if os.path.splitext(rel)[1].lower() in ("", ".html"):  # an app route: the page
            return "index.html", False
        return None, False

    async def __call__(self, scope, receive, send) -> None:
        headers = dict(scope.get("headers") or [])
        rel, immutable = self.resolve(scope["path"])
        head = scope["method"] == "HEAD"
        if rel is None:
            body = b"Not found (scorepad serves everything the app needs from this machine)\n"
            await _respond(send, 404, [(b"content-type", b"text/plain; charset=utf-8"),
                                       (b"cache-control", REVALIDATE.encode())], body, head)
            return
        gz = _accepts_gzip(headers)
        ctype = (mimetypes.guess_type(rel)[0] or "application/octet-stream")
        if ctype.startswith("text/") or ctype in ("application/json", "text/javascript"):
            ctype += "; charset=utf-8"
        common = [(b"content-type", ctype.encode()), (b"cache-control", (IMMUTABLE if immutable else REVALIDATE).encode()),
                  (b"vary", b"accept-encoding"), *ISOLATION]
        if rel in self.made:
            plain, packed, etag = self.made[rel]
            body, tag = (packed, etag[:-1] + '-gz"') if gz else (plain, etag)
            extra = [(b"content-encoding", b"gzip")] if gz else []
            if _matches(headers, tag):
                await _respond(send, 304, [(b"etag", tag.encode()), *common[1:]], b"", True)
                return
            await _respond(send, 200, [*common, *extra, (b"etag", tag.encode())], body, head)
            return
        src = self.source(rel)
        st = src.stat()
        path, extra, tag = src, [], _etag(st)
        if gz and os.path.splitext(rel)[1].lower() in COMPRESSIBLE and st.st_size >= 1024:
            zipped = await asyncio.to_thread(self.gz_file, rel)
            if zipped is not None:
                path, extra, tag = zipped, [(b"content-encoding", b"gzip")], _etag(st, "-gz")
        if _matches(headers, tag):
            await _respond(send, 304, [(b"etag", tag.encode()), *common[1:]], b"", True)
            return
        size = path.stat().st_size
        await send({"type": "http.response.start", "status": 200, "headers": [
            *common, *extra, (b"etag", tag.encode()), (b"content-length", str(size).encode()),
            (b"last-modified", formatdate(st.st_mtime, usegmt=True).encode())]})
        if head:
            await send({"type": "http.response.body", "body": b""})
            return
        with open(path, "rb") as f:
            while True:
                chunk = f.read(256 * 1024)
                more = len(chunk) == 256 * 1024
                await send({"type": "http.response.body", "body": chunk, "more_body": more})
                if not more:
                    break


def _matches(headers: dict[bytes, bytes], tag: str) -> bool:
    wanted = headers.get(b"if-none-match", b"").decode("latin-1")
    return bool(wanted) and (wanted.strip() == "*" or tag in [t.strip().removeprefix("W/") for t in wanted.split(",")])


async def _respond(send, status: int, headers: list[tuple[bytes, bytes]], body: bytes, head: bool) -> None:
    if status != 304:
        headers = [*headers, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head or status == 304 else body})


class ScorepadWeb:
    """The ASGI app: the web client's files from `WebClient`; the websocket scorepad's own
    (ui/transport.py: Flet's session behind it); the pages a tournament's organiser prints
    (ui/printroute.py, /druck/...); uploads and OAuth (and anything but GET and HEAD) Flet's. A request whose Host names no address of this machine, and a websocket
    from another site's page, are refused (ui/hosts.py)."""

    def __init__(self, flet_app, client: WebClient, own: OwnAddresses | None = None, main=None,
                 flet_paths: tuple[str, ...] = ("/ws", "/upload", "/oauth_callback")):
        self.flet_app = flet_app
        self.client = client
        self.own = own
        self.main = main
        self.flet_paths = flet_paths
        if own is not None:  # what the organiser's screens show for the tables (ui/served.py)
            from scorepad.ui.served import set_phone_base

            set_phone_base(self.phone_address())

    async def __call__(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or self.own is None:
            await self.flet_app(scope, receive, send)
            return
        refusal = await self.own.refusal(dict(scope.get("headers") or []), websocket=kind == "websocket")
        if kind == "websocket":
            from scorepad.ui.transport import serve_socket

            if scope["path"] != "/ws":
                refusal = refusal or "path"
            await serve_socket(scope, receive, send, self.main, refusal)
        elif refusal is not None:
            await _respond(send, 403, [(b"content-type", b"text/plain; charset=utf-8"),
                                       (b"cache-control", REVALIDATE.encode())], HOST_REFUSED, scope["method"] == "HEAD")
        elif scope["method"] in ("GET", "HEAD") and scope["path"].startswith(PRINT_PREFIX) and self.main is not None:
            await serve_printed(scope, send, self.main.app, self.phone_address())
        elif scope["method"] in ("GET", "HEAD") and scope["path"] not in self.flet_paths:
            await self.client(scope, receive, send)
        else:
            await self.flet_app(scope, receive, send)


    def phone_address(self) -> str:
        """The address a phone opens (the table sheets' QR codes): the --host served on, or this
        machine's network address when it serves on every interface."""
        own = self.own
        host = own.host if own is not None and own.host else lan_address()
        return f"http://{f'[{host}]' if ':' in host else host}:{own.port if own is not None else 8550}/"


HOST_REFUSED = ("Diese Adresse gehört nicht zu diesem Rechner: scorepad antwortet nur unter der Adresse, "
                "die es beim Start zeigt.\n(Refused: the Host names no address of this machine.)\n").encode()


def make_asgi_app(main, host: str = "127.0.0.1", port: int = 8550) -> ScorepadWeb:
    """The table app `main` (a Flet app function) as an ASGI app for uvicorn, serving on
    `host`:`port`."""
    import flet_web.fastapi as flet_fastapi
    from flet_web import get_package_web_dir

    return ScorepadWeb(flet_fastapi.app(main, no_cdn=True), WebClient(get_package_web_dir()),
                       OwnAddresses(host, port), main)


def run(main, host: str, port: int) -> None:
    """Serve until interrupted (Ctrl-C, SIGTERM)."""
    import uvicorn

    app = make_asgi_app(main, host, port)
    app.client.warm_up()
    config = uvicorn.Config(app, host=host, port=port, log_level="error", access_log=False,
                            ws="websockets-sansio", timeout_graceful_shutdown=3)
    uvicorn.Server(config).run()
