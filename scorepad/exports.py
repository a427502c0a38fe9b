"""Evening exports: CSV, Markdown, a self-contained printable HTML page, JSON and a short text
to paste into a chat. All German, all from the engine's replay and the evening summary.

Safe for every stored text (scorepad/texts.py): each line of the text, the Markdown and the page
is `plain` (no line break or writing-direction mark a stored text brings), the place is one short
line, Markdown escapes its own syntax and HTML its own, and a right-to-left name is isolated by
direction (FSI ... PDI, <bdi> in HTML) so that the number beside it stays where it is.

The formats (names, labels, MIME types, suffixes) are listed in exportformats.py; what every
export says alike (title, places, money per hand) is exportparts.py's."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import Any

from scorepad import fmt
from scorepad.csvcells import Figure, csv_line
from scorepad.describe import describe_hand
from scorepad.exportparts import (
    GAME_NAME_CHARS,
    OPEN_RAD,
    PALETTE,
    chart_points,
    games_line,
    hand_money,
    open_rad_note,
    owed,
    owed_lines,
    places,
    running,
    sheets,
    show_saldo,
    standing,
    stat_phrases,
    title,
    transfers_heading,
    when_where,
)
from scorepad.games import family_of, tally_name
from scorepad.games.base import HandResult, Replay
from scorepad.games.family import MONEY_TALLY, ListColumns
from scorepad.summary import EveningSummary
from scorepad.tables import RuleTable
from scorepad.texts import FSI, PDI, isolate_names, names_pattern, plain

# the shared pieces, by their old names here too (exportparts holds them)
__all__ = ["GAME_NAME_CHARS", "OPEN_RAD", "PALETTE", "chart_points", "games_line", "open_rad_note", "owed",
           "owed_lines", "places", "show_saldo", "stat_phrases", "transfers_heading", "when_where"]

STAND = "Stand"  # a player's standing after a hand, as the paper list heads it


def _tally_head(table: RuleTable, tally: str) -> str:
    return tally_name(table, tally) + (" (ct)" if tally == MONEY_TALLY else "")


def _csv(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary, german: bool) -> str:
    sep = ";" if german else ","
    players, tallies = summary.players, summary.tallies
    # a game whose money is no tally (Schwarze Sau, Saukopf with a price): its money per hand too
    money = hand_money(table, players, result)
    columns = tallies + [MONEY_TALLY] if money else tallies
    # the Stand after each hand, as a paper list carries it: the sheet, and the money added up
    boards, money_stand = sheets(table, session, result), running(money) if money else None

    def head(t: str) -> str:
        return tally_name(table, t) + " (€)" if german and t == MONEY_TALLY else _tally_head(table, t)

    def value(t: str, v: int) -> Any:
        if german and t == MONEY_TALLY:  # euros with a decimal comma, as German spreadsheets read numbers
            return Figure(fmt.money(v).removesuffix(" €").replace(".", ""))
        return v

    # each player's change per hand, then (added after them, so that every earlier column keeps
    # its place) each player's Stand after the hand
    lines = [csv_line(["Nr", "Geber", "Spiel"] + [f"{p} {head(t)}" for p in players for t in columns]
                      + [f"{p} {STAND} {head(t)}" for p in players for t in columns], sep)]
    stand: dict[str, dict[str, int]] = {p: dict.fromkeys(columns, 0) for p in players}
    for i, (hand, raw) in enumerate(zip(result.hands, session["hands"])):
        change = {p: {t: money[i][p] if money and t == MONEY_TALLY else hand.deltas[p][t] for t in columns}
                  for p in players}
        stand = {p: {t: money_stand[i][p] if money_stand and t == MONEY_TALLY else boards[i][p][t] for t in columns}
                 for p in players}
        row: list[Any] = [hand.number, hand.dealer, describe_hand(table, raw, hand)]
        row += [value(t, change[p][t]) for p in players for t in columns]
        row += [value(t, stand[p][t]) for p in players for t in columns]
        lines.append(csv_line(row, sep))
    if summary.open_rad and summary.open_rad.settled:  # the money the table chose to settle
        cents = summary.open_rad.cents
        settled = [value(t, cents[p] if t == MONEY_TALLY else 0) for p in players for t in columns]
        after = [value(t, stand[p][t] + (cents[p] if t == MONEY_TALLY else 0)) for p in players for t in columns]
        lines.append(csv_line(["", "", OPEN_RAD] + settled + after, sep))
    return ("\ufeff" if german else "") + "".join(lines)


def to_csv(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary) -> str:
    """One row per hand: number, dealer, the hand in words, then each player's change per tally
    (geld in cents), then each player's Stand per tally after the hand ("Hias Stand Punkte").
    Comma-separated UTF-8, for programs and international spreadsheets."""
    return _csv(table, session, result, summary, german=False)


def to_csv_de(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary) -> str:
    """The CSV as German Excel and LibreOffice open it by a double click: semicolons, money in
    euros with a decimal comma, and a byte-order mark so that "Zé Ünal" reads right."""
    return _csv(table, session, result, summary, german=True)


def _standings_rows(summary: EveningSummary) -> list[list[str]]:
    rows = []
    saldo = show_saldo(summary)
    for place, p in zip(places(summary), summary.ranking):
        row = [f"{place}.", p] + [fmt.tally_value(t, summary.standings[p][t], t == MONEY_TALLY)
                                  for t in summary.tallies]
        if saldo:
            row.append(fmt.money(summary.balances[p], signed=True))
        rows.append(row)
    return rows


def _standings_head(table: RuleTable, summary: EveningSummary) -> list[str]:
    head = ["Platz", "Name"] + [tally_name(table, t) for t in summary.tallies]
    if show_saldo(summary):
        head.append("Saldo" + (f" ({OPEN_RAD})" if summary.open_rad and summary.open_rad.settled else ""))
    return head


def _transfer_lines(summary: EveningSummary, arrow: str = "→") -> list[str]:
    return [f"{t.payer} {arrow} {t.payee} {fmt.money(t.cents)}" for t in summary.transfers]


def _trophy_lines(summary: EveningSummary) -> list[str]:
    return [f"{name}: {', '.join(holders) if holders else 'noch niemand'}" for name, holders in summary.trophies.items()]


def _stat_lines(table: RuleTable, summary: EveningSummary) -> list[list[str]]:
    return [[s.name, str(s.hands_played), "; ".join(stat_phrases(table, s))] for s in summary.stats]


MD_SYNTAX = re.compile(r"[\\`*_\[\]#|~]|(?<=[A-Za-z]):(?=//)|(?<=www)\.", re.IGNORECASE)
MD_LINE_START = re.compile(r"^([-+]|\d+(?=[.)]))")


def md_text(text: str) -> str:
    """Text for Markdown, shown as it is: HTML stays text (`<script>` becomes `&lt;script&gt;`),
    and what Markdown would read as its own (emphasis, a [link](...), a heading's #, a table's |,
    code, a bare http:// or www. link) is escaped with a backslash."""
    return MD_SYNTAX.sub(lambda m: "\\" + m.group(), html.escape(text, quote=False))


def md_line(text: str) -> str:
    """`md_text` for a line or a list item of its own: a leading "-", "+" or "1." is no new list."""
    return MD_LINE_START.sub(lambda m: m.group() + "\\" if m.group()[0].isdigit() else "\\" + m.group(),
                             md_text(text))


def _md_table(head: list[str], rows: list[list[str]], names: re.Pattern[str] | None = None) -> str:
    esc = [[md_text(isolate_names(plain(c), names)) for c in r] for r in [head] + rows]
    lines = ["| " + " | ".join(esc[0]) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in esc[1:]]
    return "\n".join(lines)


def to_markdown(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary) -> str:
    names = names_pattern(summary.players)

    def md(text: str) -> str:  # one line of its own
        return md_line(isolate_names(plain(text), names))

    parts = [f"# {md(title(summary))}", "", md(f"{games_line(summary)} · {', '.join(summary.players)}"), ""]
    parts += ["## Stand", "", _md_table(_standings_head(table, summary), _standings_rows(summary), names), ""]
    if owing := owed(table, summary):
        parts += [f"## {owing.heading}", ""] + [f"- {md(line)}" for line in owing.lines] + [""]
    if note := open_rad_note(summary):
        parts += [md(note), ""]
    if summary.transfers:
        parts += [f"## {transfers_heading(summary)}", ""] + [f"- {md(line)}" for line in _transfer_lines(summary)] + [""]
    if summary.trophies:
        parts += ["## Trophäen", ""] + [f"- {md(line)}" for line in _trophy_lines(summary)] + [""]
    parts += ["## Statistik", "", _md_table(["Name", "Spiele", ""], _stat_lines(table, summary), names), ""]
    rows = [[str(h.number), h.dealer, describe_hand(table, raw, h),
             " / ".join(f"{p} {fmt.tally_value(summary.tallies[0], h.deltas[p][summary.tallies[0]], True)}"
                        for p in summary.players)]
            for h, raw in zip(result.hands, session["hands"])]
    parts += ["## Spiele", "", _md_table(["Nr", "Geber", "Spiel", tally_name(table, summary.tallies[0])], rows,
                                         names), ""]
    return "\n".join(parts)


def chart_svg(summary: EveningSummary, width: int = 640, height: int = 260, table: RuleTable | None = None) -> str:
    """The standings hand by hand as an inline SVG line chart (no scripts, no fonts needed)."""
    series = chart_points(summary)
    values = [v for vs in series.values() for v in vs] or [0]
    lo, hi = min(values + [0]), max(values + [0])
    span = (hi - lo) or 1
    n = max((len(vs) - 1 for vs in series.values()), default=0)
    left, right, top, bottom = 48, 12, 12, 28
    w, h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (w * i / max(n, 1))

    def y(v: int) -> float:
        return top + h - (v - lo) * h / span

    tally = summary.chart.tally
    label = (lambda v: fmt.money(v)) if tally == MONEY_TALLY else str
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
           f'role="img" aria-label="Verlauf: {html.escape(tally_name(table, tally))} nach jedem Spiel">',
           f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" stroke="#888" stroke-width="1"/>',
           f'<text x="{left - 4}" y="{y(hi) + 4:.1f}" font-size="11" text-anchor="end">{html.escape(label(hi))}</text>',
           f'<text x="{left - 4}" y="{y(lo) + 4:.1f}" font-size="11" text-anchor="end">{html.escape(label(lo))}</text>',
           f'<text x="{left}" y="{height - 8}" font-size="11">Spiel 0</text>',
           f'<text x="{width - right}" y="{height - 8}" font-size="11" text-anchor="end">Spiel {n}</text>']
    for k, (player, vs) in enumerate(series.items()):
        colour = PALETTE[k % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs))
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
                   f'<title>{html.escape(player)}</title></polyline>')
    out.append("</svg>")
    return "\n".join(out)


