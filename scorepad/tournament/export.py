"""A whole tournament written out: as JSON (everything: facts, players, every round's tables
with their scores, the ranking, the lost-game fee), as CSV for German Excel (the ranking with
each round's points) and as one HTML page (the ranking and every round's tables), from the
tournament's data as `App.tournament_data` gives it. The CSV and the page show the counts of the
table's tie-breaks (Schafkopf: won solos; Skat: games won and lost). Pure: the data in, the text out.

A tournament that takes a lost-game fee (Verlustspielgeld) adds it to the CSV and the page:
each player's fee per round and in all, and the pot's total; one that takes none is written as
before."""

from __future__ import annotations

import html
import json
from typing import Any

from scorepad import fmt
from scorepad.csvcells import Figure, csv_line
from scorepad.tournament.tie_breaks import DEFAULT, TieBreak, of

FORMATS = ("csv-de", "html", "json")
BOM = "\ufeff"


def render(data: dict[str, Any], format: str) -> str:
    """The tournament in `format` (one of FORMATS)."""
    if format == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if format == "csv-de":
        return to_csv_de(data)
    if format == "html":
        return to_html(data)
    raise ValueError(format)


def _round_points(data: dict[str, Any]) -> dict[str, list[int | None]]:
    """Each player's points per round (None: not seated that round)."""
    out: dict[str, list[int | None]] = {p["name"]: [None] * len(data["rounds"]) for p in data["players"]}
    for i, rnd in enumerate(data["rounds"]):
        for table in rnd["tables"]:
            for name, score in table["scores"].items():
                if name in out:
                    out[name][i] = score["points"]
    return out


def _fees(data: dict[str, Any]) -> bool:
    """Whether the tournament takes a lost-game fee (then the CSV and the page show it)."""
    return bool(data.get("fees", {}).get("scale"))


def _round_fees(data: dict[str, Any]) -> dict[str, list[int | None]]:
    """Each player's fee per round in cents (None: not seated that round)."""
    out: dict[str, list[int | None]] = {p["name"]: [None] * len(data["rounds"]) for p in data["players"]}
    for i, rnd in enumerate(data["rounds"]):
        for table in rnd["tables"]:
            for name, score in table["scores"].items():
                if name in out:
                    out[name][i] = score.get("fee", 0)
    return out


def _money(cents: int | None) -> str:
    return "" if cents is None else Figure(fmt.money(cents))


def _points(data: dict[str, Any], value: int | None) -> str:
    return "" if value is None else Figure(fmt.tally_value(data["tally"], value))


def _breaks(data: dict[str, Any]) -> list[TieBreak]:
    """The tie-breaks whose counts are shown (data before tables named them: won solos)."""
    return of(data.get("tie_breaks", DEFAULT))


def to_csv_de(data: dict[str, Any]) -> str:
    """The ranking as German Excel opens it by a double click: semicolons, a byte-order mark."""
    rounds = [f"Runde {r['round']}" for r in data["rounds"]]  # column names, the same for every game
    breaks = _breaks(data)
    fees = _fees(data)
    paid = ["Verlustspielgeld", *(f"Verlustspielgeld Runde {r['round']}" for r in data["rounds"])] if fees else []
    lines = [csv_line(["Platz", "Nr.", "Name", "Punkte", *(t.column for t in breaks), "Spiele", *rounds, *paid], ";")]
    per_round = _round_points(data)
    fee_rounds = _round_fees(data)
    for s in data["standings"]:
        owed = [_money(s.get("fees", 0)), *(_money(v) for v in fee_rounds[s["name"]])] if fees else []
        lines.append(csv_line([f"{s['rank']}.", s["number"], s["name"], _points(data, s["points"]),
                               *(s[t.field] for t in breaks), s["games"],
                               *(_points(data, v) for v in per_round[s["name"]]), *owed], ";"))
    if fees:
        pot = ["", "", "Kasse", "", *([""] * len(breaks)), "", *([""] * len(rounds)), _money(data["fees"]["total"])]
        lines.append(csv_line(pot, ";"))
    return BOM + "".join(lines)


def _round_words(data: dict[str, Any]) -> tuple[str, str]:
    """What the table calls a round, one and more (Skat: Serie, Serien; data before tables named
    it: Runde, Runden)."""
    t = data["tournament"]
    return t.get("round_word", "Runde"), t.get("rounds_word", "Runden")


def _games(facts: dict[str, Any]) -> str:
    """The games per table and round: "32", or per table size "36/48" (smallest table first)."""
    by_size = facts.get("table_games") or {}
    return "/".join(str(by_size[k]) for k in sorted(by_size, key=int)) if by_size else str(facts["games"])


def _cells(tag: str, values: list[Any]) -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(str(v))}</{tag}>" for v in values) + "</tr>"


def to_html(data: dict[str, Any]) -> str:
    """One page: the ranking, then every round's tables with each player's points."""
    t = data["tournament"]
    title = html.escape(t["name"])
    breaks = _breaks(data)
    one, more = _round_words(data)
    parts = ["<!DOCTYPE html>", '<html lang="de"><head><meta charset="utf-8">', f"<title>{title}</title>",
             "<style>body{font-family:sans-serif}table{border-collapse:collapse;margin-bottom:1em}"
             "td,th{border:1px solid #999;padding:2px 8px}td:nth-child(n+4){text-align:right}</style>",
             "</head><body>", f"<h1>{title}</h1>",
             f"<p>{html.escape(t['ruleset'])} · {html.escape(fmt.counted(t['rounds'], more, singular=one))} · {html.escape(_games(t))} Spiele "
             f"je Tisch und {html.escape(one)}</p>",
             "<h2>Rangliste</h2><table>",
             _cells("th", ["Platz", "Nr.", "Name", "Punkte", *(b.column for b in breaks), "Spiele",
                           *(["Verlustspielgeld"] if _fees(data) else [])])]
    for s in data["standings"]:
        parts.append(_cells("td", [f"{s['rank']}.", "" if s["number"] is None else s["number"], s["name"],
                                   _points(data, s["points"]), *(s[b.field] for b in breaks), s["games"],
                                   *([_money(s.get("fees", 0))] if _fees(data) else [])]))
    parts.append("</table>")
    if _fees(data):
        fees = data["fees"]
        parts.append(f"<p>Verlustspielgeld: {html.escape(fees['words'])} · in der Kasse: "
                     f"{html.escape(fmt.money(fees['total']))}</p>")
    for rnd in data["rounds"]:
        parts.append(f"<h2>{html.escape(one)} {rnd['round']}</h2><table>")
        parts.append(_cells("th", ["Tisch", "Abend", "Name", "Punkte", *(b.column for b in breaks), "Spiele",
                                   *(["Verlustspielgeld"] if _fees(data) else [])]))
        for table in rnd["tables"]:
            for name in table["seats"]:
                score = table["scores"][name]
                parts.append(_cells("td", [table["table"], table["evening"], name, _points(data, score["points"]),
                                           *(score.get(b.field, 0) for b in breaks), score["games"],
                                           *([_money(score.get("fee", 0))] if _fees(data) else [])]))
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
