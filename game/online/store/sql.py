"""The rooms in SQL, one schema for SQLite and PostgreSQL (``sqlite``,
``postgresql`` say how each connects, and what differs):

    rooms   (id, name UNIQUE, state, started, over, changed, owner)
    actions (room, n, action)   PRIMARY KEY (room, n)

``state`` is the room file without its record's actions (JSON text,
``base``), ``changed`` when it last changed (seconds since the epoch),
``owner`` the server that plays it where several share the store
(PostgreSQL's leases: ``postgresql``);
``actions`` are a room's actions, numbered from 0, in runs: a row holds
the actions from the ``n``-th on, one a line (PostgreSQL appends one row
an action; SQLite first keeps them in a log shared by every room, and
moves a room's actions of a while into one row: ``sqlite``). An action
is a small row appended, never a room written again. A room's actions
are read in order by their key; a room's rows are removed with it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from .base import Change, RoomFile, RoomStore, StoreError, room_file

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id {id},
    name TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL,
    started BOOLEAN NOT NULL,
    over BOOLEAN NOT NULL,
    changed DOUBLE PRECISION NOT NULL,
    owner TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    room BIGINT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room, n)
){actions_options};
CREATE INDEX IF NOT EXISTS rooms_unstarted ON rooms (changed) WHERE NOT started;
"""
UPSERT = (
    "INSERT INTO rooms (name, state, started, over, changed, owner) VALUES (?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (name) DO UPDATE SET state = excluded.state, started = excluded.started, "
    "over = excluded.over, changed = excluded.changed{owned} RETURNING id"
)
APPEND = "INSERT INTO actions (room, n, action) VALUES (?, ?, ?)"


def unrun(runs: Sequence[tuple[int, str]]) -> list[str]:
    """A room's actions from its rows (``n``, its run), in order; ValueError
    if they do not follow each other from 0."""
    actions: list[str] = []
    for n, run in runs:
        check_run(n, run)
        if n != len(actions):
            raise ValueError(f"its actions are not numbered from 0 on (action {n} after {len(actions)})")
        actions += run.split("\n")
    return actions


def check_run(n: object, run: object) -> None:
    """ValueError unless a row of a room's actions is of the values this store
    writes: a whole number from 0 on and a text (SQLite keeps whatever it is given)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0 or not isinstance(run, str):
        raise ValueError(f"an action row is not (a number, a text): ({str(n)[:20]!r}, {type(run).__name__})")


class Rows(Protocol):
    """What a query gives back (sqlite3's and psycopg's cursors)."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Database(Protocol):
    """A DB-API connection in autocommit mode (sqlite3's, psycopg's)."""

    def execute(self, query: str, values: Sequence[Any] = ..., /) -> Rows: ...


class Cursor(Database, Protocol):
    """Where a transaction's queries run (``_transaction``)."""

    def executemany(self, query: str, rows: Iterable[Sequence[Any]], /) -> object: ...


