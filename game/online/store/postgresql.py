"""The rooms in PostgreSQL (``--store postgresql://USER@HOST/DB``), through
psycopg 3, in the schema the SQLite store uses (``sql``).

A change is answered once PostgreSQL has committed it. With PostgreSQL's
default ``synchronous_commit = on`` a commit is flushed to its WAL on the
disk first: nothing answered is lost, even to a pulled plug, for a flush
a batch of changes. ``synchronous_commit = off`` (in the URL:
``?options=-c%20synchronous_commit%3Doff``) answers before the flush, as
SQLite's ``synchronous=NORMAL`` does: a pulled plug or a crash of
PostgreSQL then loses at most the last ``3 x wal_writer_delay`` (0.6 s).

**Several servers, one PostgreSQL.** Each server holds a **lease**, a row
``leases (owner, expires)`` it renews every ``RENEW_EVERY`` seconds to
``LEASE`` seconds ahead (PostgreSQL's clock), and plays only the rooms whose
``owner`` it is. A server claims a room (``claim``) before it loads it: a
room whose owner's lease has lapsed (a server SIGKILLed, or cut off) is
anybody's. Each write checks, in its transaction, that the server's
lease is live and that each of its rooms is still its own (locked till
the commit), so a server that lost its lease (stopped or cut off for
longer than ``LEASE``) never writes over the rooms' new server.

**A write is one round trip.** Its statements go in one pipeline: the
states (upserted), the actions (each row's room found by its name, and
this server's: none, and the row fails), then the fence (``uno_fence``,
a function made with the schema): the lease is live, and each room is
this server's, locked (``FOR SHARE``) till the commit, so that a claim
of it waits for the commit and reads what it kept; the fence raises
otherwise, and the transaction is rolled back. At 10 ms from PostgreSQL
each way, a write is 20 ms, not the 40 of a fence read first.

**Every call is bounded** (``BOUNDS``, set on connect; the URL's own
``options`` come after, and win): a statement 3 s at most, a lock
waited for 1 s, a transaction left open 2 s (PostgreSQL then ends its
session: a server cut off in the middle of one holds no lock past it),
and TCP keepalives and ``tcp_user_timeout`` on the connection, so that
a dead peer is found in seconds, not in TCP's 15 minutes. A partition
that a proxy between the two hides (it acknowledges, forwards nothing)
is bounded by the server itself (``interrupt``: the socket is shut down
under the call that waits too long, ``store_calls``).

Why a lease row rather than an advisory lock: a session's advisory locks
go with its connection, so they are freed at once when a process dies on
a machine that lives, but a machine that dies or is cut off holds its
connections, and so its locks, until TCP gives up on them (hours, unless
keepalives are tuned on every side); each lock also takes a slot of
PostgreSQL's shared lock table (``max_locks_per_transaction x
max_connections``, 6,400 by default) for as long as it is held, one a
room: 20,000 rooms a server would not fit. A lease lapses after
``LEASE`` seconds whatever happened to its server, costs one row a server
(renewed by one UPDATE), and its expiry is PostgreSQL's clock alone.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .base import Change, StoreError, StoreLost
from .sql import SCHEMA, UPSERT, SqlStore

if TYPE_CHECKING:  # (psycopg is optional: imported when a store is opened)
    import psycopg

CONNECT_TIMEOUT = 2  # seconds (libpq's least)
BOUNDS = "-c statement_timeout=3000 -c lock_timeout=1000 -c idle_in_transaction_session_timeout=2000"  # ms
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 2, "keepalives_interval": 1, "keepalives_count": 2}
TCP_USER_TIMEOUT = 3000  # ms that data sent may go unacknowledged before the connection is given up
LEASE = 3.0  # seconds a server's lease lasts: the longest its rooms wait for another server once it died
RENEW_EVERY = 1.0  # seconds between renewals
NOW = "extract(epoch FROM clock_timestamp())"  # PostgreSQL's clock, the same for every server
LAPSED, NOT_MINE = "UN001", "UN002"  # the fence's errors (SQLSTATE)
IDLE = 0  # a connection's transaction status between transactions (libpq's PQTRANS_IDLE)
LEASES = f"""
CREATE TABLE IF NOT EXISTS leases (owner TEXT PRIMARY KEY, expires DOUBLE PRECISION NOT NULL);
CREATE OR REPLACE FUNCTION uno_fence(me TEXT, names TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    mine INTEGER;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM leases WHERE owner = me AND expires > {NOW}) THEN
        RAISE EXCEPTION USING ERRCODE = '{LAPSED}', MESSAGE = 'this server''s lease on its rooms has lapsed';
    END IF;
    SELECT count(*) INTO mine FROM (SELECT 1 FROM rooms WHERE name = ANY(names) AND owner = me FOR SHARE) AS locked;
    IF mine <> cardinality(names) THEN
        RAISE EXCEPTION USING ERRCODE = '{NOT_MINE}', MESSAGE = 'a room is played by another server now';
    END IF;
