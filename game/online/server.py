"""The table server: rooms at ws://HOST:PORT/ROOM on asyncio and ``websockets``.

Each room (``room.Room``) holds its match; the server only carries
messages, runs each room's timers and keeps each room's changes in its
store (``store``: SQLite in ``DATA_DIR/rooms.sqlite3`` by default) before
anyone is told of them, so a server killed at any moment resumes with what
every table showed. A change is made in the event loop's own callback, so
a room's changes are made one at a time, in the order they came, and rooms
share nothing; the changes of one turn of the loop are written to the
store at once, at the end of the turn (``Keeper.flush``), and only then sent
(or those of every turn since the last write, where the store writes at
most every ``commit_every`` seconds: SQLite's group commits). A
change the store could not keep is not sent: its rooms go back to what the
store holds, and their people are told why.

``Server`` holds its parts: the connections (server_conn.py: ``Conn``, the
``Door`` they come in by, the ``Open`` ones and their keepalive) and the
rooms in memory and in the store (server_rooms.py: ``Keeper``); it hands
each connection's hello to its room and its messages after it, and runs.
Its command line: ``main`` here, its flags and ``--export`` in
server_command.py.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import signal
import sys
import traceback
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path

from . import limits, static_files, wire
from .protocol import Message, ProtocolError, decode, room_from_path
from .room import Out, Room
from .room_seats import JoinError
from .said_once import SaidOnce
from .server_command import export, parse_args
from .server_conn import RATE, Conn, Door, Open
from .server_rooms import IDLE_ROOM, Keeper, Reading
from .store import StoreError

FREEZE_EVERY = 10.0  # seconds between hiding what lives on from the cycle collector
YOUNG_OBJECTS = 20_000  # new objects between the collector's passes over the young ones (Python's default: 700)
RECLAIM_EVERY = 12  # freezes between collections of everything: what closed waits two minutes at most
OWN_CODE = str(Path(__file__).resolve().parents[1])  # the game's modules: an error raised in them is a bug
HELD_MOST = 32  # messages a connection may send while its room is read: more closes it


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
        in ``data_dir`` by default, memory without one), opened by ``run``."""
        self.rate = rate
        self.log = log
        self.said = SaidOnce(log)  # what a flood makes the server say: once a cause, its repeats counted
        address_limits = limits.AddressLimits() if address_limits is None else address_limits
        self.door = Door(address_limits, trust_proxy, self.said)
        self.open = Open()
        data_dir = None if data_dir is None else Path(data_dir)
        self.keeper = Keeper(data_dir, store, address_limits, log, self.said, idle_room, room_options)
        self.stopping = False

    # ----- connections and their messages ------------------------------------------

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

    def health(self) -> tuple[HTTPStatus, str]:
        """``/healthz``, for load balancers: 200 while the server takes rooms;
        503 while it stops, or while it has lost its store (a proxy then
        sends its people, whom it closed, to another server)."""
        if self.stopping:
            return HTTPStatus.SERVICE_UNAVAILABLE, "stopping\n"
        if self.keeper.tenure.lost is not None:
            return HTTPStatus.SERVICE_UNAVAILABLE, "lost its store\n"
        return HTTPStatus.OK, "ok\n"

    def opened(self, conn: Conn) -> None:
        if self.stopping:
            conn.close(1001, "the server is stopping")
            return
        self.open.add(conn)

    def lost(self, conn: Conn) -> None:
        self.open.remove(conn)
        room = conn.room
        if room is not None:
            self.keeper.submit(room, lambda now: room.leave(conn, now))
            self.keeper.watch_idle(room)

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
                conn.turn_away(error)
            else:
                conn.send({"type": "error", "reason": str(error)})
            return
        room = conn.room
        if room is None:
            self._hello(conn, message)
        else:  # (a message that came before its join was refused finds no seat)
            self.keeper.submit(room, lambda now: room.handle(conn, message, now) if conn in room.everyone else [])

    def _hello(self, conn: Conn, hello: Message) -> None:
        """The first message: the room is found, or made, at once (never
        for a watcher: there must be one to watch), or once it is read
        (a long one: ``Keeper.read_long``); the join waits its turn among the
        room's changes."""
        conn.greeted()
        try:
            if hello["type"] != "hello":
                raise ProtocolError('say hello first: {"type": "hello", "name": ...}')
            name = room_from_path(conn.path)
            found = self.keeper.find(name) if name else None
        except (ProtocolError, JoinError) as error:
            conn.turn_away(error)
            return
        if isinstance(found, asyncio.Future):
            conn.held = []
            found.add_done_callback(lambda read: self._hello_read(conn, hello, name, read))
            return
        self._enter(conn, hello, name, found)

    def _hello_read(self, conn: Conn, hello: Message, name: str | None, read: Reading) -> None:
        """The room ``conn`` said hello to is read, or could not be: its
        hello goes on, then what it sent meanwhile."""
        held, conn.held = conn.held or [], None
        if conn not in self.open:
            return  # (gone meanwhile)
        error = read.exception()
        if isinstance(error, Exception):  # (JoinError: it could not be read, or there is no space for it)
            conn.turn_away(error)
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
                room = self.keeper.new_room(name, hello, conn.address)
        except (ProtocolError, JoinError) as error:
            conn.turn_away(error)
            return
        conn.room = room
        self.keeper.in_use(room)
        self.keeper.submit(room, lambda now: self._join(conn, room, hello, now))

    def _join(self, conn: Conn, room: Room[Conn], hello: Message, now: float) -> Out[Conn]:
        try:
            return room.watch(conn, now) if hello.get("watch") else room.join(conn, hello, now)
        except (ProtocolError, JoinError) as error:
            conn.room = None  # its leaving is not the room's business
            conn.turn_away(error)
            self.keeper.watch_idle(room)
            return []

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
        reference counts long before). What is not frozen is collected
        before each freeze (the objects made since the last: a few ms):
        frozen garbage, every connection's transport among it (asyncio's
        hold a cycle), kept 4 MB a 1,000 people who came and went until the
        next collection of everything. After a flood of handshakes, that
        collection comes at the next turn (``Door.ends``)."""
        if turn == 0:
            gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
        if turn % RECLAIM_EVERY == RECLAIM_EVERY - 1 or self.door.reclaim_early:
            self.door.reclaim_early = False
            gc.unfreeze()
            gc.collect()
            give_back_freed_memory()
        else:
            gc.collect()  # (only what came since the last freeze: no garbage is frozen with what lives)
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
        keeper = self.keeper
        keeper.load()
        keeper.remove_unstarted()
        if keeper.store.renew_every is not None:
            keeper.tenure.renew()
        if whole_process:
            self.keep_collections_short()
        self.open.keep_alive()
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
            # (asyncio accepts as many connections a turn as the backlog: no more than the handshakes'
            # limit, so that a burst of them never takes the files its own refusals need)
            listener = await loop.create_server(lambda: Conn(self), host, port, backlog=self.door.limit)
        except BaseException:
            keeper.store.close()
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
            await keeper.close()

    async def _close_connections(self) -> None:
        """Close every connection (1001), and any that opens from now on, and
        wait for them to go, at most ``wire.CLOSE_TIMEOUT``, after which
        they are cut."""
        self.stopping = True
        self.open.close_all(1001, "the server is stopping")
        loop = asyncio.get_running_loop()
        give_up = loop.time() + wire.CLOSE_TIMEOUT + 0.5
        while self.open and loop.time() < give_up:
            await asyncio.sleep(0.02)


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
        asyncio.run(_serve(server, args))
    except OSError as error:
        print(f"cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    except StoreError as error:
        print(f"cannot keep the rooms: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(server: Server, args: argparse.Namespace) -> None:
    """The table server, and the page's site beside it if asked (``--site``)."""
    pages = None
    try:
        if args.site is not None:
            pages = await static_files.serve(args.site, args.host, args.site_port, server.log)
    except OSError as error:
        raise SystemExit(f"cannot serve the site on {args.host}:{args.site_port}: {error}") from None
    try:
        await server.run(args.host, args.port, args.stop_after, whole_process=True)
    finally:
        if pages is not None:
            pages.close()


if __name__ == "__main__":  # (python -m game.online.server, as well as game.server and uno1991-server)
    sys.exit(main())
