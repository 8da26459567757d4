"""HOST on the title menu: the table server, inside the game, for a LAN party.

Pure Python (no pyxel). ``LocalServer`` runs ``server.Server`` (the same
server as ``python -m game.server``) on an asyncio loop in a background
daemon thread, listening on every network (0.0.0.0) on port 8765, or on any
free port when 8765 is taken::

    server = LocalServer(data_dir / "hosted").start()   # HostingError if it cannot
    server.local_url("")           # ws://127.0.0.1:PORT/ : the host's own client
    server.friends_url("kx3Tq9aZ") # ws://192.168.1.20:PORT/kx3Tq9aZ : to give to friends
    server.stop()                  # the port is free again

Its rooms are kept in ``DATA_DIR/rooms`` as the server keeps them (``None``:
a temporary folder, removed at ``stop``). The browser cannot host: a page
has no sockets to listen on (``game.ui.host.can_host``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import shutil
import socket
import tempfile
import threading
from pathlib import Path

from .server import Server

PORT = 8765  # the server's own default; tests set 0 (any free port)
BIND = "0.0.0.0"  # every network: friends on the LAN reach it
LIFETIME: float | None = None  # seconds before it stops by itself (tests); None: until stop()
START_TIMEOUT = 10.0
# Connecting a UDP socket sends nothing: it only asks the kernel which of
# this machine's addresses would be used to reach an address. 192.0.2.1 is
# TEST-NET-1 (RFC 5737), reserved for documentation and never anyone's.
_PROBE = ("192.0.2.1", 9)


class HostingError(RuntimeError):
    """The server could not start: the message says why, for the title menu."""


class LocalServer:
    def __init__(
        self,
        data_dir: str | Path | None,
        port: int | None = None,
        bind: str | None = None,
        lifetime: float | None = None,
        log=None,
        **room_options,
    ) -> None:
        """``port`` (default ``PORT``) is tried first, then any free port;
        ``lifetime`` (default ``LIFETIME``): stop by itself after so many
        seconds. ``room_options`` go to the server's rooms (its delays)."""
        self._temporary = data_dir is None
        self.data_dir = Path(tempfile.mkdtemp(prefix="uno1991-hosted-")) if data_dir is None else Path(data_dir)
        self.wanted = PORT if port is None else port
        self.bind = BIND if bind is None else bind
        self.lifetime = LIFETIME if lifetime is None else lifetime
        self.lines: list[str] = []  # what the server said (rooms made, resumed...)
        self._log = log
        self.server = Server(self.data_dir, log=self._said, **room_options)
        self.port: int | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    def _said(self, line: str) -> None:
        self.lines.append(line)
        if self._log is not None:
            self._log(line)

    # ----- starting and stopping ------------------------------------------------

    def start(self) -> LocalServer:
        """Start listening; returns once it does, or raises HostingError."""
        if self.running:
            return self
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HostingError(f"cannot keep the rooms in {self.data_dir}: {error.strerror or error}") from None
        self._ready.clear()
        self._error = None
        self._thread = threading.Thread(target=self._run, name="uno1991 hosted server", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT):
            self.stop()
            raise HostingError(f"the table server did not start within {START_TIMEOUT:g} seconds")
        if self._error is not None:
            error, self._error = self._error, None
            self._thread.join(START_TIMEOUT)
            self._thread = None
            self._remove_temporary()
            raise HostingError(_why(error, self.wanted)) from None
        return self

    @property
    def running(self) -> bool:
        """Listening now (``port`` is None otherwise)."""
        return self._thread is not None and self._thread.is_alive() and self.port is not None

    def stop(self) -> None:
        """Stop listening and close every connection (the rooms stay on disk,
        unless in a temporary folder); the port is free once this returns."""
        loop, task, thread = self._loop, self._task, self._thread
        if loop is not None and task is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already closed
                loop.call_soon_threadsafe(task.cancel)
        if thread is not None and thread is not threading.current_thread():
            thread.join(START_TIMEOUT)
        self._thread = None
        self.port = None
        self._remove_temporary()

    def _remove_temporary(self) -> None:
        if self._temporary:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    # ----- the background thread ---------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as error:  # said to start(), which raises it as a HostingError
            self._error = error
        finally:
            self.port = None  # not listening any more (stopped, or its lifetime is over)
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        ports = [self.wanted] if self.wanted == 0 else [self.wanted, 0]
        for port in ports:
            try:
                await self.server.run(self.bind, port, stop_after=self.lifetime, ready=self._listening)
                return
            except asyncio.CancelledError:
                return  # stop(): the server has closed
            except OSError as error:  # taken (or not ours to take): any free port will do
                if self._ready.is_set() or port == ports[-1]:
                    raise
                self._said(f"port {port} is taken ({error.strerror or error}): listening on another")

    def _listening(self, address: str) -> None:
        self.port = int(address.rsplit(":", 1)[1])
        self._ready.set()

    # ----- addresses -----------------------------------------------------------------

    def local_url(self, room: str = "") -> str:
        """The address for this machine's own client."""
        return f"ws://127.0.0.1:{self._port()}/{room}"

    def friends_url(self, room: str = "") -> str:
        """The address friends on the LAN type into JOIN."""
        return f"ws://{lan_address()}:{self._port()}/{room}"

    def _port(self) -> int:
        if self.port is None:
            raise HostingError("the table server is not running")
        return self.port


def _why(error: BaseException, port: int) -> str:
    if isinstance(error, OSError):
        reason = error.strerror or str(error)
        if error.errno in (errno.EADDRINUSE, 10048):  # 10048: Windows' WSAEADDRINUSE
            return f"cannot host: port {port} is taken and no other port is free ({reason})"
        return f"cannot host: cannot listen on the network ({reason})"
    return f"cannot host: {error}"


def lan_address() -> str:
    """This machine's address on its LAN (192.168.1.20), found without
    sending a packet: the address a UDP socket would send from (connecting
    one sends nothing), else one of the host name's own addresses, else the
    host name itself."""
    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_PROBE)
        found.append(probe.getsockname()[0])
    if not any(_usable(address) for address in found):
        with contextlib.suppress(OSError, UnicodeError):
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
            found += [info[4][0] for info in infos]
    for address in found:
        if _usable(address):
            return address
    return socket.gethostname() or "localhost"


def _usable(address: str) -> bool:
    return not address.startswith(("127.", "0.")) and address != ""
