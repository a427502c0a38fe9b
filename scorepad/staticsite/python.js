// scorepad (scorepad/staticsite/python.js, replacing flet-web's python.js): the Python worker
// is started as soon as the service worker serves the page (flet.startPython, called by the
// page), not when Flutter has loaded and connects: Python boots while Flutter loads. Flutter's
// jsConnect then takes that worker. Otherwise as flet-web 1.0.5's python.js. Once the app is up,
// and only if the service worker has not kept them yet, compile-worker.js compiles Python's
// files for the next starts.
let _apps = {};
let _documentUrl = document.URL;
let _early = null;
let _sent = false;  // the page's first message to Python (its registration)
let _answered = false;  // Python's first to the page
// the start's phases on the page's performance timeline (silent; `scorepad bench --web` reads them)
const _mark = (name) => { try { performance.mark("scorepad:" + name); } catch (e) { } };

function _workerUrl() {
    return (flet.entrypointBaseUrl.endsWith("/") ?
        flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js";
}

const COMPILE_AFTER_MS = 5000;  // after the app is up: the first screen's work done

function _compileLater() {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;  // nowhere to keep it
    setTimeout(async () => {
        try {
            if ((await fetch("compiled/python.snapshot", { method: "HEAD" })).ok) return;  // the last one made
        } catch (e) {
            return;
        }
        const worker = new Worker(_workerUrl().replace(/python-worker\.js$/, "compile-worker.js"), { type: "module" });
        worker.onmessage = (event) => {
            console.log("scorepad:", event.data);
            worker.terminate();
        };
        worker.postMessage({ pyodideUrl: flet.pyodideUrl || "./pyodide/pyodide.mjs", appPackageUrl: flet.appPackageUrl });
    }, COMPILE_AFTER_MS);
}

function _startWorker(args) {
    const app = { pending: [], dartOnMessage: null, error: null };
    app.worker = new Worker(_workerUrl(), { type: "module" });
    app.initialized = new Promise((resolve) => {
        app.worker.onmessage = (event) => {
            if (typeof event.data === "string") {
                if (event.data != "initialized") app.error = event.data;
                resolve();
            } else if (app.dartOnMessage) {
                if (!_answered) {
                    _answered = true;
                    _mark("page-first-answer");
                }
                app.dartOnMessage(event.data);
            } else {
                app.pending.push(event.data);
            }
        };
    });
    app.worker.postMessage({
        pyodideUrl: flet.pyodideUrl || "./pyodide/pyodide.mjs",
        args: args,
        documentUrl: _documentUrl,
        appPackageUrl: flet.appPackageUrl,
        micropipIncludePre: flet.micropipIncludePre,
        pythonModuleName: flet.pythonModuleName
    });
    return app;
}

flet.startPython = function () {
    if (!_early) _early = _startWorker({});
};

// This method is called from Dart on backend.connect()
globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    _mark("dart-connect");
    let app;
    if (_early && !_early.taken) {
        app = _early;
        app.taken = true;
    } else {
        app = _startWorker(args);
    }
    app.dartOnMessage = dartOnMessage;
    _apps[appId] = app;
    console.log(`Python worker for ${appId}`);
    await app.initialized;
    for (const message of app.pending.splice(0)) dartOnMessage(message);
    if (app.error) {
        console.error("Python worker init error:", app.error);
        await jsDisconnect(appId);
        throw app.error;
    }
    console.log(`Python worker initialized: ${appId}`);
    _compileLater();
}

// Called from Dart on backend.send
globalThis.jsSend = async function (appId, data) {
    if (!_sent) {
        _sent = true;
        _mark("page-first-message");
    }
    if (appId in _apps) {
        _apps[appId].worker.postMessage(data, [data.buffer]);
    }
}

// Called from Dart on channel.disconnect
globalThis.jsDisconnect = async function (appId) {
    if (appId in _apps) {
        console.log(`Terminating Python worker: ${appId}`);
        const app = _apps[appId];
        delete _apps[appId];
        app.worker.terminate();
        app.worker.onmessage = null;
        app.worker.onerror = null;
    }
}
