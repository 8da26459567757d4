"""The table server's connections: each client's (``Conn``), the door
they come in by (``Door``: the handshakes in progress and each client
address's limits), and the open ones, pinged a slice at a time
(``Open``). A connection hands what it receives to its server (``Host``:
``server.Server``), which finds its room."""

from __future__ import annotations

import asyncio
import time
import traceback
from collections import Counter
from collections.abc import Callable
from http import HTTPStatus
from typing import Protocol

from websockets.http11 import Request

from . import limits, wire
from .protocol import MAX_MESSAGE, Message, encode, room_from_path
from .room import Room
from .room_seats import SeatTaken
from .said_once import SaidOnce

RATE = 30.0  # messages a second a connection may send, on average
BURST = 60  # ... and at once
FLOOD_LIMIT = 200  # messages dropped for flooding before the connection is closed
HELLO_TIMEOUT = 10.0  # seconds from a connection's accept to its hello: a slow handshake is closed then
HANDSHAKES = 1024  # connections accepted whose handshake is not done, server-wide at most (``handshake_limit``)
ADDRESS_SHARE = 4  # ... of which one client address holds a quarter at most: the rest stay for everyone else
LINGERING = 16  # refused connections kept open a moment for their answer to be read; past them, closed at once
PING_EVERY = 20.0  # seconds between a connection's pings; one with no answer by the next is closed
PING_SLICES = 20  # the connections are pinged a slice at a time: no burst of 4,000 pings
HEALTH = "/healthz"  # answered for load balancers (``Server.health``)


class Host(Protocol):
    """What a connection asks of its server (``server.Server``)."""

    rate: float
    door: Door
    log: Callable[[str], None]

    def health(self) -> tuple[HTTPStatus, str]: ...

    def opened(self, conn: Conn) -> None: ...

    def received(self, conn: Conn, text: str | bytes) -> None: ...

    def lost(self, conn: Conn) -> None: ...


class Conn(wire.ServerConnection):
    """One client of the table server: its room, once it said hello, and
    its rate limit. What it is sent goes straight to its transport (a
    client that does not read is dropped once ``wire.WRITE_LIMIT`` bytes
    wait for it), so a slow reader never holds up a room."""

    __slots__ = (
        "address",
        "burst",
        "dropping",
        "flood",
        "held",
        "hello_timer",
        "ping_slice",
        "rate",
        "room",
        "server",
        "stamp",
        "tokens",
    )

    max_size = MAX_MESSAGE

    def __init__(self, server: Host) -> None:
        super().__init__()
        self.server = server
        self.room: Room[Conn] | None = None  # set at its hello; its other messages go to that room
        self.address: str | None = None  # the client's, as ``limits`` counts it, once its handshake is taken
        self.rate, self.burst = server.rate, int(server.rate * 2)
        self.tokens = float(self.burst)
        self.stamp = time.monotonic()
        self.flood = 0  # frames that came over the rate so far
        self.dropping = False  # a piece of the message now arriving came over the rate: it is dropped
        self.hello_timer: asyncio.TimerHandle | None = None
        self.ping_slice = 0  # which of the keepalive's slices it is in, once open
        self.held: list[str | bytes] | None = None  # what it sent while its room is read (``Keeper.read_long``)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Accepted: it counts from now on (``Door.begins``), and
        has ``HELLO_TIMEOUT`` seconds for its handshake and its hello."""
        super().connection_made(transport)
        self.hello_timer = asyncio.get_running_loop().call_later(HELLO_TIMEOUT, self.close, 1008, "no hello")
        door = self.server.door
        refusal = door.begins(self)
        if refusal is not None:
            self.refuse_at_once(*refusal, flood=not door.lingers(self))

    @property
    def peer(self) -> str:
        """The socket's address at the other end (a proxy's, behind one)."""
        peer = None if self.transport is None else self.transport.get_extra_info("peername")
        return str(peer[0]) if peer else ""

    def ends(self) -> tuple[tuple[str, int], tuple[str, int]] | None:
        """The client's address and port, and the server's, if it is a socket's."""
        if self.transport is None:
            return None
        peer, local = self.transport.get_extra_info("peername"), self.transport.get_extra_info("sockname")
        return (peer[:2], local[:2]) if isinstance(peer, tuple) and isinstance(local, tuple) else None

    def refuse(self, request: Request) -> tuple[HTTPStatus, str] | None:
        door = self.server.door
        door.ends(self)
        if request.path == HEALTH:  # a load balancer's health check, answered in place of a WebSocket
            return self.server.health()
        if room_from_path(request.path) is None:
            return HTTPStatus.NOT_FOUND, "a room is /NAME: letters, digits, - and _ (64 at most)\n"
        return door.proxied(self, request.headers.get_all("X-Forwarded-For"))

    def opened(self) -> None:
        self.server.opened(self)

    def frame_arrived(self, data: bool) -> None:
        """Every frame takes one of the rate's tokens: a message in pieces
        as many as it has pieces, a ping one. A message one of whose pieces
        finds none is dropped; too many such frames close the connection."""
        if self.allowed():
            return
        self.dropping = self.dropping or data
        if self.flood > FLOOD_LIMIT:
            self.close(1008, "too many messages")
        elif self.flood % 50 == 1:
            self.send({"type": "error", "reason": f"too many messages: at most {self.rate:g} a second"})

    def received(self, message: str | bytes) -> None:
        if self.dropping:
            self.dropping = False
            return
        try:
            self.server.received(self, message)
        except Exception:  # a bug, not the client's doing: this connection closes, the server goes on
            self.server.log(f"a message could not be handled\n{traceback.format_exc()}")
            self.close(1011, "the server could not handle that message")

    def lost(self) -> None:
        self.greeted()
        self.server.door.gone(self)
        self.server.lost(self)

    def greeted(self) -> None:
        """Its hello came, or it is gone: the wait for it is over."""
        if self.hello_timer is not None:
            self.hello_timer.cancel()
            self.hello_timer = None

    def too_slow(self) -> None:
        self.server.log("dropped a client that does not read its messages")
        super().too_slow()

    def send(self, message: Message) -> None:
        self.send_text(encode(message))

    def turn_away(self, error: Exception) -> None:
        """Its hello, or its seat, refused: the reason, and the connection closed
        (``retry``: its seat's last connection is still held, a moment later it is free)."""
        refusal = {"type": "error", "reason": str(error), "fatal": True}
        if isinstance(error, SeatTaken):
            refusal["retry"] = True
        self.send(refusal)
        self.close(1008, str(error))

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.flood += 1
        return False


