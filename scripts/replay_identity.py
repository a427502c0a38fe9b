"""Is `scorepad replay` still byte for byte what an earlier commit wrote? A dev check, run by hand:

    .venv/bin/python scripts/replay_identity.py 7d014fd [--hands 20000] [FILE ...]

The earlier commit's scorepad (git archive into a temporary folder, put first on PYTHONPATH) and
this checkout's each run `scorepad replay` on: an evening of --hands generated hands per built-in
ruleset (two seeds), every examples/ file, and any FILE given; standard output, standard error
and the exit code must be the same. Exit 1 if any differs.

Its `archive`, `run_scorepad` and `replay_differences` are the compatibility corpus's too:
scripts/compat_corpus.py writes what a release computed, tests/test_compat_corpus.py compares
today's replay with it."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUN = "import sys; from scorepad.cli import main; raise SystemExit(main(sys.argv[1:]))"


def run_scorepad(argv: list[str], pythonpath: str | None) -> tuple[int, bytes, bytes]:
    """`scorepad ARGV` with this Python: an earlier release's when `pythonpath` is its folder
    (see `archive`), else this checkout's. (exit code, stdout, stderr)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SCOREPAD_DB")}
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    out = subprocess.run([sys.executable, "-c", RUN, *argv], capture_output=True, env=env,
                         cwd=tempfile.gettempdir())
    return out.returncode, out.stdout, out.stderr


def replay(file: Path, pythonpath: str | None) -> tuple[int, bytes, bytes]:
    return run_scorepad(["replay", str(file)], pythonpath)


def archive(commit: str, folder: Path) -> None:
    """The commit's scorepad package and rule tables into `folder` (git archive: offline)."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "scorepad", "rulesets"],
                          capture_output=True, check=True).stdout
    folder.mkdir(parents=True, exist_ok=True)
    tarfile.open(fileobj=BytesIO(data)).extractall(folder)


def replay_differences(before: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """What `scorepad replay` (or `show`) prints now that differs from what a release printed:
    each hand's number, dealer and deltas, the standings, and every `state` key the release
    had (a key added since is no difference). [] when they are the same."""
    out = []
    old_hands, new_hands = before.get("hands", []), now.get("hands", [])
    if len(old_hands) != len(new_hands):
        out.append(f"hands: {len(old_hands)} then, {len(new_hands)} now")
    for old, new in zip(old_hands, new_hands):
        for key in ("number", "dealer", "deltas"):
            if old.get(key) != new.get(key):
                out.append(f"hand {old.get('number')}: {key}: {old.get(key)} then, {new.get(key)} now")
    if before.get("standings") != now.get("standings"):
        out.append(f"standings: {before.get('standings')} then, {now.get('standings')} now")
    for key, value in (before.get("state") or {}).items():
        if (now.get("state") or {}).get(key) != value:
            out.append(f"state.{key}: {value} then, {(now.get('state') or {}).get(key)} now")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_intermixed_args()
    with tempfile.TemporaryDirectory() as folder:
        ref = Path(folder) / "ref"
        archive(args.commit, ref)
        inputs = Path(folder) / "in"
        inputs.mkdir()
        sys.path.insert(0, str(ROOT))
        from scorepad.devtools.bench import generate_session
        from scorepad.tables import builtin_tables

        for rid, table in builtin_tables().items():
            for seed in (1, 2):
                session = generate_session(table, args.hands, seed=seed)
                (inputs / f"{rid}-{args.hands}-s{seed}.json").write_text(json.dumps(session), encoding="utf-8")
        files = sorted(inputs.glob("*.json")) + sorted((ROOT / "examples").glob("*.json")) + args.files
        differ = 0
        for file in files:
            before, now = replay(file, str(ref)), replay(file, None)
            differ += before != now
            print(f"{'same' if before == now else 'DIFFERENT'}  exit {before[0]}/{now[0]}  "
                  f"{len(now[1]):>9} bytes  {file.name}", flush=True)
        print(f"{len(files) - differ} of {len(files)} the same")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
