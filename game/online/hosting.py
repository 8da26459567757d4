"""HOST on the title menu: the table server, in a process of its own, for a LAN party.

Pure Python (no pyxel). ``LocalServer`` starts ``python -m game.online.hosting``
(``server.Server``, the same server as ``python -m game.server``, with a
watch on the game that started it), listening on every network (0.0.0.0)
on port 8765, or on any free port when 8765 is taken::

    server = LocalServer(data_dir / "hosted").start()   # HostingError if it cannot
    server.local_url("")           # ws://127.0.0.1:PORT/ : the host's own client
    server.friends_url("kx3Tq9aZ") # ws://192.168.1.20:PORT/kx3Tq9aZ : to give to friends
    server.stop()                  # the port is free again

Why a process: a crash of the game (its table code, pyxel, a SIGKILL) must
not take the friends' table with it. The server's process outlives the
game's: it runs on while anyone is connected to it, and stops by itself
once the game that started it is gone and nobody has been connected for
``LINGER`` seconds (its rooms stay on the disk). A game started again on
the same data folder finds it (``DATA_DIR/server.json``: its process and
port) and takes it over (``DATA_DIR/owner``: the game that owns it now),
rather than start a second one; HOST then takes the host back to the room
it left by a crash (``DATA_DIR/room``), with its seat's token.

Its rooms are kept in ``DATA_DIR/rooms`` as the server keeps them, what it
says in ``DATA_DIR/server.log`` (``None``: a temporary folder, removed once
the server stops). The browser cannot host: a page has no sockets to
listen on (``game.ui.device.runtime.can_host``), and starts no process.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..storage.safe_files import write_atomically
from . import local_peer

if TYPE_CHECKING:  # asyncio and the server's modules: imported by the server's process only (the game starts quicker)
    from .server import Server
    from .server_conn import Conn

PORT = 8765  # the server's own default; tests set 0 (any free port)
BIND = "0.0.0.0"  # every network: friends on the LAN reach it
LIFETIME: float | None = None  # seconds before it stops by itself (tests); None: as LINGER says
LINGER = 120.0  # seconds it runs on, the game that started it gone, once nobody is connected
START_TIMEOUT = 10.0
WATCH_EVERY = 1.0  # seconds between the server's looks at its owner and its connections
SETTINGS_VARIABLE = "UNO1991_HOSTING"  # tests: JSON of port, bind, lifetime, linger, options (a game process's)
HOSTED_FOLDER = "hosted"  # in the game's data folder: HOST's server's own
SERVER_FILE, OWNER_FILE, ROOM_FILE, LOG_FILE = "server.json", "owner", "room", "server.log"
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
        linger: float | None = None,
        **room_options: float,
    ) -> None:
        """``port`` (default ``PORT``) is tried first, then any free port;
        ``lifetime`` (default ``LIFETIME``): stop by itself after so many
        seconds; ``linger`` (default ``LINGER``): see the module.
        ``room_options`` go to the server's rooms (its delays). A game
        process's defaults may be set by ``$UNO1991_HOSTING`` (tests)."""
        given = _settings_from_environment()
        self._temporary = data_dir is None
        self.data_dir = Path(tempfile.mkdtemp(prefix="uno1991-hosted-")) if data_dir is None else Path(data_dir)
        self.wanted = port if port is not None else given.get("port", PORT)
        self.bind = bind if bind is not None else given.get("bind", BIND)
        self.lifetime = lifetime if lifetime is not None else given.get("lifetime", LIFETIME)
        self.linger = linger if linger is not None else given.get("linger", LINGER)
        self.room_options = room_options or given.get("options", {})
        self.port: int | None = None
        self.pid: int | None = None  # the server's process: started here, or found running
        self.found = False  # True: it was running already, started by a game before this one
        self._process: subprocess.Popen[bytes] | None = None
        self._give_up = 0.0  # when a server launched and not yet listening has failed

    @property
    def lines(self) -> list[str]:
        """What the server said (rooms made, resumed...), from its log."""
        try:
            return (self.data_dir / LOG_FILE).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return []

    # ----- starting and stopping ------------------------------------------------

    def start(self) -> LocalServer:
        """``launch``, then wait until it listens; HostingError if it cannot."""
        self.launch()
        while not self.listening():
            time.sleep(0.01)
        return self

    def launch(self) -> LocalServer:
        """Take over this folder's server if it runs (then it listens at
        once), else start one and return at once: ``listening()`` says when
        it does. HostingError if the folder cannot be used or the process
        cannot start."""
        if self.running or self._process is not None:
            return self
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            write_atomically(self.data_dir / OWNER_FILE, str(os.getpid()).encode())
        except OSError as error:
            raise HostingError(f"cannot keep the rooms in {self.data_dir}: {error.strerror or error}") from None
        running = running_server(self.data_dir)
        if running is not None:
            self.pid, self.port = running
            self.found = True
            return self
        (self.data_dir / SERVER_FILE).unlink(missing_ok=True)
        command = [sys.executable, "-m", "game.online.hosting", "--data-dir", str(self.data_dir)]
        command += ["--port", str(self.wanted), "--bind", self.bind, "--linger", str(self.linger)]
        command += ["--options", json.dumps(self.room_options)]
        if self.lifetime is not None:
            command += ["--lifetime", str(self.lifetime)]
        if self._temporary:
            command.append("--temporary")
        try:
            with open(self.data_dir / LOG_FILE, "ab") as log:
                # Its own session: a Ctrl-C at the game's terminal, or the end of the game's process group, is not its.
                self._process = subprocess.Popen(
                    command,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=Path(__file__).resolve().parents[2],
                    **_detached(),
                )
        except OSError as error:
            raise HostingError(f"cannot host: cannot start the table server ({error.strerror or error})") from None
        self._give_up = time.monotonic() + START_TIMEOUT
        return self

    def listening(self) -> bool:
        """Whether the server ``launch`` started listens yet (then ``port``
        is set); HostingError, the server stopped, if it ended or did not
        listen within ``START_TIMEOUT``. Never waits: a frame may ask."""
        if self.port is not None:
            return True
        process = self._process
        if process is None:
            raise HostingError("the table server is not running")
        running = running_server(self.data_dir)
        if running is not None and running[0] == process.pid:
            self.pid, self.port = running
            return True
        if process.poll() is None and time.monotonic() < self._give_up:
            return False
        said = [line for line in self.lines if line.startswith("cannot host")]
        self.stop()
        raise HostingError(said[-1] if said else f"the table server did not start within {START_TIMEOUT:g} seconds")

    @property
    def launching(self) -> bool:
        """Started by ``launch``, not listening yet."""
        return self._process is not None and self.port is None

    @property
    def running(self) -> bool:
        """Listening now (``port`` is None otherwise)."""
        if self.pid is None or self.port is None:
            return False
        if self._process is not None:
            return self._process.poll() is None
        return running_server(self.data_dir) == (self.pid, self.port)

    def stop(self) -> None:
        """Stop the server (its connections closed, its rooms' last changes
        written; the rooms stay on disk, unless in a temporary folder); the
        port is free once this returns."""
        if self._process is not None:
            if self._process.poll() is None:
                self._process.terminate()
                try:
                    self._process.wait(START_TIMEOUT)
                except subprocess.TimeoutExpired:
                    self._process.kill()
                    self._process.wait(START_TIMEOUT)
        elif self.pid is not None and self.running:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGTERM)
            give_up = time.monotonic() + START_TIMEOUT
            while time.monotonic() < give_up and _alive(self.pid):
                time.sleep(0.02)
        self._process, self.pid, self.port = None, None, None
        if self._temporary:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    # ----- the host's room ----------------------------------------------------------

    def remember(self, room: str) -> None:
        """The room the host sits at: HOST takes it back there after a crash."""
        with contextlib.suppress(OSError):
            write_atomically(self.data_dir / ROOM_FILE, room.encode())

    def forget(self) -> None:
        """The host left the room (or it is over): HOST opens a new one."""
        with contextlib.suppress(OSError):
            (self.data_dir / ROOM_FILE).unlink(missing_ok=True)

    def remembered(self) -> str | None:
        """The room the host left by a crash, if any."""
        return remembered_room(self.data_dir)

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


