"""A Preisschafkopf tournament over the real transport, small: `scorepad web --pin` in its own
process, 6 tables of four phones opened at their table's address (the scorekeeper takes the pen
with the table's PIN on the pad), two ranking screens at /turnier/ID, each scorekeeper tapping
in a hand every 1-3 s for 20 s (scorepad/devtools/tournament_ws.py; about 40 s in all). Every
hand reaches every phone of its table once and no phone gets a word of another table; every
line a ranking screen shows has the points its player had after that many games, and both
count every saved hand. (How fast is for `scorepad bench`'s "tournament_ws" at 50
tables: the two cores are shared with other runs, so the times are not asserted here.)"""

import pytest

from scorepad.devtools.bench import bench_tournament_ws

pytestmark = pytest.mark.load


def test_six_tables_and_two_ranking_screens_get_every_save_of_theirs_and_no_other_words():
    result = bench_tournament_ws(tables=6, seconds=20, pace=2.0, seed=5)
    print("tournament_ws:", result)
    # bench_tournament_ws itself fails (never hangs: every wait has a deadline) when a hand did
    # not reach a phone of its table, reached one twice or another table's phone, is not stored
    # once; when a ranking screen showed a player's points other than the store's after that
    # many games; or when a screen did not count every saved hand at the end
    assert result["phones"] == 24 and result["ranking_screens"] == 2 and result["seconds"] >= 20
    assert result["hands_fewest_at_a_table"] >= 3  # every table kept saving, with the pen its PIN gave
    assert result["watchers"]["count"] == 3 * result["hands_saved"]  # each hand timed on its three watchers
    ranking, lines = result["ranking"], result["ranking_lines"]
    assert ranking["count"] == 2 * result["hands_saved"]  # each save counted on both screens
    assert all(u > 0 for u in ranking["updates_per_s"]), ranking
    # 24 players on two pages of 15: most saves have a player of their table on the page shown
    assert lines["count"] >= result["hands_saved"], lines


def test_a_skat_tournament_at_tables_of_four_and_three_gets_every_save_to_its_phones_and_screens():
    """Preisskat (issue 39): 13 players seated 4 + 3 + 3 + 3 on the Seeger-Fabian list, a phone
    per seat; at four the dealer sits out, so the ranking's games are the hands a player played."""
    result = bench_tournament_ws(tables=4, seconds=20, pace=2.0, seed=5, event="preisskat")
    print("tournament_skat_ws:", result)
    assert result["tables_by_size"] == {"4": 1, "3": 3} and result["phones"] == result["players"] == 13
    assert result["options"] == {"list_kind": "seeger_fabian"} and result["seconds"] >= 20
    assert result["hands_fewest_at_a_table"] >= 3
    # each hand timed on the other phones of its table: 3 at the four, 2 at each three
    assert 2 * result["hands_saved"] <= result["watchers"]["count"] <= 3 * result["hands_saved"]
    assert result["ranking"]["count"] == 2 * result["hands_saved"]  # each save counted on both screens
    assert result["ranking_lines"]["count"] > 0, result["ranking_lines"]
