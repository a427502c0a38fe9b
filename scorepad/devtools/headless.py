"""A phone without a browser: a real Flet Session over a connection that encodes every message
as the websocket transport would (the encoding records the snapshots Flet's diffing relies
on), so the app renders and updates exactly as for a browser. Used by the view tests and by
the sharing benchmark (many phones on one server); a dev tool, never imported by the app.
Flet's private names it needs are in scorepad/ui/flet_private.py."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import flet as ft
import msgpack
from flet import BaseControl

from scorepad.ui.flet_private import (
    Connection,
    Message,
    MessageAction,
    PubSubHub,
    RegisterClientResponseBody,
    Session,
    configure_encode_object_for_msgpack,
    context_page,
)
from scorepad.ui.peer import remember_peer

# the fields of a control that hold words for a person (a Text's value, not a field's)
WORD_FIELDS = {"value", "tooltip", "semantics_label", "label", "hint_text", "helper", "counter", "error", "prefix",
               "suffix", "title", "subtitle", "content", "text", "message", "action", "error_text", "helper_text",
               "counter_text", "label_text", "hint"}
CHILD_FIELDS = ("controls", "content", "title", "subtitle", "leading", "trailing", "actions", "_b", "views")
# dialogs (AlertDialog: title, content, actions) are walked too, while open


class RecordingConnection(Connection):
    """Encodes what the server sends, and answers the client calls a browser would answer:
    SharedPreferences (the phone's own storage, `storage`, which outlives a reload). Every other
    call (the clipboard, the share sheet, saving or picking a file) it refuses, as a browser
    may (a RuntimeError in the app)."""

    def __init__(self, storage: dict[str, Any] | None = None):
        super().__init__()  # type: ignore[no-untyped-call]  # (Flet's, untyped)
        self.sent = 0
        self.storage: dict[str, Any] = {} if storage is None else storage
        self.session: Session | None = None

    def send_message(self, message: Message) -> None:
        msgpack.packb([message.action, message.body], default=configure_encode_object_for_msgpack(BaseControl))  # type: ignore[no-untyped-call]
        self.sent += 1
        if message.action == MessageAction.INVOKE_METHOD:
            self.loop.call_soon(self._answer, message.body)

    def _answer(self, body: Any) -> None:
        name, args = body.name, body.args or {}
        result, error = None, None
        asked = self.session.index.get(body.control_id) if self.session is not None else None
        if not isinstance(asked, ft.SharedPreferences):  # the clipboard, the share sheet, files: refused
            error = f"the headless phone has no {type(asked).__name__}"
        elif name == "get":
            result = self.storage.get(args["key"])
        elif name == "set":
            self.storage[args["key"]] = args["value"]
            result = True
        elif name == "remove":
            result = self.storage.pop(args["key"], None) is not None
        else:
            error = f"the headless phone does not answer {name}"
        if self.session is not None:
            self.session.handle_invoke_method_results(body.control_id, body.call_id, result, error)


class Phone:
    """One phone with the app open: find controls by key or text, tap, type."""

    def __init__(self, session: Session):
        self.session = session

    @property
    def page(self) -> ft.Page:
        page: ft.Page = self.session.page
        return page

    def nav_device(self) -> str:
        """The device id the app gave this phone (kept in its storage)."""
        from scorepad.ui.device import DEVICE_KEY

        device: str = self.storage[DEVICE_KEY]
        return device

    @property
    def storage(self) -> dict[str, Any]:
        """What this phone's browser keeps across reloads (its device id)."""
        return cast(RecordingConnection, self.session.connection).storage

    def controls(self) -> list[Any]:
        out: list[Any] = []
        seen: set[int] = set()

        def walk(c: Any) -> None:
            if c is None or id(c) in seen:
                return
            seen.add(id(c))
            out.append(c)
            for name in CHILD_FIELDS:
                v = getattr(c, name, None)
                if isinstance(v, list):
                    for x in v:
                        if isinstance(x, BaseControl):
                            walk(x)
                elif isinstance(v, BaseControl):
                    walk(v)
        for view in self.page.views:
            walk(view)
        dialogs = getattr(self.page, "_dialogs", None)
        for dialog in getattr(dialogs, "controls", None) or []:
            if getattr(dialog, "open", True):
                walk(dialog)
        return out

    def find(self, key: str) -> Any:
        found = [c for c in self.controls() if control_key(c) == key]
        if not found:
            raise AssertionError(f"no control with key {key!r}; keys: {sorted(k for k in map(control_key, self.controls()) if k)}")
        return found[-1]

    def has(self, key: str) -> bool:
        return any(control_key(c) == key for c in self.controls())

    def texts(self) -> list[str]:
        out = []
        for c in self.controls():
            if isinstance(c, ft.Text) and isinstance(c.value, str):
                out.append(c.value)
        return out

    def words(self) -> list[str]:
        """All a person reads on the screen or hears from a screen reader: texts, buttons'
        words, tooltips, semantics labels, a field's label, hint, helper, counter and error, a
        dialog's label, a snackbar's action (not what was typed into a field)."""
        out: list[str] = []
        seen: set[int] = set()

        def walk(c: Any) -> None:
            if id(c) in seen:
                return
            seen.add(id(c))
            for f in dataclasses.fields(c):
                if f.name.startswith("_") and f.name != "_b" or f.metadata.get("skip"):
                    continue
                v = getattr(c, f.name, None)
                if isinstance(v, ft.Tooltip):
                    v = v.message
                if isinstance(v, str):
                    if f.name in WORD_FIELDS and not (f.name == "value" and not isinstance(c, ft.Text)):
                        out.append(v)
                elif isinstance(v, BaseControl):
                    walk(v)
                elif isinstance(v, list):
                    for x in v:
                        if isinstance(x, BaseControl):
                            walk(x)
                        elif isinstance(x, ft.TextSpan):
                            out.append(x.text or "")
        for c in self.controls():
            walk(c)
        return [w for w in out if w.strip()]

    def text_of(self, key: str) -> str:
        c = self.find(key)
        if isinstance(c, ft.Text):
            return c.value
        inner = getattr(c, "content", None)
        return inner.value if isinstance(inner, ft.Text) else str(getattr(c, "value", ""))

    async def settle(self, rounds: int = 8) -> None:
        for _ in range(rounds):
            await asyncio.sleep(0)
        await asyncio.sleep(0.01)
        for _ in range(rounds):
            await asyncio.sleep(0)

    async def tap(self, key: str) -> None:
        c = self.find(key)
        assert not c.disabled, f"{key} is disabled"
        await self.session.dispatch_event(c._i, "click", None)
        await self.settle()

    def type_fast(self, key: str, text: str, after: str = "") -> list[asyncio.Task[Any]]:
        """Type `text` a letter at a time as Flet's client sends it (textfield.dart's onChanged:
        the field's new value, applied by the server at once, then a change event, run as a
        task), faster than a busy server handles them: nothing runs in between, not one change
        handler nor a render; `after` what the field held before. The events' tasks (await them)."""
        tasks = []
        for i in range(1, len(text) + 1):
            field = self.find(key)
            value = after + text[:i]
            self.session.apply_patch(field._i, {"value": value})
            tasks.append(asyncio.ensure_future(self.session.dispatch_event(field._i, "change", value)))
        return tasks

    def tap_fast(self, key: str) -> asyncio.Task[Any]:
        """A tap that arrives right behind what came before it (type_fast), its event's task."""
        return asyncio.ensure_future(self.session.dispatch_event(self.find(key)._i, "click", None))

    async def type(self, key: str, value: str, submit: bool = False) -> None:
        c = self.find(key)
        self.session.apply_patch(c._i, {"value": value})
        await self.session.dispatch_event(c._i, "change", value)
        await self.settle()
        if submit:
            await self.session.dispatch_event(c._i, "submit", value)
            await self.settle()


def control_key(c: Any) -> str | None:
    k = getattr(c, "key", None)
    if k is None:
        return None
    return k if isinstance(k, str) else str(getattr(k, "value", k))


async def open_phone(main: Callable[[ft.Page], Any], width: int = 412, height: int = 915, storage: dict[str, Any] | None = None,
                     client_ip: str | None = None, connection: RecordingConnection | None = None,
                     route: str = "/") -> Phone:
    """A fresh phone session running `main`, as after the browser registered. Pass the
    `storage` of an earlier phone to open the app again on the same phone (a reload);
    `client_ip` is the address the server sees (127.0.0.1: a browser on the serving machine);
    `connection`: another connection to send what the session says through; `route`: the address
    the phone opens (/turniere: the organiser's tournaments)."""
    conn = connection if connection is not None else RecordingConnection(storage)
    conn.loop = asyncio.get_running_loop()
    conn.executor = ThreadPoolExecutor(max_workers=2)
    conn.pubsubhub = PubSubHub(loop=conn.loop, executor=conn.executor)
    session = Session(conn)
    conn.session = session
    session.apply_page_patch({"route": route, "width": width, "height": height, "web": True})
    session.page.client_ip = client_ip
    if client_ip is not None:  # what scorepad's server takes from the socket (ui/peer.py)
        remember_peer(conn, client_ip)
    conn.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
        session_id=session.id, page_patch=session.get_page_patch(), error="")))  # type: ignore[no-untyped-call]
    context_page.set(session.page)
    result = main(session.page)
    if asyncio.iscoroutine(result):
        await result
    await session.after_event(session.page)
    phone = Phone(session)
    await phone.settle()
    return phone
