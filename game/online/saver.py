"""The server's room files: a journal before anyone is told, the files on
the disk a moment later, by a process of their own.

A room's new bytes are appended to a journal (``.journal-N``) at once, by
one write: once it returns they are the system's, and a killed server
(SIGKILL, at any moment) loses nothing of them. The journals are kept in
memory (``journal_folder``): they need to outlive the server's process, not
the machine. Waiting for the disk itself before each answer cost the
answers the disk's stalls (a flush here takes 2 ms at the median and up to
a second when the disk is busy, and a write to the disk while it flushes
waits too), so the files are made durable behind the play, by a writer
process (``python -m game.online.saver FOLDER``, started on the first save;
a thread of the server's own would hold the GIL for every file). The server
closes the journal it writes and hands it to the writer, which writes the
newest bytes of each file it holds: each file to its spare, the spares made
durable at once (one ``syncfs``), each then exchanged with its file, so a
pulled plug leaves every file old or new, never half
(``safe_files.write_many_atomically``), and loses at most the changes not
yet on the disk (a moment of play, never a match). Then it removes the
journal. The saves made meanwhile are the next journal. A server that
starts again first writes what a killed one's journals hold (``recover``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import signal
import stat
import sys
import time
import zlib
from pathlib import Path

from ..safe_files import held_lock, lock_folder, write_fully, write_many_atomically

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # where ``game`` is, for the writer process
JOURNAL = ".journal-"  # then its number: a later journal holds later bytes
MEMORY = Path("/dev/shm")  # a file system in memory, on Linux
LOCK_WAIT = 30.0  # seconds a starting server waits for a killed one's writer
ANSWER_LIMIT = 1 << 20  # bytes of the writer's answer line, at most (it names a few files)
RETRY_AFTER = 1.0  # seconds before journals that could not be written are tried again


class FolderError(Exception):
    """The rooms' folder cannot be used: the server cannot start."""


