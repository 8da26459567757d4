"""``python -m benchmarks``: the figures that say the game runs on a Raspberry Pi.

    python -m benchmarks          # frame cost, start-up, peak memory (about 3 minutes)
    python -m benchmarks all      # those, then the engine's and the AI's benchmarks (slower)

Frame cost (``benchmarks/frames.py``): median and 99th percentile of one
frame's update + draw on the table with 7 and with 40 cards in your hand,
and during the computer's animated turns at each level. Start-up
(``benchmarks/startup.py``): process start to the first frame shown, in
both modes. Peak memory (``benchmarks/memory.py``): the peak resident set
of a scripted run (title, a whole hand, its result, the menus), in both
modes, and of a long session (an 80,000-line key mash, about two minutes
of the whole). Each module runs on its own too: ``python -m benchmarks.frames``.

On a terminal a line on standard error names the benchmark running, with
the time so far; piped, only the figures are printed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.progress import Progress

HERE = Path(__file__).resolve().parent
SLOW = ("engine", "ai")  # other engineers' benchmarks, run with "all"
PYXEL_NOTE = "Failed to initialize audio device"  # pyxel's own line on a machine without sound


def _without_audio_notes(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if line != PYXEL_NOTE and not line.startswith("ALSA lib"))


def _run(module: str, tick) -> subprocess.CompletedProcess:
    """Run one benchmark module, calling ``tick`` about twice a second."""
    process = subprocess.Popen(
        [sys.executable, "-m", f"benchmarks.{module}"],
        cwd=HERE.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    while True:
        tick()
        try:
            stdout, stderr = process.communicate(timeout=0.5)
        except subprocess.TimeoutExpired:
            continue
        return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv not in ([], ["all"]):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    # Each in a fresh process: start-up and memory measure processes of their
    # own, and frames needs pyxel initialised headless.
    modules = ["frames", "startup", "memory"]
    if argv == ["all"]:
        modules += [name for name in SLOW if (HERE / f"{name}.py").exists()]
    status = 0
    progress = Progress("python -m benchmarks", len(modules), unit="benchmarks")
    for number, module in enumerate(modules):
        progress.update(number, note=f"benchmarks.{module} running")
        done = _run(module, lambda n=number: progress.update(n))
        progress.close()
        lines = [line for line in done.stdout.splitlines() if line != PYXEL_NOTE]
        print("\n".join(lines) or f"benchmarks.{module}: no output")
        if done.returncode != 0:
            # Its standard error (the traceback) says why; pyxel's and ALSA's
            # notes about a missing audio device are left out.
            print(f"benchmarks.{module} failed with status {done.returncode}:", file=sys.stderr)
            print(_without_audio_notes(done.stderr), file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
