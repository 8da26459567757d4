"""Long runs (game.sim, the benchmarks) count their progress on a terminal
and print nothing of it when piped."""

import io
import subprocess
import sys
from pathlib import Path

from game.progress import Progress, clock, on_a_terminal

ROOT = Path(__file__).resolve().parent.parent


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_counter_shows_done_rate_and_time_left_on_one_line():
    stream = Terminal()
    progress = Progress("game.sim", 1000, stream=stream, enabled=True, every=0)
    progress.start -= 10  # ten seconds ago
    progress.update(250)
    progress.update(500)
    progress.close()
    text = stream.getvalue()
    assert "\n" not in text
    assert "\rgame.sim: 500/1000 hands, " in text
    assert "hands/s, 0:1" in text and " left" in text
    assert text.endswith("\r")  # the line is cleared for the figures


def test_piped_it_prints_nothing():
    stream = io.StringIO()
    assert not on_a_terminal(stream)
    progress = Progress("game.sim", 10, stream=stream)
    for done in range(11):
        progress.update(done)
    progress.close()
    assert stream.getvalue() == ""


def test_clock():
    assert clock(5) == "0:05"
    assert clock(187) == "3:07"
    assert clock(3 * 3600 + 5 * 60 + 9) == "3:05:09"


def test_game_sim_piped_prints_only_its_figures():
    done = subprocess.run(
        [sys.executable, "-m", "game.sim", "--ai", "normal,random", "--hands", "30", "--seed", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stderr == ""
    assert "\r" not in done.stdout and "hands/s" not in done.stdout
    assert done.stdout.startswith("normal against random")
