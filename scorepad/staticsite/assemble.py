"""`scorepad static OUTDIR` (build): assembles the static site; see the package's docstring
(scorepad/staticsite/__init__.py) for what goes in and why."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import lzma
import mimetypes
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from importlib.metadata import requires, version
from pathlib import Path
from typing import Any

from scorepad.staticsite.prune import metadata_head, package_file_kept, pruned_stdlib
from scorepad.staticsite.slim import slim
from scorepad.ui.emojifont import FALLBACK_FONTS, emoji_fonts

PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"
# what scorepad imports in the browser (Pillow, the PNG picture, has no WebAssembly wheel: the
# PNG export is not offered there); versions: those installed here, so the browser runs what the
# tests ran
PACKAGES = ("flet", "flet-charts", "repath", "msgpack", "pydantic", "pydantic-core", "typing-extensions",
            "typing-inspection", "annotated-types", "sqlite-utils", "sqlite-fts4", "click", "click-default-group",
            "tabulate", "python-dateutil", "six", "pluggy", "platformdirs")
# flet-web's files scorepad never loads
SKIP = ("flutter.js.map", "canvaskit/wimp",
        "canvaskit/experimental_webparagraph/", "assets/NOTICES", "assets/packages/flutter_math_fork/",
        "assets/packages/cupertino_icons/", "assets/packages/media_kit/", "pyodide/python.", "pyodide/python_cli", "pyodide/micropip-", "pyodide/packaging-",
        "pyodide/ffi.d.ts", "pyodide/pyodide.d.ts", "pyodide/pyodide.js", "pyodide/package.json")
SKIP_SUFFIX = (".symbols", ".map")
# in the app archive: not needed in the browser
APP_SKIP = ("__pycache__", "scorepad/devtools", "scorepad/fonts", "scorepad/staticsite/sw.js",
            "scorepad/staticsite/python.js", "scorepad/staticsite/python-worker.js",
            "scorepad/staticsite/compile-worker.js", "scorepad/staticsite/bundle.js", "scorepad/staticsite/brotli")
PACKAGE_SKIP = ("__pycache__", "flet/cli", "bin/")
COMPRESS = {".js", ".mjs", ".wasm", ".json", ".otf", ".ttf", ".bin", ".frag", ".html", ".zip"}  # not .xz
# a file at least this big ships as brotli (NAME.br, about a fifth smaller than gzip on these
# files) where the build has Python's brotli package; the service worker unpacks it with
# Google's brotli decoder (brotli/decode.min.js, MIT, shipped as DECODER, itself gzipped)
BROTLI_MIN = 100_000
DECODER = "brotli-decode.js"
HERE = Path(__file__).resolve().parent
# the two builds of the Flutter client and their renderers: a browser always takes the same one
# (Chromium: the Wasm build with skwasm; others: JavaScript with CanvasKit), cached when it first
# asks for it; the service worker does not fetch the others ahead
VARIANTS = ("main.dart.", "canvaskit/")

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/ttf", ".ttf")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("application/gzip", ".gz")
mimetypes.add_type("application/x-xz", ".xz")
APP_ARCHIVE = "app.tar.xz"  # xz: a third smaller than gzip; Python unpacks it (its lzma module)
STDLIB = "pyodide/python_stdlib.zip"

BOOT = """<script>
  // scorepad (scorepad/staticsite): the service worker first, so that every file comes from the
  // browser's cache (offline too); then Flutter. Ask the browser to keep this site's data.
  (() => {
    const start = () => {
      if (start.done) return;
      start.done = true;
      if (flet.startPython) flet.startPython();  // Python boots while Flutter loads
      const s = document.createElement("script");
      s.src = "flutter_bootstrap.js";
      s.async = true;
      document.body.appendChild(s);
    };
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    if (!("serviceWorker" in navigator)) { start(); return; }
    if (navigator.serviceWorker.controller) { start(); }
    else {
      navigator.serviceWorker.addEventListener("controllerchange", start, { once: true });
      navigator.serviceWorker.register("flutter_service_worker.js?v=__SW_VERSION__").catch(start);
      setTimeout(start, 8000);
    }
    // once the app is up, the worker fetches the files this browser has not needed yet
    window.addEventListener("flutter-first-frame", () => {
      performance.mark("scorepad:flutter-first-frame");  // the start's phases (scorepad bench --web)
      setTimeout(() => {
        navigator.serviceWorker.ready.then((r) => r.active && r.active.postMessage("fill-cache"));
      }, 15000);
    }, { once: true });
  })();
