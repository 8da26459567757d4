"""The client's side for a game loop: nothing here ever blocks a frame.

``Client`` (desktop, Raspberry Pi) runs the connection on an asyncio loop in
a background thread; ``BrowserClient`` (Pyodide) uses the page's WebSocket
through JavaScript, whose callbacks only queue messages. Both have the same
face: ``start()``, ``act(action)``, ``send(message)``, ``poll()`` (the
messages that arrived since, already fed to ``session``), ``status``
("connecting", "online", "offline": retrying, "refused": the server said
no, "closed"), ``rest(seconds)`` and ``close()``; both reconnect by
themselves, rejoining with the seat's token.

``rest``: a window's game loop gives the connection's thread the end of
each frame. pyxel keeps Python's GIL while it waits for the next frame, so
a thread of the game runs only while the game's own Python code does: about
one step a frame, and a connection (some twenty steps: the name looked up,
the socket, the WebSocket handshake, the hello and the welcome) took 0.5 to
2.8 s to show the lobby at 30 frames a second. Sleeping the frame's spare
time away in Python lets go of the GIL, and the thread runs freely then.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .address import room_address, seat_addresses
from .protocol import Message, Session, encode

if TYPE_CHECKING:  # (asyncio and websockets are imported in the connection's thread, as it starts)
    import asyncio

    from websockets.asyncio.client import ClientConnection

Hold = Callable[[Message], bool]  # ``poll``'s ``hold``: True leaves that message for a later poll

RETRY_FIRST, RETRY_MOST = 0.25, 5.0  # seconds between attempts to reconnect, doubling
CLOSE_WAIT = 0.5  # seconds close() waits for the connection's thread to end
TOKEN_KEY = "uno1991.seat."  # the browser's localStorage: this, then the room's address


class _Face:
    """What both clients share: the session and the inbox."""

    session: Session
    status = "connecting"

    def act(self, action: str) -> Message:
        message = self.session.act(action)
        self.send(message)
        return message

    def rest(self, seconds: float) -> None:
        """Wait ``seconds`` (the frame's spare time), the connection's
        thread running meanwhile: a sleep lets go of the GIL that pyxel
        keeps between frames. Nothing to do in a page (no thread)."""
        if seconds > 0 and isinstance(self, Client):
            time.sleep(seconds)

    def send(self, message: Message) -> None:
        """Send one protocol message (each client on its own connection)."""
        raise NotImplementedError

    def _received(self, message: Message, arrived: float) -> None:
        self.session.receive(message, arrived)
        for reply in self.session.take_replies():
            self.send(reply)
        if refused_for_good(message):
            self.status = "refused"


def refused_for_good(message: Message) -> bool:
    """The server said no and closes the connection, and trying again would
    not help (a seat still held by its last connection is worth a retry)."""
    return message.get("type") == "error" and bool(message.get("fatal")) and not message.get("retry")


class Client(_Face):
    def __init__(
        self, url: str, name: str, token: str | None = None, table: Message | None = None, watch: bool = False
    ) -> None:
        self.url = url
        self.session = Session(name, token, table, watch)
        # Messages, each with when it arrived (time.monotonic(): a deadline counts from then,
        # not from when a table that runs behind takes it), and news of the status.
        self._inbox: queue.SimpleQueue[tuple[Message, float] | str] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[Message | None] | None = None  # None: close
        self._waking: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._held: tuple[Message, float] | None = None  # a message a poll left for later
        self.reconnects = 0

    def start(self) -> Client:
        self._thread = threading.Thread(target=self._run, name=f"uno1991 client {self.url}", daemon=True)
        self._thread.start()
        return self

    def send(self, message: Message) -> None:
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not self._stop.is_set():
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(outbox.put_nowait, message)

    def poll(self, wait: float = 0.0, hold: Hold | None = None) -> list[Message]:
        """The messages that arrived (a game loop: never waits; a script may
        ``wait`` up to that many seconds for the first). ``hold(message)``
        True leaves that message and those after it for a later poll, not
        yet fed to the session."""
        messages: list[Message] = []
        while True:
            item: tuple[Message, float] | str
            if self._held is not None:
                item, self._held = self._held, None
            else:
                try:
                    item = self._inbox.get(timeout=wait) if wait and not messages else self._inbox.get_nowait()
                except queue.Empty:
                    return messages
            if isinstance(item, str):
                self.status = item
                continue
            message, arrived = item
            if hold is not None and hold(message):
                self._held = item
                return messages
            self._received(message, arrived)
            messages.append(message)

    @property
    def waiting(self) -> int:
        """Messages that came and that no poll has taken yet (one held back included)."""
        return self._inbox.qsize() + (self._held is not None)

    def close(self) -> None:
        """Stop: the connection closes, a wait between retries ends. Waits a
        moment for the thread (a connection being opened may take up to its
        timeout to give up; the thread is a daemon, and ends by itself)."""
        self._stop.set()
        loop, outbox, waking = self._loop, self._outbox, self._waking
        if loop is not None and outbox is not None and waking is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(outbox.put_nowait, None)
                loop.call_soon_threadsafe(waking.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(CLOSE_WAIT)

    # ----- the background thread ---------------------------------------------------

    def _run(self) -> None:
        import asyncio

        asyncio.run(self._main())
        self._inbox.put("closed" if self.status != "refused" else "refused")

    async def _main(self) -> None:
        import asyncio

        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        self._outbox = asyncio.Queue()
        self._waking = waking = asyncio.Event()
        self._loop = asyncio.get_running_loop()  # last: close() from the game's thread uses the two above
        wait = RETRY_FIRST
        while not self._stop.is_set():
            refused = False
            try:
                # proxy=None: straight to the table server, whatever the environment's HTTP proxy
                async with connect(self.url, max_size=2**20, compression=None, open_timeout=5, proxy=None) as ws:
                    await ws.send(encode(self.session.hello()))
                    self._inbox.put("online")
                    wait = RETRY_FIRST
                    refused = await self._pump(ws)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            except InvalidURI:
                refused = True
            if refused or self._stop.is_set():
                return
            self.reconnects += 1
            self._inbox.put("offline")
            with contextlib.suppress(TimeoutError):  # close() cuts the wait short
                await asyncio.wait_for(waking.wait(), wait)
            wait = min(RETRY_MOST, wait * 2)

    async def _pump(self, ws: ClientConnection) -> bool:
        """Carry messages both ways until the connection ends; True if the
        server refused this client for good (no retrying)."""
        import asyncio

        from websockets.exceptions import ConnectionClosed

        outbox = self._outbox
        assert outbox is not None  # (made before the first connection: ``_main``)

        async def writer() -> None:
            while True:
                message = await outbox.get()
                if message is None:
                    await ws.close()
                    return
                await ws.send(encode(message))

        task = asyncio.get_running_loop().create_task(writer())
        refused = False
        try:
            async for text in ws:
                message: Message = json.loads(text)
                if message.get("type") == "welcome":
                    self.url = room_address(self.url, message.get("room"))  # a retry goes to the room itself
                    if message.get("token"):
                        self.session.token = message["token"]  # ... and rejoins with it
                refused = refused or refused_for_good(message)
                self._inbox.put((message, time.monotonic()))
        except ConnectionClosed:
            pass
        finally:
            task.cancel()
        return refused


class BrowserClient(_Face):
    """The same client in Pyodide, on the page's WebSocket. ``storage`` (the
    page's localStorage) keeps the seat's token under ``uno1991.seat.ROOM``,
    the room's own address (never under ``ws://HOST:PORT/``, which asks for
    a new room), and forgets it once the server refuses it."""

    def __init__(
        self,
        url: str,
        name: str,
        token: str | None = None,
        table: Message | None = None,
        storage: Any = None,
        watch: bool = False,
    ) -> None:
        self.url = url
        self.storage = storage
        if token is None and storage is not None and not watch:
            from ..storage.safe_files import stored_text

            kept = (stored_text(storage.getItem(TOKEN_KEY + address)) for address in seat_addresses(url))
            token = next((found for found in kept if isinstance(found, str) and found), None)  # (text, or null)
        self.session = Session(name, token, table, watch)
        self._inbox: list[tuple[Message, float]] = []  # as Client's: each with when it arrived
        self._ws: Any = None  # the page's WebSocket (Pyodide's JavaScript proxies are untyped)
        self._proxies: list[Any] = []
        self._retry: Any = None  # the proxy that opens the connection again
        self._wait = RETRY_FIRST
        self._closed = False
        self.reconnects = 0

    @property
    def key(self) -> str:
        """Where the seat's token is kept: under the room's own address."""
        return TOKEN_KEY + room_address(self.url, self.session.room)

    def start(self) -> BrowserClient:
        self._open()
        return self

    def _open(self) -> None:
        import js
        from pyodide.ffi import create_proxy

        for proxy in self._proxies:
            proxy.destroy()
        ws = js.WebSocket.new(self.url)

        def opened(_event: Any) -> None:
            self.status = "online"
            self._wait = RETRY_FIRST
            ws.send(encode(self.session.hello()))

        def message(event: Any) -> None:
            data: Message = json.loads(event.data)
            if data.get("type") == "welcome":
                self.url = room_address(self.url, data.get("room"))  # a retry goes to the room itself
            self._inbox.append((data, time.monotonic()))

        def closed(_event: Any) -> None:
            if self._closed or self.status == "refused":
                return
            self.status = "offline"
            self.reconnects += 1
            js.setTimeout(self._retry, int(self._wait * 1000))
            self._wait = min(RETRY_MOST, self._wait * 2)

        self._proxies = [create_proxy(opened), create_proxy(message), create_proxy(closed)]
        if self._retry is None:
            self._retry = create_proxy(self._open)
        ws.onopen, ws.onmessage, ws.onclose = self._proxies
        self._ws = ws

    def send(self, message: Message) -> None:
        if self._ws is not None and self._ws.readyState == 1:
            self._ws.send(encode(message))

    def poll(self, hold: Hold | None = None) -> list[Message]:
        """As ``Client.poll``: the messages that came, ``hold`` leaving one
        (and those after it) for a later poll."""
        taken = []
        while self._inbox:
            message, arrived = self._inbox[0]
            if hold is not None and hold(message):
                break
            self._inbox.pop(0)
            token_sent = self.session.token
            self._received(message, arrived)
            if self.storage is not None:
                if message.get("type") == "welcome" and message.get("token"):
                    self.storage.setItem(self.key, message["token"])
                elif refused_for_good(message) and token_sent:
                    self.storage.removeItem(self.key)  # a token the room no longer knows
            taken.append(message)
        return taken

    @property
    def waiting(self) -> int:
        """As ``Client.waiting``."""
        return len(self._inbox)

    def close(self) -> None:
        self._closed = True
        self.status = "closed"
        if self._ws is not None:
            self._ws.close()
