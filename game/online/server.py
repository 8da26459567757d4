"""The table server: rooms at ws://HOST:PORT/ROOM on asyncio and ``websockets``.

Each room (``room.Room``) holds its match; the server only carries
messages, runs each room's timers and keeps each room's changes in its
store (``store``: SQLite in ``DATA_DIR/rooms.sqlite3`` by default) before
anyone is told of them, so a server killed at any moment resumes with what
every table showed. A change is made in the event loop's own callback, so
a room's changes are made one at a time, in the order they came, and rooms
share nothing; the changes of one turn of the loop are written to the
store at once, at the end of the turn (``flush``), and only then sent
(or those of every turn since the last write, where the store writes at
most every ``commit_every`` seconds: SQLite's group commits). A
change the store could not keep is not sent: its rooms go back to what the
store holds, and their people are told why.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import itertools
import json
import signal
import sys
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from pathlib import Path

from websockets.http11 import Request

from ..rules import WATCHER
from ..storage.safe_files import keep_aside, read_limited, timestamp
from . import limits, wire
from .protocol import MAX_MESSAGE, Message, ProtocolError, clean_name, decode, encode, room_from_path, room_names
from .room import Out, Room
from .room_file import BadRoomFile, file_state, room_from_file, room_from_text
from .room_seats import JoinError, Member, SeatTaken, new_room_name
from .room_table import check_table
from .said_once import SaidOnce
from .store import Change, RoomStore, StoreError, open_store, read_room
from .store.base import RoomFile

RATE = 30.0  # messages a second a connection may send, on average
BURST = 60  # ... and at once
FLOOD_LIMIT = 200  # messages dropped for flooding before the connection is closed
HELLO_TIMEOUT = 10.0  # seconds from a connection's accept to its hello: a slow handshake is closed then
HANDSHAKES = 1024  # connections accepted whose handshake is not done, server-wide at most (``handshake_limit``)
PING_EVERY = 20.0  # seconds between a connection's pings; one with no answer by the next is closed
PING_SLICES = 20  # the connections are pinged a slice at a time: no burst of 4,000 pings
MAX_ROOMS = 20_000  # in memory at once
IDLE_ROOM = 600.0  # seconds a room with nobody connected stays in memory: then it is read from the store again
IDLE_OVER = 30.0  # ... a room whose match is over (only its replay is left), or that nobody has played yet
EVICT_LOOK = 256  # rooms nobody is connected to looked at, oldest first, for one to put away when all are taken
FREEZE_EVERY = 10.0  # seconds between hiding what lives on from the cycle collector
YOUNG_OBJECTS = 20_000  # new objects between the collector's passes over the young ones (Python's default: 700)
RECLAIM_EVERY = 12  # freezes between collections of everything: what closed waits two minutes at most
UNSTARTED_KEPT = 24 * 3600.0  # seconds a room whose match never started is kept: then it is removed
SWEEP_EVERY = 3600.0  # seconds between looks for such rooms
UNSTARTED_MOST = 5_000  # rooms whose match never started, server-wide, in memory and in the store: the oldest go first
OWN_CODE = str(Path(__file__).resolve().parents[1])  # the game's modules: an error raised in them is a bug
LONG_RECORD = 2_000  # actions of a room from which it is read in a thread of its own (``read_long``)
HELD_MOST = 32  # messages a connection may send while its room is read: more closes it
HEALTH = "/healthz"  # answered 200 while the server takes rooms, 503 while it stops (for load balancers)


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

    def __init__(self, server: Server) -> None:
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
        self.held: list[str | bytes] | None = None  # what it sent while its room is read (``Server.read_long``)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Accepted: it counts from now on (``Server.handshake_begins``), and
        has ``HELLO_TIMEOUT`` seconds for its handshake and its hello."""
        super().connection_made(transport)
        self.hello_timer = asyncio.get_running_loop().call_later(HELLO_TIMEOUT, self.close, 1008, "no hello")
        refusal = self.server.handshake_begins(self)
        if refusal is not None:
            self.refuse_at_once(*refusal, flood=refusal[0] is HTTPStatus.SERVICE_UNAVAILABLE)

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
        self.server.handshake_ends(self)
        if request.path == HEALTH:  # a load balancer's health check, answered in place of a WebSocket
            return (HTTPStatus.SERVICE_UNAVAILABLE, "stopping\n") if self.server.stopping else (HTTPStatus.OK, "ok\n")
        if room_from_path(request.path) is None:
            return HTTPStatus.NOT_FOUND, "a room is /NAME: letters, digits, - and _ (64 at most)\n"
        if self.server.trust_proxy:  # counted by the address the proxy adds, now that it came
            address = limits.client_address(self.peer, request.headers.get_all("X-Forwarded-For"), True)
            reason = self.server.limits.connect(address)
            if reason is not None:
                return HTTPStatus.TOO_MANY_REQUESTS, reason + "\n"
            self.address = address
        return None

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
        self.server.handshake_ends(self)
        if self.address is not None:
            self.server.limits.disconnect(self.address)
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

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.flood += 1
        return False


