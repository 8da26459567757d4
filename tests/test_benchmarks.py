"""The Raspberry Pi check runs the frame, start-up and memory benchmarks, and
docs/benchmarks.md quotes them: each must run to its figures. These short runs
assert no target (the machine running the tests may be busy), only that every
figure is measured and printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SHORT_RUNS = {
    # module and arguments: the rows each must print
    ("frames", "--frames", "30"): (
        "table, 7 cards",
        "computer's turns, hard",
        "10 seats, 4 people, hard",
        "online, 4 seats",
        "one save of the match",
    ),
    ("startup", "--runs", "1"): ("constrained memory", "normal"),
    ("memory", "--long-lines", "0"): ("pyxel + pyxel.load", "constrained memory", "normal"),
}


@pytest.mark.parametrize("command", list(SHORT_RUNS), ids=lambda command: command[0])
def test_each_benchmark_of_the_pi_check_prints_its_figures(command):
    module, *arguments = command
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{module}", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for row in SHORT_RUNS[command]:
        line = next((line for line in done.stdout.splitlines() if line.strip().startswith(row)), None)
        assert line is not None, f"no figures for {row!r} in:\n{done.stdout}"
        assert " ms" in line or " s " in line or line.endswith(" s") or " MB" in line, line
