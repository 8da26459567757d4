"""Files that are never half-written and never written over by mistake.

``write_atomically`` writes a temporary file in the same directory, flushes
and fsyncs it, then renames it over the target (``os.replace``), so a crash
or a pulled plug leaves either the old file or the new one, never half of
one. ``keep_aside`` renames a file the game cannot use to a new name with a
timestamp, never over another file, so that nothing a player saved is lost.
"""

from __future__ import annotations

import contextlib
import os
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
