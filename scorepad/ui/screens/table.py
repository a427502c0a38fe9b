"""The table: standings large enough to read across the table, laid out like the seats, the
dealer marked; one line about what comes next; the hands, newest first; one big button."""

from __future__ import annotations

import time
from typing import Any, cast

import flet as ft

from scorepad import fmt
from scorepad.app import phone_label
from scorepad.describe import describe_hand, hand_lines
from scorepad.errors import ScorepadError
from scorepad.games import CardLook, family_of
from scorepad.games.family import MONEY_TALLY
from scorepad.ui.notices import notice_line
from scorepad.ui.widgets import TARGET, big_button, error_screen, header, icon_action, screen, tag
from scorepad.ui.words import context_line, tally_text

GLOW_S = 4.0  # how long a hand that just arrived from another phone stays highlighted
# hands listed at first, and added each time the list is scrolled near its end (or the button
# below it is tapped): a render costs the hands shown, not the evening's length
PAGE = 30
Row = tuple[tuple[Any, ...], ft.Control]  # what a listed hand's row shows, and the row


def player_card(name: str, look: CardLook, *, dealer: bool, columns: int, sits_out: bool = False) -> ft.Control:
    """One player's card as the game's words.card_look says it (the screen adds the name, the
    dealer's mark and who sits out)."""
    colour = ft.Colors.RED_700 if look.warn or look.tone == "loss" else ft.Colors.GREEN_700 if look.tone == "gain" else None
    if look.marks:
        big = tag(ft.Text(look.big, size=26, weight=ft.FontWeight.BOLD, color=colour, key=f"marks-{name}",
                          font_family="monospace"))
    else:
        # three cards a row (five or six at the table): a smaller figure, so "+0,10 €" stays on one line
        big = tag(ft.Text(look.big, size=30 if columns <= 2 else 22, weight=ft.FontWeight.BOLD, color=colour,
                          no_wrap=True, key=f"value-{name}"))
    top: list[ft.Control] = [ft.Text(name, size=18, weight=ft.FontWeight.BOLD, expand=True, no_wrap=True)]
    if dealer:
        top.append(tag(ft.Container(ft.Text("gibt", size=13, color=ft.Colors.ON_PRIMARY),
                                    bgcolor=ft.Colors.PRIMARY, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                                    border_radius=10, key=f"dealer-{name}")))
    extra: list[ft.Control] = [ft.Text(" · ".join(look.small), size=13)] if look.small else []
    if sits_out:  # more at the table than play a hand: this one sits the next hand out
        extra.append(tag(ft.Text("setzt aus", size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.SECONDARY,
                                 key=f"sits-out-{name}")))
    if look.progress is not None:
        extra.append(ft.ProgressBar(value=look.progress, color=ft.Colors.RED_700 if look.warn else ft.Colors.PRIMARY))
    for note in look.notes:
        extra.append(ft.Text(note, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    for title in look.titles:
        extra.append(ft.Text(title, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.TERTIARY))
    return ft.Container(
        ft.Column([ft.Row(top), big] + extra, spacing=4),
        padding=12, border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        opacity=0.55 if look.faded or sits_out else 1.0,
        col={"xs": 12 // columns}, key=f"card-{name}",
    )

DRAW_LOOK_S = 3.0  # a closed round's table phone looks this often whether the next round is drawn


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
        view = nav.app.table_view(evening_id, nav.device)  # one read per render, no replay
    except ScorepadError as exc:
        return error_screen("Abend", nav.to("start"), exc)
    info, table, result, hands = view.info, view.table, view.replay, view.hands
    place = nav.app.table_place(evening_id)  # a tournament's table: where it belongs, whether its round is over
    over = place is not None and place.closed
    waits = over and place is not None and place.next_round is None and not place.finished

    def wait_for_draw() -> Any:
        """A closed round's table looks again every DRAW_LOOK_S until the next round is drawn
        (the draw changes other evenings, not this one), then says where its players sit."""
        if not waits:
            return None
        gone = [False]

        async def look() -> None:
            if not gone[0]:
                nav.refresh()
                nav.soon(look, DRAW_LOOK_S)

        nav.soon(look, DRAW_LOOK_S)
        return lambda: gone.__setitem__(0, True)

    ft.use_effect(wait_for_draw, [waits])
    state = result.state
    standings = result.standings
    family = table.family
    words = family_of(table).words
    columns = 2 if len(info.players) <= 4 else 3 if len(info.players) <= 6 else 2
    cards = ft.ResponsiveRow([
        player_card(p, words.card_look(table, p, standings[p], state), dealer=not over and p == state.get("next_dealer"),
                    columns=columns, sits_out=p in state.get("sitting_out", ()))
        for p in seat_order(info.players)
    ], spacing=10, run_spacing=10)

    def undo():
        nav.undo(evening_id)  # this phone's own last change only

    holds = nav.can_edit(evening_id)
    editable = holds and not info.finished
    shown, set_shown = ft.use_state(PAGE)
    count = len(result.hands)
    glowing = arrived(nav, hands, since=count - shown)
    lines = listed_rows(nav, view, shown, glowing, editable)
    older = count - len(lines)
    if older:  # the rest a scroll (or this button) away: every hand stays reachable
        lines.append(tag(ft.TextButton(f"Ältere Spiele zeigen ({older} weitere)", icon=ft.Icons.EXPAND_MORE,
                                       on_click=lambda: set_shown(shown + PAGE), height=TARGET, key="older-hands")))

    def scrolled(e: ft.OnScrollEvent) -> None:
        """Near the end of the list: the next older hands; back at the top: the newest page
        again, so later saves render only what a phone shows there."""
        if older and e.pixels >= e.max_scroll_extent - max(e.viewport_dimension, 400):
            set_shown(shown + PAGE)
        elif shown > PAGE and e.pixels <= e.min_scroll_extent:
            set_shown(PAGE)

    label = words.next_label(state, view.draft)

    def enter(entry) -> None:
        """An entry of the game's own (a called Bockrunde): stored as a hand is, by the app layer
        (which checks this phone's pen), then said with Rückgängig."""
        try:
            nav.app.add_hand(evening_id, entry.hand, expected_version=info.version, device=nav.device)
        except ScorepadError as exc:
            nav.notify(exc.german)
            return
        nav.confirm(evening_id, f"{entry.label} eingetragen")
    body: list[ft.Control] = [cards]
    if over:
        body.append(round_over(place))
    else:
        body.append(ft.Container(tag(ft.Text(context_line(family, state, standings, table), size=16,
                                             weight=ft.FontWeight.W_600, key="context-line")),
                                 padding=ft.Padding.symmetric(vertical=4)))
    pen = "" if over else pen_line(nav, evening_id, holds)
    if pen:
        body.append(tag(ft.Text(pen, size=14, color=ft.Colors.ON_SURFACE_VARIANT, key="pen-line")))
    alarm = pin_alarm(nav, evening_id) if holds and nav.require_pin and not over else ""
    if alarm:
        body.append(tag(ft.Text(alarm, size=14, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600, key="pin-alarm")))
    entries = family_of(table).table_entries(table) if editable and not over else []
    if entries:
        body.append(ft.Row([tag(ft.OutlinedButton(e.label, icon=ft.Icons.ADD_ALERT, height=TARGET, key=e.key,
                                                  on_click=lambda _e=None, e=e: enter(e))) for e in entries], wrap=True))
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
        icon_action(ft.Icons.UNDO, "Rückgängig", undo, key="undo"),
        # a € only where the table keeps money: a points-only game (Preisschafkopf) gets a list
        icon_action(ft.Icons.EURO if MONEY_TALLY in table.tallies else ft.Icons.LEADERBOARD, "Abrechnung",
                    nav.to("settle", evening_id), key="settle"),
    ]
    if not editable or over:
        actions = actions[1:]
    if nav.require_pin and (editable or nav.local) and not over:  # the serving machine always sees the PIN
        actions.insert(0, icon_action(ft.Icons.PIN, "PIN zeigen", nav.to("pin-show", evening_id), key="show-pin"))
    bottom: ft.Control | None
    if info.finished or over:
        bottom = None
    elif editable:
        bottom = ft.Row([big_button(label, nav.to("hand", evening_id), icon=ft.Icons.ADD, key="next-hand")])
    else:
        bottom = ft.Row([big_button("Mitschreiben: PIN eingeben", nav.to("pin", evening_id), icon=ft.Icons.LOCK_OPEN,
                                    key="unlock")])
    line = notice_line(nav.notice)  # what this phone just did, above the big button, never over it
    if line is not None:
        bottom = ft.Column([line, bottom], spacing=8) if bottom is not None else line
    if place is not None:  # Tisch · Runde · Turnier, then Spiel n von m (or that the round is over)
        title, subtitle = place.title(), f"{place.game_words()} · {info.game}"
    else:
        title, subtitle = info.game, fmt.hands_text(count) + (" · beendet" if info.finished else "")
    return screen(header(title, on_back=nav.to("start"), actions=actions, subtitle=subtitle, key="table-title"),
                  body, bottom, on_scroll=scrolled if count > PAGE else None)


def round_over(place) -> ft.Control:
    """A closed round's table: that it is over and, once the next round is drawn, where each of
    its players sits (instead of the dealer, the pen and the entry)."""
    lines: list[ft.Control] = [tag(ft.Text(place.over_words(), size=17, weight=ft.FontWeight.BOLD,
                                           color=ft.Colors.PRIMARY, key="round-over"))]
    for name, number in place.next_tables.items():
        lines.append(tag(ft.Text(f"{name}: Tisch {number}", size=17, weight=ft.FontWeight.W_600,
                                 key=f"next-table-{name}")))
    return ft.Container(ft.Column(lines, spacing=4), padding=ft.Padding.symmetric(vertical=6))


def listed_rows(nav, view, shown: int, glowing: set[int], editable: bool) -> list[ft.Control]:
    """The rows of the newest `shown` hands, newest first. A row is built again only when what
    it shows changed: the same control again costs its diff nothing (Flet passes over a child
    it already has), so a save builds and sends the new hand's row only."""
    kept = ft.use_ref(cast(dict[int, Row] | None, None))
    previous, rows = kept.current or {}, {}
    results, count, players = view.replay.hands, len(view.replay.hands), tuple(view.info.players)
    lead = next(iter(next(iter(view.replay.standings.values())).keys()))
    for n in range(count, max(count - shown, 0), -1):
        # the hand, as entered and as scored, and the table: the kept evening's own objects
        # while they stand (`is`), else compared by value; then how the row shows it
        shows = (results[n - 1], view.hands[n - 1], view.table, view.info.id, editable, n in glowing, players)
        old = previous.get(n)
        if old is not None and all(x is y or x == y for x, y in zip(old[0], shows)):
            rows[n] = old
        else:
            rows[n] = (shows, hand_row(nav, view.table, view.info.players, lead, results[n - 1], view.hands[n - 1],
                                       glow=n in glowing, editable=editable, evening_id=view.info.id))
    # and the rows just below the list, for an undo of the newest hand to bring back as they were
    below = range(max(count - shown - 2, 1), count - shown + 1)
    kept.current = {**{n: previous[n] for n in below if n in previous}, **rows}
    return [row for _, row in rows.values()]


def hand_row(nav, table, players: list[str], lead: str, hand, raw: Any, *, glow: bool, editable: bool,
             evening_id: int) -> ft.Control:
    """One hand in the table's list: its number and what it was, what it moved (the first
    tally); a tap opens it (to change, or to look at). Keyed by its number: the list's diff
    matches rows, so a new hand sends one row, not every row shifted."""
    # each "name amount" stays on one line (no break before the €): five or six fill the line
    points = " ".join(f"{p[:6]} {tally_text(lead, hand.deltas[p][lead], signed=True)}".replace(" ", "\u00a0")
                      for p in players if hand.deltas[p][lead])
    row = tag(ft.ListTile(
        title=ft.Text(f"{hand.number} · {describe_hand(table, raw, hand)}", size=15),
        subtitle=ft.Text(points or "–", size=15, weight=ft.FontWeight.W_500),
        # a watcher (or a finished evening) gets a short read-only view of the hand
        on_click=nav.to("hand" if editable else "hand-view", evening_id, hand.number),
        trailing=tag(ft.Text("neu", size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER,
                             key=f"new-{hand.number}")) if glow else None,
        bgcolor=ft.Colors.TERTIARY_CONTAINER if glow else None,
        key=f"hand-{hand.number}", min_height=52,
    ))
    row.key = f"hand-{hand.number}"
    return row


def arrived(nav, hands: list[Any], since: int = 0) -> set[int]:
    """The hands (numbers) that arrived or changed since this table was last shown on this
    phone, while they glow (GLOW_S); the screen renders again when the glow is over. Only the
    hands after the first `since` are compared: those the list shows (a glow is to be seen)."""
    seen = ft.use_ref(cast(list[Any] | None, None))
    glow = ft.use_ref(cast(dict[int, float] | None, None))
    if glow.current is None:
        glow.current = {}
    now = time.monotonic()
    before = seen.current
    if before is not None:
        # the hands both lists hold compared at once (in C, the same objects at a glance: the
        # kept evening hands out the same hand objects until one changes), one by one only if
        # one of them changed; then the new ones
        first, both = max(since, 0), min(len(before), len(hands))
        fresh = [] if before[first:both] == hands[first:both] else \
            [n for n in range(first + 1, both + 1) if before[n - 1] != hands[n - 1]]
        fresh += range(max(both, first) + 1, len(hands) + 1)
        for n in fresh:
            glow.current[n] = now + GLOW_S
        if fresh:
            nav.refresh_in(GLOW_S + 0.1)
    seen.current = list(hands)
    glow.current = {n: until for n, until in glow.current.items() if until > now and n <= len(hands)}
    return set(glow.current)


def pin_alarm(nav, evening_id: int) -> str:
    """For the scorekeeper: wrong PINs were typed for this evening since its PIN was set."""
    tries = nav.app.pin_tries(evening_id)
    if not tries.wrong:
        return ""
    when = fmt.clock_time(tries.last_wrong) if tries.last_wrong else ""
    times = "1 falsche PIN" if tries.wrong == 1 else f"{tries.wrong} falsche PINs"
    return f"Achtung: {times} eingegeben" + (f", zuletzt um {when}" if when else "") + " (Neue PIN unter „PIN zeigen“, dem 123)"


def pen_line(nav, evening_id: int, holds: bool) -> str:
    """Who holds the pen (phones by their short name), where a PIN is needed to write."""
    if not nav.require_pin:
        return ""
    me = phone_label(nav.device)
    holders = nav.app.pen_holders(evening_id)
    others = [h for h in holders if h != me]
    if holds:
        return f"Du schreibst mit ({me})" + (f" · auch: {', '.join(others)}" if others else "")
    if others:
        return f"Es schreibt: {', '.join(others)} · du schaust zu ({me})"
    last = nav.app.last_writer(evening_id)
    if last:
        return f"Zuletzt eingetragen von {last} · du schaust zu ({me})"
    return f"Noch schreibt kein Handy mit · du schaust zu ({me})"


@ft.component
def HandViewScreen(nav, tick: int) -> ft.Control:
    """One hand, read only: what it was and what it did (a watcher's tap on a hand)."""
    evening_id, number = nav.route.evening, nav.route.number
    back = nav.to("table", evening_id)
    try:
        view = nav.app.table_view(evening_id, nav.device)
        result, table = view.replay, view.table
        hand, raw = result.hands[number - 1], view.hands[number - 1]
    except (ScorepadError, IndexError, TypeError):
        return screen(header(f"Spiel {number}", on_back=back), [ft.Text("Dieses Spiel gibt es nicht mehr.", size=16)])
    tallies = list(next(iter(result.standings.values())).keys())
    what, why = hand_lines(table, raw, hand, tallies)  # the lines `scorepad replay --lines` prints
    rows: list[ft.Control] = [
        tag(ft.Text(what, size=18, weight=ft.FontWeight.BOLD, key="view-hand")),
        tag(ft.Text(why, size=16, key="view-deltas")),
    ]
    for player, row in hand.deltas.items():
        rows.append(ft.Row([ft.Text(player, size=16, expand=True),
                            ft.Text(" · ".join(tally_text(t, row[t], signed=True) for t in tallies), size=16,
                                    weight=ft.FontWeight.W_600)]))
    rows.append(ft.Text("Nur zum Anschauen: ändern kann es, wer mitschreibt.", size=14,
                        color=ft.Colors.ON_SURFACE_VARIANT))
    return screen(header(f"Spiel {number}", on_back=back), rows,
                  ft.Row([big_button("Zurück zum Tisch", back, key="view-back")]))
