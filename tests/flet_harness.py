"""The client-less Flet phone for view tests lives in the package (the sharing benchmark uses
it too): scorepad/devtools/headless.py."""

from scorepad.devtools.headless import Phone, RecordingConnection, open_phone

__all__ = ["Phone", "RecordingConnection", "open_phone"]
