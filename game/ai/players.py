"""The three levels as players with ``choose(view) -> action``, and
``think(view)``, the same choice made a slice at a time."""

from __future__ import annotations

import random
import zlib
from collections.abc import Generator

from ..rules.game import View
from . import heuristic, search


def decision_rng(seed: int, view: View) -> random.Random:
    """A generator for one decision, seeded from the player's seed and a
    digest of the view: ``zlib.crc32`` of the repr of plain tuples of
    strings and numbers, which is the same on every Python (the built-in
    ``hash`` of a str is salted per process)."""
    events = tuple(tuple(event) for event in view.events)
    digest = zlib.crc32(repr((view.hand, view.legal, view.discard, view.counts, view.scores, events)).encode())
    return random.Random(seed * 0x1_0000_0000 + digest)


def pick(items, rng: random.Random):
    """A uniformly random item, drawn with ``rng.random()`` alone, whose
    sequence is stable across Python versions."""
    return items[int(rng.random() * len(items))]


class Player:
    """A computer player of one level; ``choose`` is a pure function of the
    view, through a generator seeded from the seed and the view."""

    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> str:
        """One of ``view.legal``, for the seat whose turn it is."""
        return finish(self.think(view))

    def think(self, view: View) -> Generator[None, None, str]:
        """The same choice as ``choose``, as a generator that pauses (yields)
        between slices of thinking and returns the action: a game loop runs
        a slice a frame, so a long search never stalls a frame, and without
        threads (the browser has none)."""
        if not view.legal:
            raise ValueError("nothing to choose: it is not this seat's turn")
        return (yield from self.steps(view, decision_rng(self.seed, view)))

    def steps(self, view: View, rng: random.Random) -> Generator[None, None, str]:
        """The thinking, in slices; a level that decides at once has one."""
        yield from ()
        return self.decide(view, rng)

    def decide(self, view: View, rng: random.Random) -> str:
        raise NotImplementedError


def finish(steps: Generator[None, None, str]) -> str:
    """Run a decision made in slices straight through; its action."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class Easy(Player):
    """A beginner: a random legal card and a random colour, drawing only when
    it has nothing to play, and always playing a card it has just drawn."""

    level = "easy"

    def decide(self, view: View, rng: random.Random) -> str:
        plays_by_card: dict[str, list[str]] = {}
        for action in view.legal:
            if action.startswith("play "):
                plays_by_card.setdefault(action.split()[1], []).append(action)
        if not plays_by_card:
            return pick(view.legal, rng)  # a colour for a Wild turned up, or a draw
        return pick(plays_by_card[pick(list(plays_by_card), rng)], rng)


class Normal(Player):
    """A solid heuristic player: see ``heuristic``."""

    level = "normal"

    def decide(self, view: View, rng: random.Random) -> str:
        return heuristic.choose(view, rng)


class Hard(Player):
    """Determinized Monte Carlo search: see ``search``."""

    level = "hard"

    def steps(self, view: View, rng: random.Random) -> Generator[None, None, str]:
        return search.think(view, rng)


LEVELS = {cls.level: cls for cls in (Easy, Normal, Hard)}
