"""The store's two refusals: a file that cannot be used, and a row that is not there."""

from __future__ import annotations

from scorepad.errors import ScorepadError


class StoreError(ScorepadError):
    """The file cannot be used: not a scorepad file, too new, busy, unreadable."""


class NotFoundError(ScorepadError):
    """No such evening, hand or player."""
