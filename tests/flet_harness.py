"""The client-less Flet phone for view tests lives in the package (the sharing benchmark uses
it too): scorepad/ui/headless.py."""

from scorepad.ui.headless import Phone, RecordingConnection, open_phone

__all__ = ["Phone", "RecordingConnection", "open_phone"]