END $$;
"""
APPEND = "INSERT INTO actions (room, n, action) VALUES ((SELECT id FROM rooms WHERE name = %s AND owner = %s), %s, %s)"


class PostgresStore(SqlStore):
    placeholder = "%s"
    owned = " WHERE rooms.owner = excluded.owner"
    renew_every = RENEW_EVERY
    remote = True
    lease_db: psycopg.Connection[Any] | None = None  # a server's lease's own (``renew``, in a thread of its own)

    def __init__(self, url: str, server: bool = True) -> None:
        super().__init__()
        try:
            import psycopg
        except ImportError:
            raise StoreError("PostgreSQL needs psycopg 3: pip install 'psycopg[binary]'") from None
        self.url = url
        self.errors = (psycopg.Error,)
        self._local = threading.local()  # each thread's connection (``db``)
        self._opened: list[psycopg.Connection[Any]] = []  # every connection made (``interrupt`` cuts them)
        try:
            self.db = self._connect()
            if server:
                with self.db.transaction():
                    self.db.execute("SELECT pg_advisory_xact_lock(1991)")  # one schema made at a time
                    self.db.execute(
                        SCHEMA.format(id="BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", actions_options="")
                        + LEASES
                    )
                self.lease_db = self._connect()
                self._new_lease()
        except psycopg.Error as error:
            raise StoreError(f"cannot use PostgreSQL at {_safe(url)}: {error}") from None

    @property  # type: ignore[override]  # (SqlStore's attribute, a property here: psycopg's is a Database)
    def db(self) -> psycopg.Connection[Any]:
        """This thread's connection: each of the server's threads that call
        the store has its own (``server_store``: two writes may be under way
        at once), made again if it broke (cut off: ``interrupt``)."""
        connection = self._connection()
        if connection is None or connection.broken or connection.closed:
            if connection is not None:
                connection.close()
            self._local.db = connection = self._connect()
        return connection

    @db.setter
    def db(self, connection: psycopg.Connection[Any]) -> None:
        self._local.db = connection

    def _connection(self) -> psycopg.Connection[Any] | None:
        """This thread's connection as it is (None: none yet)."""
        return getattr(self._local, "db", None)

    def _connect(self) -> psycopg.Connection[Any]:
        """A connection with every call bounded (``BOUNDS``, ``KEEPALIVES``);
        what the URL says wins."""
        import psycopg

        given = psycopg.conninfo.conninfo_to_dict(self.url)
        options = f"{BOUNDS} {given.pop('options', '')}".strip()
        bounds = {"connect_timeout": CONNECT_TIMEOUT, "tcp_user_timeout": TCP_USER_TIMEOUT, **KEEPALIVES}
        conninfo = psycopg.conninfo.make_conninfo("", **{**bounds, **given}, options=options)
        connection = psycopg.connect(conninfo, autocommit=True)
        self._opened = [opened for opened in self._opened if not opened.closed] + [connection]
        return connection

    def _error(self, error: Exception) -> StoreError:
        """StoreLost where the connection is gone (or was cut: ``interrupt``)
        or the lease lapsed: every room is let go; StoreError otherwise."""
        connection = self._connection()
        if connection is None or connection.broken or connection.closed or getattr(error, "sqlstate", None) == LAPSED:
            return StoreLost(f"{type(error).__name__}: {error}")
        return super()._error(error)

    @property
    def leases(self) -> psycopg.Connection[Any]:
        """The lease's connection: its own, so that a renewal never waits for a write."""
        assert self.lease_db is not None, "a reader (server=False) holds no lease"
        return self.lease_db

    def _new_lease(self) -> None:
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.leases.execute(f"INSERT INTO leases (owner, expires) VALUES (%s, {NOW} + %s)", (self.owner, LEASE))

    def renew(self) -> bool:
        try:
            renewed = self.leases.execute(
                f"UPDATE leases SET expires = {NOW} + %s WHERE owner = %s AND expires > {NOW}", (LEASE, self.owner)
            ).rowcount
            if renewed:
                return True
            self._take_a_new_lease()
        except self.errors as error:
            raise StoreLost(f"{type(error).__name__}: {error}") from None
        return False

    def rejoin(self) -> None:
        try:
            if self.leases.broken or self.leases.closed:
                self.leases.close()
                self.lease_db = self._connect()
            self._take_a_new_lease()
        except self.errors as error:
            raise StoreLost(f"{type(error).__name__}: {error}") from None

    def _take_a_new_lease(self) -> None:
        """This server's old lease gone (its rooms anybody's), a new one taken."""
        with self.leases.transaction():
            self.leases.execute("DELETE FROM leases WHERE owner = %s", (self.owner,))
            self._new_lease()
        self._held.clear()

    def interrupt(self) -> None:
        """The connections' sockets shut down (copies of them: the calls
        under way in the store's threads own the connections), so that the
        calls fail at once, as if the network had given up."""
        for connection in list(self._opened):
            with contextlib.suppress(Exception), socket.socket(fileno=os.dup(connection.pgconn.socket)) as cut:
                cut.shutdown(socket.SHUT_RDWR)

    def claim(self, name: str) -> bool:
        """A room whose owner's lease lapsed is anybody's; lapsed leases are
        removed, but for one a stuck transaction holds (``SKIP LOCKED``).
        One round trip (``_one_trip``)."""
        db = self.db
        try:
            with self._one_trip(db):
                db.execute(
                    f"DELETE FROM leases WHERE owner IN (SELECT owner FROM leases WHERE expires < {NOW} "
                    "FOR UPDATE SKIP LOCKED)"
                )
                claimed = db.execute(
                    "UPDATE rooms SET owner = %s WHERE name = %s AND (owner = %s OR owner IS NULL OR NOT EXISTS "
                    f"(SELECT 1 FROM leases WHERE leases.owner = rooms.owner AND expires > {NOW}))",
                    (self.owner, name, self.owner),
                )
                there = db.execute("SELECT 1 FROM rooms WHERE name = %s", (name,))
            mine = claimed.rowcount > 0 or there.fetchone() is None
        except self.errors as error:
            raise self._error(error) from None
        self._held.pop(name, None)  # another server may have written it since
        return mine

    def unstarted(self, before: float) -> list[str]:
        """Of them, those no other live server plays."""
        rows = self._query_all(
            "SELECT name FROM rooms WHERE NOT started AND changed < %s AND (owner IS NULL OR owner = %s OR NOT EXISTS "
            f"(SELECT 1 FROM leases WHERE leases.owner = rooms.owner AND expires > {NOW})) ORDER BY changed",
            (before, self.owner),
        )
        return [name for (name,) in rows]

    def release(self, name: str) -> None:
        try:
            self.db.execute("UPDATE rooms SET owner = NULL WHERE name = %s AND owner = %s", (name, self.owner))
        except self.errors as error:
            raise self._error(error) from None
        self._held.pop(name, None)  # (nothing of a room put away kept in memory)

    def write(self, changes: Sequence[Change]) -> None:
        """In one round trip (the module's doc): the new rooms' ids are read
        once it is committed."""
        now = time.time()
        held = self._follows(changes)
        stated = [(c.name, c.state, c.started, c.over, now, self.owner) for c in changes if c.state is not None]
        appended = [(c.name, self.owner, c.first + k, action) for c in changes for k, action in enumerate(c.actions)]
        db = self.db
        try:
            with self._one_trip(db):
                upsert = self._sql(UPSERT.format(owned=self.owned))
                upserted = [db.execute(upsert, row) for row in stated]  # (executemany's returning: a trip more)
                if appended:
                    db.cursor().executemany(APPEND, appended)
                db.execute("SELECT uno_fence(%s, %s)", (self.owner, [change.name for change in changes]))
            ids = [_id(cursor) for cursor in upserted]
        except self.errors as error:
            raise self._error(error) from None
        for (name, *_), room in zip(stated, ids, strict=True):
            held[name] = (room, 0)
        self._noted(changes, {name: room for name, (room, _) in held.items()})

    @contextlib.contextmanager
    def _one_trip(self, db: psycopg.Connection[Any]) -> Iterator[None]:
        """A transaction in one round trip: its statements go in a pipeline
        between its BEGIN and its COMMIT, and their results are read after
        it (psycopg's ``transaction()`` in a pipeline waits for four); rolled
        back if one of them failed."""
        try:
            with db.pipeline():
                db.execute("BEGIN")
                yield
                db.execute("COMMIT")
        except BaseException:
            if not db.broken and db.info.transaction_status != IDLE:
                with contextlib.suppress(*self.errors):
                    db.execute("ROLLBACK")
            raise

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[psycopg.Cursor[Any]]:
        with self.db.transaction(), self.db.cursor() as cursor:
            yield cursor

    def close(self) -> None:
        """Let go of the lease too: another server may claim the rooms at once."""
        with contextlib.suppress(Exception):
            if self.owner is not None:
                self.leases.execute("DELETE FROM leases WHERE owner = %s", (self.owner,))
        for connection in self._opened:
            with contextlib.suppress(Exception):
                connection.close()


def _id(upserted: psycopg.Cursor[Any]) -> int:
    """The id an upsert returned (none: another server's room, and the fence failed first)."""
    row = upserted.fetchone()
    if row is None:
        raise StoreError("a room is played by another server now")
    return int(row[0])


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, place = rest.rpartition("@")
        rest = f"{credentials.split(':', 1)[0]}@{place}"
    return f"{scheme}{sep}{rest}"
