"""The bench's new figures come out (their values are the bench's business, not the tests')."""

from scorepad.bench import bench_replay_output
from scorepad.tables import builtin_tables


def test_replay_output_figure():
    figure = bench_replay_output(builtin_tables()["schafkopf"], 300, repeat=1)
    assert figure["hands"] == 300 and figure["seconds"] > 0 and figure["vs_json_load"] > 0