def html_text(text: str, names: re.Pattern[str] | None = None) -> str:
    """Text for the page: `plain`, escaped, a right-to-left name in <bdi>."""
    return html.escape(isolate_names(plain(text), names)).replace(FSI, "<bdi>").replace(PDI, "</bdi>")


def _html_table(head: list[str], rows: Sequence[Sequence[str | tuple[str, str]]], numbers_from: int | None = None,
                css: str | None = None, names: re.Pattern[str] | None = None) -> str:
    """A table; the columns from `numbers_from` on hold amounts that must not wrap ("3,20 €")
    and stand right-aligned; their headings (names, in the hand table) may wrap anywhere, so
    that the hand table's Geber and Spiel wrap only between words (HTML_STYLE). A cell of two
    (the hand table's) is a hand's change and, under it in bold, the Stand after it."""
    def cell(tag: str, i: int, c: str | tuple[str, str]) -> str:
        number = numbers_from is not None and i >= numbers_from
        attr = (' class="n"' if tag == "td" else ' class="p"') if number else ""
        text = html_text(c, names) if isinstance(c, str) else f'{html_text(c[0])}<span class="s">{html_text(c[1])}</span>'
        return f"<{tag}{attr}>{text}</{tag}>"

    th = "".join(cell("th", i, c) for i, c in enumerate(head))
    body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(r)) + "</tr>" for r in rows)
    cls = f' class="{css}"' if css else ""
    return f"<table{cls}><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


