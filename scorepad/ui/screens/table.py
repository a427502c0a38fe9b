"""The table: standings large enough to read across the table, laid out like the seats, the
dealer marked; one line about what comes next; the hands, newest first; one big button."""

from __future__ import annotations

import flet as ft

from scorepad import fmt
from scorepad.describe import describe_hand
from scorepad.errors import ScorepadError
from scorepad.ui.main import notice_line
from scorepad.ui.widgets import TARGET, big_button, error_screen, header, screen, tag, tally_marks
from scorepad.games import family_of
from scorepad.ui.words import context_line, tally_text


def player_card(name: str, row: dict[str, int], tallies: list[str], table, *, dealer: bool,
                titles: list[str], weg: int | None, columns: int) -> ft.Control:
    lead = tallies[0]
    value = row[lead]
    look = family_of(table).words.card_look(table, value, row)
    if look.marks:
        big = tag(ft.Text(tally_marks(value) if value else "weg", size=26, weight=ft.FontWeight.BOLD,
                          key=f"marks-{name}", font_family="monospace"))
    else:
        colour = None
        if lead == "geld":
            colour = ft.Colors.GREEN_700 if value > 0 else (ft.Colors.RED_700 if value < 0 else None)
        if look.warn:
            colour = ft.Colors.RED_700
        big = tag(ft.Text(tally_text(lead, value, signed=lead == "geld"), size=30, weight=ft.FontWeight.BOLD,
                          color=colour, key=f"value-{name}"))
    small = look.small if look.small is not None else [f"{fmt.TALLY_NAMES.get(t, t)} {tally_text(t, row[t])}"
                                                        for t in tallies[1:]]
    top = [ft.Text(name, size=18, weight=ft.FontWeight.BOLD, expand=True, no_wrap=True)]
    if dealer:
        top.append(ft.Container(ft.Text("gibt", size=13, color=ft.Colors.ON_PRIMARY),
                                bgcolor=ft.Colors.PRIMARY, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                                border_radius=10, key=f"dealer-{name}"))
    extra: list[ft.Control] = [ft.Text(" · ".join(small), size=13)] if small else []
    if look.progress is not None:
        extra.append(ft.ProgressBar(value=look.progress, color=ft.Colors.RED_700 if look.warn else ft.Colors.PRIMARY))
    if weg:
        extra.append(ft.Text(f"{weg}. weg", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    for title in titles:
        extra.append(ft.Text(title, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.TERTIARY))
    return ft.Container(
        ft.Column([ft.Row(top), big] + extra, spacing=4),
        padding=12, border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        opacity=0.55 if look.faded else 1.0,
        col={"xs": 12 // columns}, key=f"card-{name}",
    )


def seat_order(players: list[str]) -> list[str]:
    """Cards like the table, for four in a 2x2 grid: the first seat bottom left, then clockwise
    (top left, top right, bottom right), so the one across the table is across on the screen."""
    if len(players) == 4:
        return [players[1], players[2], players[0], players[3]]
    return players


@ft.component
def TableScreen(nav, tick: int) -> ft.Control:
    evening_id = nav.route.evening
    try:
        info = nav.app.evening(evening_id)
        result = nav.app.show(evening_id)
        hands = nav.app.hands(evening_id)
        table = nav.app.table(evening_id)
    except ScorepadError as exc:
        return error_screen("Abend", nav.to("start"), exc)
    state = result.state
    standings = result.standings
    tallies = list(next(iter(standings.values())).keys())
    family = table.family
    titles: dict[str, list[str]] = {p: [] for p in info.players}
    for tid, trophy in table.trophies.items():
        for p in state.get("trophies", {}).get(tid, []):
            titles[p].append(trophy.name)
    weg_rank = {p: i + 1 for i, p in enumerate(state.get("weg", []))}
    columns = 2 if len(info.players) <= 4 else 3 if len(info.players) <= 6 else 2
    cards = ft.ResponsiveRow([
        player_card(p, standings[p], tallies, table, dealer=p == state.get("next_dealer"), titles=titles[p],
                    weg=weg_rank.get(p), columns=columns)
        for p in seat_order(info.players)
    ], spacing=10, run_spacing=10)

    def undo():
        nav.undo(evening_id)  # this phone's own last change only

    editable = nav.can_edit(evening_id) and not info.finished
    lines: list[ft.Control] = []
    lead = tallies[0]
    for hand, raw in reversed(list(zip(result.hands, hands))):
        points = " ".join(f"{p[:6]} {tally_text(lead, hand.deltas[p][lead], signed=True)}"
                          for p in info.players if hand.deltas[p][lead])
        row = tag(ft.ListTile(
            title=ft.Text(f"{hand.number} · {describe_hand(table, raw, hand)}", size=15),
            subtitle=ft.Text(points or "–", size=15, weight=ft.FontWeight.W_500),
            on_click=nav.to("hand", evening_id, hand.number) if editable else None,
            key=f"hand-{hand.number}", min_height=52,
        ))
        row.key = f"hand-{hand.number}"  # rows matched by key: a new hand sends one row, not all shifted
        lines.append(row)
    draft = nav.app.draft(evening_id, nav.device)
    label = family_of(table).words.next_label(state, draft)
    body = [cards, ft.Container(tag(ft.Text(context_line(family, state, standings, table), size=16,
                                            weight=ft.FontWeight.W_600, key="context-line")),
                                padding=ft.Padding.symmetric(vertical=4))]
    if lines:
        body.append(ft.Text("Spiele", size=15, weight=ft.FontWeight.BOLD))
        body.extend(lines)
    else:
        body.append(ft.Text("Noch kein Spiel eingetragen.", size=15))
    # rarely needed at the table: below the hands, so the header keeps room for the game's name
    body.append(ft.Row([
        tag(ft.OutlinedButton("Verlauf", icon=ft.Icons.HISTORY, on_click=nav.to("history", evening_id),
                              height=TARGET, key="history")),
        tag(ft.OutlinedButton("Regeln", icon=ft.Icons.MENU_BOOK, on_click=nav.to("rules", evening_id),
                              height=TARGET, key="rules")),
    ], wrap=True))
    actions = [
        tag(ft.IconButton(ft.Icons.UNDO, on_click=undo, tooltip="Rückgängig", key="undo")),
        tag(ft.IconButton(ft.Icons.EURO, on_click=nav.to("settle", evening_id), tooltip="Abrechnung", key="settle")),
    ]
    if not editable:
        actions = actions[1:]
    elif nav.require_pin:
        actions.insert(0, tag(ft.IconButton(ft.Icons.PIN, on_click=nav.to("pin-show", evening_id),
                                            tooltip="PIN zeigen", key="show-pin")))
    if info.finished:
        bottom = None
    elif editable:
        bottom = ft.Row([big_button(label, nav.to("hand", evening_id), icon=ft.Icons.ADD, key="next-hand")])
    else:
        bottom = ft.Row([big_button("Mitschreiben: PIN eingeben", nav.to("pin", evening_id), icon=ft.Icons.LOCK_OPEN,
                                    key="unlock")])
    line = notice_line(nav)  # what this phone just did, above the big button, never over it
    if line is not None:
        bottom = ft.Column([line, bottom], spacing=8) if bottom is not None else line
    return screen(header(info.game, on_back=nav.to("start"), actions=actions,
                         subtitle=f"{len(result.hands)} {'Spiel' if len(result.hands) == 1 else 'Spiele'}" + (" · beendet" if info.finished else "")),
                  body, bottom)
