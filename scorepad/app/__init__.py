"""The application layer: the one API the command line and the GUI call (scorepad.app.evenings,
for now all of it; split into its parts next)."""

from scorepad.app.evenings import *  # noqa: F403
from scorepad.app.evenings import (HouseRules as HouseRules, PinError as PinError,  # noqa: F401
                                   Reverted as Reverted, __all__ as __all__, rename_in as rename_in)
