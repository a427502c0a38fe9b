"""`scorepad static OUTDIR`: the table app as a static site that runs in the phone's browser.

Python runs in the browser (Pyodide, shipped by the flet-web package, with Flutter's web client);
nothing is asked of any server but the files. The site is assembled by assemble.py (`build`) from:

- flet-web's web client, without what scorepad never loads (debugging symbols, fonts the app
  does not use, Pyodide's command-line runner and micropip); both builds of the Flutter client
  stay, as Flutter picks one per browser (the Wasm build with skwasm on Chromium, JavaScript
  with CanvasKit elsewhere);
- `app.tar.xz`: scorepad itself, its rule tables, and every dependency already installed
  (`__pypackages__`): the pure-Python wheels and the WebAssembly wheels of pydantic-core and
  msgpack, downloaded from the package index for Pyodide's platform (PYODIDE_PLATFORM) with
  pip; nothing is installed in the browser at start; only what the app imports, its Python
  sources without docstrings and comments (prune.py, slim.py); the standard library likewise;
- `flutter_service_worker.js` (at the URL Flutter registers): scorepad's own cache-first service
  worker (sw.js) listing every file, so that the site opens with no network once it has been
  opened; it fetches the brotli or gzip sibling (NAME.br, NAME.gz) of each big file and
  unpacks it itself (brotli with Google's decoder, brotli/), so any static server moves
  compressed bytes;
- the page (Flet's index.html as `flet publish --no-cdn` patches it, corrected) with a few lines
  that register the service worker before Flutter starts and ask for persistent storage;
  `python.js` (python.js here) starts Python's worker at once, so that Python boots while
  Flutter loads; `python-worker.js` (here too, in place of flet-web's) starts Python, after the
  first start from the compiled files the phone keeps (browser.keep_compiled).

The store lives in the browser (scorepad/staticsite/browser.py).
"""
# Nothing is imported here: the browser imports browser.py from this package, and the build's
# modules (tarfile, subprocess, ...) would cost every start there.
