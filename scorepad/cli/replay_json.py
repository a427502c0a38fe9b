"""`scorepad replay`'s output: an evening played hand by hand and written as JSON text, byte for
byte what `json.dumps(..., ensure_ascii=False, indent=2)` writes of the replay, but without
json's indenting encoder (slow, and a cycle of closures per call, which piles up with the
cyclic collector off) and without the whole replay in memory at once.

The hands of an evening share their shape (the same players, the same columns), so the text
around the values is a template made once per shape; a run of hands of one shape is written
at once (`HandsText`). The templates, their parts and the names' JSON texts are kept in caches
of a bounded size (functools.lru_cache), so a long-running process that replays many evenings
keeps no more of them than that."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from itertools import chain
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, TextIO

from scorepad.engine import new_game
from scorepad.session import session_table

if TYPE_CHECKING:
    from scorepad.games.base import HandResult
    from scorepad.session import SessionFile

def write_replay(session: SessionFile, out: TextIO) -> None:
    """The session played and written to `out` as `scorepad replay` prints it: every hand, the
    standings and what comes next. Played one hand at a time, each hand's result kept only
    until it is text (a run of at most HandsText.RUN hands at once) and each entered hand let
    go once played (the session's hands are taken from it): memory stays proportional to the
    file (see `scorepad bench`)."""
    table = session_table(session)
    game = new_game(table, session.players, session.first_dealer)
    hands: list[Any] = session.hands
    session.hands = []
    writer = HandsText()
    play, keep, size = game.play, writer.run.append, HandsText.RUN
    for start in range(0, len(hands), size):  # a run of hands played, then written (no call per hand)
        for i in range(start, min(start + size, len(hands))):
            raw, hands[i] = hands[i], None
            keep(play(i + 1, raw))
        writer.write()
    chunks = writer.done()
    del hands, writer, play, keep
    if chunks:  # (written a chunk at a time: one text of them all would be a copy of them all)
        out.write('{\n  "hands": [\n')
        out.write(chunks[0])
        for chunk in chunks[1:]:
            out.write(",\n")
            out.write(chunk)
        out.write('\n  ],\n')
    else:
        out.write('{\n  "hands": [],\n')
    del chunks
    out.write('  "standings": ' + indented(game.snapshot(), 2)[2:] + ",\n")
    out.write('  "state": ' + indented(game.state(), 2)[2:] + "\n}\n")


def write_replay_lines(session: SessionFile, out: TextIO) -> None:
    """The replay as `write_replay` writes it, each hand with its `lines`: what it was and what
    made its points, in German (describe.py `hand_lines`: the words the app's history shows
    when a hand is opened). json's own writer: this is read by people, not timed."""
    from scorepad.describe import hand_lines
    from scorepad.games import family_of

    table = session_table(session)
    family = family_of(table)
    game = new_game(table, session.players, session.first_dealer)
    tallies = list(game.tallies)
    hands = []
    for number, raw in enumerate(session.hands, start=1):
        result = game.play(number, raw)
        lines = hand_lines(table, raw, result, tallies) + family.replay_lines(table, raw, result)
        hands.append({**result.as_dict(), "lines": lines})
    out.write(json.dumps({"hands": hands, "standings": game.snapshot(), "state": game.state()},
                         ensure_ascii=False, indent=2) + "\n")


class HandsText:
    """The replay's hands, each as `indented(result.as_dict(), 4)` writes it, in chunks to join
    with ",\n" (`done`). The text around the values is a template made once per shape
    (`_hand_template`), and a run of hands of one shape is written at once: the template's text
    between its slots joined with each hand's number, dealer and values as %d / %s write them.
    A run whose values are not all whole numbers, or a shape with no value in a row, is written
    hand by hand (`hand_text`).

    The hands are kept (`add`, or `run`) and looked at a run at a time (`write`): their shapes
    and values gathered by C loops (map, chain, itemgetter), not a step of Python per hand,
    which was most of what writing took (replay speed). A run of hands of more than one shape
    is written a run of one shape after another, as they come."""

    RUN = 500  # hands written at once at most

    def __init__(self) -> None:
        self.chunks: list[str] = []
        self.run: list[HandResult] = []  # the hands not written yet (`write` writes them)

    def add(self, result: HandResult) -> None:
        run = self.run
        run.append(result)
        if len(run) >= self.RUN:
            self.write()

    def done(self) -> list[str]:
        self.write()
        return self.chunks

    def write(self) -> None:
        """The kept hands written (as a chunk, or more: a run of one shape each), and let go."""
        run = self.run
        if not run:
            return
        deltas = [*map(_DELTAS, run)]
        rows = [*_chain(map(dict.values, deltas))]
        values = _same_columns(rows)
        if values is not None and len({*map(tuple, deltas)}) == 1:  # all of one shape
            self._write_shape(run, deltas[0], values)
        else:  # each run of hands of one shape by itself, in order
            start = 0
            shape: tuple[Any, ...] | None = _shape(deltas[0])
            for i in range(1, len(run) + 1):
                next_shape = _shape(deltas[i]) if i < len(run) else None
                if next_shape != shape:
                    part = run[start:i]
                    self._write_shape(part, part[0].deltas,
                                      [*_chain(map(dict.values, _chain(map(dict.values, map(_DELTAS, part)))))])
                    start, shape = i, next_shape
        run.clear()

    def _write_shape(self, run: list[HandResult], deltas: dict[str, dict[str, int]], values: list[Any]) -> None:
        """Hands of one shape (that of `deltas`); `values`: their rows' values in order."""
        template = _shape_template(deltas)
        numbers = [*map(_NUMBER, run)]
        # %d writes a whole number as json does (and would write a flag or a fraction wrongly)
        if not template or {*map(type, numbers)} != _JUST_INT or {*map(type, values)} != _JUST_INT:
            self.chunks += [hand_text(result.as_dict()) for result in run]
            return
        parts = _template_parts(template)
        n, slots = len(run), len(parts) - 1  # per hand: number, dealer, its values
        # the hands' texts joined: the template's text between its slots, then each slot's
        # value as %d and %s write it (each value's text made once per run: far fewer than the
        # values), so the template is not read again for every hand
        stride = 2 * slots + 1
        pieces: list[str] = [""] * (n * stride)
        for j, part in enumerate(parts):
            pieces[2 * j::stride] = [part if j else ",\n" + part] * n
        pieces[0] = parts[0]
        pieces[1::stride] = map(int.__repr__, numbers)
        dealers = [*map(_DEALER, run)]
        if {*map(type, dealers)} == _JUST_STR:  # names: each one's text made once, then looked up
            names = {name: _json_text(name) for name in {*dealers}}
            pieces[3::stride] = map(names.__getitem__, dealers)
        else:
            pieces[3::stride] = map(_json_text, dealers)
        distinct = {*values}
        texts = dict(zip(distinct, map(int.__repr__, distinct)))
        each = slots - 2
        for j in range(each):
            pieces[5 + 2 * j::stride] = map(texts.__getitem__, values[j::each])
        self.chunks.append("".join(pieces))


def _same_columns(rows: list[dict[str, Any]]) -> list[Any] | None:
    """The rows' values in order, when every row has the same columns in the same order; else
    None. Rows of one column are told by their lengths and that column's value in each (its
    key missing in one: not the same), without a tuple per row."""
    if not rows:
        return None
    columns = tuple(rows[0])
    if len(columns) == 1:
        if {*map(len, rows)} != {1}:
            return None
        try:
            return [*map(itemgetter(columns[0]), rows)]
        except KeyError:
            return None
    if {*map(tuple, rows)} != {columns}:
        return None
    return [*_chain(map(itemgetter(*columns), rows))] if columns else []


_DELTAS, _NUMBER, _DEALER = attrgetter("deltas"), attrgetter("number"), attrgetter("dealer")


def _shape(deltas: dict[str, dict[str, Any]]) -> tuple[Any, ...]:
    """The players and each row's columns of a hand's deltas."""
    return (*deltas, *map(tuple, deltas.values()))


def hand_text(hand: dict[str, Any]) -> str:
    """One hand's result (as_dict) as `indented(hand, 4)` writes it, from the template of its
    shape (see HandsText)."""
    deltas = hand.get("deltas")
    if len(hand) != 3 or not deltas or "number" not in hand or "dealer" not in hand:
        return indented(hand, 4)
    template = _shape_template(deltas)
    if not template:
        return indented(hand, 4)
    values = [hand["number"]]
    for row in deltas.values():
        values += row.values()
    if {*map(type, values)} == _JUST_INT:
        values.insert(1, _json_text(hand["dealer"]))
        return template % tuple(values)
    texts = [_json_value(v) for v in values]
    texts.insert(1, _json_value(hand["dealer"]))
    return _hand_template(tuple((p, tuple(row)) for p, row in deltas.items()), "%s") % tuple(texts)


# what is made once and kept, at most this many of each (the least recently used goes): a
# hand's template by its shape, a template's text around its slots, a name's JSON text
TEMPLATES_KEPT = 256
NAMES_KEPT = 4096


@lru_cache(maxsize=TEMPLATES_KEPT)
def _template_parts(template: str) -> list[str]:
    """The template's text around its slots (%d, %s), its %% as %: with each slot's text
    between them, these are what `template % values` writes. Made once per template (the
    list is shared: not to be changed)."""
    parts = [""]
    for i, piece in enumerate(re.split("%([%ds])", template)):
        if i % 2 == 0 or piece == "%":
            parts[-1] += piece
        else:
            parts.append("")
    return parts


def _shape_template(deltas: dict[str, dict[str, Any]]) -> str:
    """The template of a hand with these deltas' shape (%d for the number and each value, %s
    for the dealer), made once per shape; "" for no rows or a row without columns (json writes
    each {})."""
    return _template_of_shape(_shape(deltas), len(deltas))


@lru_cache(maxsize=TEMPLATES_KEPT)
def _template_of_shape(shape: tuple[Any, ...], players: int) -> str:
    """`_shape_template` of a shape: its first `players` items the players, then their rows' columns."""
    rows = shape[players:]
    if not players or not all(rows):
        return ""
    return _hand_template(tuple(zip(shape[:players], rows)))


_JSON = json.JSONEncoder(ensure_ascii=False).encode
_JUST_INT: set[type] = {int}
_JUST_STR: set[type] = {str}
_chain = chain.from_iterable


def _json_value(v: Any) -> str:
    """A value as json.dumps writes it."""
    return int.__repr__(v) if type(v) is int else _JSON(v)


def _json_text(v: Any) -> str:
    """A (player's) name as json.dumps writes it, made once per name (while kept)."""
    return _json_name(v) if type(v) is str else _json_value(v)


@lru_cache(maxsize=NAMES_KEPT)
def _json_name(name: str) -> str:
    return _JSON(name)


def _hand_template(shape: tuple[tuple[str, tuple[str, ...]], ...], slot: str = "%d") -> str:
    """The text of a hand of this shape: `slot` for the number and each value, %s for the dealer."""
    def q(text: str) -> str:
        return _JSON(text).replace("%", "%%")

    lines = ["    {", f'      "number": {slot},', '      "dealer": %s,', '      "deltas": {']
    for i, (player, columns) in enumerate(shape):
        lines.append(f"        {q(player)}: {{")
        last = len(columns) - 1
        lines += [f"          {q(t)}: {slot}{',' if j < last else ''}" for j, t in enumerate(columns)]
        lines.append("        }" + ("," if i < len(shape) - 1 else ""))
    lines += ["      }", "    }"]
    return "\n".join(lines)


def indented(value: Any, by: int) -> str:
    """`value` as the command line prints JSON, nested `by` spaces deep (the first line too)."""
    pad = " " * by
    return pad + json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + pad)
