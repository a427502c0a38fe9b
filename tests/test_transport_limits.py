"""The websocket's rules on their own (scorepad/ui/hosts.py, scorepad/ui/transport.py): which
Host and Origin are this machine's, whom the limits count, and the message budget. The same
rules against a real server: tests/test_attack_floods.py."""

from __future__ import annotations

import asyncio

import pytest

from scorepad.ui import transport
from scorepad.ui.hosts import OwnAddresses, host_of
from scorepad.ui.serve import lan_address
from scorepad.ui.transport import Budget, address_key

pytestmark = pytest.mark.unit


@pytest.fixture(scope="module")
def own():
    return OwnAddresses("0.0.0.0", 8550)


def refusal(own: OwnAddresses, host: str | None, origin: str | None = None) -> str | None:
    headers = {}
    if host is not None:
        headers[b"host"] = host.encode()
    if origin is not None:
        headers[b"origin"] = origin.encode()
    return asyncio.run(own.refusal(headers, websocket=True))


def test_a_host_header_is_read_without_its_port():
    assert host_of("192.0.2.2:8550") == "192.0.2.2"
    assert host_of("[::1]:8550") == "::1"
    assert host_of("LocalHost.") == "localhost"
    assert host_of("[::ffff:192.0.2.2]:8550") == "192.0.2.2"


def test_the_apps_own_page_may_open_the_websocket(own):
    port = own.port
    for name in ("127.0.0.1", "localhost", "[::1]", lan_address()):
        assert refusal(own, f"{name}:{port}", f"http://{name}:{port}") is None, name
    assert refusal(own, None) is None  # not a browser: no Host, no Origin


def test_another_sites_page_may_not_even_when_its_name_points_here(own):
    port = own.port
    assert refusal(own, f"127.0.0.1:{port}", "http://evil.example") == "origin"
    assert refusal(own, f"127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}") == "origin"  # another app here
    assert refusal(own, f"127.0.0.1:{port}", "null") == "origin"
    assert refusal(own, f"127.0.0.1:{port}", f"ftp://127.0.0.1:{port}") == "origin"
    # DNS rebinding: the page's Host and Origin agree, and neither is this machine
    assert refusal(own, f"rebind.example:{port}", f"http://rebind.example:{port}") == "host"


def test_the_host_served_on_is_this_machines():
    own = OwnAddresses("198.51.100.7", 9000)
    assert refusal(own, "198.51.100.7:9000", "http://198.51.100.7:9000") is None


def test_limits_count_an_address_an_ipv6_network_and_never_this_machine():
    assert address_key("192.0.2.2") == "192.0.2.2"
    assert address_key("::ffff:192.0.2.2") == "192.0.2.2"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_key("127.0.0.1") is None and address_key("::1") is None


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_budget_lets_a_burst_through_then_slows_and_a_sender_that_never_pauses_is_flooding(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(transport.time, "monotonic", clock)
    budget = Budget(rate=10, burst=5)
    assert [budget.take() for _ in range(5)] == [0.0] * 5
    assert budget.take() == pytest.approx(0.1)  # one over: a tenth of a second
    assert not budget.flooding()
    for _ in range(60):  # keeps sending as fast as it is read, for 6 s
        clock.now += 0.1
        budget.take()
    assert budget.flooding()
    clock.now += 2.0  # a pause: the debt is bounded, the budget is back
    assert not budget.flooding() and budget.take() == 0.0
