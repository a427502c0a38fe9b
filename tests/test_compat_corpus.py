"""What an earlier release accepted means the same today (docs/rulesets.md, "Compatibility").

tests/fixtures/compat/<release>/ holds what scripts/compat_corpus.py made with that release:
session files of every game, house variants its `rulesets export` wrote, its store, and what it
computed for each (expected.json). Today's code replays every file and opens every stored evening
to the same hands, deltas and standings (scripts/replay_identity.replay_differences); every stored
evening exports, checks as fine and takes a new hand; every variant imports as the release kept it.
What a release refused is listed too: today accepts it where the release before the refusing
check accepted it (the first release's notes in free text, its own Hochzeit).

No old figure has been found to be a bug so far: EXCEPTIONS is empty. An exception would be listed
there with why, and tested to differ exactly so.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from cli_runner import ok

from scorepad.app import App
from scorepad.engine import replay
from scorepad.session import parse_session, parse_session_text, session_table
from scorepad.store import SCHEMA_VERSION
from scorepad.tables import deep_merge, get_table, load_table_text, table_as_dict, with_options

pytestmark = pytest.mark.unit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from replay_identity import replay_differences  # noqa: E402

CORPUS = Path(__file__).parent / "fixtures" / "compat"
RELEASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.json").is_file())
FIRST = "b38a7ee"  # the first release, 29.11.2026

# (release, session file) -> why today's figure differs from the release's (an old figure that
# was a bug), and the options under which today's code gives the release's figure exactly
EXCEPTIONS: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {
    (FIRST, "schafkopf-keys"): (
        "A Tout (tout.enabled, no tout.value) was worth the game won Schwarz x factor in the first "
        "release; issue 12 found that reading wrong (the common rule, three score-keepers agree: "
        "(Grundwert + Laufende) x factor) and made it the default. A file cannot say which release "
        "wrote it, and a file of today without tout.value means the common rule, so the file is read "
        "by it (hand 4, the Wenz-Tout, and the standings after it differ). A stored evening keeps "
        "its figure (its table is upgraded with tout.value = \"schwarz\").",
        {"tout": {"value": "schwarz"}}),
}


def expected(release: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CORPUS / release / "expected.json").read_text(encoding="utf-8"))
    return data


def printed(result) -> dict[str, Any]:
    """A replay as `scorepad replay` prints it (the parts the release's figures are compared on)."""
    return {"hands": [{"number": h.number, "dealer": h.dealer, "deltas": h.deltas} for h in result.hands],
            "standings": result.standings, "state": result.state}


def replayed(path: Path, options: dict[str, Any] | None = None) -> dict[str, Any]:
    session = parse_session_text(path.read_text(encoding="utf-8"))
    if options:
        session.options = deep_merge(session.options, options)
    return printed(replay(session_table(session), session.players, session.hands, session.first_dealer))


def sessions() -> list[tuple[str, str]]:
    return [(r, name) for r in RELEASES for name in expected(r)["sessions"]]


def test_the_corpus_holds_the_first_release_and_the_one_before_today():
    assert FIRST in RELEASES and len(RELEASES) >= 2
    for release in RELEASES:
        names = {p.stem for p in (CORPUS / release / "sessions").glob("*.json")}
        assert names == set(expected(release)["sessions"])
        games = {json.loads((CORPUS / release / "sessions" / f"{n}.json").read_text())["ruleset"] for n in names}
        assert {"schafkopf", "saukopf", "saukopf-dreihaxer", "schwarze-sau", "struliwuli",
                "zaisertshofer-ramsch"} <= games


@pytest.mark.parametrize("release,name", sessions())
def test_a_session_file_a_release_replayed_replays_to_the_same_hands_deltas_and_standings(release, name):
    file, then = CORPUS / release / "sessions" / f"{name}.json", expected(release)["sessions"][name]
    if (release, name) in EXCEPTIONS:  # listed: it differs, and only by what the exception says
        why, as_then = EXCEPTIONS[release, name]
        assert replay_differences(then, replayed(file)) != [], f"no longer an exception: {why}"
        assert replay_differences(then, replayed(file, as_then)) == []
    else:
        assert replay_differences(then, replayed(file)) == []


def test_the_first_releases_tout_is_read_by_the_common_rule_a_listed_exception():
    """Hand 4 of the first release's file, a Wenz-Tout won with one knock in two Bock rounds: the
    release paid Kathi (50 + 50 + 50) x 2 (Tout) x 2 (Klopfen) x 4 (Bock) = 24,00 from each, the
    common rule 50 x 2 x 2 x 4 = 8,00; nothing else of the evening differs but the standings."""
    then = expected(FIRST)["sessions"]["schafkopf-keys"]
    now = replayed(CORPUS / FIRST / "sessions" / "schafkopf-keys.json")
    assert then["hands"][3]["deltas"]["Kathi"] == {"geld": 7200}
    assert now["hands"][3]["deltas"]["Kathi"] == {"geld": 2400}
    assert [d.split(":")[0] for d in replay_differences(then, now)] == ["hand 4", "standings"]


@pytest.fixture(scope="module")
def stores(tmp_path_factory) -> dict[str, Path]:
    """A copy of each release's store, opened (upgraded) once by today's scorepad."""
    out = {}
    for release in RELEASES:
        path = tmp_path_factory.mktemp(release) / "scorepad.db"
        shutil.copyfile(CORPUS / release / "store.db", path)
        App.open(path).close()
        out[release] = path
    return out


@pytest.mark.parametrize("release", RELEASES)
def test_every_stored_evening_opens_to_what_the_release_showed_and_exports_alike(release, stores):
    with App.open(stores[release]) as app:
        for evening, entry in expected(release)["evenings"].items():
            shown = app.show(int(evening))
            now = {"hands": [{"number": h.number, "dealer": h.dealer, "deltas": h.deltas} for h in shown.hands],
                   "standings": shown.standings, "state": shown.state}
            assert replay_differences(entry["show"], now) == [], (evening, entry["from"])
            # the export is a session file that replays (today) to the same figures
            exported = parse_session(json.loads(app.export_session(int(evening))))
            again = replay(session_table(exported), exported.players, exported.hands, exported.first_dealer)
            assert replay_differences(entry["show"], printed(again)) == [], (evening, entry["from"])
            for kind in ("csv", "md", "html"):
                assert app.export_session(int(evening), kind)


@pytest.mark.parametrize("release", RELEASES)
def test_every_stored_evening_checks_as_fine(release, stores, capsys):
    assert ok(capsys, "--db", stores[release], "check").strip() == f"{stores[release]}: ok"


@pytest.mark.parametrize("release", RELEASES)
def test_every_stored_evening_takes_a_new_hand(release, stores, tmp_path):
    path = tmp_path / "scorepad.db"
    shutil.copyfile(stores[release], path)
    with App.open(path) as app:
        for evening in app.list_evenings():
            table = app.table(evening.id)
            before = app.show(evening.id)
            app.add_hand(evening.id, next_hand(table.family, evening.players, before.state))
            assert len(app.show(evening.id).hands) == len(before.hands) + 1


def next_hand(family: str, players: list[str], state: dict[str, Any]) -> dict[str, Any]:
    """A hand every table of the family takes whatever came before (the deal moves on)."""
    if family in ("schafkopf", "saukopf"):
        return {"passed": True}
    if family == "schwarze_sau":
        if state.get("achterbrief_owed"):
            return {"achterbrief_loser": state["achterbrief_between"][0]}
        points = [15 - 3 * (len(players) - 1)] + [3] * (len(players) - 1)
        return {"points": dict(zip(players, points))}
    if family == "struliwuli":
        order, cards = state["bidding_order"], state["cards"]
        tricks = {p: 0 for p in players}
        tricks[order[0]] = cards
        bids = dict(tricks)
        if state.get("bids_may_not_total") == cards:
            bids[order[-1]] = 1 if bids[order[-1]] == 0 else 0
        return {"bids": bids, "tricks": tricks}
    still = state["still_in"]
    return {"participants": still[:2], "tricks": {still[0]: 3, still[1]: 2}}


@pytest.mark.parametrize("release", RELEASES)
def test_every_variant_a_release_exported_imports_as_the_release_kept_it(release, tmp_path):
    """`rulesets check` calls it fine, `rulesets import` keeps it, and its table has every value
    the release's own evening on it was scored by (keys added since aside)."""
    conn = sqlite3.connect(f"file:{CORPUS / release / 'store.db'}?mode=ro", uri=True)  # as the release stored it
    try:
        tables = {name: json.loads(t) for name, t in conn.execute("SELECT game, rule_table FROM evenings")}
    finally:
        conn.close()
    for file in sorted((CORPUS / release / "variants").glob("*.toml")):
        text = file.read_text(encoding="utf-8")
        raw = tomllib.loads(text)
        table, _ = load_table_text(text, str(file))
        then = tables[raw["name"]]
        assert old_values_differing(then, table_as_dict(table)) == [], file.name
        with App.open(tmp_path / f"{file.stem}.db") as app:
            kept = app.import_house_rules_text(text, str(file))
            assert kept.name == raw["name"]


def old_values_differing(then: dict[str, Any], now: dict[str, Any], path: str = "") -> list[str]:
    """Keys of `then` whose value `now` gives otherwise (a key `then` lacks is not compared)."""
    out = []
    for key, value in then.items():
        if key in ("id", "extends", "players", "description"):  # how the variant is named and seated
            continue
        if isinstance(value, dict) and isinstance(now.get(key), dict):
            out += old_values_differing(value, now[key], f"{path}{key}.")
        elif now.get(key) != value:
            out.append(f"{path}{key}: {value!r} then, {now.get(key)!r} now")
    return out


def test_what_a_release_refused_is_listed():
    """The corpus says what each release refused; the first release's files that a later release
    refused are among its accepted files, so today has to read them (the tests above)."""
    first = expected(FIRST)
    for release in RELEASES:
        for name in expected(release)["refused"]:
            if name in first["sessions"] and release != FIRST:
                assert (CORPUS / FIRST / "sessions" / f"{name}.json").is_file()


# --- issue 24, items 1 and 2 ----------------------------------------------------------------


def test_the_first_releases_saukopf_evening_with_the_keilers_trump_opens_alike_and_takes_a_hand(tmp_path, capsys):
    path = tmp_path / "scorepad.db"
    shutil.copyfile(CORPUS / FIRST / "store.db", path)
    evenings = expected(FIRST)["evenings"]
    [(evening, entry)] = [(int(e), v) for e, v in evenings.items() if v["from"] == "sessions/saukopf-keiler-trump.json"]
    with App.open(path) as app:
        assert app.hands(evening)[1] == {"game": "keiler", "player": "Resi", "bid": 61, "augen": 70, "trump": "gras"}
        assert app.show(evening).standings == entry["show"]["standings"]
        app.add_hand(evening, {"game": "hauer", "player": "Zenzi", "bid": 61, "augen": 70, "trump": "grün"})
        assert app.hands(evening)[2]["trump"] == "grün"  # a note, kept as written, as the evening took it then
    assert ok(capsys, "--db", path, "check").strip() == f"{path}: ok"
    exported = json.loads(ok(capsys, "--db", path, "export", evening))
    assert exported["options"]["contracts"]["keiler"] == {"chosen_trump": "free"}


def test_a_stored_table_from_before_chosen_trump_is_written_as_it_meant_by_the_upgrade(tmp_path):
    path = tmp_path / "scorepad.db"
    shutil.copyfile(CORPUS / FIRST / "store.db", path)
    App.open(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
        for family, text in conn.execute("SELECT family, rule_table FROM evenings"):
            if family == "saukopf":
                contracts = json.loads(text)["contracts"]
                assert {c["chosen_trump"] for c in contracts.values()} == {"free"}


def test_a_knorpel_card_in_free_text_is_a_note_kept_as_written():
    session = parse_session_text((CORPUS / FIRST / "sessions" / "saukopf-keys.json").read_text(encoding="utf-8"))
    assert session.hands[2]["knorpel_card"] == "herz-10"
    assert session.options["contracts"]["knorpel"] == {"chosen_trump": "free"}
    assert "keiler" not in session.options["contracts"]  # its trump "gras" is a suit: checked as today


def test_a_trump_where_the_game_has_none_is_still_refused_at_a_table_of_today():
    table = get_table("saukopf")
    with pytest.raises(Exception, match="Wutz has no trump suit of the player's choice"):
        replay(table, ["Sepp", "Resi", "Alois", "Zenzi"],
               [{"game": "wutz", "player": "Sepp", "bid": 61, "augen": 70, "trump": "gras"}])


def test_a_hochzeit_a_file_adds_in_its_options_is_its_own_not_the_switched_off_built_in_one():
    session = parse_session_text((CORPUS / FIRST / "sessions" / "schafkopf-own-hochzeit.json").read_text(encoding="utf-8"))
    table = session_table(session)
    assert table.contracts["hochzeit"].enabled
    assert table.contracts["hochzeit"].tariff == 20 and table.contracts["hochzeit"].schneider == 10


def test_switching_on_the_built_in_hochzeit_still_merges_into_it():
    table = with_options(get_table("schafkopf"), {"contracts": {"hochzeit": {"enabled": True}}})
    assert table.contracts["hochzeit"].partner_is == "nimmt den angebotenen Trumpf"


def test_a_house_variant_the_first_release_exported_with_its_own_hochzeit_imports_with_it_on(tmp_path):
    text = (CORPUS / FIRST / "variants" / "schafkopf-hochzeit.toml").read_text(encoding="utf-8")
    with App.open(tmp_path / "scorepad.db") as app:
        kept = app.import_house_rules_text(text, "schafkopf-hochzeit.toml")
        evening = app.start_evening(kept.ruleset, ["Hias", "Vroni", "Wast", "Kathi"])
        app.add_hand(evening.id, {"game": "hochzeit", "player": "Hias", "partner": "Wast", "augen": 70})
        assert app.show(evening.id).standings["Hias"] == {"geld": 20}


def test_a_house_variant_file_written_to_the_first_releases_docs_keeps_its_own_hochzeit(tmp_path):
    """A variant as the first release's docs/rulesets.md wrote one (only what differs; its own
    contract with name and kind, `enabled` left to the default, on): the built-in Hochzeit
    added since, switched off, does not swallow it."""
    text = '''extends = "schafkopf"
name = "Schafkopf mit Hochzeit"

[contracts.hochzeit]
name = "Hochzeit"
kind = "partner"
trumps = "Ober, Unter, Herz"
trump_count = 14
tariff = 20
'''
    table, _ = load_table_text(text, "hochzeit.toml")
    assert table.contracts["hochzeit"].enabled and table.contracts["hochzeit"].tariff == 20
    with App.open(tmp_path / "scorepad.db") as app:
        kept = app.import_house_rules_text(text, "hochzeit.toml")
        evening = app.start_evening(kept.ruleset, ["Hias", "Vroni", "Wast", "Kathi"])
        app.add_hand(evening.id, {"game": "hochzeit", "player": "Hias", "partner": "Wast", "augen": 70})
        assert app.show(evening.id).standings["Hias"] == {"geld": 20}


def test_a_contract_added_without_trump_count_or_won_by_is_won_by_augen_as_then():
    """The first release's docs: a contract in `options` names `trump_count` only to bound the
    Laufende. Without it (and without `won_by`, a later key), the game is won by Augen, as that
    release scored it (Hias +1,50 EUR: 0,50 from each; measured with b38a7ee's `replay`)."""
    session = parse_session({"format": 1, "ruleset": "schafkopf", "players": ["Hias", "Vroni", "Wast", "Kathi"],
                             "options": {"contracts": {"bauernsolo": {"name": "Bauernsolo", "kind": "solo",
                                                                      "tariff": 50, "schneider": 10, "schwarz": 10}}},
                             "hands": [{"game": "bauernsolo", "player": "Hias", "augen": 70}]})
    result = replay(session_table(session), session.players, session.hands)
    assert {p: row["geld"] for p, row in result.standings.items()} == {"Hias": 150, "Vroni": -50, "Wast": -50,
                                                                        "Kathi": -50}


def test_a_contract_that_says_it_is_won_by_augen_without_trumps_is_still_refused():
    with pytest.raises(Exception) as refused:
        with_options(get_table("schafkopf"), {"contracts": {"bauernsolo": {
            "name": "Bauernsolo", "kind": "solo", "tariff": 50, "won_by": "augen"}}})
    assert "augen_without_trumps" == getattr(refused.value, "code", None)
