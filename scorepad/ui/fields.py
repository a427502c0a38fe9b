"""Text fields whose text is taken as the phone last sent it (a name, a place, a PIN).

Flet 1.0.5's client (packages/flet/lib/src/controls/textfield.dart, `onChanged`) sends every
keystroke as two messages: the field's new `value`, a property patch the server applies to the
field at once and in the order the messages arrive, then a `change` event, which runs as a task
like every event. A screen that kept the text in its state (`use_state`, set by `on_change`)
knew it only once the change handler had run and the screen had rendered again: a tap that came
in before (a busy server) read the text of the render before ("Clar" for "Clara"), and every
render sent that older text back to the phone as the field's value. Here a handler reads the
field itself, which the patches keep current, and a render sends the field no text but the one
it holds (or an empty field once a name is taken)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft


class FieldText:
    """One text field of a screen: build it with `field(...)` in every render, read `value` in
    a handler, `clear()` it once its text is taken."""

    def __init__(self, initial: str = "") -> None:
        self.control: ft.TextField | None = None
        self.pending: str | None = initial  # the text the next render gives the field (None: what it holds)
        self.rerender: Callable[[], None] = lambda: None

    @property
    def value(self) -> str:
        """The field's text as the phone last sent it."""
        if self.control is None:
            return self.pending or ""
        return self.control.value or ""

    def clear(self) -> None:
        """The field is empty from the next render on (which this asks for)."""
        self.pending = ""
        self.rerender()

    def field(self, **kwargs: Any) -> ft.TextField:
        """This render's TextField, holding what the phone typed (the diff then sends no value)."""
        value = self.pending if self.pending is not None else self.value
        self.pending = None
        self.control = ft.TextField(value=value, **kwargs)
        return self.control


def use_field_text(initial: str = "") -> FieldText:
    """A screen's text field kept across its renders (a hook: call it in every render)."""
    ref = ft.use_ref(cast(FieldText | None, None))
    if ref.current is None:
        ref.current = FieldText(initial)
    text = ref.current
    _clears, set_clears = ft.use_state(0)
    text.rerender = lambda: set_clears(lambda n: n + 1)
    return text
