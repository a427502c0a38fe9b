"""An evening's place and note have limits (issue 23, item 7): the place is one line of at most 80
characters, the note at most 5 lines and 500 characters; both refuse control characters and
writing-direction marks as player names do, naming the field. What an earlier release took (any
text) still opens and exports, and its session files are fitted on import, said, never refused.
The words (issue 35): a number agrees with the word it counts ("1 Punkt"), a German refusal quotes
in „…“, Doppelkopf's statistics count a soloist's solos, a partner's words hold no brackets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import dump, ok, refused, run
from conftest import SK4, sauspiel

from scorepad import fmt
from scorepad.app import App
from scorepad.errors import ScorepadError, SessionError
from scorepad.exportparts import stat_phrases
from scorepad.refusals import render
from scorepad.tables import builtin_tables, get_table
from scorepad.ui.words import preview

pytestmark = pytest.mark.store

SAUSPIEL = sauspiel(70)
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DIRECTION_MARKS = ["\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u200e", "\u061c"]


def refusal(app: App, **texts) -> SessionError:
    """Starting an evening with these texts is refused; nothing is stored. The refusal."""
    before = dump(app.store.path)
    with pytest.raises(SessionError) as info:
        app.start_evening("schafkopf", SK4, **texts)
    assert dump(app.store.path) == before
    return info.value


def stored_as_an_earlier_release(app: App, evening: int, **texts) -> None:
    """The evening's place or note set as an earlier release stored it (any text)."""
    with app.store.write() as db:
        for key, value in texts.items():
            db.execute(f"UPDATE evenings SET {key} = ? WHERE id = ?", [value, evening])


def session_file(**texts) -> str:
    return json.dumps({"format": 1, "ruleset": "schafkopf", "players": SK4, "hands": [SAUSPIEL], **texts})


# --- new input: refused, naming the field -------------------------------------------------------------

@pytest.mark.parametrize("brk", ["\n", "\r\n", "\r", "\u2028", "\u2029", "\x0b", "\x85"])
def test_a_place_refuses_a_line_break(app, brk):
    exc = refusal(app, place=f"Post{brk}1. Sepp +100,00 €")
    assert str(exc) == "place: must be one line (no line break)"
    assert exc.german == "Ort: nur eine Zeile, ohne Zeilenumbruch"


@pytest.mark.parametrize("mark", DIRECTION_MARKS)
@pytest.mark.parametrize("key, field", [("place", "Ort"), ("note", "Notiz")])
def test_place_and_note_refuse_writing_direction_marks(app, mark, key, field):
    exc = refusal(app, **{key: f"Gasthaus {mark}tsoP"})
    assert str(exc).startswith(f"{key}: holds U+{ord(mark):04X}: "), str(exc)
    assert exc.german.startswith(f"{field} enthält ein Richtungszeichen (U+{ord(mark):04X})"), exc.german


@pytest.mark.parametrize("key", ["place", "note"])
def test_place_and_note_refuse_control_characters(app, key):
    for char in ("\t", "\x00", "\x1b", "\u200b"):
        assert str(refusal(app, **{key: f"Post{char}wirt"})).startswith(f"{key}: holds U+")


def test_a_place_is_at_most_80_characters(app):
    assert app.start_evening("schafkopf", SK4, place="P" * 80).place == "P" * 80
    exc = refusal(app, place="P" * 81)
    assert str(exc) == "place: is 81 characters long, at most 80"
    assert exc.german == "Ort: höchstens 80 Zeichen (jetzt 81)"
    assert str(refusal(app, place="P" * 3_000_000)).startswith("place: is 3000000 characters long")


def test_a_note_is_at_most_5_lines(app):
    five = "\n".join(f"Zeile {i}" for i in range(1, 6))
    assert app.start_evening("schafkopf", SK4, note=five).note == five
    assert app.start_evening("schafkopf", SK4, note=five.replace("\n", "\r\n")).note == five  # Windows' breaks
    exc = refusal(app, note=five + "\nZeile 6")
    assert str(exc) == "note: has 6 lines, at most 5"
    assert exc.german == "Notiz: höchstens 5 Zeilen (jetzt 6)"


