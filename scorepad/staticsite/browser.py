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


def save() -> None:
    """After a commit: write the store's folder back to IndexedDB (runs in the background)."""
    import js  # type: ignore[import-not-found]

    js.scorepadStore.save()


BYTECODE = "app-pyc.tar"
BYTECODE_CHECKS_S = (8, 30, 90, 300)  # after the start: keep what was compiled since


def _compiled() -> list[str]:
    import os

    found = []
    for folder in ("scorepad", "__pypackages__"):
        for root, dirs, names in os.walk(folder):
            if root.endswith("__pycache__"):
                found += [os.path.join(root, n) for n in names if n.endswith(".pyc")]
    return sorted(found)


async def keep_bytecode() -> None:
    """Python compiles scorepad, flet and pydantic on every start (the files live in memory):
    the bytecode compiled so far is handed to the service worker (PUT app-pyc.tar), which
    keeps it with this version of the site; the next start unpacks it first
    (python-worker.js). Checked a few times after the start, as screens import more."""
    import asyncio
    import io
    import tarfile

    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    kept = 0
    for wait in BYTECODE_CHECKS_S:
        await asyncio.sleep(wait)
        files = _compiled()
        if len(files) <= kept:
            continue
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w") as tar:
            for name in files:
                tar.add(name)
        try:
            response = await pyfetch(BYTECODE, method="PUT", body=buf.getvalue())
            if response.ok:
                kept = len(files)
        except Exception:  # no service worker (a browser without one): compiled again next time
            return


async def open_store():
    """The store's folder from IndexedDB, the app layer on its file; the page's entry point."""
    import js  # type: ignore[import-not-found]

    from scorepad import store
    from scorepad.ui.main import make_main

    from scorepad.ui.screens import start

    try:
        await js.scorepadStore.mount(DATA_DIR)
    except Exception:  # no IndexedDB here (some private windows): the evenings last this visit only
        import os

        os.makedirs(DATA_DIR, exist_ok=True)
        if NOT_KEPT not in start.NOTES:
            start.NOTES.insert(0, NOT_KEPT)
    if save not in store.AFTER_COMMIT:
        store.AFTER_COMMIT.append(save)
    app_main = make_main(DB_FILE)  # opens (creates, upgrades) the file: written back at once
    save()
    return app_main


async def prepare():
    """Before the page connects (Python starts while Flutter loads): the app's modules, and the
    store if this tab gets it at once; None if another tab holds it."""
    import js  # type: ignore[import-not-found]

    import scorepad.ui.main  # noqa: F401  (the screens, the app layer, the games)

    from scorepad.ui.screens import start

    try:  # the browser keeps the site's data for good (asked for by the page): no hint
        kept = bool(await js.navigator.storage.persisted())
    except Exception:
        kept = False
    if not kept and KEEP not in start.NOTES:
        start.NOTES.append(KEEP)
    if not await js.scorepadStore.lock(False):
        return None
    return await open_store()


def run() -> None:
    """Start the app: the store while the page loads, Flet's Pyodide connection, and `main`
    once the page registers."""
    import asyncio

    import flet as ft
    from pyodide.code import run_js  # type: ignore[import-not-found]

    run_js(HELPERS)
    ready = asyncio.ensure_future(prepare())

    async def main(page) -> None:
        import js  # type: ignore[import-not-found]

        from scorepad.ui.widgets import tag

        page.title = "scorepad"
        app_main = await ready
        if app_main is None:
            page.add(ft.Container(tag(ft.Text(WAITING, size=18), "other-tab"), padding=24))
            page.update()
            await js.scorepadStore.lock(True)
            page.controls.clear()
            app_main = await open_store()
        await app_main(page)
        asyncio.ensure_future(keep_bytecode())

    ft.run(main)
