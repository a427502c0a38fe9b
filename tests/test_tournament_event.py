"""An event's own settings of a tournament (scorepad/tournament/event.py and the application
layer): the games a table plays per round by its size (typed smallest table first: "36/48" at
Skat's tables of three and four), and the lost-game fee (Verlustspielgeld): cents for a player's
1st, 2nd, ... lost game of a series, the last amount repeating; one amount is flat, none is none.
A lost game is one the player declared and lost."""

from __future__ import annotations

import pytest

from scorepad.app.errors import EveningClosedError
from scorepad.errors import ScorepadError
from scorepad.tables import get_table
from scorepad.tournament import Score
from scorepad.tournament.event import (
    ascending_sizes,
    euros,
    fee,
    fee_words,
    fees_of,
    games_at,
    per_size,
    typed_fee,
    typed_games,
)
from scorepad.tournament.export import render

pytestmark = pytest.mark.store

SEVEN = ["Anton", "Berta", "Cäsar", "Dora", "Emil", "Frieda", "Gustav"]
EIGHT = ["Alois", "Anderl", "Burgi", "Cilli", "Done", "Fanny", "Franzi", "Girgl"]


@pytest.mark.parametrize("lost", range(0, 9))
def test_the_fee_charges_each_lost_game_its_place_in_the_scale_and_the_last_amount_from_there_on(lost):
    scale = [50, 50, 50, 100]
    assert fee(lost, scale) == sum(scale[k] if k < len(scale) else scale[-1] for k in range(lost))


@pytest.mark.parametrize("lost", range(0, 6))
def test_a_flat_fee_charges_every_lost_game_alike_and_no_fee_charges_nothing(lost):
    assert fee(lost, [75]) == 75 * lost
    assert fee(lost, []) == 0


def test_a_players_fee_is_counted_per_series_then_added():
    tables = [{"Anton": Score(lost=2), "Berta": Score(lost=3)}, {"Anton": Score(lost=2), "Berta": Score(lost=1)}]
    assert fees_of(tables, [50, 50, 50, 100]) == {"Anton": 200, "Berta": 200}
    assert fees_of(tables, [50, 100]) == {"Anton": 300, "Berta": 300}  # (4 lost in one series would be 350)


def test_counts_per_table_size_are_typed_smallest_table_first():
    for ruleset in ("skat", "schafkopf"):
        sizes = ascending_sizes(get_table(ruleset).tournament.tables)
        assert sizes == sorted(set(get_table(ruleset).tournament.tables))
        by_size = per_size([36, 48], sizes)
        assert [by_size[s] for s in sorted(by_size)] == [36, 48]
        assert {games_at(99, by_size, s) for s in sizes} == {36, 48}
    assert per_size([32], [4, 5]) == {} and games_at(32, {}, 5) == 32


@pytest.mark.parametrize(("typed", "cents"), [("0,50", [50]), ("1", [100]), ("1,5", [150]), ("2,00 €", [200]),
                                             ("0,50/0,50/0,50/1,00", [50, 50, 50, 100]), ("", []),
                                             ("1.000,00", [100000]), ("0.50", None), ("abc", None), ("0,505", None)])
def test_the_screens_fee_is_typed_in_euros_german_style(typed, cents):
    assert typed_fee(typed) == cents
    if cents is not None and len(cents) == 1:
        assert euros(typed) == cents[0]


def test_the_screens_games_are_one_count_or_counts_by_a_slash():
    assert typed_games("32") == [32] and typed_games(" 36 / 48 ") == [36, 48]
    assert typed_games("36,48") is None and typed_games("") is None


def test_the_fee_in_words_names_each_amount_and_where_it_starts():
    assert fee_words([]) == "kein Verlustspielgeld"
    assert fee_words([50]) == "0,50 € je verlorenes Spiel"
    assert fee_words([50, 50, 50, 100]) == "0,50 € für das 1. bis 3. verlorene Spiel, ab dem 4. 1,00 €"
    assert fee_words([20, 50, 100]) == "0,20 € für das 1. verlorene Spiel, 0,50 € für das 2. verlorene Spiel, " \
                                       "ab dem 3. 1,00 €"