class Saver:
    def __init__(self, folder: Path, log=print, save_again=lambda names: None) -> None:
        """``save_again(names)``: save these rooms again, their journal gone."""
        self.folder = folder
        self.save_again = save_again
        self.journals = folder  # where the journals are written: in memory, once ``recover`` found it
        self.log = log
        self._journal: int | None = None  # the open journal's descriptor, once a save opened it
        self._number = 0  # the open journal's number
        self._journal_size = 0  # the bytes of whole entries in it
        self._closed: list[int] = []  # the numbers of the journals closed and not yet written, oldest first
        self._newest: dict[str, int] = {}  # the journal of each room's newest bytes, until it is put away
        self._pump: asyncio.Task | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._closing = False

    def recover(self) -> int:
        """Take the folder for this server, and write what the journals of a
        server that was killed hold into the files, on the disk, and remove
        them; before reading the files. Returns how many files they held;
        FolderError if the folder is another server's, or the files cannot
        be written (the journals are kept)."""
        self._lock()
        self.journals = journal_folder(self.folder)
        found = {*self.folder.glob(f"{JOURNAL}*"), *self.journals.glob(f"{JOURNAL}*")}
        journals = [str(path) for path in sorted(found, key=_journal_number)]
        files, failed, _gone = write_journals(self.folder, journals)
        if failed:
            name, error = next(iter(failed.items()))
            raise FolderError(f"{len(failed)} room files could not be written from the journal ({name}: {error})")
        self._number = max(map(_journal_number, found), default=0) + 1
        return files

    def _lock(self) -> None:
        """The folder's lock, held by this server and its writer: the writer
        of a killed server holds it until its journal is written (it would
        write over the files ``recover`` writes), a moment at most."""
        end = time.monotonic() + LOCK_WAIT
        while not lock_folder(self.folder):
            if time.monotonic() > end:
                raise FolderError(f"another table server is using {self.folder}")
            time.sleep(0.05)

    def save(self, name: str, data: bytes) -> None:
        """Keep ``data`` as ``FOLDER/NAME.json``: in the journal when this
        returns (or OSError), on the disk a moment later."""
        if self._journal is None:
            self.journals.mkdir(parents=True, exist_ok=True)
            self._journal = os.open(
                self._path(self._number), os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o644
            )
            self._journal_size = 0
        entry = journal_entry(f"{name}.json", data)
        self._newest[name] = self._number
        try:
            write_fully(self._journal, entry)
        except OSError:
            os.ftruncate(self._journal, self._journal_size)  # no half entry, before which later ones would be lost
            os.lseek(self._journal, self._journal_size, os.SEEK_SET)
            raise
        self._journal_size += len(entry)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.get_running_loop().create_task(self._write_journals())

    def on_disk(self, name: str) -> bool:
        """Whether the room's file holds its newest bytes (none wait in a journal)."""
        waiting = self._closed[0] if self._closed else self._number if self._journal is not None else None
        newest = self._newest.get(name)
        return newest is None or waiting is None or newest < waiting

    def forget(self, name: str) -> None:
        """The room is put away: on the disk, it is read from its file again."""
        self._newest.pop(name, None)

    async def close(self) -> None:
        """Write what waits, then stop the writer. Journals that fail now
        are left for the next start."""
        self._closing = True
        if self._pump is not None:
            await self._pump
        if self._process is not None and self._process.returncode is None:
            self._process.stdin.close()
            await self._process.wait()
        if self.journals != self.folder:
            with contextlib.suppress(OSError):
                self.journals.rmdir()  # if nothing is left in it

    async def _write_journals(self) -> None:
        """Hand the writer the journal being written, one at a time, until
        every save is on the disk."""
        while self._journal is not None or self._closed:
            await asyncio.sleep(0)  # this turn's other saves join the journal
            if self._journal is not None:
                self._close_journal()
            try:
                failed, reason, gone = await self._write([str(self._path(number)) for number in self._closed])
            except (OSError, ValueError) as error:  # the writer itself failed: so did the journals
                self._stop_writer()  # (its answers may be out of step: the next turn starts another)
                failed, reason, gone = 1, f"the room writer failed: {error}", []
            if gone:
                self._journals_gone(gone)
            if not failed:  # the writer has removed them
                self._closed = []
                continue
            self.log(f"{failed} room files could not be written ({reason}): kept in the journal")
            if self._closing:
                return
            await asyncio.sleep(RETRY_AFTER)  # then these journals again, and the next

    def _close_journal(self) -> None:
        os.close(self._journal)
        self._journal = None
        self._closed.append(self._number)
        self._number += 1

    def _path(self, number: int) -> Path:
        return self.journals / f"{JOURNAL}{number}"

    def _journals_gone(self, journals: list[str]) -> None:
        """Journals the writer did not find: written and removed by a writer
        that died before it answered, or removed by the system (a folder in
        memory is not always kept: a container's, or a user's at logout
        with systemd's RemoveIPC). Their rooms are saved again from what
        the server holds."""
        numbers = {_journal_number(Path(journal)) for journal in journals}
        names = [name for name, number in self._newest.items() if number in numbers]
        self.log(f"{len(journals)} journals were gone: {len(names)} rooms saved again")
        self.save_again(names)

    async def _write(self, journals: list[str]) -> tuple[int, str, list[str]]:
        """The writer's answer: how many files failed, the first reason, and the journals that were gone."""
        process = await self._writer()
        process.stdin.write(json.dumps(journals).encode() + b"\n")
        await process.stdin.drain()
        answer = await process.stdout.readline()
        if not answer:
            raise OSError(f"it stopped (exit code {await process.wait()})")
        answer = json.loads(answer)
        return answer["failed"], answer["reason"], answer["gone"]

    def _stop_writer(self) -> None:
        if self._process is not None and self._process.returncode is None:
            self._process.kill()
        self._process = None

    async def _writer(self) -> asyncio.subprocess.Process:
        if self._process is None or self._process.returncode is not None:
            path = os.environ.get("PYTHONPATH")
            env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT) + (os.pathsep + path if path else "")}
            lock = held_lock(self.folder) if os.name == "posix" else None
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "game.online.saver",
                str(self.folder),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env=env,
                limit=ANSWER_LIMIT,
                **({} if lock is None else {"pass_fds": (lock,)}),  # it holds the folder's lock too
            )
        return self._process


