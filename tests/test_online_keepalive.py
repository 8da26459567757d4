"""The server's one keepalive timer: a client that answers pings keeps its
connection, one that answers none is closed with 1011."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online import server as table_server
from game.online import server_conn


@pytest.mark.slow
def test_a_client_that_answers_no_ping_is_closed(monkeypatch):
    monkeypatch.setattr(server_conn, "PING_EVERY", 0.4)
    monkeypatch.setattr(server_conn, "PING_SLICES", 4)

    async def run():
        server = table_server.Server(None, log=lambda text: None)
        ready = asyncio.get_running_loop().create_future()
        running = asyncio.create_task(server.run("127.0.0.1", 0, stop_after=20, ready=ready.set_result))
        url = await ready
        async with connect(f"{url}/ka", ping_interval=None) as good, connect(f"{url}/ka", ping_interval=None) as mute:
            await good.send('{"type": "hello", "version": 1, "name": "A", "table": {"players": 2}}')
            await mute.send('{"type": "hello", "version": 1, "name": "B"}')
            mute.transport.pause_reading()  # reads nothing more, so answers no ping
            reader = asyncio.create_task(_read_all(good))
            await asyncio.sleep(2.0)  # five pings of each
            mute.transport.resume_reading()
            await asyncio.wait_for(_read_all(mute), 10)
            still_open = not reader.done()
            reader.cancel()
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        return still_open, mute.close_code, mute.close_reason

    assert asyncio.run(run()) == (True, 1011, "keepalive ping timeout")


async def _read_all(ws) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass
