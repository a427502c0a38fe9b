"""Python sources as the static site ships them: without docstrings and comments (build side).

About half of the bytes of Flet's, pydantic's and the standard library's sources are their
documentation, which a phone downloads and never reads. A docstring becomes "" and a comment
nothing, line for line: a traceback in the browser still points at the right line. A source
this Python cannot parse, or whose slim form does not compile, ships as it is.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings

CODING = re.compile(r"coding[:=]")  # a declaration of the file's encoding (PEP 263): kept
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstrings(tree: ast.Module) -> list[ast.Expr]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                found.append(first)
    return found


def slim(source: bytes, filename: str = "<slim>") -> bytes:
    """`source` without docstrings and comments, with the same lines (see the module)."""
    try:
        text = source.decode("utf-8")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text, filename)
            tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (SyntaxError, UnicodeDecodeError, tokenize.TokenError, ValueError):
        return source
    lines = text.splitlines(keepends=True)
    cuts: list[tuple[int, int, int, int, str]] = []  # (line, col, end line, end col, replacement), 1-based lines
    for doc in _docstrings(tree):
        assert doc.end_lineno is not None and doc.end_col_offset is not None
        cuts.append((doc.lineno, doc.col_offset, doc.end_lineno, doc.end_col_offset, '""'))
    for tok in tokens:
        if tok.type == tokenize.COMMENT and not (tok.start[0] <= 2 and CODING.search(tok.string)):
            cuts.append((tok.start[0], tok.start[1], tok.end[0], tok.end[1], ""))
    # from the end, so that earlier positions stay valid; columns are in characters per line
    for line, col, end_line, end_col, new in sorted(cuts, reverse=True):
        head = lines[line - 1][:col]
        tail = lines[end_line - 1][end_col:]
        newlines = "\n" * (end_line - line)
        if newlines and tail.strip():  # code after a multi-line docstring on its last line: kept as it is
            return source
        lines[line - 1:end_line] = [head + new + newlines + tail]
    out = "".join(lines)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(out, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return source
    return out.encode("utf-8")
