"""A one-line progress counter for long runs (``game.sim``, the benchmarks).

On a terminal it rewrites one line of standard error, at most a few times a
second: what is done out of the total, the rate and the time left, e.g.
``game.sim: 420/1000 hands, 35.2 hands/s, 0:16 left``. When standard output
or standard error is not a terminal (piped, redirected, under a test) it
prints nothing at all, so piped output stays exactly the figures.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


def on_a_terminal(stream: TextIO | None = None) -> bool:
    """Both standard output and ``stream`` (standard error) are terminals."""
    stream = sys.stderr if stream is None else stream
    try:
        return sys.stdout.isatty() and stream.isatty()
    except (AttributeError, ValueError):
        return False


def clock(seconds: float) -> str:
    """``1:05:09`` or ``3:07``."""
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


class Progress:
    """``update(done)`` as work is done, ``close()`` at the end (or use it as
    a context manager). Silent unless ``enabled`` (default: on a terminal)."""

    def __init__(
        self,
        label: str,
        total: int,
        unit: str = "hands",
        stream: TextIO | None = None,
        enabled: bool | None = None,
        every: float = 0.25,
    ) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.stream = sys.stderr if stream is None else stream
        self.enabled = on_a_terminal(self.stream) if enabled is None else enabled
        self.every = every
        self.start = time.perf_counter()
        self.shown = -every
        self.done = 0
        self.width = 0
        self.note = ""

    def line(self, now: float) -> str:
        elapsed = now - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = f"{clock((self.total - self.done) / rate)} left" if rate > 0 else f"{clock(elapsed)} so far"
        note = f" ({self.note})" if self.note else ""
        return f"{self.label}: {self.done}/{self.total} {self.unit}{note}, {rate:.1f} {self.unit}/s, {left}"

    def update(self, done: int, note: str | None = None) -> None:
        """``done`` of the total so far; ``note`` says what is running now."""
        self.done = done
        if note is not None:
            self.note, self.shown = note, -self.every
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.shown < self.every and done < self.total:
            return
        self.shown = now
        text = self.line(now)
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        """Clear the line, so the figures printed next start on a clean line."""
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
