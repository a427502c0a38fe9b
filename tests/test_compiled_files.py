"""What the static site's phone compiles once and starts from afterwards (scorepad/staticsite/
browser.py): Python's standard library with its bytecode, and the app as one bundle of files
with theirs. Built here by this Python, as the browser's Python builds them there; that the
browser starts from them is tests/test_static_site.py's."""

from __future__ import annotations

import importlib
import io
import json
import subprocess
import sys
import zipfile
from importlib.util import cache_from_source
from pathlib import Path

import pytest

from scorepad.staticsite.browser import bundle, compiled_stdlib

pytestmark = pytest.mark.unit


def _zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def _unbundle(data: bytes) -> dict[str, bytes]:
    length = int.from_bytes(data[:4], "little")
    index = json.loads(data[4:4 + length])
    files, at = {}, 4 + length
    for path, size in index:
        files[path] = data[at:at + size]
        at += size
    assert at == len(data)
    return files


def test_the_compiled_standard_library_keeps_every_file_and_adds_each_modules_bytecode(tmp_path):
    shipped = _zip(tmp_path / "stdlib.zip", {"mod_a.py": "X = 1\n", "pkg_a/__init__.py": "", "bad_a.py": "def (:\n",
                                             "pkg_a/data.txt": "words"})
    made = zipfile.ZipFile(io.BytesIO(compiled_stdlib(str(shipped))))
    with zipfile.ZipFile(shipped) as z:
        for info in z.infolist():
            assert made.read(info.filename) == z.read(info)
    assert set(made.namelist()) == {"mod_a.py", "mod_a.pyc", "pkg_a/__init__.py", "pkg_a/__init__.pyc", "bad_a.py",
                                    "pkg_a/data.txt"}  # a file that does not compile stays as it is


def test_python_takes_a_module_of_the_compiled_standard_library_from_its_bytecode_unchecked(tmp_path):
    made = zipfile.ZipFile(io.BytesIO(compiled_stdlib(str(_zip(tmp_path / "s.zip", {"mod_b.py": "X = 1\n"})))))
    # the source changed after compiling: the bytecode is what runs, nothing compares the two
    changed = _zip(tmp_path / "changed.zip", {"mod_b.py": "X = 2\n"})
    with zipfile.ZipFile(changed, "a") as z:
        z.writestr("mod_b.pyc", made.read("mod_b.pyc"))
    sys.path.insert(0, str(changed))
    try:
        assert importlib.import_module("mod_b").X == 1
    finally:
        sys.path.remove(str(changed))
        sys.modules.pop("mod_b", None)


def _tree(root: Path) -> None:
    (root / "pkg_c" / "__pycache__").mkdir(parents=True)
    (root / "pkg_c" / "__init__.py").write_text("")
    (root / "pkg_c" / "mod_c.py").write_text("X = 1\n")
    (root / "pkg_c" / "table.toml").write_text("name = 'Sauspiel'\n")
    (root / "pkg_c" / "native.so").write_bytes(bytes(range(256)))
    (root / "pkg_c" / "__pycache__" / "old.cpython-999.pyc").write_bytes(b"stale")
    (root / "main_c.py").write_text("import pkg_c\n")


def test_the_bundle_holds_every_file_with_its_size_and_each_modules_bytecode_but_no_stale_bytecode(tmp_path, monkeypatch):
    _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    files = _unbundle(bundle(("main_c.py", "pkg_c")))
    sources = {"main_c.py", "pkg_c/__init__.py", "pkg_c/mod_c.py"}
    assert set(files) == sources | {"pkg_c/table.toml", "pkg_c/native.so"} | {cache_from_source(p) for p in sources}
    for path, data in files.items():
        if not path.endswith(".pyc"):
            assert data == (tmp_path / path).read_bytes(), path


def test_python_takes_a_module_of_the_unpacked_bundle_from_its_bytecode_unchecked(tmp_path, monkeypatch):
    _tree(tmp_path / "made")
    monkeypatch.chdir(tmp_path / "made")
    files = _unbundle(bundle(("pkg_c",)))
    target = tmp_path / "phone"  # written anew, as on every start: new dates on every file
    for path, data in files.items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_bytes(data)
    (target / "pkg_c" / "mod_c.py").write_text("X = 2\n")
    monkeypatch.syspath_prepend(str(target))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    try:
        assert importlib.import_module("pkg_c.mod_c").X == 1
    finally:
        for name in ("pkg_c", "pkg_c.mod_c"):
            sys.modules.pop(name, None)


def test_in_the_browser_what_sqlite_utils_imports_for_its_recipes_waits_until_first_used():
    """The static site's Python imports dateutil's parser (for sqlite-utils' convert recipes,
    which scorepad never calls) only when something uses it; it works then as ever."""
    code = """
import sys
from scorepad.staticsite.browser import LazyImports
sys.meta_path.insert(0, LazyImports())
import sqlite_utils, scorepad.store
print(type(sys.modules["dateutil.parser"]).__name__, "dateutil.tz" in sys.modules)
from dateutil import parser
print(parser.parse("2026-12-01 20:15").isoformat(), type(sys.modules["dateutil.parser"]).__name__)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "_LazyModule False"
    assert out[1] == "2026-12-01T20:15:00 module"
