"""Many tables on one server, over the real transport: `scorepad web` in its own process, 80
phones speaking Flet's protocol on its websocket (tests/wire_client.py; no browser), 20 tables
of a scorekeeper and three watchers, each scorekeeper entering a hand every 1-3 s by the events
a finger sends, for a minute. Every hand reaches every phone of its table, once; no phone gets a
word of another table; the store holds every hand once. The server's memory grows by a small,
steady amount per phone. (How fast is for the benchmark, `scorepad bench` under "sharing_ws":
the two cores are shared with other runs, so the times are not asserted here.)"""

import pytest

from scorepad.devtools.bench import bench_sharing_ws

pytestmark = pytest.mark.load


def test_twenty_tables_of_four_phones_over_the_websocket_lose_double_and_misroute_no_hand():
    result = bench_sharing_ws(tables=20, phones=4, seconds=60, seed=3)
    print("sharing_ws:", result)
    # bench_sharing_ws itself fails (never hangs: every wait has a deadline) when a hand did not
    # reach a phone of its table, reached one twice or another table's phone, or is not stored once
    assert result["phones"] == 80 and result["seconds"] >= 60
    assert result["hands_fewest_at_a_table"] >= 5  # every table kept saving (a hand every 1-3 s when quiet)
    assert result["deliveries"] == 3 * result["hands_saved"]  # each hand timed on its three watchers
    memory = result["memory"]
    # per phone: the step from a quarter to half to all tables stays small and about the same
    steps = list(memory["mb_per_added_phone_by_step"].values())
    assert all(0 <= step < 1.0 for step in steps), memory
    assert memory["rss_mb"]["80"] < memory["rss_mb"]["4"] + 80 * 1.0, memory
