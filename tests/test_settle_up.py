"""Issue 14: settling up as a table expects. Only a finished Rad is money (an open one only
when the table chooses to settle it, and then said so everywhere); exports people can open
(German spreadsheets, Markdown that is text, a JSON that keeps the evening's date); charts
that start where the sheet starts; words that say what they mean."""

from __future__ import annotations

import csv
import io
import json
import time

import pytest

from scorepad import app as app_module
from scorepad.app import App
from scorepad.cli import main
from test_summary import sw

STARTED = "2026-11-29T18:30:00.000+00:00"
P4 = ["Vroni", "Wast", "Hias", "Kathi"]
V, W, H, K = P4
ALL_TEXT = ("json", "csv", "md", "html", "text")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    monkeypatch.setattr(app_module, "now", lambda: STARTED)
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    with App.open(tmp_path / "scorepad.db") as a:
        yield a
    monkeypatch.undo()
    time.tzset()


def cli(capsys, *argv) -> str:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return out


def open_rad_evening(app: App) -> int:
    """Struliwuli stopped after 8 of 32 hands (one Partie of four): Vroni made her bid in each
    hand, nobody else did; the open Rad would pay Vroni, but no Rad is finished: no money."""
    evening = app.start_evening("struliwuli", P4).id
    for cards in (8, 7, 6, 5, 4, 3, 2, 1):
        app.add_hand(evening, sw(P4, cards, {V: 0}))
    return evening


# --- 1. no money before the Rad is done --------------------------------------------------------------

def test_an_open_rad_is_no_money_in_any_export(app):
    evening = open_rad_evening(app)
    assert all(row["geld"] == 0 for row in app.show(evening).standings.values())
    summary = app.summary(evening)
    assert summary.balances == dict.fromkeys(P4, 0) and summary.transfers == []
    rad = summary.open_rad
    assert (rad.settled, rad.hands, rad.of) == (False, 8, 32) and rad.cents[V] > 0 and sum(rad.cents.values()) == 0
    data = json.loads(app.export_session(evening, "json"))["results"]["summary"]
    assert data["transfers"] == [] and set(data["balances"].values()) == {0}
    for kind in ("md", "html", "text"):
        text = app.export_session(evening, kind)
        assert "→" not in text and "0,44" not in text, kind
        assert "Rad nicht fertig" in text, kind  # said, not silently dropped


def test_the_open_rad_is_settled_only_when_chosen_and_said_so(app, capsys):
    evening = open_rad_evening(app)
    summary = app.summary(evening, settle_open=True)
    assert summary.open_rad.settled is True
    assert summary.transfers and all(t.payee == V for t in summary.transfers)
    for kind in ("md", "html", "text"):
        text = app.export_session(evening, kind, settle_open=True)
        assert "offener Rad, anteilig" in text, kind
        assert f"→ {V}" in text, kind
    data = json.loads(app.export_session(evening, "json", settle_open=True))["results"]["summary"]
    assert data["open_rad"]["settled"] is True and data["transfers"]
    csv_text = app.export_session(evening, "csv", settle_open=True)
    assert "offener Rad, anteilig" in csv_text
    db = app.store.path
    assert "→" not in cli(capsys, "--db", db, "export", evening, "--format", "text")
    settled = cli(capsys, "--db", db, "export", evening, "--format", "text", "--settle-open-rad")
    assert "offener Rad, anteilig" in settled and f"→ {V}" in settled


def test_the_season_counts_an_open_rad_only_when_chosen(app, capsys):
    evening = open_rad_evening(app)
    rows = {r.name: r.money for r in app.season("struliwuli").rows}
    assert rows == dict.fromkeys(P4, 0)
    chosen = {r.name: r.money for r in app.season("struliwuli", settle_open=True).rows}
    assert chosen == app.summary(evening, settle_open=True).balances
    db = app.store.path
    plain = json.loads(cli(capsys, "--db", db, "stats", "--json"))
    assert {r["name"]: r["money"] for r in plain["rows"]} == dict.fromkeys(P4, 0)
    settled = json.loads(cli(capsys, "--db", db, "stats", "--json", "--settle-open-rad"))
    assert {r["name"]: r["money"] for r in settled["rows"]} == chosen
    assert "offener Rad, anteilig" in cli(capsys, "--db", db, "stats", "--settle-open-rad")


async def test_the_settle_screen_settles_an_open_rad_only_when_chosen(tmp_path):
    from flet_harness import open_phone
    from scorepad.ui.main import make_main

    m = make_main(str(tmp_path / "ui.db"))
    try:
        evening = open_rad_evening(m.app)
        phone = await open_phone(m)
        await phone.tap(f"evening-{evening}")
        await phone.tap("settle")
        assert not phone.has("transfer-0")
        assert any("Rad nicht fertig" in t for t in phone.texts())
        await phone.tap("settle-open-rad")
        assert phone.has("transfer-0")
        assert any("offener Rad, anteilig" in t for t in phone.texts())
        await phone.tap("settle-open-rad")
        assert not phone.has("transfer-0")
    finally:
        m.app.close()
