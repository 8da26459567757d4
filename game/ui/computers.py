"""The computer players at the table.

The seat whose turn it is (or who must choose: a challenge, the King's
picks) thinks a slice a frame from the moment its turn begins in the
engine, so a long search never stalls a frame. Every computer also watches
for a missed UNO call: each decides at once, from its own view, whether it
will catch the player (or call late, if it forgot), and does so after a
delay that depends on its level. The table holds the next player's move for
a short moment after a missed call, so that you can catch a computer too.
"""

from __future__ import annotations

from collections.abc import Generator

from game.ai import make
from game.rules import Game

from .seats import HUMAN

THINK_FRAMES = 12  # a computer's pause before each of its actions, at least
CATCH_WINDOW = 45  # frames after a missed call is shown before the next player may start
# How quickly each level catches (or calls late): frames after the missed call shows.
REACT_FRAMES = {"easy": 32, "normal": 18, "hard": 11}
REACT_STAGGER = 3  # more frames for each seat further round the table


def computer_seed(seed: int, seat: int) -> int:
    """Seat 1 plays from the match's computer seed itself (as at a table of
    two, so the 1991 game is unchanged); other seats from their own."""
    return seed if seat == 1 else seed * 1_000_003 + seat


class Thought:
    """One computer's decision being made a slice a frame (``Player.think``)."""

    def __init__(self, seat: int, steps: Generator[None, None, str]) -> None:
        self.seat = seat
        self._steps = steps
        self.paused = 0  # frames of the computer's visible pause so far
        self.action: str | None = None

    def step(self, pausing: bool) -> None:
        """One frame: a slice of thinking, until the action is known.
        ``pausing``: the table is still, so the frame counts towards the pause."""
        self.paused += pausing
        if self.action is None:
            try:
                next(self._steps)
            except StopIteration as done:
                self.action = done.value

    @property
    def ready(self) -> bool:
        """True once the action is known and the pause has lasted long enough."""
        return self.action is not None and self.paused >= THINK_FRAMES


class Computers:
    """Every computer seat of a match: ``players[seat]`` is its player."""

    def __init__(self, level: str, seed: int, seats: int) -> None:
        self.level = level
        self.players = {seat: make(level, seed=computer_seed(seed, seat)) for seat in range(1, seats)}
        self.thought: Thought | None = None
        self._watching: int | None = None  # the exposed seat being watched
        self._reactions: dict[int, tuple[int, str]] = {}  # seat -> (frame due, action)
        self.window = 0  # frames the missed call has been shown

    def forget(self) -> None:
        """Drop a decision in progress: the position it was made from has
        changed (a catch, a late call, the fanfare)."""
        self.thought = None

    def think(self, game: Game, idle: bool) -> None:
        """A slice of thinking for the computer that must act, if any."""
        turn = game.turn
        if game.hand_over or turn is None or turn == HUMAN:
            self.thought = None
            return
        if self.thought is None or self.thought.seat != turn:
            self.thought = Thought(turn, self.players[turn].think(game.view(turn)))
        self.thought.step(pausing=idle)

    def take_action(self) -> str | None:
        """The decided action of the computer in turn, once it is ready."""
        if self.thought is None or not self.thought.ready:
            return None
        action, self.thought = self.thought.action, None
        return action

    def watch(self, game: Game, idle: bool) -> tuple[int, str] | None:
        """While a seat is exposed (no UNO call): the (seat, action) of a
        computer that catches or calls late now, or None. The frames count
        only while the table is still, once the missed call shows."""
        exposed = game.exposed
        if exposed != self._watching:
            self._watching, self.window = exposed, 0
            self._reactions = {} if exposed is None else self._plan(game, exposed)
        if exposed is None or not idle:
            return None
        self.window += 1
        due = [(frame, seat, action) for seat, (frame, action) in self._reactions.items() if frame <= self.window]
        if not due:
            return None
        _, seat, action = min(due)
        self._reactions.clear()
        return seat, action

    def _plan(self, game: Game, exposed: int) -> dict[int, tuple[int, str]]:
        """Each computer's reaction and when it comes, decided at once."""
        plans = {}
        for seat, player in self.players.items():
            if seat == game.turn:
                continue  # the seat in turn answers through its own choice
            action = player.react(game.view(seat))
            if action is not None:
                distance = (seat - exposed) % len(game.hands)
                plans[seat] = (REACT_FRAMES[self.level] + REACT_STAGGER * distance, action)
        return plans

    @property
    def holding(self) -> bool:
        """True while the next player waits for the moment after a missed call."""
        return self._watching is not None and self.window < CATCH_WINDOW