def journal_folder(rooms: Path) -> Path:
    """Where a rooms folder's journals are written: in memory
    (``/dev/shm/uno1991-journal-KEY``, made for this user alone) where the
    system has such a folder, else beside the rooms."""
    if not MEMORY.is_dir():
        return rooms
    key = hashlib.sha256(os.fsencode(rooms.resolve())).hexdigest()[:16]
    folder = MEMORY / f"uno1991-journal-{key}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return rooms
    if stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and os.access(folder, os.W_OK):
        return folder
    return rooms  # another user's, or not a folder: not ours to write in


def _journal_number(path: Path) -> int:
    suffix = path.name.removeprefix(JOURNAL)
    return int(suffix) if suffix.isdigit() else -1


# ----- the journals ---------------------------------------------------------------


def journal_entry(file: str, data: bytes) -> bytes:
    """``SIZE CRC32\\n``, then ``FILE\\n`` and the file's bytes (SIZE of
    them both): an entry cut short, or not all written, is seen as such."""
    body = file.encode() + b"\n" + data
    return b"%d %08x\n" % (len(body), zlib.crc32(body)) + body


def read_journal(journal: bytes) -> dict[str, bytes]:
    """The newest bytes of each file a journal holds, up to the first entry
    that is not whole (the server was killed as it wrote it: it had told
    no one of it)."""
    files: dict[str, bytes] = {}
    at = 0
    while (end := journal.find(b"\n", at)) != -1:
        try:
            size, crc = (int(field, base) for field, base in zip(journal[at:end].split(b" "), (10, 16), strict=True))
        except ValueError:
            break
        body = journal[end + 1 : end + 1 + size]
        if len(body) != size or zlib.crc32(body) != crc or b"\n" not in body:
            break
        file, data = body.split(b"\n", 1)
        files[file.decode()] = data
        at = end + 1 + size
    return files


def write_journals(folder: Path, journals: list[str]) -> tuple[int, dict[str, str], list[str]]:
    """Write the newest bytes of each file the journals hold (oldest
    first) into ``folder``, on the disk, then remove the journals, oldest
    first: those left are always the newest (an older one left alone would
    take a file back at the next start). Returns how many files they held;
    those that failed (or the journal that could not be read or removed),
    with the reason, in which case no journal is removed; and the journals
    that were gone."""
    files: dict[str, bytes] = {}
    gone = []
    for journal in journals:
        try:
            files.update(read_journal(Path(journal).read_bytes()))
        except FileNotFoundError:
            gone.append(journal)
        except OSError as error:
            return 0, {journal: str(error)}, gone
    failed = write_many_atomically(folder, files) if files else {}
    if failed:
        return len(files), {name: str(error) for name, error in failed.items()}, gone
    for journal in journals:
        try:
            Path(journal).unlink(missing_ok=True)
        except OSError as error:
            return len(files), {journal: str(error)}, gone
    return len(files), {}, gone


def main(argv: list[str] | None = None) -> int:
    """The writer process: on each line of stdin the journals to write (a
    JSON list), and one JSON line on stdout once they are written: how many
    files failed, the first reason, and the journals that were gone."""
    folder = Path((sys.argv[1:] if argv is None else argv)[0])
    for sig in (signal.SIGINT, signal.SIGTERM):  # the server stops it, once all is written
        signal.signal(sig, signal.SIG_IGN)
    server = os.getppid()
    for line in sys.stdin.buffer:
        if not line.endswith(b"\n") or os.getppid() != server:
            break  # the server went away mid-line, or before: the next one writes what is left
        _count, failed, gone = write_journals(folder, json.loads(line))
        reason = next((f"{name}: {error}" for name, error in failed.items()), "")
        answer = {"failed": len(failed), "reason": reason[:500], "gone": gone}
        sys.stdout.buffer.write(json.dumps(answer).encode() + b"\n")
        sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
