"""The table server's WebSocket connections: asyncio protocols on the
Sans-I/O core of ``websockets`` (``websockets.server.ServerProtocol``,
and ``ClientProtocol`` for the benchmark's bots).

``websockets`` does the WebSocket itself: the opening handshake, frames,
masks, the size limit, the closing handshake, answering pings. This
module only carries bytes between it and asyncio's transport, in the
event loop's own callbacks. ``websockets.asyncio.server`` does the same
and more: a task, a message queue and several futures for each
connection, so that a handler can ``await`` its messages. The table
server answers each message as it arrives and needs none of that, and at
4,000 connections it was most of the server's memory: 11.6 KB a
connection, measured with tracemalloc; here, 4 KB (``docs/online.md``).

A subclass of ``ServerConnection`` or ``ClientConnection`` says what a
connection is for: ``refuse(request)`` at the server's handshake, then
``opened``, ``received`` for each message, ``lost`` at the end; it sends
with ``send_text``, ``ping`` and ``close``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from http import HTTPStatus
from typing import Generic, TypeVar, cast

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

CLOSE_TIMEOUT = 2.0  # seconds a closing connection has to answer before it is cut
SEND_BUFFER = 32768  # bytes of the kernel's send buffer: a client that does not read is found out soon
CLOSE_REASON = 120  # bytes of a close frame's reason (the frame holds 123)
WRITE_LIMIT = 262_144  # bytes waiting to be sent before the client counts as one that does not read
MAX_FRAMES = 32  # frames one message may come in (a browser sends one): more closes the connection with 1009
LOGGER = logging.getLogger("game.online.wire")  # websockets' own connection logger, one for all

Side = TypeVar("Side", ServerProtocol, ClientProtocol)  # the side of websockets' protocol a connection is


class Connection(asyncio.Protocol, Generic[Side]):
    """One WebSocket connection, either side: ``ServerConnection`` or
    ``ClientConnection``."""

    __slots__ = (
        "_closer",
        "_closing",
        "_eof_written",
        "_parts",
        "_parts_are_text",
        "_ws",
        "path",
        "pong_due",
        "transport",
    )

    def __init__(self, ws: Side) -> None:
        ws.id = None  # type: ignore[assignment]  # websockets' uuid4 a connection, for its logs: not kept
        self._ws: Side = ws
        self._parts: list[bytes] = []  # a message that arrives in pieces, so far
        self._parts_are_text = False
        self._closer: asyncio.TimerHandle | None = None
        self._closing = False  # this side closes: what comes from now on is not read
        self._eof_written = False
        self.transport: asyncio.Transport | None = None
        self.path = ""  # the request's path (never empty), once the handshake is done
        self.pong_due = False  # a ping was sent and nothing has answered it yet

    # ----- what a subclass says -------------------------------------------------

    def opened(self) -> None:
        """The handshake is done: messages may come and go."""

    def received(self, message: str | bytes) -> None:
        """A whole message: text as str, binary as bytes."""

    def lost(self) -> None:
        """The connection is gone (opened or not): nothing more is sent."""

    def frame_arrived(self, data: bool) -> None:
        """A frame came: a piece of a message (``data``), or a ping or pong.
        A rate limit counts them all, as each is read and answered."""

    def too_slow(self) -> None:
        """More than ``WRITE_LIMIT`` bytes wait for a client that does not read."""
        self.close(1008, "too slow: the messages sent to you were not read")

    # ----- sending ----------------------------------------------------------------

    def send_text(self, text: str) -> None:
        if self._ws.state is not State.OPEN:
            return
        self._ws.send_text(text.encode())
        self._write()

    def ping(self) -> None:
        if self._ws.state is State.OPEN:
            self._ws.send_ping(b"")
            self.pong_due = True
            self._write()

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Start the closing handshake (after what was sent before it); a
        client that does not finish it is cut off ``CLOSE_TIMEOUT`` later."""
        self._closing = True
        if self._ws.state is State.OPEN:
            self._ws.send_close(code, reason.encode()[:CLOSE_REASON].decode(errors="ignore"))
            self._write()
        elif self.transport is not None and self._ws.state is State.CONNECTING:
            self.transport.close()
        self._close_soon()

    # ----- asyncio's side ---------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # (a stream's: the event loop's TCP transport)

    def data_received(self, data: bytes) -> None:
        """What came is read in order, the messages before a close frame
        that came with them included; then what websockets answers by
        itself (pongs, the close frame's echo) is written."""
        self._ws.receive_data(data)
        for event in self._ws.events_received():
            if not isinstance(event, Frame):
                self._handshake(event)
            elif self.path and not self._closing:
                self._frame(event)
        self._write()
        if self._ws.close_expected():
            self._close_soon()

    def eof_received(self) -> None:
        self._ws.receive_eof()
        self._write()  # None: the transport closes

    def connection_lost(self, exc: Exception | None) -> None:
        self._ws.receive_eof()  # the protocol's state becomes CLOSED
        if self._closer is not None:
            self._closer.cancel()
            self._closer = None
        self.lost()

    # ----- inside -------------------------------------------------------------------

    def _handshake(self, event: Request | Response) -> None:
        raise NotImplementedError

    def _frame(self, frame: Frame) -> None:
        """A frame of an open connection. The pieces of a message are
        bounded in bytes by ``websockets`` (its ``max_size``) and here in
        number: endless empty pieces would grow the list of them forever."""
        opcode, data = frame.opcode, bytes(frame.data)  # (bytes already, as websockets reads them: not copied)
        self.frame_arrived(opcode is Opcode.TEXT or opcode is Opcode.BINARY or opcode is Opcode.CONT)
        if self._closing:
            return  # (the rate limit closed it)
        if opcode is Opcode.PONG:
            self.pong_due = False
        elif opcode is Opcode.TEXT or opcode is Opcode.BINARY:  # (websockets checks the pieces' order)
            if frame.fin:
                self._deliver(data, opcode is Opcode.TEXT)
            else:
                self._parts, self._parts_are_text = [data], opcode is Opcode.TEXT
        elif opcode is Opcode.CONT:
            if len(self._parts) >= MAX_FRAMES:
                self._parts = []
                self._fail(1009, f"a message in more than {MAX_FRAMES} frames")
                return
            self._parts.append(data)
            if frame.fin:
                whole, self._parts = b"".join(self._parts), []
                self._deliver(whole, self._parts_are_text)

    def _deliver(self, data: bytes, is_text: bool) -> None:
        if not is_text:
            self.received(data)
            return
        try:
            text = data.decode()
        except UnicodeDecodeError as error:
            self._fail(1007, f"{error.reason} at position {error.start}")
            return
        self.received(text)

    def _fail(self, code: int, reason: str) -> None:
        """Close at once, for what came: nothing more is read."""
        self._closing = True
        self._ws.fail(code, reason)
        self._write()
        self._close_soon()

    def _write(self) -> None:
        transport = self.transport
        assert transport is not None  # (the connection is made before anything is read or sent)
        for data in self._ws.data_to_send():
            if self._eof_written:
                break  # (a close frame that came with the handshake ends it before its answer)
            if data:
                transport.write(data)
                continue
            self._eof_written = True
            try:
                if transport.can_write_eof():
                    transport.write_eof()  # the server half-closes; the client closes
                else:
                    transport.close()
            except OSError:  # (the client reset before the end was written: nothing is left to say)
                transport.abort()
        if not self._closing and transport.get_write_buffer_size() > WRITE_LIMIT:
            self.too_slow()  # (its messages, or the pongs to a flood of pings)

    def _close_soon(self) -> None:
        if self._closer is None and self.transport is not None:
            loop = asyncio.get_running_loop()
            self._closer = loop.call_later(CLOSE_TIMEOUT, self.transport.abort)


