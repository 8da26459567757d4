"""The rooms of the table server, in memory and in its store.

``Keeper`` finds a room by its name (in memory, or read back from the
store: a long one in a thread of its own), makes a new one, and puts away
a room nobody is connected to (``IDLE_ROOM``); it makes each change to a
room (``submit``), runs each room's timer, and writes the changes of one
turn of the event loop to the store at once (``flush``) before anyone is
told of them. A change the store could not keep is not sent: its rooms go
back to what the store holds, and their people are told why
(``_roll_back``). It bounds what the rooms may take: ``MAX_ROOMS`` in
memory, ``UNSTARTED_MOST`` never started, each removed a day after
(``remove_unstarted``), and, where several servers share the store, keeps
this server's lease on its rooms (``server_store.Tenure``).

Where the store is over a network (PostgreSQL), its calls are made off
the event loop (``server_store``), several writes at a time, each of
other rooms: a room's changes made while its write is under way wait for
it, its answers in order, and a room that needs no write (a chat, a
ping's answer) is answered at once.
A server that lost its store or its lease (``StoreLost``) lets go of
every room at once (``let_go_of_everything``): its people are told that
the table moves and closed, ``/healthz`` fails, and the proxy sends them
to a server that claims the rooms; it serves again once the store answers.
"""

from __future__ import annotations

import asyncio
import itertools
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from ..rules import WATCHER
from ..storage.safe_files import timestamp
from . import limits
from .protocol import Message, clean_name, room_names
from .room import Out, Room
from .room_file import BadRoomFile, room_from_file
from .room_seats import JoinError, Member, SeatTaken, new_room_name
from .room_stored import import_room_files, remove_old, stored_state
from .room_table import check_table
from .said_once import SaidOnce
from .server_conn import Conn
from .server_store import StoreCalls, Tenure
from .store import Change, RoomStore, StoreError, StoreLost, open_store
from .store.base import RoomFile

MAX_ROOMS = 20_000  # in memory at once
IDLE_ROOM = 600.0  # seconds a room with nobody connected stays in memory: then it is read from the store again
IDLE_OVER = 30.0  # ... a room whose match is over (only its replay is left), or that nobody has played yet
EVICT_LOOK = 256  # rooms nobody is connected to looked at, oldest first, for one to put away when all are taken
UNSTARTED_KEPT = 24 * 3600.0  # seconds a room whose match never started is kept: then it is removed
SWEEP_EVERY = 3600.0  # seconds between looks for such rooms
UNSTARTED_MOST = 5_000  # rooms whose match never started, server-wide, in memory and in the store: the oldest go first
LONG_RECORD = 2_000  # actions of a room from which it is read in a thread of its own (``read_long``)

MOVES = "the table moves to another server: reconnecting"  # what a server that lost its store tells its people

Reading = asyncio.Future[Room[Conn] | None]  # a room being read: it, or None if there is none
Found = Room[Conn] | Reading | None  # a room asked for: in memory, being read, or none


