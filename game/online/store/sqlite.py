"""The default store: the rooms in one SQLite database, ``DATA_DIR/rooms.sqlite3``.

**A log shared by every room.** A commit writes whole pages into the WAL,
and a room's actions kept together in its own rows (``sql``) put each
room's actions on a page of its own: an action of 8 bytes cost 4 KB of
disk writes (507 times its line). So the actions are first appended to
one log for every room,

    log (seq INTEGER PRIMARY KEY, batch)

one row a commit, whose ``batch`` holds each room's new actions
(``ROOM FIRST COUNT`` then the actions, one a line): the actions of many
rooms share its pages, and a commit adds one row at the end. The log has
no index by room. A room's actions move from the log into its own rows
(``actions``: one row, a run, for all the actions it had in the log),
in bulk: when its match ends, when it is put away (``release``), when
the server stops, and once its oldest logged action is ``LOG_KEPT`` log
rows old; the log rows that no room needs any more are then removed, a
range at a time. The server knows each room's logged actions, as it
wrote them; the log is read whole only when a server opens the store
(what a killed server left there is moved into the rooms' rows then) and
by a reader (``--export``), which picks the room's actions out of it.

**Group commits.** The server writes at most every ``commit_every``
seconds (``Server.submit``): a commit takes the changes of every turn of
the event loop since the last one, and a change is answered once its
commit is done, never before.

WAL mode with ``synchronous=NORMAL``: a commit is a write into the WAL,
with no flush to the disk, so a killed server (SIGKILL, at any moment)
loses nothing it answered, and a pulled plug loses at most the commits
since the WAL was last flushed (the last checkpoint: ``CHECKPOINT_EVERY``
seconds of play), never half of one. The checkpoints (the WAL's pages
copied into the database, with its flushes) run in a thread of their own
(``Checkpoints``), never in the event loop; SQLite's automatic ones are
off. A new database has pages of ``PAGE_SIZE`` bytes (SQLite's default
is 4 KB): a commit rewrites its last page of the log, so a small page is
a small write. A database of an older schema is brought up to this one
when a server opens it (``migrate``).

The data folder is the server's user's alone: made 0700 (and made so if
it was not), the database and the lock 0600 (SQLite gives its WAL and
shared-memory files the database's mode); no file in it that is a
symbolic link, or not a plain file, is opened. One server at a time uses
a folder: it holds ``server.lock`` (flock), which no other user can open.
Readers (``--export``, a backup) need no lock: WAL lets them read while
the server writes.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from .base import Change, RoomFile, StoreError
from .sql import SCHEMA, Cursor, SqlStore

DATABASE = "rooms.sqlite3"
LOCK = "server.lock"
COMMIT_EVERY = 0.02  # seconds between commits at most: the changes of the turns between go in one
CHECKPOINT_EVERY = 5.0  # seconds between checkpoints (and the WAL's flushes)
LOG_KEPT = 3000  # log rows (a minute of play, a commit every 20 ms) a room's actions stay in at most
LOG_TRIM = 500  # log rows nobody needs any more, removed at once
PAGE_SIZE = 512  # bytes, for a new database
VERSION = 1  # the schema's (``PRAGMA user_version``): 0, the store before the log
BUSY_TIMEOUT_MS = 5000  # a reader (a backup) holds the database a moment: a write waits that long at most
PRIVATE_FOLDER, PRIVATE_FILE = 0o700, 0o600
LOG = "CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, batch TEXT NOT NULL)"
Batch = list[tuple[int, int, list[str]]]  # a log row's: each room's id, its first action's number, its actions


class SqliteStore(SqlStore):
    errors = (sqlite3.Error,)
    commit_every = COMMIT_EVERY
    db: sqlite3.Connection

    def __init__(self, folder: Path, server: bool = True) -> None:
        """``server``: this process plays the rooms (it takes the lock, brings
        the schema up to date, moves the log into the rooms' rows and runs
        the checkpoints); otherwise it reads, beside a running server."""
        super().__init__()
        self.folder = Path(folder)
        self.path = self.folder / DATABASE
        self.server = server
        self._lock: int | None = None
        self.checkpoints: Checkpoints | None = None
        self._in_log: dict[
            int, tuple[int, list[str]]
        ] = {}  # a room's actions in the log, not in its rows: (first, them)
        self._since: dict[int, int] = {}  # ... from which log row on: oldest first (they are noted in that order)
        self._last = 0  # the last log row written
        self._trimmed = 0  # the log rows before this one are removed
        try:
            private_folder(self.folder)
            if server:
                self._lock = take_lock(self.folder / LOCK)
            for name in (DATABASE, f"{DATABASE}-wal", f"{DATABASE}-shm"):
                check_file(self.folder / name, create=server and name == DATABASE)
            if not self.path.exists():
                raise StoreError(f"there is no {self.path}")
            self.db = connect(self.path)
            if server:
                migrate(self.db)
                self._move_the_log()
                self.checkpoints = Checkpoints(self.path)
        except (OSError, sqlite3.Error) as error:
            self.close()
            raise StoreError(f"cannot use {self.path}: {error}") from None

    @contextlib.contextmanager
    def _transaction(self, begin: str = "BEGIN IMMEDIATE") -> Iterator[sqlite3.Connection]:
        self.db.execute(begin)
        try:
            yield self.db
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")  # (if it fails, SQLite has rolled the transaction back itself)

    def _append(self, cursor: Cursor, changes: Sequence[Change], ids: dict[str, int]) -> Callable[[], None]:
        """The actions in one new log row; those of the rooms whose match is
        over, or whose logged actions are old, in their rows (with their
        logged ones)."""
        old = itertools.takewhile(lambda since: since[1] <= self._last - LOG_KEPT, self._since.items())
        moved = {room: self._in_log[room] for room, _since in old}  # (a few a commit: each room in its turn)
        batch: Batch = []
        for change in changes:
            room = ids[change.name]
            if change.over and room not in moved:  # the match is over: nothing more will be logged
                moved[room] = self._in_log.get(room, (change.first, []))
            if room in moved:
                first, logged = moved[room]
                moved[room] = (first, logged + list(change.actions))
            elif change.actions:
                batch.append((room, change.first, list(change.actions)))
        self._move(cursor, moved)
        seq = self._last + 1 if batch else self._last  # (the log is emptied at open: it starts again at 1)
        if batch:
            cursor.execute("INSERT INTO log (seq, batch) VALUES (?, ?)", (seq, encode(batch)))
        needed = next((since for room, since in self._since.items() if room not in moved), seq)
        trim = needed - self._trimmed >= LOG_TRIM
        if trim:
            cursor.execute("DELETE FROM log WHERE seq < ?", (needed,))

        def committed() -> None:
            for room in moved:
                self._in_log.pop(room, None)
                self._since.pop(room, None)
            for room, first, actions in batch:
                self._in_log.setdefault(room, (first, []))[1].extend(actions)
                self._since.setdefault(room, seq)
            self._last = seq
            if trim:
                self._trimmed = needed

        return committed

    @staticmethod
    def _move(cursor: Cursor, moved: dict[int, tuple[int, list[str]]]) -> None:
        """Rooms' logged actions (by room: the first's number, them) into their rows, a row a room."""
        rows = [(room, first, "\n".join(actions)) for room, (first, actions) in moved.items() if actions]
        if rows:
            cursor.executemany("INSERT INTO actions (room, n, action) VALUES (?, ?, ?)", rows)

    def _move_the_log(self) -> None:
        """At open: every action a server left in the log (killed, say) into
        its room's rows, and the log emptied. The log is read whole once."""
        with self._transaction() as cursor:
            rooms = {room for (room,) in cursor.execute("SELECT id FROM rooms")}
            logged: dict[int, list[str]] = {}
            counts: dict[int, int] = {}
            for (text,) in cursor.execute("SELECT batch FROM log ORDER BY seq").fetchall():
                for room, first, actions in decode(text):
                    if room not in rooms:
                        continue  # (a room removed since)
                    if room not in counts:
                        counts[room] = self._count(room)
                    follow(logged.setdefault(room, []), counts[room], first, actions)
            self._move(cursor, {room: (counts[room], actions) for room, actions in logged.items()})
            cursor.execute("DELETE FROM log")

    def _count(self, room: int) -> int:
        return super()._count(room) + len(self._in_log.get(room, (0, []))[1])

    def _logged(self, room: int, count: int) -> list[str]:
        if self.server:  # (this server wrote them)
            return list(self._in_log.get(room, (0, []))[1])
        logged: list[str] = []  # a reader's: the log is read whole
        if self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'log'").fetchone() is None:
            return logged  # (a database of the store before the log)
        for (text,) in self.db.execute("SELECT batch FROM log ORDER BY seq").fetchall():
            for logged_room, first, actions in decode(text):
                if logged_room == room:
                    follow(logged, count, first, actions)
        return logged

    def load(self, name: str) -> RoomFile | None:
        """Its rows and its logged actions read at one moment (one read transaction)."""
        try:
            with self._transaction("BEGIN"):
                return super().load(name)
        except sqlite3.Error as error:
            raise StoreError(f"{type(error).__name__}: {error}") from None

    def release(self, name: str) -> None:
        """The room is put away: its logged actions into its rows."""
        held = self._held.get(name)
        if held is not None and held[0] in self._in_log:
            self.move([held[0]])

    def remove(self, name: str) -> None:
        row = self._query_one("SELECT id FROM rooms WHERE name = ?", (name,))
        super().remove(name)
        if row is not None:
            self._in_log.pop(row[0], None)
            self._since.pop(row[0], None)

    def move(self, rooms: Sequence[int]) -> None:
        """These rooms' logged actions into their rows, now."""
        try:
            with self._transaction() as cursor:
                self._move(cursor, {room: self._in_log[room] for room in rooms if room in self._in_log})
        except self.errors as error:
            raise StoreError(f"{type(error).__name__}: {error}") from None
        for room in rooms:
            self._in_log.pop(room, None)
            self._since.pop(room, None)

    def close(self) -> None:
        """Every logged action into its room's rows first, and the log emptied (the
        next server need not read it)."""
        if self.server and getattr(self, "db", None) is not None and self._lock is not None:
            with contextlib.suppress(StoreError, sqlite3.Error):
                self.move(list(self._in_log))
                self.db.execute("DELETE FROM log")
        if self.checkpoints is not None:
            self.checkpoints.stop()
            self.checkpoints = None
        db = getattr(self, "db", None)
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.close()
            del self.db
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None


