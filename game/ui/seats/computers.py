"""The computer players at the table.

The seat whose turn it is (or who must choose: a challenge, the King's
picks) thinks from the moment its turn begins in the engine, in slices of
at most THINK_SECONDS a frame, and every computer action, at every level,
comes after the same pause (THINK_FRAMES of a still table): the pace of
play, the seeds and the fallbacks are the table server's too, in one place
(``game.ai.policy``).

``ComputerTurns`` sends each decided action to the table (``Match``
holds one, offline: online the server's computers decide).

Every computer also watches for a missed UNO call: each decides at once, from its own view, whether it
will catch the player (or call late, if it forgot), and does so after a
delay that depends on its level. The table holds the next player's move for
a short moment after a missed call, so that you can catch a computer too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.ai import make
from game.ai.policy import (
    CATCH_WINDOW,
    JUMP_FRAMES,
    JUMP_IN_FRAMES,
    REACT_FRAMES,
    REACT_STAGGER,
    THINK_FRAMES,
    THINK_SECONDS,
    Decision,
    computer_seed,
    last_action_in_turn,
    reaction,
)
from game.rules import Game, IllegalAction
from game.ui.seats.kinds import Seating


class Thought:
    """The decision of the computer in turn (``policy.Decision``), made a
    slice a frame, and the frames of its visible pause so far."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.paused = 0  # frames of the computer's visible pause so far

    def step(self, pausing: bool) -> None:
        """One frame: slices of thinking for up to THINK_SECONDS, until the
        action is known. ``pausing``: the table is still, so the frame counts
        towards the pause."""
        self.paused += pausing
        self.decision.think(THINK_SECONDS)

    @property
    def ready(self) -> bool:
        """True once the action is known and the pause has lasted long enough."""
        return self.decision.action is not None and self.paused >= THINK_FRAMES


class Computers:
    """Every computer seat of a match: ``players[seat]`` is its player.
    ``seats``: how many seats at the table (seat 0 is the person's, the
    others computers), or the computer seats themselves."""

    def __init__(self, level: str, seed: int, seats: int | list[int]) -> None:
        self.level = level
        computer_seats = range(1, seats) if isinstance(seats, int) else seats
        self.players = {seat: make(level, seed=computer_seed(seed, seat)) for seat in computer_seats}
        self.thought: Thought | None = None
        self._watching: tuple | None = None  # the position watched: (exposed seat, move if jump-ins)
        self._reactions: dict[int, tuple[int, str]] = {}  # seat -> (frame due, action)
        self.window = 0  # frames the missed call has been shown

    def forget(self) -> None:
        """Drop a decision in progress: the position it was made from has
        changed (a catch, a late call, the fanfare)."""
        self.thought = None

    def think(self, game: Game, idle: bool) -> None:
        """A slice of thinking for the computer that must act, if any."""
        turn = game.turn
        if game.hand_over or turn is None or turn not in self.players:
            self.thought = None
            return
        if self.thought is None or self.thought.decision.seat != turn:
            self.thought = Thought(Decision(self.players[turn], game.view(turn)))
        self.thought.step(pausing=idle)

    def take_action(self) -> tuple[str, Exception | None] | None:
        """The decided action of the computer in turn once it is ready, and
        the error its thinking raised, if it had to fall back."""
        if self.thought is None or not self.thought.ready:
            return None
        decision, self.thought = self.thought.decision, None
        assert decision.action is not None  # (ready: decided)
        return decision.action, decision.error

    def watch(self, game: Game, idle: bool, moves: int) -> tuple[int, str] | None:
        """The (seat, action) of a computer that acts out of turn now, or
        None: while a seat is exposed (no UNO call), a catch or a late call;
        with the jump-in house rule, after any move, a jump-in. ``moves``
        counts the actions so far. The frames count only while the table is
        still, once what happened shows."""
        exposed = game.exposed
        jumping = game.plays_out_of_turn and not game.hand_over
        position = (exposed, moves if jumping else None)
        if position != self._watching:
            self._watching, self.window = position, 0
            self._reactions = self._plan(game) if exposed is not None or jumping else {}
        if (exposed is None and not self._reactions) or not idle:
            return None
        self.window += 1
        due = sorted((frame, seat, action) for seat, (frame, action) in self._reactions.items() if frame <= self.window)
        for _, seat, action in due:
            del self._reactions[seat]
            if action in game.legal(seat):
                return seat, action
        return None

    def _plan(self, game: Game) -> dict[int, tuple[int, str]]:
        """Each computer's reaction and when it comes, decided at once."""
        plans = {}
        origin = game.exposed if game.exposed is not None else game.turn
        assert origin is not None  # (a seat exposed, or one in turn: a hand under way)
        for seat, player in self.players.items():
            if seat == game.turn or not game.legal(seat):
                continue  # the seat in turn answers through its own choice
            action = reaction(player, game.view(seat))
            if action is not None:
                delay = (JUMP_FRAMES if action.startswith("play") else REACT_FRAMES)[self.level]
                plans[seat] = (delay + REACT_STAGGER * ((seat - origin) % len(game.hands)), action)
        return plans

    @property
    def holding(self) -> bool:
        """True while the next player waits for the moment after a missed call."""
        return self._watching is not None and self._watching[0] is not None and self.window < CATCH_WINDOW