class ServerConnection(Connection[ServerProtocol]):
    """The server's side: a subclass says which paths it refuses."""

    __slots__ = ()

    max_size = 4096  # bytes a message may have; over it, the connection closes with 1009

    def __init__(self) -> None:
        super().__init__(ServerProtocol(max_size=self.max_size, logger=LOGGER))

    def refuse(self, request: Request) -> tuple[HTTPStatus, str] | None:
        """The HTTP status and reason a request (its path, its headers) is
        answered with instead of a WebSocket, or None to accept it."""
        return None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def refuse_at_once(self, status: HTTPStatus, reason: str, flood: bool = False) -> None:
        """Answer ``status`` (an HTTP refusal, ``reason`` its text) before the
        request has come, and close: the server takes no more of this
        connection, not even the rest of its request. A client reads the
        answer and closes (or is cut ``CLOSE_TIMEOUT`` later); in a
        ``flood``, the connection is closed at once, its file free."""
        self._closing = True
        self._ws.send_response(self._ws.reject(status, reason + "\n"))
        self._write()
        if flood and self.transport is not None:
            self.transport.close()
        self._close_soon()

    def _handshake(self, request: Request | Response) -> None:
        assert isinstance(request, Request)  # (a server is sent requests)
        refusal = self.refuse(request)
        response = self._ws.accept(request) if refusal is None else self._ws.reject(*refusal)
        self._ws.send_response(response)
        self._write()
        request.headers.clear()  # websockets' parser holds on to the request: 2 KB a connection
        if self._ws.state is State.OPEN:
            self.path = request.path
            self.opened()
        else:
            self._close_soon()


class ClientConnection(Connection[ClientProtocol]):
    """The client's side, for ``url`` (the benchmark's bots: thousands of
    connections in one process). ``loop.create_connection`` opens it."""

    __slots__ = ()

    max_size = 2**20

    def __init__(self, url: str) -> None:
        super().__init__(ClientProtocol(parse_uri(url), max_size=self.max_size, logger=LOGGER))

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._ws.send_request(self._ws.connect())
        self._write()

    def _handshake(self, response: Request | Response) -> None:
        if self._ws.state is State.OPEN:
            self.path = self._ws.uri.resource_name
            self.opened()
        else:
            self._close_soon()
