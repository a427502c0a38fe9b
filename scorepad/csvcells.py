"""Every cell of every CSV scorepad writes (an evening's, a tournament's): one function, so that
no text a player typed ("=HYPERLINK(...)", "@SUM(...)", "x;=2+5") is ever run by a spreadsheet
as a formula, whichever separator (, or ;) the spreadsheet splits at."""

from __future__ import annotations

import re
from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
AFTER_SEPARATOR = re.compile(r"([,;\t] *)([=+\-@])")
# a number as the exports write it (-5, +15, 1.234,50, -0,50 €): a spreadsheet reads it as a number, never a formula
NUMBER = re.compile(r"[+-]?\d[\d.]*(?:,\d+)?(?: €)?")


class Figure(str):
    """A number written out as text (-1,20 in euros with a decimal comma; +15 points): a
    number cell, not text. Text that is no such number is made safe all the same."""


def safe_cell(text: str) -> str:
    """A text cell that a spreadsheet will not run as a formula (names like "=SUM(...)"), also
    where a spreadsheet splits it at a separator of the other CSV ("x;=2+5" read with ";")."""
    text = AFTER_SEPARATOR.sub(r"\1'\2", text)
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_cell(value: Any, sep: str = ",") -> str:
    """One cell as it is written: a number (int, `Figure`) as it is (quoted where it holds
    `sep`: "1,50" in a CSV of commas), any text made safe (`safe_cell`) and quoted where it
    holds a separator of either kind, a quote or a line break."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    if isinstance(value, Figure) and NUMBER.fullmatch(text):
        return '"' + text + '"' if sep in text else text
    text = safe_cell(text)  # any text is text, also a name such as "-1"
    if any(ch in text for ch in ',;\t"\r\n'):
        text = '"' + text.replace('"', '""') + '"'
    return text


def csv_line(cells: list[Any], sep: str) -> str:
    """One CSV line of `cells` (each as `csv_cell`), separated by `sep`, ended by CR LF."""
    return sep.join(csv_cell(c, sep) for c in cells) + "\r\n"
