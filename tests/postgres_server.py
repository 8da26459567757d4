"""A real PostgreSQL server for the tests, started in a temporary folder on
a free 127.0.0.1 port (Debian's ``postgresql`` package: ``initdb`` and
``pg_ctl`` under /usr/lib/postgresql/*/bin), and stopped at the end.
initdb refuses to run as root: as root, the server runs as the
``postgres`` user. None (the tests skip, saying why) without the binaries."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

START_TIMEOUT = 60  # seconds pg_ctl waits for the server


def binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda path: int(path.split("/")[4]))
    return Path(found[-1]).parent if found else None


class PostgresServer:
    def __init__(self, durable: bool = False) -> None:
        """``durable``: PostgreSQL's defaults (each commit flushed to the disk),
        for the benchmark; the tests, which never pull the plug, do without."""
        self.bin = binaries()
        if self.bin is None:
            raise FileNotFoundError("PostgreSQL is not installed (Debian's postgresql package: .ci/run installs it)")
        self.folder = Path(tempfile.mkdtemp(prefix="uno1991-pg-"))
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user is not None:
            shutil.chown(self.folder, self.user)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", "uno", "--no-sync", "-E", "UTF8")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off"
        self._run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self.folder / "log"), "-w", "-t", "60", "start")
        self.data = data
        self.url = f"postgresql://uno@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=START_TIMEOUT, cwd=self.folder)

    @property
    def pid(self) -> int:
        """The postmaster's (its first line of ``postmaster.pid``)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