def remembered_room(folder: Path) -> str | None:
    """The room the host of ``folder``'s server left by a crash, if any."""
    try:
        room = (folder / ROOM_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeError):
        return None
    return room or None


def running_server(folder: Path) -> tuple[int, int] | None:
    """The process and port of the server that keeps ``folder``'s rooms, if
    it runs and listens (its ``server.json``, its process alive, its port
    answering)."""
    try:
        said = json.loads((folder / SERVER_FILE).read_text(encoding="utf-8"))
        pid, port = int(said["pid"]), int(said["port"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not _alive(pid):
        return None
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return None
    return pid, port


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie of ours counts as gone)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return _alive_on_windows(pid)
    with contextlib.suppress(ChildProcessError, OSError):
        done, _ = os.waitpid(pid, os.WNOHANG)  # ours and exited: reaped, so it does not linger as a zombie
        if done == pid:
            return False
    try:
        os.kill(pid, 0)  # signal 0: nothing is sent, only asked
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's: it runs
    return True


def _alive_on_windows(pid: int) -> bool:
    import ctypes

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    code = ctypes.c_ulong()
    try:
        return bool(kernel.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel.CloseHandle(handle)


def _detached() -> dict[str, Any]:
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}  # type: ignore[attr-defined]
    return {"start_new_session": True}


def _settings_from_environment() -> dict[str, Any]:
    text = os.environ.get(SETTINGS_VARIABLE, "")
    if not text:
        return {}
    try:
        given = json.loads(text)
    except ValueError:
        return {}
    return given if isinstance(given, dict) else {}


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
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_PROBE)
        found.append(probe.getsockname()[0])
    if not any(_usable(address) for address in found):
        with contextlib.suppress(OSError, UnicodeError):
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
            found += [str(info[4][0]) for info in infos]  # (an IPv4 address: text)
    for address in found:
        if _usable(address):
            return address
    return socket.gethostname() or "localhost"