class SqlStore(RoomStore):
    """What SQLite and PostgreSQL share: the queries. A subclass opens the
    connection (``self.db``, a DB-API connection in autocommit mode), says
    how its placeholders look and which errors its driver raises, and runs
    a transaction (``_transaction``)."""

    placeholder = "?"
    owned = ""  # the upsert's condition that the room is still this server's (PostgreSQL's leases)
    db: Database
    errors: tuple[type[Exception], ...]  # the driver's

    def __init__(self) -> None:
        self.owner: str | None = None  # this server, where several share the store
        self._held: dict[str, tuple[int, int]] = {}  # a room's id and how many actions it holds, once known

    def _sql(self, query: str) -> str:
        return query if self.placeholder == "?" else query.replace("?", self.placeholder)

    def _execute(self, query: str, values: Sequence[Any] = ()) -> Rows:
        return self.db.execute(self._sql(query), values)

    def _upsert(self, cursor: Cursor, rows: list[tuple[Any, ...]]) -> list[int]:
        """The rooms' new states: their ids."""
        return [cursor.execute(self._sql(UPSERT.format(owned=self.owned)), row).fetchone()[0] for row in rows]

    def _append(self, cursor: Cursor, changes: Sequence[Change], ids: dict[str, int]) -> Callable[[], None]:
        """In a write's transaction: the changes' actions kept (``ids``: each
        room's); what to note once the transaction is committed."""
        rows = [(ids[c.name], c.first + k, action) for c in changes for k, action in enumerate(c.actions)]
        if rows:
            cursor.executemany(self._sql(APPEND), rows)
        return lambda: None

    def _transaction(self) -> AbstractContextManager[Cursor]:
        """A transaction, committed at the end of the ``with``, and its cursor."""
        raise NotImplementedError

    def write(self, changes: Sequence[Change]) -> None:
        now = time.time()
        held = self._follows(changes)
        stated = [change for change in changes if change.state is not None]
        try:
            with self._transaction() as cursor:
                rows = [(c.name, c.state, c.started, c.over, now, self.owner) for c in stated]
                for change, room in zip(stated, self._upsert(cursor, rows), strict=True):
                    held[change.name] = (room, held[change.name][1] if change.name in held else 0)
                committed = self._append(cursor, changes, {name: room for name, (room, _) in held.items()})
        except self.errors as error:
            raise self._error(error) from None
        committed()
        self._noted(changes, {name: room for name, (room, _) in held.items()})

    def _follows(self, changes: Sequence[Change]) -> dict[str, tuple[int, int]]:
        """Every room's (id, actions held), for the rooms the store holds;
        StoreError if a change does not follow what the store holds (a room
        without one is new, so it comes with its state)."""
        holding = {change.name: self._holding(change.name) for change in changes}
        for change in changes:
            now_held = holding[change.name]
            count = now_held[1] if now_held else 0
            if count != change.first or (now_held is None and change.state is None):
                raise StoreError(f"room {change.name}: the store holds another version of it")
        return {name: now_held for name, now_held in holding.items() if now_held is not None}

    def _noted(self, changes: Sequence[Change], ids: dict[str, int]) -> None:
        """The changes committed: what the store holds of each room now."""
        for change in changes:
            self._held[change.name] = (ids[change.name], change.first + len(change.actions))

    def _error(self, error: Exception) -> StoreError:
        """The driver's error, as the server is told of it."""
        return StoreError(f"{type(error).__name__}: {error}")

    def _holding(self, name: str) -> tuple[int, int] | None:
        """The room's id and how many actions the store holds (None: no such room)."""
        if name not in self._held:
            row = self._query_one("SELECT id FROM rooms WHERE name = ?", (name,))
            if row is None:
                return None
            self._held[name] = (row[0], self._count(row[0]))
        return self._held[name]

    def _count(self, room: int) -> int:
        """How many actions the store holds of the room: the last run's first and its lines."""
        last = self._query_one("SELECT n, action FROM actions WHERE room = ? ORDER BY n DESC LIMIT 1", (room,))
        if last is None:
            return 0
        n, run = last
        try:
            check_run(n, run)
        except ValueError as error:
            raise StoreError(f"room {room}: {error}") from None
        return int(n) + str(run).count("\n") + 1

    def _query_one(self, query: str, values: Sequence[Any]) -> Any:
        try:
            return self._execute(query, values).fetchone()
        except self.errors as error:
            raise self._error(error) from None

    def _query_all(self, query: str, values: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._execute(query, values).fetchall()
        except self.errors as error:
            raise self._error(error) from None

    def load(self, name: str) -> RoomFile | None:
        row = self._query_one("SELECT id, state FROM rooms WHERE name = ?", (name,))
        if row is None:
            return None
        room, state = row
        actions = unrun(self._query_all("SELECT n, action FROM actions WHERE room = ? ORDER BY n", (room,)))
        actions += self._logged(room, len(actions))
        self._held[name] = (room, len(actions))
        return room_file(state, actions)

    def _logged(self, room: int, count: int) -> list[str]:
        """The room's actions from the ``count``-th on that are not in its rows yet (SQLite's log)."""
        return []

    def names(self) -> list[str]:
        return [name for (name,) in self._query_all("SELECT name FROM rooms") if isinstance(name, str)]

    def unstarted(self, before: float) -> list[str]:
        rows = self._query_all("SELECT name FROM rooms WHERE NOT started AND changed < ? ORDER BY changed", (before,))
        return [name for (name,) in rows if isinstance(name, str)]

    def remove(self, name: str) -> None:
        try:
            with self._transaction() as cursor:
                row = cursor.execute(self._sql("SELECT id FROM rooms WHERE name = ?"), (name,)).fetchone()
                if row is not None:
                    cursor.execute(self._sql("DELETE FROM actions WHERE room = ?"), row)
                    cursor.execute(self._sql("DELETE FROM rooms WHERE id = ?"), row)
        except self.errors as error:
            raise self._error(error) from None
        self._held.pop(name, None)

    def rename(self, name: str, new: str) -> None:
        try:
            with self._transaction() as cursor:
                cursor.execute(self._sql("UPDATE rooms SET name = ? WHERE name = ?"), (new, name))
        except self.errors as error:
            raise self._error(error) from None
        self._held.pop(name, None)
