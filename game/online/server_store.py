"""The table server's calls to its store (``StoreCalls``), each bounded,
and its hold on its rooms where several servers share the store (``Tenure``).

A store on this machine (SQLite, memory) answers in microseconds: it is
called in place, in the event loop, as it always was (a thread's hop would
cost each commit more than it saves: ``benchmarks.server``). A store over a
network (``RoomStore.remote``: PostgreSQL) may answer in 20 ms, or never
(a partition): its calls run in threads of their own (``WRITERS``, each
on a connection of its own), in the order they were made, and each answer
comes back to the event loop (``run``), so that the loop goes on
meanwhile: pings, the turn clocks, chat, and every room that needs no
write. Up to ``WRITERS`` writes may be under way at once, each of other
rooms (``Keeper.flush``): a room's move waits for no other room's commit
but where every writer is busy (at 10 ms from PostgreSQL each way, with
100 actions a second, one writer held the probe's move 35 ms at the
median, two 34 ms, four 26 ms: a round trip is 21 ms). The lease's renewals run in a thread of
their own, on a connection of their own (``LEASE``), so that a renewal
never waits behind a write, nor a write behind it. The few calls the loop makes
itself (``now``: the rare ones, a server-made room's name, a room rolled
back) wait for the thread's call under way first.

Every call of a remote store is bounded: a watchdog thread cuts the one
that has taken longer than ``CALL_BOUND`` (``RoomStore.interrupt``: its
socket shut down), which then fails (``StoreLost``). PostgreSQL's own
timeouts bound what it does; this bounds what the network does, where a
proxy acknowledges and forwards nothing, and TCP's keepalives see nothing
wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from .store import RoomStore, StoreError, StoreLost

CALL_BOUND = 1.5  # seconds a remote store's call may take: then it is cut
ROOMS, LEASE = "rooms", "lease"  # the threads of a remote store's calls: the rooms', the lease's
WRITERS = 4  # the rooms' threads: writes under way at once, at most
WATCH_EVERY = 0.1  # seconds between the watchdog's looks

T = TypeVar("T")


class StoreCalls:
    def __init__(self) -> None:
        self._store: RoomStore | None = None
        self.began: dict[int, float] = {}  # each thread's call under way: when it began (monotonic)
        self.pools: dict[str, ThreadPoolExecutor] = {}  # a remote store's threads, by name
        self.writers = 1  # writes under way at once, at most (a store on this machine's: one, made in place)
        self.stopped = threading.Event()

    def use(self, store: RoomStore) -> None:
        """Call ``store`` from now on (the server opened it)."""
        self._store = store
        if store.remote:
            self.writers = WRITERS
            self.pools = {
                ROOMS: ThreadPoolExecutor(WRITERS, thread_name_prefix="store rooms"),
                LEASE: ThreadPoolExecutor(1, thread_name_prefix="store lease"),
            }
            threading.Thread(target=self._watch, name="room store watchdog", daemon=True).start()

    @property
    def store(self) -> RoomStore:
        assert self._store is not None, "the server's store is opened by Keeper.load"
        return self._store

    def run(self, call: Callable[[], T], done: Callable[[asyncio.Future[T]], None], lane: str = ROOMS) -> None:
        """Make ``call`` off the event loop, in the thread ``lane`` (a remote
        store's), and hand ``done`` the future of its result on the loop; a
        store on this machine's at once, in place."""
        loop = asyncio.get_running_loop()
        if self.pools:
            loop.run_in_executor(self.pools[lane], self._bounded, call).add_done_callback(done)
            return
        made: asyncio.Future[T] = loop.create_future()
        try:
            made.set_result(call())
        except Exception as error:  # (``done`` reads it: StoreError, or what a room that is none raised)
            made.set_exception(error)
        done(made)

    def now(self, call: Callable[[], T]) -> T:
        """Make ``call`` in the event loop (the rare calls), bounded as well."""
        return self._bounded(call)

    def _bounded(self, call: Callable[[], T]) -> T:
        thread = threading.get_ident()
        self.began[thread] = time.monotonic()
        try:
            return call()
        finally:
            del self.began[thread]

    def _watch(self) -> None:
        """Cut the call under way that has taken longer than ``CALL_BOUND``."""
        while not self.stopped.wait(WATCH_EVERY):
            now = time.monotonic()
            if any(now - began > CALL_BOUND for began in list(self.began.values())):
                self.store.interrupt()

    async def close(self) -> None:
        """The calls under way made, then the store closed (bounded too)."""
        if not self.pools:
            self.store.close()
            return
        with contextlib.suppress(Exception):
            await asyncio.get_running_loop().run_in_executor(self.pools[ROOMS], self._bounded, self.store.close)
        self.stopped.set()
        for pool in self.pools.values():
            pool.shutdown(wait=False)


class Tenure:
    """This server's hold on its rooms: where several servers share the
    store, its lease, renewed off the event loop (``renew``); and ``lost``,
    why it let go of every room (``let_go``: it lost its store or its lease,
    ``failed``), till the store answers again and it has a new lease."""

    def __init__(self, calls: StoreCalls, log: Callable[[str], None], let_go: Callable[[str], None]) -> None:
        self.calls, self.log, self.let_go = calls, log, let_go
        self.lost: str | None = None
        self.renewing = False  # a renewal is under way

    def renew(self) -> None:
        """Keep the lease, every ``renew_every`` seconds; if it lapsed (this
        server was stopped for longer), its rooms may be another's now: it
        lets go of them all. A server that lost its store takes a new lease
        instead (``RoomStore.rejoin``), and serves again once it has one."""
        store = self.calls.store
        assert store.renew_every is not None  # (a store shared with other servers: ``Server.run`` renews its lease)
        asyncio.get_running_loop().call_later(store.renew_every, self.renew)
        if self.renewing:
            return
        self.renewing = True
        lost = self.lost is not None
        self.calls.run(lambda: self._keep(lost), self._renewed, LEASE)

    def _keep(self, lost: bool) -> bool:
        """(In the store's thread.) Whether the lease was still live."""
        if lost:
            self.calls.store.rejoin()
            return True
        return self.calls.store.renew()

    def _renewed(self, made: asyncio.Future[bool]) -> None:
        self.renewing = False
        try:
            live = made.result()
        except StoreError as error:
            self.failed(StoreLost(str(error)))
            return
        if self.lost is not None:
            self.log(f"the store answers again (it was lost: {self.lost}): this server takes rooms again")
            self.lost = None
        elif not live:
            self.let_go("this server's lease had lapsed")

    def released(self, name: str, made: asyncio.Future[None]) -> None:
        """A room let go (``RoomStore.release``), or why not (its lease lapses with the server's)."""
        try:
            made.result()
        except StoreError as error:
            self.log(f"room {name} could not be let go: {error}")
            self.failed(error)

    def failed(self, error: StoreError) -> None:
        """A call failed: if the store is lost (``StoreLost``), so are the rooms."""
        if isinstance(error, StoreLost) and self.lost is None:
            self.lost = str(error)
            self.let_go(f"this server lost its store ({error})")
