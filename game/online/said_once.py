"""A server's log under a flood: each cause said once, its repeats counted.

A slowloris that filled the server's files made asyncio log a 6-line
traceback for every refused ``accept`` (73,592 of them, 30 MB in 10 s):
the log that should tell the operator what happened buried it. Here a
cause (a refused connection's reason, an error of the event loop) is said
on one line the first time, then at most once every ``EVERY`` seconds,
with how many times it came in between.
"""

from __future__ import annotations

import time
from collections.abc import Callable

EVERY = 60.0  # seconds between two lines of one cause at most


class SaidOnce:
    """``say(cause, line)``: ``line`` in the log, unless ``cause`` was said
    less than ``every`` seconds ago (then only counted)."""

    def __init__(self, log: Callable[[str], None], every: float = EVERY) -> None:
        self.log = log
        self.every = every
        self._said: dict[str, tuple[float, int]] = {}  # a cause's: when it was last said, repeats since

    def say(self, cause: str, line: str) -> None:
        now = time.monotonic()
        said = self._said.get(cause)
        if said is not None and now - said[0] < self.every:
            self._said[cause] = (said[0], said[1] + 1)
            return
        if said is not None and said[1]:
            line += f" ({said[1]} more times in the {now - said[0]:.0f} s before)"
        self._said[cause] = (now, 0)
        self.log(line)
