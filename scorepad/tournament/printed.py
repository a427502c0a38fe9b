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
        "</div></div>", pen_list(sheet), "</section>"])


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


def sheets_html(sheets: Sequence[TableSheet], base: str, stand: str | None = None) -> str:
    """The table sheets of a round, one A4 page per table (`stand`: when they were printed)."""
    title = f"{sheets[0].tournament}: Tischzettel {sheets[0].round_word} {sheets[0].round}" if sheets else "Tischzettel"
    return _page(title, [sheet_html(s, base, stand) for s in sheets])


DECIDED = {"solos": "nach Soli", "lot": "durch Los"}


def tie_break_words(rows: Sequence[RankLine], decided: Sequence[str | None]) -> list[str]:
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
        out.append(f"{places}: gleiche Punkte, nach den gewonnenen Soli entschieden" if how == "solos" else
                   f"{places}: gleiche Punkte und gleich viele gewonnene Soli, durch Los entschieden")
        k += 1
    return out


def standings_html(tournament: str, facts: str, rows: Sequence[RankLine], tally: str,
                   places: int | None = None, decided: Sequence[str | None] | None = None,
                   stand: str | None = None) -> str:
    """The ranking list (every place) or, with `places`, the prize list (the first `places`
    places): place, number (where the players have numbers), name, points, won solos (and
    games, in the ranking), where a tie-break decided a place which (`decided`, per line:
    "solos", "lot" or None), and the time it shows (`stand`: "Stand: 05.12.2026, 22:14 Uhr")."""
    prizes = places is not None
    decided = list(decided) if decided is not None else [None] * len(rows)
    kept = [(r, d) for r, d in zip(rows, decided) if places is None or r.rank <= places]
    shown, how = [r for r, _ in kept], [d for _, d in kept]
    numbers = any(r.number is not None for r in shown)
    ties = any(how)
    heading = f"Preisliste: Plätze 1 bis {places}" if prizes else "Rangliste"
    head = [("Platz", "w1")] + ([("Nr.", "w1")] if numbers else []) + [("Name", ""), ("Punkte", "w2"),
                                                                       ("Soli gewonnen", "w3")] \
        + ([] if prizes else [("Spiele", "w2")]) + ([("Gleichstand", "w3")] if ties else [])
    lines = []
    for r, d in zip(shown, how):
        cells = [f'<td class="num">{r.rank}.</td>'] \
            + ([f'<td class="num">{"" if r.number is None else r.number}</td>'] if numbers else []) \
            + [f"<td>{_name(r.name)}</td>", f'<td class="num">{_e(fmt.tally_value(tally, r.points))}</td>',
               f'<td class="num">{r.solos_won}</td>'] + ([] if prizes else [f'<td class="num">{r.games}</td>']) \
            + ([f"<td>{DECIDED.get(d or '', '')}</td>"] if ties else [])
        lines.append("<tr>" + "".join(cells) + "</tr>")
    notes = "".join(f'<p class="tiebreak">{_e(w)}</p>' for w in tie_break_words(shown, how))
    return _page(f"{tournament}: {heading}", [
        f"<h1>{_e(tournament)}</h1>", f"<h2>{_e(heading)}</h2>", f'<p class="facts">{_e(facts)}</p>',
        *([f'<p class="stand">{_e(stand)}</p>'] if stand else []),
        '<table class="ranking"><thead><tr>' + "".join(f'<th class="{c}">{h}</th>' if c else f"<th>{h}</th>" for h, c in head) + "</tr></thead>",
        "<tbody>" + "".join(lines) + "</tbody></table>", notes,
        '<p class="tiebreak">Bei gleichen Punkten entscheiden die gewonnenen Soli, dann das Los.</p>'])
