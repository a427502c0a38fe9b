"""The table app's websocket (`/ws` of `scorepad web`): one phone's connection, taken over from
Flet's handler so that a phone on the Wi-Fi gets no more than a phone needs.

Flet's own handler (flet_web.fastapi FletApp.handle, Flet 1.0.5) trusts its client: it keeps a
socket that never registers open for good, waits forever for a session that a bad first frame
never made, keeps a closed session an hour, and hands every event to the app as fast as the
client sends them. Here, in the same protocol (Flet's FletApp still registers the phone and
runs its session; only the socket's life around it is scorepad's):

- the address the socket came from is kept by the connection (ui/peer.py) before the phone's
  first message is read; nothing the phone sends changes it;
- a socket whose Origin is another site's, or whose Host names no address of this machine
  (ui/hosts.py), is refused before it opens (HTTP 403);
- from one address (not this machine's own, loopback) at most OPEN_PER_ADDRESS sockets are open
  at once, and at most KEPT_PER_ADDRESS sessions are kept (open, or closed and waiting for their
  phone to come back): a new one beyond that ends the oldest waiting one;
- a socket must register (its first message) within REGISTER_S; a first message that is no
  registration, a second registration, or a message Flet cannot read closes it, and its handler
  ends with it;
- a closed session waits SESSION_KEEP_S for its phone to come back (a phone briefly off the
  Wi-Fi resumes where it was), then Flet ends it (within 10 s more) and the page's change
  listener goes with it (ui/main.py's Root);
- the messages of one address are budgeted (EVENTS_PER_S, at once EVENT_BURST): beyond that the
  socket is read more slowly, and one that keeps sending faster for FLOOD_S is closed (and new
  sockets from that address are refused until it has paused and is within budget). A phone's
  next event waits (up to EVENT_WAIT_S) until its previous one is handled, so one phone's burst
  is taken in turns with the other tables' events instead of all before them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import msgpack

from scorepad.ui.peer import forget_peer, is_loopback_ip, remember_peer

REGISTER_S = 5.0
SESSION_KEEP_S = 45
OPEN_PER_ADDRESS = 8
KEPT_PER_ADDRESS = 24
EVENTS_PER_S = 12.0
EVENT_BURST = 30.0
FLOOD_S = 5.0
EVENT_WAIT_S = 1.0
SEND_DRAIN_S = 5.0  # what is still queued for a closing socket is sent within this, or dropped

# close codes (RFC 6455)
PROTOCOL_ERROR, POLICY = 1002, 1008

log = logging.getLogger("scorepad.transport")


# what a message costs of the budget, by its action: a registration starts a session (the app's
# start screen is made), an event runs a handler that renders; a changed property, the answer to
# a question the server asked, a data channel's frame are a little bookkeeping
COSTS = {1: 2.0, 3: 1.0, 4: 0.25, 5: 0.1}
OTHER_COST = 0.1


class Budget:
    """A token bucket: `rate` messages a second on average, `burst` at once."""

    def __init__(self, rate: float = EVENTS_PER_S, burst: float = EVENT_BURST):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.behind_since: float | None = None

    def _refill(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= min(1.0, self.burst):  # a pause: a sender read as fast as the budget allows never has one
            self.behind_since = None
        return now

    def take(self, cost: float = 1.0) -> float:
        """A message of `cost`: the seconds to wait before it is handled (0: within the budget)."""
        now = self._refill()
        # the debt is bounded: a sender that stops is within its budget again after a few seconds
        self.tokens = max(-self.burst, self.tokens - cost)
        if self.tokens >= 0:
            return 0.0
        if self.behind_since is None:
            self.behind_since = now
        return -self.tokens / self.rate

    def flooding(self) -> bool:
        """Whether the sender has been over its budget, without a pause, for FLOOD_S."""
        now = self._refill()
        return self.behind_since is not None and now - self.behind_since > FLOOD_S


@dataclass
class Peer:
    """What one address has open: sockets, sessions (their ids in Flet's session registry,
    oldest first) and its message budget."""

    key: str | None  # None: this machine (loopback), not limited
    open: int = 0
    tidy_due: bool = False
    sessions: OrderedDict[str, None] = field(default_factory=OrderedDict)
    budget: Budget = field(default_factory=Budget)


def address_key(address: str) -> str | None:
    """Whom the limits count: an IPv4 address; an IPv6 one by its /64 (a phone may take any
    address of its network's prefix); None for loopback."""
    if is_loopback_ip(address):
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


class Peers:
    """Every address with a socket or a session, and the limits per address."""

    def __init__(self) -> None:
        self.by_key: dict[str, Peer] = {}

    def open(self, address: str) -> Peer | None:
        """A socket from `address` opens: its Peer, or None if the address has too many open
        or is flooding (until it pauses)."""
        key = address_key(address)
        if key is None:
            return Peer(None)
        peer = self.by_key.setdefault(key, Peer(key))
        if peer.open >= OPEN_PER_ADDRESS or peer.budget.flooding():
            return None
        peer.open += 1
        return peer

    def closed(self, peer: Peer) -> None:
        if peer.key is None:
            return
        peer.open -= 1
        if not peer.tidy_due:  # the sessions' ids are looked at again once they must have been ended
            peer.tidy_due = True
            asyncio.get_running_loop().call_later(SESSION_KEEP_S + 15, lambda: asyncio.ensure_future(self.tidy(peer)))

    async def tidy(self, peer: Peer) -> None:
        """Forget the sessions Flet has ended; the address, when nothing of it is left."""
        from flet_web.fastapi.flet_app_manager import app_manager

        peer.tidy_due = False
        for sid in list(peer.sessions):
            if await app_manager.get_session(sid) is None:
                peer.sessions.pop(sid, None)
        if peer.open == 0 and not peer.sessions and self.by_key.get(peer.key or "") is peer:
            del self.by_key[peer.key or ""]
        elif peer.sessions and not peer.tidy_due:
            peer.tidy_due = True
            asyncio.get_running_loop().call_later(SESSION_KEEP_S + 15, lambda: asyncio.ensure_future(self.tidy(peer)))

    async def new_session(self, peer: Peer, sid: str) -> None:
        """A session was made for `peer`: the oldest waiting ones go beyond KEPT_PER_ADDRESS."""
        if peer.key is None:
            return
        from flet_web.fastapi.flet_app_manager import app_manager

        peer.sessions[sid] = None
        for old in list(peer.sessions):
            if len(peer.sessions) <= KEPT_PER_ADDRESS:
                break
            session = await app_manager.get_session(old)
            if session is None:
                peer.sessions.pop(old, None)
            elif session.connection is None:  # closed, waiting for its phone: ended now
                peer.sessions.pop(old, None)
                await app_manager.delete_session(old)


PEERS = Peers()


class Refused(Exception):
    """A socket is closed for what it sent (a close code and its reason)."""

    def __init__(self, code: int, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


def _table_connection_class() -> type:
    """FletApp with scorepad's socket life around it (made on first use: Flet's web server
    is imported only when serving)."""
    from flet import BaseControl
    from flet_web.fastapi.flet_app import FletApp
    from flet_web.fastapi.flet_app_manager import app_manager

    from scorepad.ui.flet_private import MessageAction, configure_encode_object_for_msgpack, decode_ext_from_msgpack

    actions = {a.value for a in MessageAction}
    encode = configure_encode_object_for_msgpack(BaseControl)  # (stateless: one for every message)

    class TableConnection(FletApp):  # type: ignore[misc]  # Flet's web server is untyped
        """One phone's socket. Flet's FletApp (1.0.5) reads and answers the protocol
        (`__on_message`, `__send_loop`); `serve` replaces its `handle` and receive loop. The
        private names of FletApp used here are listed in ui/flet_private.py."""

        def __init__(self, main: Any, address: str, peer: Peer):
            super().__init__(loop=asyncio.get_running_loop(), executor=app_manager.executor, main=main,
                             before_main=None, session_timeout_seconds=SESSION_KEEP_S)
            self.address, self.peer = address, peer
            remember_peer(self, address)

        def dispose(self) -> None:
            """Flet calls this when the session lets go of the connection; FletApp forgets the
            session then, and the app's main() still starting on it (a phone that left at
            once) fails with a traceback. The session is kept: it no longer sends through
            this connection, and both go together."""

        def send_message(self, message: Any) -> None:
            """FletApp.send_message without its debug line: Flet 1.0.5 writes the whole
            message (the control tree of a screen) into an f-string for `transport_log.debug`
            at every message, logged or not: a tenth of the server's time with 50 tables
            (docs/benchmarks.md). The same bytes are queued; none once the socket is gone (as
            FletApp.send_data_channel_frame does: the phone renders anew when it comes back)."""
            queue = self._FletApp__send_queue
            if queue is not None:
                queue.put_nowait(b"\x00" + msgpack.packb([message.action, message.body], default=encode))

        # FletApp's private state, by the names Python gives them
        @property
        def session(self) -> Any:
            return self._FletApp__session

        def session_key(self, session: Any) -> str:
            return self._FletApp__get_unique_session_id(session.id)

        async def serve(self, websocket: Any) -> None:
            """Flet's FletApp.handle, with the socket's address taken from the socket, and the
            socket's end always ending its handler (see the module's text)."""
            self._FletApp__websocket = websocket
            self._FletApp__client_ip = self.address
            self._FletApp__client_user_agent = websocket.headers.get("user-agent", "")
            self._FletApp__oauth_state_id = websocket.cookies.get("flet_oauth_state")
            self.pubsubhub = app_manager.get_pubsubhub(self._FletApp__main, loop=self.loop)
            self.page_url = str(websocket.url).rsplit("/", 1)[0]
            self.page_name = websocket.url.path.rsplit("/", 1)[0].lstrip("/")
            self._FletApp__upload_endpoint_path = f"{'' if self.page_name == '' else '/'}{self.page_name}/upload"

            await websocket.accept()
            queue: asyncio.Queue[Any] = asyncio.Queue()
            self._FletApp__send_queue: asyncio.Queue[Any] | None = queue
            sender = asyncio.create_task(self._FletApp__send_loop())
            refused: Refused | None = None
            try:
                await self.receive_loop(websocket)
            except Refused as exc:
                refused = exc
                log.info("websocket from %s closed: %s", self.address, exc.reason)
            finally:
                session = self.session
                if session is not None and session.connection is self:
                    await app_manager.disconnect_session(self.session_key(session), SESSION_KEEP_S)
                queue.put_nowait(None)  # the send loop ends once what is queued is sent
                try:
                    await asyncio.wait_for(sender, SEND_DRAIN_S)
                except BaseException:  # the phone is gone, or reads too slowly: dropped
                    sender.cancel()
                self._FletApp__send_queue = None
                self._FletApp__websocket = None
                forget_peer(self)
                if refused is not None:
                    try:
                        await websocket.close(refused.code, refused.reason)
                    except Exception:  # the phone left meanwhile
                        pass

        async def spend(self, cost: float) -> None:
            """Take a message's cost of the address's budget: wait while over it; Refused when
            the address keeps sending faster (loopback: no budget)."""
            if self.peer.key is None:
                return
            wait = self.peer.budget.take(cost)
            if wait:
                if self.peer.budget.flooding():
                    raise Refused(POLICY, "too many messages")
                await asyncio.sleep(wait)

        async def receive_loop(self, websocket: Any) -> None:
            """Read the phone's messages until it leaves (returns) or is closed (Refused)."""
            loop = asyncio.get_running_loop()
            deadline = loop.time() + REGISTER_S
            registered = False
            previous: asyncio.Task[Any] | None = None
            while True:
                if registered:
                    message = await websocket.receive()
                else:
                    try:
                        message = await asyncio.wait_for(websocket.receive(), max(0.0, deadline - loop.time()))
                    except TimeoutError:
                        raise Refused(POLICY, "not registered in time") from None
                if message["type"] == "websocket.disconnect":
                    return
                data = message.get("bytes")
                if data is None:
                    raise Refused(PROTOCOL_ERROR, "a text frame")
                if not data or data[0] != 0x00:
                    if not registered:
                        raise Refused(PROTOCOL_ERROR, "the first message is no registration")
                    await self.spend(OTHER_COST)
                    if data and data[0] == 0x01 and len(data) >= 5:  # a data channel's frame, as Flet reads it
                        channel = self._data_channels.get(int.from_bytes(data[1:5], "little", signed=False))
                        if channel is not None:
                            channel._deliver(data[5:])
                    continue
                try:
                    decoded = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
                except Exception:
                    raise Refused(PROTOCOL_ERROR, "a message that is no msgpack") from None
                if not (isinstance(decoded, (list, tuple)) and len(decoded) == 2 and isinstance(decoded[0], int)
                        and decoded[0] in actions and isinstance(decoded[1], dict)):
                    raise Refused(PROTOCOL_ERROR, "a message that is no Flet message")
                action = MessageAction(decoded[0])
                if (action == MessageAction.REGISTER_CLIENT) == registered:
                    raise Refused(PROTOCOL_ERROR, "a second registration" if registered
                                  else "the first message is no registration")
                await self.spend(COSTS.get(action.value, OTHER_COST))
                if action == MessageAction.CONTROL_EVENT and previous is not None and not previous.done():
                    await asyncio.wait({previous}, timeout=EVENT_WAIT_S)
                running: set[asyncio.Task[Any]] = self._FletApp__running_tasks
                before = set(running)
                try:
                    await self._FletApp__on_message(decoded)
                except Exception as exc:
                    raise Refused(PROTOCOL_ERROR, f"a message Flet could not read ({type(exc).__name__})") from None
                started = running - before
                if started:
                    previous = started.pop()
                if action == MessageAction.REGISTER_CLIENT:
                    registered = True
                    session = self.session
                    if session is None:
                        raise Refused(PROTOCOL_ERROR, "the registration made no session")
                    key = self.session_key(session)
                    if key not in self.peer.sessions:
                        await PEERS.new_session(self.peer, key)

    return TableConnection


_connection_class: type | None = None


async def serve_socket(scope: dict[str, Any], receive: Any, send: Any, main: Any, refusal: str | None) -> None:
    """The ASGI websocket `/ws`: refused before it opens (HTTP 403) for `refusal` (a Host or
    Origin not this machine's, see ui/hosts.py) or too many sockets from its address; else
    one phone's connection until it ends."""
    global _connection_class
    client = scope.get("client")
    address = str(client[0]) if client else ""
    peer = PEERS.open(address) if refusal is None else None
    if peer is None:
        log.info("websocket from %s refused: %s", address, refusal or "too many open or too many messages")
        await send({"type": "websocket.close", "code": POLICY})
        return
    try:
        from starlette.websockets import WebSocket

        if _connection_class is None:
            _connection_class = _table_connection_class()
        connection = _connection_class(main, address, peer)
        await connection.serve(WebSocket(scope, receive, send))
    finally:
        PEERS.closed(peer)
