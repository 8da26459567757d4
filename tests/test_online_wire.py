"""The table server's WebSocket layer (``game.online.wire``) as clients see
it: a message in pieces is taken whole, text that is not UTF-8 and a
client that never greets are closed with their reason, the server's stop
closes every connection with 1001, and the wire's own client side (the
benchmark's bots) joins a room."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import struct

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.uri import parse_uri

from game.online import server as table_server
from game.online import server_conn, wire

HELLO = {"type": "hello", "version": 1, "name": "ANN", "table": {"players": 2}}


async def with_server(play, said=None, errors=None, **options):
    """Run ``play(url)`` against an in-process server on a free port
    (``options`` for its ``Server``); what it logs goes to ``said``, what
    the event loop reports as an error in a callback to ``errors``."""
    said = [] if said is None else said
    errors = [] if errors is None else errors
    server = table_server.Server(None, log=said.append, **options)
    asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context["message"]))
    ready = asyncio.get_running_loop().create_future()
    running = asyncio.create_task(server.run("127.0.0.1", 0, stop_after=30, ready=ready.set_result))
    try:
        return await asyncio.wait_for(play(await ready), 20)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def next_message(ws, kind: str) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 5))
        if message["type"] == kind:
            return message


def test_a_message_sent_in_pieces_is_taken_whole():
    async def play(url):
        async with connect(f"{url}/pieces", proxy=None) as ws:
            await ws.send(json.dumps(HELLO))
            await next_message(ws, "welcome")
            await ws.send(['{"type": "ping", ', '"id": ', '"whole"}'])  # three frames
            return (await next_message(ws, "pong"))["id"]

    assert asyncio.run(with_server(play)) == "whole"


async def open_tcp(url: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A plain TCP connection to the server of ``url``."""
    uri = parse_uri(url)
    return await asyncio.open_connection(uri.host, uri.port)