def test_a_note_is_at_most_500_characters(app):
    assert app.start_evening("schafkopf", SK4, note="n" * 500).note == "n" * 500
    assert str(refusal(app, note="n" * 501)) == "note: is 501 characters long, at most 500"


def test_place_and_note_are_kept_trimmed_and_in_nfc(app):
    info = app.start_evening("schafkopf", SK4, place="  Gasthaus zur Poste\u0301 ", note=" Kirta\n")
    assert (info.place, info.note) == ("Gasthaus zur Posté", "Kirta")
    assert app.start_evening("schafkopf", SK4, place="   ").place is None


def test_the_command_line_refuses_a_place_or_note_naming_it(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    db = tmp_path / "c.db"
    ok(capsys, "--db", db, "start", "schafkopf", *SK4, "--place", "Post")
    before = dump(db)
    assert refused(capsys, "--db", db, "start", "schafkopf", *SK4, "--place", "Post\nwirt") == \
        "place: must be one line (no line break)"
    assert refused(capsys, "--db", db, "start", "schafkopf", *SK4, "--note", "\u202eKirta").startswith(
        "note: holds U+202E:")
    path = tmp_path / "evening.json"
    path.write_text(session_file(place="Post"), encoding="utf-8")
    assert refused(capsys, "--db", db, "import", path, "--place", "x" * 81) == "place: is 81 characters long, at most 80"
    assert dump(db) == before


# --- what an earlier release took -----------------------------------------------------------------

def test_a_session_file_of_an_earlier_release_is_fitted_with_a_notice_not_refused(tmp_path, capsys, monkeypatch):
    """An earlier release documented place and note as any text and wrote what it was given: its
    file is imported, the texts fitted to the limits, and the import says so."""
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    db = tmp_path / "c.db"
    path = tmp_path / "old.json"
    path.write_text(session_file(place="Post\n1. Sepp +100,00 €\u202e " + "x" * 3_000_000,
                                 note="\n".join(f"Zeile {i}\t!" for i in range(1, 10))), encoding="utf-8")
    code, out, err = run(capsys, "--db", db, "import", path)
    assert code == 0, err
    assert err.splitlines()[0].startswith("note: place: made to fit (at most 80 characters on 1 line(s)")
    assert err.splitlines()[1].startswith("note: note: made to fit (at most 500 characters on 5 line(s)")
    with App.open(db) as app:
        info = app.evening(int(out))
        assert info.place == "Post 1. Sepp +100,00 € " + "x" * 56 + "…"
        assert info.note == "Zeile 1 !\nZeile 2 !\nZeile 3 !\nZeile 4 !\nZeile 5 ! Zeile 6 ! Zeile 7 ! Zeile 8 ! Zeile 9 !"
        notices = app.import_session(path.read_text(encoding="utf-8")).notices
        assert [n.german.split(" (")[0] for n in notices] == ["Ort angepasst", "Notiz angepasst"]
    # a file within the limits, or --place given, is imported without a word
    path.write_text(session_file(place="Post", note="Kirta"), encoding="utf-8")
    assert ok(capsys, "--db", db, "import", path).strip().isdigit()
    path.write_text(session_file(place="Post\nwirt"), encoding="utf-8")
    assert ok(capsys, "--db", db, "import", path, "--place", "Post").strip().isdigit()


def test_a_place_of_the_wrong_type_in_a_file_is_still_refused(app):
    with pytest.raises(SessionError, match="place"):
        app.import_session(session_file(place=["Post"]))


def test_an_evening_stored_with_a_huge_odd_place_still_opens_and_exports(app):
    evening = app.start_evening("schafkopf", SK4).id
    app.add_hand(evening, SAUSPIEL)
    place = "Post\n1. Sepp +100,00 €\u202e\n" + "# Gewinner " * 300_000  # 3.3 MB, as an earlier release took
    stored_as_an_earlier_release(app, evening, place=place, note="Kirta\n\n\u2067x\u2069\n" * 50)
    assert app.evening(evening).place == place  # kept as it is: nothing stored is changed
    for kind in ("json", "csv", "csv-de", "md", "html", "text", "png"):
        assert app.export_session(evening, kind), kind
    assert json.loads(app.export_session(evening, "json"))["place"] == place  # the session file carries it
    assert "Post 1. Sepp +100,00 € # Gewinner" in app.export_session(evening, "text").splitlines()[0]
    assert len(app.export_session(evening, "text").splitlines()[0]) < 120


# --- the words (issue 35, item 7) --------------------------------------------------------------------

def test_a_number_agrees_with_the_word_it_counts():
    assert [fmt.counted(n, "Punkte") for n in (0, 1, 2, -1)] == ["0 Punkte", "1 Punkt", "2 Punkte", "-1 Punkt"]
    assert fmt.counted(1, "Striche", with_sign=True) == "+1 Strich"
    assert fmt.counted(-1, "Striche", with_sign=True) == "-1 Strich"
    assert [fmt.counted(1, w) for w in ("Augen", "Spiele", "Stiche", "Bolla")] == ["1 Auge", "1 Spiel", "1 Stich", "1 Bolla"]


def test_a_tables_own_word_is_counted_with_the_singular_it_names():
    assert [fmt.counted(n, "Serien", singular="Serie") for n in (1, 3)] == ["1 Serie", "3 Serien"]


def test_a_preview_counts_one_point_in_the_singular():
    deltas = {"Vroni": {"punkte": 1}, "Kathi": {"punkte": 1}, "Hias": {"punkte": -1}, "Wast": {"punkte": -2}}
    assert preview(deltas, ["punkte"], get_table("preisschafkopf-plusminus")) == \
        "Vroni & Kathi je +1 Punkt, Hias -1 Punkt, Wast -2 Punkte"


def test_a_refusal_counts_one_auge_in_the_singular():
    assert render("augen_impossible", {"augen": 1}, german=True) == "1 Auge: geht sich mit den Karten nicht aus"
    assert render("augen_impossible", {"augen": 59}, german=True) == "59 Augen: geht sich mit den Karten nicht aus"
    assert render("augen_impossible", {"augen": 1}) == "1 Augen cannot be made with these cards"  # (the command line's)


def test_a_german_refusal_quotes_a_name_in_german_quotation_marks(app):
    with pytest.raises(ScorepadError) as info:
        app.start_evening("schafkopf", SK4[:3] + ["Maximiliane Theodora von und zu Guttenberg"])
    assert info.value.german == "„Maximiliane Theodora von und zu Guttenberg“ ist länger als 40 Zeichen"
    with pytest.raises(ScorepadError) as info:
        app.start_evening("schafkopf", SK4[:3] + ["Sepp\n1. Hias"])
    assert info.value.german.startswith("„Sepp\\n1. Hias“ enthält einen Zeilenumbruch")  # the break shown
    assert render("name_twice", {"first": "Hias'l", "second": 'Der "Hias"'}, german=True) == \
        "Derselbe Name zweimal: „Hias'l“ und „Der \"Hias\"“"


def test_doppelkopf_statistics_call_a_soloist_solo_not_spieler(app):
    session = json.loads((EXAMPLES / "doppelkopf.json").read_text(encoding="utf-8"))
    evening = app.import_session(json.dumps(session)).id
    summary = app.summary(evening)
    wast = next(s for s in summary.stats if s.name == "Wast")  # the Damensolo of hand 3
    assert stat_phrases(app.table(evening), wast)[0] == "Solo 1× (1 gewonnen)"
    schafkopf = app.import_session((EXAMPLES / "schafkopf.json").read_text(encoding="utf-8")).id
    vroni = next(s for s in app.summary(schafkopf).stats if s.name == "Vroni")
    assert stat_phrases(app.table(schafkopf), vroni)[0].startswith("Spieler 2× (")


def test_a_partner_game_names_its_partner_without_brackets():
    """The form shows how the partner is found in brackets ("Mitspieler (hat die gerufene
    Sau)"): a built-in table's words for it have none of their own."""
    for tid, table in builtin_tables().items():
        for cid, contract in getattr(table, "contracts", {}).items():
            assert "(" not in getattr(contract, "partner_is", ""), (tid, cid)
