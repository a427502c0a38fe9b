"""The static site ships a pruned standard library, slim sources and a pruned __pypackages__
(scorepad/staticsite/prune.py, slim.py): nothing the app imports may be missing there.

The site is built once (its packages from the package index); Pyodide, the site's own Python,
then runs in node twice: with the standard library Pyodide ships whole and with the site's. Each
unpacks the site's app archive as a phone does and imports every module of scorepad and of every
shipped package; whatever imports with the whole library must import with the site's (and every
module of scorepad the browser can run must import)."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from scorepad.staticsite.assemble import APP_ARCHIVE, STDLIB, flet_web_dir
from scorepad.staticsite.prune import imports, library_part
from scorepad.staticsite.slim import slim

pytestmark = pytest.mark.browser  # Pyodide (the browser's Python), in node

NODE = shutil.which("node")
# shipped with the package, never imported in the browser: the build side, the command line and
# the server, and what needs a package the site does not ship (uvicorn; Pillow for the PNG
# picture, segno for the printed QR code: not offered there)
NOT_IN_BROWSER = ("scorepad.staticsite.assemble", "scorepad.cli", "scorepad.ui.webserve", "scorepad.ui.serve",
                  "scorepad.__main__", "scorepad.picture", "scorepad.tournament.printed")

IMPORT_ALL = r"""
import { loadPyodide } from "PYODIDE/pyodide.mjs";
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "PYODIDE/", stdLibURL: "STDLIB" });
py.FS.writeFile("/home/pyodide/app.tar.xz", readFileSync("ARCHIVE"));
console.log(py.runPython(`
import json, os, pkgutil, shutil, sys, traceback
shutil.unpack_archive("/home/pyodide/app.tar.xz", "/home/pyodide/app", format="xztar")
sys.path[:0] = ["/home/pyodide/app", "/home/pyodide/app/__pypackages__"]
names = ["scorepad"] + sorted({m.name for m in pkgutil.iter_modules(["/home/pyodide/app/__pypackages__"])})
found, ok, failed = [], [], {}
for top in names:
    try:
        module = __import__(top)
    except BaseException as e:
        failed[top] = repr(e)
        continue
    ok.append(top)
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), top + ".", onerror=lambda n: None):
        found.append(info.name)
for name in found:
    try:
        __import__(name)
        ok.append(name)
    except BaseException as e:
        failed[name] = repr(e)[:300]
json.dumps({"ok": sorted(set(ok)), "failed": failed})
`));
"""


def _import_all(pyodide: Path, stdlib: Path, archive: Path, tmp: Path) -> dict:
    script = tmp / f"import_all_{stdlib.stem}.mjs"
    script.write_text(IMPORT_ALL.replace("PYODIDE", str(pyodide)).replace("STDLIB", str(stdlib))
                      .replace("ARCHIVE", str(archive)))
    done = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=280)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.timeout(600)
def test_every_module_that_imports_with_the_whole_standard_library_imports_on_the_site(tmp_path, built_static_site):
    assert NODE, "this test runs Pyodide in node"
    site = built_static_site[0]
    whole = tmp_path / "whole_stdlib.zip"
    shutil.copyfile(flet_web_dir() / STDLIB, whole)
    with zipfile.ZipFile(site / STDLIB) as z:
        assert "unittest/__init__.py" not in z.namelist()  # something was pruned
    full = _import_all(site / "pyodide", whole, site / APP_ARCHIVE, tmp_path)
    pruned = _import_all(site / "pyodide", site / STDLIB, site / APP_ARCHIVE, tmp_path)
    assert sorted(set(full["ok"]) - set(pruned["ok"])) == [], pruned["failed"]
    browser_side = [n for n in full["ok"] if n.startswith("scorepad") and not n.startswith(NOT_IN_BROWSER)]
    assert "scorepad.ui.main" in browser_side and "scorepad.staticsite.browser" in browser_side
    assert not [n for n in pruned["failed"] if n.startswith("scorepad") and not n.startswith(NOT_IN_BROWSER)]


def test_an_import_in_a_function_or_a_relative_one_is_found():
    source = b"from .graph import *\ndef f():\n    from .thread import (\n        a,  # x\n        b)\n    import email.message as m\n"
    found = imports(source, "concurrent.futures", package=True)
    assert {"concurrent.futures.graph", "concurrent.futures.thread.a", "concurrent.futures.thread.b", "email.message"} <= found


def test_what_only_a_modules_command_line_imports_does_not_count():
    source = b"import os\ndef main():\n    import argparse\nx = 1\nif __name__ == '__main__':\n    import doctest\n"
    assert imports(library_part(source)) == {"os"}


def test_slim_sources_keep_their_lines_and_their_code():
    source = b'"""Module."""\nimport os  # why\n\n\ndef f():\n    """Two\n    lines."""\n    return os.sep  # done\n'
    out = slim(source)
    assert out.count(b"\n") == source.count(b"\n") and b"why" not in out and b"lines" not in out
    namespace: dict = {}
    exec(compile(out, "x", "exec"), namespace)
    assert namespace["f"]() == "/"


def test_what_the_memory_snapshot_imports_loads_no_webassembly_library():
    # a snapshot keeps Python's memory, not a library's code: pydantic-core or msgpack in it
    # would make every start from it fail (browser.prepare_snapshot refuses them there)
    import sys

    from scorepad.staticsite.browser import SNAPSHOT_MODULES

    code = ("import importlib, sys\nfor m in sys.argv[1:]: importlib.import_module(m)\n"
            "print(sorted({'pydantic_core', 'msgpack', 'pydantic'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, *SNAPSHOT_MODULES], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
