"""The Royal Scepter's timer at the offline table (Royal Revenge): the
scepter's clock (``game.ai.policy.ScepterClock``, as the table server's)
counted in frames of play, so a scripted run is the same every time."""

from __future__ import annotations

from game.ai.policy import Frames, ScepterClock
from game.ui.layout import FPS


class Scepter(ScepterClock):
    def __init__(self, seed: int) -> None:
        super().__init__(seed, Frames(FPS))

    def tick(self) -> None:
        """A frame of play."""
        self.advance(1)

    @property
    def state(self) -> list[int]:
        """[frames run, frames it runs for], as a saved match keeps it."""
        return [int(self.run), int(self.length)]

    @state.setter
    def state(self, value: list[int]) -> None:
        frames, length = value
        self.restore(frames, length)
