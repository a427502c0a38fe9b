"""Many tables on one server: 20 tables of 4 phones, each scorekeeper saving a hand every few
seconds. Every save reaches every other phone of its table; no hand is lost or doubled. (How
fast is for the benchmark: `scorepad bench` reports it under "sharing".)"""

import pytest

from scorepad.devtools.bench import bench_sharing

pytestmark = pytest.mark.load


def test_twenty_tables_of_four_phones_lose_and_double_no_hand():
    result = bench_sharing(tables=20, phones=4, seconds=6, seed=3)
    assert result["hands_saved"] >= 20  # every table saved at least once
    # bench_sharing itself checks each evening's stored hands against what was saved and
    # waits until every other phone shows each new hand; here we only report the figures
    print("sharing:", result)