class ComputerTable(Protocol):
    """What the computers' turns read of the table (``Match``), and the one
    way they change the game: ``act``."""

    seating: Seating
    moves: int  # actions sent so far
    notice: Callable[[str], None]

    def act(self, action: str, seat: int | None = None) -> None: ...


class JumpChance(Protocol):
    """A person's chance to jump in (house rule), which the next computer waits for."""

    jump_window: int  # still frames the person has had to jump in

    def jump_in_card(self, seat: int | None = None) -> str | None: ...


class ComputerTurns:
    """Where a computer's choice becomes an action, sent to the table's
    engine (``engine``, on this machine) through ``table.act``."""

    def __init__(self, table: ComputerTable, engine: Game, computers: Computers, jumps: JumpChance) -> None:
        self.table = table
        self.game = engine
        self.computers = computers
        self.jumps = jumps

    def think(self, idle: bool) -> None:
        """A slice of thinking for the computer that must act, if any."""
        self.computers.think(self.game, idle)

    def take_turn(self) -> None:
        """The computer in turn acts, once its decision is ready."""
        if self.computers.holding and self.game.exposed != self.game.turn:
            return  # the short moment after a missed call, before the next player starts
        waits = not self.table.seating.several  # with several people a wait would tell what one holds
        if waits and self.jumps.jump_in_card() is not None and self.jumps.jump_window < JUMP_IN_FRAMES:
            return  # your moment to jump in, before the next player starts
        decided = self.computers.take_action()
        if decided is None:
            return
        action, failure = decided
        seat = self.game.turn
        assert seat is not None  # (a decision is ready only for the seat in turn)
        if failure is not None:
            self.table.notice(f"error {self._name(seat)} could not decide ({failure!r}); it plays {action!r}")
        try:
            self.table.act(action)
        except IllegalAction as error:
            # A computer player's mistake must never stop your game: it is
            # reported, and the computer takes its last legal action instead.
            fallback = last_action_in_turn(self.game.legal())
            self.table.notice(f"error {self._name(seat)} chose {action!r}, refused ({error}); it plays {fallback!r}")
            self.table.act(fallback)

    def _name(self, seat: int) -> str:
        return self.table.seating.name(seat).lower()

    # ----- UNO: calls and catches ----------------------------------------------------

    def watch(self, idle: bool) -> None:
        """A computer catches a player who forgot UNO, or calls it late, or
        jumps in (house rule)."""
        reaction = self.computers.watch(self.game, idle, self.table.moves)
        if reaction is not None:
            seat, action = reaction
            self.table.act(action, seat=seat)
            self.computers.forget()
