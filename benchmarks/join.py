"""Joining an online table: from JOIN to the lobby showing the room, at a window's pace.

    python -m benchmarks.join [--runs N]

One real table server (``python -m game.server`` on a free port of
127.0.0.1, its rooms in a temporary folder), and each join a game process
of its own
(``python -m benchmarks.join --once URL``): pyxel headless but paced as a
window, 30 frames a second, run by ``pyxel.run`` with the window's own
``update`` and ``draw`` (``game.ui.app.window_frames``), so that pyxel
keeps Python's GIL between frames as it does in a window. Half a second
after its title menu shows, it joins a new room at
``ws://localhost:PORT/ROOM`` (the address a person types: ``localhost`` is
looked up like any name, ``::1`` first where the system says so), timed
from the frame JOIN is chosen (the lobby pushed over the title, as the JOIN
screen's answer does) to the end of the first lobby frame that shows the room
(the server's welcome has arrived). A new process each time: a player's
first JOIN of a session is the one that also loads the WebSocket library.
Prints the median and the worst. Target: under 0.3 s, the worst.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyxel

from benchmarks.server import start_server
from game.ui.app import App, window_frames
from game.ui.device import runtime
from game.ui.layout import FPS
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.navigator import Push
from game.ui.scenes.play import leave_online

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 0.3
WARM_UP = 15  # frames on the title menu before JOIN (half a second)
SERVER_LIFETIME = 300.0
JOINED = "joined in"


class Join:
    """The App, on its title menu, joining a new room at ``url`` once; then
    it says how long that took (``JOINED SECONDS``) and pyxel quits, which
    ends the process."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.app = App(1, report=lambda line: None, low_memory=True)
        self.started: float | None = None  # when JOIN was chosen
        self.frames = 0
        self.update, self.draw = window_frames(self.app)

    def frame_update(self) -> None:
        self.frames += 1
        if self.started is None and self.app.scene == "title" and self.frames >= WARM_UP:
            self.started = time.perf_counter()
            self.app.navigator.take(Push(LobbyScene(self.app.context, self.url, "BENCH")))
        self.update()

    def frame_draw(self) -> None:
        self.draw()
        app = self.app
        if self.started is not None and app.scene == "lobby" and app.online.session.room:
            # The frame that shows the room is drawn (the rest of the frame, given to the connection, not counted).
            print(f"{JOINED} {time.perf_counter() - self.started:.4f}", flush=True)
            app.navigator.take(leave_online(app.context))
            pyxel.quit()


def join_once(url: str) -> None:
    """This process as the game: headless, at a window's pace; one join."""
    pyxel.init(**{**runtime.init_options(headless=True), "fps": FPS})
    join = Join(url)
    pyxel.run(join.frame_update, join.frame_draw)


def measure(runs: int) -> list[float]:
    """The seconds of ``runs`` first joins, each in a game process of its
    own, to a new room of one server."""
    folder = Path(tempfile.mkdtemp(prefix="uno1991-join-"))
    server, address = start_server(folder, SERVER_LIFETIME)
    port = address.rsplit(":", 1)[1]
    times = []
    try:
        for run in range(1, runs + 1):
            command = [sys.executable, "-m", "benchmarks.join", "--once", f"ws://localhost:{port}/join{run}"]
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
            said = [line for line in done.stdout.splitlines() if line.startswith(JOINED)]
            if not said:
                raise RuntimeError(f"a join was not timed: {done.stdout}{done.stderr}")
            times.append(float(said[0].split()[-1]))
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
    return times


def report(times: list[float]) -> str:
    median, worst = statistics.median(times), max(times)
    verdict = "ok" if worst < TARGET_S else "OVER TARGET"
    return (
        f"join on localhost, JOIN to the lobby showing the room ({len(times)} joins, {FPS} frames a second; "
        f"target < {TARGET_S} s): median {median:.3f} s   worst {worst:.3f} s   {verdict}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.join", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="joins to time, each in a new game (default 10)")
    parser.add_argument("--once", metavar="URL", help=argparse.SUPPRESS)  # one game process's join
    args = parser.parse_args(argv)
    if args.once:
        join_once(args.once)
        return 1  # pyxel.quit ends the process before this
    if args.runs < 1:
        parser.error("--runs takes 1 or more")
    print(report(measure(args.runs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
