"""The table server in the test's own process: a real ``Server`` on a free
port of 127.0.0.1 (``serving``), a client's first words to it (``hello``)
and waiting on a condition with a bound (``until``). Everything stops by
itself: the server after 30 s at most, a test's play after 20 s."""

from __future__ import annotations

import asyncio
import contextlib
import json

from websockets.asyncio.client import connect

from game.online import server as table_server


async def serving(data_dir, play, log=lambda text: None, **options):
    """``play(server, url)`` against a server keeping its rooms in
    ``data_dir`` (``options`` for its ``Server``); what it logs goes to ``log``."""
    server = table_server.Server(data_dir, log=log, **options)
    ready = asyncio.get_running_loop().create_future()
    running = asyncio.create_task(server.run("127.0.0.1", 0, stop_after=30, ready=ready.set_result))
    try:
        await asyncio.wait({ready, running}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():  # (it stopped before it served: its error, not a wait to the test's end)
            raise AssertionError("the server did not start") from running.exception() if running.done() else None
        return await asyncio.wait_for(play(server, ready.result()), 20)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def hello(url: str, message: dict, forwarded: str | None = None) -> dict:
    """Connect, say hello, and return the answer (a welcome or an error);
    then leave. ``forwarded``: an X-Forwarded-For header, as a proxy adds."""
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    async with connect(url, proxy=None, additional_headers=headers) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1, **message}))
        while True:
            answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if answer["type"] in ("welcome", "error"):
                return answer


async def until(condition, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")
