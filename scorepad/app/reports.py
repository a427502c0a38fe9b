"""What an evening or a season comes to: the hands as entered, the session file, the exports in
every format, the evening's summary (standings, trophies, who pays whom, statistics) and the
season table. Reads only; the scoring is the engine's `replay`, the words are summary.py's and
exports.py's.

`App.session` (the evening as a session file, a public name) is `session_file` inside.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from scorepad import exportformats
from scorepad.app.checks import local_day, parse_day
from scorepad.app.errors import ExportError
from scorepad.app.guard import guarded
from scorepad.app.models import EveningInfo, Season, SeasonRow
from scorepad.app.rules import table_diff, with_new_entries_off
from scorepad.engine import Replay, replay
from scorepad.errors import HandError, SessionError
from scorepad.games import family_of
from scorepad.games.family import MONEY_TALLY, SEASON_STAT_KEYS, StatColumn
from scorepad.session import SessionFile
from scorepad.store import NotFoundError
from scorepad.summary import EveningSummary, summarize
from scorepad.tables import RuleTable, builtin_tables, get_table, table_as_dict, variant_id, with_options

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings


@dataclass
class ExportData:
    """Everything an export format may need: the evening's facts, its session file and the rule
    table it is scored by (the replay with every board is `evening_summary`'s)."""

    info: EveningInfo
    session_file: dict[str, Any]
    table: RuleTable


def evening_summary(data: ExportData, settle_open: bool = False) -> tuple[Replay, EveningSummary]:
    """The end-of-evening summary (standings, trophies, who pays whom, statistics, chart).
    An unfinished Struliwuli Rad is money only with `settle_open` (the table's choice)."""
    s = data.session_file
    result = replay(data.table, s["players"], s["hands"], s.get("first_dealer"), keep_boards=True)
    meta = {"started": data.info.started_at, "place": data.info.place, "note": data.info.note,
            "finished": data.info.finished}
    return result, summarize(data.table, s["players"], result, meta, settle_open=settle_open)


def _render(kind: exportformats.ExportFormat) -> Callable[..., str | bytes]:
    def render(data: ExportData, settle_open: bool = False) -> str | bytes:
        result, summary = evening_summary(data, settle_open)
        return kind.render(data.table, data.session_file, result, summary)

    return render


# every format of the registry (scorepad/exportformats.py), rendered from an evening's data
EXPORT_FORMATS: dict[str, Callable[..., str | bytes]] = {f.name: _render(f) for f in exportformats.FORMATS}


class Reports:
    """An evening's hands, session file, exports and summary, and the season over all evenings."""

    def __init__(self, evenings: Evenings):
        self.evenings = evenings
        self.store = evenings.store
        # the last summary per evening and choice, under the version it was made at: the
        # Abrechnung screen re-renders on every tap, the evening is summed up once per change
        self._summaries: dict[tuple[int, bool], tuple[int, EveningSummary]] = {}

    @guarded
    def hands(self, evening_id: int) -> list[Any]:
        """The evening's hands as entered (hand 1 first), scored by the table stored with it:
        what the screens show; unlike `session` it never depends on today's built-in tables."""
        with self.store.read():
            self.store.evening(evening_id)
            return self.store.hands(evening_id)

    @guarded
    def hand(self, evening_id: int, number: int) -> Any:
        """Hand `number` as entered (one row read, however long the evening)."""
        with self.store.read():
            self.store.evening(evening_id)
            return self.store.hand(evening_id, number)

    @guarded
    def session(self, evening_id: int) -> dict[str, Any]:
        """The evening as a session file (format 1)."""
        with self.store.read():
            return self._session_file(self.store.evening(evening_id))

    @guarded
    def export_session(self, evening_id: int, format: str = "json", settle_open: bool = False) -> str | bytes:
        """The evening written in `format` (see EXPORT_FORMATS); `settle_open` settles an
        unfinished Struliwuli Rad pro rata (said so in the export), else it is no money.
        Text for every format but `png` (bytes)."""
        if format not in EXPORT_FORMATS:
            raise ExportError("export_format_unknown", format=format, known=", ".join(EXPORT_FORMATS))
        with self.store.read():
            row = self.store.evening(evening_id)
            data = ExportData(self.evenings.info(evening_id, row), self._session_file(row), self.evenings.rule_table(row))
        return EXPORT_FORMATS[format](data, settle_open)

    @guarded
    def summary(self, evening_id: int, settle_open: bool = False) -> EveningSummary:
        """The evening summed up: standings, winner, trophies, balances, transfers, statistics.
        An unfinished Struliwuli Rad is no money unless `settle_open` (then `open_rad` says so)."""
        with self.store.read():
            row = self.store.evening(evening_id)
            kept = self._summaries.get((evening_id, settle_open))
            if kept is not None and kept[0] == row["version"]:
                return kept[1].model_copy(deep=True)
            data = ExportData(self.evenings.info(evening_id, row), self._session_file_plain(row),
                              self.evenings.rule_table(row))
        summary = evening_summary(data, settle_open)[1]
        if len(self._summaries) > 32:
            self._summaries.clear()
        self._summaries[(evening_id, settle_open)] = (row["version"], summary)
        return summary.model_copy(deep=True)

    @guarded
    def season(self, ruleset: str | None = None, since: date | str | None = None,
               settle_open: bool = False) -> Season:
        """A table per player over the stored evenings (of `ruleset`; started on or after the
        day `since`), added up from each evening's summary (open Rads only with `settle_open`,
        the table's explicit choice; `open_rads` counts the evenings settled so): evenings,
        hands, money, the lead tally, trophies, and what the games' statistics add up (their
        stats.COLUMNS with `season`: Bollas, games lost). Best first."""
        day = parse_day(since)
        with self.store.read():
            listed = self.store.evening_list()
            if ruleset is not None and ruleset not in builtin_tables() and all(r["ruleset"] != ruleset for r in listed):
                raise NotFoundError("no_rule_table", ruleset=ruleset, known=", ".join(builtin_tables()))
            chosen = [r for r in listed if (ruleset is None or r["ruleset"] == ruleset)
                      and (day is None or local_day(r["started_at"]) >= day)]
            rows: dict[str, SeasonRow] = {}
            trophies: list[str] = []
            leads = set()
            summed: dict[str, StatColumn] = {}  # the games' own statistics some evening had
            open_rads = 0
            for r in chosen:
                evening_table = self.evenings.rule_table(self.store.evening(r["id"]))
                lead = evening_table.rank_keys()[0]
                leads.add((lead.tally, lead.better))
                columns = [c for c in family_of(evening_table).stats.COLUMNS if c.season]
                s = self.summary(r["id"], settle_open)
                open_rads += bool(s.open_rad and s.open_rad.settled)
                trophies += [t for t in s.trophies if t not in trophies]
                for p in s.stats:
                    row = rows.setdefault(p.name, SeasonRow(name=p.name, **dict.fromkeys(SEASON_STAT_KEYS)))
                    row.evenings += 1
                    row.hands += p.hands_played
                    row.money += s.balances[p.name]
                    row.points = (row.points or 0) + s.standings[p.name].get(lead.tally, 0)
                    for name, holders in s.trophies.items():
                        row.trophies[name] = row.trophies.get(name, 0) + (p.name in holders)
                    for column in columns:
                        if (value := p.own(column.key)) is not None:
                            summed.setdefault(column.key, column)
                            row.set_own(column.key, (row.own(column.key) or 0) + value)
        tally, better = next(iter(leads)) if ruleset is not None and len(leads) == 1 else (None, None)
        if tally == MONEY_TALLY:
            tally, better = None, None
        # in the order of a row's keys: every season's first, then the others as first met
        shown = ([summed[k] for k in SEASON_STAT_KEYS if k in summed]
                 + [c for k, c in summed.items() if k not in SEASON_STAT_KEYS])
        for row in rows.values():
            row.trophies = {t: row.trophies.get(t, 0) for t in trophies}
            if tally is None:
                row.points = None
            for column in shown:
                row.set_own(column.key, row.own(column.key) or 0)

        def order(row: SeasonRow) -> tuple[int, int, int, str]:
            points = row.points or 0  # every row has points when there is a tally
            lead = (0 if tally is None else -points if better == "more" else points)
            return (lead, -row.money, -row.evenings, row.name.casefold())

        known = builtin_tables().get(ruleset) if ruleset else None
        game = chosen[0]["game"] if ruleset and chosen else known.name if known else None
        return Season(ruleset=ruleset, game=game, since=day.isoformat() if day else None, evenings=len(chosen), tally=tally,
                      better=better, trophies=trophies, rows=sorted(rows.values(), key=order),
                      open_rads=open_rads, columns=shown)

    def _session_file_plain(self, row: dict[str, Any]) -> dict[str, Any]:
        """The session as stored, for summaries (no format-1 options needed)."""
        return {"format": 1, "ruleset": row["ruleset"], "players": row["players"],
                "first_dealer": row["first_dealer"], "hands": self.store.hands(row["id"])}

    def _session_file(self, row: dict[str, Any]) -> dict[str, Any]:
        """The evening as a session file; an evening on a house variant (its options name the
        table otherwise) carries the variant inline under its id, so the file is complete on
        its own and names the variant as `rulesets` does."""
        options = self._format1_options(row)
        ruleset, variant = row["ruleset"], None
        name = options.get("name")
        if isinstance(name, str) and ruleset in builtin_tables() and name != get_table(ruleset).name:
            kept = self.evenings.variants(name)  # a variant of this store keeps the id it was given
            variant_of = kept["id"] if kept is not None and kept["extends"] == ruleset else variant_id(ruleset, name)
            if variant_of not in builtin_tables():
                ruleset, variant, options = variant_of, {"id": variant_of, "extends": row["ruleset"], **options}, {}
        session = SessionFile(format=1, ruleset=ruleset, players=row["players"],
                              first_dealer=row["first_dealer"], date=row["started_at"], place=row["place"],
                              note=row["note"], options=options, variant=variant,
                              hands=self.store.hands(row["id"]))
        return session.as_dict()

    def _format1_options(self, row: dict[str, Any]) -> dict[str, Any]:
        """Options that give the stored table from today's built-in one: format 1 names no table."""
        stored = table_as_dict(self.evenings.rule_table(row))  # validated: fields added since get their defaults
        options = self.evenings.options(row)
        try:
            base = get_table(row["ruleset"])
        except SessionError:
            base = None
        if base is not None:
            stored = with_new_entries_off(stored, table_as_dict(base))
            diff = table_diff(table_as_dict(base), stored)
            try:
                if table_as_dict(with_options(base, options)) == stored:
                    return options
            except SessionError:
                pass
            lean = self._lean_options(row, base, diff)
            for candidate in (lean, diff):
                try:
                    if candidate is lean or table_as_dict(with_options(base, candidate)) == stored:
                        return candidate
                except SessionError:
                    continue
        raise ExportError("export_table_changed", evening=row["id"], ruleset=row["ruleset"])

    def _lean_options(self, row: dict[str, Any], base: RuleTable, diff: dict[str, Any]) -> dict[str, Any]:
        """The difference to today's table without the keys the evening's stored table never had
        (added to scorepad since, e.g. seats for five, the new-evening screen's tariff sets):
        such a key is left out only if the evening's hands then score exactly alike."""
        hands = self.store.hands(row["id"])
        kept = [h.deltas for h in self.evenings.show(row["id"]).hands]
        had = set(json.loads(row["rule_table"]))

        def alike(trial: dict[str, Any]) -> bool:
            try:
                again = replay(with_options(base, trial), row["players"], hands, row["first_dealer"])
            except (SessionError, HandError):
                return False
            return [h.deltas for h in again.hands] == kept

        newer = [key for key in diff if key not in had]
        lean = {k: v for k, v in diff.items() if k in had}
        if alike(lean):
            return lean
        lean = dict(diff)
        for key in newer:
            trial = {k: v for k, v in lean.items() if k != key}
            if alike(trial):
                lean = trial
        return lean