</script>
"""
# a script from another host (the compiled app asks a CDN for Rive's runtime) is asked of this
# site instead, which does not have it: the same as offline (as scorepad/ui/webserve.py does)
NO_OFFHOST = """<script>
  (() => {
    const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
    Object.defineProperty(HTMLScriptElement.prototype, "src", {
      configurable: true, enumerable: src.enumerable,
      get() { return src.get.call(this); },
      set(value) {
        let url = null;
        try { url = new URL(value, document.baseURI); } catch (e) {}
        const away = url && /^https?:$/.test(url.protocol) && url.origin !== location.origin;
        src.set.call(this, away ? "_offhost/" + url.host + url.pathname : value);
      },
    });
  })();
</script>
"""
MAIN_PY = "from scorepad.staticsite.browser import run\n\nrun()\n"
def flet_web_dir() -> Path:
    import flet_web

    return Path(flet_web.__file__).resolve().parent / "web"


def _skipped(rel: str) -> bool:
    return rel.startswith(SKIP) or rel.endswith(SKIP_SUFFIX) or rel == "pyodide/python"


def _icons() -> dict[str, bytes]:
    """scorepad's icon (scorepad/ui/assets/icon.png) in the sizes the page and the home screen use."""
    from PIL import Image

    icon = Image.open(HERE.parent / "ui" / "assets" / "icon.png").convert("RGB")
    out = {}
    for name, size in (("favicon.png", 32), ("icons/apple-touch-icon-192.png", 192), ("icons/icon-192.png", 192),
                       ("icons/icon-512.png", 512), ("icons/icon-maskable-192.png", 192),
                       ("icons/icon-maskable-512.png", 512), ("icons/loading-animation.png", 200)):
        buf = io.BytesIO()
        icon.resize((size, size), Image.Resampling.LANCZOS).save(buf, "PNG", optimize=True)
        out[name] = buf.getvalue()
    return out


def pinned_packages() -> list[str]:
    """name==version of every package the browser needs, as installed here; pydantic-core as
    pydantic requires it."""
    pins = []
    for name in PACKAGES:
        if name == "pydantic-core":
            pin = next((r.split(";")[0].strip() for r in requires("pydantic") or [] if r.startswith("pydantic-core")), None)
            pins.append(pin or name)
            continue
        pins.append(f"{name}=={version(name)}")
    return pins


