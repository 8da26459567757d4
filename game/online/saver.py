"""The server's room files, written by a process of their own, many at once.

Every change to a room is saved before anyone is told of it (the room
waits on ``Saver.save``). Writing each file from a thread of the server's
own costs that thread the GIL five times a file (open, write, fsync,
close, rename), each a wait while the event loop runs Python: at a
thousand changes a second the files, not the rooms, were the server's
limit. So a writer process (``python -m game.online.saver FOLDER``, started
on the first save) takes the files in batches through a pipe: the changes
that arrive while a batch is being written make the next batch. Each file
is written to its spare, the spares are made durable at once (one
``syncfs``), each then changes places with its file (a crash leaves it old
or new: ``safe_files.write_many_atomically``), the folder is fsynced once a
batch, and only then does the writer answer and the batch's rooms go on,
all in one turn of the event loop. A writer whose server is gone (killed) writes no
further batch.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

from ..safe_files import write_many_atomically

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # where ``game`` is, for the writer process

Batch = dict[str, tuple[bytes, asyncio.Future]]


class Saver:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._waiting: Batch = {}
        self._pump: asyncio.Task | None = None
        self._process: asyncio.subprocess.Process | None = None

    async def save(self, name: str, data: bytes) -> None:
        """Write ``FOLDER/NAME.json``; returns once it is on the disk, or
        raises OSError. A room saves again only once this returned."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self._waiting[f"{name}.json"] = (data, done)
        if self._pump is None or self._pump.done():
            self._pump = loop.create_task(self._write_all())
        await done

    async def close(self) -> None:
        """Write what waits, then stop the writer."""
        if self._pump is not None:
            await self._pump
        if self._process is not None and self._process.returncode is None:
            self._process.stdin.close()
            await self._process.wait()

    async def _write_all(self) -> None:
        """Hand the writer what waits, a batch at a time, until nothing waits."""
        while self._waiting:
            await asyncio.sleep(0)  # this turn's other changes join the batch
            batch, self._waiting = self._waiting, {}
            try:
                failed = await self._write(batch)
            except (OSError, ValueError) as error:  # the writer itself failed: so did the batch
                failed = dict.fromkeys(batch, OSError(f"the room writer failed: {error}"))
            _settle(batch, failed)

    async def _write(self, batch: Batch) -> dict[str, OSError]:
        process = await self._writer()
        process.stdin.write(encode_batch({name: data for name, (data, _) in batch.items()}))
        await process.stdin.drain()
        answer = await process.stdout.readline()
        if not answer:
            raise OSError(f"it stopped (exit code {await process.wait()})")
        return {name: OSError(reason) for name, reason in json.loads(answer).items()}

    async def _writer(self) -> asyncio.subprocess.Process:
        if self._process is None or self._process.returncode is not None:
            path = os.environ.get("PYTHONPATH")
            env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT) + (os.pathsep + path if path else "")}
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "game.online.saver",
                str(self.folder),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env=env,
            )
        return self._process


def _settle(batch: Batch, failed: dict[str, OSError]) -> None:
    for name, (_, done) in batch.items():
        if done.done():  # the room's task was cancelled
            continue
        error = failed.get(name)
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)


# ----- the pipe between the server and its writer -------------------------------


def encode_batch(files: dict[str, bytes]) -> bytes:
    """``COUNT\\n``, then for each file ``NAME\\nSIZE\\n`` and its bytes (a
    room file's name is letters, digits, - and _, and .json)."""
    parts = [b"%d\n" % len(files)]
    for name, data in files.items():
        parts += [name.encode(), b"\n%d\n" % len(data), data]
    return b"".join(parts)


def read_batch(source) -> dict[str, bytes] | None:
    """The next batch from a binary stream, or None at its end."""
    count = source.readline()
    if not count:
        return None
    files = {}
    for _ in range(int(count)):
        name = source.readline().decode().rstrip("\n")
        size = int(source.readline())
        data = source.read(size)
        if len(data) != size:
            return None  # the server went away mid-batch: none of it is written
        files[name] = data
    return files


def main(argv: list[str] | None = None) -> int:
    """The writer process: batches on stdin, one JSON line on stdout for
    each once it is written (the files that failed, with the reason)."""
    folder = Path((sys.argv[1:] if argv is None else argv)[0])
    for sig in (signal.SIGINT, signal.SIGTERM):  # the server stops it, once all is written
        signal.signal(sig, signal.SIG_IGN)
    server = os.getppid()
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while (batch := read_batch(source)) is not None and os.getppid() == server:
        failed = write_many_atomically(folder, batch)
        sink.write(json.dumps({name: str(error) for name, error in failed.items()}).encode() + b"\n")
        sink.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