def upgrade_request(url: str, path: str) -> bytes:
    """The opening handshake's request, as a client sends it."""
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET {path} HTTP/1.1\r\nHost: {parse_uri(url).host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


async def raw_websocket(url: str, path: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket opened by hand, for frames no library would send."""
    reader, writer = await open_tcp(url)
    writer.write(upgrade_request(url, path))
    assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
    return reader, writer


def masked_frame(payload: bytes, opcode: int = 0x1, fin: bool = True) -> bytes:
    head = (0x80 if fin else 0) | opcode
    return struct.pack("!BB", head, 0x80 | len(payload)) + b"\0\0\0\0" + payload  # a zero mask


CLOSE_FRAME = masked_frame(struct.pack("!H", 1000), opcode=0x8)


async def close_code(reader: asyncio.StreamReader) -> tuple[int, str]:
    """The code and reason of the server's close frame."""
    while True:
        head = await asyncio.wait_for(reader.readexactly(2), 5)
        size = head[1] & 0x7F
        if size > 125:
            (size,) = struct.unpack("!H" if size == 126 else "!Q", await reader.readexactly(2 if size == 126 else 8))
        payload = await reader.readexactly(size)
        if head[0] & 0x0F == 0x8:
            return struct.unpack("!H", payload[:2])[0], payload[2:].decode()


async def closed_and_the_server_goes_on(url: str, path: str, writes: list[bytes]) -> tuple[tuple[int, str], int]:
    """Send ``writes`` on a WebSocket opened by hand at ``path``: the code and
    reason the server closes it with, and the seat a new client then gets."""
    reader, writer = await raw_websocket(url, path)
    with contextlib.suppress(ConnectionError):
        for data in writes:
            writer.write(data)
            await writer.drain()
    closed = await close_code(reader)
    writer.close()
    async with connect(f"{url}{path}", proxy=None) as ws:
        await ws.send(json.dumps(HELLO))
        return closed, (await next_message(ws, "welcome"))["seat"]


def test_text_that_is_not_utf8_closes_that_connection_with_1007():
    async def play(url):
        return await closed_and_the_server_goes_on(url, "/utf8", [masked_frame(b'{"type": "hello", "name": "\xff"}')])

    (code, _reason), seat = asyncio.run(with_server(play))
    assert (code, seat) == (1007, 0)


def test_a_client_that_never_says_hello_is_closed(monkeypatch):
    monkeypatch.setattr(server_conn, "HELLO_TIMEOUT", 0.3)

    async def play(url):
        reader, writer = await raw_websocket(url, "/quiet")
        closed = await close_code(reader)
        writer.close()
        silent_reader, silent_writer = await open_tcp(url)  # no handshake at all
        cut = await asyncio.wait_for(silent_reader.read(), 5)
        silent_writer.close()
        return closed, cut

    assert asyncio.run(with_server(play)) == ((1008, "no hello"), b"")


@pytest.mark.slow
def test_stopping_the_server_closes_every_connection_with_1001():
    async def run():
        server = table_server.Server(None, log=lambda text: None)
        ready = asyncio.get_running_loop().create_future()
        running = asyncio.create_task(server.run("127.0.0.1", 0, stop_after=1.0, ready=ready.set_result))
        url = await ready
        async with connect(f"{url}/stop", proxy=None) as ws:
            await ws.send(json.dumps(HELLO))
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
        await asyncio.wait_for(running, 5)
        return ws.close_code, ws.close_reason

    assert asyncio.run(run()) == (1001, "the server is stopping")


def test_the_wires_client_side_joins_a_room():
    class Seat(wire.ClientConnection):
        def __init__(self, url):
            super().__init__(url)
            self.messages = asyncio.Queue()

        def opened(self):
            self.send_text(json.dumps(HELLO))

        def received(self, message):
            self.messages.put_nowait(json.loads(message))

    async def play(url):
        uri = parse_uri(url)
        loop = asyncio.get_running_loop()
        _transport, seat = await loop.create_connection(lambda: Seat(f"{url}/bots"), uri.host, uri.port)
        welcome = await asyncio.wait_for(seat.messages.get(), 5)
        seat.close()
        return seat.path, welcome["type"], welcome["room"]

    assert asyncio.run(with_server(play)) == ("/bots", "welcome", "bots")


def test_a_message_that_comes_with_the_close_is_still_taken():
    async def play(url):
        reader, writer = await raw_websocket(url, "/last")
        hello = json.dumps({**HELLO, "name": "LAST"}).encode()
        writer.write(masked_frame(hello) + CLOSE_FRAME)  # one write: the server reads both at once
        await close_code(reader)
        writer.close()
        async with connect(f"{url}/last", proxy=None) as ws:
            await ws.send(json.dumps({**HELLO, "name": "NEXT"}))
            return [seat["name"] for seat in (await next_message(ws, "welcome"))["seats"]]

    assert asyncio.run(with_server(play)) == ["LAST", "NEXT"]


def test_a_close_frame_sent_with_the_handshake_is_no_error():
    errors = []

    async def play(url):
        reader, writer = await open_tcp(url)
        writer.write(upgrade_request(url, "/early") + CLOSE_FRAME)
        await asyncio.wait_for(reader.read(), 5)  # the server ends it
        writer.close()
        async with connect(f"{url}/early", proxy=None) as ws:  # and goes on
            await ws.send(json.dumps(HELLO))
            return (await next_message(ws, "welcome"))["seat"]

    assert asyncio.run(with_server(play, errors=errors)) == 0
    assert errors == []


def test_a_flood_of_pings_that_reads_no_pong_is_dropped():
    said = []

    async def play(url):
        _reader, writer = await raw_websocket(url, "/pings")
        writer.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        ping = masked_frame(b"p" * 125, opcode=0x9)
        with contextlib.suppress(ConnectionError):
            for _ in range(100):  # 5 MB of pongs to send back at most, never read
                writer.write(ping * 400)
                await writer.drain()
                if any("does not read" in line for line in said):
                    break
        writer.close()
        return any("does not read" in line for line in said)

    assert asyncio.run(with_server(play, said, rate=1e6))  # (at the usual rate, the rate limit closes it first)


def test_a_message_in_endless_empty_pieces_is_closed_with_1009():
    """A text frame with fin=0, then empty continuation frames for ever:
    websockets' size limit never trips (no bytes), the pieces are counted."""

    async def play(url):
        empty = masked_frame(b"", opcode=0x0, fin=False)
        writes = [masked_frame(b'{"type": "hello", ', fin=False)] + [empty * 50] * 20
        return await closed_and_the_server_goes_on(url, "/pieces", writes)

    (code, reason), seat = asyncio.run(with_server(play))
    assert (code, seat) == (1009, 0)
    assert reason == f"a message in more than {wire.MAX_FRAMES} frames"


@pytest.mark.slow
def test_each_piece_of_a_message_counts_against_the_rate():
    async def play(url):
        async with connect(f"{url}/rate", proxy=None) as ws:
            await ws.send(json.dumps(HELLO))
            await next_message(ws, "welcome")
            for n in range(40):  # 40 messages, 120 frames: the burst is 60
                await ws.send(['{"type": "ping", ', '"id": ', f"{n}}}"])
            await ws.send(json.dumps({"type": "ping", "id": "last"}))
            kinds = []
            with contextlib.suppress(TimeoutError):
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 1))
                    kinds.append(message.get("reason") or message.get("id"))
            return kinds

    kinds = asyncio.run(with_server(play))
    assert any("too many messages" in str(kind) for kind in kinds), kinds
    assert len([kind for kind in kinds if isinstance(kind, int)]) < 40


def test_a_flood_of_pings_that_reads_its_pongs_is_cut_off():
    async def play(url):
        reader, writer = await raw_websocket(url, "/pings")
        writer.write(masked_frame(json.dumps(HELLO).encode()))
        with contextlib.suppress(ConnectionError):
            for _ in range(10):
                writer.write(masked_frame(b"p", opcode=0x9) * 50)
                await writer.drain()
        closed = await close_code(reader)  # (pongs and the welcome before it are read and skipped)
        writer.close()
        return closed

    assert asyncio.run(with_server(play)) == (1008, "too many messages")