class Keeper:
    """The rooms in memory (``rooms``), those being read (``reading``), and
    what the store holds of each (``written``); ``room_options``: the rooms'
    pace (the tests': quicker)."""

    def __init__(
        self,
        data_dir: Path | None,
        store_url: str | None,
        address_limits: limits.AddressLimits,
        log: Callable[[str], None],
        said: SaidOnce,
        idle_room: float,
        room_options: dict[str, float],
    ) -> None:
        self.data_dir, self.store_url = data_dir, store_url
        self.limits, self.log, self.said = address_limits, log, said
        self.idle_room, self.room_options = idle_room, room_options
        self._store: RoomStore | None = None  # once ``load`` opened it
        self.calls = StoreCalls()  # how it is called, once opened
        self.tenure = Tenure(self.calls, log, self.let_go_of_everything)  # this server's hold on its rooms
        self.rooms: dict[str, Room[Conn]] = {}
        self.reading: dict[str, Reading] = {}  # the rooms being read, till they are in rooms
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="room reader")  # (one at a time: ``read_long``)
        self.written: dict[str, tuple[int, str]] = {}  # what the store holds of each room: its actions, its state
        self.makers: dict[str, str] = {}  # the address that made each room the store does not hold yet
        self.unstarted: dict[str, None] = {}  # the rooms whose match never started (``UNSTARTED_MOST``), oldest first
        self.unsaved: dict[str, Room[Conn]] = {}  # the rooms changed since their last write, till ``flush``
        self.outbox: dict[str, Out[Conn]] = {}  # ... and what their changes say, sent once they are kept
        self.writing: dict[str, tuple[Room[Conn], Out[Conn]]] = {}  # the rooms of the writes under way, their news
        self.writes = 0  # writes under way (at most ``calls.writers``, each of other rooms)
        self.no_write = asyncio.Event()  # set while no write is under way
        self.no_write.set()
        self.flushing: asyncio.Handle | None = None
        self.flushed = 0.0  # (the loop's time) when ``flush`` last wrote
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.idle: dict[str, asyncio.TimerHandle] = {}  # the rooms nobody is connected to, till they are put away

    # ----- finding a room: in memory, read from the store, or made ----------------------

    def load(self) -> None:
        """Open the store (StoreError if it cannot be used: another server's
        folder, say), with the room files of a server from before the stores
        imported into it. Rooms are read when somebody says hello to them."""
        self._store = open_store(self.data_dir, self.store_url)
        self.calls.use(self._store)
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

    def find(self, typed: str) -> Found:
        """The room typed as ``typed``, in any case (``protocol.room_names``)."""
        for name in room_names(typed):
            room = self._named_room(name)
            if room is not None:
                return room
        return None

    def _named_room(self, name: str) -> Found:
        """The room ``name``: in memory, or read from the store (None if
        there is none; JoinError, with the reason, if it cannot be read:
        then it is kept aside); read off the event loop where the store is
        remote, a long one replayed in a thread: then the future of it."""
        known = self.rooms.get(name) or self.reading.get(name)
        if known is not None:
            return known
        if self.tenure.lost is not None:
            raise SeatTaken(f"this server lost its store: {MOVES}")
        taken: Reading = asyncio.get_running_loop().create_future()
        taken.add_done_callback(_retrieved)
        self.calls.run(lambda: self._claimed(name), lambda made: self._file_read(name, made, taken))
        if taken.done():  # (a store on this machine answers at once)
            return taken.result()
        self.reading[name] = taken
        taken.add_done_callback(lambda _: self.reading.pop(name, None))
        return taken

    def _claimed(self, name: str) -> RoomFile | None:
        """The room's file, claimed for this server first (None: no such
        room); SeatTaken if another server plays it."""
        if not self.store.claim(name):
            raise SeatTaken(f"room {name} is still played by another server: it comes here in a moment")
        return self.store.load(name)

    def _file_read(self, name: str, made: asyncio.Future[RoomFile | None], taken: Reading) -> None:
        """``taken``: the room in memory from its file (``_claimed``), or why not."""
        try:
            file = made.result()
            if self.tenure.lost is not None:
                raise SeatTaken(f"this server lost its store: {MOVES}")
            if file is not None and isinstance(file.get("moves"), int) and file["moves"] >= LONG_RECORD:
                self.read_long(name, file, taken)
                return
            room = None
            if file is not None:
                self._make_space()
                now = asyncio.get_running_loop().time()
                room = self._take_in(name, lambda: _room_of(name, file, now))
            taken.set_result(room)
        except StoreError as error:
            self.tenure.failed(error)
            taken.set_exception(SeatTaken(f"room {name} cannot be read now: {error}"))
        except JoinError as error:
            taken.set_exception(error)
        except (ValueError, KeyError, TypeError, RecursionError) as error:  # what the store holds is not a room
            self._keep_aside(name, error)
            taken.set_exception(JoinError(f"room {name} could not be read ({error}): it was kept aside"))

    def read_long(self, name: str, file: RoomFile, taken: Reading) -> None:
        """Replay a room of ``LONG_RECORD`` actions or more in the server's
        reader thread, not in the event loop: a valid record of 100,000
        moves held every room 240 ms at its first hello. The event loop
        takes its turns meanwhile (Python switches threads every 5 ms), the
        room's hellos wait for it (their messages held: ``Conn.held``), and
        it is taken in on the loop, as a short one is at once."""
        loop = asyncio.get_running_loop()

        def read(replayed: asyncio.Future[Room[Conn]]) -> None:
            try:
                self._make_space()
                taken.set_result(self._take_in(name, replayed.result))
            except JoinError as error:
                taken.set_exception(error)
            except Exception:  # a bug, not the room's doing: its hellos are refused, the server goes on
                self.log(f"room {name} could not be read\n{traceback.format_exc()}")
                taken.set_exception(JoinError(f"room {name} cannot be read now"))

        loop.run_in_executor(self.reader, _room_of, name, file, loop.time()).add_done_callback(read)

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
        self.written[name] = (room.logged, stored_state(room))
        if not room.started:
            self.unstarted.setdefault(name, None)  # (another server's, where several share the store)
        self.log(f"room {name} read from the store ({room.logged} moves)")
        return room

    def _keep_aside(self, name: str, error: Exception) -> None:
        """A room the store holds that cannot be read: renamed, for an
        operator to look at, and the name is free for a new room."""
        aside = self.calls.now(lambda: self.store.keep_aside(name, timestamp()))
        self.unstarted.pop(name, None)
        self.log(f"room {name} could not be read ({error}): kept as {aside}")

    def new_room(self, name: str | None, hello: Message, address: str | None) -> Room[Conn]:
        if name is not None and name in self.rooms:  # (made meanwhile, by a hello read at the same time)
            return self.rooms[name]
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

    def new_room_name(self) -> str:
        """One no room has (a remote store is not asked, in the loop: its write of a taken one fails)."""
        while True:
            name = new_room_name()
            if name not in self.rooms and (self.store.remote or self.calls.now(partial(self.store.load, name)) is None):
                return name

    def _configure(self, room: Room[Conn]) -> None:
        """The room's pace, as the server was told (the tests': quicker)."""
        options = self.room_options
        room.play.grace = options.get("grace", room.play.grace)
        room.computers.delay = options.get("computer_delay", room.computers.delay)
        room.computers.react_delay = options.get("react_delay", room.computers.react_delay)

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
            if not room.occupied and self.stored(room):
                self._let_go(room)
                return
        raise JoinError("this server has no room for more rooms")

    # ----- putting rooms away, and bounding them ------------------------------------------

    def watch_idle(self, room: Room[Conn]) -> None:
        """Nobody is connected to the room: put it away in a while."""
        if room.occupied:
            return
        _cancel(self.idle, room.name)
        wait = min(self.idle_room, IDLE_OVER) if room.over or not room.played else self.idle_room
        self.idle[room.name] = asyncio.get_running_loop().call_later(wait, self._put_away, room)

    def in_use(self, room: Room[Conn]) -> None:
        """Somebody came to the room: it is not put away."""
        _cancel(self.idle, room.name)

    def _put_away(self, room: Room[Conn]) -> None:
        """Drop the room from memory, nobody being connected to it, once the
        store holds its last change (an empty room is not played: it comes
        back from the store as it went)."""
        del self.idle[room.name]
        if room.occupied or self.rooms.get(room.name) is not room:
            return
        if not self.stored(room):
            self.watch_idle(room)  # not yet in the store: later
            return
        self._let_go(room)

    def stored(self, room: Room[Conn]) -> bool:
        """The store holds the room's last change."""
        return room.name not in self.unsaved and room.name not in self.writing

    def _let_go(self, room: Room[Conn]) -> None:
        """Drop a room nobody is connected to, whose last change the store
        holds, and let another server take it (its lease)."""
        name = room.name
        self._forget(name)
        self.calls.run(lambda: self.store.release(name), partial(self.tenure.released, name))

    def _forget(self, name: str) -> None:
        del self.rooms[name]
        self.written.pop(name, None)
        self.makers.pop(name, None)
        self.unsaved.pop(name, None)  # (its changes not kept yet are never answered)
        self.outbox.pop(name, None)
        _cancel(self.timers, name)
        _cancel(self.idle, name)

    def let_go_of_everything(self, why: str) -> None:
        """Another server may play this server's rooms now: each is dropped
        (what was not kept is never answered), its people told the table
        moves and closed (1012): they reconnect to the server that plays it."""
        self.log(f"{why}: its {len(self.rooms)} rooms are let go")
        for room in list(self.rooms.values()):
            for conn in room.everyone:
                conn.room = None
                conn.send({"type": "error", "reason": MOVES})
                conn.close(1012, MOVES)
            self._forget(room.name)

    def remove_unstarted(self) -> None:
        """Remove the rooms whose match never started, made or last joined a
        day ago (``UNSTARTED_KEPT``) and nobody is in, now and every
        ``SWEEP_EVERY`` seconds, off the loop (a remote store): connections
        alone cannot fill the store. A finished match stays, as a replay."""
        asyncio.get_running_loop().call_later(SWEEP_EVERY, self.remove_unstarted)
        self.calls.run(partial(remove_old, self.store, time.time() - UNSTARTED_KEPT, set(self.rooms)), self._swept)

    def _swept(self, made: asyncio.Future[list[str]]) -> None:
        try:
            names = made.result()
            for name in names:
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
            self.calls.now(partial(self.store.remove, name))
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
            if self.calls.now(lambda: self.store.claim(name)):
                return True
            del self.unstarted[name]  # (another server's now: its own count)
            return False
        return not room.started and not room.occupied and self.stored(room)

    # ----- changes to rooms, written before they are sent -------------------------------

    def submit(self, room: Room[Conn], change: Callable[[float], Out[Conn]]) -> None:
        """Make ``change`` (``now -> [(conn, message)]``) to a room; what it
        says is sent once the store holds it (``flush``, at the end of this
        turn of the event loop, or, where the store asks for a write at most
        every ``commit_every`` seconds, at the end of the turn that many
        seconds after its last write: the changes of the turns between are
        written at once, and answered once written)."""
        try:
            out = change(asyncio.get_running_loop().time())
            self.unsaved[room.name] = room
            self.outbox.setdefault(room.name, []).extend(out)
            self._flush_soon()
        except Exception:  # a bug, not bad input: the room and the server go on
            self.log(f"room {room.name}: a change failed\n{traceback.format_exc()}")
        self.schedule(room)

    def _flush_soon(self) -> None:
        """``flush`` at the end of this turn, or once ``commit_every`` has passed since the last write."""
        if self.flushing is None:
            loop = asyncio.get_running_loop()
            wait = self.flushed + self.store.commit_every - loop.time()
            self.flushing = loop.call_later(wait, self.flush) if wait > 0 else loop.call_soon(self.flush)

    def schedule(self, room: Room[Conn]) -> None:
        loop = asyncio.get_running_loop()
        _cancel(self.timers, room.name)
        when = room.wakeup(loop.time())
        if when is not None:
            self.timers[room.name] = loop.call_at(when, self._tick, room)

    def _tick(self, room: Room[Conn]) -> None:
        self.timers.pop(room.name, None)
        self.submit(room, room.tick)

    def flush(self) -> None:
        """Send what the rooms that need no write say; write the others' changes
        at once (a room under a write: after it; all, once a write ends if
        ``calls.writers`` are under way), and send what they say once written."""
        self.flushing = None
        busy = self.writes >= self.calls.writers
        changes = []
        for name, room in list(self.unsaved.items()):
            if name in self.writing or (busy and room.logged != self.written.get(name, (0,))[0]):
                continue  # (its news follow the write under way, or it has moves to write: after one)
            change = self._change(room)
            if change is None:
                del self.unsaved[name]
                _send(self.outbox.pop(name, []))
            elif not busy:
                changes.append(change)
        if changes:
            self.flushed = asyncio.get_running_loop().time()
            for change in changes:
                self.writing[change.name] = (self.unsaved.pop(change.name), self.outbox.pop(change.name, []))
            self.writes += 1
            self.no_write.clear()
            self.calls.run(lambda: self.store.write(changes), lambda made: self._written(changes, made))

    def _written(self, changes: list[Change], made: asyncio.Future[None]) -> None:
        """The write is done: what its rooms said is sent; or the store could
        not keep it, and its rooms go back to what the store holds."""
        writing = {change.name: self.writing.pop(change.name) for change in changes}
        self.writes -= 1
        if not self.writes:
            self.no_write.set()
        try:
            made.result()
        except StoreLost as error:
            self.tenure.failed(error)
            return
        except StoreError as error:
            self.log(f"{len(changes)} rooms' changes could not be saved: {error}")
            for room, _ in writing.values():
                self._roll_back(room, error)
        else:
            for change in changes:
                if self.rooms.get(change.name) is not writing[change.name][0]:
                    del writing[change.name]  # (let go meanwhile: its people were closed)
                    continue
                self.makers.pop(change.name, None)  # (made: its token is spent)
                if change.started:
                    self.unstarted.pop(change.name, None)
                state = change.state if change.state is not None else self.written[change.name][1]  # (unchanged)
                self.written[change.name] = (change.first + len(change.actions), state)
            for _, out in writing.values():
                _send(out)
        if self.unsaved:
            self._flush_soon()

    def _change(self, room: Room[Conn]) -> Change | None:
        """What the room has that the store does not (None: nothing)."""
        if self.rooms.get(room.name) is not room:
            return None  # (rolled back meanwhile)
        moves, state = self.written.get(room.name, (0, None))
        new = stored_state(room)
        if moves == room.logged and new == state:
            return None
        return Change(
            room.name, moves, room.actions(moves), None if new == state else new, started=room.started, over=room.over
        )

    def _roll_back(self, room: Room[Conn], error: StoreError) -> None:
        """The store could not keep the room's last changes: the room goes
        back to what the store holds (what its people were last sent), and
        each is told why and sent the table again; a seat taken by a change
        that was not kept is refused; a remote store's: its people turned away, their hellos read it."""
        if self.rooms.get(room.name) is not room:
            return
        reason = f"the server could not save that ({error}): try again"
        maker = self.makers.get(room.name)
        self._forget(room.name)
        loop_time = asyncio.get_running_loop().time()
        try:
            file = None if self.store.remote else self.calls.now(lambda: self._claimed(room.name))
            again: Room[Conn] | None = None if file is None else room_from_file(file, loop_time)
        except (StoreError, JoinError, ValueError, KeyError, TypeError):
            again = None
        if again is not None:
            self._configure(again)
            self.rooms[room.name] = again
            self.written[room.name] = (again.logged, stored_state(again))
        else:
            self.unstarted.pop(room.name, None)
            if maker is not None:  # a room that could not be made costs its maker nothing
                self.limits.give_back(maker)
        for conn, member in room.seating.members.items():
            token = room.seats[member.seat].token_sha256
            if again is None or token is None or again.seats[member.seat].token_sha256 != token:
                conn.room = None
                conn.turn_away(SeatTaken(reason))  # (worth a retry: its room may be another server's now)
                continue
            seat = again.seats[member.seat]
            seat.conn, seat.dropped = conn, None
            again.seating.members[conn] = Member(member.seat)
            conn.room = again
            conn.send({"type": "error", "reason": reason})
        for conn in room.watchers.members:  # they watch the room as it is again
            if again is None:
                conn.room = None
                conn.turn_away(SeatTaken(reason))
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
            self.watch_idle(again)

    async def close(self) -> None:
        """The server stops: the rooms' last changes are written (after the
        write under way), and the store closed."""
        self.reader.shutdown(wait=False, cancel_futures=True)
        while self.unsaved or self.writes:
            if self.flushing is not None:
                self.flushing.cancel()
            self.flush()
            if not self.writes:
                break  # (nothing left to write: what needs none was sent)
            await self.no_write.wait()
        await self.calls.close()


def _send(out: Out[Conn]) -> None:
    for conn, message in out:
        conn.send(message)


def _room_of(name: str, file: RoomFile, now: float) -> Room[Conn]:
    """The room ``name`` from its file (``room_file``): BadRoomFile if it is
    none, or another's. Pure: the reader thread runs it too."""
    room: Room[Conn] = room_from_file(file, now)
    if room.name != name:
        raise BadRoomFile("the room's name is not its own")
    return room


def _retrieved(future: Reading) -> None:
    """Nothing to do: a room read for hellos gone meanwhile is in memory
    anyway, or its reason was said (kept aside); asyncio would log it."""
    future.exception()


def _cancel(timers: dict[str, asyncio.TimerHandle], name: str) -> None:
    """Cancel and forget the room's timer in ``timers``, if it has one."""
    timer = timers.pop(name, None)
    if timer is not None:
        timer.cancel()
