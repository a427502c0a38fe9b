"""What of Python's standard library and of the packages the static site ships (build side).

Pyodide's standard library (python_stdlib.zip, 2.5 MB) holds much that no part of the app ever
imports (unittest, email, xml, multiprocessing, ...). The site keeps a module only when
something that runs there can import it, found by what the files say, never by guessing:

- every `import` and `from ... import` line (at any depth: imports inside functions count; a
  relative one resolved) of every Python file the app ships (scorepad and __pypackages__) and,
  in turn, of every standard module kept;
- every module name written anywhere in the compiled code that runs there (pyodide.asm.wasm:
  Python itself, which imports e.g. `_strptime` or `encodings.*` from C; Pyodide's JavaScript;
  the WebAssembly libraries of the packages, pydantic-core importing `decimal` or `uuid` from
  Rust): a plain byte search, so it keeps rather more than less;
- whole packages Python loads by a computed name (ALWAYS).

A module kept keeps its parent packages. tests/test_static_prune.py starts the pruned Python
(Pyodide, in node) and imports every module of scorepad and of each shipped package that the
whole standard library imports.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

# loaded by a name computed at run time (codecs.lookup, sysconfig), or Pyodide's own
ALWAYS = ("encodings", "_sysconfigdata", "pyodide", "_pyodide", "site", "sitecustomize", "zipimport")
# what a browser's worker never runs, though some module kept names it in a function or a branch
# no browser takes: the interactive shell, help() and the debuggers (pydoc, _pyrepl, pdb, code),
# the test runners, other processes and terminals, servers and mail, the GUI toolkit, profilers
NEVER = ("pydoc", "pydoc_data", "_pyrepl", "pdb", "bdb", "doctest", "unittest", "code", "rlcompleter",
         "multiprocessing", "concurrent.futures.process", "pty", "curses", "getpass",
         "xmlrpc", "http.server", "socketserver", "wsgiref", "webbrowser", "smtplib", "imaplib", "poplib",
         "ftplib", "mailbox", "tkinter", "idlelib", "turtle", "turtledemo", "ensurepip", "venv", "lib2to3",
         "cProfile", "profile", "pstats", "trace", "timeit", "pickletools", "pyclbr", "tabnanny", "zipapp",
         "compileall", "modulefinder", "antigravity", "this", "__hello__", "__phello__", "sqlite3.__main__",
         "asyncio.__main__", "json.tool", "dbm", "shelve", "ctypes")
# the codecs of other scripts and of old systems' 8-bit code pages: looked up by name only, and
# scorepad reads and writes UTF-8 (the ASCII, Latin-1 and UTF codecs stay, and cp437, which
# zipfile uses for names)
FOREIGN_CODECS = re.compile(r"encodings/(cp(?!437\.)\d+|iso8859_\d+|mac_\w+|koi8_\w|kz1048|ptcp154|hp_roman8|tis_620"
                            r"|palmos|big5\w*|euc_\w+|gb\w+|hz|johab|shift_jis\w*|iso2022_\w+)\.py$")
IMPORT = re.compile(rb"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+"
                    rb"(?:\(([^)]*)\)|([\w., \t*]+)))", re.MULTILINE)
COMMENT = re.compile(rb"#[^\n]*")


def module_name(path: str) -> str | None:
    """`a/b/c.py` -> a.b.c, `a/b/__init__.py` -> a.b; None for what is no module."""
    p = PurePosixPath(path)
    if p.suffix != ".py":
        return None
    parts = list(p.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or None


MAIN_GUARD = re.compile(rb"""^if __name__ == ['"]__main__['"]:""", re.MULTILINE)
COMMAND = re.compile(rb"^([ \t]*)def (?:main|_main|_test|test)\(")


def library_part(source: bytes) -> bytes:
    """`source` without what runs only when the module is a command (`python -m x`): what
    follows `if __name__ == "__main__":` and the bodies of its `main()` / `_test()`."""
    guard = MAIN_GUARD.search(source)
    if guard:
        source = source[:guard.start()]
    out, skip = [], None
    for line in source.splitlines(keepends=True):
        if skip is not None:
            indent = len(line) - len(line.lstrip(b" \t"))
            if not line.strip() or indent > skip:
                continue
            skip = None
        command = COMMAND.match(line)
        if command:
            skip = len(command.group(1))
        out.append(line)
    return b"".join(out)


