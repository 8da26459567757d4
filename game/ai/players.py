"""The three levels as players with ``choose(view) -> action``,
``think(view)``, the same choice made a slice at a time, and
``react(view)``, what a seat does out of turn (catching a player who did not
call UNO, or calling it late, and with the house rule jump_in jumping in)."""

from __future__ import annotations

import dataclasses
import random
import zlib
from collections.abc import Generator, Sequence
from typing import TypeVar

from ..rules.game import View
from ..rules.notation import OUT_OF_TURN
from . import heuristic, house, picks, search


def decision_rng(seed: int, view: View) -> random.Random:
    """A generator for one decision, seeded from the player's seed and a
    digest of the view: ``zlib.crc32`` of the repr of plain tuples of
    strings and numbers, which is the same on every Python (the built-in
    ``hash`` of a str is salted per process)."""
    events = tuple(tuple(event) for event in view.events)
    digest = zlib.crc32(repr((view.hand, view.legal, view.discard, view.counts, view.scores, events)).encode())
    return random.Random(seed * 0x1_0000_0000 + digest)


T = TypeVar("T")


def pick(items: Sequence[T], rng: random.Random) -> T:
    """A uniformly random item, drawn with ``rng.random()`` alone, whose
    sequence is stable across Python versions."""
    return items[int(rng.random() * len(items))]


# How often ``easy`` jumps in when it can.
JUMPS_IN = 0.5


class Player:
    """A computer player of one level; ``choose`` is a pure function of the
    view, through a generator seeded from the seed and the view.

    With UNO calls (standard and Royal Revenge) a level forgets to call UNO
    with the play that leaves it one card ``FORGETS`` of the time, and
    catches a player who forgot, or calls late when it forgot, ``REACTS`` of
    the time (each drawn from the view, so a view asked again gets the same
    answer)."""

    level = ""
    FORGETS = 0.0
    REACTS = 1.0

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> str:
        """One of ``view.legal``, for the seat whose turn it is: ``catch`` or
        ``uno`` first when it reacts to a missed UNO call (its turn is still
        to come: ask again), else an action in turn."""
        return finish(self.think(view))

    def think(self, view: View) -> Generator[None, None, str]:
        """The same choice as ``choose``, as a generator that pauses (yields)
        between slices of thinking and returns the action: a game loop runs
        a slice a frame, so a long search never stalls a frame, and without
        threads (the browser has none)."""
        if not view.legal or view.turn != view.seat:
            raise ValueError("nothing to choose: it is not this seat's turn")
        rng = decision_rng(self.seed, view)
        if view.legal[0] in OUT_OF_TURN:
            if self.reacts(rng):
                return view.legal[0]
            view = dataclasses.replace(view, legal=view.legal[1:])
        action = yield from self.steps(view, rng)
        return picks.legal_form(view, self.call_uno(view, action, rng))

    def react(self, view: View) -> str | None:
        """What the seat does out of turn: ``catch`` (another seat left one
        card without calling UNO), ``uno`` (this seat did: a late call), with
        the house rule jump_in a jump-in (``play R7``, ``play R7 uno``: a
        card identical to the top card, from ``view.legal``), or None. A
        table asks every computer seat not in turn while a seat is exposed
        or may jump in; for the seat in turn ``choose`` answers the same
        catch or call first (and its own identical card is a plain play)."""
        if not view.legal:
            return None
        rng = decision_rng(self.seed, view)
        if view.legal[0] in OUT_OF_TURN and self.reacts(rng):
            return view.legal[0]
        if view.turn == view.seat or not any(action.startswith("play ") for action in view.legal):
            return None
        action = self.jump_in(view, rng)
        return None if action is None else self.call_uno(view, action, rng)

    def jump_in(self, view: View, rng: random.Random) -> str | None:
        """The jump-in this level makes, if any (``house.jump_in``)."""
        return house.jump_in(view)

    def reacts(self, rng: random.Random) -> bool:
        return self.REACTS >= 1 or rng.random() < self.REACTS

    def call_uno(self, view: View, action: str, rng: random.Random) -> str:
        """The action with the UNO call when it leaves one card, unless the
        level forgets."""
        plain = action.removesuffix(" uno")
        if plain + " uno" not in view.legal:
            return action
        forgets = self.FORGETS > 0 and rng.random() < self.FORGETS
        return plain if forgets else plain + " uno"

    def steps(self, view: View, rng: random.Random) -> Generator[None, None, str]:
        """The thinking, in slices; a level that decides at once has one."""
        yield from ()
        return self.decide(view, rng)

    def decide(self, view: View, rng: random.Random) -> str:
        raise NotImplementedError


def finish(steps: Generator[None, None, T]) -> T:
    """Run a decision (or a search's evaluation) made in slices straight
    through; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


class Easy(Player):
    """A beginner: a random legal card and a random colour, drawing only when
    it has nothing to play, and always playing a card it has just drawn;
    every other choice (a colour, a challenge, the King's picks) at random.
    It forgets UNO half the time, and catches or calls late half the time;
    with house rules it stacks or not, swaps with anyone and jumps in (half
    the time) at random."""

    level = "easy"
    FORGETS = 0.5
    REACTS = 0.5

    def decide(self, view: View, rng: random.Random) -> str:
        plays_by_card: dict[str, list[str]] = {}
        fair_four = not any(code[0] == view.colour for code in view.hand)
        for action in view.legal:
            if action.startswith("play ") and not action.endswith(" uno") and " swap " not in action:
                card = action.split()[1]
                if card != "W+4" or fair_four:  # it never bluffs
                    plays_by_card.setdefault(card, []).append(action)
        rest = [action for action in view.legal if not action.startswith("play ")]
        if view.pending is not None and view.pending.kind in ("stack", "challenge"):
            # Stack a card or not, at random (with stacking: the choice is listed with the cards).
            choice = pick([*plays_by_card, *rest], rng)
            return pick(plays_by_card[choice], rng) if choice in plays_by_card else choice
        if not plays_by_card:
            return pick(rest, rng)  # a colour for a Wild turned up, a draw, a swap...
        return pick(plays_by_card[pick(list(plays_by_card), rng)], rng)

    def jump_in(self, view: View, rng: random.Random) -> str | None:
        """It jumps in with an identical card half the time."""
        plays = [action for action in view.legal if action.startswith("play ") and " " not in action[5:]]
        return plays[0] if plays and rng.random() < JUMPS_IN else None


class Normal(Player):
    """A solid heuristic player: see ``heuristic``. It rarely forgets UNO."""

    level = "normal"
    FORGETS = 0.05

    def decide(self, view: View, rng: random.Random) -> str:
        return heuristic.choose(view, rng)


class Hard(Player):
    """Determinized Monte Carlo search: see ``search``. It never forgets UNO."""

    level = "hard"
    settings = search.HARD

    def steps(self, view: View, rng: random.Random) -> Generator[None, None, str]:
        return search.think(view, rng, self.settings)


class HardV1(Hard):
    """``hard`` as it played before issue 31 made it stronger: a baseline
    for the benchmarks (``game.sim --ai hard,hard-v1``), not a level."""

    level = "hard-v1"
    settings = search.HARD_V1


LEVELS = {cls.level: cls for cls in (Easy, Normal, Hard)}
FROZEN = {cls.level: cls for cls in (HardV1,)}
