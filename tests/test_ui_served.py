"""Issue 36: the address the organiser's screens show for the tables (ui/served.py) is the one
the server serves phones at: the `--host`, or this machine's network address with 0.0.0.0; on
127.0.0.1 (the default) no phone can open it, and the screens say how to serve for phones."""

from __future__ import annotations

import base64

import pytest

from scorepad.ui import served
from scorepad.ui.hosts import OwnAddresses, lan_address
from scorepad.ui.webserve import ScorepadWeb

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def kept_base(monkeypatch):
    monkeypatch.setattr(served, "_base", served.DEFAULT)


def test_served_on_every_interface_the_tables_address_is_the_network_address():
    ScorepadWeb(None, None, OwnAddresses("0.0.0.0", 8555))
    assert served.phone_base() == f"http://{lan_address()}:8555/"
    assert not served.loopback_only() and lan_address() != "127.0.0.1"


def test_served_on_loopback_the_address_is_this_machines_own_and_the_line_says_how_to_serve():
    ScorepadWeb(None, None, OwnAddresses("127.0.0.1", 8556))
    assert served.phone_base() == "http://127.0.0.1:8556/" and served.loopback_only()
    assert "scripts/run web --host 0.0.0.0" in served.LOOPBACK_LINE  # (the README's command)
    assert "\n" not in served.LOOPBACK_LINE


@pytest.mark.parametrize("base, own", [("http://localhost:8550/", True), ("http://[::1]:8550/", True),
                                       ("http://192.0.2.2:8550/", False), ("http://laptop.local:8550/", False)])
def test_only_loopback_addresses_count_as_this_machines_own(base, own):
    assert served.loopback_only(base) is own


def test_a_screens_qr_code_is_a_png():
    src = served.qr_png("http://192.0.2.2:8550/abend/3")
    assert src.startswith("data:image/png;base64,")
    assert base64.b64decode(src.split(",", 1)[1]).startswith(b"\x89PNG\r\n\x1a\n")
