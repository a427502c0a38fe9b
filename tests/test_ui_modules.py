"""How the table app's modules lean on each other (issue 25): the screens are below the router,
and no two modules of scorepad/ui import each other round (imports inside functions count,
`if TYPE_CHECKING:` ones do not)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

UI = Path(__file__).resolve().parent.parent / "scorepad" / "ui"


def module_name(path: Path) -> str:
    parts = path.relative_to(UI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module `path` imports, at the top or inside a function (not for type checking only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for n in ast.walk(node)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


MODULES = {module_name(p): p for p in UI.rglob("*.py")}
IMPORTS = {name: {m for m in imported(p) if m in MODULES and m != name} for name, p in MODULES.items()}


def test_no_screen_imports_the_router():
    screens = {name: deps for name, deps in IMPORTS.items() if name.startswith("scorepad.ui.screens")}
    assert screens, "the screens are found"
    assert {name for name, deps in screens.items() if "scorepad.ui.main" in deps} == set()


def test_no_module_of_the_table_app_imports_another_round():
    def reaches(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(IMPORTS[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo += IMPORTS[m]
        return seen

    assert sorted(name for name in MODULES if name in reaches(name)) == []
