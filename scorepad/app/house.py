"""House rules: a table's own variants of a built-in rule table, kept by name, written as and
read from a TOML rule table that `extends` the built-in one."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from scorepad import tomlwrite
from scorepad.app.checks import check_text
from scorepad.app.guard import guarded
from scorepad.app.models import HouseRules
from scorepad.app.rules import table_diff
from scorepad.errors import SessionError, TableError
from scorepad.names import has_control_characters
from scorepad.store import NotFoundError, Store
from scorepad.tables import (RuleTable, builtin_tables, get_table, load_table_file, load_table_text, table_as_dict,
                             variant_id, with_options)


class House:
    """The house variants kept in one store."""

    def __init__(self, store: Store):
        self.store = store

    @guarded
    def house_rules(self) -> list[HouseRules]:
        with self.store.read():
            return [HouseRules(**{k: r[k] for k in HouseRules.model_fields}) for r in self.store.house_rules()]

    @guarded
    def save_house_rules(self, name: str, base: str, options: dict[str, Any],
                         may_replace: Callable[[str, str], None] | None = None) -> HouseRules:
        """Keep a variant of the built-in table `base` under `name` (a variant of that name is
        replaced). The values are checked as a session's options are: a wrong one is refused
        naming options.<key>. `may_replace(base, name)` is asked, in the same transaction,
        before a stored variant is replaced (it raises to refuse)."""
        name = (check_text("name", name) or "").strip()
        if not name:
            raise SessionError("name", "house_name_missing")
        if has_control_characters(name):
            raise SessionError("name", "name_control", name=name)
        get_table(base)
        options = {**(options or {}), "name": name}
        with_options(get_table(base), options)
        rid = variant_id(base, name)
        if rid in builtin_tables():
            raise SessionError("name", "house_id_taken", id=rid, other=get_table(rid).name)
        with self.store.write():
            for other in self.store.house_rules():
                if variant_id(other["base"], other["name"]) == rid and other["name"].casefold() != name.casefold():
                    raise SessionError("name", "house_id_taken", id=rid, other=other["name"])
            replaced = self.store.house_rule(name)
            if replaced is not None and may_replace is not None:
                may_replace(replaced["base"], replaced["name"])
            rule_id = self.store.save_house_rules(name, base, options)
        return HouseRules(id=rule_id, name=name, base=base, options=options)

    def find(self, name: str) -> dict[str, Any] | None:
        """The stored variant by its id (`variant_id`) or its name (any case); None if none."""
        row = self.store.house_rule(name)
        if row is None:
            row = next((r for r in self.store.house_rules() if variant_id(r["base"], r["name"]) == name), None)
        return row

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
        return None if row is None else {"id": variant_id(row["base"], row["name"]), "extends": row["base"],
                                         **row["options"]}

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
    def import_house_rules(self, path: str | Path, may_replace: Callable[[str, str], None] | None = None) -> HouseRules:
        """A TOML rule table file that `extends` a built-in one, kept as a house variant."""
        load_table_file(path)  # refuses a wrong file (unreadable, bad TOML) naming it
        return self.import_house_rules_text(Path(path).read_text(encoding="utf-8"), str(path), may_replace)

    @guarded
    def import_house_rules_text(self, text: str, source: str = "Hausregeln",
                                may_replace: Callable[[str, str], None] | None = None) -> HouseRules:
        """TOML text of a rule table that `extends` a built-in one (pasted in the app), kept
        as a house variant. A wrong table is refused with the key path and the reason."""
        table, raw = load_table_text(text, source)
        base = raw.get("extends")
        if not isinstance(base, str) or base not in builtin_tables():
            raise TableError(source, "extends", "house_extends", known=", ".join(builtin_tables()))
        base_table = get_table(base)
        def values(t: RuleTable) -> dict[str, Any]:
            return {k: v for k, v in table_as_dict(t).items() if k not in ("id", "extends")}

        options = {k: v for k, v in table_diff(values(base_table), values(table)).items()}
        if values(with_options(base_table, options)) != values(table):
            raise TableError(source, "", "house_not_changes")
        options.pop("name", None)
        rid = variant_id(base, table.name)
        if raw.get("id") is not None and raw.get("id") != rid:
            raise TableError(source, "id", "house_id", id=rid, name=table.name)
        return self.save_house_rules(table.name, base, options, may_replace)
