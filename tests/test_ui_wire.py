"""The protocol client the load test uses sees what a browser would: fed every message a real
Flet session sends (encoded as the websocket sends it), its page shows the same hands, in the
same order, with the same words, as the session itself holds; and a new hand costs one row on
the wire, not the whole list again."""

from __future__ import annotations

import msgpack
import pytest
from conftest import VRONI4
from flet import BaseControl
from flet_harness import Phone, RecordingConnection, open_phone
from wire_client import WirePhone, controls_in, key_of

from scorepad.games import DEFAULT_RULESET
from scorepad.ui.flet_private import MessageAction, configure_encode_object_for_msgpack

pytestmark = pytest.mark.ui


class MirrorConnection(RecordingConnection):
    """Every message the session sends, encoded as the websocket transport encodes it, handed to
    a protocol client as the packet it would get."""

    def __init__(self, client: WirePhone):
        super().__init__()
        self.client = client

    def send_message(self, message):
        packed = msgpack.packb([message.action, message.body], default=configure_encode_object_for_msgpack(BaseControl))
        self.sent += 1
        self.client.receive(b"\x00" + packed)
        if message.action == MessageAction.INVOKE_METHOD:
            self.loop.call_soon(self._answer, message.body)


async def mirrored_phone(main) -> tuple[Phone, WirePhone]:
    """A phone (a real Flet session) and the protocol client fed with what the session sends."""
    client = WirePhone(name="mirror")
    return await open_phone(main, connection=MirrorConnection(client)), client


def rows(phone: Phone) -> list[tuple[str, str]]:
    """The hand rows a session holds, top to bottom: (key, the row's title)."""
    return [(k, c.title.value) for c in phone.controls() if (k := str(getattr(c, "key", None) or "")).startswith("hand-")
            and hasattr(c, "title")]


def wire_rows(client: WirePhone) -> list[tuple[str, str]]:
    return [(key_of(c), c["title"]["value"]) for c in controls_in(client.page)
            if (key_of(c) or "").startswith("hand-") and "title" in c]


async def test_the_protocol_client_shows_what_the_session_holds(main):
    eid = main.app.start_evening(DEFAULT_RULESET, VRONI4).id
    keeper = await open_phone(main)
    watcher, client = await mirrored_phone(main)
    assert client.has(f"evening-{eid}")
    await keeper.tap(f"evening-{eid}")
    await watcher.tap(f"evening-{eid}")
    sizes = []
    for n in range(1, 5):
        before = client.received_bytes
        await keeper.tap("next-hand")
        for key in ("player-Vroni", "partner-Kathi" if n % 2 else "partner-Wast", "result-won"):
            await keeper.tap(key)
        await keeper.tap("save")
        await watcher.settle()
        sizes.append(client.received_bytes - before)
        assert [k for k, _ in wire_rows(client)] == [f"hand-{k}" for k in range(n, 0, -1)]
        assert wire_rows(client) == rows(watcher)
        assert client.find("context-line")["value"] == watcher.find("context-line").value
        assert client.find("value-Vroni")["value"] == watcher.text_of("value-Vroni")
    assert wire_rows(client)[0][1] == "4 · Sauspiel Vroni + Wast · gewonnen"
    # the rows are matched by key: the fourth hand moves about as many bytes as the first
    assert sizes[3] < 1.5 * sizes[0], sizes
