"""The table server: rooms at ws://HOST:PORT/ROOM on asyncio and ``websockets``.

Each room (``room.Room``) holds its match; the server only carries
messages, runs each room's timers and saves each room after every change,
atomically, at ``DATA_DIR/rooms/ROOM.json``, before anyone is told of the
change (so a server killed at any moment resumes with what every table
showed). Rooms share nothing, so a room's work is ordered by its own lock.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import secrets
import signal
import socket
import sys
import time
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..safe_files import keep_aside
from .protocol import MAX_MESSAGE, ProtocolError, decode, encode, room_from_path
from .room import JoinError, Room, SeatTaken, check_table
from .saver import Saver

RATE = 30.0  # messages a second a connection may send, on average
BURST = 60  # ... and at once
FLOOD_LIMIT = 200  # messages dropped for flooding before the connection is closed
QUEUE_LIMIT = 256  # messages waiting for a client that does not read, before it is dropped
SEND_BUFFER = 32768  # bytes of the kernel's send buffer per connection
HELLO_TIMEOUT = 10.0
PING_EVERY = 20.0  # seconds between a connection's pings; one with no answer by the next is closed
PING_SLICES = 20  # the connections are pinged a slice at a time: no burst of 4,000 pings
MAX_ROOMS = 20_000
ROOM_NAME_BYTES = 6  # a server-made room name: 48 random bits
FREEZE_EVERY = 10.0  # seconds between hiding what lives on from the cycle collector
YOUNG_OBJECTS = 20_000  # new objects between the collector's passes over the young ones (Python's default: 700)
RECLAIM_EVERY = 12  # freezes between collections of everything: what closed waits two minutes at most


class Conn:
    """One client connection: its outgoing queue (written by its own task,
    so a slow reader never holds up a room) and its rate limit."""

    __slots__ = (
        "burst",
        "closing",
        "final",
        "flood",
        "log",
        "pong",
        "queue",
        "rate",
        "stamp",
        "tokens",
        "writer",
        "ws",
    )

    def __init__(self, ws: ServerConnection, rate: float = RATE, burst: int = BURST, log=print) -> None:
        self.ws = ws
        self.log = log
        self.rate, self.burst = rate, burst
        self.queue: list[str] = []  # a few at most but for a client that does not read; an empty deque is 0.7 KB
        self.writer: asyncio.Task | None = None  # only while there is something to write
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.flood = 0
        self.closing = False
        self.final: tuple[int, str] | None = None  # close once what is queued is written
        self.pong: asyncio.Future | None = None  # the answer to the last ping

    def send(self, message: dict) -> None:
        if self.closing:
            return
        if len(self.queue) >= QUEUE_LIMIT:
            self.close(1008, "too slow: the messages sent to you were not read")
            self.log("dropped a client that does not read its messages")
            return
        self.queue.append(encode(message))
        self.wake()

    def wake(self) -> None:
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self.write())

    def close(self, code: int, reason: str, flush: bool = False) -> None:
        if flush and not self.closing:
            self.final = (code, reason)
            self.wake()
            return
        if not self.closing:
            self.closing = True
            self.queue.clear()
            asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.flood += 1
        return False

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while self.queue and not self.closing:
                await self.ws.send(self.queue.pop(0))
            if self.final is not None and not self.closing:
                self.closing = True
                await self.ws.close(*self.final)


class Server:
    def __init__(self, data_dir: Path | None, *, log=print, rate: float = RATE, **room_options) -> None:
        self.rate = rate
        self.rooms_dir = None if data_dir is None else Path(data_dir) / "rooms"
        self.saver = None if self.rooms_dir is None else Saver(self.rooms_dir)
        self.rooms: dict[str, Room] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.saved: dict[str, int] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.pinged: list[dict[Conn, None]] = [{} for _ in range(PING_SLICES)]  # the connections, by slice
        self.pings: set[asyncio.Task] = set()
        self.connections = 0
        self.room_options = room_options
        self.log = log
        self.actions = 0

    # ----- rooms on disk --------------------------------------------------------

    def load(self) -> None:
        if self.rooms_dir is None or not self.rooms_dir.is_dir():
            return
        now = asyncio.get_running_loop().time()
        for path in sorted(self.rooms_dir.glob("*.json")):
            try:
                room = Room.from_file(json.loads(path.read_text(encoding="utf-8")), now)
                if room.name != path.stem:
                    raise ValueError("the room's name is not its file's")
            except (OSError, ValueError, KeyError, TypeError) as error:
                aside = keep_aside(path, "unreadable")
                self.log(f"room file {path.name} could not be read ({error}): kept as {aside.name}")
                continue
            self._configure(room)
            self.rooms[room.name] = room
            self.saved[room.name] = room.version
        if self.rooms:
            self.log(f"resumed {len(self.rooms)} rooms from {self.rooms_dir}")

    def _configure(self, room: Room) -> None:
        for key, value in self.room_options.items():
            setattr(room, key, value)

    async def save(self, room: Room) -> None:
        if self.saved.get(room.name) == room.version:
            return
        self.saved[room.name] = room.version
        if self.saver is None:
            return
        data = json.dumps(room.to_file(), separators=(",", ":")).encode()  # the C encoder: no indent
        try:
            await self.saver.save(room.name, data)
        except OSError as error:  # the room goes on; the next change tries again
            self.saved[room.name] = -1
            self.log(f"room {room.name} could not be saved: {error}")

    def new_room_name(self) -> str:
        while True:
            name = secrets.token_urlsafe(ROOM_NAME_BYTES)
            if name not in self.rooms and not (self.rooms_dir and (self.rooms_dir / f"{name}.json").exists()):
                return name

    # ----- connections ----------------------------------------------------------

    def process_request(self, connection, request):
        if room_from_path(request.path) is None:
            return connection.respond(HTTPStatus.NOT_FOUND, "a room is /NAME: letters, digits, - and _ (64 at most)\n")
        return None

    async def handler(self, ws: ServerConnection) -> None:
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:  # a fixed, small kernel buffer: a client that does not read is found out soon
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        conn = Conn(ws, self.rate, int(self.rate * 2), self.log)
        self.connections += 1
        pinged = self.pinged[self.connections % PING_SLICES]
        pinged[conn] = None
        room = None
        name = room_from_path(ws.request.path)
        for message in (ws.request, ws.response):  # the handshake's headers are not needed again: 3 KB a connection
            if message is not None:
                message.headers.clear()
        try:
            room = await self._join(conn, name)
            if room is None:
                return
            async for text in ws:
                if conn.closing:
                    break
                if conn.final is not None:
                    continue
                if not conn.allowed():
                    if conn.flood > FLOOD_LIMIT:
                        conn.close(1008, "too many messages", flush=True)
                    elif conn.flood % 50 == 1:
                        conn.send({"type": "error", "reason": f"too many messages: at most {conn.rate:g} a second"})
                    continue
                try:
                    message = decode(text)
                except ProtocolError as error:
                    conn.send({"type": "error", "reason": str(error)})
                    continue
                await self.apply(room, lambda now, m=message: room.handle(conn, m, now))
                del message, text  # not kept while the connection waits for the next: 0.5 KB each
        except ConnectionClosed:
            pass
        finally:
            if room is not None and conn in room.members:
                await self.apply(room, lambda now: room.leave(conn, now))
            if conn.final is None:
                conn.final = (1000, "")  # what is queued is written, then the connection closes
            conn.wake()
            pinged.pop(conn, None)
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed, TimeoutError):
                await asyncio.wait_for(conn.writer, 2.0)

    async def _join(self, conn: Conn, name: str) -> Room | None:
        try:
            text = await asyncio.wait_for(conn.ws.recv(), HELLO_TIMEOUT)
        except TimeoutError:
            conn.close(1008, "no hello")
            return None
        try:
            hello = decode(text)
            if hello["type"] != "hello":
                raise ProtocolError('say hello first: {"type": "hello", "name": ...}')
            room = self.rooms.get(name) if name else None
            created = room is None
            if room is None:
                if len(self.rooms) >= MAX_ROOMS:
                    raise JoinError("this server has no room for more rooms")
                if hello.get("token") is not None:
                    raise JoinError(f"there is no room {name!r} on this server")
                table = check_table(hello.get("table", {}))
                room = Room(name or self.new_room_name(), table)
                self._configure(room)
                self.rooms[room.name] = room
                self.locks[room.name] = asyncio.Lock()
                self.log(f"room {room.name}: {table['rules']} for {table['players']}, {table['people']} people")
            try:
                result = await self.apply(room, lambda now: room.join(conn, hello, now))
            except (ProtocolError, JoinError):
                if created:
                    del self.rooms[room.name]
                raise
        except (ProtocolError, JoinError) as error:
            refusal = {"type": "error", "reason": str(error), "fatal": True}
            if isinstance(error, SeatTaken):
                refusal["retry"] = True  # its last connection is still held: a moment later, it is free
            conn.send(refusal)
            conn.close(1008, str(error)[:100], flush=True)
            return None
        return room if result is not None else None

    async def apply(self, room: Room, change):
        """Make a change to a room under its lock; save it; then send what it says."""
        lock = self.locks.setdefault(room.name, asyncio.Lock())
        async with lock:
            loop = asyncio.get_running_loop()
            before = room.moves
            out = change(loop.time())
            self.actions += room.moves - before
            await self.save(room)
            for conn, message in out:
                conn.send(message)
            self.schedule(room)
            return out

    def schedule(self, room: Room) -> None:
        loop = asyncio.get_running_loop()
        timer = self.timers.pop(room.name, None)
        if timer is not None:
            timer.cancel()
        when = room.wakeup(loop.time())
        if when is not None:
            self.timers[room.name] = loop.call_at(when, self._tick, room)

    def _tick(self, room: Room) -> None:
        self.timers.pop(room.name, None)
        asyncio.get_running_loop().create_task(self.apply(room, room.tick))

    def keep_alive(self, turn: int = 0) -> None:
        """Ping each connection every ``PING_EVERY`` seconds, one slice of
        them at a time, from one timer (websockets' own keepalive is a task a
        connection: 1 KB each, and a wake-up each). A connection whose last
        ping has no answer by its next one is closed (1011), as websockets'
        keepalive with a timeout of the interval does."""
        loop = asyncio.get_running_loop()
        loop.call_later(PING_EVERY / PING_SLICES, self.keep_alive, (turn + 1) % PING_SLICES)
        for conn in list(self.pinged[turn]):
            if conn.pong is not None and not conn.pong.done():
                conn.close(1011, "keepalive ping timeout")
            elif not conn.closing:
                task = loop.create_task(self._ping(conn))
                self.pings.add(task)
                task.add_done_callback(self.pings.discard)

    async def _ping(self, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            conn.pong = await conn.ws.ping()

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
        reference counts long before)."""
        if turn == 0:
            gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
        if turn % RECLAIM_EVERY == RECLAIM_EVERY - 1:
            gc.unfreeze()
            gc.collect()
        gc.freeze()
        asyncio.get_running_loop().call_later(FREEZE_EVERY, self.keep_collections_short, turn + 1)

    async def run(
        self, host: str, port: int, stop_after: float | None = None, ready=None, whole_process: bool = False
    ) -> None:
        """``whole_process``: the server is all this process does (``main``),
        so it may tune the cycle collector for itself."""
        self.load()
        if whole_process:
            self.keep_collections_short()
        self.keep_alive()
        loop = asyncio.get_running_loop()
        stop = loop.create_future()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
        if stop_after is not None:
            loop.call_later(stop_after, lambda: stop.done() or stop.set_result(None))
        try:
            async with serve(
                self.handler,
                host,
                port,
                process_request=self.process_request,
                max_size=MAX_MESSAGE,
                max_queue=4,
                write_limit=16384,
                compression=None,
                close_timeout=2,
                ping_interval=None,  # one timer pings them all: keep_alive
            ) as server:
                bound = server.sockets[0].getsockname()
                address = f"ws://{'[' + bound[0] + ']' if ':' in bound[0] else bound[0]}:{bound[1]}"
                self.log(f"listening on {address}")
                if ready is not None:
                    ready(address)
                await stop
        finally:  # the rooms' last changes are written before the server stops
            if self.saver is not None:
                await self.saver.close()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game.server", description="UNO 1991's table server: rooms at ws://HOST:PORT/ROOM."
    )
    parser.add_argument("--host", default="127.0.0.1", help="where to listen (0.0.0.0: every network)")
    parser.add_argument("--port", type=int, default=8765, help="default 8765; 0 picks a free port")
    parser.add_argument("--data-dir", type=Path, default=Path("uno1991-server"), help="rooms are kept in DIR/rooms")
    parser.add_argument("--computer-delay", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--react-delay", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--grace", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--rate", type=float, default=RATE, help=argparse.SUPPRESS)
    parser.add_argument("--stop-after", type=float, default=None, help="stop after this many seconds (tests)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    options = {
        key: value
        for key, value in (
            ("computer_delay", args.computer_delay),
            ("react_delay", args.react_delay),
            ("grace", args.grace),
        )
        if value is not None
    }
    server = Server(args.data_dir, log=lambda text: print(text, flush=True), rate=args.rate, **options)
    try:
        asyncio.run(server.run(args.host, args.port, args.stop_after, whole_process=True))
    except OSError as error:
        print(f"cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
