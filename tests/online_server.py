"""Helpers for the online tests: a real table server on a free 127.0.0.1
port (``--port 0``: the OS picks; the server prints the address), bot
client processes, and waiting with bounds. Every server stops by itself
(``--stop-after``) even if a test dies, and every wait has a deadline."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from game.online.store import StoreError, read_room

ROOT = Path(__file__).resolve().parent.parent
FAST = ["--computer-delay", "0", "--react-delay", "0", "--rate", "2000", "--grace", "0.5"]
LIFETIME = 120  # seconds a test server lives at most


class ServerProcess:
    def __init__(self, data_dir: Path, *options: str, port: int = 0, lifetime: float = LIFETIME) -> None:
        self.data_dir = data_dir
        command = [sys.executable, "-m", "game.server", "--port", str(port), "--data-dir", str(data_dir)]
        command += ["--stop-after", str(lifetime), *options]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_env()
        )
        self.lines: list[str] = []
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))
                if line.startswith("listening on "):
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(20) or not any(line.startswith("listening on ") for line in self.lines):
            self.stop()
            raise RuntimeError(f"the server did not start: {self.lines}")
        self.url = next(line for line in self.lines if line.startswith("listening on ")).split()[-1]
        self.port = int(self.url.rsplit(":", 1)[1])

    def room_file(self, room: str) -> dict | None:
        """The room as the server's store holds it (read beside the server), or None."""
        return stored_room(self.data_dir, room)

    def room_file_when(self, room: str, condition, what: str = "the room's file", timeout: float = 30) -> dict:
        """The room as the store holds it once ``condition(file)`` holds: a
        test reading the store beside the server, as a client's message
        arrives, waits for the store to have what the client saw."""

        def ready():
            saved = self.room_file(room)
            return saved if saved is not None and condition(saved) else None

        return wait_for(ready, timeout=timeout, what=what)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def stored_room(data_dir: Path, room: str) -> dict | None:
    """A room from the SQLite store in ``data_dir``, as ``--export`` prints it (None: not there, or no store yet)."""
    try:
        return read_room(data_dir, None, room)
    except StoreError:
        return None


def quick_dir() -> Path:
    """A folder for a test server's rooms: in memory (/dev/shm) where there
    is one, as every change is fsynced and the tests make thousands; the
    files are the same, and a SIGKILL loses nothing the page cache holds."""
    shm = Path("/dev/shm")
    return Path(tempfile.mkdtemp(prefix="uno1991-test-", dir=shm if shm.is_dir() else None))


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def bot(url: str, name: str, *options: str, timeout: float = 60) -> subprocess.Popen:
    """A headless client process: ``python -m game.online.bot``."""
    command = [sys.executable, "-m", "game.online.bot", url, "--name", name, "--timeout", str(timeout), *options]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())


def finish(process: subprocess.Popen, timeout: float = 90) -> dict:
    out, err = process.communicate(timeout=timeout)
    lines = out.strip().splitlines()
    assert lines, f"the bot printed nothing: {err[-2000:]}"
    return json.loads(lines[-1])


def wait_for(condition, timeout: float = 30, step: float = 0.02, what: str = "a condition"):
    """Poll ``condition`` until it returns something true (bounded in time)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out waiting for {what}")


def moves_in(record: str) -> list[str]:
    """The move lines of a record (after its header)."""
    header = ("rules", "players", "seed", "scoring", "house", "starter", "deck")
    lines = [line for line in record.splitlines() if line and not line.startswith("#")]
    return [line for line in lines if line.split()[0] not in header]
