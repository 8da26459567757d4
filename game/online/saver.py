"""The server's room files, written by a thread of their own, many at once.

Every change to a room is saved before anyone is told of it (the room
waits on ``save``). Saving each file on its own, a thread from the pool
for each, costs the event loop a future and a thread hand-over per
change, and the disk a folder fsync per file: at a thousand changes a
second that is the server's limit. Here the changes that arrive while a
batch is being written make the next batch: each file is still written to
a temporary file, fsynced and renamed over the old one (a crash leaves it
old or new), the folder is fsynced once for the batch, and only then are
the batch's rooms told that they are saved, all in one call into the loop.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from ..safe_files import write_many_atomically


class Saver:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._waiting: dict[str, tuple[bytes, asyncio.Future]] = {}
        self._wake = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None

    async def save(self, name: str, data: bytes) -> None:
        """Write ``FOLDER/NAME.json``; returns once it is on the disk, or
        raises its OSError. A room saves again only once this returned."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        with self._wake:
            if self._closed:
                raise OSError("the server is stopping: the room was not saved")
            self._waiting[f"{name}.json"] = (data, done)
            self._wake.notify()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, args=(loop,), name="room files", daemon=True)
            self._thread.start()
        await done

    def close(self) -> None:
        """Write what waits, then stop the thread."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        if self._thread is not None:
            self._thread.join()

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            with self._wake:
                while not self._waiting and not self._closed:
                    self._wake.wait()
                batch, self._waiting = self._waiting, {}
            if not batch:
                return
            failed = write_many_atomically(self.folder, {name: data for name, (data, _) in batch.items()})
            try:
                loop.call_soon_threadsafe(_settle, batch, failed)
            except RuntimeError:  # the loop is closed: nobody waits any more
                return


def _settle(batch: dict[str, tuple[bytes, asyncio.Future]], failed: dict[str, OSError]) -> None:
    for name, (_, done) in batch.items():
        if done.done():  # the room's task was cancelled
            continue
        error = failed.get(name)
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)
