"""The Royal Scepter's timer (Royal Revenge): after about a minute of play,
a little more or less each time, it sounds its fanfare and the crown passes
on. Counted in frames of play, so a scripted run is the same every time."""

from __future__ import annotations

import random

from game.rules.rulesets import SCEPTER_SECONDS
from game.ui.layout import FPS

SHORTEST_S, LONGEST_S = SCEPTER_SECONDS


class Scepter:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self.frames = 0
        self.length = self._draw_length()

    def _draw_length(self) -> int:
        return int(FPS * (SHORTEST_S + (LONGEST_S - SHORTEST_S) * self._rng.random()))

    def tick(self) -> None:
        self.frames += 1

    @property
    def due(self) -> bool:
        return self.frames >= self.length

    @property
    def progress(self) -> float:
        return min(1.0, self.frames / self.length)

    @property
    def state(self) -> list[int]:
        """[frames run, frames it runs for], as a saved match keeps it."""
        return [self.frames, self.length]

    @state.setter
    def state(self, value: list[int]) -> None:
        self.frames, self.length = value

    def restart(self) -> None:
        """After the fanfare: a new minute or so."""
        self.frames = 0
        self.length = self._draw_length()