class Server:
    def __init__(
        self,
        data_dir: Path | None,
        *,
        store: str | None = None,
        log: Callable[[str], None] = print,
        rate: float = RATE,
        idle_room: float = IDLE_ROOM,
        address_limits: limits.AddressLimits | None = None,
        trust_proxy: bool = False,
        **room_options: float,
    ) -> None:
        """``store``: where the rooms are kept (``store.open_store``: SQLite
        in ``data_dir`` by default, memory without one), opened by ``load``."""
        self.rate = rate
        self.idle_room = idle_room
        self.limits = limits.AddressLimits() if address_limits is None else address_limits
        self.trust_proxy = trust_proxy  # a client's address is the one the reverse proxy adds to X-Forwarded-For
        # Whether a connection is the client of whoever runs the server (HOST's game: ``hosting``), never
        # refused by the per-address limit; nobody's by default.
        self.own_client: Callable[[Conn], bool] = lambda conn: False
        self.data_dir = None if data_dir is None else Path(data_dir)
        self.store_url = store
        self._store: RoomStore | None = None  # once ``load`` opened it
        self.rooms: dict[str, Room[Conn]] = {}
        self.reading: dict[str, asyncio.Future[Room[Conn]]] = {}  # the long rooms being read, till they are in rooms
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="room reader")  # (one at a time: ``read_long``)
        self.written: dict[str, tuple[int, str]] = {}  # what the store holds of each room: its actions, its state
        self.makers: dict[str, str] = {}  # the address that made each room the store does not hold yet
        self.unstarted: dict[str, None] = {}  # the rooms whose match never started (``UNSTARTED_MOST``), oldest first
        self.unsaved: dict[str, Room[Conn]] = {}  # the rooms changed in this turn of the loop, till ``flush``
        self.outbox: Out[Conn] = []  # ... and what their changes say, sent once they are kept
        self.flushing: asyncio.Handle | None = None
        self.flushed = 0.0  # (the loop's time) when ``flush`` last wrote
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.idle: dict[str, asyncio.TimerHandle] = {}  # the rooms nobody is connected to, till they are put away
        self.pinged: list[dict[Conn, None]] = [{} for _ in range(PING_SLICES)]  # the open connections, by slice
        self.opened_count = 0  # connections opened so far: each goes to the next slice
        self.stopping = False
        self.room_options = room_options
        self.log = log
        self.said = SaidOnce(log)  # what a flood makes the server say: once a cause, its repeats counted
        self.handshakes: set[Conn] = set()  # the connections accepted whose handshake is not done
        self.handshake_limit = handshake_limit()
        self.flooded = False  # the handshakes reached their limit: memory is given back once they are done
        self.reclaim_early = False  # ... at the next turn of ``keep_collections_short``, not two minutes later
        self.actions = 0

    # ----- rooms in the store ---------------------------------------------------

    def load(self) -> None:
        """Open the store (StoreError if it cannot be used: another server's
        folder, say), with the room files of a server from before the stores
        imported into it. Rooms are read when somebody says hello to them."""
        self._store = open_store(self.data_dir, self.store_url)
        for note in self._store.set_aside():
            self.log(note)
        if self.data_dir is not None:
            import_room_files(self._store, self.data_dir / "rooms", self.log)
        self.unstarted = dict.fromkeys(self._store.unstarted(float("inf")))

    @property
    def store(self) -> RoomStore:
        """Where the rooms are kept, once ``load`` opened it."""
        assert self._store is not None, "the server's store is opened by load"
        return self._store

    def _room(self, typed: str) -> Found:
        """The room typed as ``typed``, in any case (``protocol.room_names``)."""
        for name in room_names(typed):
            room = self._named_room(name)
            if room is not None:
                return room
        return None

    def _named_room(self, name: str) -> Found:
        """The room ``name``: in memory, or read from the store (None if
        there is none; JoinError, with the reason, if it cannot be read:
        then it is kept aside); a long one is read in a thread, and this is
        the future of it (``read_long``)."""
        known = self.rooms.get(name) or self.reading.get(name)
        if known is not None:
            return known
        try:
            claimed = self.store.claim(name)
            file = self.store.load(name) if claimed else None
        except StoreError as error:
            raise JoinError(f"room {name} cannot be read now: {error}") from None
        except (ValueError, KeyError, TypeError, RecursionError) as error:  # what the store holds is not a room
            self._keep_aside(name, error)
            raise JoinError(f"room {name} could not be read ({error}): it was kept aside") from None
        if not claimed:
            raise SeatTaken(f"room {name} is still played by another server: it comes here in a moment")
        if file is None:
            return None
        if isinstance(file.get("moves"), int) and file["moves"] >= LONG_RECORD:
            return self.read_long(name, file)
        self._make_space()
        now = asyncio.get_running_loop().time()
        return self._take_in(name, lambda: _room_of(name, file, now))

    def read_long(self, name: str, file: RoomFile) -> asyncio.Future[Room[Conn]]:
        """Replay a room of ``LONG_RECORD`` actions or more in the server's
        reader thread, not in the event loop: a valid record of 100,000
        moves held every room 240 ms at its first hello. The event loop
        takes its turns meanwhile (Python switches threads every 5 ms), the
        room's hellos wait for it (their messages held: ``Conn.held``), and
        it is taken in on the loop, as a short one is at once."""
        loop = asyncio.get_running_loop()
        taken: asyncio.Future[Room[Conn]] = loop.create_future()
        taken.add_done_callback(_retrieved)
        self.reading[name] = taken

        def read(replayed: asyncio.Future[Room[Conn]]) -> None:
            del self.reading[name]
            try:
                self._make_space()
                taken.set_result(self._take_in(name, replayed.result))
            except JoinError as error:
                taken.set_exception(error)
            except Exception:  # a bug, not the room's doing: its hellos are refused, the server goes on
                self.log(f"room {name} could not be read\n{traceback.format_exc()}")
                taken.set_exception(JoinError(f"room {name} cannot be read now"))

        loop.run_in_executor(self.reader, _room_of, name, file, loop.time()).add_done_callback(read)
        return taken

    def _take_in(self, name: str, read: Callable[[], Room[Conn]]) -> Room[Conn]:
        """The room ``read`` returns, in memory; JoinError if it is no room
        (kept aside)."""
        try:
            room = read()
        except BadRoomFile as error:
            self._keep_aside(name, error)
            raise JoinError(f"room {name} could not be read ({error}): it was kept aside") from None
        self._configure(room)
        self.rooms[name] = room
        self.written[name] = (room.logged, _state(room))
        if not room.started:
            self.unstarted.setdefault(name, None)  # (another server's, where several share the store)
        self.log(f"room {name} read from the store ({room.logged} moves)")
        return room

    def _keep_aside(self, name: str, error: Exception) -> None:
        """A room the store holds that cannot be read: renamed, for an
        operator to look at, and the name is free for a new room."""
        aside = self.store.keep_aside(name, timestamp())
        self.unstarted.pop(name, None)
        self.log(f"room {name} could not be read ({error}): kept as {aside}")

    def _watch_idle(self, room: Room[Conn]) -> None:
        """Nobody is connected to the room: put it away in a while."""
        if room.occupied:
            return
        _cancel(self.idle, room.name)
        wait = min(self.idle_room, IDLE_OVER) if room.over or not room.played else self.idle_room
        self.idle[room.name] = asyncio.get_running_loop().call_later(wait, self._put_away, room)

    def _put_away(self, room: Room[Conn]) -> None:
        """Drop the room from memory, nobody being connected to it, once the
        store holds its last change (an empty room is not played: it comes
        back from the store as it went)."""
        del self.idle[room.name]
        if room.occupied or self.rooms.get(room.name) is not room:
            return
        if not self._stored(room):
            self._watch_idle(room)  # not yet in the store: later
            return
        self._let_go(room)

    def _stored(self, room: Room[Conn]) -> bool:
        """The store holds the room's last change."""
        return room.name not in self.unsaved

    def _let_go(self, room: Room[Conn]) -> None:
        """Drop a room nobody is connected to, whose last change the store
        holds, and let another server take it (its lease)."""
        self._forget(room.name)
        try:
            self.store.release(room.name)
        except StoreError as error:  # (its lease lapses with the server's)
            self.log(f"room {room.name} could not be let go: {error}")

    def _forget(self, name: str) -> None:
        del self.rooms[name]
        self.written.pop(name, None)
        self.makers.pop(name, None)
        _cancel(self.timers, name)
        _cancel(self.idle, name)

    def renew_lease(self) -> None:
        """Where several servers share the store: keep this server's lease
        on its rooms; if it lapsed (this server was stopped or cut off for
        longer than the lease), its rooms may be another's now: every room
        is dropped from memory and its people reconnect (1012), to whichever
        server plays it."""
        every = self.store.renew_every
        assert every is not None  # (a store shared with other servers: ``run`` renews its lease)
        asyncio.get_running_loop().call_later(every, self.renew_lease)
        try:
            if self.store.renew():
                return
        except StoreError as error:
            self.log(f"the lease on this server's rooms could not be renewed: {error}")
            return
        self.log(f"this server's lease had lapsed: its {len(self.rooms)} rooms are dropped")
        for room in list(self.rooms.values()):
            for conn in room.everyone:
                conn.room = None
                conn.close(1012, "the room moves to another server: reconnect")
            self._forget(room.name)
        self.unsaved, self.outbox = {}, []

    def remove_unstarted(self) -> None:
        """Remove the rooms whose match never started, made or last joined a
        day ago (``UNSTARTED_KEPT``) and nobody is in, now and every
        ``SWEEP_EVERY`` seconds: connections alone cannot fill the store.
        A finished match stays, as a replay."""
        asyncio.get_running_loop().call_later(SWEEP_EVERY, self.remove_unstarted)
        try:
            names = [name for name in self.store.unstarted(time.time() - UNSTARTED_KEPT) if name not in self.rooms]
            for name in names:
                self.store.remove(name)
                self.unstarted.pop(name, None)
            self._bound_unstarted(0)
        except StoreError as error:
            self.log(f"rooms that never started could not be removed: {error}")
            return
        except JoinError:
            pass  # (every one of the oldest has somebody in it: the next new room is refused)
        if names:
            self.log(f"removed {len(names)} rooms whose match never started")

    def _bound_unstarted(self, new: int) -> None:
        """Make way for ``new`` rooms among the rooms whose match never
        started, ``UNSTARTED_MOST`` at most, server-wide: the oldest nobody
        is in are removed (from memory and the store). A flood the address
        limits let through (a trusted proxy's new address each time) once
        made 45,131 rooms in 60 s, 305 MB and a store of 167 MB, kept a day.
        JoinError if each of the oldest has somebody in it, waiting for
        players; StoreError if the store could not remove one."""
        over = len(self.unstarted) + new - UNSTARTED_MOST
        if over <= 0:
            return
        oldest = list(itertools.islice(self.unstarted, over + EVICT_LOOK))
        removed = [name for name in oldest if self._removable(name)][:over]
        for name in removed:
            room = self.rooms.get(name)
            if room is not None:
                self._let_go(room)
            self.store.remove(name)
            del self.unstarted[name]
        if removed:
            self.said.say("unstarted", f"removed rooms nobody started, the oldest first: {UNSTARTED_MOST} kept at most")
        if len(removed) < over:
            raise JoinError("this server has too many rooms waiting for players: try again in a while")

    def _removable(self, name: str) -> bool:
        """The room, whose match never started, may be removed: nobody is in
        it, the store holds its last change, and no other server plays it."""
        room = self.rooms.get(name)
        if name in self.reading:
            return False
        if room is None:
            if self.store.claim(name):
                return True
            del self.unstarted[name]  # (another server's now: its own count)
            return False
        return not room.started and not room.occupied and self._stored(room)

    def _make_space(self) -> None:
        """Before a room is made or read: if the server holds ``MAX_ROOMS``,
        put away at once a room nobody is connected to and whose file holds
        its last change (it comes back from it when asked for): one nobody
        has played first, else the one left longest ago; JoinError if there
        is none among the oldest ``EVICT_LOOK``. So rooms made and left,
        however many, never keep out a room people play."""
        if len(self.rooms) < MAX_ROOMS:
            return
        oldest = [self.rooms.get(name) for name in itertools.islice(self.idle, EVICT_LOOK)]
        for room in sorted(filter(None, oldest), key=lambda room: room.played):  # (sorted keeps the oldest first)
            if not room.occupied and self._stored(room):
                self._let_go(room)
                return
        raise JoinError("this server has no room for more rooms")

    def _configure(self, room: Room[Conn]) -> None:
        """The room's pace, as the server was told (the tests': quicker)."""
        options = self.room_options
        room.play.grace = options.get("grace", room.play.grace)
        room.computers.delay = options.get("computer_delay", room.computers.delay)
        room.computers.react_delay = options.get("react_delay", room.computers.react_delay)

    def flush(self) -> None:
        """Write this turn's changes to the store, all at once, then send
        what they say; or, if the store cannot keep them, send none of it."""
        self.flushing = None
        self.flushed = asyncio.get_running_loop().time()
        rooms, out = self.unsaved, self.outbox
        self.unsaved, self.outbox = {}, []
        changes = [change for room in rooms.values() if (change := self._change(room)) is not None]
        try:
            if changes:
                self.store.write(changes)
        except StoreError as error:
            self.log(f"{len(changes)} rooms' changes could not be saved: {error}")
            failed = {change.name for change in changes}
            for name in failed:
                self._roll_back(rooms[name], error)
            out = [(conn, message) for conn, message in out if conn.room is not None and conn.room.name not in failed]
            changes = []
        for change in changes:
            self.makers.pop(change.name, None)  # (made: its token is spent)
            if change.started:
                self.unstarted.pop(change.name, None)
            state = change.state if change.state is not None else self.written[change.name][1]  # (unchanged)
            self.written[change.name] = (change.first + len(change.actions), state)
        for conn, message in out:
            conn.send(message)

    def _change(self, room: Room[Conn]) -> Change | None:
        """What the room has that the store does not (None: nothing)."""
        if self.rooms.get(room.name) is not room:
            return None  # (rolled back meanwhile)
        moves, state = self.written.get(room.name, (0, None))
        new = _state(room)
        if moves == room.logged and new == state:
            return None
        return Change(
            room.name, moves, room.actions(moves), None if new == state else new, started=room.started, over=room.over
        )

    def _roll_back(self, room: Room[Conn], error: StoreError) -> None:
        """The store could not keep the room's last changes: the room goes
        back to what the store holds (what its people were last sent), and
        each is told why and sent the table again; a seat taken by a change
        that was not kept is refused."""
        if self.rooms.get(room.name) is not room:
            return
        reason = f"the server could not save that ({error}): try again"
        maker = self.makers.get(room.name)
        self._forget(room.name)
        loop_time = asyncio.get_running_loop().time()
        try:
            file = self.store.load(room.name) if self.store.claim(room.name) else None
            again: Room[Conn] | None = None if file is None else room_from_file(file, loop_time)
        except (StoreError, ValueError, KeyError, TypeError):
            again = None
        if again is not None:
            self._configure(again)
            self.rooms[room.name] = again
            self.written[room.name] = (again.logged, _state(again))
        else:
            self.unstarted.pop(room.name, None)
            if maker is not None:  # a room that could not be made costs its maker nothing
                self.limits.give_back(maker)
        for conn, member in room.seating.members.items():
            token = room.seats[member.seat].token_sha256
            if again is None or token is None or again.seats[member.seat].token_sha256 != token:
                conn.room = None
                self._refuse(conn, SeatTaken(reason))  # (worth a retry: its room may be another server's now)
                continue
            seat = again.seats[member.seat]
            seat.conn, seat.dropped = conn, None
            again.seating.members[conn] = Member(member.seat)
            conn.room = again
            conn.send({"type": "error", "reason": reason})
        for conn in room.watchers.members:  # they watch the room as it is again
            if again is None:
                conn.room = None
                self._refuse(conn, SeatTaken(reason))
            else:
                conn.room = again
                again.watchers.members[conn] = Member(WATCHER)
        if again is not None:
            for conn, message in again.seat_news():
                conn.send(message)
            for conn in again.everyone:
                if again.started:
                    conn.send(again.state(conn, loop_time))
            self.schedule(again)
            self._watch_idle(again)

    def new_room_name(self) -> str:
        while True:
            name = new_room_name()
            if name not in self.rooms and self.store.load(name) is None:
                return name

    # ----- connections ----------------------------------------------------------

    def handshake_begins(self, conn: Conn) -> tuple[HTTPStatus, str] | None:
        """A connection was accepted: it counts against its address from
        now on, not once its request is whole (a slowloris held 20,600
        handshakes open, a byte every 2 s, and filled the server's files),
        and against the handshakes in progress (``handshake_limit``): the
        HTTP refusal, if it is over either. Behind a trusted proxy, every
        connection comes from the proxy: it counts against the address the
        proxy adds, once its request came (``Conn.refuse``). ``own_client``
        is never refused by the limit of its address, which other local
        users share (HOST's own game: ``hosting``)."""
        if len(self.handshakes) >= self.handshake_limit:
            self.flooded = True
            reason = f"too many connections opening at once: at most {self.handshake_limit}"
            self.said.say("handshakes", f"refused connections: {reason}")
            return HTTPStatus.SERVICE_UNAVAILABLE, reason
        if not self.trust_proxy:
            address = limits.client_address(conn.peer, [], False)
            refused = self.limits.connect(address)
            if refused is None:
                conn.address = address
            elif not self.own_client(conn):  # (HOST's own game: never refused, nor counted)
                self.said.say("address", f"refused connections from {address}: {refused}")
                return HTTPStatus.TOO_MANY_REQUESTS, refused
        self.handshakes.add(conn)
        return None

    def handshake_ends(self, conn: Conn) -> None:
        """Its handshake is done, or it is gone. After a flood, once no
        handshake is left, the memory it took goes back to the system at the
        collector's next turn (``keep_collections_short``: 10 s at most)."""
        self.handshakes.discard(conn)
        if self.flooded and not self.handshakes:
            self.flooded = False
            self.reclaim_early = True

    def loop_trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
        """What the event loop could not handle, said once a cause: asyncio's
        ``accept`` out of files logged a traceback for every try (73,592
        tracebacks, 30 MB in 10 s). A bug's traceback is said, the first time."""
        error = context.get("exception")
        message = str(context.get("message") or "the event loop failed")
        if not isinstance(error, BaseException):
            self.said.say(message[:60], message)
            return
        frames = traceback.extract_tb(error.__traceback__)
        where = (
            f"{frames[-1].filename}:{frames[-1].lineno}" if frames else message[:60]
        )  # the cause: where it was raised
        cause = f"{type(error).__name__} {getattr(error, 'errno', '')} {where}"
        line = f"{message[:200]}: {error}"
        if any(frame.filename.startswith(OWN_CODE) for frame in frames):
            line += "\n" + "".join(traceback.format_exception(error)).rstrip()  # (asyncio's own: its line alone)
        self.said.say(cause, line)

    def opened(self, conn: Conn) -> None:
        if self.stopping:
            conn.close(1001, "the server is stopping")
            return
        self.opened_count += 1
        conn.ping_slice = self.opened_count % PING_SLICES
        self.pinged[conn.ping_slice][conn] = None

    def lost(self, conn: Conn) -> None:
        self.pinged[conn.ping_slice].pop(conn, None)
        room = conn.room
        if room is not None:
            self.submit(room, lambda now: room.leave(conn, now))
            self._watch_idle(room)

    def received(self, conn: Conn, text: str | bytes) -> None:
        if conn.held is not None:  # its room is being read: what it says waits for it
            if len(conn.held) < HELD_MOST:
                conn.held.append(text)
            else:
                conn.close(1008, "too many messages before the room was read")
            return
        try:
            message = decode(text)
        except ProtocolError as error:
            if conn.room is None:
                self._refuse(conn, error)
            else:
                conn.send({"type": "error", "reason": str(error)})
            return
        room = conn.room
        if room is None:
            self._hello(conn, message)
        else:  # (a message that came before its join was refused finds no seat)
            self.submit(room, lambda now: room.handle(conn, message, now) if conn in room.everyone else [])

    def _hello(self, conn: Conn, hello: Message) -> None:
        """The first message: the room is found, or made, at once (never
        for a watcher: there must be one to watch), or once it is read
        (a long one: ``read_long``); the join waits its turn among the
        room's changes."""
        conn.greeted()
        try:
            if hello["type"] != "hello":
                raise ProtocolError('say hello first: {"type": "hello", "name": ...}')
            name = room_from_path(conn.path)
            found = self._room(name) if name else None
        except (ProtocolError, JoinError) as error:
            self._refuse(conn, error)
            return
        if isinstance(found, asyncio.Future):
            conn.held = []
            found.add_done_callback(lambda read: self._hello_read(conn, hello, name, read))
            return
        self._enter(conn, hello, name, found)

    def _hello_read(self, conn: Conn, hello: Message, name: str | None, read: asyncio.Future[Room[Conn]]) -> None:
        """The room ``conn`` said hello to is read, or could not be: its
        hello goes on, then what it sent meanwhile."""
        held, conn.held = conn.held or [], None
        if conn not in self.pinged[conn.ping_slice]:
            return  # (gone meanwhile)
        error = read.exception()
        if isinstance(error, Exception):  # (JoinError: it could not be read, or there is no space for it)
            self._refuse(conn, error)
            return
        self._enter(conn, hello, name, read.result())
        for message in held:
            self.received(conn, message)

    def _enter(self, conn: Conn, hello: Message, name: str | None, room: Room[Conn] | None) -> None:
        """The hello's room found (None: there is none, and it is made)."""
        try:
            if room is None and hello.get("watch"):
                raise JoinError(f"there is no room {name!r} to watch on this server")
            if room is None:
                room = self._new_room(name, hello, conn.address)
        except (ProtocolError, JoinError) as error:
            self._refuse(conn, error)
            return
        conn.room = room
        _cancel(self.idle, room.name)
        self.submit(room, lambda now: self._join(conn, room, hello, now))

    def _new_room(self, name: str | None, hello: Message, address: str | None) -> Room[Conn]:
        if hello.get("token") is not None:
            raise JoinError(f"there is no room {name!r} on this server")
        table = check_table(hello.get("table", {}))
        clean_name(hello.get("name"))  # the creator's join cannot be refused: no empty room is left behind
        if address is not None and not self.limits.may_make_room(address):
            per = self.limits.rooms_a_minute
            raise JoinError(f"too many new rooms from your address: at most {per:g} a minute")
        try:
            self._bound_unstarted(1)
        except (JoinError, StoreError) as error:
            if address is not None:
                self.limits.give_back(address)  # (a room that could not be made costs nothing)
            raise JoinError(str(error)) from None
        self._make_space()
        room: Room[Conn] = Room(name or self.new_room_name(), table)
        self._configure(room)
        self.rooms[room.name] = room
        self.unstarted[room.name] = None
        if address is not None:
            self.makers[room.name] = address  # (its token comes back if the store cannot keep the room)
        self.log(f"room {room.name}: {table['rules']} for {table['players']}, {table['people']} people")
        return room

    def _join(self, conn: Conn, room: Room[Conn], hello: Message, now: float) -> Out[Conn]:
        try:
            return room.watch(conn, now) if hello.get("watch") else room.join(conn, hello, now)
        except (ProtocolError, JoinError) as error:
            conn.room = None  # its leaving is not the room's business
            self._refuse(conn, error)
            self._watch_idle(room)
            return []

    def _refuse(self, conn: Conn, error: Exception) -> None:
        refusal = {"type": "error", "reason": str(error), "fatal": True}
        if isinstance(error, SeatTaken):
            refusal["retry"] = True  # its last connection is still held: a moment later, it is free
        conn.send(refusal)
        conn.close(1008, str(error))

    # ----- changes to rooms -----------------------------------------------------

    def submit(self, room: Room[Conn], change: Callable[[float], Out[Conn]]) -> None:
        """Make ``change`` (``now -> [(conn, message)]``) to a room; what it
        says is sent once the store holds it (``flush``, at the end of this
        turn of the event loop, or, where the store asks for a write at most
        every ``commit_every`` seconds, at the end of the turn that many
        seconds after its last write: the changes of the turns between are
        written at once, and answered once written)."""
        try:
            before = room.logged
            out = change(asyncio.get_running_loop().time())
            self.actions += room.logged - before
            self.unsaved[room.name] = room
            self.outbox += out
            if self.flushing is None:  # at the end of this turn, or once ``commit_every`` has passed since the last
                loop = asyncio.get_running_loop()
                wait = self.flushed + self.store.commit_every - loop.time()
                self.flushing = loop.call_later(wait, self.flush) if wait > 0 else loop.call_soon(self.flush)
        except Exception:  # a bug, not bad input: the room and the server go on
            self.log(f"room {room.name}: a change failed\n{traceback.format_exc()}")
        self.schedule(room)

    def schedule(self, room: Room[Conn]) -> None:
        loop = asyncio.get_running_loop()
        _cancel(self.timers, room.name)
        when = room.wakeup(loop.time())
        if when is not None:
            self.timers[room.name] = loop.call_at(when, self._tick, room)

    def _tick(self, room: Room[Conn]) -> None:
        self.timers.pop(room.name, None)
        self.submit(room, room.tick)

    def keep_alive(self, turn: int = 0) -> None:
        """Ping each connection every ``PING_EVERY`` seconds, one slice of
        them at a time, from one timer. A connection whose last ping has no
        answer by its next one is closed (1011), as websockets' own
        keepalive with a timeout of the interval does."""
        loop = asyncio.get_running_loop()
        loop.call_later(PING_EVERY / PING_SLICES, self.keep_alive, (turn + 1) % PING_SLICES)
        for conn in list(self.pinged[turn]):
            if conn.pong_due:
                conn.close(1011, "keepalive ping timeout")
            else:
                conn.ping()

    # ----- running --------------------------------------------------------------

    def keep_collections_short(self, turn: int = 0) -> None:
        """Python's cycle collector, left alone, went over every connection
        and room (400,000 objects at 1,000 tables) every few seconds and held
        the server 200 to 400 ms each time, and its passes over the young
        objects took a tenth of the server's time. So what has lived
        ``FREEZE_EVERY`` seconds is frozen (``gc.freeze``: never scanned
        again), every ``RECLAIM_EVERY`` turns all is unfrozen and collected
        once (a pause of a few hundred ms every two minutes), so that the
        cycles of rooms and connections gone since are still freed, and the
        young objects are looked at less often (most are freed by their
        reference counts long before). After a flood of handshakes, that
        collection comes at the next turn (``handshake_ends``)."""
        if turn == 0:
            gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
        if turn % RECLAIM_EVERY == RECLAIM_EVERY - 1 or self.reclaim_early:
            self.reclaim_early = False
            gc.unfreeze()
            gc.collect()
            give_back_freed_memory()
        gc.freeze()
        asyncio.get_running_loop().call_later(FREEZE_EVERY, self.keep_collections_short, turn + 1)

    async def run(
        self,
        host: str,
        port: int,
        stop_after: float | None = None,
        ready: Callable[[str], None] | None = None,
        whole_process: bool = False,
    ) -> None:
        """``whole_process``: the server is all this process does (``main``),
        so it may tune the cycle collector for itself."""
        self.load()
        self.remove_unstarted()
        if self.store.renew_every is not None:
            self.renew_lease()
        if whole_process:
            self.keep_collections_short()
        self.keep_alive()
        loop = asyncio.get_running_loop()
        stop: asyncio.Future[None] = loop.create_future()
        loop.set_exception_handler(self.loop_trouble)  # (left set: asyncio's own timers may fail after ``run``)

        def stop_now() -> None:
            if not stop.done():
                stop.set_result(None)

        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop_now)
        if stop_after is not None:
            loop.call_later(stop_after, stop_now)
        try:
            listener = await loop.create_server(lambda: Conn(self), host, port, backlog=1024)
        except BaseException:
            self.store.close()
            raise
        try:
            bound = listener.sockets[0].getsockname()
            address = f"ws://{'[' + bound[0] + ']' if ':' in bound[0] else bound[0]}:{bound[1]}"
            self.log(f"listening on {address}")
            if ready is not None:
                ready(address)
            await stop
        finally:  # the clients are told, and the rooms' last changes are written, before the server stops
            await self._close_connections()  # (meanwhile new ones are closed, and /healthz says 503)
            listener.close()
            self.reader.shutdown(wait=False, cancel_futures=True)
            if self.flushing is not None:
                self.flushing.cancel()
                self.flush()
            self.store.close()

    async def _close_connections(self) -> None:
        """Close every connection (1001), and any that opens from now on, and
        wait for them to go, at most ``wire.CLOSE_TIMEOUT``, after which
        they are cut."""
        self.stopping = True
        for pinged in self.pinged:
            for conn in list(pinged):
                conn.close(1001, "the server is stopping")
        loop = asyncio.get_running_loop()
        give_up = loop.time() + wire.CLOSE_TIMEOUT + 0.5
        while any(self.pinged) and loop.time() < give_up:
            await asyncio.sleep(0.02)


