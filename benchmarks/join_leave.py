"""Memory given back after people join and leave: the table server's
resident set over many join/leave cycles, and after a while idle.

    python -m benchmarks.join_leave [--cycles 10000] [--every 1000] [--idle 15]

A table server runs in a process of its own, on a free port of 127.0.0.1
(without the limit of new rooms an address may make a minute),
with a new data folder (its SQLite store). One person makes a room and
keeps its token (a 1991 match against the computer); then each cycle
rejoins that room with the token, makes another room (a new one each
cycle, waiting for a second person), and leaves both: the rooms are put
away into the store a moment later (the oldest rooms that never started
are removed past the server's bound of them). The
server's resident set (``VmRSS``) is printed every ``--every`` cycles and
after ``--idle`` seconds with nobody connected. Before, 4,000 cycles took
a server from 31 to 48 MB, which it kept (about 4 MB a 1,000). Target: flat
(within 3 MB from the first 1,000 cycles to the last, and after the idle).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
HOME = {"rules": "1991", "players": 2, "people": 1}  # started, against a computer: never removed
TABLE = {"rules": "1991", "players": 2, "people": 2}  # waiting for a second person
TARGET_MB = 3.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def hello(url: str, message: dict) -> dict:
    async with connect(url, proxy=None) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1, **message}))
        while True:
            answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if answer["type"] in ("welcome", "error"):
                return answer


async def cycles(url: str, pid: int, count: int, every: int) -> list[tuple[int, float]]:
    token = (await hello(f"{url}/home", {"name": "ANN", "table": HOME}))["token"]
    figures = []
    for cycle in range(1, count + 1):
        back = await hello(f"{url}/home", {"token": token})
        made = await hello(f"{url}/room-{cycle}", {"name": "BOB", "table": TABLE})
        if back["type"] != "welcome" or made["type"] != "welcome":
            raise RuntimeError(f"cycle {cycle}: {back} {made}")
        if cycle % every == 0:
            figures.append((cycle, rss_mb(pid)))
            print(f"{cycle:>6} cycles: {figures[-1][1]:6.1f} MB", flush=True)
    return figures


def measure(count: int, every: int, idle: float) -> tuple[list[tuple[int, float]], float]:
    """The server's resident set every ``every`` cycles (cycles, MB), and after ``idle`` seconds."""
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "-m", "game.server", "--port", "0", "--data-dir", data, "--idle-room", "0.5"]
        command += ["--address-rooms", "0"]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            if not line.startswith("listening on "):
                raise RuntimeError(f"the server did not start: {line}")
            url = line.split()[-1]
            threading.Thread(target=server.stdout.read, daemon=True).start()  # (its log, read so it never waits)
            print(f"     0 cycles: {rss_mb(server.pid):6.1f} MB (started)", flush=True)
            figures = asyncio.run(cycles(url, server.pid, count, every))
            time.sleep(idle)
            after = rss_mb(server.pid)
            print(f"idle {idle:g} s: {after:6.1f} MB", flush=True)
            return figures, after
        finally:
            server.terminate()
            server.wait(20)


def growth(figures: list[tuple[int, float]], idle: float) -> float:
    """MB the server grew by after the first figure: flat within ``TARGET_MB``."""
    return max(max(mb for _, mb in figures), idle) - figures[0][1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.join_leave", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1_000)
    parser.add_argument("--idle", type=float, default=15.0, help="seconds idle before the last figure")
    args = parser.parse_args(argv)
    figures, idle = measure(args.cycles, args.every, args.idle)
    grew = growth(figures, idle)
    verdict = "flat" if grew <= TARGET_MB else "GROWS"
    print(
        f"growth after the first {figures[0][0]} cycles: {grew:+.1f} MB (target: {TARGET_MB:g} MB at most): {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