def encode(batch: Batch) -> str:
    """A log row's text: each room's ``ID FIRST COUNT`` line, then its actions, one a line."""
    return "\n".join(f"{room} {first} {len(actions)}\n" + "\n".join(actions) for room, first, actions in batch)


def decode(text: str) -> Batch:
    lines, batch, k = text.split("\n"), [], 0
    while k < len(lines):
        room, first, count = map(int, lines[k].split())
        batch.append((room, first, lines[k + 1 : k + 1 + count]))
        k += 1 + count
    return batch


def follow(logged: list[str], count: int, first: int, actions: list[str]) -> None:
    """Add to ``logged`` (a room's actions from the ``count``-th on) those of
    ``actions`` (from the ``first``-th) it lacks: the log may hold actions
    already in the room's rows. ValueError if they leave a gap."""
    have = count + len(logged)
    if first > have:
        raise ValueError(f"its logged actions are not numbered from {have} on (action {first})")
    logged += actions[have - first :]


def migrate(db: sqlite3.Connection) -> None:
    """Bring the database to this schema (``VERSION``): the store before the
    log (version 0) gets the log, and its rooms' ids are never used again
    once removed (AUTOINCREMENT: the log names rooms by id)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > VERSION:
        raise StoreError(f"the database is of a newer table server (schema {version})")
    if version == VERSION:
        return
    schema = SCHEMA.format(id="INTEGER PRIMARY KEY AUTOINCREMENT", actions_options=" WITHOUT ROWID")
    db.execute("BEGIN IMMEDIATE")
    try:
        old = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rooms'").fetchone()
        if old is not None:
            db.execute("DROP INDEX IF EXISTS rooms_unstarted")
            db.execute("ALTER TABLE rooms RENAME TO rooms_before_log")
        for statement in [*schema.split(";"), LOG]:
            if statement.strip():
                db.execute(statement)
        if old is not None:
            db.execute("INSERT INTO rooms SELECT id, name, state, started, over, changed, owner FROM rooms_before_log")
            db.execute("DROP TABLE rooms_before_log")
        db.execute(f"PRAGMA user_version = {VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # (a new database's: before WAL mode makes it)
    if db.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
        raise sqlite3.OperationalError("the database cannot be put in WAL mode")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")  # ``Checkpoints`` does them, off the event loop
    return db


class Checkpoints:
    """A thread with a connection of its own that copies the WAL into the
    database every ``CHECKPOINT_EVERY`` seconds (PASSIVE: it never waits
    for the server's writes, nor holds them up), so that the WAL stays
    small and starts again from its beginning."""

    def __init__(self, path: Path) -> None:
        self.db = connect(path)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite checkpoints", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(CHECKPOINT_EVERY):
            self.checkpoint("PASSIVE")
        self.checkpoint("TRUNCATE")  # the server is stopping: the WAL is emptied
        self.db.close()

    def checkpoint(self, mode: str) -> None:
        with contextlib.suppress(sqlite3.Error):  # (a full disk, say: the next one tries again)
            self.db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def private_folder(folder: Path) -> None:
    """The folder, made for this user alone (0700) if it is not; StoreError
    if it is a link, not a folder, or another user's."""
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    info = folder.lstat()
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise StoreError(f"{folder} is a symbolic link or not a folder: give the folder itself")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise StoreError(f"{folder} belongs to another user")
    if stat.S_IMODE(info.st_mode) != PRIVATE_FOLDER:
        os.chmod(folder, PRIVATE_FOLDER)


def check_file(path: Path, create: bool) -> None:
    """A file of the data folder: a plain file of this user's, 0600 (made so),
    never a link; created (empty, 0600) if ``create`` and it is missing."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | (os.O_CREAT if create else 0), PRIVATE_FILE)
    except FileNotFoundError:
        return
    except OSError as error:
        if path.is_symlink():
            raise StoreError(f"{path} is a symbolic link: it is not followed") from None
        raise StoreError(f"cannot open {path}: {error}") from None
    try:
        _own_private_file(fd, path)
    finally:
        os.close(fd)


def _own_private_file(fd: int, path: Path) -> None:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(f"{path} is not a plain file")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise StoreError(f"{path} belongs to another user")
    if stat.S_IMODE(info.st_mode) != PRIVATE_FILE:
        os.fchmod(fd, PRIVATE_FILE)


def take_lock(path: Path) -> int:
    """Hold ``path``'s lock (flock) for as long as this process lives (the
    system lets go of it even after a SIGKILL); StoreError if another
    server holds it. The file is 0600 in a 0700 folder: no other user can
    open it, so none can hold it."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), PRIVATE_FILE)
    except OSError:
        if path.is_symlink():
            raise StoreError(f"{path} is a symbolic link: it is not followed") from None
        raise
    try:
        _own_private_file(fd, path)
        if os.name == "posix":
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise StoreError(f"another table server is using {path.parent}") from None
    except BaseException:
        os.close(fd)
        raise
    return fd
