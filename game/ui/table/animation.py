"""A queue of timed steps, played out one frame at a time.

A step lasts a number of frames. When it starts it may change the board,
say something or play a sound, and return a card to move across the table
while the step lasts (``begin``); when its time is up it may change the board
again (``end``), for example to land the card on the pile. A step of zero
frames happens at once, in the same frame as the step before it ends.

Steps are built before they play, but ``begin`` runs only when its turn
comes, so a card flies from wherever it is on the board at that moment.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from game.ui.table.board import Board, Flight


@dataclass
class Step:
    frames: int
    begin: Callable[[], Flight | None] | None = None
    end: Callable[[], None] | None = None


class Timeline:
    """Plays steps in order onto a board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._steps: deque[Step] = deque()
        self._current: Step | None = None
        self._left = 0

    @property
    def idle(self) -> bool:
        return self._current is None and not self._steps

    def add(self, step: Step) -> None:
        self._steps.append(step)

    def clear(self) -> None:
        """Drop every step not yet played (the board is then set straight
        by whoever clears it)."""
        self._steps.clear()
        self._current, self._left = None, 0
        self.board.flight = None

    def update(self) -> None:
        """Advance one frame: a step of N frames ends on its Nth update."""
        ticked = False
        while True:
            if self._current is None:
                if not self._steps:
                    return
                self._begin(self._steps.popleft())
            if self._left > 0:
                if ticked:
                    return
                ticked = True
                self._left -= 1
                if self.board.flight is not None:
                    self.board.flight.age += 1
                if self._left > 0:
                    return
            self._end()

    def _begin(self, step: Step) -> None:
        self._current = step
        self._left = step.frames
        self.board.flight = step.begin() if step.begin else None

    def _end(self) -> None:
        step, self._current = self._current, None
        self.board.flight = None
        if step is not None and step.end:
            step.end()
