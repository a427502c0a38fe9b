"""A tournament's printed pages, as A4 HTML (printed from the browser): the table sheets (one
page per table: round, table, the seats in order, who deals first and who sits out, the
games to play, the evening's PIN and a QR code of its address on the organiser's server, which
the table's scorekeeper scans with a phone), the ranking list and the prize list (the first N
places of the ranking). Pure: the sheets and standings in, the page out. Every stored text is
escaped (and isolated by direction: a right-to-left name beside its number stays readable)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

import segno

from scorepad import fmt
from scorepad.tournament.address import evening_address
from scorepad.tournament.sheet import TableSheet

STYLE = """
@page { size: A4; margin: 15mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", sans-serif; margin: 0; color: #000; }
.sheet { break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 20pt; margin: 0 0 2mm; overflow-wrap: anywhere; }
.where { font-size: 30pt; font-weight: bold; margin: 0 0 6mm; }
table { border-collapse: collapse; width: calc(100% - 2px); margin-left: 1px; table-layout: fixed; }
th, td { border: 1px solid #555; padding: 2mm 3mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eee; white-space: nowrap; overflow-wrap: normal; font-size: 11pt; }
.seats td { font-size: 16pt; }
.seats .place { width: 26mm; white-space: nowrap; }
.seats .note { width: 58mm; }
.seats td.note { font-size: 12pt; }
.games { font-size: 14pt; margin: 5mm 0; }
.phone { display: flex; gap: 8mm; align-items: center; border: 2px solid #000; padding: 5mm; margin-top: 8mm;
         break-inside: avoid; }
.phone svg { width: 55mm; height: 55mm; flex: none; }
.pin { font-size: 34pt; font-weight: bold; letter-spacing: 2mm; margin: 2mm 0; }
.address { font-family: "DejaVu Sans Mono", monospace; font-size: 10pt; overflow-wrap: anywhere; }
.ranking td.num { text-align: right; white-space: nowrap; }
.ranking .w1 { width: 16mm; } .ranking .w2 { width: 24mm; } .ranking .w3 { width: 38mm; }
.ranking thead { display: table-header-group; }
.ranking tr { break-inside: avoid; }
.facts { margin: 0 0 5mm; }
"""


class RankLine(Protocol):
    """A line of the ranking, as the application layer gives it (app/tournament_models.py)."""

    rank: int
    name: str
    number: int | None
    points: int
    solos_won: int
    games: int


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


def _page(title: str, body: list[str]) -> str:
    return "\n".join(['<!DOCTYPE html>', '<html lang="de"><head><meta charset="utf-8">', f"<title>{_e(title)}</title>",
                      f"<style>{STYLE}</style>", "</head><body>", *body, "</body></html>"]) + "\n"


def sheet_html(sheet: TableSheet, base: str) -> str:
    """One table's sheet (one A4 page)."""
    address = evening_address(base, sheet.evening)
    rows = "".join(f'<tr><td class="place">Platz {place}</td><td>{_name(name)}</td>'
                   f'<td class="note">{_e(sheet.note(place, name))}</td></tr>'
                   for place, name in enumerate(sheet.seats, 1))
    return "\n".join([
        f'<section class="sheet" data-table="{sheet.table}" data-evening="{sheet.evening}">',
        f"<h1>{_e(sheet.tournament)}</h1>",
        f'<p class="where">Runde {sheet.round} · Tisch {sheet.table}</p>',
        '<table class="seats"><thead><tr><th class="place">Platz</th><th>Name</th><th class="note">Hinweis</th>'
        '</tr></thead>',
        f"<tbody>{rows}</tbody></table>",
        f'<p class="games">{sheet.games} Spiele in dieser Runde; die Plätze im Uhrzeigersinn.</p>',
        '<div class="phone">', qr_svg(address), "<div>",
        "<p>Mitschreiben am Handy: den QR-Code scannen und die PIN eingeben.</p>",
        f'<p class="pin">PIN {_e(sheet.pin)}</p>',
        f"<p>Abend {sheet.evening}</p>",
        f'<p class="address">{_e(address)}</p>',
        "</div></div>", "</section>"])


def sheets_html(sheets: Sequence[TableSheet], base: str) -> str:
    """The table sheets of a round, one A4 page per table."""
    title = f"{sheets[0].tournament}: Tischzettel Runde {sheets[0].round}" if sheets else "Tischzettel"
    return _page(title, [sheet_html(s, base) for s in sheets])


def standings_html(tournament: str, facts: str, rows: Sequence[RankLine], tally: str,
                   places: int | None = None) -> str:
    """The ranking list (every place) or, with `places`, the prize list (the first `places`
    places): place, number, name, points, won solos (and games, in the ranking)."""
    prizes = places is not None
    shown = [r for r in rows if places is None or r.rank <= places]
    heading = f"Preisliste: Plätze 1 bis {places}" if prizes else "Rangliste"
    head = [("Platz", "w1"), ("Nr.", "w1"), ("Name", ""), ("Punkte", "w2"), ("Soli gewonnen", "w3")] \
        + ([] if prizes else [("Spiele", "w2")])
    lines = []
    for r in shown:
        cells = [f'<td class="num">{r.rank}.</td>', f'<td class="num">{"" if r.number is None else r.number}</td>',
                 f"<td>{_name(r.name)}</td>", f'<td class="num">{_e(fmt.tally_value(tally, r.points))}</td>',
                 f'<td class="num">{r.solos_won}</td>'] + ([] if prizes else [f'<td class="num">{r.games}</td>'])
        lines.append("<tr>" + "".join(cells) + "</tr>")
    return _page(f"{tournament}: {heading}", [
        f"<h1>{_e(tournament)}</h1>", f"<h2>{_e(heading)}</h2>", f'<p class="facts">{_e(facts)}</p>',
        '<table class="ranking"><thead><tr>' + "".join(f'<th class="{c}">{h}</th>' if c else f"<th>{h}</th>" for h, c in head) + "</tr></thead>",
        "<tbody>" + "".join(lines) + "</tbody></table>"])