class Door:
    """Who may come in: at most ``handshake_limit()`` connections whose
    handshake is not done (``handshakes``), and each client address's
    ``limits``; ``own_client`` says whether a connection is the client of
    whoever runs the server (HOST's game: ``hosting``), never refused by
    the limit of its address; nobody's by default. ``trust_proxy``: a
    client's address is the one the reverse proxy adds to X-Forwarded-For."""

    def __init__(self, address_limits: limits.AddressLimits, trust_proxy: bool, said: SaidOnce) -> None:
        self.limits, self.trust_proxy, self.said = address_limits, trust_proxy, said
        self.own_client: Callable[[Conn], bool] = lambda conn: False
        self.handshakes: set[Conn] = set()  # the connections accepted whose handshake is not done
        self.shaking: Counter[str] = Counter()  # ... by client address
        self.refused: set[Conn] = set()  # refused connections kept open a moment, for their answer to be read
        self.limit = handshake_limit()
        self.flooded = False  # the handshakes reached their limit: memory is given back once they are done
        self.reclaim_early = False  # ... at the collector's next turn, not two minutes later

    def begins(self, conn: Conn) -> tuple[HTTPStatus, str] | None:
        """A connection was accepted: it counts against its address from
        now on, not once its request is whole (a slowloris held 20,600
        handshakes open, a byte every 2 s, and filled the server's files),
        and against the handshakes in progress (``handshake_limit``): the
        HTTP refusal, if it is over either. Behind a trusted proxy, every
        connection comes from the proxy: it counts against the address the
        proxy adds, once its request came (``proxied``). ``own_client``
        is never refused by the limit of its address, which other local
        users share (HOST's own game: ``hosting``)."""
        if len(self.handshakes) >= self.limit:
            self.flooded = True
            reason = f"too many connections opening at once: at most {self.limit}"
            self.said.say("handshakes", f"refused connections: {reason}")
            return HTTPStatus.SERVICE_UNAVAILABLE, reason
        if not self.trust_proxy:
            address = limits.client_address(conn.peer, [], False)
            refused = self._over_share(address) or self.limits.connect(address)
            if refused is None:
                conn.address = address
                self.shaking[address] += 1
            elif not self.own_client(conn):  # (HOST's own game: never refused, nor counted)
                self.said.say("address", f"refused connections from {address}: {refused}")
                return HTTPStatus.TOO_MANY_REQUESTS, refused
        self.handshakes.add(conn)
        return None

    def _over_share(self, address: str) -> str | None:
        """Why ``address`` may open no more handshakes now: it holds its
        share of them (``ADDRESS_SHARE``), so that one address dribbling
        handshakes never takes those of everyone else."""
        share = max(1, self.limit // ADDRESS_SHARE)
        if self.shaking[address] >= share:
            return f"too many connections opening at once from your address: at most {share}"
        return None

    def lingers(self, conn: Conn) -> bool:
        """Whether a refused connection is kept open a moment, for its client
        to read why (``wire.CLOSE_TIMEOUT`` at most): only ``LINGERING`` at
        once, and none in a flood of handshakes; the others are closed at
        once, their files free (a refusal that kept its file 2 s let one
        address that reopened 2,000 connections fill the server's files)."""
        if self.flooded or len(self.refused) >= LINGERING:
            return False
        self.refused.add(conn)
        return True

    def proxied(self, conn: Conn, forwarded: list[str]) -> tuple[HTTPStatus, str] | None:
        """Behind a trusted proxy: the connection counts by the address the
        proxy adds (``forwarded``: its X-Forwarded-For headers), now that its
        request came; the refusal, if that address is over its limit."""
        if not self.trust_proxy:
            return None
        address = limits.client_address(conn.peer, forwarded, True)
        reason = self.limits.connect(address)
        if reason is not None:
            return HTTPStatus.TOO_MANY_REQUESTS, reason + "\n"
        conn.address = address
        return None

    def ends(self, conn: Conn) -> None:
        """Its handshake is done, or it is gone. After a flood, once no
        handshake is left, the memory it took goes back to the system at the
        collector's next turn (``Server.keep_collections_short``: 10 s at most)."""
        if conn in self.handshakes:
            self.handshakes.discard(conn)
            if conn.address is not None and not self.trust_proxy:
                self.shaking[conn.address] -= 1
                if not self.shaking[conn.address]:
                    del self.shaking[conn.address]
        if self.flooded and not self.handshakes:
            self.flooded = False
            self.reclaim_early = True

    def gone(self, conn: Conn) -> None:
        """The connection has gone: its address holds one fewer."""
        self.ends(conn)
        self.refused.discard(conn)
        if conn.address is not None:
            self.limits.disconnect(conn.address)


class Open:
    """The open connections, in ``PING_SLICES`` slices: each is pinged every
    ``PING_EVERY`` seconds, a slice at a time (``keep_alive``)."""

    def __init__(self) -> None:
        self.slices: list[dict[Conn, None]] = [{} for _ in range(PING_SLICES)]
        self.count = 0  # connections opened so far: each goes to the next slice

    def __bool__(self) -> bool:
        return any(self.slices)

    def __contains__(self, conn: Conn) -> bool:
        return conn in self.slices[conn.ping_slice]

    def add(self, conn: Conn) -> None:
        self.count += 1
        conn.ping_slice = self.count % PING_SLICES
        self.slices[conn.ping_slice][conn] = None

    def remove(self, conn: Conn) -> None:
        self.slices[conn.ping_slice].pop(conn, None)

    def close_all(self, code: int, reason: str) -> None:
        for opened in self.slices:
            for conn in list(opened):
                conn.close(code, reason)

    def keep_alive(self, turn: int = 0) -> None:
        """Ping each connection every ``PING_EVERY`` seconds, one slice of
        them at a time, from one timer. A connection whose last ping has no
        answer by its next one is closed (1011), as websockets' own
        keepalive with a timeout of the interval does."""
        loop = asyncio.get_running_loop()
        loop.call_later(PING_EVERY / PING_SLICES, self.keep_alive, (turn + 1) % PING_SLICES)
        for conn in list(self.slices[turn]):
            if conn.pong_due:
                conn.close(1011, "keepalive ping timeout")
            else:
                conn.ping()


def handshake_limit() -> int:
    """The handshakes in progress the server takes at once: ``HANDSHAKES``,
    or a quarter of the files this process may open where that is fewer, so
    that handshakes alone never use up its files (the rest: its open
    connections, the store)."""
    try:
        import resource
    except ImportError:  # (Windows)
        return HANDSHAKES
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return HANDSHAKES if files == resource.RLIM_INFINITY else max(8, min(HANDSHAKES, files // 4))
