"""A phone without a browser, over the real websocket: a small client of Flet's protocol (Flet
1.0.5), for the load test and `scorepad bench`'s "sharing_ws" figures. A dev tool, never
imported by the app.

What a browser's Flet client does, in as few lines (read from Flet's Dart client,
packages/flet/lib/src/flet_backend.dart and models/control.dart):

- every websocket frame is one packet: a type byte (0x00: a protocol message), then msgpack of
  `[action, body]` (actions: 1 register client, 2 patch control, 3 control event, 4 update
  control props, 5 invoke method, 6 session crashed);
- the client registers (`{"session_id", "page_name", "page": {route, width, height, web, ...}}`)
  and gets the page as a tree of controls (maps with `_c` the type and `_i` the id);
- the server then sends patches `{"id": control id, "patch": [path tree, op, op, ...]}`: the
  path tree numbers the nodes a patch touches (`[0, {prop or index: [1, {...}]}]`), an op is
  `[0 replace | 1 add | 2 remove, node, key, value]` or `[3 move, node, key, node, key]`;
- a tap is a control event `{"target": id, "name": "click", "data": None}`; typing is an
  update of the control's props, then a "change" event;
- the server asks the client things (invoke method): the phone's storage
  (SharedPreferences `get`, `set`, `remove`) is answered from `storage`.

No Flet import here: the client knows the protocol only from the wire.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgpack

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD, SESSION_CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3


class WireError(RuntimeError):
    """The server crashed the session, closed the socket, or a wait ran out."""


def _ext(code: int, data: bytes) -> Any:
    if code in (1, 2, 4):  # date-time, time of day, string: kept as text
        return data.decode("utf-8")
    if code == 3:  # a duration in microseconds
        return int.from_bytes(data, "big", signed=True)
    return msgpack.ExtType(code, data)


def controls_in(value: Any) -> Iterator[dict[str, Any]]:
    """Every control (a map with `_c`) in a value of the tree, parents before their children,
    in the order they stand (so of a control and one inside it with the same key, the inner
    one, which carries the handlers, comes last)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "_c" in v:
                yield v
            stack.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            stack.extend(reversed(v))


def key_of(control: dict[str, Any]) -> str | None:
    k = control.get("key")
    if isinstance(k, dict):  # a ValueKey: {"value": ..., "_type": "value"}
        k = k.get("value")
    return None if k is None else str(k)


