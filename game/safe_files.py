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
import errno
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; OSError if it cannot."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
        temp = None
        sync_directory(path.parent)
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def write_many_atomically(directory: Path, files: dict[str, bytes]) -> dict[str, OSError]:
    """Replace each ``directory/NAME`` with its bytes, as ``write_atomically``
    does, in one go, for a folder that only this process writes (the table
    server's rooms). Each file's bytes go to its spare, ``.NAME.spare``;
    the spares are made durable (on Linux by one ``syncfs`` of the folder's
    file system, "like fsync, but for every file of that file system", man 2
    syncfs; elsewhere an fsync each); then each spare changes places with
    its file in one step (Linux's ``renameat2`` RENAME_EXCHANGE: the old
    version is the next spare, so no file is made or freed, a fifth of the
    cost here; a rename elsewhere), and the folder is fsynced once for all.
    A crash leaves each file old or new, never half. Returns the names that
    could not be written, with their error."""
    directory.mkdir(parents=True, exist_ok=True)
    failed: dict[str, OSError] = {}
    spares: dict[str, Path] = {}
    one_sync = _syncfs is not None
    for name, data in files.items():
        spare = directory / f".{name}.spare"
        try:
            _write_in_place(spare, data, fsync=not one_sync)
            spares[name] = spare
        except OSError as error:
            failed[name] = error
    if one_sync and spares:
        try:
            _sync_file_system(directory)
        except OSError as error:
            failed.update(dict.fromkeys(spares, error))
            spares = {}
    for name, spare in spares.items():
        try:
            _swap(spare, directory / name)
        except OSError as error:
            failed[name] = error
    if len(failed) < len(files):
        sync_directory(directory)
    return failed


def write_fully(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` (``os.write`` may write less)."""
    rest = memoryview(data)
    while rest:
        rest = rest[os.write(fd, rest) :]


def _write_in_place(path: Path, data: bytes, fsync: bool) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)  # from its start
    try:
        write_fully(fd, data)
        os.ftruncate(fd, len(data))
        if fsync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _swap(spare: Path, path: Path) -> None:
    """``path`` becomes ``spare``'s file, and ``spare`` the old one, at once."""
    if _renameat2 is not None:
        if _renameat2(AT_FDCWD, os.fsencode(spare), AT_FDCWD, os.fsencode(path), RENAME_EXCHANGE) == 0:
            return
        number = _libc_errno()
        if number not in (errno.ENOENT, errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise OSError(number, os.strerror(number), str(path))
    os.replace(spare, path)  # the first time, or a file system that cannot exchange


AT_FDCWD = -100
RENAME_EXCHANGE = 2


def _libc(name: str, *types: str):
    """A function of Linux's C library that the os module does not offer
    (its arguments' types named as in ctypes); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        function = getattr(ctypes.CDLL(None, use_errno=True), name)
    except (OSError, AttributeError):
        return None
    function.argtypes = [getattr(ctypes, kind) for kind in types]
    return function


def _libc_errno() -> int:
    import ctypes

    return ctypes.get_errno()


_syncfs = _libc("syncfs", "c_int")
_renameat2 = _libc("renameat2", "c_int", "c_char_p", "c_int", "c_char_p", "c_uint")


def _sync_file_system(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        if _syncfs(fd) != 0:
            number = _libc_errno()
            raise OSError(number, os.strerror(number), str(directory))
    finally:
        os.close(fd)


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
        if os.name == "nt":
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


def held_lock(directory: Path) -> int | None:
    """The descriptor of ``directory``'s lock if this process holds it: a
    child process given it (``pass_fds``) holds the lock as long as it lives."""
    return _locks.get(Path(directory))


def remove_stale_temporaries(directory: Path, prefix: str) -> None:
    """Remove what ``write_atomically`` left of files named ``prefix...``
    when a process was killed mid-write: never the only copy of anything
    (the file itself still holds the last whole write). Call it only while
    holding the folder's lock, when no other write can be under way."""
    with contextlib.suppress(OSError):
        for temporary in Path(directory).glob(f".{prefix}*.tmp"):
            with contextlib.suppress(OSError):
                temporary.unlink()


def stored_text(value):
    """What localStorage's ``getItem`` answered, as text or None for a
    missing key: Pyodide gives JavaScript's null as ``pyodide.ffi.jsnull``
    (not None), so a first run in the browser must not take it for data."""
    if value is None or type(value).__name__ == "JsNull":
        return None
    return value


def keep_item_aside(storage, key: str, label: str = "unreadable") -> str:
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
