"""Development tools: shipped in the package, never imported by the app at run time.

- headless.py: a phone without a browser (a real Flet session), for the view tests and the
  sharing benchmark.
- web.py: the first load and reload of the table app in chromium on a throttled link
  (`scorepad bench --web`), imported by scorepad/bench.py only when asked.
- sharing.py: the sharing load loop (many phones on one app server) behind `scorepad bench`'s
  `"sharing"` figures; scorepad/bench.py imports it only when that figure is asked for.

tests/test_docs.py checks that starting the app, serving it and the command line load
nothing from here.
"""