class WirePhone:
    """One phone: the page's control tree as the server sent it, kept up to date by its patches.

    `on_patch(phone, values)` (if given) is called with the values of each patch as it arrives
    (the controls and words it adds or replaces), before it is applied; `changed` counts the
    messages that changed the tree."""

    def __init__(self, url: str = "http://127.0.0.1/", *, width: int = 412, height: int = 915, storage: dict[str, Any] | None = None,
                 on_patch: Callable[[WirePhone, list[Any]], None] | None = None, name: str = "phone"):
        base = url.rstrip("/")
        self.ws_url = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/ws"
        self.width, self.height = width, height
        self.storage: dict[str, Any] = {} if storage is None else storage
        self.on_patch = on_patch
        self.name = name
        self.source: str | None = None  # the address of this machine the socket comes from (None: any)
        self.page: dict[str, Any] = {}
        self.index: dict[int, dict[str, Any]] = {}
        self.session_id: str | None = None
        self.changed = 0
        self.received_bytes = 0
        self.unknown_targets: list[int] = []  # patches for controls this phone does not have
        self.error: str | None = None
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._news = asyncio.Event()
        self._registered = asyncio.Event()

    # --- the connection ------------------------------------------------------------------------

    async def connect(self, timeout: float = 30.0, route: str = "/") -> WirePhone:
        """Open the page at `route` (as a browser opens the address BASE + route: /abend/7 a
        table sheet's QR code, /turnier/3 a ranking screen)."""
        from websockets.asyncio.client import connect

        # permessage-deflate offered, as a browser offers it (the server then compresses each message)
        self._ws = await asyncio.wait_for(connect(self.ws_url, max_size=None, compression="deflate",
                                                  user_agent_header=f"scorepad-wire/{self.name}",
                                                  **({"local_addr": (self.source, 0)} if self.source else {})),  # type: ignore[arg-type]
                                          timeout)
        self._reader = asyncio.create_task(self._read())
        await self._send(REGISTER_CLIENT, {"session_id": None, "page_name": "", "page": {
            "route": route, "pwa": False, "web": True, "debug": False, "wasm": False, "test": False,
            "multi_view": False, "pyodide": False, "platform_brightness": "light",
            "width": self.width, "height": self.height, "platform": "android",
            "window": {}, "media": {"padding": {}, "view_padding": {}, "view_insets": {}}}})
        await self.until(self._registered.is_set, timeout, "the server did not answer the registration")
        return self

    async def close(self) -> None:
        if self._ws is not None:
            try:
                await asyncio.wait_for(self._ws.close(), 5)
            except (TimeoutError, OSError):
                pass
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass

    async def _send(self, action: int, body: Any) -> None:
        await self._ws.send(b"\x00" + msgpack.packb([action, body]))

    async def _read(self) -> None:
        try:
            async for packet in self._ws:
                if isinstance(packet, bytes):
                    asked = self.receive(packet)
                    if asked is not None:
                        await self._send(INVOKE_METHOD, self.answer(asked))
        except Exception as exc:  # the socket closed, or a packet this client cannot read
            if self.error is None:
                self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.error = self.error or "the websocket closed"
            self._changed()

    def receive(self, packet: bytes) -> dict[str, Any] | None:
        """One packet from the server, as the browser's client takes it; a question the server
        asks (an invoke-method request) is returned, for `answer`."""
        if not packet or packet[0] != 0:
            return None  # 0x01: a data channel's frame (scorepad has none)
        self.received_bytes += len(packet)
        action, body = msgpack.unpackb(packet[1:], strict_map_key=False, ext_hook=_ext, raw=False)
        if action == REGISTER_CLIENT:
            if body.get("error"):
                self.error = body["error"]
            self.session_id = body.get("session_id")
            self.page = body.get("page_patch") or {}
            self._index(self.page)
            self._registered.set()
        elif action == PATCH_CONTROL:
            target = self.index.get(body["id"])
            if target is None:  # a control this phone does not have: dropped, as the Dart client does
                self.unknown_targets.append(body["id"])
                return None
            if self.on_patch is not None:
                self.on_patch(self, [op[3] for op in body["patch"][1:] if op[0] in (REPLACE, ADD)])
            self._apply(target, body["patch"])
        elif action == INVOKE_METHOD:
            request: dict[str, Any] = body
            return request
        elif action == SESSION_CRASHED:
            self.error = str(body.get("message", body))
        else:
            return None
        self._changed()
        return None

    def _changed(self) -> None:
        self.changed += 1
        self._news.set()

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        """The answer to an invoke-method request: the phone's storage (SharedPreferences)."""
        name = body.get("name")
        args: Any = body.get("args") or {}
        result, error = None, None
        if name == "get":
            result = self.storage.get(args.get("key"))
        elif name == "set":
            self.storage[args["key"]] = args.get("value")
            result = True
        elif name == "remove":
            result = self.storage.pop(args.get("key"), None) is not None
        elif name == "contains_key":
            result = args.get("key") in self.storage
        else:
            error = f"this phone does not answer {name}"
        return {"control_id": body["control_id"], "call_id": body["call_id"], "result": result, "error": error}

    # --- the tree --------------------------------------------------------------------------------

    def _index(self, value: Any) -> None:
        for c in controls_in(value):
            self.index[c["_i"]] = c

    def _apply(self, root: dict[str, Any], patch: list[Any]) -> None:
        """One patch, as the Dart client's Control.applyPatch does it."""
        paths: dict[int, list[Any]] = {}

        def number(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            if len(node) > 1 and isinstance(node[1], dict):
                for k, child in node[1].items():
                    number(child, [*path, k])

        number(patch[0], [])

        def target(n: int) -> Any:
            obj: Any = root
            for p in paths[n]:
                obj = obj[p]
            return obj

        for op in patch[1:]:
            kind = op[0]
            if kind == REPLACE:
                target(op[1])[op[2]] = op[3]
                self._index(op[3])
            elif kind == ADD:
                node = target(op[1])
                if isinstance(node, list):
                    node.insert(op[2], op[3])
                else:
                    node[op[2]] = op[3]
                self._index(op[3])
            elif kind == REMOVE:
                node = target(op[1])
                node.pop(op[2]) if isinstance(node, list) else node.pop(op[2], None)
            elif kind == MOVE:
                src, dst = target(op[1]), target(op[3])
                item = src.pop(op[2])
                if isinstance(dst, list):
                    dst.insert(op[4], item)
                else:
                    dst[op[4]] = item
            else:
                raise WireError(f"unknown patch operation {op!r}")

    def controls(self) -> list[dict[str, Any]]:
        """Every control the page holds now (open dialogs and closed ones alike)."""
        return list(controls_in(self.page))

    def keyed(self, key: str) -> list[dict[str, Any]]:
        return [c for c in controls_in(self.page) if key_of(c) == key]

    def has(self, key: str) -> bool:
        return bool(self.keyed(key))

    def find(self, key: str) -> dict[str, Any]:
        found = self.keyed(key)
        if not found:
            keys = sorted({k for k in map(key_of, controls_in(self.page)) if k})
            raise WireError(f"{self.name}: no control with key {key!r}; keys: {keys}")
        return found[-1]

    def shown_keys(self) -> list[str]:
        """The keys of the controls shown, each once: a control inside one with the same key
        (a tagged control in its Semantics wrapper) is the same thing on the screen."""
        out: list[str] = []

        def walk(v: Any, outer: str | None) -> None:
            if isinstance(v, dict):
                k = key_of(v) if "_c" in v else None
                if k is not None and k != outer:
                    out.append(k)
                for child in v.values():
                    walk(child, k if k is not None else outer)
            elif isinstance(v, list):
                for child in v:
                    walk(child, outer)

        walk(self.page, None)
        return out

    def text(self, key: str) -> str:
        """The words of the Text with this key ("" if there is none)."""
        return next((c["value"] for c in reversed(self.keyed(key)) if isinstance(c.get("value"), str)), "")

    def texts(self) -> list[str]:
        return [c["value"] for c in controls_in(self.page) if c.get("_c") == "Text" and isinstance(c.get("value"), str)]

    # --- waiting and tapping ---------------------------------------------------------------------

    async def until(self, ready: Callable[[], bool], timeout: float, what: str) -> None:
        """Wait (looking again whenever the server sent something) until `ready()`; never longer
        than `timeout` seconds."""
        deadline = time.perf_counter() + timeout
        while not ready():
            if self.error is not None and not self._registered.is_set():
                raise WireError(f"{self.name}: {self.error}")
            left = deadline - time.perf_counter()
            if left <= 0:
                dropped = f" ({len(self.unknown_targets)} patches for controls it does not have)" if self.unknown_targets else ""
                chosen = sorted({k for c in controls_in(self.page) if c.get("_c") == "FilledButton" and (k := key_of(c))})
                raise WireError(f"{self.name}: {what} within {timeout:.0f} s{dropped}; chosen: {chosen}; "
                                f"keys: {sorted(set(self.shown_keys()))}")
            self._news.clear()
            if ready():
                return
            try:
                await asyncio.wait_for(self._news.wait(), left)
            except TimeoutError:
                pass
            if self.error is not None and self._ws is not None and self._reader is not None and self._reader.done():
                raise WireError(f"{self.name}: {self.error}")

    async def quiet(self, seconds: float, timeout: float = 30.0) -> None:
        """Wait until the server sent nothing for `seconds` (never longer than `timeout`)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            seen = self.changed
            await asyncio.sleep(seconds)
            if self.changed == seen:
                return

    async def wait_for(self, key: str, timeout: float = 30.0, enabled: bool = False) -> dict[str, Any]:
        def ready() -> bool:
            found = self.keyed(key)
            return bool(found) and (not enabled or not _disabled(found[-1]))

        await self.until(ready, timeout, f"no control {key!r}")
        return self.find(key)

    async def tap(self, key: str, timeout: float = 30.0) -> int:
        """A tap on the control with this key (waiting until the phone shows it, enabled); the
        id of the control tapped."""
        control = await self.wait_for(key, timeout, enabled=True)
        await self._send(CONTROL_EVENT, {"target": control["_i"], "name": "click", "data": None})
        return int(control["_i"])

    def chosen(self, key: str) -> bool:
        """Whether the choice with this key is chosen (a chosen chip is a FilledButton)."""
        return any(c.get("_c") == "FilledButton" for c in self.keyed(key))

    async def type(self, key: str, value: str, timeout: float = 30.0) -> None:
        control = await self.wait_for(key, timeout, enabled=True)
        control["value"] = value
        await self._send(UPDATE_CONTROL_PROPS, {"id": control["_i"], "props": {"value": value}})
        await self._send(CONTROL_EVENT, {"target": control["_i"], "name": "change", "data": value})


def _disabled(control: dict[str, Any]) -> bool:
    return bool(control.get("disabled"))
