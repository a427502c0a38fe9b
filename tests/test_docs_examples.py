"""Every TOML and JSON example in the README and docs/ runs through the command line (issue 24
item 3): a rule table through `rulesets check` and `rulesets import` (the same verdict), a
session file through `replay` and `import`. An example that is not a whole file or that shows a
refusal says so in an HTML comment on the line before its block, which this test reads:

    <!-- example: part of a variant of schafkopf -->   the values of a house variant of that table
    <!-- example: refused "LINE START" -->             every command refuses it, with that line
    <!-- example: replay output -->                    what `scorepad replay` prints (its shape)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_runner import ok, refused

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(?:<!-- example: (?P<mark>[^\n]*?) -->\n)?```(?P<lang>toml|json)\n(?P<text>.*?)```", re.S)


def _examples() -> list:
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for block in BLOCK.finditer(text):
            line = text.count("\n", 0, block.start("lang")) + 1
            found.append(pytest.param(block["lang"], block["mark"] or "", block["text"],
                                      id=f"{doc.relative_to(ROOT)}:{line}"))
    return found


def test_the_docs_have_examples_of_both_kinds():
    langs = {p.values[0] for p in _examples()}
    assert langs == {"toml", "json"}


@pytest.mark.parametrize("lang, mark, text", _examples())
def test_every_example_in_the_docs_runs_through_the_command_line(db, tmp_path, capsys, lang, mark, text):
    if mark == "replay output":
        assert set(json.loads(text)) == {"hands", "standings", "state"}
        return
    part = re.fullmatch(r"part of a variant of ([\w-]+)", mark)
    if part:
        text = f'extends = "{part.group(1)}"\nname = "Beispiel"\n' + text
    path = tmp_path / f"example.{lang}"
    path.write_text(text, encoding="utf-8")
    commands = ([("rulesets", "check", path), ("--db", db, "rulesets", "import", path)] if lang == "toml"
                else [("replay", path), ("--db", db, "import", path)])
    refusal = re.fullmatch(r'refused "(.*)"', mark)
    for argv in commands:
        if refusal:
            assert refused(capsys, *argv).startswith(refusal.group(1).replace("FILE", str(path))), argv
        else:
            ok(capsys, *argv)
    assert refusal or part or not mark, f"unknown example mark {mark!r}"