def _usable(address: str) -> bool:
    return not address.startswith(("127.", "0.")) and address != ""


# ----- the server's process (python -m game.online.hosting) ------------------------------


class Watch:
    """In the server's process: stops the server once its owner (the game
    whose process is named in ``DATA_DIR/owner``) is gone and nobody has
    been connected for ``linger`` seconds."""

    def __init__(self, server: Server, folder: Path, linger: float) -> None:
        self.server, self.folder, self.linger = server, folder, linger
        self.busy = time.monotonic()  # the last moment the owner ran or somebody was connected

    def owner(self) -> int | None:
        """The process of the game that owns the server now."""
        try:
            return int((self.folder / OWNER_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def owner_runs(self) -> bool:
        owner = self.owner()
        return owner is not None and _alive(owner)

    def is_owners(self, conn: Conn) -> bool:
        """The connection is the owner game's own (the host's client, on
        this machine): the kernel says which process holds its other end
        (``local_peer``). Other local users share its address, 127.0.0.1,
        and one of them holding the address's connections refused the
        host's game; it never is."""
        owner, ends = self.owner(), conn.ends()
        return owner is not None and ends is not None and local_peer.held_by(owner, *ends)

    def over(self) -> bool:
        now = time.monotonic()
        if self.server.open or self.owner_runs():
            self.busy = now
        return now - self.busy >= self.linger


async def serve(
    folder: Path, wanted: int, bind: str, linger: float, lifetime: float | None, options: dict[str, Any]
) -> None:
    """Run the server on ``wanted`` (else on any free port) until ``Watch``
    or ``lifetime`` says it is over; ``server.json`` says where it listens."""
    import asyncio

    from .server import Server

    server = Server(folder, log=lambda line: print(line, flush=True), **options)
    watch = Watch(server, folder, linger)
    server.door.own_client = watch.is_owners
    running = asyncio.create_task(_listen(server, folder, wanted, bind, lifetime))
    while not running.done():
        await asyncio.wait([running], timeout=WATCH_EVERY)
        if not running.done() and watch.over():
            print(f"nobody connected for {linger:g} s and the game that started it is gone: stopping", flush=True)
            running.cancel()  # the server closes its connections and writes its rooms' last changes
    with contextlib.suppress(asyncio.CancelledError):
        await running


async def _listen(server: Server, folder: Path, wanted: int, bind: str, lifetime: float | None) -> None:
    def listening(address: str) -> None:
        port = int(address.rsplit(":", 1)[1])
        write_atomically(folder / SERVER_FILE, json.dumps({"pid": os.getpid(), "port": port}).encode())

    ports = [wanted] if wanted == 0 else [wanted, 0]
    for port in ports:
        try:
            await server.run(bind, port, stop_after=lifetime, ready=listening, whole_process=True)
            return
        except OSError as error:  # taken (or not ours to take): any free port will do
            if port == ports[-1] or error.errno not in (errno.EADDRINUSE, 10048):
                raise
            print(f"port {port} is taken ({error.strerror or error}): listening on another", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.online.hosting", description="HOST's table server")
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--port", type=int, default=PORT)
    parser.add_argument("--bind", default=BIND)
    parser.add_argument("--linger", type=float, default=LINGER)
    parser.add_argument("--lifetime", type=float, default=None)
    parser.add_argument("--options", type=json.loads, default={})
    parser.add_argument("--temporary", action="store_true", help="remove the data folder once stopped")
    args = parser.parse_args(argv)
    import asyncio

    from .store import StoreError

    try:
        asyncio.run(serve(args.data_dir, args.port, args.bind, args.linger, args.lifetime, args.options))
    except (OSError, StoreError) as error:  # the game reads why in the log (and removes a temporary folder)
        print(_why(error, args.port), flush=True)
        return 1
    except KeyboardInterrupt:
        pass
    with contextlib.suppress(OSError):
        (args.data_dir / SERVER_FILE).unlink(missing_ok=True)
    if args.temporary:
        shutil.rmtree(args.data_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
