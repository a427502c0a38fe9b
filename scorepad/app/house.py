"""House rules: a table's own variants of a built-in rule table, kept by name, written as and
read from a TOML rule table that `extends` the built-in one."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorepad import tomlwrite
from scorepad.app.checks import check_text
from scorepad.app.guard import guarded
from scorepad.app.models import HouseRules
from scorepad.app.rules import table_diff
from scorepad.errors import SessionError, TableError
from scorepad.names import char_words, first_control
from scorepad.store import NotFoundError, Store
from scorepad.tables import (
    RuleTable,
    builtin_tables,
    get_table,
    load_table_file_raw,
    load_table_text,
    table_as_dict,
    variant_id,
    with_options,
)

# a house variant's id as session files, `start` and `rulesets` name it: small letters, digits, dashes
VARIANT_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# the key of a stored variant's values that keeps an id written in its file (not its name folded)
OWN_ID = "id"


@dataclass(frozen=True)
class HouseFile:
    """A rule table file read as a house variant: what `rulesets check` says of it and what
    `rulesets import` keeps (one verdict, `house_file`). `options` are the values it changes of
    its built-in table `base` (its name apart); `ruleset` its id: the one the file writes, else
    its base and name folded (`variant_id`)."""

    table: RuleTable
    base: str
    name: str
    options: dict[str, Any]
    ruleset: str


def read_house_file(path: str | Path) -> HouseFile:
    """A TOML file as a house variant: `extends` is looked up beside it, then among the
    built-in tables; the chain must end at a built-in one. TableError naming the file otherwise."""
    table, raw, base = load_table_file_raw(path)
    return house_file(table, raw, base, str(path))


def read_house_text(text: str, source: str) -> HouseFile:
    """TOML text (pasted in the app) as a house variant: it `extends` a built-in table."""
    table, raw = load_table_text(text, source)
    base = raw.get("extends")
    return house_file(table, raw, base if isinstance(base, str) and base in builtin_tables() else None, source)


def house_file(table: RuleTable, raw: dict[str, Any], base: str | None, source: str) -> HouseFile:
    """The verdict on a table (`raw` as written) as a house variant of the built-in table
    `base`: it changes only values of it, and its id is one a variant can have (an id written
    in the file is kept; left out, it is the base and the name folded). TableError otherwise,
    saying what to write."""
    if base is None:
        raise TableError(source, "extends", "house_extends", known=", ".join(builtin_tables()))
    base_table = get_table(base)

    def values(t: RuleTable) -> dict[str, Any]:
        return {k: v for k, v in table_as_dict(t).items() if k not in ("id", "extends")}

    options = table_diff(values(base_table), values(table))
    if values(with_options(base_table, options)) != values(table):
        raise TableError(source, "", "house_not_changes")
    options.pop("name", None)
    own = variant_id(base, table.name)
    rid = raw.get("id", own)
    if not isinstance(rid, str) or not VARIANT_ID.fullmatch(rid):
        folded = re.sub(r"[^a-z0-9]+", "-", str(rid).casefold()).strip("-")
        raise TableError(source, "id", "house_id_form", id=rid, write=folded or own, own=own)
    if rid in builtin_tables():
        key, code = ("id", "house_id_builtin") if "id" in raw else ("name", "house_id_taken")
        raise TableError(source, key, code, id=rid, own=own, other=get_table(rid).name)
    return HouseFile(table, base, table.name, options, rid)


class House:
    """The house variants kept in one store."""

    def __init__(self, store: Store):
        self.store = store

    def _rows(self) -> list[dict[str, Any]]:
        """The stored variants, each with its id (`ruleset`) and the values it changes."""
        rows = []
        for row in self.store.house_rules():
            options = dict(row["options"])
            own = options.pop(OWN_ID, None)
            rows.append({**row, "options": options,
                         "ruleset": own if isinstance(own, str) else variant_id(row["base"], row["name"])})
        return rows

    @guarded
    def house_rules(self) -> list[HouseRules]:
        with self.store.read():
            return [HouseRules(**{k: r[k] for k in HouseRules.model_fields}) for r in self._rows()]

    @guarded
    def save_house_rules(self, name: str, base: str, options: dict[str, Any], ruleset: str | None = None,
                         may_replace: Callable[[dict[str, Any]], None] | None = None,
                         made_by: str | None = None) -> HouseRules:
        """Keep a variant of the built-in table `base` under `name` (a variant of that name is
        replaced, keeping its id). The values are checked as a session's options are: a wrong
        one is refused naming options.<key>. Its id is `ruleset` (a file's own id), else the
        replaced variant's, else the base and the name folded; another variant's id is refused.
        `may_replace(variant)` is asked, in the same transaction, with the stored variant (its
        name, base, ruleset, made_by) before it is replaced (it raises to refuse). A new variant
        keeps `made_by`, the phone that made it (None: the serving machine)."""
        name = (check_text("name", name) or "").strip()
        if not name:
            raise SessionError("name", "house_name_missing")
        if (bad := first_control(name)) is not None:
            raise SessionError("name", "name_control", name=name, **char_words(bad))
        get_table(base)
        options = {**(options or {}), "name": name}
        options.pop(OWN_ID, None)
        with_options(get_table(base), options)
        with self.store.write():
            rows = self._rows()
            same = next((r for r in rows if r["name"].casefold() == name.casefold()), None)
            rid = ruleset or (same["ruleset"] if same is not None and same["base"] == base else variant_id(base, name))
            if rid in builtin_tables():
                raise SessionError("name", "house_id_taken", id=rid, other=get_table(rid).name)
            for other in rows:
                if other["ruleset"] == rid and other is not same:
                    if ruleset is not None and ruleset != variant_id(base, name):
                        raise SessionError("id", "house_id_taken_id", id=rid, other=other["name"],
                                           own=variant_id(base, name))
                    raise SessionError("name", "house_id_taken", id=rid, other=other["name"])
            if same is not None and may_replace is not None:
                may_replace(same)
            kept = {**options, OWN_ID: rid} if rid != variant_id(base, name) else options
            rule_id = self.store.save_house_rules(name, base, kept, made_by)
        return HouseRules(id=rule_id, name=name, base=base, options=options, ruleset=rid)

    def find(self, name: str) -> dict[str, Any] | None:
        """The stored variant by its id or its name (any case); None if none."""
        rows = self._rows()
        return (next((r for r in rows if r["name"].casefold() == name.casefold()), None)
                or next((r for r in rows if r["ruleset"] == name), None))

    def _row(self, name: str) -> dict[str, Any]:
        with self.store.read():
            row = self.find(name)
        if row is None:
            raise NotFoundError("no_house_variant", name=name)
        return row

    @guarded
    def house_table(self, name: str) -> RuleTable:
        """The rule table of a house variant (by its id or name), ready to start an evening with."""
        row = self._row(name)
        return with_options(get_table(row["base"]), row["options"])

    @guarded
    def variant(self, name: str) -> dict[str, Any] | None:
        """The variant (by its id or name) as carried inline, or None if the store has none."""
        with self.store.read():
            row = self.find(name)
        return None if row is None else {"id": row["ruleset"], "extends": row["base"], **row["options"]}

    @guarded
    def house_variant(self, name: str) -> dict[str, Any]:
        """The variant (by its id or name) as a session file carries it inline: its id, the
        built-in table it `extends`, and the values it changes (docs/session-format.md)."""
        variant = self.variant(name)
        if variant is None:
            raise NotFoundError("no_house_variant", name=name)
        return variant

    @guarded
    def export_house_rules(self, name: str) -> str:
        """The variant (by its id or name) as a TOML rule table that `extends` its built-in table."""
        return tomlwrite.dumps(self.house_variant(name))

    @guarded
    def check_house_rules(self, path: str | Path) -> HouseFile:
        """`rulesets check FILE` with this store: the file's verdict as a house variant
        (`read_house_file`), and that its id is no other variant's here. Stores nothing."""
        found = read_house_file(path)
        self._id_free(found, str(path))
        return found

    def _id_free(self, found: HouseFile, source: str) -> None:
        with self.store.read():
            for other in self._rows():
                if other["ruleset"] == found.ruleset and other["name"].casefold() != found.name.casefold():
                    own = variant_id(found.base, found.name)
                    if found.ruleset == own:
                        raise TableError(source, "name", "house_id_taken", id=found.ruleset, other=other["name"])
                    raise TableError(source, "id", "house_id_taken_id", id=found.ruleset, other=other["name"], own=own)

    @guarded
    def import_house_rules(self, path: str | Path,
                           may_replace: Callable[[dict[str, Any]], None] | None = None) -> HouseRules:
        """A TOML rule table file that `extends` a built-in one (maybe through files beside it),
        kept as a house variant: exactly what `check_house_rules` accepts."""
        return self._keep(self.check_house_rules(path), may_replace)

    @guarded
    def import_house_rules_text(self, text: str, source: str = "Hausregeln",
                                may_replace: Callable[[dict[str, Any]], None] | None = None,
                                made_by: str | None = None) -> HouseRules:
        """TOML text of a rule table that `extends` a built-in one (pasted in the app), kept
        as a house variant. A wrong table is refused with the key path and the reason."""
        found = read_house_text(text, source)
        self._id_free(found, source)
        return self._keep(found, may_replace, made_by)

    def _keep(self, found: HouseFile, may_replace: Callable[[dict[str, Any]], None] | None = None,
              made_by: str | None = None) -> HouseRules:
        return self.save_house_rules(found.name, found.base, found.options, found.ruleset, may_replace, made_by)
