"""Flet's private names that scorepad uses, each named here once with the reason (Flet 1.0.5:
none of them is part of `flet`'s public namespace, so an upgrade of Flet is checked here).

Serving (scorepad/ui/main.py):

- `context_page` (flet.controls.context._context_page): Flet's "current page" context
  variable. Code that runs outside the page's own event handler (another phone's save heard
  through App.subscribe, the notice line fading on a timer) sets it first, or Flet looks up
  controls and updates on no page (or another phone's).

- `Session.error` (flet.messaging.session, reached as `page.session.error`): where Flet sends
  SESSION_CRASHED (its English crash page in place of the app) when a handler or an effect
  raised. scorepad/ui/failsafe.py replaces it on each phone's session, once, when main() sets
  up the page: one German line instead, the trace logged, the app goes on. Likewise
  `Session.schedule_update`: each control it queues is wrapped so that one whose drawing
  raises is reported the same way; Flet's updates scheduler would end at it for good.

The websocket (scorepad/ui/transport.py: `scorepad web`'s `/ws`, imported only when serving):

- `FletApp` (flet_web.fastapi.flet_app) and `app_manager` (flet_web.fastapi.flet_app_manager):
  Flet's server side of one socket and its registry of sessions. scorepad's TableConnection is
  a FletApp whose `handle` and receive loop are scorepad's (the socket's address, the limits);
  it uses FletApp's private `__on_message`, `__send_loop`, `__get_unique_session_id`,
  `__session`, `__send_queue`, `__websocket`, `__client_ip`, `__client_user_agent`,
  `__oauth_state_id`, `__main`, `__upload_endpoint_path`, `__running_tasks` (as
  `_FletApp__name`), and `decode_ext_from_msgpack` (flet.messaging.protocol). Its
  `send_message` is replaced by the same encoding (`configure_encode_object_for_msgpack`)
  without Flet's debug line, which formats every message whether it is logged or not.

The headless phone only (scorepad/devtools/headless.py: tests and `scorepad bench`, never the
app at run time): a real Flet session over a connection that is no websocket.

- `Connection` (flet.messaging.connection), `Session` (flet.messaging.session): the server
  side of one browser tab, driven without a browser.
- `Message`, `MessageAction`, `RegisterClientResponseBody`, `configure_encode_object_for_msgpack`
  (flet.messaging.protocol): the messages as the websocket transport encodes them (encoding
  them records the snapshots Flet's diffing relies on).
- `PubSubHub` (flet.pubsub.pubsub_hub): what a connection carries for page.pubsub.
"""

from __future__ import annotations

from flet.controls.context import _context_page as context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
                                     Message,
                                     MessageAction,
                                     RegisterClientResponseBody,
                                     configure_encode_object_for_msgpack,
                                     decode_ext_from_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

__all__ = ["context_page", "Connection", "Session", "Message", "MessageAction", "RegisterClientResponseBody",
           "configure_encode_object_for_msgpack", "decode_ext_from_msgpack", "PubSubHub"]
