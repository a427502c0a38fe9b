"""The table app inside the phone's browser (Pyodide), as `scorepad static` builds it.

Python's files live in memory there and are gone on a reload. The store's folder is therefore
IndexedDB storage (Emscripten's IDBFS) mounted at /data: read once at start, written back after
every commit (store.AFTER_COMMIT). Two tabs of the same site would each hold a copy and write
over each other's: one tab at a time holds the store (a Web Lock held for the tab's life); a
second tab says so and waits until the first one is closed. There is no server here, so the
features that need one (PIN, other phones following live) are not shown (require_pin False).

This module runs only in Pyodide (it imports `js` and `pyodide`); `main.py` of the site starts it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

DATA_DIR = "/data"
DB_FILE = DATA_DIR + "/scorepad.db"
LOCK_NAME = "scorepad-store"
KEEP = ("Die Abende liegen nur in diesem Browser. Damit er sie nicht löscht, wenn der Platz knapp "
        "wird: scorepad zum Startbildschirm hinzufügen (im Menü des Browsers).")
NOT_KEPT = ("Achtung: Dieser Browser lässt scorepad nichts speichern (privates Fenster?). Die Abende "
            "sind nach dem Schließen weg: vorher über „Abend teilen (Datei)“ sichern.")
WAITING = ("scorepad ist in einem anderen Tab oder Fenster schon offen. Nur dort kann gerade "
           "geschrieben werden: schließe den anderen Tab, dann geht es hier weiter.")

HELPERS = r"""
globalThis.scorepadStore = {
  // true when this tab holds the store; with wait, only once it holds it
  lock(wait) {
    return new Promise((granted, failed) => {
      if (!navigator.locks) { granted(true); return; }
      navigator.locks.request(NAME, wait ? {} : { ifAvailable: true }, (lock) => {
        granted(lock !== null);
        return lock === null ? undefined : new Promise(() => {});  // held until the tab goes
      }).catch(failed);
    });
  },
  // the store's folder on IndexedDB, filled from what was saved there before
  mount(dir) {
    const FS = self.pyodide.FS;
    return new Promise((done, failed) => {
      try {
        FS.mkdirTree(dir);
        FS.mount(FS.filesystems.IDBFS, {}, dir);
      } catch (e) { failed(e); return; }
      FS.syncfs(true, (e) => e ? failed(e) : done(true));
    });
  },
  // at start, before Python imports the app (the browser reads IndexedDB meanwhile): the lock
  // and, with it, the store's folder; "other-tab", "mounted" or "not-kept" (no IndexedDB)
  claim(dir) {
    return this.lock(false).then((granted) => granted ? this.open(dir) : "other-tab");
  },
  // the store's folder mounted: "mounted", or "not-kept" where there is no IndexedDB
  open(dir) {
    return this.mount(dir).then(() => "mounted", () => "not-kept");
  },
  // write the folder back; one write at a time, a commit during a write asks for one more
  running: false, again: false, saved: 0,
  save() {
    if (this.running) { this.again = true; return; }
    this.running = true;
    self.pyodide.FS.syncfs(false, (e) => {
      if (e) console.error("scorepad: not written to the browser's storage", e);
      else this.saved += 1;
      this.running = false;
      if (this.again) { this.again = false; this.save(); }
    });
  },
};
""".replace("NAME", '"' + LOCK_NAME + '"')


# imported by sqlite-utils for what scorepad never calls (its convert recipes), and costly in
# the browser: made on first use instead (LazyImports)
LAZY = ("dateutil.parser",)


class LazyImports:
    """A finder that gives the modules `names` a LazyLoader (importlib.util): an import makes
    the module object at once and runs its code on first use of an attribute."""

    def __init__(self, names: tuple[str, ...] = LAZY):
        self.names = set(names)

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.names:  # first: asked for every module, importlib.util among them
            return None
        import importlib.util
        import sys

        sys.meta_path.remove(self)  # the spec as the other finders make it
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return None
        spec.loader = importlib.util.LazyLoader(spec.loader)
        return spec


def mark(name: str) -> None:
    """A phase of the start on the worker's performance timeline (python-worker.js's marks)."""
    import js

    js.performance.mark("scorepad:" + name)


def save() -> None:
    """After a commit: write the store's folder back to IndexedDB (runs in the background)."""
    import js

    js.scorepadStore.save()


