"""How computer players sit at a table: what the offline table
(``game.ui.seats.computers``, counted in frames) and the table server
(``game.online.room_computers`` and ``room_match``, in seconds) do alike, in one place.

- **Seeds**: which seed each computer seat plays from (``computer_seed``).
- **Failures**: what a computer does when its thinking fails or its choice
  is refused (``last_action_in_turn``): a bug must never stop a game.
- **Thinking a slice at a time**: a ``Decision`` runs ``Player.think`` for
  a bounded time a frame (offline) or a tick (the server), so a long search
  never stalls either; ``reaction`` asks a seat what it does out of turn.
- **The pace of play**: every computer action, at every level, comes after
  the same pause, whether its choice was forced or searched, so how long a
  computer seems to think never tells what it holds (docs/computer-players.md).
  The search of a hard choice is done well within it: a hard decision takes
  at most about 60 ms; offline the pause, 400 ms, gives it 12 frames of
  THINK_SECONDS. Only a search still unfinished when the pause is over (a very
  slow machine) makes a computer wait longer.
- **The Royal scepter's clock** (``ScepterClock``), on the table's own clock:
  frames of play offline, so that a scripted run is the same every time;
  seconds of play on the server.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..rules.game import View
from ..rules.notation import OUT_OF_TURN
from ..rules.rulesets import SCEPTER_SECONDS
from .players import Player

# ----- the pace of play ------------------------------------------------------------------
# Offline, in frames of a still table (30 a second).
THINK_FRAMES = 12  # a computer's pause before each of its actions, at least
THINK_SECONDS = 0.006  # its thinking a frame, at most (a frame is 33 ms)
CATCH_WINDOW = 45  # frames after a missed call is shown before the next player may start
# How quickly each level catches (or calls late): frames after the missed call shows.
REACT_FRAMES = {"easy": 32, "normal": 18, "hard": 11}
# How quickly each level jumps in (house rule): before the next player's
# pause for thought is over, or not at all.
JUMP_FRAMES = {"easy": 10, "normal": 6, "hard": 4}
REACT_STAGGER = 3  # more frames for each seat further round the table
# Jump-in (house rule): while you hold a card identical to the top card, the
# next player waits this long (frames of a still table, 2 seconds) before it
# starts, so that you can see the chance and press J.
JUMP_IN_FRAMES = 60

# On the table server, in seconds (a room's computers' own ``delay`` and ``react_delay``: ``online.room_computers``).
COMPUTER_DELAY = 0.8  # seconds a computer waits before it acts, so that people see it
REACT_DELAY = 1.2  # before a computer catches, calls late or jumps in: people are quicker
THINK_BUDGET = 0.004  # seconds of a computer's thinking per tick (a long search is sliced)


# ----- seeds and failures ------------------------------------------------------------------


def computer_seed(seed: int, seat: int) -> int:
    """Seat 1 plays from the match's computer seed itself (as at a table of
    two, so the 1991 game is unchanged); other seats from their own."""
    return seed if seat == 1 else seed * 1_000_003 + seat


def last_action_in_turn(legal: Sequence[str]) -> str:
    """What a computer does when its own choice fails: its last legal action
    in turn (drawing, mostly), never one out of turn."""
    return [action for action in legal if action not in OUT_OF_TURN][-1]


# ----- thinking ----------------------------------------------------------------------------


class Decision:
    """One computer's choice in turn being made a slice at a time
    (``Player.think``). If its thinking fails it takes ``fallback`` instead,
    and ``error`` says what failed (the offline table reports it)."""

    def __init__(self, player: Player, view: View) -> None:
        self.seat = view.seat
        self.fallback = last_action_in_turn(view.legal)
        self._steps: Generator[None, None, str] = player.think(view)
        self.action: str | None = None
        self.error: Exception | None = None

    def think(self, seconds: float) -> str | None:
        """Slices of thinking, at least one, for up to ``seconds``, until the
        action is known; the action, once it is."""
        deadline = time.perf_counter() + seconds
        while self.action is None:
            try:
                next(self._steps)
            except StopIteration as done:
                self.action = done.value
            except Exception as error:
                self.error, self.action = error, self.fallback
            if time.perf_counter() >= deadline:
                break
        return self.action


def reaction(player: Player, view: View) -> str | None:
    """What the seat does out of turn (``Player.react``), if anything;
    nothing if its thinking fails."""
    try:
        return player.react(view)
    except Exception:
        return None


# ----- the Royal scepter's clock -------------------------------------------------------------


class Clock(Protocol):
    """The units a timer counts in."""

    def units(self, seconds: float) -> float:
        """``seconds`` in this clock's units, as a timer's length is kept."""
        ...


@dataclass(frozen=True)
class Frames:
    """Frames of play, ``per_second`` of them a second, in whole frames: the
    offline table's clock, so that a scripted run is the same every time."""

    per_second: int

    def units(self, seconds: float) -> int:
        return int(self.per_second * seconds)


class Seconds:
    """Seconds of play to the hundredth: the table server's clock (its
    event loop's monotonic time)."""

    def units(self, seconds: float) -> float:
        return round(seconds, 2)


class ScepterClock:
    """Royal Revenge: after about a minute of play, a little more or less each
    time (``SCEPTER_SECONDS``), the scepter is due: its fanfare sounds and the
    crown passes on. Its lengths come from ``seed`` (the match's computer
    seed), counted on ``clock``; ``run`` counts the play so far."""

    def __init__(self, seed: int, clock: Clock) -> None:
        self._rng = random.Random(seed)
        self._clock = clock
        self.restarts = 0  # fanfares so far
        self.length = self._draw()
        self.run = clock.units(0.0)
        self._mark: float | None = None  # when it was last wound on (None: standing still)

    def _draw(self) -> float:
        shortest, longest = SCEPTER_SECONDS
        return self._clock.units(shortest + (longest - shortest) * self._rng.random())

    def advance(self, units: float) -> None:
        """Count ``units`` more of play (offline: a frame)."""
        self.run += units

    def wind(self, now: float, running: bool) -> None:
        """Count the time since the last wind, if it ran then; from now on it
        runs or stands still, as ``running`` says (the server: it stands
        still while the room is empty or a hand is over)."""
        if self._mark is not None:
            self.advance(max(0.0, now - self._mark))
        self._mark = now if running else None

    def due_at(self, now: float) -> float:
        return now + max(0.0, self.length - self.run)

    @property
    def due(self) -> bool:
        return self.run >= self.length

    @property
    def progress(self) -> float:
        """How full its timer is, 0 to 1."""
        return min(1.0, self.run / self.length)

    def restart(self) -> None:
        """After the fanfare: a new minute or so."""
        self.run, self.length, self.restarts = self._clock.units(0.0), self._draw(), self.restarts + 1

    def restore(self, run: float, length: float, restarts: int = 0) -> None:
        """The clock as it was left after ``restarts`` fanfares: the lengths
        still to come are drawn as they would have been."""
        for _ in range(restarts):
            self._draw()
        self.run, self.length, self.restarts = run, length, restarts
