"""The default store: the rooms in one SQLite database, ``DATA_DIR/rooms.sqlite3``.

**A log shared by every room.** A commit writes whole pages into the WAL,
and a room's actions kept in its own rows (``sql``) put each room's
actions of a commit on a page of their own: an action of 8 bytes cost
4 KB of disk writes (507 times its line). So the actions are first
written to one log for every room, a ring of ``RING`` slots of one page
each,

    log (slot INTEGER PRIMARY KEY, seq, batch)

written in turn, each over the oldest: a commit's new actions of every
room go in the next slot (``batch``: each room's ``ID FIRST COUNT`` line
then its actions, one a line, compressed), rarely two. A slot is always
as long (zeros after the text), so SQLite writes it over in its page: a
commit writes one page, allocates none, and touches no other (no page
1, no interior page). ``seq`` numbers the slots as they are written; the
log has no index by room. A room's actions move from the log into its
own rows (``actions``: one row, a run, for all the actions it had in the
log), in bulk: when its match ends, when it is put away (``release``),
when the server stops, and, every ``MOVE_EVERY`` slots, for every room
whose oldest logged action the log would come round to before the next
such move. The server knows each room's logged actions, as it wrote
them; the log is read whole only when a server opens the store (what a
killed server left there is moved into the rooms' rows then: a second
at most for a log of 2,048 slots) and by a reader (``--export``), which
picks the room's actions out of it (an action the log holds that the
room's rows hold too is left out: the slots are written over in turn,
not emptied).

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
symbolic link, or not a plain file, is opened; a folder another user made
first, or one in a folder another user may change (who could rename it
away), is refused (``safe_place``). One server at a time uses
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
import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from .base import Change, RoomFile, StoreError
from .sql import SCHEMA, Cursor, SqlStore

DATABASE = "rooms.sqlite3"
LOCK = "server.lock"
COMMIT_EVERY = 0.02  # seconds between commits at most: the changes of the turns between go in one
CHECKPOINT_EVERY = 5.0  # seconds between checkpoints (and the WAL's flushes)
RING = 2048  # the log's slots (40 s of play at a commit every 20 ms), made with a new log
MOVE_EVERY = 256  # slots written between moves of the oldest logged actions into their rooms' rows
PAGE_SIZE = 512  # bytes, for a new database
SLOT_SPARE = 52  # bytes of a page a slot leaves for SQLite's headers: one slot a page, never spilling over
VERSION = 1  # the schema's (``PRAGMA user_version``): 0, the store before the log
BUSY_TIMEOUT_MS = 5000  # a reader (a backup) holds the database a moment: a write waits that long at most
PRIVATE_FOLDER, PRIVATE_FILE = 0o700, 0o600
LOG = "CREATE TABLE log (slot INTEGER PRIMARY KEY, seq INTEGER NOT NULL, batch BLOB NOT NULL)"
Entry = tuple[int, int, list[str]]  # a room's in a slot: its id, its first action's number, its actions


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
        self._since: dict[int, int] = {}  # ... from which slot's seq on: oldest first (they are noted in that order)
        self._last = 0  # the seq of the last slot written
        self._next_move = 0  # the seq from which the oldest logged actions are moved again
        self._ring = self._slot_bytes = 0  # the log's slots, and the bytes of each
        self._set_aside: list[str] = []  # what could not be read as it opened, with why
        self._unread: list[int] = []  # the log's slots that could not be read, to be emptied
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
        """The actions in the log's next slots (as few as hold them, most
        often one); into their rows with their logged ones: those of the
        rooms whose match is over, of a room that would not fit a slot, of
        every room in a batch as big as a good part of the log (an import),
        and, every ``MOVE_EVERY`` slots, those of the rooms whose oldest
        logged actions would be written over before the next such move."""
        moved: dict[int, tuple[int, list[str]]] = {}
        entries: list[Entry] = []
        for change in changes:
            room = ids[change.name]
            first, logged = self._in_log.get(room, (change.first, []))
            if change.over or not fits(entry_text(room, change.first, change.actions), self._slot_bytes):
                moved[room] = (first, logged + list(change.actions))
            elif change.actions:
                entries.append((room, change.first, list(change.actions)))
        slots = pack(entries, self._slot_bytes)
        if len(slots) > self._ring // 4:
            for room, first, actions in entries:
                logged_first, logged = self._in_log.get(room, (first, []))
                moved[room] = (logged_first, logged + actions)
            slots = []
        oldest = next(iter(self._since.values()), None)
        if oldest is not None and (self._last >= self._next_move or oldest <= self._last + len(slots) - self._ring):
            reach = self._last + len(slots) + 2 * MOVE_EVERY - self._ring
            for room, since in self._since.items():
                if since > reach:
                    break
                if room not in moved:
                    first, logged = self._in_log[room]
                    moved[room] = (first, logged + next((new for r, _, new in entries if r == room), []))
            self._next_move = self._last + MOVE_EVERY
            kept = [entry for entry in entries if entry[0] not in moved]
            slots = pack(kept, self._slot_bytes) if len(kept) < len(entries) else slots
        self._move(cursor, moved)
        seqs = [self._last + 1 + k for k in range(len(slots))]
        if slots:
            rows = [
                (seq, pad(data, self._slot_bytes), seq % self._ring) for seq, (data, _) in zip(seqs, slots, strict=True)
            ]
            cursor.executemany("UPDATE log SET seq = ?, batch = ? WHERE slot = ?", rows)

        def committed() -> None:
            for room in moved:
                self._in_log.pop(room, None)
                self._since.pop(room, None)
            for seq, (_, slot) in zip(seqs, slots, strict=True):
                for room, first, actions in slot:
                    self._in_log.setdefault(room, (first, []))[1].extend(actions)
                    self._since.setdefault(room, seq)
            self._last = seqs[-1] if seqs else self._last

        return committed

    @staticmethod
    def _move(cursor: Cursor, moved: dict[int, tuple[int, list[str]]]) -> None:
        """Rooms' logged actions (by room: the first's number, them) into their rows, a row a room."""
        rows = [(room, first, "\n".join(actions)) for room, (first, actions) in moved.items() if actions]
        if rows:
            cursor.executemany("INSERT INTO actions (room, n, action) VALUES (?, ?, ?)", rows)

    def _read_log(self, cursor: Cursor) -> Iterator[Entry]:
        """Every entry of the log, oldest first (the log is read whole); a
        slot that cannot be read, or whose seq or batch is not of the values
        this store writes, is left out, and said (``set_aside``), and noted
        in ``_unread`` for the server to empty."""
        rows = cursor.execute("SELECT slot, seq, batch FROM log WHERE seq != 0").fetchall()
        for slot, seq, batch in sorted(rows, key=lambda row: row[1] if _whole_seq(row[1]) else 0):
            try:
                entries = decode(slot_bytes_of(seq, batch))
            except UnreadableSlot as error:
                self._set_aside.append(f"log slot {slot} could not be read ({error}): left out")
                self._unread.append(slot)
                continue
            yield from entries

    def set_aside(self) -> list[str]:
        return list(self._set_aside)

    def _move_the_log(self) -> None:
        """At open: every action a server left in the log (killed, say) into
        its room's rows (what the rows hold already is left out). The log is
        read whole, once; its slots are written over from the last one on."""
        with self._transaction() as cursor:
            self._name_untyped_rooms(cursor)
            rooms = {room for (room,) in cursor.execute("SELECT id FROM rooms")}
            logged: dict[int, list[str]] = {}
            counts: dict[int, int] = {}
            for room, first, actions in self._read_log(cursor):
                if room in rooms:  # (not a room removed since)
                    try:
                        if room not in counts:
                            counts[room] = self._count(room)
                    except StoreError as error:  # (rows this store did not write: kept aside when asked for)
                        self._set_aside.append(f"the log's entries of room {room} were left out: {error}")
                        rooms.discard(room)
                        continue
                    try:
                        follow(logged.setdefault(room, []), counts[room], first, actions)
                    except ValueError as error:  # (an entry this store did not write)
                        self._set_aside.append(f"a log entry of room {room} was left out: {error}")
            self._move(cursor, {room: (counts[room], actions) for room, actions in logged.items()})
            self._slot_bytes = slot_bytes(self.db)
            self._lay_the_log(cursor)
            self._last = cursor.execute("SELECT coalesce(max(seq), 0) FROM log").fetchone()[0]
            self._ring = cursor.execute("SELECT count(*) FROM log").fetchone()[0]
        self._next_move = self._last + MOVE_EVERY

    def _name_untyped_rooms(self, cursor: Cursor) -> None:
        """At open: a room whose name is not text (SQLite keeps whatever it is
        given) can be asked for by nobody: renamed aside, with why, as a room
        that cannot be read is (``keep_aside``)."""
        rows = cursor.execute("SELECT id, typeof(name) FROM rooms WHERE typeof(name) != 'text'").fetchall()
        for room, kind in rows:
            aside = f"room {room}.unreadable"
            cursor.execute("UPDATE rooms SET name = ? WHERE id = ?", (aside, room))
            self._set_aside.append(f"room {room}'s name is not text but {kind}: kept as {aside!r}")

    def _lay_the_log(self, cursor: Cursor) -> None:
        """At open, once its entries are in their rooms' rows: the slots that
        could not be read emptied (so that they are said once), and a log whose
        slots are not numbered 0 to N - 1 laid anew (a write finds its slot by
        its seq), so that every write after is kept."""
        empty = bytes(self._slot_bytes)
        cursor.executemany("UPDATE log SET seq = 0, batch = ? WHERE slot = ?", [(empty, s) for s in self._unread])
        self._unread.clear()
        slots = [slot for (slot,) in cursor.execute("SELECT slot FROM log ORDER BY slot").fetchall()]
        if slots != list(range(len(slots))) or not slots:
            self._set_aside.append(f"the log's {len(slots)} slots were not numbered from 0 on: laid anew")
            cursor.execute("DELETE FROM log")
            cursor.executemany("INSERT INTO log (slot, seq, batch) VALUES (?, 0, ?)", ((n, empty) for n in range(RING)))

    def _count(self, room: int) -> int:
        return super()._count(room) + len(self._in_log.get(room, (0, []))[1])

    def _logged(self, room: int, count: int) -> list[str]:
        if self.server:  # (this server wrote them)
            return list(self._in_log.get(room, (0, []))[1])
        logged: list[str] = []  # a reader's: the log is read whole
        if self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'log'").fetchone() is None:
            return logged  # (a database of the store before the log)
        for logged_room, first, actions in self._read_log(self.db):
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
        """The room is put away: its logged actions into its rows, and nothing
        of it kept in memory (45,000 rooms released kept 10.5 MB)."""
        held = self._held.get(name)
        if held is not None and held[0] in self._in_log:
            self.move([held[0]])
        self._held.pop(name, None)

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
        """Every logged action into its room's rows first (the next server
        need not read the log)."""
        if self.server and getattr(self, "db", None) is not None and self._ring:
            with contextlib.suppress(StoreError):
                self.move(list(self._in_log))
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


def entry_text(room: int, first: int, actions: Sequence[str]) -> str:
    """A room's entry in a slot: ``ID FIRST COUNT``, then its actions, one a line."""
    return "\n".join([f"{room} {first} {len(actions)}", *actions])


