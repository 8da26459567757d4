"""Computer players: ``make(level, seed)`` gives a player whose ``choose(view)``
returns one of ``view.legal`` for the seat in turn (``think(view)``: the
same, a slice at a time) and whose ``react(view)`` says what a seat does
out of turn when a player is exposed without its UNO call (or, with the
house rule jump_in, whether it jumps in).

A player only ever receives a ``View``, so it cannot see hidden cards. Its
choice is a pure function of the view, the level and the seed: every
decision seeds a fresh generator from the seed and a stable digest of the
view, so the same view always gives the same choice, on every Python.
"""

from __future__ import annotations

from . import players
from .players import LEVELS, Player

__all__ = ["LEVELS", "Player", "make", "players"]


def make(level: str, seed: int = 0) -> Player:
    """A computer player of ``level`` ("easy", "normal" or "hard")."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: use {', '.join(LEVELS)}") from None
    return cls(seed)
