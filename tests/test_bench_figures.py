"""The bench's new figures come out (their values are the bench's business, not the tests')."""

import pytest

from scorepad.devtools.bench import bench_replay_output
from scorepad.tables import builtin_tables

pytestmark = pytest.mark.unit


def test_replay_output_figure():
    figure = bench_replay_output(builtin_tables()["schafkopf"], 300, repeat=1)
    assert figure["hands"] == 300 and figure["seconds"] > 0 and figure["vs_json_load"] > 0


def test_tap_figure_per_ruleset():
    from scorepad.devtools.bench import run_bench

    out = run_bench(hands=50, rulesets=["schafkopf"], store_hands=0, sharing_tables=0, file_hands=0,
                    output=False, tap_hands=30, tap_taps=3, tournament_tables=0)
    tap = out["schafkopf"]["tap"]
    assert set(tap) >= {"p95_ms_at_10", "p95_ms_at_30", "ratio", "cpu_p95_ms_at_10", "cpu_p95_ms_at_30", "cpu_ratio"}
    assert tap["p95_ms_at_10"] > 0 and tap["ratio"] > 0


def test_store_figure_has_the_cold_ratio():
    from scorepad.devtools.bench import bench_store

    figure = bench_store(builtin_tables()["schafkopf"], hands=30, samples=2)
    assert figure["cold"]["ratio_p50_30_vs_10"] > 0 and figure["warm"]["ratio_p50_30_vs_10"] > 0


def test_table_render_figure():
    from scorepad.devtools.bench import bench_table_render

    figure = bench_table_render(builtin_tables()["schafkopf"], hands=60, samples=2)
    assert set(figure) >= {"ms_at_10", "ms_at_60", "ratio", "p95_ms_at_10", "p95_ms_at_60", "cpu_ratio"}
    assert figure["renders"] == 4 and figure["ms_at_10"] > 0 and figure["ratio"] > 0