COMPILED = "compiled/"  # the service worker keeps these (sw.js); python-worker.js starts from them
BUNDLE_ROOTS = ("main.py", "scorepad", "__pypackages__")


def _pyc(source: bytes, filename: str) -> bytes:
    """Bytecode of `source` that Python takes without looking at the source's date (the files
    are written anew on every start): an unchecked hash-based .pyc (PEP 552)."""
    from importlib import _bootstrap_external
    from importlib.util import source_hash

    code = compile(source, filename, "exec", dont_inherit=True)
    pyc: bytes = _bootstrap_external._code_to_hash_pyc(code, source_hash(source), False)  # type: ignore[attr-defined]
    return pyc


def compiled_stdlib(path: str) -> bytes:
    """Python's standard library zip (as Pyodide ships it: sources only) with each module's
    bytecode beside its source, where zipimport looks for it first."""
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data)
            if info.filename.endswith(".py"):
                try:
                    zout.writestr(info.filename[:-3] + ".pyc", _pyc(data, f"{path}/{info.filename}"))
                except SyntaxError:  # a file Python never imports (a test's bad example): left as it is
                    pass
    return out.getvalue()


def bundle(roots: tuple[str, ...] = BUNDLE_ROOTS) -> bytes:
    """Every file of the app under `roots` (relative to the working folder) and the bytecode of
    each module, in the format python-worker.js unpacks: a 4-byte length (little endian), a JSON
    list of [path, size], then the files' bytes in that order."""
    import json
    import os
    from importlib.util import cache_from_source

    files: list[tuple[str, bytes]] = []
    paths: list[str] = []
    for root in roots:
        if os.path.isfile(root):
            paths.append(root)
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            paths += [os.path.join(folder, name) for name in sorted(names)]
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        files.append((path, data))
        if path.endswith(".py"):
            try:
                files.append((cache_from_source(path), _pyc(data, os.path.abspath(path))))
            except SyntaxError:
                pass
    index = json.dumps([[p, len(d)] for p, d in files]).encode()
    return len(index).to_bytes(4, "little") + index + b"".join(d for _, d in files)


async def keep_compiled() -> None:
    """Python would compile its standard library, scorepad, flet and pydantic on every start
    (the files live in memory) and unpack the app archive: once, after the first start, a
    second Python (compile-worker.js, beside the app, so the app answers taps meanwhile; it has
    unpacked app.tar.xz as the app did) compiles them and hands them to the service worker
    (PUT compiled/...), which keeps them with this version of the site; every later start takes
    those (python-worker.js). The bundle last: a start needs both."""
    import sys

    from pyodide.http import pyfetch

    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    makers: tuple[tuple[str, Callable[[], bytes]], ...] = (
        ("python_stdlib.zip", lambda: compiled_stdlib(stdlib)), ("app.bundle", bundle))
    for name, make in makers:
        response = await pyfetch(COMPILED + name, method="PUT", body=make())
        if not response.ok:
            raise RuntimeError(f"{name} not kept: HTTP {response.status}")


# what the memory snapshot holds (prepare_snapshot): Flet's page, its theme and what the start
# screen shows, about 0.3 s of every start in the browser. Nothing that loads a WebAssembly
# library (pydantic-core, msgpack: Flet's messaging): a snapshot keeps Python's memory, not the
# libraries' code, and a call into one would fail
SNAPSHOT_FLET = ("Page", "Theme", "ThemeMode", "Colors", "Icons", "Row", "Column", "Container", "Text",
                 "FilledButton", "OutlinedButton", "TextButton", "Semantics", "ButtonStyle", "RoundedRectangleBorder",
                 "Padding", "FontWeight", "TextOverflow", "CrossAxisAlignment", "ScrollMode", "SharedPreferences",
                 "use_state", "use_ref", "use_effect", "component")
