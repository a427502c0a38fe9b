// scorepad's Python worker (scorepad/staticsite/python-worker.js, in place of flet-web's): starts
// Pyodide, puts scorepad and its packages into Python's file system and runs main.py, which
// starts Flet's Pyodide connection (flet/messaging/pyodide_connection.py: flet_js.start_connection,
// flet_js.send, flet_js.documentUrl). Messages to and from the page as in flet-web 1.0.5's worker.
//
// The first start on a phone takes Python's standard library as Pyodide ships it (sources only,
// compiled on every start) and the app as app.tar.xz (sources). Once the app is up, a second
// Python beside it (compile-worker.js, started by python.js) compiles both and hands them to the
// service worker (scorepad/staticsite/browser.py, keep_compiled): the standard library as a zip
// with its bytecode, the app as one bundle of every file with its bytecode; then a third Python
// starts from those, imports Flet's page and theme and is kept as a memory snapshot (Python's
// memory as it is then). Every later start takes those: nothing is compiled, nothing unpacked
// from an archive, and Python and Flet's page need not start or import again (a snapshot kept
// empty: this browser could not make one, the starts go on without). Should they fail to start
// Python, they are dropped and the start repeated from the shipped files.
import { unpackBundle } from "./bundle.js";

// the start's phases on the worker's performance timeline (silent; `scorepad bench --web` reads them)
const mark = (name) => { try { performance.mark("scorepad:" + name); } catch (e) { } };
mark("worker");

self.flet_js = {};
self.initialized = false;

const COMPILED = "compiled/";
const STDLIB = "python_stdlib.zip";
const BUNDLE = "app.bundle";
const SNAPSHOT = "python.snapshot";

// whether the service worker keeps that compiled file (a HEAD: its bytes are read by whoever needs them)
async function kept(name) {
    try {
        return (await fetch(COMPILED + name, { method: "HEAD" })).ok;
    } catch (e) {
        return false;
    }
}

async function compiled(name) {
    try {
        const r = await fetch(COMPILED + name);
        if (r.ok) return new Uint8Array(await r.arrayBuffer());
    } catch (e) { }
    return null;
}

async function forget() {
    try { await fetch(COMPILED, { method: "DELETE" }); } catch (e) { }
}

const BOOT = `
import os, sys
import flet_js

sys.dont_write_bytecode = True  # the compiled files are made once, whole (keep_compiled)
if flet_js.started_from == "snapshot":
    import importlib
    import random

    importlib.invalidate_caches()  # the app's files were written after the snapshot was made
    random.seed()  # else every start would draw what the snapshot's generator drew
if flet_js.started_from == "shipped":
    from pyodide.http import pyfetch

    response = await pyfetch(flet_js.appPackageUrl)
    if not response.ok:
        raise RuntimeError(f"app archive: HTTP {response.status} {flet_js.appPackageUrl}")
    await response.unpack_archive(format="xztar")
for folder in (os.path.abspath("__pypackages__"), os.getcwd()):  # a snapshot has them already
    if folder not in sys.path:
        sys.path.insert(0, folder)

import runpy
runpy.run_module("main", run_name="__main__")
`;

// Pyodide restores a snapshot into the memory its module starts with (30 MB) and does not grow
// it: the module is made here as Pyodide would make it, and given room for the snapshot first (blocks
// taken and given back; the restore then writes the whole heap, the allocator's too)
function roomy(pyodideUrl, size) {
    return async (settings) => {
        const create = (await import(pyodideUrl.replace(/pyodide\.mjs$/, "pyodide.asm.mjs"))).default;
        const module = await create(settings);
        const blocks = [];  // taken a megabyte at a time until the memory has grown enough
        while (module.HEAP8.length < size) {
            const block = module._malloc(1 << 20);
            if (!block) throw new Error("no room for the snapshot");
            blocks.push(block);
        }
        for (const block of blocks) module._free(block);
        return module;
    };
}

// Python up and main.py run: with the compiled standard library if `stdlib` (its URL), from the
// bundle if `bundle` (a promise of its bytes, read while Pyodide starts) gives one, from the
// memory snapshot if `snapshot` (a promise of its bytes) gives any; otherwise from the shipped files
async function boot(loadPyodide, data, stdlib, bundle, snapshot) {
    const options = { stdout: (t) => console.log(t), stderr: (t) => console.error(t) };
    if (stdlib) options.stdLibURL = stdlib;
    const memory = snapshot ? await snapshot : null;  // read while Pyodide's module is compiled
    if (memory && memory.length) {
        options._loadSnapshot = memory;
        options.createPyodideModule = roomy(data.pyodideUrl, memory.length);
    }
    mark("pyodide-module");
    const pyodide = await loadPyodide(options);
    mark(memory && memory.length ? "python-up-from-snapshot" : "python-up");
    const bytes = await bundle;
    if (bytes) unpackBundle(pyodide.FS, bytes, pyodide.FS.cwd());
    mark("app-files");
    self.pyodide = pyodide;
    delete flet_js.start_connection;
    delete flet_js.send;
    flet_js.documentUrl = data.documentUrl;
    flet_js.args = data.args;
    flet_js.appPackageUrl = data.appPackageUrl;
    flet_js.started_from = !bytes ? "shipped" : options._loadSnapshot ? "snapshot" : "bundle";
    pyodide.registerJsModule("flet_js", flet_js);
    await pyodide.runPythonAsync(BOOT);
    mark("main-py");
    if (typeof flet_js.start_connection !== "function") throw new Error("main.py did not start Flet");
}

async function start(data) {
    // asked for at once: Pyodide starts as soon as its module is in, the kept files are read
    // meanwhile; Pyodide's big module (which loadPyodide imports) is fetched and compiled meanwhile too
    import(data.pyodideUrl.replace(/pyodide\.mjs$/, "pyodide.asm.mjs")).catch(() => { });
    const [{ loadPyodide }, stdlib] = await Promise.all([import(data.pyodideUrl), kept(STDLIB)]);
    let up = false;
    if (stdlib) {
        try {  // the snapshot is read whole or not at all: compiled() gives null where none is kept
            await boot(loadPyodide, data, COMPILED + STDLIB, compiled(BUNDLE), compiled(SNAPSHOT));
            up = true;
        } catch (error) {
            console.error("scorepad: the compiled files do not start, starting from the shipped ones", error);
            await forget();
        }
    }
    if (!up) await boot(loadPyodide, data, null, null, null);
    await flet_js.start_connection(self.receiveCallback);
    mark("connected");
    self.postMessage("initialized");
}

self.receiveCallback = (message) => {
    const bytes = message.toJs();
    self.postMessage(bytes, [bytes.buffer]);
};

self.onmessage = async (event) => {
    if (!self.initialized) {
        self.initialized = true;
        try {
            await start(event.data);
        } catch (error) {
            self.postMessage(error.toString());
        }
    } else if (typeof flet_js.send === "function") {
        if (!self.received) {
            self.received = true;
            mark("python-first-message");
        }
        flet_js.send(event.data);
    } else {
        console.error("scorepad: a message for Python before it started");
    }
};
