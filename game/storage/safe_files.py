"""Files that are never half-written and never written over by mistake.

``write_atomically`` writes a temporary file in the same directory, flushes
and fsyncs it, then renames it over the target (``os.replace``), so a crash
or a pulled plug leaves either the old file or the new one, never half of
one. ``keep_aside`` renames a file the game cannot use to a new name with a
timestamp, never over another file, so that nothing a player saved is lost.
In the browser, ``keep_item_aside`` does the same for a localStorage item,
and ``stored_text`` reads what ``getItem`` answered.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; OSError if it cannot."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, made = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    temp: str | None = made
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(made, path)
        temp = None
        sync_directory(path.parent)
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def sync_directory(directory: Path) -> None:
    """Make a rename itself durable where the OS allows (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def read_limited(path: Path, most: int, links: bool = True) -> bytes:
    """A regular file's bytes, checked before it is read: OSError for a
    folder, a pipe or a device (and, with ``links`` False, a symbolic link,
    never opened), ValueError for more than ``most`` bytes."""
    with open(path, "rb", opener=_open_no_wait if links else _open_no_wait_nor_follow) as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path.name} is not a regular file")
        if info.st_size > most:
            raise ValueError(f"{info.st_size // 1024} KiB, larger than {most // 1024} KiB")
        return file.read(most + 1)


def _open_no_wait(path: str, flags: int) -> int:
    """Open without blocking on a FIFO that no one writes to."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _open_no_wait_nor_follow(path: str, flags: int) -> int:
    """As ``_open_no_wait``, and a symbolic link is not followed (ELOOP)."""
    return _open_no_wait(path, flags | getattr(os, "O_NOFOLLOW", 0))


def timestamp(now: float | None = None) -> str:
    """20261201-003012: for the names of files kept aside."""
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now))


def keep_aside(path: Path, label: str) -> Path:
    """Rename ``path`` to ``path.LABEL-TIMESTAMP`` (with -2, -3... if that
    name is taken) and return the new path; OSError if it cannot."""
    stem = f"{path.name}.{label}-{timestamp()}"
    for number in range(1, 1000):
        aside = path.with_name(stem if number == 1 else f"{stem}-{number}")
        try:
            os.link(path, aside)  # fails if the name is taken: never over another file
        except FileExistsError:
            continue
        except OSError:
            if aside.exists():
                continue
            os.rename(path, aside)  # no hard links here (some file systems)
            return aside
        os.unlink(path)
        sync_directory(path.parent)
        return aside
    raise OSError(f"no free name to keep {path} aside")


LOCK_FILE = "uno1991.lock"
ALREADY_RUNNING = "UNO 1991 is already running with these files"
_locks: dict[Path, int] = {}  # held until the process ends (the system lets go even after SIGKILL)


def lock_folder(directory: Path) -> bool:
    """Lock ``directory`` for this process, so that a second copy of the
    game never saves over the first one's files: False if another process
    holds it. A folder where no lock can be made (read-only, say) is not
    locked: the stores say themselves what they cannot save."""
    directory = Path(directory)
    if directory in _locks:
        return True
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return True
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _locks[directory] = fd
    return True


def remove_stale_temporaries(directory: Path, prefix: str) -> None:
    """Remove what ``write_atomically`` left of files named ``prefix...``
    when a process was killed mid-write: never the only copy of anything
    (the file itself still holds the last whole write). Call it only while
    holding the folder's lock, when no other write can be under way."""
    with contextlib.suppress(OSError):
        for temporary in Path(directory).glob(f".{prefix}*.tmp"):
            with contextlib.suppress(OSError):
                temporary.unlink()


def stored_text(value: object) -> object:
    """What localStorage's ``getItem`` answered, as text or None for a
    missing key: Pyodide gives JavaScript's null as ``pyodide.ffi.jsnull``
    (not None), so a first run in the browser must not take it for data."""
    if value is None or type(value).__name__ == "JsNull":
        return None
    return value


def keep_item_aside(storage: Any, key: str, label: str = "unreadable") -> str:
    """Copy localStorage's item ``key`` to a new key ``KEY.LABEL-TIMESTAMP``
    (with -2, -3... if taken, never over another item); returns the new key."""
    stem = f"{key}.{label}-{timestamp()}"
    for number in range(1, 1000):
        aside = stem if number == 1 else f"{stem}-{number}"
        if stored_text(storage.getItem(aside)) is None:
            storage.setItem(aside, storage.getItem(key))
            return aside
    raise OSError(f"no free key to keep localStorage[{key!r}] aside")


def where_broken(error: Exception) -> str:
    """Where JSON text stopped making sense, briefly: " (at line 1, column 43)"."""
    if isinstance(error, json.JSONDecodeError):
        return f" (at line {error.lineno}, column {error.colno})"
    return ""
