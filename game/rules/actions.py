"""Parsed actions: what ``notation`` turns an action's text into, and the
error every refused action raises."""

from __future__ import annotations

from typing import NamedTuple

from .cards import COLOURS, Card


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game is left as it was."""


class Action(NamedTuple):
    """A parsed action: the verb and whatever it names (``seat``: the seat a
    choice names, or the seat a 7 swaps with in ``play R7 swap 2``)."""

    verb: str
    card: Card | None = None
    colour: str | None = None
    seat: int | None = None
    uno: bool = False


OUT_OF_TURN = ("uno", "catch")  # with UNO calls, by any seat
COLOUR_ACTIONS = tuple(f"colour {c}" for c in COLOURS)
