"""The package's shape: no module of scorepad over 500 lines, and no import circle between its
modules. Imports inside functions count (a circle run late is still a circle); imports only for
type checking (`if TYPE_CHECKING:`) do not. The one circle allowed is the registry's lazy import
of the game packages (scorepad/games/__init__.py, by name at run time): the games' modules use
shared helpers (tables, describe, rulesheet) that ask the registry for a family."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorepad.games import FAMILIES

pytestmark = pytest.mark.unit

PACKAGE = Path(__file__).resolve().parent.parent / "scorepad"
MAX_LINES = 500

# the registry imports each game package by its name when a family is first asked for
# (`importlib.import_module` in scorepad/games/__init__.py): the one circle allowed goes through it
REGISTRY = "scorepad.games"
GAME_PACKAGES = tuple(FAMILIES)  # the registry's names (its packages: none imported here)
LAZY_IMPORTS = {(REGISTRY, f"{REGISTRY}.{name}") for name in GAME_PACKAGES}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported_names(tree: ast.AST, name: str, is_package: bool) -> list[str]:
    """Every module name an import in the tree asks for (a `from X import y` both X and X.y:
    y may be a submodule), relative imports resolved; those under `if TYPE_CHECKING:` left out."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.append(source)
            found.extend(f"{source}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each scorepad module and the scorepad modules it imports (itself left out)."""
    known = modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets = {m for m in _imported_names(tree, name, path.name == "__init__.py") if m in known}
        graph[name] = targets - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle (a -> b -> ... -> a) per group of modules that import each other (Tarjan's
    strongly connected components, then the shortest way round from the group's first module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    out = []
    for group in groups:
        members, start = set(group), group[0]
        paths = {start: [start]}
        queue = [start]
        while queue:  # breadth first, inside the group, back to the start
            v = queue.pop(0)
            for w in sorted(graph[v] & members):
                if w == start:
                    out.append(paths[v] + [start])
                    queue = []
                    break
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    queue.append(w)
    return sorted(out)


def test_no_module_is_over_500_lines():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: " + ", ".join(f"{m} ({n})" for m, n in sorted(long.items()))


def test_no_import_circle_but_the_registrys_lazy_one():
    graph = import_graph()
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)
    # the registry's lazy import of the game packages closes a circle, the one allowed (were it
    # gone, so would be the exception)
    for source, target in LAZY_IMPORTS:
        graph[source].add(target)
    allowed = circles(graph)
    assert allowed and all(any((a, b) in LAZY_IMPORTS for a, b in zip(c, c[1:])) for c in allowed), allowed


def test_the_allowed_circle_is_the_registrys_lazy_import():
    """The circle let through above is still there: the registry imports each game package by
    its name (a package renamed or the registry changed, the exception goes too)."""
    source = (PACKAGE / "games" / "__init__.py").read_text(encoding="utf-8")
    assert "importlib.import_module(" in source
    for name in GAME_PACKAGES:
        assert f'"{name}"' in source and (PACKAGE / "games" / name / "__init__.py").exists()


# --- the graph itself, on small made-up packages -------------------------------------------


def _graph_of(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    root = tmp_path / "scorepad"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return import_graph(root)


def test_an_import_inside_a_function_counts_and_one_for_type_checking_does_not(tmp_path):
    graph = _graph_of(tmp_path, {
        "__init__.py": "",
        "a.py": "def f():\n    from scorepad.b import x\n",
        "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scorepad import a\nx = 1\n",
        "c.py": "import typing\nif typing.TYPE_CHECKING:\n    pass\nelse:\n    import scorepad.a\n",
    })
    assert graph["scorepad.a"] == {"scorepad.b"}
    assert graph["scorepad.b"] == set()
    assert graph["scorepad.c"] == {"scorepad.a"}


def test_relative_imports_are_resolved(tmp_path):
    graph = _graph_of(tmp_path, {
        "__init__.py": "",
        "pkg/__init__.py": "from .inner import y\nfrom . import other\n",
        "pkg/inner.py": "from ..top import z\nfrom .other import w\n",
        "pkg/other.py": "w = 1\n",
        "top.py": "z = 1\n",
    })
    assert graph["scorepad.pkg"] == {"scorepad.pkg.inner", "scorepad.pkg.other"}
    assert graph["scorepad.pkg.inner"] == {"scorepad.top", "scorepad.pkg.other"}


def test_a_circle_is_named_in_order(tmp_path):
    graph = _graph_of(tmp_path, {
        "__init__.py": "",
        "a.py": "from scorepad.b import x\n",
        "b.py": "def f():\n    import scorepad.c\n",
        "c.py": "from scorepad import a\n",
        "d.py": "import scorepad.a\n",
    })
    assert circles(graph) == [["scorepad.a", "scorepad.b", "scorepad.c", "scorepad.a"]]
