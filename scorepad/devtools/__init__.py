"""Development tools: shipped in the package, never imported by the app at run time.

- headless.py: a phone without a browser (a real Flet session), for the view tests and the
  sharing benchmark.
- bench.py: `scorepad bench` (replay speed, the store, the replay's file and output, and the
  figures below, each imported only when asked for); figures.py: what every benchmark reports
  alike (milliseconds, percentiles, how long a phone may take).
- web.py: the first load and reload of the table app in chromium on a throttled link
  (`scorepad bench --web`), imported by bench.py only when asked.
- sharing.py: the sharing load loop (many phones on one app server) behind `scorepad bench`'s
  `"sharing"` figures; bench.py imports it only when that figure is asked for.
- wire.py: a phone over the real websocket: a small client of Flet's protocol (msgpack
  messages, the control tree kept up to date by the server's patches, taps as control events),
  no browser and no Flet import.
- sharing_ws.py: the same load over the real transport: `scorepad web` in its own process and
  80 wire.py phones (`scorepad bench`'s `"sharing_ws"`, tests/test_load_wire.py).
- tournament_ws.py: a Preisschafkopf tournament over the real transport: 50 tables of four
  wire.py phones (the scorekeeper takes the pen with the table's PIN) and two ranking screens
  (`scorepad bench`'s `"tournament_ws"`, tests/test_load_tournament.py); wire_load.py: what
  both load runs share (a scorekeeper's taps, what a table's phone received, the checks).

tests/test_docs.py checks that starting the app, serving it and the command line load
nothing from here (the command line imports bench.py only for `scorepad bench`).
"""