HTML_STYLE = """
@page { size: A4; margin: 15mm; }
body { font-family: "DejaVu Sans", Roboto, Arial, sans-serif; color: #111; margin: 0 auto; max-width: 180mm;
       overflow-wrap: anywhere; }
h1 { font-size: 20pt; margin: 0 0 4mm; } h2 { font-size: 13pt; margin: 6mm 0 2mm; }
h1, h2 { break-after: avoid; page-break-after: avoid; }
table { border-collapse: collapse; width: 100%; font-size: 10pt; }
th, td { border-bottom: 1px solid #ccc; padding: 1.5mm 2mm; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; word-break: normal; }
th { background: #eee; overflow-wrap: normal; } tr { page-break-inside: avoid; break-inside: avoid; }
.n { white-space: nowrap; text-align: right; overflow-wrap: normal; }
table.hands { font-size: 9pt; } table.hands th, table.hands td { padding: 1.2mm 1.2mm; }
table.hands td:nth-child(2), table.hands td:nth-child(3) { overflow-wrap: break-word; hyphens: auto; }
th.p { text-align: right; } table.hands th.p { overflow-wrap: anywhere; min-width: 5.5em; }
table.paper th.p { min-width: 3.5em; }
.note { border-left: 1mm solid #ef6c00; padding-left: 2mm; }
.s { display: block; font-weight: bold; }
.key { font-size: 9pt; color: #444; margin: 0 0 1.5mm; break-after: avoid; page-break-after: avoid; }
.legend span { display: inline-block; max-width: 100%; margin-right: 4mm; font-size: 10pt; }
.legend i { display: inline-block; width: 10mm; height: 1.5mm; margin-right: 1mm; vertical-align: middle; }
ul { margin: 0; padding-left: 5mm; }
svg { display: block; max-width: 100%; break-inside: avoid; }
"""


