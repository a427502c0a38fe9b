"""The README says every command and option `scorepad --help` knows, and every command the
README shows exists (after sqlite-utils' documentation tests); `scorepad replay` starts
without the store, the exports or the UI; the version is the changelog's newest release."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import scorepad
from scorepad.cli import build_parser

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


def _readme_command_lines() -> list[str]:
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        lines += [line.strip() for line in block.splitlines() if line.strip().startswith("scorepad")]
    return lines


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_and_option_is_in_the_readme(name):
    lines = [line for line in _readme_command_lines() if re.match(rf"scorepad {re.escape(name)}\b", line)]
    assert lines, f"`scorepad {name}` is not in a README command block"
    for action in _commands()[name]._actions:
        for option in action.option_strings:
            if option.startswith("--") and option != "--help":
                assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", README), \
                    f"`scorepad {name} {option}` is not in the README"


def test_every_command_in_the_readme_exists():
    known = set(_commands())
    for line in _readme_command_lines():
        words = line.split()
        if len(words) == 1 or words[1].startswith(("#", "-")):
            continue  # `scorepad` alone: the app
        assert words[1] in known, f"README shows `{line}`, but scorepad has no command {words[1]}"


def test_replay_loads_neither_store_nor_exports_nor_ui():
    code = ("import sys, io, contextlib\n"
            "from scorepad.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert main(['replay', {str(ROOT / 'examples' / 'schafkopf.json')!r}]) == 0\n"
            "import json; print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded = set(json.loads(out.stdout))
    heavy = [m for m in loaded if m.split(".")[0] in ("flet", "sqlite_utils", "PIL")
             or m in ("scorepad.store", "scorepad.exports", "scorepad.app", "scorepad.picture")
             or m.startswith("scorepad.ui") or m.endswith(".form")]
    assert not heavy, heavy


def test_layers_point_one_way():
    """The store does not import the session file's layer above it; the engine loads no UI."""
    code = ("import sys, json\n"
            "import scorepad.store, scorepad.engine, scorepad.games\n"
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded = set(json.loads(out.stdout))
    assert "scorepad.session" not in loaded and "scorepad.app" not in loaded
    assert not [m for m in loaded if m.split(".")[0] == "flet" or m.startswith("scorepad.ui") or m.endswith(".form")]


def test_what_ships_is_the_product(tmp_path):
    """Starting the app, serving it and the command line load no dev tool (the headless phone,
    the sharing load loop); Flet's private modules are named in one place only."""
    code = ("import sys, json\n"
            "import scorepad.cli, scorepad.ui.main, scorepad.ui.serve\n"
            "scorepad.ui.main.make_main(sys.argv[1]).app.close()\n"
            "print(json.dumps(sorted(sys.modules)))\n"
            "import scorepad.devtools.bench\n"
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "app.db")], capture_output=True, text=True, timeout=120,
                         check=True)
    product, with_bench = (set(json.loads(line)) for line in out.stdout.splitlines())
    assert not [m for m in product if m.startswith("scorepad.devtools")]
    # `scorepad bench` loads the load loops, the headless phone and chromium's only when asked
    assert {m for m in with_bench if m.startswith("scorepad.devtools")} == \
        {"scorepad.devtools", "scorepad.devtools.bench", "scorepad.devtools.figures"}
    private = re.compile(r"^\s*(from flet\.|import flet\.)", re.M)
    users = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scorepad").rglob("*.py") if private.search(p.read_text()))
    assert users == ["scorepad/ui/flet_private.py"], users


def test_the_version_is_the_changelogs_latest_release():
    """pyproject.toml, `scorepad.__version__` (sealed into every checkpoint) and the newest
    release in CHANGELOG.md say the same version."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    latest = re.search(r"^## (\d+\.\d+\.\d+) \(", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert latest, "CHANGELOG.md has no release heading `## X.Y.Z (date)`"
    assert project == scorepad.__version__ == latest.group(1)


def test_the_readme_is_a_front_door_of_at_most_250_lines():
    """What scorepad is, the two commands, the table, the command list, the store's promises and
    links; the details live in docs/ (issue 25)."""
    assert len(README.splitlines()) <= 250
