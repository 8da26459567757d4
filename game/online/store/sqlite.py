"""The default store: the rooms in one SQLite database, ``DATA_DIR/rooms.sqlite3``.

WAL mode with ``synchronous=NORMAL``: a commit is a write into the WAL,
with no flush to the disk, so a killed server (SIGKILL, at any moment)
loses nothing it answered, and a pulled plug loses at most the commits
since the WAL was last flushed (the last checkpoint: a second of play),
never half of one. The checkpoints (the WAL's pages copied into the
database, with its flushes) run in a thread of their own
(``Checkpoints``), never in the event loop, every ``CHECKPOINT_EVERY``
seconds; SQLite's automatic ones are off.

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
import os
import sqlite3
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

from .base import StoreError
from .sql import SCHEMA, SqlStore

DATABASE = "rooms.sqlite3"
LOCK = "server.lock"
CHECKPOINT_EVERY = 1.0  # seconds between checkpoints
BUSY_TIMEOUT_MS = 5000  # a reader (a backup) holds the database a moment: a write waits that long at most
PRIVATE_FOLDER, PRIVATE_FILE = 0o700, 0o600


class SqliteStore(SqlStore):
    errors = (sqlite3.Error,)
    db: sqlite3.Connection

    def __init__(self, folder: Path, server: bool = True) -> None:
        """``server``: this process plays the rooms (it takes the lock and
        runs the checkpoints); otherwise it reads, beside a running server."""
        super().__init__()
        self.folder = Path(folder)
        self.path = self.folder / DATABASE
        self._lock: int | None = None
        self.checkpoints: Checkpoints | None = None
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
                self.db.executescript(SCHEMA.format(id="INTEGER PRIMARY KEY", actions_options=" WITHOUT ROWID"))
                self.checkpoints = Checkpoints(self.path)
        except (OSError, sqlite3.Error) as error:
            self.close()
            raise StoreError(f"cannot use {self.path}: {error}") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")  # (if it fails, SQLite has rolled the transaction back itself)

    def close(self) -> None:
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


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
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
