"""Choices: what a seat may be asked before play goes on (``Pending.kind``).

A rule set or a house rule that asks a seat to choose brings a ``Choice``
for that kind: the answers it lists, how an answer is checked and carried
out, and the words for a seat that does something else. The game keeps
the pending choice (``Game.pending``) and hands each answer to its kind.
Every rule set asks for a Wild's colour (``COLOUR``); the others come with
the rules that ask for them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from .actions import COLOUR_ACTIONS, Action, IllegalAction
from .events import Event, shared
from .state import Pending
from .surface import GameSurface


class Choice(ABC):
    """One kind of pending choice. ``verbs`` answer it; ``unasked`` says why
    they are refused while it is not pending ("" when its verbs are also
    actions of their own, as ``draw``); ``by_the_king`` that the King makes
    it (Royal Revenge: nobody else acts but to call UNO or catch);
    ``keeps_call_window`` that answering it is the second half of a play,
    which leaves a missed UNO call open (seven_zero's swap)."""

    kind = ""
    verbs: tuple[str, ...] = ()
    unasked = ""
    by_the_king = False
    keeps_call_window = False

    @abstractmethod
    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        """The answers open to ``pending.seat``."""

    @abstractmethod
    def waiting(self, game: GameSurface, pending: Pending) -> str:
        """What the chooser is told when it tries anything else."""

    def check(self, game: GameSurface, action: Action, pending: Pending) -> None:
        """Raise IllegalAction unless ``action`` answers ``pending``; a
        choice of seats also checks that the seat may be named."""
        if action.verb not in self.verbs:
            raise IllegalAction(self.waiting(game, pending))
        if action.seat is not None and f"{action.verb} {action.seat}" not in self.listed(game, pending):
            choices = ", ".join(self.listed(game, pending))
            raise IllegalAction(f"no seat {action.seat} to name: choose from {choices}")

    @abstractmethod
    def answer(self, game: GameSurface, pending: Pending, action: Action, events: list[Event]) -> None:
        """Carry out a checked answer; play goes on from ``pending.resume``."""


class ColourChoice(Choice):
    """A Wild turned up: the starter names its colour before playing."""

    kind = "colour"
    verbs = ("colour",)
    unasked = "a colour is named with the wild card that is played: play W G"
    asked = "first name the colour for the Wild turned up: colour R, G, Y or B"

    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        return list(COLOUR_ACTIONS)

    def waiting(self, game: GameSurface, pending: Pending) -> str:
        return self.asked

    def answer(self, game: GameSurface, pending: Pending, action: Action, events: list[Event]) -> None:
        colour = action.colour
        game.colour = colour
        events.append(shared("colour", pending.seat, colour=colour))
        if pending.resume != game.turn:
            game.end_turn(pending.resume, events)


COLOUR = ColourChoice()