def imports(source: bytes, name: str = "", package: bool = False) -> set[str]:
    """Every module `source` (the module `name`; `package`: an __init__) may import, relative
    imports resolved; `from a import b` gives a and a.b (b may be a module). What only a
    module's command line imports does not count (library_part)."""
    found: set[str] = set()
    for plain, base, bracketed, names in IMPORT.findall(library_part(source)):
        names = COMMENT.sub(b"", bracketed) or names
        if plain:
            for part in plain.decode().split(","):
                words = part.split()
                if words:
                    found.add(words[0])
            continue
        module = base.decode()
        dots = len(module) - len(module.lstrip("."))
        if dots:
            parts = name.split(".") if package else name.split(".")[:-1]
            parts = parts[:len(parts) - (dots - 1)] if dots > 1 else parts
            module = ".".join(parts + [module[dots:]] if module[dots:] else parts)
        if not module:
            continue
        found.add(module)
        for part in names.decode().split(","):
            words = part.split()
            if words and words[0] != "*":
                found.add(f"{module}.{words[0]}")
    return found


def _with_parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts) + 1)]


def stdlib_keep(stdlib: zipfile.ZipFile, sources: Iterable[tuple[str, bytes]],
                binaries: Iterable[bytes]) -> set[str]:
    """The paths in `stdlib` (Pyodide's python_stdlib.zip) to keep for `sources` (path, bytes)
    of the shipped Python files and `binaries` (the compiled code that runs beside them)."""
    files = {info.filename: info for info in stdlib.infolist() if not info.is_dir()}
    modules: dict[str, str] = {}
    for path in files:
        name = module_name(path)
        if name:
            modules[name] = path
    wanted: set[str] = set()
    for path, data in sources:
        name = module_name(path) or ""
        wanted |= imports(data, name, path.endswith("__init__.py"))
    for data in binaries:
        wanted |= {name for name in modules if name.encode() in data}
    kept_dirs = {path.split("/")[0] for path in files if path.split("/")[0].startswith(ALWAYS)}
    kept: set[str] = {path for path in files if (path.split("/")[0] in kept_dirs or path.startswith(ALWAYS))
                      and not FOREIGN_CODECS.match(path)}
    todo = [n for w in wanted for n in _with_parents(w)]
    todo += [module_name(p) or "" for p in kept]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in modules or name.startswith(NEVER) and (
                name in NEVER or name.startswith(tuple(n + "." for n in NEVER))):
            continue
        seen.add(name)
        path = modules[name]
        kept.add(path)
        found = imports(stdlib.read(files[path]), name, path.endswith("__init__.py"))
        todo += [n for f in found for n in _with_parents(f)]
        todo += _with_parents(name)
    # a kept package's other files that are no modules (data)
    folders = {str(PurePosixPath(p).parent) for p in kept}
    kept |= {p for p in files if not p.endswith(".py") and str(PurePosixPath(p).parent) in folders}
    return kept


def pruned_stdlib(stdlib_path: str, sources: Iterable[tuple[str, bytes]], binaries: Iterable[bytes],
                  transform: Callable[[bytes, str], bytes] | None = None) -> bytes:
    """python_stdlib.zip with only what stdlib_keep keeps (each .py through `transform`),
    stored uncompressed: the site ships it gzipped whole (smaller than a zip's file-by-file
    compression), the service worker unpacks it."""
    import io

    out = io.BytesIO()
    with zipfile.ZipFile(stdlib_path) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zout:
        keep = stdlib_keep(zin, sources, binaries)
        for info in zin.infolist():
            if info.filename in keep:
                data = zin.read(info)
                if transform is not None and info.filename.endswith(".py"):
                    data = transform(data, info.filename)
                info.compress_type = zipfile.ZIP_STORED
                zout.writestr(info, data)
    return out.getvalue()


# in __pypackages__: what no import reaches (type stubs, the packages' tests and test helpers)
PACKAGE_CLUTTER = (".pyi", "py.typed")
PACKAGE_DIRS_SKIP = ("tests", "testing", "__pycache__", "licenses", "sboms")
# the packages' own command lines and test helpers (they import the debugger): the app imports
# sqlite-utils' and click's libraries only
COMMAND_LINES = ("sqlite_utils/cli.py", "sqlite_utils/__main__.py", "click/testing.py")


def package_file_kept(rel: str) -> bool:
    """Whether the file `rel` (relative to __pypackages__) goes into the site."""
    parts = rel.split("/")
    if rel.endswith(PACKAGE_CLUTTER) or rel in COMMAND_LINES or any(part in PACKAGE_DIRS_SKIP for part in parts[:-1]):
        return False
    if parts[0].endswith(".dist-info"):  # importlib.metadata.version() reads METADATA's head only
        return parts[-1] == "METADATA"
    return True


def metadata_head(data: bytes) -> bytes:
    """A METADATA file's headers (name, version, requirements) without its long description."""
    head, _, _ = data.partition(b"\n\n")
    return head + b"\n"
