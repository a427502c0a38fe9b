// scorepad's app bundle (scorepad/staticsite/bundle.js; made by browser.py's bundle): a 4-byte
// length (little endian), a JSON list of [path, size], then the files' bytes in that order.
// Written into a Pyodide's file system under `into`: by python-worker.js at every start, by
// compile-worker.js for the memory snapshot.
export function unpackBundle(FS, bytes, into) {
    const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
    const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
    let at = 4 + length;
    const made = new Set();
    for (const [path, size] of index) {
        const full = into + "/" + path;
        const dir = full.slice(0, full.lastIndexOf("/"));
        if (!made.has(dir)) {
            FS.mkdirTree(dir);
            made.add(dir);
        }
        FS.writeFile(full, bytes.subarray(at, at + size));
        at += size;
    }
    if (at !== bytes.length) throw new Error("app.bundle: " + (bytes.length - at) + " bytes left over");
}
