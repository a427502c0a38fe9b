"""The export formats, one list: each format's name (`scorepad export --format`), its label on
the Abrechnung screen, MIME type, file suffix, what it needs and its renderer.

The command line's choices, the application layer (`App.export_session`) and the Abrechnung
screen all read this list. It loads nothing itself: a renderer is named as "module:function" and
imported when first used (the command line knows the names without loading the exports, and the
picture loads Pillow only when a picture is asked for)."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorepad.games.base import Replay
    from scorepad.summary import EveningSummary

Renderer = Callable[[Any, dict[str, Any], "Replay", "EveningSummary"], "str | bytes"]


@dataclass(frozen=True)
class ExportFormat:
    """One export format. `download`: its place among the Abrechnung screen's downloads (None:
    not offered there; the chat text is copied, not downloaded). `needs`: a module the renderer
    imports that not every Python has (the static site's has no Pillow)."""

    name: str
    label: str
    mime: str
    suffix: str
    renderer: str  # "module:function"
    needs: str | None = None
    download: int | None = None
    file_tail: str = ""  # added to the file name before the suffix ("-excel")

    def render(self, table: Any, session: dict[str, Any], result: Replay, summary: EveningSummary) -> str | bytes:
        """The evening in this format: text, or bytes for the picture."""
        module, function = self.renderer.split(":")
        render: Renderer = getattr(importlib.import_module(module), function)
        return render(table, session, result, summary)

    def available(self) -> bool:
        """Whether this Python has what the format needs."""
        return self.needs is None or importlib.util.find_spec(self.needs) is not None

    def file_name(self, stem: str) -> str:
        return f"{stem}{self.file_tail}.{self.suffix}"


# in the order `scorepad export --format` lists them
FORMATS: tuple[ExportFormat, ...] = (
    # the session file (format 1, importable as is) plus the computed results
    ExportFormat("json", "JSON", "application/json", "json", "scorepad.exports:to_json", download=5),
    ExportFormat("csv", "CSV", "text/csv", "csv", "scorepad.exports:to_csv", download=3),
    ExportFormat("md", "Markdown", "text/markdown", "md", "scorepad.exports:to_markdown", download=4),
    ExportFormat("html", "HTML (drucken)", "text/html", "html", "scorepad.exports:to_html", download=1),
    ExportFormat("text", "Text", "text/plain", "txt", "scorepad.exports:to_text"),
    # the CSV German spreadsheets open by a double click (semicolons, decimal comma, BOM)
    ExportFormat("csv-de", "Excel (CSV)", "text/csv", "csv", "scorepad.exports:to_csv_de", download=2,
                 file_tail="-excel"),
    # the evening as a picture to share (bytes, not text); Pillow is loaded only for it
    ExportFormat("png", "Bild (PNG)", "image/png", "png", "scorepad.picture:to_png", needs="PIL", download=6),
)
BY_NAME: dict[str, ExportFormat] = {f.name: f for f in FORMATS}
NAMES: tuple[str, ...] = tuple(BY_NAME)


def downloads() -> list[ExportFormat]:
    """The formats the Abrechnung screen offers to download, in its order, where this Python
    has what they need."""
    offered = sorted((f for f in FORMATS if f.download is not None), key=lambda f: f.download or 0)
    return [f for f in offered if f.available()]
