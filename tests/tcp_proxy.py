"""A TCP proxy of the tests' own, on 127.0.0.1, put between a table server
and PostgreSQL to make the network between them what a test needs: a
delay each way (``delay``), a partition (``partition``: nothing goes
through either way, nothing is reset, as when a link goes down; what was
sent waits, and goes through once it is healed, as TCP's retransmissions
would carry it), or every connection cut (``drop``). It runs its own
event loop in a thread, touches nothing of the machine's network, and
stops with ``stop``."""

from __future__ import annotations

import asyncio
import contextlib
import threading

CHUNK = 65536


class TcpProxy:
    def __init__(self, target_port: int, delay: float = 0.0) -> None:
        """Listening on a free port of 127.0.0.1 (``port``), to ``target_port`` there."""
        self.target_port, self.delay = target_port, delay
        self.loop = asyncio.new_event_loop()
        self.flowing = asyncio.Event()  # cleared: partitioned
        self.flowing.set()
        self.writers: set[asyncio.StreamWriter] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.thread = threading.Thread(target=self.loop.run_forever, name="tcp proxy", daemon=True)
        self.thread.start()
        start = asyncio.start_server(self._accepted, "127.0.0.1", 0)
        self.server = asyncio.run_coroutine_threadsafe(start, self.loop).result(10)
        self.port: int = self.server.sockets[0].getsockname()[1]

    def partition(self) -> None:
        self.loop.call_soon_threadsafe(self.flowing.clear)

    def heal(self) -> None:
        self.loop.call_soon_threadsafe(self.flowing.set)

    def drop(self) -> None:
        """Every connection through the proxy closed now."""
        asyncio.run_coroutine_threadsafe(self._close_all(), self.loop).result(10)

    def stop(self) -> None:
        async def stop() -> None:
            self.server.close()
            await self._close_all()
            for task in list(self.tasks):
                task.cancel()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    async def _close_all(self) -> None:
        for writer in list(self.writers):
            writer.transport.abort()
        self.writers.clear()

    async def _accepted(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writers.add(writer)
        await self.flowing.wait()  # (a connection made during a partition waits for it to heal)
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self.writers.add(up_writer)
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.get_running_loop().create_task(self._carry(source, sink))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _carry(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        """One way of a connection: each piece read goes on ``delay`` seconds
        later, in order, and only while the proxy is not partitioned."""
        loop = asyncio.get_running_loop()
        pieces: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def send() -> None:
            with contextlib.suppress(OSError):
                while True:
                    due, data = await pieces.get()
                    if not data:
                        break
                    await asyncio.sleep(max(0.0, due - loop.time()))
                    await self.flowing.wait()
                    sink.write(data)
                    await sink.drain()
            sink.close()

        sending = loop.create_task(send())
        try:
            while True:
                await self.flowing.wait()
                data = await source.read(CHUNK)
                pieces.put_nowait((loop.time() + self.delay, data))
                if not data:
                    break
            await sending
        except (OSError, asyncio.CancelledError):
            sending.cancel()
            with contextlib.suppress(Exception):
                sink.transport.abort()
