"""HAProxy in front of table servers, for the tests and the benchmark: the
configuration ``docs/online.md`` ships (a consistent hash of the room
name, ``/healthz`` checked), its addresses replaced by free 127.0.0.1
ports, run in the foreground (Debian's ``haproxy`` package) and stopped at
the end. FileNotFoundError without the program."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONT, FIRST, SECOND = "127.0.0.1:8000", "127.0.0.1:8765", "127.0.0.1:8766"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def haproxy_config(front: int, backends: list[int]) -> str:
    """docs/online.md's HAProxy configuration, listening on ``front``, its
    two servers' lines made one a port of ``backends``."""
    config = re.search(r"```haproxy\n(.*?)```", (ROOT / "docs" / "online.md").read_text(), re.S).group(1)
    lines = re.search(rf"\n( +)server uno1 {FIRST}\n +server uno2 {SECOND}\n", config)
    assert FRONT in config and lines is not None
    servers = "".join(f"{lines.group(1)}server uno{n} 127.0.0.1:{port}\n" for n, port in enumerate(backends, 1))
    return config.replace(FRONT, f"127.0.0.1:{front}").replace(lines.group(0), "\n" + servers)


def health(port: int) -> int | None:
    """``GET /healthz`` on the port: its status, or None."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: uno\r\n\r\n")
            return int(sock.recv(100).split()[1])
    except (OSError, IndexError, ValueError):
        return None


class HaproxyServer:
    def __init__(self, backends: list[int], timeout: float = 20.0) -> None:
        """Started, and answering ``/healthz`` (so a server behind it is up), within ``timeout`` s."""
        if shutil.which("haproxy") is None:
            raise FileNotFoundError("HAProxy is not installed (Debian's haproxy package)")
        self.folder = Path(tempfile.mkdtemp(prefix="uno1991-haproxy-"))
        self.port = free_port()
        (self.folder / "haproxy.cfg").write_text(haproxy_config(self.port, backends))
        command = ["haproxy", "-f", str(self.folder / "haproxy.cfg"), "-db"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        give_up = time.monotonic() + timeout
        while health(self.port) != 200:
            if time.monotonic() > give_up or self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"HAProxy, and a server behind it, did not answer in {timeout:g} s")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)
