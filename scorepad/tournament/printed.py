"""A tournament's printed pages, as A4 HTML (printed from the browser): the table sheets (one
page per table: round, table, the seats in order, who deals first and who sits out, the
games to play, the evening's PIN and a QR code of its address on the organiser's server, which
the table's scorekeeper scans with a phone), the ranking list and the prize list (the first N
places of the ranking). A game with its own paper list (Skat) prints it on the table sheet
instead of the plain ruled list: a row for every game of the series (the games entered filled
in), the block at its foot, a line for each player to sign (game_list). Pure: the sheets and
standings in, the page out. Every stored text is
escaped (and isolated by direction: a right-to-left name beside its number stays readable)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

import segno

from scorepad import fmt
from scorepad.exports import short_names
from scorepad.tournament.address import evening_address
from scorepad.tournament.sheet import TableList, TableSheet
from scorepad.tournament.tie_breaks import DEFAULT, LOT_DECIDED, TIE_BREAKS, of, printed_reason, printed_rule

STYLE = """
@page { size: A4; margin: 15mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", sans-serif; margin: 0; color: #000; }
.sheet { break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 20pt; margin: 0 0 2mm; overflow-wrap: anywhere; }
.where { font-size: 26pt; font-weight: bold; margin: 0 0 4mm; }
table { border-collapse: collapse; width: calc(100% - 2px); margin-left: 1px; table-layout: fixed; }
th, td { border: 1px solid #555; padding: 2mm 3mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eee; white-space: nowrap; overflow-wrap: normal; font-size: 11pt; }
.seats td { font-size: 14pt; padding: 1.5mm 3mm; }
.seats .place { width: 26mm; white-space: nowrap; }
.seats .note { width: 58mm; }
.seats td.note { font-size: 12pt; }
.games { font-size: 14pt; margin: 4mm 0; }
.phone { display: flex; gap: 8mm; align-items: center; border: 2px solid #000; padding: 4mm; margin-top: 5mm;
         break-inside: avoid; }
.phone svg { width: 36mm; height: 36mm; flex: none; }
.phone p { margin: 1mm 0; }
.pin { font-size: 28pt; font-weight: bold; letter-spacing: 2mm; margin: 1mm 0; }
.address { font-family: "DejaVu Sans Mono", monospace; font-size: 10pt; overflow-wrap: anywhere; }
.ranking td.num { text-align: right; white-space: nowrap; }
.ranking .w1 { width: 16mm; } .ranking .w2 { width: 24mm; } .ranking .w3 { width: 38mm; }
.ranking thead { display: table-header-group; }
.ranking tr { break-inside: avoid; }
.facts { margin: 0 0 5mm; }
.stand { font-size: 10pt; margin: 0 0 3mm; }
.tiebreak { font-size: 11pt; margin: 4mm 0 0; }
.pen { margin-top: 4mm; }
.pen h2 { font-size: 13pt; margin: 0 0 2mm; }
.pen td, .pen th { height: 6.5mm; padding: 0.5mm 2mm; font-size: 10pt; }
.pen th { white-space: normal; overflow-wrap: anywhere; }
.pen .nr { width: 15mm; } .pen th.nr { white-space: nowrap; } .pen .game { width: 38mm; }
.pen thead { display: table-header-group; }
.pen tr { break-inside: avoid; }
.pen tr.sign td { height: 12mm; }
"""

# the game's own list on a table sheet (Skat's): only on the pages that have one
LIST_STYLE = """
.list { margin-top: 4mm; }
.list h2 { font-size: 13pt; margin: 0 0 1mm; }
.list .key { font-size: 8pt; margin: 0 0 1.5mm; }
table.list { font-size: 8.5pt; }
table.list th, table.list td { padding: 0.4mm 1mm; height: 5.2mm; vertical-align: middle; }
table.list th { font-size: 8pt; white-space: normal; overflow-wrap: anywhere; }
table.list td.num, table.list th.num { text-align: right; white-space: nowrap; overflow-wrap: normal; }
table.list td.mark, table.list th.mark { text-align: center; padding: 0.4mm 0; white-space: nowrap; }
table.list td { overflow-wrap: normal; word-break: normal; }
table.list thead { display: table-header-group; }
table.list tr { break-inside: avoid; }
.foot { break-inside: avoid; page-break-inside: avoid; margin-top: 3mm; }
table.foot td, table.foot th { height: 6mm; padding: 0.5mm 1.5mm; font-size: 9pt; vertical-align: middle; }
table.foot td.num { text-align: right; white-space: nowrap; }
table.foot tr.total td { font-weight: bold; border-top: 2px solid #000; }
table.foot tr.sign td { height: 13mm; }
"""


class RankLine(Protocol):
    """A line of the ranking, as the application layer gives it (app/tournament_models.py)."""

    rank: int
    name: str
    number: int | None
    points: int
    solos_won: int
    games: int
    won: int
    lost: int


def qr_code(text: str) -> segno.QRCode:
    """The QR code of `text` (error correction M: a sheet may get a crease or a beer ring)."""
    return segno.make(text, error="m", micro=False)


def qr_svg(text: str) -> str:
    """The QR code of `text` as inline SVG, sized by the page's style."""
    svg: str = qr_code(text).svg_inline(scale=1, border=4, omitsize=True, dark="#000", light="#fff")
    return svg.replace("<svg ", f'<svg role="img" aria-label="QR-Code: {html.escape(text)}" ', 1)


def _e(text: object) -> str:
    return html.escape(str(text))


def _name(name: str) -> str:
    return f"<bdi>{_e(name)}</bdi>"


def _page(title: str, body: list[str], style: str = "") -> str:
    return "\n".join(['<!DOCTYPE html>', '<html lang="de"><head><meta charset="utf-8">', f"<title>{_e(title)}</title>",
                      f"<style>{STYLE}{style}</style>", "</head><body>", *body, "</body></html>"]) + "\n"


def sheet_html(sheet: TableSheet, base: str, stand: str | None = None) -> str:
    """One table's sheet (one A4 page; a long round's ruled list goes on over the next)."""
    address = evening_address(base, sheet.evening)
    rows = "".join(f'<tr><td class="place">Platz {place}</td><td>{_name(name)}</td>'
                   f'<td class="note">{_e(sheet.note(place, name))}</td></tr>'
                   for place, name in enumerate(sheet.seats, 1))
    return "\n".join([
        f'<section class="sheet" data-table="{sheet.table}" data-evening="{sheet.evening}">',
        f"<h1>{_e(sheet.tournament)}</h1>",
        f'<p class="where">{_e(sheet.round_word)} {sheet.round} · Tisch {sheet.table}</p>',
        *([f'<p class="stand">{_e(stand)}</p>'] if stand else []),
        '<table class="seats"><thead><tr><th class="place">Platz</th><th>Name</th><th class="note">Hinweis</th>'
        '</tr></thead>',
        f"<tbody>{rows}</tbody></table>",
        f'<p class="games">{sheet.games} Spiele in dieser {_e(sheet.round_word)}; die Plätze im Uhrzeigersinn.</p>',
        '<div class="phone">', qr_svg(address), "<div>",
        "<p>Mitschreiben am Handy: den QR-Code scannen und die PIN eingeben.</p>",
        f'<p class="pin">PIN {_e(sheet.pin)}</p>',
        f"<p>Abend {sheet.evening}</p>",
        f'<p class="address">{_e(address)}</p>',
        "</div></div>", pen_list(sheet) if sheet.paper is None else game_list(sheet, sheet.paper), "</section>"])


def pen_list(sheet: TableSheet) -> str:
    """The ruled list to go on by pen when no phone writes any more: a row per game (the game
    and each seat's points), the sums, and a line for each player to sign the table's result."""
    names = "".join(f"<th>{_name(n)}</th>" for n in sheet.seats)
    blank = "<td></td>" * len(sheet.seats)
    rows = "".join(f'<tr><td class="num">{k}</td><td></td>{blank}</tr>' for k in range(1, sheet.games + 1))
    return "\n".join([
        '<div class="pen">', "<h2>Zum Weiterschreiben mit Stift (wenn kein Handy mehr schreibt)</h2>",
        f'<table class="pen"><thead><tr><th class="nr">Spiel</th><th class="game">Spiel und Spieler</th>{names}'
        "</tr></thead>",
        f'<tbody>{rows}<tr><td colspan="2">Summe</td>{blank}</tr>'
        f'<tr class="sign"><td colspan="2">Unterschrift</td>{blank}</tr></tbody></table>', "</div>"])


# the widths of a game's own columns on the list (mm; the seats' columns share the rest of 180 mm)
LIST_WIDTHS = {"Spieler": 21, "Spiel": 19, "Spitzen": 15.5, "H": 6, "S": 6, "Sw": 6.5, "O": 6, "Wert": 13,
               "SF": 16.5}
MARKS = {"H", "S", "Sw", "O"}
NAME_CUT = 9  # a name longer than this is cut in the list's narrow columns
AMOUNTS = {"Wert", "SF"}


def game_list(sheet: TableSheet, paper: TableList) -> str:
    """The game's own list (Skat's): Nr, the game's columns and each seat's Stand after the game,
    a row for every game of the round (the games entered filled in, the rest ruled for the pen),
    the block at its foot and a line for each player to sign. Long names are cut in the narrow
    columns (as the evening's paper list export cuts them); the seats above name them in full."""
    seats = list(sheet.seats)
    short = short_names(seats, NAME_CUT)
    cols = '<col style="width: 8mm">' + "".join(f'<col style="width: {LIST_WIDTHS.get(h, 14)}mm">' for h in paper.head) \
        + "<col>" * len(seats)  # (the seats share the rest)

    def css(h: str) -> str:
        return ' class="mark"' if h in MARKS else ' class="num"' if h in AMOUNTS else ""

    head = '<th class="num">Nr</th>' + "".join(f"<th{css(h)}>{_e(h)}</th>" for h in paper.head) \
        + "".join(f'<th class="num">{_name(short[n])}</th>' for n in seats)
    rows = []
    for row in paper.rows:
        cells = "".join(f"<td{css(h)}>{_name(short[c]) if c in short else _e(c)}</td>"
                        for h, c in zip(paper.head, row.cells))
        stand = "".join(f'<td class="num">{_e(fmt.tally_value(paper.tally, v))}</td>' for v in row.stand)
        rows.append(f'<tr data-game="{row.number}"><td class="num">{row.number}</td>{cells}{stand}</tr>')
    blank = "<td></td>" * (len(paper.head) + len(seats))
    rows += [f'<tr data-game="{k}"><td class="num">{k}</td>{blank}</tr>' for k in range(len(paper.rows) + 1,
                                                                                      paper.games + 1)]
    return "\n".join([
        '<div class="list">', f"<h2>Spielliste {_e(sheet.round_word)} {sheet.round} · Tisch {sheet.table}</h2>",
        f'<p class="key">Stand: nach jedem Spiel. {_e(paper.key)}</p>',
        f'<table class="list"><colgroup>{cols}</colgroup><thead><tr>{head}</tr></thead>',
        f'<tbody>{"".join(rows)}</tbody></table>', list_foot(sheet, paper, short), "</div>"])


def list_foot(sheet: TableSheet, paper: TableList, short: dict[str, str]) -> str:
    """The block under the list (the game's: Skat's Seeger-Fabian, a line per part and the
    total; filled in when the table's games are all entered; a game without one: a Summe to
    fill in) and a line for each player to sign."""
    seats = list(sheet.seats)
    names = "".join(f'<th class="num">{_name(short[n])}</th>' for n in seats)
    lines = []
    for k, line in enumerate(paper.foot):
        total = ' class="total"' if k == len(paper.foot) - 1 else ""
        if paper.foot_filled:
            cells = "".join(f'<td class="num">{_e(fmt.tally_value(paper.tally, line.amounts[n], k > 0))}'
                            + (f' <small>({line.counts[n]}×)</small>' if line.counts is not None else "") + "</td>"
                            for n in seats)
        else:
            cells = "<td></td>" * len(seats)
        lines.append(f"<tr{total}><td>{_e(line.label)}</td>{cells}</tr>")
    sign = "".join(f"<td>{_name(n)}</td>" for n in seats)  # (in full: who signs)
    return "\n".join([
        '<div class="foot">', '<table class="foot"><colgroup><col style="width: 62mm"></colgroup>',
        f"<thead><tr><th></th>{names}</tr></thead><tbody>",
        *(lines or [f'<tr class="total"><td>Summe</td>{"<td></td>" * len(seats)}</tr>']),
        f'<tr class="sign"><td>Unterschrift</td>{"<td></td>" * len(seats)}</tr>',
        f'<tr class="names"><td></td>{sign}</tr>', "</tbody></table>", "</div>"])


def sheets_html(sheets: Sequence[TableSheet], base: str, stand: str | None = None) -> str:
    """The table sheets of a round, one A4 page per table (`stand`: when they were printed)."""
    title = f"{sheets[0].tournament}: Tischzettel {sheets[0].round_word} {sheets[0].round}" if sheets else "Tischzettel"
    return _page(title, [sheet_html(s, base, stand) for s in sheets],
                 LIST_STYLE if any(s.paper is not None for s in sheets) else "")


DECIDED = {"lot": LOT_DECIDED} | {key: t.decided for key, t in TIE_BREAKS.items()}


def tie_break_words(rows: Sequence[RankLine], decided: Sequence[str | None],
                    tie_breaks: Sequence[str] = DEFAULT) -> list[str]:
    """Each run of places a tie-break decided, in words: "Plätze 4 bis 8: gleiche Punkte und
    gleich viele gewonnene Soli, durch Los entschieden"."""
    out: list[str] = []
    k = 1
    while k < len(rows):
        how = decided[k]
        if how is None:
            k += 1
            continue
        first = k - 1
        while k + 1 < len(rows) and decided[k + 1] == how:
            k += 1
        places = f"Plätze {rows[first].rank} bis {rows[k].rank}" if k - first > 1 else \
            f"Plätze {rows[first].rank} und {rows[k].rank}"
        out.append(f"{places}: {printed_reason(how, tie_breaks)}")
        k += 1
    return out


def standings_html(tournament: str, facts: str, rows: Sequence[RankLine], tally: str,
                   places: int | None = None, decided: Sequence[str | None] | None = None,
                   stand: str | None = None, tie_breaks: Sequence[str] = DEFAULT) -> str:
    """The ranking list (every place) or, with `places`, the prize list (the first `places`
    places): place, number (where the players have numbers), name, points, the counts of the
    table's `tie_breaks` (won solos; games won and lost) (and games, in the ranking), where a
    tie-break decided a place which (`decided`, per line: a tie-break's key, "lot" or None),
    and the time it shows (`stand`: "Stand: 05.12.2026, 22:14 Uhr")."""
    breaks = of(tie_breaks)
    prizes = places is not None
    decided = list(decided) if decided is not None else [None] * len(rows)
    kept = [(r, d) for r, d in zip(rows, decided) if places is None or r.rank <= places]
    shown, how = [r for r, _ in kept], [d for _, d in kept]
    numbers = any(r.number is not None for r in shown)
    ties = any(how)
    heading = f"Preisliste: Plätze 1 bis {places}" if prizes else "Rangliste"
    head = [("Platz", "w1")] + ([("Nr.", "w1")] if numbers else []) + [("Name", ""), ("Punkte", "w2")] \
        + [(t.printed, "w3" if len(t.printed) > 5 else "w1") for t in breaks] \
        + ([] if prizes else [("Spiele", "w2")]) + ([("Gleichstand", "w3")] if ties else [])
    lines = []
    for r, d in zip(shown, how):
        cells = [f'<td class="num">{r.rank}.</td>'] \
            + ([f'<td class="num">{"" if r.number is None else r.number}</td>'] if numbers else []) \
            + [f"<td>{_name(r.name)}</td>", f'<td class="num">{_e(fmt.tally_value(tally, r.points))}</td>'] \
            + [f'<td class="num">{getattr(r, t.field)}</td>' for t in breaks] \
            + ([] if prizes else [f'<td class="num">{r.games}</td>']) \
            + ([f"<td>{DECIDED.get(d or '', '')}</td>"] if ties else [])
        lines.append("<tr>" + "".join(cells) + "</tr>")
    notes = "".join(f'<p class="tiebreak">{_e(w)}</p>' for w in tie_break_words(shown, how, tie_breaks))
    return _page(f"{tournament}: {heading}", [
        f"<h1>{_e(tournament)}</h1>", f"<h2>{_e(heading)}</h2>", f'<p class="facts">{_e(facts)}</p>',
        *([f'<p class="stand">{_e(stand)}</p>'] if stand else []),
        '<table class="ranking"><thead><tr>' + "".join(f'<th class="{c}">{h}</th>' if c else f"<th>{h}</th>" for h, c in head) + "</tr></thead>",
        "<tbody>" + "".join(lines) + "</tbody></table>", notes,
        f'<p class="tiebreak">{_e(printed_rule(tie_breaks))}</p>'])