def test_each_table_plays_the_count_of_its_size_in_progress_sheets_and_the_refusal_beyond_it(app):
    info = app.new_tournament("Preisskat", "skat-seeger-fabian", 1, [2, 3], SEVEN, seed="1", fees=[50])
    assert (info.table_games, info.games_words(), info.fees) == ({3: 2, 4: 3}, "2/3", [50])
    drawn = app.draw_round(info.id)
    sizes = {t.evening: len(t.seats) for t in drawn.tables}
    assert sorted(sizes.values()) == [3, 4]
    assert {t.evening: t.games for t in app.tournament_progress(info.id)} == \
        {e: {3: 2, 4: 3}[n] for e, n in sizes.items()}
    assert {s.evening: s.games for s in app.table_sheets(info.id)} == {e: {3: 2, 4: 3}[n] for e, n in sizes.items()}
    for table in drawn.tables:
        for _ in range(info.games_at(len(table.seats))):
            app.add_hand(table.evening, {"eingepasst": True})
        with pytest.raises(EveningClosedError) as refused:
            app.add_hand(table.evening, {"eingepasst": True})
        assert refused.value.code == "tournament_table_complete"
        assert f"alle {info.games_at(len(table.seats))} Spiele gespielt" in refused.value.german
        place = app.table_place(table.evening)
        assert place is not None and place.game_words() == f"Alle {info.games_at(len(table.seats))} Spiele gespielt"
    app.close_round(info.id)  # every table played its own count


@pytest.mark.parametrize("games", [[2, 3, 4], [], [0, 3], [2, True]])
def test_counts_that_fit_no_table_size_are_refused_in_german(app, games):
    with pytest.raises(ScorepadError) as refused:
        app.new_tournament("Preisskat", "skat", 1, games, SEVEN)
    assert refused.value.code in ("tournament_games_sizes", "tournament_games_count")
    assert refused.value.german.startswith("Spiele je Tisch und Runde")
    assert app.list_tournaments() == []


@pytest.mark.parametrize("fees", [[-50], [50.5], ["50"], [10_001], [50] * 21, "50", [True]])
def test_a_fee_that_is_no_cents_is_refused_in_german(app, fees):
    with pytest.raises(ScorepadError) as refused:
        app.new_tournament("Preisskat", "skat", 1, 2, SEVEN, fees=fees)
    assert refused.value.code == "tournament_fee" and refused.value.german.startswith("Verlustspielgeld")
    assert app.list_tournaments() == []


def lost_games(app, tid):
    """Each table plays: the first seat in play declares a Grand and loses it (50 Augen), the
    next one wins a Null; the dealer at four sits out."""
    drawn = app.draw_round(tid)
    for table in drawn.tables:
        seats = table.seats
        for h in range(app.tournament(tid).games_at(len(seats))):
            n = len(seats)
            first = (h + 1) % n if n == 4 else h % n
            hand = {"declarer": seats[first], "game": "grand", "spitzen": 1, "augen": 50} if h % 2 == 0 else \
                {"declarer": seats[first], "game": "null", "won": True}
            app.add_hand(table.evening, hand)
    return drawn


def test_the_ranking_and_the_exports_carry_each_players_fee_and_the_pot(app):
    tid = app.new_tournament("Preisskat", "skat-seeger-fabian", 1, [5, 6], SEVEN, seed="1", fees=[50, 100]).id
    lost_games(app, tid)
    fees = app.tournament_fees(tid)
    lost = {line.name: line.rounds[0].lost for line in fees.players if line.rounds[0] is not None}
    assert sum(lost.values()) == 3 + 3  # the even games of each table, lost
    expected = {name: fee(n, [50, 100]) for name, n in lost.items()}
    assert {line.name: line.total for line in fees.players} == expected
    assert fees.total == sum(expected.values())
    assert {s.name: s.fees for s in app.tournament_standings(tid)} == expected
    data = app.tournament_data(tid)
    assert data["fees"] == {"scale": [50, 100], "words": fee_words([50, 100]), "total": fees.total}
    assert {n: s["fee"] for t in data["rounds"][0]["tables"] for n, s in t["scores"].items()} == expected
    csv_de = render(data, "csv-de")
    assert csv_de.splitlines()[0].endswith(";Runde 1;Verlustspielgeld;Verlustspielgeld Runde 1")
    from scorepad import fmt

    assert csv_de.splitlines()[-1].endswith(f";{fmt.money(fees.total)}") and "Kasse" in csv_de.splitlines()[-1]
    page = render(data, "html")
    assert f"in der Kasse: {fmt.money(fees.total)}" in page and "5/6 Spiele je Tisch und Serie" in page


def test_a_tournament_without_a_fee_is_exported_as_before(app):
    tid = app.new_tournament("Kirta", "schafkopf", 1, 1, EIGHT, seed="1").id
    data = app.tournament_data(tid)
    assert data["fees"]["total"] == 0 and data["fees"]["scale"] == []
    assert "Verlustspielgeld" not in render(data, "csv-de") and "Verlustspielgeld" not in render(data, "html")