Found = Room[Conn] | asyncio.Future[Room[Conn]] | None  # a room asked for: in memory, being read, or none


def _room_of(name: str, file: RoomFile, now: float) -> Room[Conn]:
    """The room ``name`` from its file (``room_file``): BadRoomFile if it is
    none, or another's. Pure: the reader thread runs it too."""
    room: Room[Conn] = room_from_file(file, now)
    if room.name != name:
        raise BadRoomFile("the room's name is not its own")
    return room


def _retrieved(future: asyncio.Future[Room[Conn]]) -> None:
    """Nothing to do: a room read for hellos gone meanwhile is in memory
    anyway, or its reason was said (kept aside); asyncio would log it."""
    future.exception()


def _state(room: Room[Conn]) -> str:
    """The room's state as the store keeps it (``store.base``)."""
    return json.dumps(file_state(room), separators=(",", ":"))  # the C encoder: no indent


ROOM_FILE_MOST = 64 * 1024 * 1024  # bytes of an old room file, read at most (a long match's is a few MB)


def import_room_files(store: RoomStore, folder: Path, log: Callable[[str], None]) -> None:
    """Room files of a server from before the stores (``DATA_DIR/rooms/*.json``),
    each put in the store once, at start, then the folder kept aside
    (``rooms.imported-TIMESTAMP``); a file that cannot be read is kept
    aside in it (``.unreadable``), as before: a link is never opened (a link
    to /etc/shadow was read as root), nor a pipe, nor a file larger than a
    room's. Nothing if there is no such folder."""
    if not folder.is_dir() or folder.is_symlink():
        return
    changes, unreadable = [], 0
    for path in sorted(folder.glob("*.json")):
        try:
            room: Room[Conn] = room_from_text(read_limited(path, ROOM_FILE_MOST, links=False), 0.0)
            if room.name != path.stem or store.load(room.name) is not None:
                raise BadRoomFile("its name is not its file's, or the store has such a room")
        except (OSError, ValueError) as error:  # (BadRoomFile is a ValueError)
            unreadable += 1
            log(f"room file {path.name} could not be imported ({error}): kept as {keep_aside(path, 'unreadable').name}")
            continue
        changes.append(Change(room.name, 0, room.actions(0), _state(room), room.started, room.over))
    store.write(changes)
    aside = keep_aside(folder, "imported")
    log(f"imported {len(changes)} room files into the store ({unreadable} unreadable): the files kept in {aside}")


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


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None (another C library: musl, macOS)."""
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


MALLOC_TRIM = _malloc_trim()


def give_back_freed_memory() -> None:
    """Give the system the memory the C allocator holds free. After a flood
    (thousands of connections and rooms made and gone) glibc kept it all:
    the server stayed at its peak for good. Nothing to do elsewhere."""
    if MALLOC_TRIM is not None:
        MALLOC_TRIM(0)


def _cancel(timers: dict[str, asyncio.TimerHandle], name: str) -> None:
    """Cancel and forget the room's timer in ``timers``, if it has one."""
    timer = timers.pop(name, None)
    if timer is not None:
        timer.cancel()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game.server", description="UNO 1991's table server: rooms at ws://HOST:PORT/ROOM."
    )
    parser.add_argument("--host", default="127.0.0.1", help="where to listen (0.0.0.0: every network)")
    parser.add_argument("--port", type=int, default=8765, help="default 8765; 0 picks a free port")
    parser.add_argument(
        "--data-dir", type=Path, default=Path("uno1991-server"), help="rooms are kept in DIR/rooms.sqlite3"
    )
    parser.add_argument("--store", default=None, help="postgresql://USER@HOST/DB: keep the rooms there")
    parser.add_argument("--export", metavar="ROOM", help="print the room as JSON and exit (also while a server runs)")
    parser.add_argument("--computer-delay", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--react-delay", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--grace", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--rate", type=float, default=RATE, help=argparse.SUPPRESS)
    parser.add_argument("--idle-room", type=float, default=IDLE_ROOM, help=argparse.SUPPRESS)
    parser.add_argument(
        "--trust-proxy",
        action="store_true",
        help="behind a reverse proxy: a client's address is the last the proxy adds to X-Forwarded-For",
    )
    parser.add_argument(
        "--address-connections",
        type=int,
        default=limits.CONNECTIONS,
        metavar="N",
        help=f"connections open at once from one client address (default {limits.CONNECTIONS}; 0: no limit)",
    )
    parser.add_argument(
        "--address-rooms",
        type=float,
        default=limits.ROOMS_A_MINUTE,
        metavar="N",
        help=f"new rooms a minute from one client address (default {limits.ROOMS_A_MINUTE}; 0: no limit)",
    )
    parser.add_argument("--stop-after", type=float, default=None, help="stop after this many seconds (tests)")
    return parser.parse_args(argv)


def export(args: argparse.Namespace) -> int:
    """``--export ROOM``: the room as its file held it (``table``, ``seats``,
    ``moves``, ``over``, ``record``...), read beside a running server."""
    try:
        file = read_room(args.data_dir, args.store, args.export)
    except StoreError as error:
        print(f"cannot read the rooms: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # (what the store holds under that name is not a room: UnreadableRoom)
        print(f"room {args.export!r} cannot be read: {error}", file=sys.stderr)
        return 1
    if file is None:
        print(f"there is no room {args.export!r}", file=sys.stderr)
        return 1
    print(json.dumps(file, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.export is not None:
        return export(args)
    options = {
        key: value
        for key, value in (
            ("computer_delay", args.computer_delay),
            ("react_delay", args.react_delay),
            ("grace", args.grace),
        )
        if value is not None
    }
    server = Server(
        args.data_dir,
        store=args.store,
        log=lambda text: print(text, flush=True),
        rate=args.rate,
        idle_room=args.idle_room,
        address_limits=limits.AddressLimits(args.address_connections, args.address_rooms),
        trust_proxy=args.trust_proxy,
        **options,
    )
    try:
        asyncio.run(server.run(args.host, args.port, args.stop_after, whole_process=True))
    except OSError as error:
        print(f"cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    except StoreError as error:
        print(f"cannot keep the rooms: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":  # (python -m game.online.server, as well as game.server and uno1991-server)
    sys.exit(main())
