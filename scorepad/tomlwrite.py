"""Writing rule tables as TOML (Python's tomllib reads TOML but cannot write it): enough for
tables of text, numbers, booleans, lists and nested tables, which is all a rule table holds."""

from __future__ import annotations

import json
import re
from typing import Any

BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: Any) -> str:
    k = str(k)
    return k if BARE_KEY.match(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items() if x is not None) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _is_table_list(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dumps(data: dict[str, Any]) -> str:
    """TOML text for `data`: plain values first, then each table under its [path]."""
    lines: list[str] = []

    def emit(table: dict[str, Any], path: list[str]) -> None:
        plain = {k: v for k, v in table.items() if v is not None and not isinstance(v, dict) and not _is_table_list(v)}
        if path and (plain or not any(isinstance(v, dict) or _is_table_list(v) for v in table.values())):
            lines.append("")
            lines.append("[" + ".".join(_key(p) for p in path) + "]")
        for k, v in plain.items():
            lines.append(f"{_key(k)} = {_value(v)}")
        for k, v in table.items():
            if isinstance(v, dict):
                emit(v, path + [str(k)])
            elif _is_table_list(v):
                for item in v:
                    lines.append("")
                    lines.append("[[" + ".".join(_key(p) for p in path + [str(k)]) + "]]")
                    for ik, iv in item.items():
                        if iv is not None:
                            lines.append(f"{_key(ik)} = {_value(iv)}")

    emit(data, [])
    return "\n".join(lines).lstrip("\n") + "\n"
