"""What one client address may take of a table server: connections open at
once, and rooms made a minute. One client looping connect, hello, close
made 1,000 rooms a second; a limit per connection does not see it.

An address is the connection's peer, or, behind a reverse proxy the
server is told to trust (``--trust-proxy``), the address the proxy adds
last to ``X-Forwarded-For`` (the one it saw itself: what a client writes
there itself comes before it). IPv6 addresses count by their /64, which
one machine is usually given whole.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

CONNECTIONS = 100  # open at once from one address (a LAN party behind one router: 25 tables of 4)
ROOMS_A_MINUTE = 20  # made from one address, on average, in bursts of as many
SWEEP_EVERY = 60.0  # seconds between forgetting the addresses that hold nothing


def client_address(peer: str, forwarded: list[str], trust_proxy: bool) -> str:
    """The address a connection counts against: ``peer`` (the socket's),
    or, with ``trust_proxy``, the last address of ``forwarded`` (the
    ``X-Forwarded-For`` headers' values, in order), grouped by network."""
    if trust_proxy and forwarded:
        peer = forwarded[-1].rsplit(",", 1)[-1].strip()
    try:
        address = ipaddress.ip_address(peer.strip("[]"))
    except ValueError:
        return peer[:64]  # not an address (a proxy that writes names): counted as it is
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


@dataclass
class Holding:
    """What one address holds: its open connections, and its rooms' tokens."""

    connections: int
    tokens: float
    stamp: float


class AddressLimits:
    """Connections and new rooms per address. 0 for a limit: none."""

    def __init__(self, connections: int = CONNECTIONS, rooms_a_minute: float = ROOMS_A_MINUTE) -> None:
        self.connections = connections
        self.rooms_a_minute = rooms_a_minute
        self.held: dict[str, Holding] = {}
        self._swept = time.monotonic()

    def connect(self, address: str) -> str | None:
        """Count a new connection from ``address``, or say why it is refused."""
        now = time.monotonic()
        self._sweep(now)
        holding = self.held.get(address)
        if holding is None:
            holding = self.held[address] = Holding(0, float(self.rooms_a_minute), now)
        if self.connections and holding.connections >= self.connections:
            return f"too many connections from your address: at most {self.connections} at once"
        holding.connections += 1
        return None

    def disconnect(self, address: str) -> None:
        holding = self.held.get(address)
        if holding is not None:
            holding.connections -= 1

    def may_make_room(self, address: str) -> bool:
        """Take one of the address's tokens for a new room (they come back
        at ``rooms_a_minute``), or False if it has none left."""
        if not self.rooms_a_minute:
            return True
        now = time.monotonic()
        holding = self.held.setdefault(address, Holding(0, float(self.rooms_a_minute), now))
        holding.tokens = min(self.rooms_a_minute, holding.tokens + (now - holding.stamp) * self.rooms_a_minute / 60)
        holding.stamp = now
        if holding.tokens < 1:
            return False
        holding.tokens -= 1
        return True

    def give_back(self, address: str) -> None:
        """A room that could not be made (the store could not keep it: a full
        disk) costs nothing: its token comes back."""
        holding = self.held.get(address)
        if holding is not None:
            holding.tokens = min(float(self.rooms_a_minute), holding.tokens + 1)

    def _sweep(self, now: float) -> None:
        """Forget, once a minute, the addresses with no connection whose
        tokens have all come back: as if they had never come."""
        if now - self._swept < SWEEP_EVERY:
            return
        self._swept = now
        refill = 60 / self.rooms_a_minute if self.rooms_a_minute else 0.0
        for address in [
            address
            for address, holding in self.held.items()
            if holding.connections <= 0 and now - holding.stamp >= refill * (self.rooms_a_minute - holding.tokens)
        ]:
            del self.held[address]