# and whatever else the start imports that needs neither pydantic-core nor msgpack: the store with
# sqlite-utils (click, pluggy, python-dateutil come along; SQLite is built into Pyodide), the
# refusals, the screens' widgets, the rest of Flet the page uses, pydantic's pure-Python
# helpers and the standard library modules the app layer imports. In the snapshot they cost a
# start nothing; their modules hold no state a start must renew
SNAPSHOT_MODULES = ("scorepad.store", "scorepad.errors", "scorepad.ui.widgets",
                    "flet.controls.object_patch", "flet.components.component_decorator", "flet.pubsub.pubsub_hub",
                    "flet.pubsub.pubsub_client", "flet.messaging.session_store",
                    "typing_extensions", "annotated_types", "typing_inspection.introspection",
                    "email.message", "email.utils", "fractions", "html", "importlib.metadata", "importlib.util",
                    "tomllib", "zipfile")


def prepare_snapshot() -> None:
    """Import what every start needs and a snapshot can keep (compile-worker.js then keeps this
    Python's memory); RuntimeError if a WebAssembly library came with it."""
    import importlib
    import sys

    import flet

    for name in SNAPSHOT_FLET:
        getattr(flet, name)
    for module in SNAPSHOT_MODULES:
        importlib.import_module(module)
    libraries = sorted(name for name, module in sys.modules.items()
                       if str(getattr(module, "__file__", None) or "").endswith(".so"))
    if libraries:
        raise RuntimeError(f"a snapshot cannot keep {', '.join(libraries)}")


async def open_store(claimed: str = "") -> Any:
    """The store's folder from IndexedDB (`claimed`: already "mounted", or "not-kept" where
    there is no IndexedDB), the app layer on its file; the page's entry point."""
    import js

    from scorepad import store
    from scorepad.ui.main import make_main
    from scorepad.ui.screens import start

    if not claimed:
        claimed = await js.scorepadStore.open(DATA_DIR)
    if claimed == "not-kept":  # no IndexedDB here (some private windows): the evenings last this visit only
        import os

        os.makedirs(DATA_DIR, exist_ok=True)
        if NOT_KEPT not in start.NOTES:
            start.NOTES.insert(0, NOT_KEPT)
    if save not in store.AFTER_COMMIT:
        store.AFTER_COMMIT.append(save)
    app_main = make_main(DB_FILE)  # opens (creates, upgrades) the file: written back at once
    save()
    return app_main


async def prepare() -> Any:
    """Before the page connects (Python starts while Flutter loads): the app's modules, and the
    store if this tab gets it at once; None if another tab holds it. The browser's own work
    (the lock, reading the store from IndexedDB, the storage's persistence) is asked for first
    and goes on while Python imports the app."""
    import js

    try:
        persisted = js.navigator.storage.persisted()
    except Exception:
        persisted = None
    claimed = js.scorepadStore.claim(DATA_DIR)

    import scorepad.ui.main  # noqa: F401  (the screens, the app layer, the games)
    from scorepad.ui.screens import start

    mark("app-imported")

    try:  # the browser keeps the site's data for good (asked for by the page): no hint
        kept = bool(await persisted) if persisted is not None else False
    except Exception:
        kept = False
    if not kept and KEEP not in start.NOTES:
        start.NOTES.append(KEEP)
    state = await claimed
    if state == "other-tab":
        return None
    app_main = await open_store(state)
    mark("store-open")
    return app_main


def run() -> None:
    """Start the app: the store while the page loads, Flet's Pyodide connection, and `main`
    once the page registers."""
    import asyncio
    import os
    import sys

    sys.meta_path.insert(0, LazyImports())
    # pydantic looks for plugins among the installed packages' entry points on its first model
    # (every dist-info read); the site ships none
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

    import flet as ft
    from pyodide.code import run_js

    mark("flet-imported")
    run_js(HELPERS)
    ready = asyncio.ensure_future(prepare())

    async def main(page: ft.Page) -> None:
        import js

        from scorepad.ui.widgets import tag

        mark("page-registered")
        page.title = "scorepad"
        app_main = await ready
        if app_main is None:
            page.add(ft.Container(tag(ft.Text(WAITING, size=18), "other-tab"), padding=24))
            page.update()
            await js.scorepadStore.lock(True)
            page.controls.clear()
            app_main = await open_store()
        await app_main(page)
        mark("first-screen-sent")

    ft.run(main)
