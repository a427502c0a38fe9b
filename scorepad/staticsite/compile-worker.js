// scorepad's compiler (scorepad/staticsite/compile-worker.js): once, after the app's first start
// on a phone, a second Python beside the app's (so the app answers taps meanwhile) unpacks the
// app archive as the app did, compiles Python's standard library and the app, and hands both
// to the service worker, which keeps them (scorepad/staticsite/browser.py, keep_compiled).
// python.js starts it; python-worker.js starts from what it kept.
const COMPILE = `
import sys
from pyodide.http import pyfetch

response = await pyfetch(app_package_url)
if not response.ok:
    raise RuntimeError(f"app archive: HTTP {response.status}")
await response.unpack_archive(format="gztar")
sys.path.insert(0, "__pypackages__")
sys.path.insert(0, ".")

from scorepad.staticsite.browser import keep_compiled

await keep_compiled()
`;

self.onmessage = async (event) => {
    try {
        const { loadPyodide } = await import(event.data.pyodideUrl);
        const pyodide = await loadPyodide({ stdout: (t) => console.log(t), stderr: (t) => console.error(t) });
        pyodide.globals.set("app_package_url", event.data.appPackageUrl);
        await pyodide.runPythonAsync(COMPILE);
        self.postMessage("compiled");
    } catch (error) {
        self.postMessage("not compiled: " + error);
    }
};
