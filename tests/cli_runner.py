"""Running the `scorepad` command in-process for tests: its exit status, stdout and stderr, and
the two outcomes the tests expect (it worked; it refused with one line and stored nothing)."""

from __future__ import annotations

import sqlite3

from scorepad.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys, *argv) -> str:
    """The command worked: exit 0, nothing on stderr; its output."""
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, ""), err
    return out


def refused(capsys, *argv) -> str:
    """The command refused: exit 2, no output, one line (no traceback) on stderr; that line."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def dump(path) -> list[str]:
    """The whole file as SQL: equal before and after means nothing was stored."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()
