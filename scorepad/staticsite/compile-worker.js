// scorepad's compiler (scorepad/staticsite/compile-worker.js): once, after the app's first start
// on a phone, a second Python beside the app's (so the app answers taps meanwhile) unpacks the
// app archive as the app did, compiles Python's standard library and the app, and hands both
// to the service worker, which keeps them (scorepad/staticsite/browser.py, keep_compiled). Then
// a third Python starts from those, imports Flet's page and theme (browser.prepare_snapshot) and
// hands its memory to the service worker too (a Pyodide memory snapshot). python.js starts it;
// python-worker.js starts from what it kept.
import { unpackBundle } from "./bundle.js";

const COMPILE = `
import sys
from pyodide.http import pyfetch

response = await pyfetch(app_package_url)
if not response.ok:
    raise RuntimeError(f"app archive: HTTP {response.status}")
await response.unpack_archive(format="xztar")
sys.path.insert(0, "__pypackages__")
sys.path.insert(0, ".")

from scorepad.staticsite.browser import keep_compiled

await keep_compiled()
`;

const SNAPSHOT = `
import os, sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.abspath("__pypackages__"))
sys.path.insert(0, os.getcwd())

from scorepad.staticsite.browser import prepare_snapshot

prepare_snapshot()
`;

const output = { stdout: (t) => console.log(t), stderr: (t) => console.error(t) };

async function keepSnapshot(loadPyodide) {
    const bundle = await fetch("compiled/app.bundle");
    if (!bundle.ok) throw new Error("compiled/app.bundle: HTTP " + bundle.status);
    const pyodide = await loadPyodide({ ...output, stdLibURL: "compiled/python_stdlib.zip", _makeSnapshot: true });
    unpackBundle(pyodide.FS, new Uint8Array(await bundle.arrayBuffer()), pyodide.FS.cwd());
    pyodide.runPython(SNAPSHOT);
    const kept = await fetch("compiled/python.snapshot", { method: "PUT", body: pyodide.makeMemorySnapshot() });
    if (!kept.ok) throw new Error("python.snapshot not kept: HTTP " + kept.status);
}

self.onmessage = async (event) => {
    try {
        const { loadPyodide } = await import(event.data.pyodideUrl);
        if (!(await fetch("compiled/app.bundle", { method: "HEAD" })).ok) {  // else only the snapshot is missing
            const pyodide = await loadPyodide(output);
            pyodide.globals.set("app_package_url", event.data.appPackageUrl);
            await pyodide.runPythonAsync(COMPILE);
        }
        try {
            await keepSnapshot(loadPyodide);
        } catch (error) {  // kept empty: the starts go on from the compiled files, and it is not tried again
            await fetch("compiled/python.snapshot", { method: "PUT", body: new Uint8Array(0) });
            throw error;
        }
        self.postMessage("compiled");
    } catch (error) {
        self.postMessage("not compiled: " + error);
    }
};
