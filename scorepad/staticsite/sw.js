// scorepad's service worker (scorepad/staticsite/sw.js, written by `scorepad static`): every file
// the page needs is kept in the browser's cache and served from there first, so the app opens
// with no network at all. A file with a gzip or brotli sibling (NAME.gz, NAME.br) is fetched
// compressed and unpacked here (gzip by the browser, brotli by Google's decoder, brotli-decode.js),
// once: the cache keeps the unpacked file. Any static server (python -m http.server) then moves
// compressed bytes.
'use strict';
const VERSION = "__VERSION__";
const CACHE = "scorepad-" + VERSION;
// path -> [content type, gzip or brotli sibling or null, fetched only when the page asks (the other
// browsers' renderer files, the emoji flags), and for an alias the file it is (the paths Flutter's
// font fallback asks for are aliases of the colour emoji's files: many paths, one file)]
const FILES = __FILES__;
const DECODER = "brotli-decode.js";
const BASE = new URL("./", self.location).href;

function key(path) { return BASE + path; }

// Every file is served as Flet's own server serves the app (flet_web/fastapi/app.py): with these
// the page is cross-origin isolated, and Flutter draws on a thread of its own (skwasm's
// multi-threaded build) instead of the page's, which Python's replies and the taps need too.
// Everything the site loads is its own, which require-corp allows. A first visit, before this
// worker serves the page, draws on the page's thread.
const ISOLATED = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };
function served(buf, type) {
  return new Response(buf, { headers: { "Content-Type": type, ...ISOLATED } });
}

// the brotli decoder, read (from the cache, or fetched as its gzip sibling) when first needed
let brotli = null;
function brotliDecoder() {
  if (!brotli) {
    brotli = (async () => new Function(await (await get(DECODER)).text())())();
    brotli.catch(() => { brotli = null; });
  }
  return brotli;
}

async function fetchFile(path) {
  const [type, gz] = FILES[path];
  if (gz && gz.endsWith(".br")) {
    try {
      const [r, decode] = await Promise.all([fetch(BASE + gz, { cache: "no-cache" }), brotliDecoder()]);
      if (r.ok) {
        const buf = decode(new Int8Array(await r.arrayBuffer()));
        return served(buf, type);
      }
    } catch (e) { console.warn("scorepad: brotli", path, e); }  // the file as it is, then
  } else if (gz && typeof DecompressionStream === "function") {
    const r = await fetch(BASE + gz, { cache: "no-cache" });
    if (r.ok) {
      const body = r.body.pipeThrough(new DecompressionStream("gzip"));
      const buf = await new Response(body).arrayBuffer();
      return served(buf, type);
    }
  }
  const r = await fetch(BASE + path, { cache: "no-cache" });
  if (!r.ok) throw new Error(path + ": " + r.status);
  const buf = await r.arrayBuffer();
  return served(buf, type);
}

const pending = new Map();
async function get(path) {
  path = FILES[path][3] || path;  // an alias: the file it is, fetched and kept once
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key(path));
  if (hit) return hit;
  if (!pending.has(path)) {
    pending.set(path, (async () => {
      try {
        const response = await fetchFile(path);
        await cache.put(key(path), response.clone());
        return response;
      } finally {
        pending.delete(path);
      }
    })());
  }
  return (await pending.get(path)).clone();
}

async function fillCache() {
  for (const path of Object.keys(FILES)) {
    if (FILES[path][2]) continue;  // the page fetched (and so cached) what this browser uses
    try { await get(path); } catch (e) { console.warn("scorepad: not cached", path, e); }
  }
}

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("scorepad-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "fill-cache") event.waitUntil(fillCache());
});

// what Python compiled after the first start (scorepad/staticsite/browser.py, keep_compiled):
// kept in this version's cache, never asked of the server; python-worker.js asks whether it is
// there (HEAD), starts from it, and drops it (DELETE compiled/) should it not start
const COMPILED = "compiled/";
async function compiled(request, path) {
  const cache = await caches.open(CACHE);
  if (request.method === "PUT") {
    await cache.put(key(path), new Response(await request.arrayBuffer(),
                                            { headers: { "Content-Type": "application/octet-stream" } }));
    return new Response(null, { status: 204 });
  }
  if (request.method === "DELETE") {
    for (const hit of await cache.keys()) {
      if (hit.url.startsWith(key(COMPILED))) await cache.delete(hit);
    }
    return new Response(null, { status: 204 });
  }
  const hit = await cache.match(key(path));
  if (request.method === "HEAD") return new Response(null, { status: hit ? 200 : 404 });
  return hit || new Response(null, { status: 404 });
}

// a script the page wanted from another host, asked of this site instead (the page's NO_OFFHOST)
const OFFHOST = "_offhost/";

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (!url.href.startsWith(BASE)) return;
  let path = decodeURIComponent(url.pathname.slice(new URL(BASE).pathname.length));
  if (path.startsWith(COMPILED)) {
    event.respondWith(compiled(event.request, path));
    return;
  }
  if (event.request.method !== "GET") return;
  if (path.startsWith(OFFHOST)) {  // not on this site, and no server has it: no need to ask
    event.respondWith(new Response(null, { status: 404 }));
    return;
  }
  if (path === "" || event.request.mode === "navigate") path = "index.html";
  if (!(path in FILES)) return;
  event.respondWith(get(path).catch(async () => {
    const hit = await caches.match(key(FILES[path][3] || path));
    return hit || Response.error();
  }));
});
