"""Is `scorepad replay` still byte for byte what an earlier commit wrote? A dev check, run by hand:

    .venv/bin/python scripts/replay_identity.py 7d014fd [--hands 20000] [FILE ...]

The earlier commit's scorepad (git archive into a temporary folder, put first on PYTHONPATH) and
this checkout's each run `scorepad replay` on: an evening of --hands generated hands per built-in
ruleset (two seeds), every examples/ file, and any FILE given; standard output, standard error
and the exit code must be the same. Exit 1 if any differs."""

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

ROOT = Path(__file__).resolve().parent.parent
RUN = "import sys; from scorepad.cli import main; raise SystemExit(main(sys.argv[1:]))"


def replay(file: Path, pythonpath: str | None) -> tuple[int, bytes, bytes]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    out = subprocess.run([sys.executable, "-c", RUN, "replay", str(file)], capture_output=True, env=env,
                         cwd=tempfile.gettempdir())
    return out.returncode, out.stdout, out.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_intermixed_args()
    with tempfile.TemporaryDirectory() as folder:
        ref = Path(folder) / "ref"
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.commit, "scorepad", "rulesets"],
                                 capture_output=True, check=True).stdout
        tarfile.open(fileobj=BytesIO(archive)).extractall(ref)
        inputs = Path(folder) / "in"
        inputs.mkdir()
        sys.path.insert(0, str(ROOT))
        from scorepad.bench import generate_session
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
