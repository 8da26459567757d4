"""Start-up: from starting the process to the first frame shown, both modes.

    python -m benchmarks.startup [--runs N]

Each run starts ``python -m game --headless`` on a script of one frame, with
``UNO1991_STARTUP_MARK=1``: the game then prints "first frame shown" on its
standard output as soon as its first frame is drawn (the loading screen in
the normal mode, the title menu in constrained-memory mode). The time is
measured from outside, from just before the process is started to the
moment that line arrives, so it includes starting Python, importing the
game and pyxel, ``pyxel.init``, loading the resources that the first frame
needs and drawing it. Headless: a window's creation (SDL, the GPU) is not
included. The median of the runs is reported. Target: under 0.4 s in
constrained-memory mode on the development machine.

Python keeps the game's compiled modules (``__pycache__``) after its first
start, as on any player's machine; the first, untimed, run of each mode
writes them, even where the shell says ``PYTHONDONTWRITEBYTECODE`` (as
some containers do), which would otherwise time compiling the game's
source at every start instead of starting it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.ui.app import FIRST_FRAME, STARTUP_MARK

ROOT = Path(__file__).resolve().parents[1]
TARGET_LOW_S = 0.4
MODES = (("constrained memory", "--low-memory"), ("normal", "--no-low-memory"))


def first_frame_seconds(flag: str, script: Path) -> float:
    command = [sys.executable, "-m", "game", "--headless", flag, "--seed", "1", "--script", str(script)]
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env[STARTUP_MARK] = "1"
    start = time.perf_counter()
    with subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        for line in process.stdout:
            if line.strip() == FIRST_FRAME:
                took = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"{' '.join(command)} never showed a frame")
        process.stdout.read()
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({process.returncode})")
    return took


def run(runs: int = 7) -> list[tuple[str, float, float]]:
    with tempfile.TemporaryDirectory() as work:
        script = Path(work) / "one_frame.txt"
        script.write_text("wait 1\n")
        rows = []
        for name, flag in MODES:
            first_frame_seconds(flag, script)  # warm the file cache
            times = [first_frame_seconds(flag, script) for _ in range(runs)]
            rows.append((name, statistics.median(times), min(times)))
    return rows


def report(rows: list[tuple[str, float, float]]) -> list[str]:
    head = "start-up (process start to first frame shown, headless"
    lines = [f"{head}; target < {TARGET_LOW_S} s in constrained memory)"]
    for name, median, best in rows:
        verdict = ""
        if name == MODES[0][0]:
            verdict = "ok" if median < TARGET_LOW_S else "OVER TARGET"
        lines.append(f"  {name:<20} median {median:.3f} s   best {best:.3f} s   {verdict}".rstrip())
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.startup", description="start-up time to the first frame"
    )
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    print("\n".join(report(run(args.runs))))


if __name__ == "__main__":
    main()