def squeeze(text: str) -> bytes:
    """A slot's entries as it keeps them: compressed (zlib's fastest: 1.8
    times smaller, so that a commit's actions most often take one slot)."""
    return zlib.compress(text.encode(), 1)


def fits(text: str, size: int) -> bool:
    """An entry fits a slot (compressed only when it might not)."""
    return len(text) <= size or len(squeeze(text)) <= size


def pack(entries: list[Entry], size: int) -> list[tuple[bytes, list[Entry]]]:
    """The entries in as few slots as hold them, in order, most often one:
    each slot's bytes and entries (each entry fits a slot: ``_append``)."""
    parts = 1
    while entries:
        step = -(-len(entries) // parts)
        groups = [entries[k : k + step] for k in range(0, len(entries), step)]
        slots = [(squeeze("\n".join(entry_text(*entry) for entry in group)), group) for group in groups]
        if all(len(data) <= size for data, _ in slots) or step == 1:
            return slots
        parts = min(len(entries), max(parts + 1, parts * max(len(data) for data, _ in slots) // size + 1))
    return []


def pad(data: bytes, size: int) -> bytes:
    """A slot's bytes: always ``size``, so that a slot is written over in
    its page, never moved (SQLite keeps a row of the same size in place)."""
    return data + bytes(size - len(data))


class UnreadableSlot(ValueError):
    """A log slot that this store did not write as it is: why."""


MOST_SLOT_TEXT = 1 << 20  # bytes a slot may unpack to: a slot is a page; a 300 KB zlib bomb took 2.8 GB
MOST_SEQ = 2**62  # a slot's seq at most: at 50 commits a second, 2.9 billion years; the next ones fit SQLite's integers


def _whole_seq(seq: object) -> bool:
    return isinstance(seq, int) and 0 < seq <= MOST_SEQ


def slot_bytes_of(seq: object, batch: object) -> bytes:
    """A slot's batch, if its seq and batch are of the values this store
    writes (a whole number from 1 to ``MOST_SEQ``, bytes); UnreadableSlot, why not."""
    if not _whole_seq(seq):
        raise UnreadableSlot(f"its seq is not a whole number from 1 to 2**62: {str(seq)[:40]!r}")
    if not isinstance(batch, bytes):
        raise UnreadableSlot(f"its batch is not bytes but {type(batch).__name__}")
    return batch


def decode(data: bytes) -> list[Entry]:
    """A slot's entries (the zeros after its compressed text are left);
    UnreadableSlot for bytes this store did not write (not zlib, unpacking
    past ``MOST_SLOT_TEXT``, entries that are not entries)."""
    try:
        unpack = zlib.decompressobj()
        packed = unpack.decompress(data, MOST_SLOT_TEXT)
        if unpack.unconsumed_tail:
            raise UnreadableSlot(f"it unpacks to more than {MOST_SLOT_TEXT // 1024} KiB")
        text = packed.decode()
        lines, entries, k = text.split("\n") if text else [], [], 0
        while k < len(lines):
            room, first, count = map(int, lines[k].split())
            if count < 0 or k + 1 + count > len(lines):
                raise ValueError(f"an entry of {count} actions where {len(lines) - k - 1} lines are left")
            entries.append((room, first, lines[k + 1 : k + 1 + count]))
            k += 1 + count
        return entries
    except UnreadableSlot:
        raise
    except (zlib.error, UnicodeDecodeError, ValueError) as error:
        raise UnreadableSlot(f"{type(error).__name__}: {str(error)[:80]}") from None


def follow(logged: list[str], count: int, first: int, actions: list[str]) -> None:
    """Add to ``logged`` (a room's actions from the ``count``-th on) those of
    ``actions`` (from the ``first``-th) it lacks: the log may hold actions
    already in the room's rows. ValueError if they leave a gap."""
    have = count + len(logged)
    if first > have:
        raise ValueError(f"its logged actions are not numbered from {have} on (action {first})")
    logged += actions[have - first :]


def slot_bytes(db: sqlite3.Connection) -> int:
    """The bytes of one of the log's slots: a page's, less SQLite's headers."""
    return int(db.execute("PRAGMA page_size").fetchone()[0]) - SLOT_SPARE


def migrate(db: sqlite3.Connection) -> None:
    """Bring the database to this schema (``VERSION``). The store before the
    log (version 0) gets the log (``RING`` empty slots), its rooms' ids are
    never used again once removed (AUTOINCREMENT: the log names rooms by
    id), and its actions are kept in the order they were written
    (a rowid table, so that a room's run is added at its end, beside the
    other rooms' of the same moment, not amid the room's older rows)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > VERSION:
        raise StoreError(f"the database is of a newer table server (schema {version})")
    if version == VERSION:
        return
    schema = SCHEMA.format(id="INTEGER PRIMARY KEY AUTOINCREMENT", actions_options="")
    db.execute("BEGIN IMMEDIATE")
    try:
        old = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rooms'").fetchone()
        if old is not None:
            db.execute("DROP INDEX IF EXISTS rooms_unstarted")
            db.execute("ALTER TABLE rooms RENAME TO rooms_before_log")
            db.execute("ALTER TABLE actions RENAME TO actions_before_log")
        for statement in [*schema.split(";"), LOG]:
            if statement.strip():
                db.execute(statement)
        if old is not None:
            db.execute("INSERT INTO rooms SELECT id, name, state, started, over, changed, owner FROM rooms_before_log")
            db.execute("INSERT INTO actions SELECT room, n, action FROM actions_before_log ORDER BY room, n")
            db.execute("DROP TABLE rooms_before_log")
            db.execute("DROP TABLE actions_before_log")
        empty = bytes(slot_bytes(db))
        db.executemany("INSERT INTO log (slot, seq, batch) VALUES (?, 0, ?)", ((slot, empty) for slot in range(RING)))
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
    if it is a link, not a folder, another user's (in a shared folder such
    as /tmp, another user may make it first), or in a folder another user
    may change (``safe_place``)."""
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    info = folder.lstat()
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise StoreError(f"{folder} is a symbolic link or not a folder: give the folder itself")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise StoreError(
            f"{folder} belongs to another user (uid {info.st_uid}), who may have made it first: keep the rooms "
            f"in a folder of your own (--data-dir), in a folder only you can change, or have {folder} removed"
        )
    safe_place(folder)
    if stat.S_IMODE(info.st_mode) != PRIVATE_FOLDER:
        os.chmod(folder, PRIVATE_FOLDER)


def safe_place(folder: Path) -> None:
    """StoreError if a folder above ``folder`` may be changed by another
    user: one could rename the data folder away and put one of their own in
    its place (a folder another user owns, or one others may write in
    without the sticky bit: /tmp has it, so its folders are safe there).
    As OpenSSH asks of a user's home and ~/.ssh (StrictModes)."""
    if not hasattr(os, "getuid"):
        return  # (Windows: its folders' permissions are not these)
    for above in folder.resolve().parents:
        info = above.stat()
        writable = info.st_mode & stat.S_IWOTH or (info.st_mode & stat.S_IWGRP and info.st_gid != os.getgid())
        if info.st_uid not in (0, os.getuid()) or (writable and not info.st_mode & stat.S_ISVTX):
            raise StoreError(
                f"{above} may be changed by other users: one of them could rename {folder} away and put a "
                "folder of their own in its place. Keep the rooms in a folder only you (and root) can change, "
                "such as one in your home folder (--data-dir)"
            )


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