def short_names(players: list[str], limit: int = 12) -> dict[str, str]:
    """Names for the narrow columns of the hand table: a long name cut to `limit` characters
    and "…", with its seat number where two cut names would read the same (the standings and
    the statistics keep the full names)."""
    cut = {p: p if len(p) <= limit + 1 else p[:limit] + "…" for p in players}
    seen = [cut[p] for p in players]
    return {p: f"{cut[p]} ({i})" if seen.count(cut[p]) > 1 else cut[p] for i, p in enumerate(players, 1)}


def to_html(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary) -> str:
    names = names_pattern(summary.players)

    def h(text: str) -> str:
        return html_text(text, names)

    page_title = html.escape(plain(title(summary)))
    legend = "".join(f'<span><i style="background:{PALETTE[k % len(PALETTE)]}"></i>{h(p)}</span>'
                     for k, p in enumerate(summary.players))
    sections = [f"<h1>{h(title(summary))}</h1>",
                f"<p>{h(games_line(summary))} · {h(', '.join(summary.players))}</p>",
                "<h2>Stand</h2>", _html_table(_standings_head(table, summary), _standings_rows(summary), numbers_from=2,
                                              names=names)]
    if owing := owed(table, summary):
        sections += [f"<h2>{h(owing.heading)}</h2>",
                     "<ul>" + "".join(f"<li>{h(line)}</li>" for line in owing.lines) + "</ul>"]
    if note := open_rad_note(summary):
        sections.append(f'<p class="note">{h(note)}</p>')
    if summary.transfers:
        sections += [f"<h2>{h(transfers_heading(summary))}</h2>",
                     "<ul>" + "".join(f'<li>{h(t.payer)} → {h(t.payee)} '
                                      f'<span class="n">{h(fmt.money(t.cents))}</span></li>'
                                      for t in summary.transfers) + "</ul>"]
    if summary.trophies:
        sections += ["<h2>Trophäen</h2>",
                     "<ul>" + "".join(f"<li>{h(line)}</li>" for line in _trophy_lines(summary)) + "</ul>"]
    sections += ["<h2>Verlauf</h2>", chart_svg(summary, table=table), f'<p class="legend">{legend}</p>',
                 "<h2>Statistik</h2>", _html_table(["Name", "Spiele", ""], _stat_lines(table, summary), names=names)]
    lead = summary.tallies[0]
    short = short_names(summary.players)
    cut = sorted((p for p in summary.players if short[p] != p), key=len, reverse=True)

    def said(text: str) -> str:  # the hand in words, with the hand table's short names
        for p in cut:
            text = text.replace(p, short[p])
        return text

    # as a paper list: each player's change in the hand, and under it the Stand after it
    money = lead == MONEY_TALLY
    family = family_of(table)
    columns = family.list_columns(table) or ListColumns(["Geber", "Spiel"])

    def cells(h: HandResult, raw: Any) -> list[str]:  # the hand's own columns, before the players'
        if columns.head == ["Geber", "Spiel"]:
            return [short.get(h.dealer, h.dealer), said(describe_hand(table, raw, h))]
        return [said(c) for c in family.list_cells(table, raw if isinstance(raw, dict) else {}, h)]

    rows: list[list[str | tuple[str, str]]] = [
        [str(h.number), *cells(h, raw)]
        + [(fmt.tally_value(lead, h.deltas[p][lead], True), fmt.tally_value(lead, board[p][lead], money))
           for p in summary.players]
        for h, raw, board in zip(result.hands, session["hands"], sheets(table, session, result))]
    sections += ["<h2>Spiele</h2>",
                 f'<p class="key">{h(tally_name(table, lead))} je Spiel, darunter fett der {STAND} danach.'
                 f'{" " + h(columns.key) if columns.key else ""}</p>',
                 _html_table(["Nr", *columns.head] + [short[p] for p in summary.players], rows,
                             numbers_from=1 + len(columns.head) - columns.amounts,
                             css="hands paper" if columns.narrow else "hands",
                             names=names_pattern(summary.players + list(short.values())))]
    body = "\n".join(sections)
    return (f'<!DOCTYPE html>\n<html lang="de">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{page_title}</title>\n<style>{HTML_STYLE}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")


def to_text(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary) -> str:
    """A few lines to paste into a chat."""
    lines = [title(summary), games_line(summary)]
    for place, p in zip(places(summary), summary.ranking):
        lines.append(f"{place}. {p} {standing(table, summary, p)}")
    lines += _trophy_lines(summary)
    lines += owed_lines(table, summary)
    if note := open_rad_note(summary):
        lines.append(note)
    if summary.transfers:
        lines.append(f"{transfers_heading(summary)}:")
        lines += _transfer_lines(summary)
    names = names_pattern(summary.players)
    return "\n".join(isolate_names(plain(line), names) for line in lines) + "\n"


def to_json(table: RuleTable, session: dict[str, Any], result: Replay, summary: EveningSummary) -> str:
    """The session file (format 1, importable as is) plus the computed results."""
    data = dict(session)
    data["results"] = {"replay": result.as_dict(), "summary": summary.model_dump(mode="json")}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
