"""The computers of one room of the table server: the seats they play (a
computer's, or a person's while a computer stands in), what they will do in
the position the room is at, and when.

Pure and synchronous, as the room is: ``Computers.next_move`` says which
move is due at a time, and ``due`` when the next one will be; the room plays
it. Each seat's computer player is made once a match, seeded by the room's
computer seed and the seat (``game.ai.policy.computer_seed``), and sees only
its own seat's view (``Game.view``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .. import ai
from ..ai.policy import COMPUTER_DELAY, REACT_DELAY, THINK_BUDGET, Decision, computer_seed, reaction
from ..rules import Game


@dataclass
class Plan:
    """What the computers will do in this position and when."""

    moves: int
    at: float
    reactions: list[tuple[int, str]] = field(default_factory=list)  # (seat, action) in the order of play
    decision: Decision | None = None  # the computer in turn's


class Computers:
    """The room's computer players, at ``level``, seeded from ``seed``;
    ``delay``: seconds before a computer plays its turn, ``react_delay``:
    before one acts out of turn (a catch, a jump-in)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level, self.seed = level, seed
        self.delay = COMPUTER_DELAY
        self.react_delay = REACT_DELAY
        self.plan: Plan | None = None
        self._players: dict[int, ai.Player] = {}

    def player(self, seat: int) -> ai.Player:
        player = self._players.get(seat)
        if player is None:
            player = self._players[seat] = ai.make(self.level, computer_seed(self.seed, seat))
        return player

    def new_match(self) -> None:
        """The computers start a match afresh (seeded per seat as before)."""
        self._players, self.plan = {}, None

    def replan(self) -> None:
        """Who plays a seat has changed: the plan is made again."""
        self.plan = None

    def due(self, game: Game, moves: int, now: float, plays_itself: Callable[[int], bool]) -> float | None:
        """When a computer next acts in this position (None: none will)."""
        plan = self._plan(game, moves, now, plays_itself)
        return plan.at if plan is not None and (plan.reactions or plan.decision is not None) else None

    def next_move(
        self, game: Game, moves: int, now: float, plays_itself: Callable[[int], bool]
    ) -> tuple[int, str] | None:
        """The (seat, action) a computer plays now, if one is due: a reaction
        still legal first, else the move of the computer in turn once it has
        thought (a slice of ``THINK_BUDGET`` a call; None while it thinks)."""
        plan = self._plan(game, moves, now, plays_itself)
        if plan is None or now < plan.at:
            return None
        for seat, action in plan.reactions:
            if action in game.legal(seat):
                return seat, action
        plan.reactions = []
        decision = plan.decision
        if decision is None:
            return None
        decided = decision.think(THINK_BUDGET)
        if decided is None:
            return None  # still thinking: ``due`` is now
        return decision.seat, decided if decided in game.legal(decision.seat) else decision.fallback

    def _plan(self, game: Game, moves: int, now: float, plays_itself: Callable[[int], bool]) -> Plan | None:
        """The computers' plan for this position (``moves`` into the match), made once per position."""
        if game.hand_over:
            return None
        if self.plan is not None and self.plan.moves == moves:
            return self.plan
        plan = Plan(moves, now + self.delay)
        turn = game.turn
        assert turn is not None  # (a hand under way)
        if game.exposed is not None or game.plays_out_of_turn:
            origin = game.exposed if game.exposed is not None else turn
            for step in range(game.players):
                seat = (origin + step * game.direction) % game.players
                if seat == turn or not plays_itself(seat) or not game.legal(seat):
                    continue
                action = reaction(self.player(seat), game.view(seat))
                if action is not None:
                    plan.reactions.append((seat, action))
            if plan.reactions:
                plan.at = now + self.react_delay
        if plays_itself(turn):
            plan.decision = Decision(self.player(turn), game.view(turn))
            if plan.reactions:
                plan.at = min(plan.at, now + self.delay)
        self.plan = plan
        return plan
