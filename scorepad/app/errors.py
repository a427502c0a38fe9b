"""The application layer's refusals: what the app says no to (beyond the engine's HandError,
the session file's SessionError and the store's StoreError). Each is raised as a code of the
refusal catalogue (scorepad/refusals/) with its parameters."""

from __future__ import annotations

from scorepad.errors import HandError, ScorepadError


class StaleVersionError(ScorepadError):
    """The caller saw an older version of the evening: someone else changed it meanwhile."""

    def __init__(self, evening_id: int, expected: int, found: int):
        self.evening_id, self.expected, self.found = evening_id, expected, found
        super().__init__("stale_version", evening=evening_id, found=found, expected=expected)


class EveningClosedError(ScorepadError):
    """The evening is finished (or not), so this change does not apply."""


class NothingToUndoError(ScorepadError):
    """Undo or redo with an empty stack."""


class NotYourChangeError(ScorepadError):
    """A phone's undo (or redo) would take back a change another phone made."""


class PlayerNameError(ScorepadError):
    """A player name that can't be used (empty, taken, or not a clean rename)."""


class PinError(ScorepadError):
    """A PIN that is not four digits, or typed too often wrong for the evening."""


class PenError(ScorepadError):
    """A change from a phone that does not hold the evening's pen (never had it, or a new PIN
    took it), or of something other tables rely on."""


class ExportError(ScorepadError):
    """The evening can't be written in the asked format."""


class LaterHandError(HandError):
    """A change to one hand makes another (later) hand break a rule.

    `number` is the failing hand's number after the change; `was` its number before it.
    """

    def __init__(self, change: str, err: HandError, was: int):
        self.change, self.was, self.cause = change, was, err
        super().__init__(err.number, err.key, err.code, **err.params)

    @property
    def english(self) -> str:
        renumbered = f" (numbered after the change; it was hand {self.was})" if self.was != self.number else ""
        return f"cannot {self.change}: hand {self.number}{renumbered}: {self.key}: {self.rule}"

    @property
    def missing(self) -> bool:
        return False  # the hand being entered is complete; it is a later hand that breaks

    @property
    def german(self) -> str:
        renumbered = f" (vorher Spiel {self.was})" if self.was != self.number else ""
        return f"Dann passt Spiel {self.number}{renumbered} nicht mehr: {self.cause.german}"


class TournamentError(ScorepadError):
    """A tournament's refusal: its field, its rounds, a table's game count."""


class OrganiserError(ScorepadError):
    """A tournament's organiser action (its field, draws, rounds, corrections, table sheets with
    their PINs, its seed) asked by a phone that is not the machine serving scorepad."""
