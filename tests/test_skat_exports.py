"""Skat's exports and `scorepad replay --lines`: the print page lays the games out as a paper Skat
list (Nr, Spieler, Spiel, Spitzen, marks for Hand, Schneider, Schwarz, ouvert, the result, the
Wert, the Seeger-Fabian column where that list is kept, each player's running total); replay
prints every game's value, won or lost, überreizt and the points on both lists."""

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad import exports
from scorepad.engine import replay
from scorepad.summary import summarize
from scorepad.tables import get_table, with_options

pytestmark = pytest.mark.unit

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HEAD = ["Nr", "Spieler", "Spiel", "Spitzen", "H", "S", "Sw", "O", "Wert"]


def page_of(name: str):
    session = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    table = with_options(get_table(session["ruleset"]), session.get("options"))
    players = session["players"]
    result = replay(table, players, session["hands"], session.get("first_dealer"), keep_boards=True)
    return exports.to_html(table, session, result, summarize(table, players, result)), players


def hand_rows(page: str) -> list[list[str]]:
    table = page.split('<table class="hands', 1)[1].split(">", 1)[1].split("</table>", 1)[0]
    return [[html.unescape(re.sub(r"<span class=\"s\">(.*?)</span>", r" / \1", c))
             for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)] for row in re.findall(r"<tr>(.*?)</tr>", table)]


def test_the_print_page_is_a_paper_skat_list_with_the_seeger_fabian_column_when_kept():
    page, players = page_of("skat.json")
    head, *rows = hand_rows(page)
    assert head == [*HEAD, "SF", *players]
    # game 1: Kreuz mit 2 Hand, Ben won 48 (+50): Ben's change and under it his total
    assert rows[0] == ["1", "Ben", "Kreuz", "mit 2", "×", "", "", "", "+48", "+50", "0 / 0", "+98 / 98", "0 / 0"]
    # game 4: Herz mit 1 bid 30, überreizt: -60, -50 and 40 to each other
    assert rows[3][1:11] == ["Anna", "Herz", "mit 1", "", "", "", "", "-60 ü", "-50 / +40", "-110 / -110"]
    # game 8: Kreuz ouvert: Hand, Schneider and Schwarz announced, ouvert
    assert rows[7][4:8] == ["×", "a", "a", "×"]
    assert "ü: überreizt" in page and "SF: Seeger-Fabian, +50 gewonnen" in page


def test_the_classic_list_has_no_seeger_fabian_column():
    page, players = page_of("skat-fuenf.json")
    head, *rows = hand_rows(page)
    assert head == [*HEAD, *players]
    assert rows[2][2] == "eingepasst"
    assert rows[4][1:9] == ["Anna", "Kreuz", "ohne 3", "", "×", "", "", "+60"]


def test_the_print_page_is_a4():
    page, _ = page_of("skat.json")
    assert "@page { size: A4;" in page


def test_replay_prints_every_games_value_result_overbid_and_both_lists():
    proc = subprocess.run([sys.executable, "-m", "scorepad", "replay", "--lines", str(EXAMPLES / "skat.json")],
                          capture_output=True, text=True, encoding="utf-8")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    fourth = out["hands"][3]
    assert fourth["deltas"] == {"Anna": {"punkte": -110}, "Ben": {"punkte": 40}, "Cem": {"punkte": 40}}
    assert fourth["lines"][1].startswith("Herz mit 1: 2 × 10 = 20; überreizt (gereizt 30): 3 × 10 = 30; verloren")
    assert fourth["lines"][2] == "klassische Liste: Anna -60, Ben 0, Cem 0"
    assert out["standings"] == {"Anna": {"punkte": 47}, "Ben": {"punkte": 485}, "Cem": {"punkte": -314}}


def test_replay_of_a_classic_evening_prints_the_seeger_fabian_points_too(tmp_path):
    session = json.loads((EXAMPLES / "skat.json").read_text(encoding="utf-8"))
    del session["options"]["list_kind"]
    path = tmp_path / "klassisch.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scorepad", "replay", "--lines", str(path)],
                          capture_output=True, text=True, encoding="utf-8")
    assert proc.returncode == 0, proc.stderr
    first = json.loads(proc.stdout)["hands"][0]
    assert first["lines"][1] == "Kreuz mit 2, Hand: 4 × 12 = 48; gewonnen: +48; Ben +48 Punkte"
    assert first["lines"][2] == "Seeger-Fabian-Liste: Anna 0, Ben +98, Cem 0"
