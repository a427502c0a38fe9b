"""Drafts: the hand a phone is entering (the form's taps), one per phone and evening, kept so a
reload or a second look loses nothing. Saving the hand clears its draft (evenings.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.app.guard import guarded, unlocked

if TYPE_CHECKING:
    from scorepad.app.evenings import Evenings


class Drafts:
    """The phones' drafts of the next hand."""

    def __init__(self, evenings: Evenings):
        self.evenings = evenings
        self.store = evenings.store

    @unlocked  # one read: no other table waits for it beyond the store's own
    def draft(self, evening_id: int, device: str = "") -> Any:
        """The hand this phone (`device`) is entering (the form's taps), if any."""
        with self.store.read():
            self.store.evening(evening_id)
            return self.store.draft(evening_id, device)

    @unlocked  # one write transaction, every tap: only the store's own lock
    def save_draft(self, evening_id: int, data: Any, expected_version: int | None = None,
                   device: str = "") -> None:
        """Keep this phone's taps: each phone has its own draft, no phone types into another's.
        Written without waiting for the disk (Store.write, not durable): a tap of the server's
        fifty tables never stalls the others on a flush; a reload finds the taps, a power cut
        may lose them (never a saved hand)."""
        with self.store.write(durable=False):
            self.evenings.row(evening_id, expected_version, writable=True)
            self.store.save_draft(evening_id, device, data)

    @guarded
    def clear_draft(self, evening_id: int, device: str = "") -> None:
        with self.store.write():
            self.store.clear_draft(evening_id, device)