def install_packages(target: Path, wheels: Path | None = None) -> None:
    """The dependencies for Pyodide's platform into `target` (pip: wheels only, no dependencies
    resolved; `wheels`: a folder of wheels to use instead of the package index)."""
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
           "--only-binary=:all:", "--platform", PYODIDE_PLATFORM, "--python-version", PYODIDE_PYTHON,
           "--implementation", "cp", "--target", str(target)]
    if wheels is not None:
        cmd += ["--no-index", "--find-links", str(wheels)]
    result = subprocess.run(cmd + pinned_packages(), capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("pip could not get the packages for the browser:\n" + result.stderr[-2000:])


def _tree(folder: Path, arcname: str, skip: tuple[str, ...], packages: bool = False) -> list[tuple[str, bytes]]:
    """(path in the archive, bytes) of the files under `folder` the site ships; `packages`: the
    dependencies, without what no import reaches (prune.package_file_kept)."""
    out = []
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        full = f"{arcname}/{rel}" if arcname else rel
        if any(part in skip for part in path.relative_to(folder).parts) or full.startswith(skip) or rel.startswith(skip):
            continue
        if path.is_file() and not path.suffix == ".pyc" and (not packages or package_file_kept(rel)):
            data = path.read_bytes()
            if packages and rel.endswith(".dist-info/METADATA"):
                data = metadata_head(data)
            out.append((full, slim(data, full) if full.endswith(".py") else data))
    return out


def app_files(packages: Path) -> list[tuple[str, bytes]]:
    """What the app archive holds: main.py, scorepad, rulesets and __pypackages__."""
    import scorepad
    from scorepad.tables import builtin_dir

    return ([("main.py", MAIN_PY.encode())] + _tree(Path(scorepad.__file__).resolve().parent, "scorepad", APP_SKIP)
            + _tree(builtin_dir(), "scorepad/rulesets", ()) + _tree(packages, "__pypackages__", PACKAGE_SKIP, True))


def app_archive(files: list[tuple[str, bytes]]) -> bytes:
    """app.tar.xz of `files` (the same bytes for the same files)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return lzma.compress(buf.getvalue(), preset=9 | lzma.PRESET_EXTREME)


def _stdlib(web: Path, shipped: list[tuple[str, bytes]], scripts: list[bytes]) -> bytes:
    """Pyodide's standard library without what nothing that runs in the site imports (prune.py):
    the app's files and the site's scripts (Python in their strings) say what they import; the
    compiled code (Pyodide, the packages' WebAssembly libraries) is searched for module names."""
    sources = [(name, data) for name, data in shipped if name.endswith(".py")]
    sources += [("", data) for data in scripts]
    binaries = [data for name, data in shipped if name.endswith(".so")]
    binaries += [(web / "pyodide" / name).read_bytes() for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs")]
    return pruned_stdlib(str(web / STDLIB), sources, binaries, slim)


def _page(web: Path, sw_version: str) -> str:
    from flet import RouteUrlStrategy, WebRenderer
    from flet_web import patch_index_html

    with tempfile.TemporaryDirectory() as folder:
        index = Path(folder) / "index.html"
        shutil.copyfile(web / "index.html", index)
        patch_index_html(index_path=str(index), base_href="/", pyodide=True, pyodide_script_path="main.py",
                         pyodide_version=version("flet-web"), app_package_url=APP_ARCHIVE,
                         web_renderer=WebRenderer.AUTO, route_url_strategy=RouteUrlStrategy.HASH,
                         no_cdn=True, app_name="scorepad", app_description="Spielabende mitschreiben")
        page = index.read_text(encoding="utf-8")
    # a bare "pyodide/..." is no valid module specifier for import(); everything relative to the page
    page = re.sub(r'flet\.pyodideUrl="[^"]*";', 'flet.pyodideUrl="./pyodide/pyodide.mjs";', page)
    page = page.replace('<base href="/">', '<base href="./">')
    for key in ("entrypointBaseUrl", "assetBase"):
        page = re.sub(rf'flet\.{key}="[^"]*";', f'flet.{key}="./";', page)
    page = re.sub(r'flet\.canvasKitBaseUrl="[^"]*";', 'flet.canvasKitBaseUrl="canvaskit/";', page)
    page = page.replace('<script src="flutter_bootstrap.js" async></script>', BOOT.replace("__SW_VERSION__", sw_version))
    page = page.replace('<script src="python.js"></script>', NO_OFFHOST + '  <script src="python.js"></script>')
    return page.replace('content="Flet"', 'content="scorepad"').replace('content="Flet application."', 'content="scorepad"')


def brotli_available() -> bool:
    """Whether this Python has the brotli package (`pip install brotli`; else gzip only)."""
    try:
        import brotli  # noqa: F401
    except ImportError:
        return False
    return True


def brotli_packed(data: bytes) -> bytes:
    """`data` as brotli at its best (quality 11, 16 MB window): about 25 s for Pyodide's 9.6 MB,
    so kept in the user's cache folder by the data's hash (flet-web's files do not change)."""
    import brotli
    from platformdirs import user_cache_dir

    kept = Path(user_cache_dir("scorepad")) / "static-brotli" / (hashlib.sha256(data).hexdigest() + ".br")
    if kept.is_file():
        return kept.read_bytes()
    packed: bytes = brotli.compress(data, quality=11, lgwin=24)
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(packed)
    except OSError:
        pass
    return packed


def decoder() -> bytes:
    """Google's brotli decoder for the service worker (a function body that returns
    BrotliDecode), under its licence."""
    licence = (HERE / "brotli" / "LICENSE").read_text(encoding="utf-8")
    code = (HERE / "brotli" / "decode.min.js").read_text(encoding="utf-8")
    code = code.replace("export let BrotliDecode=", "let BrotliDecode=", 1)
    return (f"/* Brotli decoder: js/decode.min.js of Google's brotli repository (commit 8e10eeb)\n{licence}*/\n{code}\n"
            "return BrotliDecode;\n").encode()


def build(outdir: str | Path, wheels: str | Path | None = None) -> dict[str, Any]:
    """Write the site into `outdir` (made if missing; files of an earlier build are replaced).
    Returns what was written: files, bytes, and what a first visit moves (the brotli and gzip siblings)."""
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    web = flet_web_dir()
    bootstrap = (web / "flutter_bootstrap.js").read_text(encoding="utf-8")
    found = re.search(r'serviceWorkerVersion:\s*"([^"]+)"', bootstrap)
    sw_version = found.group(1) if found else "1"
    files: dict[str, bytes] = {}
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web).as_posix()
        if path.is_file() and not _skipped(rel) and rel not in ("index.html", "flutter_service_worker.js"):
            files[rel] = path.read_bytes()
    fonts = [f for f in json.loads(files["assets/FontManifest.json"]) if not any(
        ("assets/" + font["asset"]).startswith(SKIP) for font in f.get("fonts", []))]
    fonts.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    files["assets/FontManifest.json"] = json.dumps(fonts).encode()
    # the colour emoji's files (ui/emojifont.py), each once, in assets/fonts/; the paths Flutter's
    # fallback asks for (many for one file) are the service worker's aliases of them
    later = set()  # fetched only when the page asks (the service worker does not fill them in ahead)
    aliases: dict[str, str] = {}
    for rel, (path, ahead) in emoji_fonts().items():
        font = FALLBACK_FONTS + path.name
        files[font] = path.read_bytes()
        aliases[rel] = font
        if not ahead:
            later.add(font)
    manifest = json.loads(files["manifest.json"])
    manifest.update(name="scorepad", short_name="scorepad", description="Spielabende mitschreiben",
                    theme_color="#2E7D32", start_url="./")
    files["manifest.json"] = json.dumps(manifest, indent=2, ensure_ascii=False).encode()
    files.update(_icons())
    files["index.html"] = _page(web, sw_version).encode()
    for name in ("python.js", "python-worker.js", "compile-worker.js", "bundle.js"):
        files[name] = (HERE / name).read_bytes()
    with tempfile.TemporaryDirectory() as folder:
        install_packages(Path(folder), Path(wheels) if wheels else None)
        shipped = app_files(Path(folder))
    files[APP_ARCHIVE] = app_archive(shipped)
    files[STDLIB] = _stdlib(web, shipped, [files[n] for n in ("python-worker.js", "compile-worker.js")])
    can_brotli = brotli_available()
    if can_brotli:
        files[DECODER] = decoder()

    # the brotli or gzip sibling of every file that shrinks; the service worker fetches those
    listing: dict[str, list[Any]] = {}
    written: dict[str, bytes] = {}
    for rel, data in files.items():
        kind = mimetypes.guess_type(rel)[0] or "application/octet-stream"
        if rel.endswith(".tar.gz"):
            kind = "application/gzip"
        if rel.endswith(".tar.xz"):
            kind = "application/x-xz"
        gz = None
        if Path(rel).suffix in COMPRESS and len(data) > 1024:
            big = can_brotli and len(data) >= BROTLI_MIN and rel != DECODER
            packed = brotli_packed(data) if big else gzip.compress(data, 9, mtime=0)
            if len(packed) < 0.9 * len(data):
                gz = rel + (".br" if big else ".gz")
                written[gz] = packed
        listing[rel] = [kind, gz, rel.startswith(VARIANTS) or rel in later]
        written[rel] = data
    for rel, font in aliases.items():
        listing[rel] = [listing[font][0], None, True, font]
    digest = hashlib.sha256()
    for rel in sorted(written):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(written[rel]).digest())
    site_version = digest.hexdigest()[:16]
    sw = (HERE / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace("__VERSION__", site_version).replace("__FILES__", json.dumps(listing, indent=1, sort_keys=True))
    written["flutter_service_worker.js"] = sw.encode()

    for rel, data in written.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
    shipped_files = sorted(rel for rel, entry in listing.items() if len(entry) < 4)  # not the aliases
    (out / "scorepad-static.json").write_text(json.dumps({"version": site_version, "files": shipped_files}, indent=1))
    wire = sum(len(written[entry[1] or rel]) for rel, entry in listing.items() if len(entry) < 4)
    return {"outdir": str(out), "version": site_version, "files": len(shipped_files),
            "bytes": sum(len(files[r]) for r in files), "compressed_bytes_all_files": wire,
            "app_archive_bytes": len(files[APP_ARCHIVE]), "stdlib_bytes": len(files[STDLIB])}
